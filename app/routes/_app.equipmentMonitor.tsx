import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireScope } from "~/modules/access/access.server";
import type { AreaActionData } from "~/modules/monitor/area-search";
import { MonitorScreen } from "~/modules/monitor/monitor-screen";
import { loadMonitor, MONITOR_PATH, searchArea } from "~/modules/monitor/monitor.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { readForm } from "~/lib/posted-form.server";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "设备监控", en: "Equipment Monitoring" }) }];

/** The vehicles the user may see (tree), the model icons and the map settings; live state comes over /hub. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: MONITOR_PATH });
  return loadMonitor(scope);
}

/** Area vehicle search (intent "area"): a circle ≤ 10000 m and a range ≤ 7 days over the user's vehicles. */
export async function action({ request, context }: ActionFunctionArgs) {
  const scope = await requireScope(request, context, { screen: MONITOR_PATH });
  const form = await readForm(request);
  if (form.get("intent") !== "area") throw new Response("Bad Request", { status: 400 });
  const answer = await searchArea(scope, form);
  return { intent: "area", ...answer } satisfies AreaActionData;
}

export default function EquipmentMonitor() {
  return <MonitorScreen data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
