/**
 * 塔吊大屏's figures (docs/big-screens.md): the tower cranes of a set of machines (equipment type 3), where each is on
 * rent today and for whom, today's lifts and peak load moment (the hub's roll-ups), the last 24 hours' overload and
 * wind alarms, the ten days' lifts, and the tenant's overload and wind thresholds (告警规则). Live values (load, moment,
 * radius, height, slew, wind) come over the hub.
 */
import { and, desc, eq, gte, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { alarms, contractLines, contracts, customers, vehicleDaily, vehicleModels, vehicles } from "../../../db/schema";
import { rentedOn } from "../../../db/rules/screen-links";
import { ofTenant } from "../../../db/tenant";
import { addDays } from "~/lib/calendar";
import { todayInZone } from "~/lib/tenant-clock";
import { readTenantSettings } from "~/modules/settings/settings.server";
import { ruleSettingsOf } from "../../../workers/fleet-hub/rules";
import { hoursOf, TREND_DAYS, type TowerFigures } from "./wall";
import { inSet, type WallSubject } from "./wall.server";
import { towerStages } from "~/modules/tower-docs/tower-doc.server";

/** equipment_type of a tower crane (spec §3) */
export const TOWER_TYPE = "3";
/** the crane alarms the screen lists */
const CRANE_ALARMS = ["overload", "wind"];
const LATEST_ALARMS = 8;

export async function towerFigures(db: Db, subject: WallSubject, now = Date.now()): Promise<TowerFigures> {
  const { tenantId } = subject;
  const today = todayInZone(subject.timeZone, now);
  const first = addDays(today, -(TREND_DAYS - 1));
  const towerRows = await db
    .select({ id: vehicles.id, plate: vehicles.plate, selfNo: vehicles.selfNo, model: vehicleModels.name })
    .from(vehicles)
    .leftJoin(vehicleModels, eq(vehicleModels.id, vehicles.modelId))
    .where(and(ofTenant(vehicles, tenantId), eq(vehicles.vehicleType, TOWER_TYPE), inSet(subject, vehicles.id)))
    .orderBy(vehicles.selfNo, vehicles.plate);
  const towers: WallSubject = { ...subject, vehicleIds: new Set(towerRows.map((t) => t.id)) };
  const [siteRows, todayRows, trendRows, alarmRows, latest, settings, stages] = await Promise.all([
    db
      .select({ vehicleId: contractLines.vehicleId, site: sql<string | null>`coalesce(${contracts.project}, ${contracts.siteAddress})`, customer: customers.name })
      .from(contractLines)
      .innerJoin(contracts, eq(contracts.id, contractLines.contractId))
      .leftJoin(customers, eq(customers.id, contracts.customerId))
      .where(and(rentedOn(tenantId, today), inSet(towers, contractLines.vehicleId)))
      .orderBy(contractLines.onRentOn),
    db
      .select({ vehicleId: vehicleDaily.vehicleId, lifts: vehicleDaily.lifts, peak: vehicleDaily.peakMoment, engine: vehicleDaily.engineSeconds })
      .from(vehicleDaily)
      .where(and(ofTenant(vehicleDaily, tenantId), eq(vehicleDaily.day, today), inSet(towers, vehicleDaily.vehicleId))),
    db
      .select({ day: vehicleDaily.day, lifts: sql<number>`sum(${vehicleDaily.lifts})` })
      .from(vehicleDaily)
      .where(and(ofTenant(vehicleDaily, tenantId), gte(vehicleDaily.day, first), inSet(towers, vehicleDaily.vehicleId)))
      .groupBy(vehicleDaily.day),
    db
      .select({ vehicleId: alarms.vehicleId, kind: alarms.kind, count: sql<number>`count(*)` })
      .from(alarms)
      .where(and(ofTenant(alarms, tenantId), gte(alarms.at, now - 86_400_000), inArray(alarms.kind, CRANE_ALARMS), inSet(towers, alarms.vehicleId)))
      .groupBy(alarms.vehicleId, alarms.kind),
    db
      .select({ vehicleId: alarms.vehicleId, kind: alarms.kind, at: alarms.at, detail: alarms.detail })
      .from(alarms)
      .where(and(ofTenant(alarms, tenantId), gte(alarms.at, now - 86_400_000), inArray(alarms.kind, CRANE_ALARMS), inSet(towers, alarms.vehicleId)))
      .orderBy(desc(alarms.at))
      .limit(LATEST_ALARMS),
    readTenantSettings(db, tenantId, "telematics", {}),
    towerStages(db, tenantId, towerRows.map((t) => t.id)),
  ]);
  const rules = ruleSettingsOf(settings.values);
  const siteOf = new Map<number, { site: string | null; customer: string | null }>();
  for (const r of siteRows) if (!siteOf.has(r.vehicleId!)) siteOf.set(r.vehicleId!, { site: r.site, customer: r.customer });
  const dayOf = new Map(todayRows.map((r) => [r.vehicleId, r]));
  const alarmsOf = (id: number, kind: string) => Number(alarmRows.find((a) => a.vehicleId === id && a.kind === kind)?.count ?? 0);
  const plateOf = new Map(towerRows.map((t) => [t.id, t.selfNo ?? t.plate]));
  const trendOf = new Map(trendRows.map((r) => [r.day, Number(r.lifts)]));
  return {
    asOf: now,
    timeZone: subject.timeZone,
    towers: towerRows.map((t) => {
      const d = dayOf.get(t.id);
      const s = siteOf.get(t.id);
      return { id: t.id, plate: t.plate, selfNo: t.selfNo, model: t.model, site: s?.site ?? null, customer: s?.customer ?? null, lifts: d?.lifts ?? 0, peakMoment: d?.peak ?? 0, engineHours: hoursOf(d?.engine ?? 0), overloads: alarmsOf(t.id, "overload"), winds: alarmsOf(t.id, "wind"), stage: stages.get(t.id)?.stage ?? null, height: stages.get(t.id)?.height ?? null };
    }),
    latest: latest.map((a) => ({ at: a.at, kind: a.kind as "overload" | "wind", tower: plateOf.get(a.vehicleId) ?? "", value: a.kind === "wind" ? Number(a.detail?.wind ?? 0) : Number(a.detail?.moment ?? 0) })),
    lifts: Array.from({ length: TREND_DAYS }, (_, i) => {
      const day = addDays(first, i);
      return { day, lifts: trendOf.get(day) ?? 0 };
    }),
    overloadPercent: rules.overloadPercent,
    windLimitMs: rules.windLimitMs,
  };
}
