import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireScope } from "~/modules/access/access.server";
import { readPreferences } from "~/modules/auth/preferences.server";
import { ReportPage } from "~/modules/reports/report-page";
import type { ReportData } from "~/modules/reports/report-types";
import { customerZeroRent, reportRange } from "~/modules/reports/reports.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "客户零租报表", en: "Customer Zero-Rent Report" }) }];

/** /customerZeroRentReport 客户零租报表: zero-rent (spot) contracts per customer: trips, hours, machines, revenue (the Excel file is the .export route). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: "/customerZeroRentReport" });
  return data({ report: { ...(await customerZeroRent(scope, reportRange(new URL(request.url), scope), readPreferences(request).lang)), canExport: scope.access.permissions.has("customerZeroRentReport:export") } });
}

export default function Report() {
  const { report } = useLoaderData<{ report: ReportData }>();
  return <ReportPage path="/customerZeroRentReport" report="customerZeroRent" data={report} />;
}

export const ErrorBoundary = RouteErrorBoundary;
