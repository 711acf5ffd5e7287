import { sql } from "drizzle-orm";
import { fleetDaily, vehicleModels, vehicles } from "../../../db/schema";
import { ofTenant, sameTenant } from "../../../db/tenant";
import { hubFor } from "../../../workers/fleet-hub/client";
import { onlineClassOf, type OnlineClass } from "../../../workers/fleet-hub/protocol";
import { addDays } from "~/lib/calendar";
import { stampInZone, todayInZone } from "~/lib/tenant-clock";
import { dayStartMs, daysToMs } from "~/lib/tenant-days";
import type { RequestScope } from "~/modules/access/access.server";
import { hours, PAGE_MACHINES, pageOf, rangeSums, TOTAL } from "./fleet-reports.server";
import type { ReportRange } from "./quick-range";
import { col, inScope, NO_MODEL, onRentOn, permilleOf, wrapCol } from "./reports.server";
import { labelIn, type ReportData, type ReportRow } from "./report-types";

/** The online classes of spec §4 as the hub tells them (onlineClassOf), and `unknown` when the hub could not be asked. */
type ClassKey = OnlineClass | "unknown";
const CLASSES: Record<ClassKey, { zh: string; en: string }> = {
  online: { zh: "在线", en: "Online" },
  today: { zh: "当天在线", en: "Online today" },
  day1: { zh: "离线1天", en: "Offline 1 day" },
  days2to5: { zh: "离线2-5天", en: "Offline 2–5 days" },
  over5: { zh: "离线5天以上", en: "Offline over 5 days" },
  never: { zh: "从未上线", en: "Never online" },
  unknown: { zh: "未知", en: "Unknown" },
};
const CLASS_ORDER: ClassKey[] = ["online", "today", "day1", "days2to5", "over5", "never", "unknown"];
/** The classes under the chart's bars, where six share 720 px (the table names them in full). */
const CLASS_BARS: Record<ClassKey, { zh: string; en: string }> = { ...CLASSES, day1: { zh: "离线1天", en: "1 day off" }, days2to5: { zh: "离线2-5天", en: "2–5 days off" }, over5: { zh: "离线5天以上", en: "Over 5 days off" } };
/** Not heard today: a machine of these classes on rent is flagged (在租失联). */
const SILENT = new Set<ClassKey>(["day1", "days2to5", "over5", "never"]);
const SILENT_ON_RENT = { zh: "在租失联", en: "Silent on rent" };

/** When the hub last heard from each machine, and its offline threshold; null when it cannot be asked (the classes are then unknown). */
async function lastHeard(scope: RequestScope): Promise<{ offlineAfterMs: number; seen: Map<number, number | null> } | null> {
  try {
    const heard = (await hubFor(scope.env, scope.user.tenantId).lastHeard(scope.user.tenantId)) as { offlineAfterMs: number; seen: [number, number | null][] } | null;
    return heard ? { offlineAfterMs: heard.offlineAfterMs, seen: new Map(heard.seen) } : null;
  } catch {
    return null;
  }
}

interface Machine {
  id: number;
  plate: string;
  model: string | null;
  online: number;
  days: number;
  /** the last day with online time in the roll-ups (any day, not only the range's) */
  lastDay: string | null;
  project: string | null;
  customer: string | null;
  onRent: number;
}

/**
 * /onlineReport 在线离线报表 (issue 41): each machine's online time over the range (vehicle_daily online_seconds: time
 * between reports no further apart than the offline threshold, docs/alarm-rules.md), the days it was online and its
 * online rate (online time ÷ the range's time up to now), then as of now: when the hub last heard from it (else the
 * last day its roll-ups have online time) and its online class of spec §4 (onlineClassOf); a machine on rent today (a won contract's line covers the day, as 工程设备
 * counts 在租) that was not heard today is flagged 在租失联 and listed first, then the longest silent. Then the machines
 * per class (the chart), and the fleet's online machines and hours per day. The sums come from the roll-ups above the
 * day (rangeSums, fleet_daily); the data scope is the machine's organisation. The page keeps the first PAGE_MACHINES.
 */
// lastDay: the machine's own days, newest first, through its primary key (machine, day); the machine is the outer
// row of the tenant. A tenant condition here made SQLite walk the tenant's days instead: 5 s over 10,000 machines.
export async function onlineReport(scope: RequestScope, range: ReportRange, lang: string, all = false): Promise<ReportData> {
  const tenantId = scope.user.tenantId;
  const tz = scope.user.timeZone;
  const now = Date.now();
  const today = todayInZone(tz, now);
  const sums = rangeSums(tenantId, range, { online: { month: "online_seconds", day: "online_seconds" }, days: { month: "days_online", day: "online_seconds > 0" } });
  const [machines, days, heard] = await Promise.all([
    scope.db.all<Machine>(sql`
      select vehicles.id as id, vehicles.plate as plate, vehicle_models.name as model, coalesce(d.online, 0) as online, coalesce(d.days, 0) as days,
        rent.project as project, rent.customer as customer, rent.vid is not null as onRent,
        (select vehicle_daily.day from vehicle_daily where vehicle_daily.vehicle_id = vehicles.id and vehicle_daily.online_seconds > 0 order by vehicle_daily.day desc limit 1) as lastDay
      from vehicles
      left join vehicle_models on vehicle_models.id = vehicles.model_id and ${sameTenant(vehicleModels, vehicles)}
      left join (${sums}) d on d.vid = vehicles.id
      left join (${onRentOn(tenantId, today)}) rent on rent.vid = vehicles.id
      where ${ofTenant(vehicles, tenantId)} and ${inScope(scope, vehicles.orgId)}`),
    scope.db.all<{ day: string; machines: number; online: number }>(sql`
      select fleet_daily.day as day, sum(fleet_daily.machines_online) as machines, sum(fleet_daily.online_seconds) as online
      from fleet_daily
      where ${ofTenant(fleetDaily, tenantId)} and fleet_daily.day >= ${range.from} and fleet_daily.day <= ${range.to} and ${inScope(scope, fleetDaily.orgId)}
      group by 1 order by 1`),
    lastHeard(scope),
  ]);
  // the range's time so far: a range that runs on past now counts up to now
  const [start, end] = daysToMs(range.from, range.to, tz);
  const elapsed = Math.max(0, Math.floor((Math.min(end, now) - start) / 1000));
  const startOfToday = dayStartMs(today, tz)!;
  // a day's last moment, once a day (a zone's day bounds cost some 50 µs: 10,000 machines' would be half a second)
  const ends = new Map<string, number>();
  const endOf = (day: string) => ends.get(day) ?? ends.set(day, day >= today ? startOfToday : dayStartMs(addDays(day, 1), tz)! - 1).get(day)!;
  const list = machines.map((m) => {
    // the hub's time; a machine it has no time for (its live state began after the machine's last report) but whose
    // roll-ups have online time was last heard on that day: its end (today: its start), shown as the day alone
    const heardAt = heard?.seen.get(m.id) ?? null;
    const byDay = heardAt === null && m.lastDay !== null;
    const seen = byDay ? endOf(m.lastDay!) : heardAt;
    const cls: ClassKey = heard ? onlineClassOf(seen, now, heard.offlineAfterMs, startOfToday) : "unknown";
    return { ...m, online: Number(m.online), days: Number(m.days), onRent: Number(m.onRent) === 1, seen, byDay, cls, flagged: Number(m.onRent) === 1 && SILENT.has(cls) };
  });
  const noModel = labelIn(NO_MODEL, lang);
  const rentText = (m: (typeof list)[number]) => (m.onRent ? [m.customer, m.project].filter(Boolean).join(" · ") || labelIn({ zh: "在租", en: "On rent" }, lang) : "");
  const rows: ReportRow[] = [...list]
    // flagged first, then the longest silent (never heard first), then by plate
    .sort((a, b) => Number(b.flagged) - Number(a.flagged) || (a.seen ?? -1) - (b.seen ?? -1) || a.plate.localeCompare(b.plate))
    .map((m, i) => ({
      plate: m.plate,
      model: m.model ?? noModel,
      hours: hours(m.online),
      days: m.days,
      rate: permilleOf(m.online, elapsed),
      // the time's text only where it is shown (a row folded into 其他 N 台 shows none): 10,000 of them cost ~0.1 s
      seen: m.seen === null || (!all && i >= PAGE_MACHINES) ? "" : m.byDay ? m.lastDay : stampInZone(m.seen, tz, false),
      cls: labelIn(CLASSES[m.cls], lang),
      rent: rentText(m),
      flag: m.flagged ? labelIn(SILENT_ON_RENT, lang) : "",
    }));
  const online = list.reduce((s, m) => s + m.online, 0);
  const flagged = list.filter((m) => m.flagged).length;
  const classes = CLASS_ORDER.filter((c) => c !== "unknown" || list.some((m) => m.cls === "unknown"));
  const classRows: ReportRow[] = classes.map((c) => {
    const of = list.filter((m) => m.cls === c);
    return { cls: labelIn(CLASSES[c], lang), machines: of.length, onRent: of.filter((m) => m.onRent).length, flagged: of.filter((m) => m.flagged).length };
  });
  const total = labelIn(TOTAL, lang);
  return {
    range,
    tables: [
      {
        title: { zh: "设备在线情况", en: "Online time per machine" },
        columns: [
          col("plate", "设备(车牌)", "Machine (plate)"),
          col("model", "型号", "Model"),
          col("hours", "在线小时", "Online hours", "hours"),
          col("days", "在线天数", "Days online", "count"),
          col("rate", "在线率", "Online rate", "percent"),
          col("seen", "最后通讯时间", "Last heard"),
          col("cls", "在线状态", "Online class"),
          wrapCol("rent", "在租(客户 · 项目)", "On rent (customer · project)"),
          col("flag", "提醒", "Flag"),
        ],
        rows: pageOf(rows, all, ["hours", "days"], lang),
        total: {
          plate: total,
          model: "",
          hours: hours(online),
          days: list.reduce((s, m) => s + m.days, 0),
          rate: permilleOf(online, elapsed * list.length),
          seen: "",
          cls: "",
          rent: labelIn({ zh: `${list.filter((m) => m.onRent).length} 台在租`, en: `${list.filter((m) => m.onRent).length} on rent` }, lang),
          flag: flagged ? labelIn({ zh: `${flagged} 台在租失联`, en: `${flagged} silent on rent` }, lang) : "",
        },
      },
      {
        title: { zh: "在线状态分布", en: "Machines per online class" },
        columns: [
          col("cls", "在线状态", "Online class"),
          col("machines", "设备数", "Machines", "count"),
          col("onRent", "其中在租", "Of them on rent", "count"),
          col("flagged", "在租失联", "Silent on rent", "count"),
        ],
        rows: classRows,
        total: { cls: total, machines: list.length, onRent: list.filter((m) => m.onRent).length, flagged },
      },
      {
        title: { zh: "每日在线", en: "Online per day" },
        columns: [
          col("day", "日期", "Day"),
          col("machines", "在线设备数", "Machines online", "count"),
          col("hours", "在线小时", "Online hours", "hours"),
          col("perMachine", "台均在线小时", "Hours per machine online", "hours"),
        ],
        rows: days.map((d) => ({ day: d.day, machines: Number(d.machines), hours: hours(Number(d.online)), perMachine: Number(d.machines) ? hours(Number(d.online) / Number(d.machines)) : null })),
        total: { day: total, machines: null, hours: hours(days.reduce((s, d) => s + Number(d.online), 0)), perMachine: null },
      },
    ],
    chart: {
      title: { zh: "各在线状态设备数", en: "Machines per online class" },
      categories: classes.map((c) => labelIn(CLASS_BARS[c], lang)),
      series: [{ label: { zh: "设备数", en: "Machines" }, values: classes.map((c) => list.filter((m) => m.cls === c).length), kind: "count" }],
    },
  };
}
