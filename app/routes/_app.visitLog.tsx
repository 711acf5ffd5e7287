import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { ResourcePage } from "~/modules/resource/resource-page";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { visitLogView } from "~/modules/system/log.resource";
import { visitLogResource } from "~/modules/system/log.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "访问日志", en: "Visit Log" }) }];

export const loader = (args: LoaderFunctionArgs) => resourceLoader(args, visitLogResource);
// read-only: only the column choice gets through; every write answers 403
export const action = (args: ActionFunctionArgs) => resourceAction(args, visitLogResource);

export default function VisitLog() {
  return <ResourcePage view={visitLogView} />;
}

export const ErrorBoundary = RouteErrorBoundary;
