import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireScope } from "~/modules/access/access.server";
import { readPreferences } from "~/modules/auth/preferences.server";
import { ReportPage } from "~/modules/reports/report-page";
import type { ReportData } from "~/modules/reports/report-types";
import { operateData, reportRange } from "~/modules/reports/reports.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "运营数据报表", en: "Operating Data Report" }) }];

/** /operateDataReport 运营数据报表: utilisation per machine and model, engine hours, revenue, the idle machines (the Excel file is the .export route). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: "/operateDataReport" });
  return data({ report: { ...(await operateData(scope, reportRange(new URL(request.url), scope), readPreferences(request).lang)), canExport: scope.access.permissions.has("operateDataReport:export") } });
}

export default function Report() {
  const { report } = useLoaderData<{ report: ReportData }>();
  return <ReportPage path="/operateDataReport" report="operateData" data={report} />;
}

export const ErrorBoundary = RouteErrorBoundary;
