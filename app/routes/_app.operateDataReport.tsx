import type { MetaFunction } from "@remix-run/cloudflare";
import { periodReport } from "~/modules/reports/report-page";
import { reportLoaders } from "~/modules/reports/report-route.server";
import { operateData } from "~/modules/reports/reports.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "运营数据报表", en: "Operating Data Report" }) }];

/** /operateDataReport 运营数据报表: days on rent, utilisation, engine hours and revenue per machine and model, the idle machines (the Excel and PDF files are the .export route). */
export const loader = reportLoaders("/operateDataReport", "operateData", operateData).page;

export default periodReport("/operateDataReport", "operateData");

export const ErrorBoundary = RouteErrorBoundary;
