import { sql, type SQL } from "drizzle-orm";
import { alarms, fleetDaily, vehicleDaily, vehicleModels, vehicleMonthly, vehicles } from "../../../db/schema";
import { ofTenant, sameTenant } from "../../../db/tenant";
import { daysToMs } from "~/lib/tenant-days";
import { stampInZone } from "~/lib/tenant-clock";
import type { RequestScope } from "~/modules/access/access.server";
import { monthsAndEdges, type DayRange, type ReportRange } from "./quick-range";
import { col, inScope, NO_MODEL, permilleOf } from "./reports.server";
import { labelIn, type ReportData, type ReportRow } from "./report-types";

/*
 * The telematics reports (issue 41): what the machines did, from the hub's daily roll-ups (vehicle_daily: a vehicle's
 * engine time, kilometres and fuel of a day in the tenant's time zone) and its fuel alarms, never from raw positions.
 * Each is two aggregate statements run side by side (per machine, per day: `fleetSums`) over roll-ups above the day
 * that vehicle_daily's triggers keep; the data scope is the machine's organisation, as 运营数据报表's.
 */

export const TOTAL = { zh: "合计", en: "Total" };
/** A figure to one decimal (km, litres, hours). */
export const one = (n: number) => Math.round(n * 10) / 10;
/** Seconds as hours to one decimal. */
export const hours = (seconds: number) => one(seconds / 3600);
/** Litres per 100 km to one decimal; null without kilometres. */
export const per100 = (litres: number, km: number) => (km > 0 ? one((litres * 100) / km) : null);

/** The page keeps this many machines (the first in the report's order); the rest is one row. The file has every one. */
export const PAGE_MACHINES = 100;

/**
 * The machines' rows as the page shows them: the first PAGE_MACHINES, then one 其他 N 台 row summing `summed` of the
 * rest (its other figures —); every row for the file (`all`). 10,000 machines would be 10,000 rows of HTML.
 */
export function pageOf(rows: ReportRow[], all: boolean, summed: string[], lang: string): ReportRow[] {
  if (all || rows.length <= PAGE_MACHINES) return rows;
  const rest = rows.slice(PAGE_MACHINES);
  const folded: ReportRow = { plate: labelIn({ zh: `其他 ${rest.length} 台`, en: `${rest.length} other machines` }, lang) };
  for (const key of summed) folded[key] = one(rest.reduce((n, r) => n + Number(r[key] ?? 0), 0));
  return [...rows.slice(0, PAGE_MACHINES), folded];
}

interface MachineSums {
  id: number;
  plate: string;
  model: string | null;
  fuelLimit: number | null;
  /** the model's idle fuel, L/h */
  idleRate: number | null;
  days: number;
  engine: number;
  idle: number;
  km: number;
  fuel: number;
}
interface DaySums {
  day: string;
  machines: number;
  engine: number;
  idle: number;
  km: number;
  fuel: number;
}

/** A sum over a range of days: the vehicle_monthly column a whole month gives, and the vehicle_daily expression a day gives. */
export interface RangeSum {
  month: string;
  day: string;
}

/**
 * Each machine's sums over the range (a subquery of `vid` and one column per key, to left join on vehicles.id): its
 * whole months from vehicle_monthly and its edge days from vehicle_daily as monthsAndEdges cuts the range (a month
 * mostly in it is the month less the days outside), each part's rows signed, all read from covering indexes.
 */
export function rangeSums(tenantId: number, range: DayRange, sums: Record<string, RangeSum>): SQL {
  const keys = Object.keys(sums);
  const parts = monthsAndEdges(range.from, range.to).map((part) => {
    const k = String(part.sign);
    const values = (of: "month" | "day") => sql.raw(keys.map((key) => `${k} * (${sums[key]![of]}) as ${key}`).join(", "));
    return "months" in part
      ? sql`select vehicle_id as vid, ${values("month")} from vehicle_monthly where ${ofTenant(vehicleMonthly, tenantId)} and vehicle_monthly.month >= ${part.months[0]} and vehicle_monthly.month <= ${part.months[1]}`
      : sql`select vehicle_id as vid, ${values("day")} from vehicle_daily where ${ofTenant(vehicleDaily, tenantId)} and vehicle_daily.day >= ${part.days[0]} and vehicle_daily.day <= ${part.days[1]}`;
  });
  return sql`select vid, ${sql.raw(keys.map((key) => `sum(${key}) as ${key}`).join(", "))} from (${sql.join(parts, sql` union all `)}) group by vid`;
}

/**
 * Every machine in the user's scope with its sums over the range (zeros when it reported nothing), and the fleet's
 * sums per day. A machine's sums are its months (vehicle_monthly) and days (vehicle_daily) as monthsAndEdges cuts
 * the range (a month mostly in it is the month less the days outside), both read from covering indexes; the days are
 * the organisations' fleet days (fleet_daily) in the user's scope. All three are
 * kept by vehicle_daily's triggers (migration 0040).
 */
async function fleetSums(scope: RequestScope, range: ReportRange): Promise<{ machines: MachineSums[]; days: DaySums[] }> {
  const tenantId = scope.user.tenantId;
  const sums = rangeSums(tenantId, range, {
    days: { month: "days_worked", day: "engine_seconds > 0" },
    engine: { month: "engine_seconds", day: "engine_seconds" },
    idle: { month: "idle_seconds", day: "idle_seconds" },
    km: { month: "mileage_km", day: "mileage_km" },
    fuel: { month: "fuel_used_l", day: "fuel_used_l" },
  });
  const [machines, days] = await Promise.all([
    scope.db.all<MachineSums>(sql`
      select vehicles.id as id, vehicles.plate as plate, vehicle_models.name as model, vehicle_models.fuel_alarm as fuelLimit, vehicle_models.idle_coefficient as idleRate,
        coalesce(d.days, 0) as days, coalesce(d.engine, 0) as engine, coalesce(d.idle, 0) as idle, coalesce(d.km, 0) as km, coalesce(d.fuel, 0) as fuel
      from vehicles
      left join vehicle_models on vehicle_models.id = vehicles.model_id and ${sameTenant(vehicleModels, vehicles)}
      left join (${sums}) d on d.vid = vehicles.id
      where ${ofTenant(vehicles, tenantId)} and ${inScope(scope, vehicles.orgId)}
      order by vehicles.plate`),
    scope.db.all<DaySums>(sql`
      select fleet_daily.day as day, sum(fleet_daily.machines_working) as machines, sum(fleet_daily.engine_seconds) as engine,
        sum(fleet_daily.idle_seconds) as idle, sum(fleet_daily.mileage_km) as km, sum(fleet_daily.fuel_used_l) as fuel
      from fleet_daily
      where ${ofTenant(fleetDaily, tenantId)} and fleet_daily.day >= ${range.from} and fleet_daily.day <= ${range.to} and ${inScope(scope, fleetDaily.orgId)}
      group by 1 order by 1`),
  ]);
  return {
    machines: machines.map((m) => ({ ...m, days: Number(m.days), engine: Number(m.engine), idle: Number(m.idle), km: Number(m.km), fuel: Number(m.fuel) })),
    days: days.map((d) => ({ ...d, machines: Number(d.machines), engine: Number(d.engine), idle: Number(d.idle), km: Number(d.km), fuel: Number(d.fuel) })),
  };
}

/**
 * /operationReport 作业报表: each machine's operating (engine) hours over the range, the days it worked (engine time on
 * the day) and its hours per working day and kilometres, busiest first, machines that did not work last; the fleet's
 * hours per day. The chart is the hours per day. The page keeps the busiest PAGE_MACHINES (`pageOf`), the file all.
 */
export async function operationReport(scope: RequestScope, range: ReportRange, lang: string, all = false): Promise<ReportData> {
  const { machines, days } = await fleetSums(scope, range);
  const noModel = labelIn(NO_MODEL, lang);
  const rows: ReportRow[] = [...machines]
    .sort((a, b) => b.engine - a.engine || a.plate.localeCompare(b.plate))
    .map((m) => ({ plate: m.plate, model: m.model ?? noModel, days: m.days, hours: hours(m.engine), perDay: m.days ? hours(m.engine / m.days) : null, km: one(m.km) }));
  const engine = machines.reduce((s, m) => s + m.engine, 0);
  const workDays = machines.reduce((s, m) => s + m.days, 0);
  const dayRows: ReportRow[] = days.map((d) => ({ day: d.day, machines: d.machines, hours: hours(d.engine), perMachine: d.machines ? hours(d.engine / d.machines) : null, km: one(d.km) }));
  const total = labelIn(TOTAL, lang);
  return {
    range,
    tables: [
      {
        title: { zh: "设备作业时长", en: "Operating hours per machine" },
        columns: [
          col("plate", "设备(车牌)", "Machine (plate)"),
          col("model", "型号", "Model"),
          col("days", "作业天数", "Days worked", "count"),
          col("hours", "作业小时", "Operating hours", "hours"),
          col("perDay", "日均作业小时", "Hours per working day", "hours"),
          col("km", "里程(km)", "Distance (km)", "decimal"),
        ],
        rows: pageOf(rows, all, ["days", "hours", "km"], lang),
        total: { plate: total, model: "", days: workDays, hours: hours(engine), perDay: workDays ? hours(engine / workDays) : null, km: one(machines.reduce((s, m) => s + m.km, 0)) },
      },
      {
        title: { zh: "每日作业", en: "Operating hours per day" },
        columns: [
          col("day", "日期", "Day"),
          col("machines", "作业设备数", "Machines working", "count"),
          col("hours", "作业小时", "Operating hours", "hours"),
          col("perMachine", "台均作业小时", "Hours per machine", "hours"),
          col("km", "里程(km)", "Distance (km)", "decimal"),
        ],
        rows: dayRows,
        total: { day: total, machines: null, hours: hours(engine), perMachine: null, km: one(days.reduce((s, d) => s + d.km, 0)) },
      },
    ],
    chart: {
      title: { zh: "每日作业小时", en: "Operating hours per day" },
      categories: days.map((d) => d.day.slice(5)),
      series: [{ label: { zh: "作业小时", en: "Operating hours" }, values: days.map((d) => hours(d.engine)), kind: "hours" }],
    },
  };
}

/**
 * The fuel alarms in the range: fills (refuel) and sudden drops (fuel_drop, a possible drain), each with its level
 * before and after. Read by kind and time (alarms_tenant_kind_at_idx, named: for the time order SQLite would take the
 * time index and read every alarm of the range, 0.4 s over a year of a large fleet's driving alarms).
 */
async function fuelEvents(scope: RequestScope, range: ReportRange) {
  const tz = scope.user.timeZone;
  const [start, end] = daysToMs(range.from, range.to, tz);
  return scope.db.all<{ vid: number; plate: string; kind: "refuel" | "fuel_drop"; at: number; detail: string | null }>(sql`
    select alarms.vehicle_id as vid, vehicles.plate as plate, alarms.kind as kind, alarms.at as at, alarms.detail as detail
    from alarms indexed by alarms_tenant_kind_at_idx join vehicles on vehicles.id = alarms.vehicle_id and ${ofTenant(vehicles, scope.user.tenantId)}
    where ${ofTenant(alarms, scope.user.tenantId)} and alarms.at >= ${start} and alarms.at < ${end} and alarms.kind in ('refuel', 'fuel_drop') and ${inScope(scope, vehicles.orgId)}
    order by alarms.at, alarms.id`);
}

const FUEL_KIND = { refuel: { zh: "加油", en: "Refuel" }, fuel_drop: { zh: "油量骤降", en: "Sudden drop" } } as const;
const OVER = { zh: "超标", en: "Over" };
const WITHIN = { zh: "正常", en: "Within" };
const level = (detail: Record<string, unknown>, key: "from" | "to") => (typeof detail[key] === "number" ? `${one(detail[key] as number)}%` : "");

/**
 * /oilWearReport 油耗报表: each machine's fuel over the range, its kilometres and litres per 100 km against its model's
 * high-fuel value (超标 above it), its fills and sudden drops; the fleet's fuel per day; the fuel events themselves.
 * Machines that burnt no fuel and had no event are left out. The chart is the litres per day.
 */
export async function oilWearReport(scope: RequestScope, range: ReportRange, lang: string, all = false): Promise<ReportData> {
  const [{ machines, days }, events] = await Promise.all([fleetSums(scope, range), fuelEvents(scope, range)]);
  const counts = new Map<number, { refuel: number; fuel_drop: number }>();
  for (const e of events) {
    const c = counts.get(e.vid) ?? { refuel: 0, fuel_drop: 0 };
    c[e.kind] += 1;
    counts.set(e.vid, c);
  }
  const noModel = labelIn(NO_MODEL, lang);
  const used = machines.filter((m) => m.fuel > 0 || counts.has(m.id));
  const rows: ReportRow[] = [...used]
    .sort((a, b) => b.fuel - a.fuel || a.plate.localeCompare(b.plate))
    .map((m) => {
      const rate = per100(m.fuel, m.km);
      const c = counts.get(m.id);
      return {
        plate: m.plate,
        model: m.model ?? noModel,
        km: one(m.km),
        fuel: one(m.fuel),
        per100: rate,
        limit: m.fuelLimit,
        state: rate !== null && m.fuelLimit ? labelIn(rate > m.fuelLimit ? OVER : WITHIN, lang) : "",
        refuels: c?.refuel ?? 0,
        drops: c?.fuel_drop ?? 0,
      };
    });
  const km = used.reduce((s, m) => s + m.km, 0);
  const fuel = used.reduce((s, m) => s + m.fuel, 0);
  // the days the fleet burnt fuel: the day table's rows and the chart's bars
  const fuelDays = days.filter((d) => d.fuel > 0);
  const total = labelIn(TOTAL, lang);
  const tz = scope.user.timeZone;
  return {
    range,
    tables: [
      {
        title: { zh: "设备油耗", en: "Fuel per machine" },
        columns: [
          col("plate", "设备(车牌)", "Machine (plate)"),
          col("model", "型号", "Model"),
          col("km", "里程(km)", "Distance (km)", "decimal"),
          col("fuel", "油耗(L)", "Fuel (L)", "decimal"),
          col("per100", "百公里油耗(L)", "L per 100 km", "decimal"),
          col("limit", "高油耗值(L/100km)", "High-fuel value (L/100 km)", "decimal"),
          col("state", "判定", "Verdict"),
          col("refuels", "加油次数", "Refuels", "count"),
          col("drops", "油量骤降次数", "Sudden drops", "count"),
        ],
        rows: pageOf(rows, all, ["km", "fuel", "refuels", "drops"], lang),
        total: { plate: total, model: "", km: one(km), fuel: one(fuel), per100: per100(fuel, km), limit: null, state: "", refuels: events.filter((e) => e.kind === "refuel").length, drops: events.filter((e) => e.kind === "fuel_drop").length },
      },
      {
        title: { zh: "每日油耗", en: "Fuel per day" },
        columns: [col("day", "日期", "Day"), col("fuel", "油耗(L)", "Fuel (L)", "decimal"), col("km", "里程(km)", "Distance (km)", "decimal"), col("per100", "百公里油耗(L)", "L per 100 km", "decimal")],
        rows: fuelDays.map((d) => ({ day: d.day, fuel: one(d.fuel), km: one(d.km), per100: per100(d.fuel, d.km) })),
        total: { day: total, fuel: one(fuel), km: one(fuelDays.reduce((s, d) => s + d.km, 0)), per100: null },
      },
      {
        title: { zh: "加油与油量骤降", en: "Refuels and sudden drops" },
        columns: [col("at", "时间", "Time"), col("plate", "设备(车牌)", "Machine (plate)"), col("kind", "事件", "Event"), col("from", "油位(前)", "Level before"), col("to", "油位(后)", "Level after")],
        // the page the latest PAGE_MACHINES × 2 (the earlier ones counted in a first row), the file every one
        rows: [
          ...(!all && events.length > PAGE_MACHINES * 2 ? [{ at: labelIn({ zh: `更早的 ${events.length - PAGE_MACHINES * 2} 条见导出文件`, en: `${events.length - PAGE_MACHINES * 2} earlier ones in the file` }, lang) }] : []),
          ...(all ? events : events.slice(-PAGE_MACHINES * 2)).map((e) => {
            const detail = (e.detail ? JSON.parse(e.detail) : {}) as Record<string, unknown>;
            return { at: stampInZone(Number(e.at), tz, false), plate: e.plate, kind: labelIn(FUEL_KIND[e.kind], lang), from: level(detail, "from"), to: level(detail, "to") };
          }),
        ],
      },
    ],
    chart: {
      title: { zh: "每日油耗(L)", en: "Fuel per day (L)" },
      categories: fuelDays.map((d) => d.day.slice(5)),
      series: [{ label: { zh: "油耗", en: "Fuel" }, values: fuelDays.map((d) => one(d.fuel)), kind: "decimal" }],
    },
  };
}

/**
 * /hdReport HD报表 (idle analysis): each machine's idle time over the range (engine on, standing still), its share of
 * the engine time, and the fuel it burnt idling at its model's idle coefficient (L/h; — without one), most idle first,
 * machines that never idled left out; the fleet's idle hours per day. The chart is the idle hours per day.
 */
export async function hdReport(scope: RequestScope, range: ReportRange, lang: string, all = false): Promise<ReportData> {
  const { machines, days } = await fleetSums(scope, range);
  const noModel = labelIn(NO_MODEL, lang);
  const idleFuel = (m: MachineSums) => (m.idleRate === null ? null : one((m.idle / 3600) * m.idleRate));
  const idled = machines.filter((m) => m.idle > 0);
  const rows: ReportRow[] = [...idled]
    .sort((a, b) => b.idle - a.idle || a.plate.localeCompare(b.plate))
    .map((m) => ({ plate: m.plate, model: m.model ?? noModel, engine: hours(m.engine), idle: hours(m.idle), share: permilleOf(m.idle, m.engine), rate: m.idleRate, fuel: idleFuel(m) }));
  const engine = idled.reduce((s, m) => s + m.engine, 0);
  const idle = idled.reduce((s, m) => s + m.idle, 0);
  const fuel = idled.reduce((s, m) => s + (idleFuel(m) ?? 0), 0);
  const shown = days.filter((d) => d.idle > 0);
  const total = labelIn(TOTAL, lang);
  return {
    range,
    tables: [
      {
        title: { zh: "设备怠速", en: "Idling per machine" },
        columns: [
          col("plate", "设备(车牌)", "Machine (plate)"),
          col("model", "型号", "Model"),
          col("engine", "发动机小时", "Engine hours", "hours"),
          col("idle", "怠速小时", "Idle hours", "hours"),
          col("share", "怠速占比", "Idle share", "percent"),
          col("rate", "怠速油耗系数(L/h)", "Idle fuel rate (L/h)", "decimal"),
          col("fuel", "怠速油耗(L)", "Fuel burnt idling (L)", "decimal"),
        ],
        rows: pageOf(rows, all, ["engine", "idle", "fuel"], lang),
        total: { plate: total, model: "", engine: hours(engine), idle: hours(idle), share: permilleOf(idle, engine), rate: null, fuel: one(fuel) },
      },
      {
        title: { zh: "每日怠速", en: "Idling per day" },
        columns: [col("day", "日期", "Day"), col("engine", "发动机小时", "Engine hours", "hours"), col("idle", "怠速小时", "Idle hours", "hours"), col("share", "怠速占比", "Idle share", "percent")],
        rows: shown.map((d) => ({ day: d.day, engine: hours(d.engine), idle: hours(d.idle), share: permilleOf(d.idle, d.engine) })),
      },
    ],
    chart: {
      title: { zh: "每日怠速小时", en: "Idle hours per day" },
      categories: shown.map((d) => d.day.slice(5)),
      series: [{ label: { zh: "怠速小时", en: "Idle hours" }, values: shown.map((d) => hours(d.idle)), kind: "hours" }],
    },
  };
}
