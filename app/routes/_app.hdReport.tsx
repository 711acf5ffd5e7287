import type { MetaFunction } from "@remix-run/cloudflare";
import { periodReport } from "~/modules/reports/report-page";
import { reportLoaders } from "~/modules/reports/report-route.server";
import { hdReport } from "~/modules/reports/fleet-reports.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "HD报表", en: "HD Report" }) }];

/** /hdReport HD报表: idle hours per machine and day, and the fuel burnt idling, from the daily roll-ups (the Excel and PDF files are the .export route). */
export const loader = reportLoaders("/hdReport", "hd", hdReport).page;

export default periodReport("/hdReport", "hd");

export const ErrorBoundary = RouteErrorBoundary;
