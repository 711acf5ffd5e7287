import type { MetaFunction } from "@remix-run/cloudflare";
import { periodReport } from "~/modules/reports/report-page";
import { reportLoaders } from "~/modules/reports/report-route.server";
import { performanceReport } from "~/modules/reports/performance.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "绩效报表", en: "Performance Report" }) }];

/** /performanceReport 绩效报表: contracts won, their value, revenue, collections per organisation and salesperson, and the organisations' utilisation (the files are the .export route). */
export const loader = reportLoaders("/performanceReport", "performance", performanceReport).page;

export default periodReport("/performanceReport", "performance");

export const ErrorBoundary = RouteErrorBoundary;
