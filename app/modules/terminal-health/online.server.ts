/**
 * 在线状态 (/stateReport/online): every machine the user sees by its terminal's online class (online.ts), with the
 * counts per class, and the machines on rent whose terminal went silent (the workbench's to-do, 在租失联). When the hub
 * last heard from a terminal is its live state; a machine it has no time for but whose roll-ups have online time was
 * last heard on that day (as 在线离线报表 reads it). On rent: a line of a won contract covers today (`onRentOn`, the
 * reports' and 工程设备's 在租).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { organisations, tenantSettings, vehicleModels, vehicles } from "../../../db/schema";
import { ofTenant, sameTenant, tenantWhere } from "../../../db/tenant";
import { visibleVehiclesWhere } from "../../../db/rules/data-scope";
import { hubFor } from "../../../workers/fleet-hub/client";
import { addDays } from "~/lib/calendar";
import { todayInZone } from "~/lib/tenant-clock";
import { dayStartMs } from "~/lib/tenant-days";
import type { RequestScope } from "~/modules/access/access.server";
import { onRentOn } from "~/modules/reports/reports.server";
import { CLASS_ORDER, DEFAULT_SILENT_HOURS, isSilent, terminalClassOf, type TerminalClass } from "./online";

/** at most this many machines are listed on the page (the counts are of every one) */
export const ONLINE_PAGE = 500;
const HOUR = 3_600_000;

/** The tenant's silence threshold for machines on rent (tenant setting "telematics", 告警规则), in hours. */
export function silentHoursOf(value: Record<string, unknown> | null | undefined): number {
  const h = value?.silentOnRentHours;
  return typeof h === "number" && Number.isFinite(h) && h >= 1 ? h : DEFAULT_SILENT_HOURS;
}

/** The tenant's "telematics" setting (to join a batch). */
export const telematicsSettingRead = (scope: RequestScope) =>
  scope.db.select({ value: tenantSettings.value }).from(tenantSettings).where(and(ofTenant(tenantSettings, scope.user), eq(tenantSettings.key, "telematics")));

/** What the hub says of every terminal now: last heard and the unhandled-alarm flag; null when it cannot be asked. */
async function hubNow(scope: RequestScope): Promise<{ offlineAfterMs: number; seen: Map<number, number | null>; alarm: Set<number> } | null> {
  try {
    const live = await hubFor(scope.env, scope.user.tenantId).liveStates(scope.user.tenantId, null);
    if (!live) return null;
    return { offlineAfterMs: live.offlineAfterMs, seen: new Map(live.vehicles.map((v) => [v.id, v.seen])), alarm: new Set(live.vehicles.filter((v) => v.alarm).map((v) => v.id)) };
  } catch (error) {
    console.error("online classes: hub", error);
    return null;
  }
}

export interface OnlineRow {
  id: number;
  plate: string;
  model: string | null;
  org: string | null;
  seen: number | null;
  /** the hub has no time; the roll-ups' last day online (shown as the day) */
  lastDay: string | null;
  cls: TerminalClass;
  alarm: boolean;
  rent: string | null;
  onRent: boolean;
  silent: boolean;
}

export type OnlineFilter = TerminalClass | "alarm" | "silent" | null;

/** The classes of the user's machines: counts of every class, and the machines of the filter (the first ONLINE_PAGE). */
export async function onlineClasses(scope: RequestScope, filter: OnlineFilter, onRentOnly: boolean, now = Date.now()) {
  const tz = scope.user.timeZone;
  const today = todayInZone(tz, now);
  const [machines, settings, hub] = await Promise.all([
    scope.db.all<{ id: number; plate: string; model: string | null; org: string | null; lastDay: string | null; project: string | null; customer: string | null; onRent: number }>(sql`
      select vehicles.id as id, vehicles.plate as plate, vehicle_models.name as model, organisations.name as org,
        rent.project as project, rent.customer as customer, rent.vid is not null as onRent,
        (select vehicle_daily.day from vehicle_daily where vehicle_daily.vehicle_id = vehicles.id and vehicle_daily.online_seconds > 0 order by vehicle_daily.day desc limit 1) as lastDay
      from vehicles
      left join vehicle_models on vehicle_models.id = vehicles.model_id and ${sameTenant(vehicleModels, vehicles)}
      left join organisations on organisations.id = vehicles.org_id and ${sameTenant(organisations, vehicles)}
      left join (${onRentOn(scope.user.tenantId, today)}) rent on rent.vid = vehicles.id
      where ${tenantWhere(vehicles, scope.user, visibleVehiclesWhere(scope))}
      order by vehicles.plate`),
    telematicsSettingRead(scope),
    hubNow(scope),
  ]);
  const silentHours = silentHoursOf(settings[0]?.value);
  const startOfToday = dayStartMs(today, tz)!;
  const clock = hub ? { now, offlineAfterMs: hub.offlineAfterMs, startOfToday } : null;
  const rows: OnlineRow[] = machines.map((m) => {
    const heard = hub?.seen.get(m.id) ?? null;
    // a day heard by the roll-ups only: its end (today: now's start of day), as 在线离线报表 takes it
    const byDay = heard === null && m.lastDay !== null;
    const seen = byDay ? (m.lastDay! >= today ? startOfToday : dayStartMs(addDays(m.lastDay!, 1), tz)! - 1) : heard;
    const onRent = Number(m.onRent) === 1;
    return {
      id: m.id,
      plate: m.plate,
      model: m.model,
      org: m.org,
      seen,
      lastDay: byDay ? m.lastDay : null,
      cls: terminalClassOf(seen, clock),
      alarm: hub?.alarm.has(m.id) ?? false,
      rent: onRent ? [m.customer, m.project].filter(Boolean).join(" · ") : null,
      onRent,
      silent: onRent && hub !== null && isSilent(seen, now, silentHours * HOUR),
    };
  });
  const counts = Object.fromEntries(CLASS_ORDER.map((c) => [c, rows.filter((r) => r.cls === c).length])) as Record<TerminalClass, number>;
  const listed = rows
    .filter((r) => (!onRentOnly || r.onRent) && (filter === null || (filter === "alarm" ? r.alarm : filter === "silent" ? r.silent : r.cls === filter)))
    // silent on rent first, then the longest silent (never heard first), then by plate
    .sort((a, b) => Number(b.silent) - Number(a.silent) || (a.seen ?? -1) - (b.seen ?? -1) || a.plate.localeCompare(b.plate));
  return {
    hubAvailable: hub !== null,
    silentHours,
    total: rows.length,
    counts,
    alarm: rows.filter((r) => r.alarm).length,
    silent: rows.filter((r) => r.silent).length,
    onRent: rows.filter((r) => r.onRent).length,
    matched: listed.length,
    rows: listed.slice(0, ONLINE_PAGE),
  };
}

/** A machine on rent whose terminal went silent, for the to-do. */
export interface SilentOnRent {
  id: number;
  plate: string;
  seen: number | null;
  rent: string;
  href: string;
}

/**
 * The workbench's read of the machines on rent today that the user sees (to join its batch; nothing read without the
 * part), and the tenant's silence threshold.
 */
export function silentOnRentReads(scope: RequestScope, today: string, granted: boolean) {
  const rent = onRentOn(scope.user.tenantId, today);
  return [
    scope.db
      .select({
        id: vehicles.id,
        plate: vehicles.plate,
        rent: sql<string | null>`(select trim(coalesce(r.customer, '') || ' · ' || coalesce(r.project, ''), ' ·') from (${rent}) r where r.vid = ${vehicles.id})`,
      })
      .from(vehicles)
      .where(tenantWhere(vehicles, scope.user, visibleVehiclesWhere(scope), granted ? inArray(vehicles.id, sql`(select vid from (${rent}))`) : sql`0`)),
    telematicsSettingRead(scope),
  ] as const;
}

/** When the hub last heard from each terminal (the to-do asks it beside its batch); null when it cannot be asked. */
export async function hubLastHeard(scope: RequestScope): Promise<Map<number, number | null> | null> {
  try {
    const answer = await hubFor(scope.env, scope.user.tenantId).lastHeard(scope.user.tenantId);
    return answer ? new Map(answer.seen as [number, number | null][]) : null;
  } catch (error) {
    console.error("silent on rent: hub", error);
    return null;
  }
}

/**
 * Of the machines on rent, those whose terminal said nothing for longer than the tenant's threshold (or never), the
 * longest silent first, at most `limit`, and how many there are. Without the hub's last-heard times nothing is
 * listed (a machine is never called silent on a guess).
 */
export function silentOnRent(
  onRent: { id: number; plate: string; rent: string | null }[],
  setting: { value: Record<string, unknown> }[],
  heard: Map<number, number | null> | null,
  limit: number,
  now = Date.now(),
): { total: number; machines: SilentOnRent[]; hours: number } | null {
  const hours = silentHoursOf(setting[0]?.value);
  if (!heard) return null;
  const silent = onRent
    .map((m) => ({ ...m, seen: heard.get(m.id) ?? null }))
    .filter((m) => isSilent(m.seen, now, hours * HOUR))
    .sort((a, b) => (a.seen ?? -1) - (b.seen ?? -1) || a.plate.localeCompare(b.plate));
  return {
    total: silent.length,
    hours,
    machines: silent.slice(0, limit).map((m) => ({ id: m.id, plate: m.plate, seen: m.seen, rent: m.rent ?? "", href: `/deviceDetails?id=${m.id}` })),
  };
}
