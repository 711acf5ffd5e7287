import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { AlarmPage } from "~/modules/alarms/alarm-page";
import { alarmAction, alarmLoader } from "~/modules/alarms/alarm-route.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "告警信息", en: "Alarm Messages" }) }];

export const loader = (args: LoaderFunctionArgs) => alarmLoader(args);
export const action = (args: ActionFunctionArgs) => alarmAction(args);

export default AlarmPage;

export const ErrorBoundary = RouteErrorBoundary;
