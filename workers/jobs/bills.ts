import { eq } from "drizzle-orm";
import { billRunThrough, runBills } from "../../app/modules/billing/bill-run.server";
import { getDb } from "../../db/client";
import { tenants } from "../../db/schema";
import type { Job } from "../scheduled";

/**
 * Hourly: each tenant whose local time is 02:00 gets its bills through yesterday (its day complete), for every period
 * that closed and has no bill yet (docs/billing.md). The run is idempotent, so a repeated firing or a local hour that
 * comes twice (a daylight-saving change) bills nothing twice.
 */
export const bills: Job = {
  name: "bills",
  crons: ["0 * * * *"],
  async run(env, { scheduledTime }) {
    const db = getDb(env);
    const all = await db.select({ id: tenants.id, timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.state, 1));
    let made = 0;
    let contracts = 0;
    const ran: number[] = [];
    for (const t of all) {
      const through = billRunThrough(scheduledTime, t.timeZone);
      if (!through) continue;
      const r = await runBills(db, { tenantId: t.id, timeZone: t.timeZone, through, userId: null });
      made += r.bills;
      contracts += r.contracts;
      ran.push(t.id);
    }
    return { tenants: ran, contracts, bills: made };
  },
};
