import type { MetaFunction } from "@remix-run/cloudflare";
import { HealthPage } from "~/modules/terminal-health/health-page";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "健康检测", en: "Health tests" }) }];

/** /stateReport/health 健康检测: the terminals' health tests, their alarms handled with a description, retests (复检). */
export { healthLoader as loader, healthAction as action } from "~/modules/terminal-health/health.server";

export default HealthPage;

export const ErrorBoundary = RouteErrorBoundary;
