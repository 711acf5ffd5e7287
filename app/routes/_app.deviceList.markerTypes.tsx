import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { ArchiveListPage } from "~/modules/telematics/archive-page";
import { markerTypeView } from "~/modules/telematics/markers.resource";
import { markerTypeResource } from "~/modules/telematics/markers.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "标注点类型", en: "Marker types" }) }];

export const loader = (args: LoaderFunctionArgs) => resourceLoader(args, markerTypeResource);
export const action = (args: ActionFunctionArgs) => resourceAction(args, markerTypeResource);

export default function Page() {
  return <ArchiveListPage view={markerTypeView} creatorOnly />;
}

export const ErrorBoundary = RouteErrorBoundary;
