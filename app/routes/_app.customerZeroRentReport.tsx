import type { MetaFunction } from "@remix-run/cloudflare";
import { periodReport } from "~/modules/reports/report-page";
import { reportLoaders } from "~/modules/reports/report-route.server";
import { customerZeroRent } from "~/modules/reports/reports.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "客户零租报表", en: "Customer Zero-Rent Report" }) }];

/** /customerZeroRentReport 客户零租报表: zero-rent (spot) contracts per customer: trips, hours, machines, revenue (the Excel and PDF files are the .export route). */
export const loader = reportLoaders("/customerZeroRentReport", "customerZeroRent", customerZeroRent).page;

export default periodReport("/customerZeroRentReport", "customerZeroRent");

export const ErrorBoundary = RouteErrorBoundary;
