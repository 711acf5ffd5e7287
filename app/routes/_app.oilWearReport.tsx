import type { MetaFunction } from "@remix-run/cloudflare";
import { periodReport } from "~/modules/reports/report-page";
import { reportLoaders } from "~/modules/reports/report-route.server";
import { oilWearReport } from "~/modules/reports/fleet-reports.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "油耗报表", en: "Fuel Consumption Report" }) }];

/** /oilWearReport 油耗报表: fuel per machine and day against the model's high-fuel value, with refuels and sudden drops, from the daily roll-ups (the Excel and PDF files are the .export route). */
export const loader = reportLoaders("/oilWearReport", "oilWear", oilWearReport).page;

export default periodReport("/oilWearReport", "oilWear");

export const ErrorBoundary = RouteErrorBoundary;
