/**
 * The wind screens' figures (docs/big-screens.md): the projects shown (those in progress, or the one asked for), each
 * with its cranes and the wind each may lift in, its turbine positions and their stages, its stop-work hours (this
 * month and in all) and whether it is stopped now; the latest stops of the last 7 days; the last 24 hours' wind alarms
 * of their cranes. The cranes' wind readings come live over the hub.
 */
import { and, asc, count, eq, gte, inArray, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { alarms, customers, vehicleModels, vehicles } from "../../../db/schema";
import { ofTenant, sameTenant } from "../../../db/tenant";
import { addDays } from "~/lib/calendar";
import { formatZonedTime, todayInZone } from "~/lib/tenant-clock";
import { readTenantSettings } from "~/modules/settings/settings.server";
import { ruleSettingsOf } from "../../../workers/fleet-hub/rules";
import { WIND_STATE } from "./wind-project.resource";
import { windProjectCranes, windProjectPositions, windProjects, windProjectStops } from "./wind-project.server";
import type { WindFigures, WindStop } from "./wind";

/** the stops listed beside the projects */
const LATEST_STOPS = 8;
const STOPS_DAYS = 7;

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
/** a stop's hours (one decimal): to − from on its day; 0 while it has no end */
export const stopHours = (from: string, to: string | null) => (to && to > from ? Math.round((minutesOf(to) - minutesOf(from)) / 6) / 10 : 0);
const tenths = (n: number | null) => (n === null ? null : n / 10);

export interface WindSubject {
  tenantId: number;
  timeZone: string;
  /** the user's data scope over projects (windScopeWhere), none for the whole tenant */
  scopeWhere: SQL | undefined;
  /** one project (any state), or every project in progress */
  projectId: number | null;
}

export async function windFigures(db: Db, subject: WindSubject, now = Date.now()): Promise<WindFigures> {
  const { tenantId, timeZone } = subject;
  const today = todayInZone(timeZone, now);
  const nowTime = formatZonedTime(now, timeZone).slice(11, 16);
  const [heads, settings] = await Promise.all([
    db
      .select({
        id: windProjects.id,
        number: windProjects.number,
        name: windProjects.name,
        owner: customers.name,
        site: windProjects.site,
        turbineModel: windProjects.turbineModel,
        capacityMw: windProjects.capacityMw,
        startOn: windProjects.startOn,
        plannedEndOn: windProjects.plannedEndOn,
        windLimit: windProjects.windLimit,
        state: windProjects.state,
      })
      .from(windProjects)
      .leftJoin(customers, and(eq(customers.id, windProjects.ownerId), sameTenant(customers, windProjects)))
      .where(and(ofTenant(windProjects, tenantId), subject.projectId === null ? eq(windProjects.state, WIND_STATE.active) : eq(windProjects.id, subject.projectId), subject.scopeWhere))
      .orderBy(asc(windProjects.startOn), asc(windProjects.id)),
    readTenantSettings(db, tenantId, "telematics", {}),
  ]);
  const rules = ruleSettingsOf(settings.values);
  const ids = heads.map((h) => h.id);
  const [craneRows, positionRows, stopRows] = ids.length
    ? await Promise.all([
        db
          .select({ projectId: windProjectCranes.projectId, vehicleId: windProjectCranes.vehicleId, role: windProjectCranes.role, windLimit: windProjectCranes.windLimit, plate: vehicles.plate, selfNo: vehicles.selfNo, model: vehicleModels.name })
          .from(windProjectCranes)
          .innerJoin(vehicles, and(eq(vehicles.id, windProjectCranes.vehicleId), sameTenant(vehicles, windProjectCranes)))
          .leftJoin(vehicleModels, and(eq(vehicleModels.id, vehicles.modelId), sameTenant(vehicleModels, vehicles)))
          .where(and(ofTenant(windProjectCranes, tenantId), inArray(windProjectCranes.projectId, ids)))
          .orderBy(asc(windProjectCranes.projectId), asc(windProjectCranes.position)),
        db
          .select({ projectId: windProjectPositions.projectId, positionNo: windProjectPositions.positionNo, stage: windProjectPositions.stage, hubHeight: windProjectPositions.hubHeight, doneOn: windProjectPositions.doneOn })
          .from(windProjectPositions)
          .where(and(ofTenant(windProjectPositions, tenantId), inArray(windProjectPositions.projectId, ids)))
          .orderBy(asc(windProjectPositions.projectId), asc(windProjectPositions.position)),
        db
          .select({ projectId: windProjectStops.projectId, stopOn: windProjectStops.stopOn, fromTime: windProjectStops.fromTime, toTime: windProjectStops.toTime, reason: windProjectStops.reason, windSpeed: windProjectStops.windSpeed })
          .from(windProjectStops)
          .where(and(ofTenant(windProjectStops, tenantId), inArray(windProjectStops.projectId, ids)))
          .orderBy(asc(windProjectStops.projectId), asc(windProjectStops.position)),
      ])
    : [[], [], []];
  const craneIds = [...new Set(craneRows.map((c) => c.vehicleId))];
  const [winds] = craneIds.length
    ? await db
        .select({ n: count() })
        .from(alarms)
        .where(and(ofTenant(alarms, tenantId), eq(alarms.kind, "wind"), gte(alarms.at, now - 86_400_000), inArray(alarms.vehicleId, craneIds)))
    : [{ n: 0 }];
  const month = today.slice(0, 7);
  const weekAgo = addDays(today, -(STOPS_DAYS - 1));
  const allStops: (WindStop & { sortKey: string })[] = [];
  const projects = heads.map((h) => {
    const projectLimit = tenths(h.windLimit);
    const stops = stopRows
      .filter((s) => s.projectId === h.id)
      .map((s) => ({ project: h.name, stopOn: s.stopOn, fromTime: s.fromTime, toTime: s.toTime, reason: s.reason, windSpeed: tenths(s.windSpeed), hours: stopHours(s.fromTime, s.toTime) }));
    for (const s of stops) if (s.stopOn >= weekAgo && s.stopOn <= today) allStops.push({ ...s, sortKey: `${s.stopOn}T${s.fromTime}` });
    const stoppedNow = stops.find((s) => s.stopOn === today && s.fromTime <= nowTime && (s.toTime === null || s.toTime > nowTime)) ?? null;
    return {
      id: h.id,
      number: h.number,
      name: h.name,
      owner: h.owner,
      site: h.site,
      turbineModel: h.turbineModel,
      capacityMw: h.capacityMw === null ? null : h.capacityMw / 100,
      startOn: h.startOn,
      plannedEndOn: h.plannedEndOn,
      ended: h.state === WIND_STATE.ended,
      cranes: craneRows
        .filter((c) => c.projectId === h.id)
        .map((c) => ({ vehicleId: c.vehicleId, plate: c.plate, selfNo: c.selfNo, model: c.model, role: c.role, limitMs: tenths(c.windLimit) ?? projectLimit ?? rules.windLimitMs })),
      positions: positionRows.filter((p) => p.projectId === h.id).map((p) => ({ positionNo: p.positionNo, stage: Number(p.stage), hubHeight: tenths(p.hubHeight), doneOn: p.doneOn })),
      stopHoursMonth: Math.round(stops.filter((s) => s.stopOn.startsWith(month)).reduce((sum, s) => sum + s.hours, 0) * 10) / 10,
      stopHoursTotal: Math.round(stops.reduce((sum, s) => sum + s.hours, 0) * 10) / 10,
      stopCount: stops.length,
      stoppedNow,
    };
  });
  allStops.sort((a, b) => (a.sortKey < b.sortKey ? 1 : a.sortKey > b.sortKey ? -1 : 0));
  return {
    asOf: now,
    timeZone,
    today,
    projects,
    stops: allStops.slice(0, LATEST_STOPS).map(({ sortKey: _k, ...s }) => s),
    winds24h: Number(winds?.n ?? 0),
    windLimitMs: rules.windLimitMs,
  };
}
