import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { ArchiveListPage } from "~/modules/telematics/archive-page";
import { markerPointView } from "~/modules/telematics/markers.resource";
import { markerPointOptions as options, markerPointResource } from "~/modules/telematics/markers.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "标注点", en: "Marker points" }) }];

export const loader = (args: LoaderFunctionArgs) => resourceLoader(args, markerPointResource, { options });
export const action = (args: ActionFunctionArgs) => resourceAction(args, markerPointResource, { options });

export default function Page() {
  return <ArchiveListPage view={markerPointView} creatorOnly />;
}

export const ErrorBoundary = RouteErrorBoundary;
