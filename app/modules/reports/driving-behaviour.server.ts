import { sql } from "drizzle-orm";
import { alarms, drivers, vehicleModels, vehicles } from "../../../db/schema";
import { ofTenant, sameTenant } from "../../../db/tenant";
import { stampInZone } from "~/lib/tenant-clock";
import { daysToMs } from "~/lib/tenant-days";
import type { RequestScope } from "~/modules/access/access.server";
import { alarmDetailText, TERMINAL_FLAGS } from "~/modules/alarms/alarm-detail";
import { ALARM_KINDS } from "~/modules/alarms/alarm.view";
import { DRIVING_ITEMS, drivingItemOf, FULL_SCORE, PASS_MARK, passes, pointsLost, scoreAfter, type DrivingItem } from "./driving-score";
import { one, PAGE_MACHINES, pageOf, rangeSums, TOTAL } from "./fleet-reports.server";
import type { ReportRange } from "./quick-range";
import { col, inScope, NO_MODEL, wrapCol } from "./reports.server";
import { labelIn, type ReportData, type ReportRow } from "./report-types";

/** alarms.handle_state of an alarm marked 误报 (HANDLE_STATES, alarm.view.ts): it never counts against a driver. */
const MISREPORT = 2;
const KINDS = sql.raw([...new Set(DRIVING_ITEMS.map((d) => `'${d.kind}'`))].join(", "));
const FLAGS = sql.raw(
  DRIVING_ITEMS.filter((d) => d.flag)
    .map((d) => `'${d.flag}'`)
    .join(", "),
);
/** The page's events table keeps the latest this many; the file has every one. */
const EVENTS_SHOWN = PAGE_MACHINES * 2;
const PASS = { zh: "合格", en: "Pass" };
const FAIL = { zh: "不合格", en: "Fail" };

/** Events per 100 km to one decimal; null without kilometres. */
const per100km = (events: number, km: number) => (km > 0 ? one((events * 100) / km) : null);

/** The range's days in the tenant's zone as [start, end) in ms. */
const msOf = (scope: RequestScope, range: ReportRange) => daysToMs(range.from, range.to, scope.user.timeZone);

/**
 * The range's driving alarms of the user's machines: of the items' kinds (a terminal alarm only with an item's flag),
 * raised in the range's days in the tenant's zone, not marked 误报.
 */
function drivingAlarms(scope: RequestScope, range: ReportRange) {
  const tenantId = scope.user.tenantId;
  const [start, end] = msOf(scope, range);
  return sql`${ofTenant(alarms, tenantId)} and alarms.kind in (${KINDS}) and alarms.at >= ${start} and alarms.at < ${end} and alarms.handle_state <> ${MISREPORT}
    and (alarms.kind <> 'terminal' or alarms.detail ->> '$.flag' in (${FLAGS}))
    and alarms.vehicle_id in (select vehicles.id from vehicles where ${ofTenant(vehicles, tenantId)} and ${inScope(scope, vehicles.orgId)})`;
}

/** The items counted by the alarm's kind alone; those of a terminal's flag (rare) are counted by flaggedEvents. */
const PLAIN_ITEMS = DRIVING_ITEMS.filter((d) => !d.flag);

/**
 * A machine's events of each item counted by kind, as columns named by the items (beside vehicles): one count per
 * item, each a seek of alarms_tenant_kind_vehicle_at_idx (tenant, kind, machine, time, handling), so a year of 10,000
 * machines reads its alarms' index entries once and sorts nothing (grouping them by machine sorted 730,000: 0.4 s).
 * The constants are the code's own (kinds, times), written into the statement: D1 binds at most 100 parameters.
 */
function eventColumns(scope: RequestScope, range: ReportRange) {
  const [start, end] = msOf(scope, range);
  return sql.join(
    PLAIN_ITEMS.map(
      (d) =>
        sql`(select count(*) from alarms where ${ofTenant(alarms, scope.user.tenantId)} and alarms.kind = ${sql.raw(`'${d.kind}'`)} and alarms.vehicle_id = vehicles.id
          and alarms.at >= ${sql.raw(String(start))} and alarms.at < ${sql.raw(String(end))} and alarms.handle_state <> ${sql.raw(String(MISREPORT))}) as ${sql.raw(d.item)}`,
    ),
    sql`, `,
  );
}

/** Each machine's events of the items a terminal's flag names (collision, rollover), from the range's few terminal alarms (their flag is in the detail). */
function flaggedEvents(scope: RequestScope, range: ReportRange) {
  const [start, end] = msOf(scope, range);
  return scope.db.all<{ vid: number; kind: string; flag: string | null; n: number }>(sql`
    select alarms.vehicle_id as vid, alarms.kind as kind, alarms.detail ->> '$.flag' as flag, count(*) as n
    from alarms indexed by alarms_tenant_kind_at_idx
    where ${ofTenant(alarms, scope.user.tenantId)} and alarms.kind = 'terminal' and alarms.at >= ${start} and alarms.at < ${end} and alarms.handle_state <> ${MISREPORT}
      and alarms.detail ->> '$.flag' in (${FLAGS})
    group by 1, 2, 3`);
}

/**
 * /drivingBehaviorReport 驾驶行为分析 (issue 41): each machine's driving score over the range from its driving alarms
 * (driving-score.ts: start at FULL_SCORE, lose each item's points for each event, at least 0; PASS_MARK or more
 * passes), its events per 100 km (kilometres from the roll-ups as 里程报表 sums them) and which events cost what;
 * machines that neither moved nor had an event are left out. A machine's drivers (drivers.vehicle_id) are named on
 * its row: their score is the machine's. Then the items with their points and events (the chart: events per item),
 * and the events themselves with their points and drivers, so every point lost traces to an alarm (the page the latest
 * 200, the file all). An alarm marked 误报 counts for nothing. The data scope is the machine's organisation. Three
 * tables, as a report's PDF prints at most three.
 */
export async function drivingBehaviourReport(scope: RequestScope, range: ReportRange, lang: string, all = false): Promise<ReportData> {
  const tenantId = scope.user.tenantId;
  const tz = scope.user.timeZone;
  const zh = lang.startsWith("zh");
  const sums = rangeSums(tenantId, range, { km: { month: "mileage_km", day: "mileage_km" } });
  const where = drivingAlarms(scope, range);
  const [machines, flagged, driverRows, events] = await Promise.all([
    scope.db.all<{ id: number; plate: string; model: string | null; km: number } & Partial<Record<DrivingItem, number>>>(sql`
      select vehicles.id as id, vehicles.plate as plate, vehicle_models.name as model, coalesce(d.km, 0) as km, ${eventColumns(scope, range)}
      from vehicles
      left join vehicle_models on vehicle_models.id = vehicles.model_id and ${sameTenant(vehicleModels, vehicles)}
      left join (${sums}) d on d.vid = vehicles.id
      where ${ofTenant(vehicles, tenantId)} and ${inScope(scope, vehicles.orgId)}`),
    flaggedEvents(scope, range),
    scope.db.all<{ name: string; phone: string | null; vid: number }>(sql`
      select drivers.name as name, drivers.phone as phone, drivers.vehicle_id as vid
      from drivers join vehicles on vehicles.id = drivers.vehicle_id and ${sameTenant(vehicles, drivers)}
      where ${ofTenant(drivers, tenantId)} and ${inScope(scope, vehicles.orgId)}
      order by drivers.name, drivers.id`),
    // the page the latest EVENTS_SHOWN (chosen from the index alone, then their rows read), the file every one
    scope.db.all<{ vid: number; plate: string; kind: string; at: number; detail: string | null }>(sql`
      select alarms.vehicle_id as vid, vehicles.plate as plate, alarms.kind as kind, alarms.at as at, alarms.detail as detail
      from alarms join vehicles on vehicles.id = alarms.vehicle_id and ${sameTenant(vehicles, alarms)}
      where ${all ? where : sql`alarms.id in (select alarms.id from alarms where ${where} order by alarms.at desc, alarms.id desc limit ${EVENTS_SHOWN})`}
      order by alarms.at, alarms.id`),
  ]);

  // each machine's events per item (a flagged item's of a machine outside the user's scope are not theirs), and each item's
  const byMachine = new Map(machines.map((m) => [m.id, m]));
  for (const f of flagged) {
    const m = byMachine.get(f.vid);
    const def = drivingItemOf(f.kind, f.flag);
    if (m && def) m[def.item] = (m[def.item] ?? 0) + Number(f.n);
  }
  const perItem = new Map<DrivingItem, number>();
  for (const m of machines) for (const d of DRIVING_ITEMS) perItem.set(d.item, (perItem.get(d.item) ?? 0) + Number(m[d.item] ?? 0));
  const driversOf = new Map<number, { name: string; phone: string | null }[]>();
  for (const d of driverRows) (driversOf.get(d.vid) ?? driversOf.set(d.vid, []).get(d.vid)!).push(d);
  const breakdown = (events: Partial<Record<DrivingItem, number>>) =>
    DRIVING_ITEMS.filter((d) => events[d.item])
      .map((d) => (zh ? `${d.label.zh}×${events[d.item]}(-${events[d.item]! * d.points})` : `${d.label.en} ×${events[d.item]} (−${events[d.item]! * d.points})`))
      .join(zh ? "、" : ", ");

  const noModel = labelIn(NO_MODEL, lang);
  const scored = machines
    .map((m) => {
      const events: Partial<Record<DrivingItem, number>> = Object.fromEntries(DRIVING_ITEMS.map((d) => [d.item, Number(m[d.item] ?? 0)]));
      const count = Object.values(events).reduce((s, n) => s + n, 0);
      const lost = pointsLost(events);
      return { ...m, km: Number(m.km), events, count, lost, score: scoreAfter(lost) };
    })
    .filter((m) => m.km > 0 || m.count > 0)
    .sort((a, b) => a.score - b.score || b.count - a.count || a.plate.localeCompare(b.plate));
  const verdict = (score: number) => labelIn(passes(score) ? PASS : FAIL, lang);
  const rows: ReportRow[] = scored.map((m) => ({
    plate: m.plate,
    model: m.model ?? noModel,
    driver: (driversOf.get(m.id) ?? []).map((d) => d.name).join(zh ? "、" : ", "),
    km: one(m.km),
    events: m.count,
    per100: per100km(m.count, m.km),
    lost: m.lost,
    score: m.score,
    verdict: verdict(m.score),
    items: breakdown(m.events),
  }));
  const km = scored.reduce((s, m) => s + m.km, 0);
  const eventCount = scored.reduce((s, m) => s + m.count, 0);
  const passed = scored.filter((m) => passes(m.score)).length;
  const average = scored.length ? one(scored.reduce((s, m) => s + m.score, 0) / scored.length) : null;

  const itemRows: ReportRow[] = DRIVING_ITEMS.map((d) => {
    const alarm = labelIn(ALARM_KINDS[d.kind] ?? { zh: d.kind, en: d.kind }, lang);
    const flag = d.flag ? labelIn(TERMINAL_FLAGS[d.flag] ?? { zh: d.flag, en: d.flag }, lang) : null;
    const n = perItem.get(d.item) ?? 0;
    return { item: labelIn(d.label, lang), alarm: flag ? `${alarm}${zh ? "：" : ": "}${flag}` : alarm, points: d.points, events: n, lost: n * d.points };
  });

  const driverNames = (vid: number) => (driversOf.get(vid) ?? []).map((d) => d.name).join(zh ? "、" : ", ");
  const eventRows: ReportRow[] = events.map((e) => {
    const detail = (e.detail ? JSON.parse(e.detail) : null) as Record<string, unknown> | null;
    const def = drivingItemOf(e.kind, typeof detail?.flag === "string" ? detail.flag : null);
    return {
      at: stampInZone(Number(e.at), tz, false),
      plate: e.plate,
      driver: driverNames(e.vid),
      item: def ? labelIn(def.label, lang) : e.kind,
      points: def?.points ?? 0,
      detail: alarmDetailText(e.kind, detail, { lang, at: Number(e.at), timeZone: tz }) ?? "",
    };
  });
  const earlier = all ? 0 : eventCount - events.length;
  const total = labelIn(TOTAL, lang);
  return {
    range,
    tables: [
      {
        title: { zh: "设备驾驶评分", en: "Driving score per machine" },
        columns: [
          col("plate", "设备(车牌)", "Machine (plate)"),
          col("model", "型号", "Model"),
          col("driver", "司机", "Driver"),
          col("km", "里程(km)", "Distance (km)", "decimal"),
          col("events", "事件数", "Events", "count"),
          col("per100", "百公里事件数", "Events per 100 km", "decimal"),
          col("lost", "扣分", "Points lost", "count"),
          col("score", "得分", "Score", "count"),
          col("verdict", "评定", "Verdict"),
          wrapCol("items", "扣分明细", "Points by item"),
        ],
        rows: pageOf(rows, all, ["km", "events", "lost"], lang),
        total: {
          plate: total,
          model: "",
          driver: "",
          km: one(km),
          events: eventCount,
          per100: per100km(eventCount, km),
          lost: scored.reduce((s, m) => s + m.lost, 0),
          score: average,
          verdict: scored.length ? labelIn({ zh: `合格 ${passed} / ${scored.length}`, en: `${passed} of ${scored.length} pass` }, lang) : "",
          items: "",
        },
      },
      {
        title: { zh: `扣分项（满分${FULL_SCORE}，${PASS_MARK}分及以上合格）`, en: `Scoring items (from ${FULL_SCORE}; ${PASS_MARK} or more passes)` },
        columns: [
          col("item", "扣分项", "Item"),
          col("alarm", "计入的告警", "Alarm counted"),
          col("points", "每次扣分", "Points per event", "count"),
          col("events", "事件数", "Events", "count"),
          col("lost", "扣分合计", "Points lost", "count"),
        ],
        rows: itemRows,
        total: { item: total, alarm: "", points: null, events: eventCount, lost: scored.reduce((s, m) => s + m.lost, 0) },
      },
      {
        title: { zh: "驾驶事件", en: "Driving events" },
        columns: [
          col("at", "时间", "Time"),
          col("plate", "设备(车牌)", "Machine (plate)"),
          col("driver", "司机", "Driver"),
          col("item", "扣分项", "Item"),
          col("points", "扣分", "Points", "count"),
          wrapCol("detail", "详情", "Details"),
        ],
        rows: [...(earlier > 0 ? [{ at: labelIn({ zh: `更早的 ${earlier} 条见导出文件`, en: `${earlier} earlier ones in the file` }, lang) }] : []), ...eventRows],
      },
    ],
    chart: {
      title: { zh: "各扣分项事件数", en: "Events per item" },
      categories: DRIVING_ITEMS.map((d) => labelIn(d.label, lang)),
      series: [{ label: { zh: "事件数", en: "Events" }, values: DRIVING_ITEMS.map((d) => perItem.get(d.item) ?? 0), kind: "count" }],
    },
  };
}
