/**
 * The daily job's work (workers/jobs/inspection-tasks.ts): a tenant's tasks for a day from its active plans, and the
 * daily and weekly tasks of earlier days left undone marked missed (漏检).
 */
import { and, eq, gte, inArray, isNull, lt, lte, max, notExists, or, sql, sum, type SQL } from "drizzle-orm";
import { batch, changedRows, type Db } from "../../../db/client";
import { vehicleDaily, vehicles } from "../../../db/schema";
import { sameTenant, tenantOfOuter, tenantWhere } from "../../../db/tenant";
import { PLAN_STATE } from "./plan.resource";
import { inspectionPlans, inspectionRecords, inspectionTasks, planVehicles, procedures } from "./tables.server";
import { PROCEDURE_STATE } from "./procedure.resource";
import { isoWeekday, TASK_STATE } from "./task.server";

/**
 * Makes a tenant's tasks for `today` (its day) and marks the daily and weekly tasks of earlier days still open as
 * missed. Two set inserts and an update in one batch; a second run of the same day makes nothing (one task a plan, machine and day,
 * the database's unique index; a plan by use makes one while none of its machine's is open). Answers the tasks made.
 */
export async function makeTasks(db: Db, tenantId: number, today: string, now = Date.now()): Promise<number> {
  // the plans' machines due a task today: an active plan within its days, a machine still the tenant's, a procedure in use
  const due = (when: SQL | undefined) =>
    db
      .select({
        id: sql<number>`null`.as("id"),
        tenantId: inspectionPlans.tenantId,
        planId: inspectionPlans.id,
        vehicleId: planVehicles.vehicleId,
        procedureId: inspectionPlans.procedureId,
        assigneeId: inspectionPlans.assigneeId,
        dueOn: sql<string>`${today}`.as("due_on"),
        retestOf: sql<number>`null`.as("retest_of"),
        recordId: sql<number>`null`.as("record_id"),
        state: sql<number>`${TASK_STATE.pending}`.as("state"),
        createdAt: sql<number>`${now}`.as("created_at"),
      })
      .from(inspectionPlans)
      .innerJoin(planVehicles, and(eq(planVehicles.planId, inspectionPlans.id), sameTenant(planVehicles, inspectionPlans)))
      .innerJoin(vehicles, and(eq(vehicles.id, planVehicles.vehicleId), sameTenant(vehicles, inspectionPlans)))
      .innerJoin(procedures, and(eq(procedures.id, inspectionPlans.procedureId), sameTenant(procedures, inspectionPlans), eq(procedures.state, PROCEDURE_STATE.enabled)))
      .where(tenantWhere(inspectionPlans, tenantId, eq(inspectionPlans.state, PLAN_STATE.active), lte(inspectionPlans.startOn, today), or(isNull(inspectionPlans.endOn), gte(inspectionPlans.endOn, today)), when));

  const byCalendar = db
    .insert(inspectionTasks)
    .select(due(or(eq(inspectionPlans.frequency, "daily"), and(eq(inspectionPlans.frequency, "weekly"), eq(inspectionPlans.weekday, String(isoWeekday(today)))))))
    .onConflictDoNothing();

  // by use: the engine hours or kilometres of the days since the machine's last record of the procedure (or since the
  // plan began), through yesterday (today's roll-up is still growing); one task open at a time
  const lastChecked = db
    .select({ day: max(inspectionRecords.doneOn) })
    .from(inspectionRecords)
    .where(and(tenantOfOuter(inspectionRecords, inspectionPlans), eq(inspectionRecords.vehicleId, planVehicles.vehicleId), eq(inspectionRecords.procedureId, inspectionPlans.procedureId)));
  const used = db
    .select({ used: sql`case ${inspectionPlans.frequency} when 'hours' then coalesce(${sum(vehicleDaily.engineSeconds)}, 0) / 3600.0 else coalesce(${sum(vehicleDaily.mileageKm)}, 0) end` })
    .from(vehicleDaily)
    .where(and(tenantOfOuter(vehicleDaily, inspectionPlans), eq(vehicleDaily.vehicleId, planVehicles.vehicleId), lt(vehicleDaily.day, today), sql`${vehicleDaily.day} > coalesce((${lastChecked}), date(${inspectionPlans.startOn}, '-1 day'))`));
  const open = db
    .select({ one: sql`1` })
    .from(inspectionTasks)
    .where(and(tenantOfOuter(inspectionTasks, inspectionPlans), eq(inspectionTasks.planId, inspectionPlans.id), eq(inspectionTasks.vehicleId, planVehicles.vehicleId), eq(inspectionTasks.state, TASK_STATE.pending)));
  const byUse = db
    .insert(inspectionTasks)
    .select(due(and(inArray(inspectionPlans.frequency, ["hours", "km"]), sql`${inspectionPlans.every} > 0`, notExists(open), sql`(${used}) >= ${inspectionPlans.every}`)))
    .onConflictDoNothing();

  const calendarPlans = db.select({ id: inspectionPlans.id }).from(inspectionPlans).where(tenantWhere(inspectionPlans, tenantId, inArray(inspectionPlans.frequency, ["daily", "weekly"])));
  const missed = db
    .update(inspectionTasks)
    .set({ state: TASK_STATE.missed })
    .where(tenantWhere(inspectionTasks, tenantId, eq(inspectionTasks.state, TASK_STATE.pending), lt(inspectionTasks.dueOn, today), isNull(inspectionTasks.retestOf), inArray(inspectionTasks.planId, calendarPlans)));
  // one batch: a run cut short makes all of the day's tasks or none
  const [calendarMade, useMade] = await batch(db, [byCalendar, byUse, missed]);
  return changedRows(calendarMade) + changedRows(useMade);
}
