import type { MetaFunction } from "@remix-run/cloudflare";
import { periodReport } from "~/modules/reports/report-page";
import { reportLoaders } from "~/modules/reports/report-route.server";
import { overtimeReport } from "~/modules/reports/reports.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "加班报表", en: "Overtime Report" }) }];

/** /overtimeReport 加班报表: overtime hours and amounts per machine and contract (the Excel and PDF files are the .export route). */
export const loader = reportLoaders("/overtimeReport", "overtime", overtimeReport).page;

export default periodReport("/overtimeReport", "overtime");

export const ErrorBoundary = RouteErrorBoundary;
