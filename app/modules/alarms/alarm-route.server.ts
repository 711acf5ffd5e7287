/** Loader and action of /alarmMessage (the route file only binds them). */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireScope } from "~/modules/access/access.server";
import { flashCookie, readFlash } from "~/modules/auth/session.server";
import { readPreferences } from "~/modules/auth/preferences.server";
import { postedIds } from "~/modules/resource/resource.server";
import { listHref, parseListQuery, type OptionDef } from "~/lib/list/types";
import { handleAlarms, handleTargets, listAlarms, MAX_BATCH, visibleVehicle, type HandleTarget } from "./alarm.server";
import { ALARM_COLUMNS, ALARM_FILTERS, ALARM_PATH, ALARM_PERMISSION, alarmRange } from "./alarm.view";
import { readForm } from "~/lib/posted-form.server";

const VIEW = { columns: ALARM_COLUMNS, filters: ALARM_FILTERS };

export async function alarmLoader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: ALARM_PATH });
  const url = new URL(request.url);
  const query = parseListQuery(url, VIEW);
  const range = alarmRange(query.filters, Date.now(), scope.user.timeZone);
  // the inputs show the range in force (today when none was chosen)
  query.filters.from = range.fromDay;
  query.filters.to = range.toDay;
  const vehicleId = query.filters.vehicleId ? Number(query.filters.vehicleId) : null;
  const [list, vehicle] = await Promise.all([
    range.error ? Promise.resolve({ rows: [], total: 0 }) : listAlarms(scope, query, range, readPreferences(request).lang),
    vehicleId ? visibleVehicle(scope, vehicleId) : Promise.resolve(undefined),
  ]);
  const vehicleOptions: OptionDef[] = vehicleId ? [{ value: String(vehicleId), label: { zh: vehicle?.plate ?? `#${vehicleId}`, en: vehicle?.plate ?? `#${vehicleId}` } }] : [];
  const { flash, clear } = readFlash(request);
  return data(
    {
      rows: list.rows,
      total: list.total,
      query,
      rangeError: range.error,
      vehicle: vehicle ?? null,
      vehicleOptions,
      // 上报异常 on a fault alarm: for a user who may report issues (异常上报)
      can: { edit: scope.access.permissions.has(`${ALARM_PERMISSION}:edit`), raise: scope.access.permissions.has("abnormalReport:add") },
      flash: flash === "saved" ? ("saved" as const) : null,
    },
    { headers: clear ? { "Set-Cookie": clear } : {} },
  );
}

export type AlarmActionData =
  | { intent: "confirmHandle"; targets: HandleTarget[] }
  | { intent: "handle"; targets: HandleTarget[]; errors: Record<string, string>; values: { state: string; note: string } }
  | { intent: "refused"; error: string };

/**
 * confirmHandle: the selected (or one) alarm(s) still unhandled, for the dialog, at their current versions;
 * handle: writes the result at the versions the dialog showed. Both need alarmMessage:edit.
 */
export async function alarmAction({ request, context }: ActionFunctionArgs) {
  const scope = await requireScope(request, context, { screen: ALARM_PATH, permission: `${ALARM_PERMISSION}:edit` });
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const back = listHref(ALARM_PATH, parseListQuery(new URL(request.url), VIEW));
  const ids = postedIds(form);
  if (intent === "confirmHandle") {
    if (!ids.length) return data<AlarmActionData>({ intent: "refused", error: "alarms:selectRows" }, { status: 400 });
    if (ids.length > MAX_BATCH) return data<AlarmActionData>({ intent: "refused", error: "alarms:tooMany" }, { status: 400 });
    const targets = (await handleTargets(scope, ids)).filter((a) => a.handleState === 0);
    if (!targets.length) return data<AlarmActionData>({ intent: "refused", error: "alarms:nothingToHandle" }, { status: 400 });
    return data<AlarmActionData>({ intent, targets });
  }
  if (intent === "handle") {
    const versions: Record<number, number> = {};
    for (const id of ids) versions[id] = Number(form.get(`version_${id}`));
    const values = { state: String(form.get("state") ?? ""), note: String(form.get("note") ?? "") };
    const result = await handleAlarms(scope, { ids, versions, ...values });
    if (result.ok) return redirect(back, { headers: { "Set-Cookie": flashCookie("saved") } });
    if (result.status !== 400 || result.errors.form) return data<AlarmActionData>({ intent: "refused", error: result.errors.form ?? "alarms:stale" }, { status: result.status });
    // the dialog again, with the messages, what was typed and the versions first shown
    const targets = (await handleTargets(scope, ids)).map((a) => ({ ...a, version: versions[a.id] ?? a.version }));
    return data<AlarmActionData>({ intent, targets, errors: result.errors, values }, { status: 400 });
  }
  throw new Response("Bad Request", { status: 400 });
}
