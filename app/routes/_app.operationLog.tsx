import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { ResourcePage } from "~/modules/resource/resource-page";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { auditLogView } from "~/modules/system/log.resource";
import { auditLogFilterOptions as filterOptions, auditLogResource } from "~/modules/system/log.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "操作日志", en: "Operation Log" }) }];

export const loader = (args: LoaderFunctionArgs) => resourceLoader(args, auditLogResource, { filterOptions });
// read-only: only the column choice gets through; every write answers 403
export const action = (args: ActionFunctionArgs) => resourceAction(args, auditLogResource);

export default function OperationLog() {
  return <ResourcePage view={auditLogView} />;
}

export const ErrorBoundary = RouteErrorBoundary;
