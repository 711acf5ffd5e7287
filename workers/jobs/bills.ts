import { eq } from "drizzle-orm";
import { billRunThrough, runBills } from "../../app/modules/billing/bill-run.server";
import { getDb } from "../../db/client";
import { tenants } from "../../db/schema";
import { failureText, type Job, type JobFailure } from "./job";
import { ENABLED } from "../../db/states";

/**
 * Hourly: each tenant whose local time is 02:00 gets its bills through yesterday (its day complete), for every period
 * that closed and has no bill yet (docs/billing.md). The run is idempotent, so a repeated firing or a local hour that
 * comes twice (a daylight-saving change) bills nothing twice. A tenant or a contract that fails is recorded in the
 * answer's `failures` (the run then fails, docs/jobs.md) and the others are billed all the same.
 */
export const bills: Job = {
  name: "bills",
  crons: ["0 * * * *"],
  async run(env, { scheduledTime }) {
    const db = getDb(env);
    const all = await db.select({ id: tenants.id, timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.state, ENABLED));
    let made = 0;
    let contracts = 0;
    const ran: number[] = [];
    const failures: JobFailure[] = [];
    for (const t of all) {
      try {
        const through = billRunThrough(scheduledTime, t.timeZone);
        if (!through) continue;
        const r = await runBills(db, { tenantId: t.id, timeZone: t.timeZone, through, userId: null });
        made += r.bills;
        contracts += r.contracts;
        ran.push(t.id);
        for (const f of r.failed ?? []) failures.push({ tenantId: t.id, contractId: f.contractId, contract: f.number, error: f.error });
      } catch (error) {
        console.error(`bills: tenant ${t.id} failed`, error);
        failures.push({ tenantId: t.id, error: failureText(error) });
      }
    }
    return { tenants: ran, contracts, bills: made, ...(failures.length ? { failures } : {}) };
  },
};
