import type { MetaFunction } from "@remix-run/cloudflare";
import { periodReport } from "~/modules/reports/report-page";
import { reportLoaders } from "~/modules/reports/report-route.server";
import { onlineReport } from "~/modules/reports/online-report.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "在线离线报表", en: "Online & Offline Report" }) }];

/** /onlineReport 在线离线报表: online time per machine, its last heard time and online class, the machines silent while on rent (the files are the .export route). */
export const loader = reportLoaders("/onlineReport", "online", onlineReport).page;

export default periodReport("/onlineReport", "online");

export const ErrorBoundary = RouteErrorBoundary;
