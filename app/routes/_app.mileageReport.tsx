import type { MetaFunction } from "@remix-run/cloudflare";
import { periodReport } from "~/modules/reports/report-page";
import { reportLoaders } from "~/modules/reports/report-route.server";
import { mileageReport } from "~/modules/reports/mileage-report.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "里程报表", en: "Mileage Report" }) }];

/** /mileageReport 里程报表: kilometres per machine and per day, and the days each machine moved (the files are the .export route). */
export const loader = reportLoaders("/mileageReport", "mileage", mileageReport).page;

export default periodReport("/mileageReport", "mileage");

export const ErrorBoundary = RouteErrorBoundary;
