/**
 * /stateReport 状态报表 (docs/terminal-health.md): the terminals' states over time, for the machines the user sees and
 * a period (optionally one machine), from the hub's daily roll-ups (vehicle_daily) and its online/offline events
 * (vehicle_events). A machine's day splits into
 *   running  (行驶): engine on and moving — engine time less idle time;
 *   idle     (怠速): engine on, standing — idle time;
 *   stopped  (停车): online with the engine off — online time less engine time;
 *   offline  (离线): the rest of the day (the day so far for today; a machine with no roll-up that day was offline);
 * and its transitions: the times it came online and went offline. Tables: per machine over the period, the fleet per
 * day, and each machine-day with a roll-up or a transition; chart: the fleet's hours per day in each state.
 */
import { sql } from "drizzle-orm";
import { vehicleEvents, vehicles } from "../../../db/schema";
import { ofTenant, tenantWhere } from "../../../db/tenant";
import { visibleVehicleIdWhere, visibleVehiclesWhere } from "../../../db/rules/data-scope";
import { addDays, daysFrom } from "~/lib/calendar";
import { dayStartMs } from "~/lib/tenant-days";
import type { RequestScope } from "~/modules/access/access.server";
import { hours, pageOf, TOTAL } from "~/modules/reports/fleet-reports.server";
import type { ReportRange } from "~/modules/reports/quick-range";
import { col, permilleOf } from "~/modules/reports/reports.server";
import { labelIn, type ReportData, type ReportRow } from "~/modules/reports/report-types";

/** the page lists at most this many machine-days (the file every one) */
export const PAGE_DAYS = 500;

/** A machine's day split into states, in seconds. */
export interface DayStates {
  online: number;
  running: number;
  idle: number;
  stopped: number;
  offline: number;
}

/** The states of a day of `length` seconds from its roll-up (pure; clamped so the parts never exceed the day). */
export function statesOf(length: number, r: { online: number; engine: number; idle: number } | undefined): DayStates {
  const online = Math.min(length, Math.max(0, r?.online ?? 0));
  const engine = Math.min(online, Math.max(0, r?.engine ?? 0));
  const idle = Math.min(engine, Math.max(0, r?.idle ?? 0));
  return { online, running: engine - idle, idle, stopped: Math.max(0, online - engine), offline: Math.max(0, length - online) };
}

const add = (a: DayStates, b: DayStates): DayStates => ({ online: a.online + b.online, running: a.running + b.running, idle: a.idle + b.idle, stopped: a.stopped + b.stopped, offline: a.offline + b.offline });
const ZERO: DayStates = { online: 0, running: 0, idle: 0, stopped: 0, offline: 0 };

/** Each day of the range with its bounds in the tenant's zone, and its length up to now (0 for days to come). */
export function rangeDays(range: { from: string; to: string }, timeZone: string, now: number) {
  const days: { day: string; start: number; end: number; length: number }[] = [];
  for (let i = 0, n = daysFrom(range.from, range.to); i <= n; i++) {
    const day = addDays(range.from, i);
    const start = dayStartMs(day, timeZone)!;
    const end = dayStartMs(addDays(day, 1), timeZone)!;
    days.push({ day, start, end, length: Math.max(0, Math.floor((Math.min(end, now) - start) / 1000)) });
  }
  return days;
}

export async function stateReport(scope: RequestScope, range: ReportRange, lang: string, all = false, vehicleId: number | null = null, now = Date.now()): Promise<ReportData> {
  const tz = scope.user.timeZone;
  const days = rangeDays(range, tz, now);
  const bounds = JSON.stringify(days.map((d) => [d.day, d.start, d.end]));
  const one = vehicleId !== null ? sql`vehicles.id = ${vehicleId}` : undefined;
  const [machines, rollups, events] = await Promise.all([
    scope.db.all<{ id: number; plate: string }>(sql`select vehicles.id as id, vehicles.plate as plate from vehicles where ${tenantWhere(vehicles, scope.user, visibleVehiclesWhere(scope), one)} order by vehicles.plate`),
    scope.db.all<{ vid: number; day: string; online: number; engine: number; idle: number }>(sql`
      select vehicle_daily.vehicle_id as vid, vehicle_daily.day as day, vehicle_daily.online_seconds as online, vehicle_daily.engine_seconds as engine, vehicle_daily.idle_seconds as idle
      from vehicle_daily join vehicles on vehicles.id = vehicle_daily.vehicle_id
      where ${tenantWhere(vehicles, scope.user, visibleVehiclesWhere(scope), one)} and vehicle_daily.day >= ${range.from} and vehicle_daily.day <= ${range.to}`),
    // the transitions per machine, day (the tenant's, by the days' bounds) and kind
    scope.db.all<{ vid: number; day: string; kind: string; n: number }>(sql`
      with days as (select json_extract(value, '$[0]') as day, json_extract(value, '$[1]') as s, json_extract(value, '$[2]') as e from json_each(${bounds}))
      select vehicle_events.vehicle_id as vid, days.day as day, vehicle_events.kind as kind, count(*) as n
      from vehicle_events join days on vehicle_events.at >= days.s and vehicle_events.at < days.e
      where ${ofTenant(vehicleEvents, scope.user)} and vehicle_events.at >= ${days[0]!.start} and vehicle_events.at < ${days[days.length - 1]!.end}
        and ${visibleVehicleIdWhere(scope, vehicleEvents.vehicleId) ?? sql`1 = 1`} ${vehicleId !== null ? sql`and vehicle_events.vehicle_id = ${vehicleId}` : sql``}
      group by 1, 2, 3`),
  ]);
  const byMachineDay = new Map<string, { online: number; engine: number; idle: number }>();
  for (const r of rollups) byMachineDay.set(`${r.vid}:${r.day}`, { online: Number(r.online), engine: Number(r.engine), idle: Number(r.idle) });
  const transitions = new Map<string, { up: number; down: number }>();
  for (const e of events) {
    const key = `${e.vid}:${e.day}`;
    const t = transitions.get(key) ?? { up: 0, down: 0 };
    if (e.kind === "online") t.up += Number(e.n);
    else if (e.kind === "offline") t.down += Number(e.n);
    transitions.set(key, t);
  }

  const perMachine: { plate: string; s: DayStates; up: number; down: number; daysOnline: number }[] = [];
  const perDay = days.map(() => ({ s: { ...ZERO }, machinesOnline: 0, up: 0, down: 0 }));
  const detail: ReportRow[] = [];
  for (const m of machines) {
    let s = { ...ZERO };
    let up = 0;
    let down = 0;
    let daysOnline = 0;
    days.forEach((d, i) => {
      const key = `${m.id}:${d.day}`;
      const roll = byMachineDay.get(key);
      const t = transitions.get(key);
      const ds = statesOf(d.length, roll);
      s = add(s, ds);
      perDay[i]!.s = add(perDay[i]!.s, ds);
      if (ds.online > 0) {
        daysOnline++;
        perDay[i]!.machinesOnline++;
      }
      up += t?.up ?? 0;
      down += t?.down ?? 0;
      perDay[i]!.up += t?.up ?? 0;
      perDay[i]!.down += t?.down ?? 0;
      if (roll || t) detail.push({ day: d.day, plate: m.plate, online: hours(ds.online), running: hours(ds.running), idle: hours(ds.idle), stopped: hours(ds.stopped), offline: hours(ds.offline), up: t?.up ?? 0, down: t?.down ?? 0 });
    });
    perMachine.push({ plate: m.plate, s, up, down, daysOnline });
  }
  const elapsed = days.reduce((n, d) => n + d.length, 0);
  const total = perMachine.reduce((a, m) => add(a, m.s), { ...ZERO });
  const machineRows: ReportRow[] = perMachine
    // the most offline first: the terminals to look at
    .sort((a, b) => b.s.offline - a.s.offline || a.plate.localeCompare(b.plate))
    .map((m) => ({ plate: m.plate, online: hours(m.s.online), running: hours(m.s.running), idle: hours(m.s.idle), stopped: hours(m.s.stopped), offline: hours(m.s.offline), rate: permilleOf(m.s.online, elapsed), days: m.daysOnline, up: m.up, down: m.down }));
  detail.sort((a, b) => String(a.day).localeCompare(String(b.day)) || String(a.plate).localeCompare(String(b.plate)));
  const shownDetail = all || detail.length <= PAGE_DAYS ? detail : [...detail.slice(0, PAGE_DAYS), { day: labelIn({ zh: `其余 ${detail.length - PAGE_DAYS} 条见导出文件`, en: `${detail.length - PAGE_DAYS} more in the exported file` }, lang), plate: "", online: null, running: null, idle: null, stopped: null, offline: null, up: null, down: null }];
  const label = labelIn(TOTAL, lang);
  const stateCols = [col("online", "在线小时", "Online h", "hours"), col("running", "行驶小时", "Running h", "hours"), col("idle", "怠速小时", "Idling h", "hours"), col("stopped", "停车小时", "Stopped h", "hours"), col("offline", "离线小时", "Offline h", "hours")];
  const transitionCols = [col("up", "上线次数", "Came online", "count"), col("down", "离线次数", "Went offline", "count")];
  return {
    range,
    tables: [
      {
        title: { zh: "设备状态汇总", en: "States per machine" },
        columns: [col("plate", "设备(车牌)", "Machine (plate)"), ...stateCols, col("rate", "在线率", "Online rate", "percent"), col("days", "在线天数", "Days online", "count"), ...transitionCols],
        rows: pageOf(machineRows, all, ["online", "running", "idle", "stopped", "offline"], lang),
        total: { plate: label, online: hours(total.online), running: hours(total.running), idle: hours(total.idle), stopped: hours(total.stopped), offline: hours(total.offline), rate: permilleOf(total.online, elapsed * machines.length), days: perMachine.reduce((n, m) => n + m.daysOnline, 0), up: perMachine.reduce((n, m) => n + m.up, 0), down: perMachine.reduce((n, m) => n + m.down, 0) },
      },
      {
        title: { zh: "每日状态", en: "States per day" },
        columns: [col("day", "日期", "Day"), col("machines", "在线设备数", "Machines online", "count"), ...stateCols, ...transitionCols],
        rows: days.map((d, i) => ({ day: d.day, machines: perDay[i]!.machinesOnline, online: hours(perDay[i]!.s.online), running: hours(perDay[i]!.s.running), idle: hours(perDay[i]!.s.idle), stopped: hours(perDay[i]!.s.stopped), offline: hours(perDay[i]!.s.offline), up: perDay[i]!.up, down: perDay[i]!.down })),
      },
      {
        title: { zh: "设备每日状态", en: "States per machine and day" },
        columns: [col("day", "日期", "Day"), col("plate", "设备(车牌)", "Machine (plate)"), ...stateCols, ...transitionCols],
        rows: shownDetail,
      },
    ],
    chart: {
      title: { zh: "每日各状态小时数", en: "Hours per state per day" },
      categories: days.map((d) => d.day.slice(5)),
      series: [
        // in the monitor's colours where the chart's palette has them: stopped blue, running green, offline grey
        { label: { zh: "停车", en: "Stopped" }, values: perDay.map((d) => hours(d.s.stopped)), kind: "hours" },
        { label: { zh: "怠速", en: "Idling" }, values: perDay.map((d) => hours(d.s.idle)), kind: "hours" },
        { label: { zh: "行驶", en: "Running" }, values: perDay.map((d) => hours(d.s.running)), kind: "hours" },
        { label: { zh: "离线", en: "Offline" }, values: perDay.map((d) => hours(d.s.offline)), kind: "hours" },
      ],
    },
  };
}
