/**
 * 到期提醒's server half: the due list (the schedules as the recompute left them, overdue first then the soonest, of
 * the machines the user sees), and the reads the workbench and the machine's page take from here:
 * `maintenanceDueRead` (the to-do: soon and overdue schedules of plans whose reminders are on) and
 * `maintenanceOfVehicle` (a machine's schedules and its last 10 services).
 */
import { and, asc, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { vehicles } from "../../../db/schema";
import { visibleVehicleIdWhere, visibleVehiclesWhere } from "../../../db/rules/data-scope";
import { sameTenant, tenantOfOuter, tenantWhere } from "../../../db/tenant";
import type { OptionDef } from "~/lib/list/types";
import type { RequestScope } from "~/modules/access/access.server";
import { containing, defineResource, refusedWrites, withLimit } from "~/modules/resource/resource.server";
import { machineLabel, machineMatches } from "~/modules/telematics/vehicle-choice.server";
import { DUE_STATE, hoursText, kmText, leftLabel, meterLabel, PLAN_NOTIFY, usageLabel } from "./maintenance";
import { scheduleView } from "./schedule.resource";
import { maintenancePlans, maintenanceRecords, maintenanceSchedules as S } from "./tables.server";

const plate = machineLabel.as("plate");
const planName = sql<string>`${maintenancePlans.name}`.as("plan_name");

const listed = {
  id: S.id,
  planId: S.planId,
  vehicleId: S.vehicleId,
  plate,
  planName,
  startOn: S.startOn,
  lastOn: S.lastOn,
  lastHours: S.lastHours,
  lastKm: S.lastKm,
  meterHours: S.meterHours,
  meterKm: S.meterKm,
  avgHours: S.avgHours,
  avgKm: S.avgKm,
  dueOn: S.dueOn,
  dueBy: S.dueBy,
  daysLeft: S.daysLeft,
  hoursLeft: S.hoursLeft,
  kmLeft: S.kmLeft,
  dueState: S.dueState,
  computedOn: S.computedOn,
};

/** A schedule as the lists show it: its figures as words in both languages. */
function shownSchedule<R extends { [K in keyof typeof listed]: unknown }>(r: R & { lastOn: string | null; lastHours: number | null; lastKm: number | null; meterHours: number | null; meterKm: number | null; avgHours: number | null; avgKm: number | null; daysLeft: number | null; hoursLeft: number | null; kmLeft: number | null; dueState: number }) {
  const last = meterLabel(r.lastHours, r.lastKm);
  return {
    ...r,
    dueState: String(r.dueState),
    leftText: leftLabel(r),
    meterText: meterLabel(r.meterHours, r.meterKm),
    usageText: usageLabel(r.avgHours, r.avgKm),
    lastText: { zh: `${r.lastOn ?? ""} · ${last.zh}`, en: `${r.lastOn ?? ""} · ${last.en}` },
  };
}

/** The schedules that meet `where`, each with its machine's and its plan's names (the lists' rows). */
const namedSchedules = (db: Db, where: SQL | undefined) =>
  db
    .select(listed)
    .from(S)
    .innerJoin(vehicles, and(eq(vehicles.id, S.vehicleId), sameTenant(vehicles, S)))
    .innerJoin(maintenancePlans, and(eq(maintenancePlans.id, S.planId), sameTenant(maintenancePlans, S)))
    .where(where);
const MOST_URGENT = [asc(S.urgency), asc(S.id)];

/** A schedule is seen with its machine (the user's data scope over machines). */
const inScope = (scope: RequestScope) => visibleVehicleIdWhere(scope, S.vehicleId);

export const scheduleResource = defineResource({
  view: scheduleView,
  table: S,
  selectRows: (db, where, orderBy, limit, offset) => withLimit(namedSchedules(db, where).orderBy(...orderBy).offset(offset), limit),
  mapRows: (rows) => rows.map(shownSchedule),
  filters: {
    // by exists: the list's total is counted from the schedules alone, without the joins
    q: (v) =>
      or(
        machineMatches(S.vehicleId, S, v),
        sql`exists (select 1 from ${maintenancePlans} where ${maintenancePlans.id} = ${S.planId} and ${tenantOfOuter(maintenancePlans, S)} and ${containing(maintenancePlans.name, v)})`,
      ),
    dueState: (v) => (/^[012]$/.test(v) ? eq(S.dueState, Number(v)) : undefined),
    planId: (v) => (/^\d{1,12}$/.test(v) ? eq(S.planId, Number(v)) : undefined),
  },
  sortColumns: {},
  // overdue first (the longest overdue first), then due soon and normal by their forecast day; none forecast last
  defaultOrder: MOST_URGENT,
  ...refusedWrites,
  // the detail (?view=): its figures written out; units are in the fields' labels
  editValues: async (scope, row) => {
    const [names] = await namedSchedules(scope.db, tenantWhere(S, scope, eq(S.id, row.id)));
    const h = (n: number | null) => (n === null ? null : hoursText(n));
    const k = (n: number | null) => (n === null ? null : kmText(n));
    return {
      plate: names?.plate,
      planName: names?.planName,
      dueState: String(row.dueState),
      meterHours: h(row.meterHours),
      meterKm: k(row.meterKm),
      lastHours: h(row.lastHours),
      lastKm: k(row.lastKm),
      hoursLeft: h(row.hoursLeft),
      kmLeft: k(row.kmLeft),
      avgHours: row.avgHours === null ? null : hoursText(Math.round(row.avgHours * 10)),
      avgKm: row.avgKm === null ? null : kmText(Math.round(row.avgKm)),
    };
  },
  auditView: (row) => row,
  scopeWhere: inScope,
});

/** The plans as the due list's and the records' filters offer them. */
export async function planFilterOptions(scope: RequestScope): Promise<Record<string, OptionDef[]>> {
  const plans = await scope.db.select({ id: maintenancePlans.id, name: maintenancePlans.name }).from(maintenancePlans).where(tenantWhere(maintenancePlans, scope)).orderBy(asc(maintenancePlans.name));
  return { planId: plans.map((p) => ({ value: String(p.id), label: { zh: p.name, en: p.name } })) };
}

/**
 * The workbench's to-do: the schedules overdue or due soon under plans whose reminders are on, of the machines the
 * user sees, overdue first (the longest overdue first) then the soonest; none read (`limit` 0) without 保养计划. The
 * days left are counted from `today` (the recompute's may be the day before). Aliased columns: in the workbench's D1
 * batch rows come back by column name.
 */
export function maintenanceDueRead(scope: RequestScope, today: string, limit: number) {
  return scope.db
    .select({
      id: S.id,
      vehicleId: sql<number>`${S.vehicleId}`.as("mdue_vehicle_id"),
      plate: sql<string>`${vehicles.plate}`.as("mdue_plate"),
      planName: sql<string>`${maintenancePlans.name}`.as("mdue_plan"),
      dueState: S.dueState,
      dueBy: S.dueBy,
      dueOn: S.dueOn,
      daysLeft: sql<number | null>`cast(julianday(${S.dueOn}) - julianday(${today}) as integer)`.as("mdue_days_left"),
      hoursLeft: S.hoursLeft,
      kmLeft: S.kmLeft,
    })
    .from(S)
    .innerJoin(vehicles, and(eq(vehicles.id, S.vehicleId), sameTenant(vehicles, S)))
    .innerJoin(maintenancePlans, and(eq(maintenancePlans.id, S.planId), sameTenant(maintenancePlans, S)))
    .where(tenantWhere(S, scope, inArray(S.dueState, [DUE_STATE.soon, DUE_STATE.overdue]), eq(maintenancePlans.state, PLAN_NOTIFY.on), visibleVehiclesWhere(scope), limit > 0 ? undefined : sql`0`))
    .orderBy(...MOST_URGENT)
    .limit(Math.max(limit, 1));
}

/** A machine's schedules (every plan that covers it, the most urgent first) and its last 10 services: its page's 保养 tab. */
export async function maintenanceOfVehicle(scope: RequestScope, vehicleId: number) {
  const visible = and(eq(vehicles.id, vehicleId), visibleVehiclesWhere(scope));
  const [schedules, records] = await Promise.all([
    namedSchedules(scope.db, tenantWhere(S, scope, eq(S.vehicleId, vehicleId), visible)).orderBy(...MOST_URGENT),
    scope.db
      .select({
        id: maintenanceRecords.id,
        number: maintenanceRecords.number,
        serviceOn: maintenanceRecords.serviceOn,
        planName,
        hours: maintenanceRecords.hours,
        km: maintenanceRecords.km,
        doneBy: maintenanceRecords.doneBy,
        cost: maintenanceRecords.cost,
      })
      .from(maintenanceRecords)
      .innerJoin(vehicles, and(eq(vehicles.id, maintenanceRecords.vehicleId), sameTenant(vehicles, maintenanceRecords)))
      .innerJoin(maintenancePlans, and(eq(maintenancePlans.id, maintenanceRecords.planId), sameTenant(maintenancePlans, maintenanceRecords)))
      .where(tenantWhere(maintenanceRecords, scope, eq(maintenanceRecords.vehicleId, vehicleId), visible))
      .orderBy(desc(maintenanceRecords.serviceOn), desc(maintenanceRecords.id))
      .limit(10),
  ]);
  return { schedules: schedules.map(shownSchedule), records };
}
export type VehicleMaintenance = Awaited<ReturnType<typeof maintenanceOfVehicle>>;

/** A plan's schedules for its page (the machines it covers that the user sees), the most urgent first. */
export async function planScheduleRows(scope: RequestScope, planId: number) {
  const rows = await namedSchedules(scope.db, tenantWhere(S, scope, eq(S.planId, planId), visibleVehiclesWhere(scope)))
    .orderBy(...MOST_URGENT)
    .limit(200);
  return rows.map(shownSchedule);
}
export type ScheduleRow = Awaited<ReturnType<typeof planScheduleRows>>[number];
