import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { ArchiveListPage } from "~/modules/telematics/archive-page";
import { vehicleModelView } from "~/modules/telematics/archive.resource";
import { vehicleModelResource } from "~/modules/telematics/archive.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "车型管理", en: "Vehicle models" }) }];

export const loader = (args: LoaderFunctionArgs) => resourceLoader(args, vehicleModelResource);
export const action = (args: ActionFunctionArgs) => resourceAction(args, vehicleModelResource);

export default function Page() {
  return <ArchiveListPage view={vehicleModelView} />;
}

export const ErrorBoundary = RouteErrorBoundary;
