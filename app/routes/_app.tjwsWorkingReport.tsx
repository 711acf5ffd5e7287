import type { MetaFunction } from "@remix-run/cloudflare";
import { periodReport } from "~/modules/reports/report-page";
import { reportLoaders } from "~/modules/reports/report-route.server";
import { towerWorkReport } from "~/modules/reports/tower-report.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "TJWS作业报表", en: "TJWS Work Report" }) }];

/** /tjwsWorkingReport TJWS作业报表: tower cranes' lifts, peak load moments, hours and overload and wind alarms per tower and day (the files are the .export route). */
export const loader = reportLoaders("/tjwsWorkingReport", "towerWork", towerWorkReport).page;

export default periodReport("/tjwsWorkingReport", "towerWork");

export const ErrorBoundary = RouteErrorBoundary;
