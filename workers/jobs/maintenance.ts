import { eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import { tenants } from "../../db/schema";
import { ENABLED } from "../../db/states";
import { dayOf } from "../../app/lib/tenant-clock";
import { raiseMaintenanceAlarms, recomputeSchedules } from "../../app/modules/maintenance/meters.server";
import { failureText, type Job, type JobFailure } from "./job";

/** The local hour a tenant's maintenance schedules are recomputed: after the night's roll-ups, before the day shift. */
export const MAINTENANCE_HOUR = 4;

/** The tenant's day when the cron fires at `ms`, if it is its local 04:00; else null. */
export function maintenanceDay(ms: number, timeZone: string): string | null {
  const hour = Number(new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", hourCycle: "h23" }).format(ms));
  return hour === MAINTENANCE_HOUR ? dayOf(ms, timeZone) : null;
}

/**
 * Hourly: each tenant whose local time is 04:00 gets its maintenance schedules recomputed for its day (every plan and
 * machine: those newly covered, the meters from yesterday's roll-ups, the forecast due days and the states,
 * app/modules/maintenance/meters.server.ts), then one alarm (maintenanceDue) a schedule and due cycle turned overdue
 * under a plan whose reminders are on. Run twice, it raises nothing twice: an alarm's key is its schedule and cycle.
 * A tenant that fails is recorded (`failures`) and the others go on.
 */
export const maintenance: Job = {
  name: "maintenance",
  crons: ["0 * * * *"],
  async run(env, { scheduledTime }) {
    const db = getDb(env);
    const all = await db.select({ id: tenants.id, timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.state, ENABLED));
    const ran: number[] = [];
    let alarms = 0;
    const failures: JobFailure[] = [];
    for (const t of all) {
      const today = maintenanceDay(scheduledTime, t.timeZone);
      if (!today) continue;
      try {
        await recomputeSchedules(db, t.id, today);
        alarms += await raiseMaintenanceAlarms(db, t.id, scheduledTime);
        ran.push(t.id);
      } catch (error) {
        console.error(`maintenance: tenant ${t.id} failed`, error);
        failures.push({ tenantId: t.id, error: failureText(error) });
      }
    }
    return { tenants: ran, alarms, ...(failures.length ? { failures } : {}) };
  },
};
