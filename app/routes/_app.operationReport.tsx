import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireScope } from "~/modules/access/access.server";
import { readPreferences } from "~/modules/auth/preferences.server";
import { ReportPage } from "~/modules/reports/report-page";
import type { ReportData } from "~/modules/reports/report-types";
import { operationReport } from "~/modules/reports/fleet-reports.server";
import { reportRange } from "~/modules/reports/reports.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "作业报表", en: "Operations Report" }) }];

/** /operationReport 作业报表: operating hours per machine and day, from the daily roll-ups (the Excel and PDF files are the .export route). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: "/operationReport" });
  return data({ report: { ...(await operationReport(scope, reportRange(new URL(request.url), scope), readPreferences(request).lang)), canExport: scope.access.permissions.has("operationReport:export") } });
}

export default function Report() {
  const { report } = useLoaderData<{ report: ReportData }>();
  return <ReportPage path="/operationReport" report="operation" data={report} />;
}

export const ErrorBoundary = RouteErrorBoundary;
