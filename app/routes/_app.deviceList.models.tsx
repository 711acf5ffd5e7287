import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { ArchiveListPage } from "~/modules/telematics/archive-page";
import { vehicleModelView } from "~/modules/telematics/archive.resource";
import { vehicleModelResource } from "~/modules/telematics/archive.server";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = () => [{ title: "Derrick · 车型管理 / Vehicle models" }];

export const loader = (args: LoaderFunctionArgs) => resourceLoader(args, vehicleModelResource);
export const action = (args: ActionFunctionArgs) => resourceAction(args, vehicleModelResource);

export default function Page() {
  return <ArchiveListPage view={vehicleModelView} />;
}

export const ErrorBoundary = RouteErrorBoundary;
