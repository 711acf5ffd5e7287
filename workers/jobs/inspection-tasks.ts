import { eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import { tenants } from "../../db/schema";
import { ENABLED } from "../../db/states";
import { todayInZone } from "../../app/lib/tenant-clock";
import { makeTasks } from "../../app/modules/inspections/task-maker.server";
import { failureText, type Job, type JobFailure } from "./job";

/**
 * Hourly: each tenant's inspection tasks for its today (巡检计划 → 个人巡检, docs/maintenance.md). The first run of a
 * local day makes them; the later ones find them made (one task a plan, machine and day) and add only what a plan
 * saved meanwhile or a machine's use since asks for. A tenant that fails is recorded and the others go on.
 */
export const inspectionTasksJob: Job = {
  name: "inspection-tasks",
  crons: ["0 * * * *"],
  async run(env, { scheduledTime }) {
    const db = getDb(env);
    const all = await db.select({ id: tenants.id, timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.state, ENABLED));
    let made = 0;
    const failures: JobFailure[] = [];
    for (const t of all) {
      try {
        made += await makeTasks(db, t.id, todayInZone(t.timeZone, scheduledTime), scheduledTime);
      } catch (error) {
        console.error(`inspection-tasks: tenant ${t.id} failed`, error);
        failures.push({ tenantId: t.id, error: failureText(error) });
      }
    }
    return { tasks: made, ...(failures.length ? { failures } : {}) };
  },
};
