import type { MetaFunction } from "@remix-run/cloudflare";
import { periodReport } from "~/modules/reports/report-page";
import { reportLoaders } from "~/modules/reports/report-route.server";
import { drivingBehaviourReport } from "~/modules/reports/driving-behaviour.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "驾驶行为分析", en: "Driving Behaviour Analysis" }) }];

/** /drivingBehaviorReport 驾驶行为分析: a driving score per machine from its driving alarms, the scoring items and the events (the files are the .export route). */
export const loader = reportLoaders("/drivingBehaviorReport", "drivingBehaviour", drivingBehaviourReport).page;

export default periodReport("/drivingBehaviorReport", "drivingBehaviour");

export const ErrorBoundary = RouteErrorBoundary;
