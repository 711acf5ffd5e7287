import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { ArchiveListPage } from "~/modules/telematics/archive-page";
import { driverView } from "~/modules/telematics/archive.resource";
import { driverOptions, driverResource } from "~/modules/telematics/archive.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "司机档案", en: "Drivers" }) }];

export const loader = (args: LoaderFunctionArgs) => resourceLoader(args, driverResource, { options: driverOptions });
export const action = (args: ActionFunctionArgs) => resourceAction(args, driverResource, { options: driverOptions });

export default function Page() {
  return <ArchiveListPage view={driverView} />;
}

export const ErrorBoundary = RouteErrorBoundary;
