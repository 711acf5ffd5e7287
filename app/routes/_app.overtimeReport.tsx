import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireScope } from "~/modules/access/access.server";
import { readPreferences } from "~/modules/auth/preferences.server";
import { ReportPage } from "~/modules/reports/report-page";
import type { ReportData } from "~/modules/reports/report-types";
import { overtimeReport, reportRange } from "~/modules/reports/reports.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "加班报表", en: "Overtime Report" }) }];

/** /overtimeReport 加班报表: overtime hours and amounts per machine and contract (the Excel file is the .export route). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: "/overtimeReport" });
  return data({ report: { ...(await overtimeReport(scope, reportRange(new URL(request.url), scope), readPreferences(request).lang)), canExport: scope.access.permissions.has("overtimeReport:export") } });
}

export default function Report() {
  const { report } = useLoaderData<{ report: ReportData }>();
  return <ReportPage path="/overtimeReport" report="overtime" data={report} />;
}

export const ErrorBoundary = RouteErrorBoundary;
