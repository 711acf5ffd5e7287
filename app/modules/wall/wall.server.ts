/**
 * The big screens' figures (docs/big-screens.md), for any set of machines: the signed-in user's data scope, or what a
 * screen link shows. Live state (positions, running / stopped / offline, the online buckets) comes over the hub; this
 * is what the business database knows: the machines and their age, today's and the last ten days' roll-ups (the hub
 * flushes them every minute), sites at work, the last 24 hours' alarms, and a customer's machines and statement.
 */
import { and, desc, eq, gte, inArray, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../../../db/client";
import { alarms, bills, contractLines, contracts, customers, fleetDaily, statements, vehicleDaily, vehicleModels, vehicles } from "../../../db/schema";
import { rentedOn } from "../../../db/rules/screen-links";
import { ofTenant } from "../../../db/tenant";
import { STATEMENT_STATE } from "../../../db/states";
import { addDays, daysFrom } from "~/lib/calendar";
import { todayInZone } from "~/lib/tenant-clock";
import { loadMapConfig } from "~/modules/settings/map-config.server";
import { iconsOf, modelIconRows } from "~/modules/monitor/monitor.server";
import type { MonitorVehicle } from "~/modules/monitor/monitor";
import { OWED_BILL_STATES } from "~/modules/overdue/ageing.server";
import { TREND_DAYS, ALARM_KINDS_CHARTED, ageBucket, hoursOf as hours, type AgeBucket, type CustomerFigures, type WallFigures } from "./wall";

/** Whose machines a screen shows. */
export interface WallSubject {
  tenantId: number;
  timeZone: string;
  /** "all": every machine of the tenant (machines added later included) */
  vehicleIds: Set<number> | "all";
}

/** The machines of the set, as one condition on a vehicle id column (one bound JSON list: D1 binds at most 100). */
export function inSet(subject: WallSubject, column: SQLiteColumn): SQL {
  if (subject.vehicleIds === "all") return sql`1 = 1`;
  return sql`${column} in (select value from json_each(${JSON.stringify([...subject.vehicleIds])}))`;
}

/** What every big screen shows of a set of machines. */
export async function wallFigures(db: Db, subject: WallSubject, now = Date.now()): Promise<WallFigures> {
  const { tenantId } = subject;
  const today = todayInZone(subject.timeZone, now);
  const first = addDays(today, -(TREND_DAYS - 1));
  const [machineRows, todayRows, trendRows, siteRows, alarmRows, mapConfig, iconRows] = await Promise.all([
    db
      .select({ id: vehicles.id, plate: vehicles.plate, terminalNo: vehicles.terminalNo, selfNo: vehicles.selfNo, orgId: vehicles.orgId, modelId: vehicles.modelId, made: vehicles.manufactureDate })
      .from(vehicles)
      .where(and(ofTenant(vehicles, tenantId), inSet(subject, vehicles.id)))
      .orderBy(vehicles.plate),
    db
      .select({ engine: sql<number>`coalesce(sum(${vehicleDaily.engineSeconds}), 0)`, km: sql<number>`coalesce(sum(${vehicleDaily.mileageKm}), 0)`, working: sql<number>`coalesce(sum(${vehicleDaily.engineSeconds} > 0), 0)` })
      .from(vehicleDaily)
      .where(and(ofTenant(vehicleDaily, tenantId), eq(vehicleDaily.day, today), inSet(subject, vehicleDaily.vehicleId))),
    // the whole tenant reads its organisations' fleet days (one row an organisation a day), a set its machines' days
    subject.vehicleIds === "all"
      ? db
          .select({ day: fleetDaily.day, engine: sql<number>`sum(${fleetDaily.engineSeconds})`, km: sql<number>`sum(${fleetDaily.mileageKm})`, working: sql<number>`sum(${fleetDaily.machinesWorking})` })
          .from(fleetDaily)
          .where(and(ofTenant(fleetDaily, tenantId), gte(fleetDaily.day, first)))
          .groupBy(fleetDaily.day)
      : db
          .select({ day: vehicleDaily.day, engine: sql<number>`sum(${vehicleDaily.engineSeconds})`, km: sql<number>`sum(${vehicleDaily.mileageKm})`, working: sql<number>`sum(${vehicleDaily.engineSeconds} > 0)` })
          .from(vehicleDaily)
          .where(and(ofTenant(vehicleDaily, tenantId), gte(vehicleDaily.day, first), inSet(subject, vehicleDaily.vehicleId)))
          .groupBy(vehicleDaily.day),
    db
      .select({ sites: sql<number>`count(distinct coalesce(${contracts.rootId}, ${contracts.id}))` })
      .from(contractLines)
      .innerJoin(contracts, eq(contracts.id, contractLines.contractId))
      .where(and(rentedOn(tenantId, today), inSet(subject, contractLines.vehicleId))),
    db
      .select({ kind: alarms.kind, count: sql<number>`count(*)` })
      .from(alarms)
      .where(and(ofTenant(alarms, tenantId), gte(alarms.at, now - 86_400_000), inSet(subject, alarms.vehicleId)))
      .groupBy(alarms.kind)
      .orderBy(desc(sql`count(*)`), alarms.kind),
    loadMapConfig(db, tenantId),
    modelIconRows(db, tenantId),
  ]);
  const ages: Record<AgeBucket, number> = { under3: 0, from3to6: 0, over6: 0, unknown: 0 };
  for (const m of machineRows) ages[ageBucket(m.made, today)]++;
  const byDay = new Map(trendRows.map((r) => [r.day, r]));
  const trend = Array.from({ length: TREND_DAYS }, (_, i) => {
    const day = addDays(first, i);
    const r = byDay.get(day);
    return { day, engineHours: hours(r?.engine ?? 0), km: round1(r?.km ?? 0), working: Number(r?.working ?? 0) };
  });
  // at most four kinds charted (spec §5); the rest as one 其他
  const kinds = alarmRows.slice(0, ALARM_KINDS_CHARTED).map((r) => ({ kind: r.kind, count: Number(r.count) }));
  const rest = alarmRows.slice(ALARM_KINDS_CHARTED).reduce((s, r) => s + Number(r.count), 0);
  if (rest) kinds.push({ kind: "other", count: rest });
  const t = todayRows[0];
  const list: MonitorVehicle[] = machineRows.map((v) => [v.id, v.plate, v.terminalNo, v.selfNo, v.orgId, v.modelId]);
  return {
    asOf: now,
    today,
    timeZone: subject.timeZone,
    vehicles: list,
    ages,
    todayFigures: { engineHours: hours(t?.engine ?? 0), km: round1(t?.km ?? 0), working: Number(t?.working ?? 0) },
    sites: Number(siteRows[0]?.sites ?? 0),
    alarms: { total: alarmRows.reduce((s, r) => s + Number(r.count), 0), kinds },
    trend,
    mapConfig,
    icons: iconsOf(iconRows, new Set(list.map((v) => v[5]))),
  };
}

/** A customer's own screen: their machines on rent today with this month's hours and days on site, and their money. */
export async function customerFigures(db: Db, subject: WallSubject, customerId: number, now = Date.now()): Promise<CustomerFigures | null> {
  const { tenantId } = subject;
  const today = todayInZone(subject.timeZone, now);
  const monthStart = `${today.slice(0, 7)}-01`;
  const [customer] = await db.select({ name: customers.name }).from(customers).where(and(ofTenant(customers, tenantId), eq(customers.id, customerId)));
  if (!customer) return null;
  const [lines, hoursRows, statementRows, owedRows] = await Promise.all([
    db
      .select({ vehicleId: contractLines.vehicleId, plate: vehicles.plate, model: vehicleModels.name, project: contracts.project, site: contracts.siteAddress, contract: contracts.number, onRentOn: contractLines.onRentOn })
      .from(contractLines)
      .innerJoin(contracts, eq(contracts.id, contractLines.contractId))
      .innerJoin(vehicles, and(eq(vehicles.id, contractLines.vehicleId), ofTenant(vehicles, tenantId)))
      .leftJoin(vehicleModels, eq(vehicleModels.id, vehicles.modelId))
      .where(and(rentedOn(tenantId, today), eq(contracts.customerId, customerId), inSet(subject, contractLines.vehicleId)))
      .orderBy(vehicles.plate, contractLines.onRentOn),
    db
      .select({ vehicleId: vehicleDaily.vehicleId, engine: sql<number>`sum(${vehicleDaily.engineSeconds})` })
      .from(vehicleDaily)
      .where(and(ofTenant(vehicleDaily, tenantId), gte(vehicleDaily.day, monthStart), sql`${vehicleDaily.day} <= ${today}`, inSet(subject, vehicleDaily.vehicleId)))
      .groupBy(vehicleDaily.vehicleId),
    db
      .select({ number: statements.number, periodFrom: statements.periodFrom, periodTo: statements.periodTo, amountCents: statements.amountCents, state: statements.state })
      .from(statements)
      .where(and(ofTenant(statements, tenantId), eq(statements.customerId, customerId), inArray(statements.state, [STATEMENT_STATE.sent, STATEMENT_STATE.confirmed, STATEMENT_STATE.disputed])))
      .orderBy(desc(statements.periodTo), desc(statements.id))
      .limit(1),
    db
      .select({ owed: sql<number>`coalesce(sum(${bills.amountCents} - ${bills.paidCents}), 0)` })
      .from(bills)
      .where(and(ofTenant(bills, tenantId), eq(bills.customerId, customerId), inArray(bills.state, [...OWED_BILL_STATES]), sql`${bills.amountCents} > ${bills.paidCents}`)),
  ]);
  const hoursOf = new Map(hoursRows.map((r) => [r.vehicleId, Number(r.engine)]));
  // a machine on two lines today (one ended today, another began) is shown once, from its earliest line
  const seen = new Set<number>();
  const machines = lines
    .filter((l) => !seen.has(l.vehicleId!) && seen.add(l.vehicleId!))
    .map((l) => ({
      vehicleId: l.vehicleId!,
      plate: l.plate,
      model: l.model,
      site: l.project ?? l.site,
      contract: l.contract,
      onRentOn: l.onRentOn,
      hoursMonth: hours(hoursOf.get(l.vehicleId!) ?? 0),
      // days on site this month: from the later of the month's first day and the on-rent day, to today, both counted
      daysMonth: daysFrom(l.onRentOn > monthStart ? l.onRentOn : monthStart, today) + 1,
    }));
  return { customerId, name: customer.name, month: today.slice(0, 7), machines, statement: statementRows[0] ?? null, owedCents: Number(owedRows[0]?.owed ?? 0) };
}

const round1 = (n: number) => Math.round(Number(n) * 10) / 10;
