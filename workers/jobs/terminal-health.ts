import { eq } from "drizzle-orm";
import { batch, getDb } from "../../db/client";
import { tenants } from "../../db/schema";
import { ENABLED } from "../../db/states";
import { dayOf } from "../../app/lib/tenant-clock";
import { checkInserts, dailyWindow, detect, tenantMachines } from "../../app/modules/terminal-health/detect.server";
import { failureText, type Job, type JobFailure } from "./job";

/** The local hour the terminals are graded: after the night's roll-ups and the maintenance recompute (04:00). */
export const HEALTH_HOUR = 5;

/** The tenant's day when the cron fires at `ms`, if it is its local 05:00; else null. */
export function healthDay(ms: number, timeZone: string): string | null {
  const hour = Number(new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", hourCycle: "h23" }).format(ms));
  return hour === HEALTH_HOUR ? dayOf(ms, timeZone) : null;
}

/**
 * Hourly: each tenant whose local time is 05:00 gets every terminal graded over yesterday (its roll-ups and the hub's
 * live state, app/modules/terminal-health/detect.server.ts), one run a machine and day (trigger `daily`); a
 * sub-healthy or serious run is a health alarm on /stateReport's 健康检测 tab. Run twice, it adds nothing: the second
 * run's rows fall on the unique (machine, day) of daily runs. A tenant that fails is recorded and the others go on.
 */
export const terminalHealth: Job = {
  name: "terminal-health",
  crons: ["0 * * * *"],
  async run(env, { scheduledTime }) {
    const db = getDb(env);
    const all = await db.select({ id: tenants.id, timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.state, ENABLED));
    const ran: number[] = [];
    let graded = 0;
    const failures: JobFailure[] = [];
    for (const t of all) {
      const today = healthDay(scheduledTime, t.timeZone);
      if (!today) continue;
      try {
        const window = dailyWindow(today, t.timeZone);
        const detections = await detect(db, env, t.id, await tenantMachines(db, t.id), window);
        const inserts = checkInserts(db, t.id, detections, { day: today, trigger: "daily", window, creatorId: null });
        if (inserts.length) await batch(db, inserts as [(typeof inserts)[number], ...typeof inserts]);
        graded += detections.length;
        ran.push(t.id);
      } catch (error) {
        console.error(`terminal-health: tenant ${t.id} failed`, error);
        failures.push({ tenantId: t.id, error: failureText(error) });
      }
    }
    return { tenants: ran, graded, ...(failures.length ? { failures } : {}) };
  },
};
