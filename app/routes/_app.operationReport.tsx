import type { MetaFunction } from "@remix-run/cloudflare";
import { periodReport } from "~/modules/reports/report-page";
import { reportLoaders } from "~/modules/reports/report-route.server";
import { operationReport } from "~/modules/reports/fleet-reports.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "作业报表", en: "Operations Report" }) }];

/** /operationReport 作业报表: operating hours per machine and day, from the daily roll-ups (the Excel and PDF files are the .export route). */
export const loader = reportLoaders("/operationReport", "operation", operationReport).page;

export default periodReport("/operationReport", "operation");

export const ErrorBoundary = RouteErrorBoundary;
