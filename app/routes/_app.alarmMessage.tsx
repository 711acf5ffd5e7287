import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { AlarmPage } from "~/modules/alarms/alarm-page";
import { alarmAction, alarmLoader } from "~/modules/alarms/alarm-route.server";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = () => [{ title: "Derrick · 告警信息 / Alarm Messages" }];

export const loader = (args: LoaderFunctionArgs) => alarmLoader(args);
export const action = (args: ActionFunctionArgs) => alarmAction(args);

export default AlarmPage;

export const ErrorBoundary = RouteErrorBoundary;
