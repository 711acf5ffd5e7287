/**
 * A machine's meters and the schedules' recompute, as SQL over whole sets (never a query per machine).
 *
 * A machine's meter on a day (engine hours in tenths, km) is its last valid reading on or before that day plus the
 * hub's daily roll-ups (vehicle_daily) of the days after that reading through the day; with no reading, the roll-ups'
 * sum. Whole months between are read from vehicle_monthly (kept by vehicle_daily's triggers, migration 0040), so a
 * year since the last reading is twelve months and two partial ones, not 365 days.
 *
 * The recompute (`recomputeSchedules`) keeps one schedule a plan and machine it covers, measures each new one's start,
 * and writes for each: its cycle's start (the last service of the plan on the machine, else its start), the meter
 * today, the use a day over the 30 days before today, and the due day forecast: the earliest of the calendar's (last +
 * N days), the hours' (today + ⌈hours left ÷ hours a day⌉) and the km's; which of them decides; what is left; and
 * the state (已超期: the calendar day passed or the hours or km reached; 即将到期: within a threshold, or the forecast
 * within the days' threshold). The daily job (workers/jobs/maintenance.ts) runs it for a tenant at its local 04:00 and
 * raises the alarms; a saved plan, service record or reading runs it at once for what it touches.
 */
import { sql, type SQL } from "drizzle-orm";
import { alias, SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { changedRows, d1Binding, declaredAs, idList, type Db } from "../../../db/client";
import { alarms, vehicleDaily, vehicleMonthly, vehicles } from "../../../db/schema";
import { ofTenant, sameTenant, tenantOfOuter } from "../../../db/tenant";
import type { FieldErrors } from "~/modules/resource/resource.server";
import { DUE_BY, DUE_STATE, hoursText, kmText, PLAN_COVERAGE, PLAN_NOTIFY, READING_STATE } from "./maintenance";
import { maintenancePlans, maintenancePlanVehicles, maintenanceRecords, maintenanceSchedules, meterReadings } from "./tables.server";

const r = alias(meterReadings, "r");
const d = alias(vehicleDaily, "d");
const mo = alias(vehicleMonthly, "mo");
const p = alias(maintenancePlans, "p");
const v = alias(vehicles, "v");
const pv = alias(maintenancePlanVehicles, "pv");
const rec = alias(maintenanceRecords, "rec");
const S = maintenanceSchedules;

/** The days whose use is averaged: the 30 before today. */
export const USE_DAYS = 30;
const raw = sql.raw;
const NONE = "0000-00-00";

/** A reading the meter must not count: a service record's own, while that record is checked or saved again. */
export interface MeterExcept {
  serviceId?: number;
}

/**
 * The valid reading of a dimension nearest the target's day, as `day|value` (days are ten characters), or null: the
 * last one on or before the day, or the first one after it; one lookup of the (tenant, vehicle, day) index.
 */
function readingOf(tenantId: number, column: typeof r.hours | typeof r.km, except: MeterExcept, side: "before" | "after", target: "mt" | "ma"): SQL {
  const own = except.serviceId ? sql`and (${r.serviceId} is null or ${r.serviceId} <> ${except.serviceId})` : sql``;
  const [on, order] = side === "before" ? [sql`<=`, sql`desc`] : [sql`>`, sql`asc`];
  return sql`(select ${r.readOn} || '|' || ${column} from ${declaredAs(meterReadings, r)}
    where ${ofTenant(r, tenantId)} and ${r.vehicleId} = ${raw(`${target}.vehicle_id`)} and ${r.state} = ${READING_STATE.valid} and ${column} is not null and ${r.readOn} ${on} ${raw(`${target}.day`)} ${own}
    order by ${r.readOn} ${order}, ${r.id} ${order} limit 1)`;
}

/**
 * A roll-up column's sum over the days after `from` through `to` (two day columns of mb): the rest of from's month by
 * day, the whole months between from vehicle_monthly, to's month by day. The tenant's term is kept out of the index
 * choice (unary +): the (vehicle, day) key walks one machine's days, where the (tenant, day) index would walk every
 * machine's.
 */
function sinceSql(tenantId: number, from: string, to: string, daily: typeof d.engineSeconds | typeof d.mileageKm, monthly: typeof mo.engineSeconds | typeof mo.mileageKm): SQL {
  const [f, t] = [raw(`mb.${from}`), raw(`mb.${to}`)];
  const days = (range: SQL) => sql`(select coalesce(sum(${daily}), 0) from ${declaredAs(vehicleDaily, d)} where ${d.vehicleId} = mb.vehicle_id and +${ofTenant(d, tenantId)} and ${range})`;
  return sql`(${days(sql`${d.day} > ${f} and ${d.day} <= min(${t}, substr(${f}, 1, 7) || '-31')`)}
    + (select coalesce(sum(${monthly}), 0) from ${declaredAs(vehicleMonthly, mo)} where ${mo.vehicleId} = mb.vehicle_id and +${ofTenant(mo, tenantId)} and ${mo.month} > substr(${f}, 1, 7) and ${mo.month} < substr(${t}, 1, 7))
    + (case when substr(${f}, 1, 7) < substr(${t}, 1, 7) then ${days(sql`${d.day} >= substr(${t}, 1, 7) || '-01' and ${d.day} <= ${t}`)} else 0 end))`;
}

/** A roll-up column's sum over the USE_DAYS days before the target's day (one machine's days, by its key). */
function usedSql(tenantId: number, daily: typeof d.engineSeconds | typeof d.mileageKm): SQL {
  return sql`(select coalesce(sum(${daily}), 0) from ${declaredAs(vehicleDaily, d)} where ${d.vehicleId} = mb.vehicle_id and +${ofTenant(d, tenantId)} and ${d.day} >= date(mb.day, ${`-${USE_DAYS} days`}) and ${d.day} < mb.day)`;
}

/**
 * CTEs ending in `meters(k, vehicle_id, hours, km, secs, ukm)`: for each target `(k, vehicle_id, day)` that `targets`
 * selects, the meter on its day (engine hours in tenths, the roll-ups' seconds rounded to a tenth; km rounded to the
 * kilometre) and the use of the USE_DAYS days before it (engine seconds, km). The meter is the last reading plus the
 * roll-ups since; before a machine's first reading, that reading less the roll-ups between (so a meter read by hand
 * later is not taken for use); with no reading at all, the roll-ups' sum. Materialized: each is worked out once, and
 * drives the statement that reads it.
 */
export function metersWith(tenantId: number, targets: SQL, except: MeterExcept = {}): SQL {
  const part = (value: string, at: number) => (at === 0 ? `coalesce(substr(${value}, 1, 10), '${NONE}')` : `cast(substr(${value}, 12) as integer)`);
  const meter = (v: string, dd: string, n: string, nd: string, daily: typeof d.engineSeconds | typeof d.mileageKm, monthly: typeof mo.engineSeconds | typeof mo.mileageKm, scale: string) =>
    sql`case when ${raw(v)} is null and ${raw(n)} is not null then max(0, ${raw(n)} - cast(round(${sinceSql(tenantId, "day", nd, daily, monthly)}${raw(scale)}) as integer))
      else coalesce(${raw(v)}, 0) + cast(round(${sinceSql(tenantId, dd, "day", daily, monthly)}${raw(scale)}) as integer) end`;
  return sql`mt(k, vehicle_id, day) as materialized (${targets}),
    ma as materialized (select mt.k, mt.vehicle_id, mt.day, ${readingOf(tenantId, r.hours, except, "before", "mt")} as ha, ${readingOf(tenantId, r.km, except, "before", "mt")} as ka from mt),
    mn as materialized (select ma.*, case when ha is null then ${readingOf(tenantId, r.hours, except, "after", "ma")} end as hn, case when ka is null then ${readingOf(tenantId, r.km, except, "after", "ma")} end as kn from ma),
    mb as (select k, vehicle_id, day, ${raw(part("ha", 0))} as hd, ${raw(part("ha", 1))} as hv, ${raw(part("hn", 0))} as hnd, ${raw(part("hn", 1))} as hnv,
      ${raw(part("ka", 0))} as kd, ${raw(part("ka", 1))} as kv, ${raw(part("kn", 0))} as knd, ${raw(part("kn", 1))} as knv from mn),
    meters(k, vehicle_id, hours, km, secs, ukm) as materialized (select k, vehicle_id,
      ${meter("hv", "hd", "hnv", "hnd", d.engineSeconds, mo.engineSeconds, " / 360.0")},
      ${meter("kv", "kd", "knv", "knd", d.mileageKm, mo.mileageKm, "")},
      ${usedSql(tenantId, d.engineSeconds)}, ${usedSql(tenantId, d.mileageKm)}
      from mb)`;
}

export interface Meter {
  /** tenths of an hour */
  hours: number;
  km: number;
}

/** One machine's meter on a day (a service record's own reading left out when named). */
export async function meterOn(db: Db, tenantId: number, vehicleId: number, day: string, except: MeterExcept = {}): Promise<Meter> {
  const [row] = await db.all<Meter>(sql`with ${metersWith(tenantId, sql`select 0, ${vehicleId}, ${day}`, except)} select hours, km from meters`);
  return { hours: Number(row?.hours ?? 0), km: Number(row?.km ?? 0) };
}

/** The lowest figures of the machine's valid readings after a day: what a reading of that day may not pass. */
export async function laterReadings(db: Db, tenantId: number, vehicleId: number, day: string, except: MeterExcept = {}): Promise<{ hours: number | null; km: number | null }> {
  const own = except.serviceId ? sql`and (${r.serviceId} is null or ${r.serviceId} <> ${except.serviceId})` : sql``;
  const [row] = await db.all<{ hours: number | null; km: number | null }>(
    sql`select min(${r.hours}) as hours, min(${r.km}) as km from ${declaredAs(meterReadings, r)} where ${ofTenant(r, tenantId)} and ${r.vehicleId} = ${vehicleId} and ${r.state} = ${READING_STATE.valid} and ${r.readOn} > ${day} ${own}`,
  );
  return { hours: row?.hours ?? null, km: row?.km ?? null };
}

/** What a recompute covers: every schedule of the tenant, or those of these machines, or of these plans. */
export interface RecomputeScope {
  vehicleIds?: readonly number[];
  /** plans just saved: their new machines start at the plan's start day (others start today at the earliest) */
  planIds?: readonly number[];
}

/** `p` covers the machine `v`: every machine of its type, or the machines it lists. */
const covers = sql`((${p.coverage} = ${PLAN_COVERAGE.type} and ${v.vehicleType} = ${p.equipmentType})
  or (${p.coverage} = ${PLAN_COVERAGE.machines} and exists (select 1 from ${declaredAs(maintenancePlanVehicles, pv)} where ${pv.planId} = ${p.id} and ${sameTenant(pv, p)} and ${pv.vehicleId} = ${v.id})))`;

/** The schedules a recompute covers, as conditions on a table's vehicle_id and plan_id (ids as one JSON parameter). */
function scopeOf(table: string, scope: RecomputeScope): SQL {
  const parts: SQL[] = [];
  if (scope.vehicleIds) parts.push(sql`and ${raw(`${table}.vehicle_id`)} in ${idList(scope.vehicleIds)}`);
  if (scope.planIds) parts.push(sql`and ${raw(`${table}.plan_id`)} in ${idList(scope.planIds)}`);
  return sql.join(parts, sql` `);
}

/** The statements of a recompute, in order (one batch: all stored or none). */
export function recomputeStatements(tenantId: number, today: string, scope: RecomputeScope = {}): SQL[] {
  const schedules = raw(`"maintenance_schedules"`);
  const inScope = scopeOf(`"maintenance_schedules"`, scope);
  const fromPlan = scope.planIds ? sql`${p.id} in ${idList(scope.planIds)}` : sql`0`;
  const days = (n: SQL) => sql`'+' || ${n} || ' days'`;
  // base0's cross join: the machines' meters drive, each machine's schedules found by their key (with a plain join
  // SQLite walked the schedules and scanned the meters for each: 5 s a day over 10,000 machines)
  return [
    // machines no longer covered (a machine taken off a plan, a plan now of another type) leave it
    sql`delete from ${schedules} where ${ofTenant(S, tenantId)} ${inScope}
      and not exists (select 1 from ${declaredAs(maintenancePlans, p)} join ${declaredAs(vehicles, v)} on ${v.id} = ${S.vehicleId} and ${sameTenant(v, p)}
        where ${p.id} = ${S.planId} and ${tenantOfOuter(p, S)} and ${covers})`,
    // machines newly covered: a plan's own from its start day, one that joins later (a new machine of the type) from today
    sql`insert into ${schedules} (tenant_id, plan_id, vehicle_id, start_on)
      select ${p.tenantId}, ${p.id}, ${v.id}, case when ${fromPlan} then ${p.startOn} else max(${p.startOn}, ${today}) end
      from ${declaredAs(maintenancePlans, p)} join ${declaredAs(vehicles, v)} on ${sameTenant(v, p)} and ${covers}
      where ${ofTenant(p, tenantId)} ${scope.vehicleIds ? sql`and ${v.id} in ${idList(scope.vehicleIds)}` : sql``} ${scope.planIds ? sql`and ${p.id} in ${idList(scope.planIds)}` : sql``}
      on conflict do nothing`,
    // a machine's readings changed (entered, voided, a service saved or deleted): its starts are measured again
    ...(scope.vehicleIds ? [sql`update ${schedules} set start_hours = null, start_km = null where ${ofTenant(S, tenantId)} ${inScope}`] : []),
    // a new schedule's start: the machine's meter on its start day
    sql`with ${metersWith(tenantId, sql`select ${S.id}, ${S.vehicleId}, ${S.startOn} from ${S} where ${ofTenant(S, tenantId)} and ${S.startHours} is null ${inScope}`)}
      update ${schedules} set start_hours = meters.hours, start_km = meters.km from meters where meters.k = ${S.id}`,
    sql`with ${metersWith(tenantId, sql`select distinct ${S.vehicleId}, ${S.vehicleId}, ${today} from ${S} where ${ofTenant(S, tenantId)} ${inScope}`)},
      base0 as materialized (select ${S.id} as id, ${S.startOn} as start_on, ${S.startHours} as start_h, ${S.startKm} as start_km,
          meters.hours as mh, meters.km as mk, meters.secs as secs, meters.ukm as ukm,
          ${p.intervalDays} as idays, ${p.intervalHours} as ih, ${p.intervalKm} as ik, ${p.soonDays} as sd, ${p.soonHours} as sh, ${p.soonKm} as sk,
          (select ${rec.id} from ${declaredAs(maintenanceRecords, rec)} where ${ofTenant(rec, tenantId)} and ${rec.planId} = ${S.planId} and ${rec.vehicleId} = ${S.vehicleId} order by ${rec.serviceOn} desc, ${rec.id} desc limit 1) as last_id
        from meters cross join ${S} on ${S.vehicleId} = meters.vehicle_id and ${ofTenant(S, tenantId)} ${inScope}
          join ${declaredAs(maintenancePlans, p)} on ${p.id} = ${S.planId} and ${sameTenant(p, S)}),
      base as (select base0.*, coalesce(${rec.serviceOn}, start_on) as base_on, coalesce(${rec.hours}, start_h, 0) as base_h, coalesce(${rec.km}, start_km, 0) as base_km
        from base0 left join ${declaredAs(maintenanceRecords, rec)} on ${rec.id} = base0.last_id and ${ofTenant(rec, tenantId)}),
      lefts as (select *, case when idays is not null then date(base_on, ${days(raw("idays"))}) end as cal_on,
          case when ih is not null then base_h + ih * 10 - mh end as hl,
          case when ik is not null then base_km + ik - mk end as kl
        from base),
      fore as (select *,
          -- tenths left × 360 s × 30 days ÷ the 30 days' seconds, rounded up: whole days, in integers
          case when hl is null then null when hl <= 0 then ${today} when secs > 0 then date(${today}, ${days(sql`((hl * ${raw(String(360 * USE_DAYS))} + secs - 1) / secs)`)}) end as h_on,
          case when kl is null then null when kl <= 0 then ${today} when ukm > 0 then date(${today}, ${days(sql`(cast(kl * ${raw(`${USE_DAYS}.0`)} / ukm as integer) + (kl * ${raw(`${USE_DAYS}.0`)} / ukm > cast(kl * ${raw(`${USE_DAYS}.0`)} / ukm as integer)))`)}) end as k_on
        from lefts),
      picked as (select *, nullif(min(coalesce(cal_on, '9999-12-31'), coalesce(h_on, '9999-12-31'), coalesce(k_on, '9999-12-31')), '9999-12-31') as due_on from fore),
      judged as materialized (select *,
          case when due_on is null then null when due_on = cal_on then ${DUE_BY.days} when due_on = h_on then ${DUE_BY.hours} else ${DUE_BY.km} end as due_by,
          case when cal_on < ${today} or hl <= 0 or kl <= 0 then ${DUE_STATE.overdue}
            when due_on <= date(${today}, ${days(raw("sd"))}) or hl <= sh * 10 or kl <= sk then ${DUE_STATE.soon} else ${DUE_STATE.normal} end as st
        from picked)
      update ${schedules} set last_on = judged.base_on, last_hours = judged.base_h, last_km = judged.base_km, meter_hours = judged.mh, meter_km = judged.mk,
        avg_hours = judged.secs / ${raw(`${3600 * USE_DAYS}.0`)}, avg_km = judged.ukm / ${raw(`${USE_DAYS}.0`)}, due_on = judged.due_on, due_by = judged.due_by,
        days_left = case when judged.due_on is not null then cast(julianday(judged.due_on) - julianday(${today}) as integer) end,
        hours_left = judged.hl, km_left = judged.kl, due_state = judged.st, urgency = (${DUE_STATE.overdue} - judged.st) || '|' || coalesce(judged.due_on, '~'), computed_on = ${today}
      from judged where judged.id = ${S.id}`,
  ];
}

const DIALECT = new SQLiteAsyncDialect();

/**
 * Statements run as one batch (one transaction): drizzle's D1 batch takes no raw statement, so D1 gets them prepared
 * from the same SQL; libSQL (or a D1 not from getDb) runs them in turn. Answers each statement's result.
 */
async function runBatch(db: Db, statements: SQL[]): Promise<unknown[]> {
  const d1 = d1Binding(db);
  if (!d1) {
    const results: unknown[] = [];
    for (const statement of statements) results.push(await db.run(statement));
    return results;
  }
  return d1.batch(
    statements.map((statement) => {
      const q = DIALECT.sqlToQuery(statement);
      return d1.prepare(q.sql).bind(...q.params);
    }),
  );
}

/** Recomputes the tenant's schedules (all, or those of some machines or plans) as of `today`, in one batch. */
export async function recomputeSchedules(db: Db, tenantId: number, today: string, scope: RecomputeScope = {}): Promise<void> {
  if ((scope.vehicleIds && !scope.vehicleIds.length) || (scope.planIds && !scope.planIds.length)) return;
  await runBatch(db, recomputeStatements(tenantId, today, scope));
}

/** The alarms' kind (app/modules/alarms/alarm.view.ts), its level and the key that makes one a schedule and cycle. */
export const MAINTENANCE_ALARM = { kind: "maintenanceDue", level: 2, keyPrefix: "maintenanceDue:" } as const;

/**
 * One alarm (maintenanceDue) a schedule and due cycle that is overdue under a plan whose reminders are on: its key is
 * the schedule and its cycle's start (the last service's day and meter), so a second run, or the next day's, raises
 * nothing more for that cycle; the next service starts a new one. Answers how many were raised.
 */
export async function raiseMaintenanceAlarms(db: Db, tenantId: number, now: number): Promise<number> {
  const [result] = await runBatch(db, [
    sql`insert into ${alarms} (tenant_id, vehicle_id, hub_key, kind, level, at, detail, created_at)
      select ${S.tenantId}, ${S.vehicleId}, ${MAINTENANCE_ALARM.keyPrefix} || ${S.id} || ':' || ${S.lastOn} || ':' || coalesce(${S.lastHours}, 0) || ':' || coalesce(${S.lastKm}, 0),
        ${MAINTENANCE_ALARM.kind}, ${MAINTENANCE_ALARM.level}, ${now},
        json_object('plan', ${p.name}, 'dueBy', ${S.dueBy}, 'dueOn', ${S.dueOn}, 'meterHours', ${S.meterHours} / 10.0, 'dueHours', (${S.lastHours} + ${p.intervalHours} * 10) / 10.0,
          'meterKm', ${S.meterKm}, 'dueKm', ${S.lastKm} + ${p.intervalKm}), ${now}
      from ${S} join ${declaredAs(maintenancePlans, p)} on ${p.id} = ${S.planId} and ${sameTenant(p, S)}
      where ${ofTenant(S, tenantId)} and ${S.dueState} = ${DUE_STATE.overdue} and ${p.state} = ${PLAN_NOTIFY.on}
      on conflict do nothing`,
  ]);
  return changedRows(result);
}

/** A reading of a machine on a day, as a form posts it: tenths of an hour and km, either may be missing. */
export interface ReadingFigures {
  vehicleId: number;
  day: string;
  hours: number | null;
  km: number | null;
}

/**
 * Why these figures would put the machine's meter backwards, at the fields `hours` and `km`: below the meter the
 * machine shows that day (its readings before and the roll-ups since), or above a later valid reading. The refusal
 * names the figure it may not pass (5,230.5). A service record checked again leaves its own reading out.
 */
export async function backwardsRefusals(db: Db, tenantId: number, f: ReadingFigures, except: MeterExcept = {}): Promise<FieldErrors> {
  const [meter, later] = await Promise.all([meterOn(db, tenantId, f.vehicleId, f.day, except), laterReadings(db, tenantId, f.vehicleId, f.day, except)]);
  const errors: FieldErrors = {};
  if (f.hours !== null && f.hours < meter.hours) errors.hours = `maintenance:hoursBelowMeter|${hoursText(meter.hours)}`;
  else if (f.hours !== null && later.hours !== null && f.hours > later.hours) errors.hours = `maintenance:hoursAboveLater|${hoursText(later.hours)}`;
  if (f.km !== null && f.km < meter.km) errors.km = `maintenance:kmBelowMeter|${kmText(meter.km)}`;
  else if (f.km !== null && later.km !== null && f.km > later.km) errors.km = `maintenance:kmAboveLater|${kmText(later.km)}`;
  return errors;
}

/** Whether the plan covers the machine (its type, or listed), both the tenant's. */
export async function planCovers(db: Db, tenantId: number, planId: number, vehicleId: number): Promise<boolean> {
  const rows = await db.all(sql`select 1 from ${declaredAs(maintenancePlans, p)} join ${declaredAs(vehicles, v)} on ${v.id} = ${vehicleId} and ${sameTenant(v, p)} where ${ofTenant(p, tenantId)} and ${p.id} = ${planId} and ${covers}`);
  return rows.length > 0;
}
