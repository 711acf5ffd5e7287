import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireScope } from "~/modules/access/access.server";
import { readPreferences } from "~/modules/auth/preferences.server";
import { ReportPage } from "~/modules/reports/report-page";
import type { ReportData } from "~/modules/reports/report-types";
import { oilWearReport } from "~/modules/reports/fleet-reports.server";
import { reportRange } from "~/modules/reports/reports.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "油耗报表", en: "Fuel Consumption Report" }) }];

/** /oilWearReport 油耗报表: fuel per machine and day against the model's high-fuel value, with refuels and sudden drops, from the daily roll-ups (the Excel and PDF files are the .export route). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: "/oilWearReport" });
  return data({ report: { ...(await oilWearReport(scope, reportRange(new URL(request.url), scope), readPreferences(request).lang)), canExport: scope.access.permissions.has("oilWearReport:export") } });
}

export default function Report() {
  const { report } = useLoaderData<{ report: ReportData }>();
  return <ReportPage path="/oilWearReport" report="oilWear" data={report} />;
}

export const ErrorBoundary = RouteErrorBoundary;
