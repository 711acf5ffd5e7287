import { sql } from "drizzle-orm";
import { alarms, vehicleDaily, vehicles } from "../../../db/schema";
import { ofTenant } from "../../../db/tenant";
import { daysToMs } from "~/lib/tenant-days";
import type { RequestScope } from "~/modules/access/access.server";
import type { ReportRange } from "./quick-range";
import { col, inScope } from "./reports.server";
import { labelIn, type ReportData, type ReportRow } from "./report-types";

/** equipment_type of a tower crane (spec §3) */
const TOWER = "3";
const one = (n: number) => Math.round(n * 10) / 10;

/**
 * /tjwsWorkingReport TJWS作业报表 (tower cranes' work): each tower crane's work over the range from its safety monitor, as the hub rolls it
 * up (vehicle_daily: lifts, the day's peak load moment, engine time) and the alarms it raised (overload, wind): per
 * tower, and per tower and day. Tower cranes are few (one a site): the days are read as they are. The data scope is
 * the machine's organisation, as the other telematics reports'.
 */
export async function towerWorkReport(scope: RequestScope, range: ReportRange, lang: string): Promise<ReportData> {
  const tenantId = scope.user.tenantId;
  const [start, end] = daysToMs(range.from, range.to, scope.user.timeZone);
  const towers = sql`select vehicles.id from vehicles where ${ofTenant(vehicles, tenantId)} and vehicles.vehicle_type = ${TOWER} and ${inScope(scope, vehicles.orgId)}`;
  const [days, events] = await Promise.all([
    scope.db.all<{ vid: number; plate: string; selfNo: string | null; day: string; lifts: number; peak: number; engine: number }>(sql`
      select vehicles.id as vid, vehicles.plate as plate, vehicles.self_no as selfNo, vehicle_daily.day as day, vehicle_daily.lifts as lifts, vehicle_daily.peak_moment as peak, vehicle_daily.engine_seconds as engine
      from vehicle_daily join vehicles on vehicles.id = vehicle_daily.vehicle_id
      where ${ofTenant(vehicleDaily, tenantId)} and vehicle_daily.day >= ${range.from} and vehicle_daily.day <= ${range.to} and vehicle_daily.vehicle_id in (${towers})
        and (vehicle_daily.lifts > 0 or vehicle_daily.engine_seconds > 0)
      order by 2, 4`),
    scope.db.all<{ vid: number; kind: "overload" | "wind"; n: number }>(sql`
      select alarms.vehicle_id as vid, alarms.kind as kind, count(*) as n
      from alarms
      where ${ofTenant(alarms, tenantId)} and alarms.at >= ${start} and alarms.at < ${end} and alarms.kind in ('overload', 'wind') and alarms.vehicle_id in (${towers})
      group by 1, 2`),
  ]);
  const all = await scope.db.all<{ vid: number; plate: string; selfNo: string | null }>(sql`select vehicles.id as vid, vehicles.plate as plate, vehicles.self_no as selfNo from vehicles where vehicles.id in (${towers}) order by vehicles.self_no, vehicles.plate`);
  const name = (t: { plate: string; selfNo: string | null }) => (t.selfNo ? `${t.selfNo} (${t.plate})` : t.plate);
  const eventsOf = (vid: number, kind: string) => Number(events.find((e) => e.vid === vid && e.kind === kind)?.n ?? 0);
  const perTower: ReportRow[] = all.map((t) => {
    const own = days.filter((d) => d.vid === t.vid);
    const lifts = own.reduce((s, d) => s + Number(d.lifts), 0);
    return {
      tower: name(t),
      days: own.filter((d) => Number(d.lifts) > 0).length,
      lifts,
      perDay: own.length ? one(lifts / Math.max(1, own.filter((d) => Number(d.lifts) > 0).length)) : 0,
      peak: one(Math.max(0, ...own.map((d) => Number(d.peak)))),
      engine: one(own.reduce((s, d) => s + Number(d.engine), 0) / 3600),
      overloads: eventsOf(t.vid, "overload"),
      winds: eventsOf(t.vid, "wind"),
    };
  });
  const total = labelIn({ zh: "合计", en: "Total" }, lang);
  const sum = (k: string) => perTower.reduce((s, r) => s + Number(r[k] ?? 0), 0);
  const byDay = new Map<string, number>();
  for (const d of days) byDay.set(d.day, (byDay.get(d.day) ?? 0) + Number(d.lifts));
  const chartDays = [...byDay.keys()].sort();
  return {
    range,
    tables: [
      {
        title: { zh: "塔吊工作汇总", en: "Work per tower crane" },
        columns: [
          col("tower", "塔吊(自编号)", "Tower crane (own no.)"),
          col("days", "工作天数", "Days lifting", "count"),
          col("lifts", "吊次", "Lifts", "count"),
          col("perDay", "日均吊次", "Lifts per working day", "decimal"),
          col("peak", "最大力矩(%)", "Peak load moment (%)", "decimal"),
          col("engine", "开机小时", "Hours on", "hours"),
          col("overloads", "超载次数", "Overloads", "count"),
          col("winds", "大风次数", "High winds", "count"),
        ],
        rows: perTower,
        total: { tower: total, days: sum("days"), lifts: sum("lifts"), perDay: null, peak: perTower.length ? one(Math.max(...perTower.map((r) => Number(r.peak)))) : null, engine: one(sum("engine")), overloads: sum("overloads"), winds: sum("winds") },
      },
      {
        title: { zh: "塔吊每日工作", en: "Tower cranes per day" },
        columns: [col("day", "日期", "Day"), col("tower", "塔吊(自编号)", "Tower crane (own no.)"), col("lifts", "吊次", "Lifts", "count"), col("peak", "最大力矩(%)", "Peak load moment (%)", "decimal"), col("engine", "开机小时", "Hours on", "hours")],
        rows: days.map((d) => ({ day: d.day, tower: name(d), lifts: Number(d.lifts), peak: one(Number(d.peak)), engine: one(Number(d.engine) / 3600) })).sort((a, b) => String(a.day).localeCompare(String(b.day)) || String(a.tower).localeCompare(String(b.tower))),
      },
    ],
    chart: {
      title: { zh: "每日吊次", en: "Lifts per day" },
      categories: chartDays.map((d) => d.slice(5)),
      series: [{ label: { zh: "吊次", en: "Lifts" }, values: chartDays.map((d) => byDay.get(d)!), kind: "decimal" }],
    },
  };
}
