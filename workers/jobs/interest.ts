import { and, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { batch, getDb, type Db } from "../../db/client";
import { bills, contracts, receiptAllocations, tenants } from "../../db/schema";
import { interestWrites } from "../../app/modules/overdue/interest.server";
import { sameTenant, tenantWhere } from "../../db/tenant";
import { dayOf } from "../../app/lib/tenant-clock";
import { failureText, type Job, type JobFailure } from "./job";
import { ENABLED, SETTLED_BILL_STATES } from "../../db/states";

/** The local hour a tenant's interest accrues: after the bill run (02:00), so a bill confirmed late still counts. */
export const INTEREST_HOUR = 3;
/** bills confirmed or locked by a statement: a draft is not owed yet */
const OWED_STATES = SETTLED_BILL_STATES;

/** `YYYY-MM-DD` plus n days (UTC arithmetic on the calendar day: no zone, no DST). */
export function plusDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The day through which a tenant accrues when the cron fires at `ms`: its yesterday at its local 03:00, else null. */
export function interestThrough(ms: number, timeZone: string): string | null {
  const hour = Number(new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", hourCycle: "h23" }).format(ms));
  return hour === INTEREST_HOUR ? plusDays(dayOf(ms, timeZone), -1) : null;
}

/** How long a bill paid off stays in the job's reach after its last allocation (a repair, should a receipt's own rewrite have failed). */
const RECENT_MS = 3 * 86_400_000;

/**
 * Brings one tenant's late interest to its schedules through `through` (a day of its zone, usually its yesterday): every
 * owed bill still unpaid after its due day, of a contract whose revision in force has a late rate, and every bill a
 * receipt paid in the last days, gets its interest by the value date of its money (interest.ts): each day from the day
 * after due up to the day the money came, on what was still owed that day. A receipt saved or deleted rewrites its bills'
 * schedules itself; this run carries the owed ones a day on. Nothing changes when the schedule stands (a second run of
 * the same day makes nothing). Answers the bills whose schedule changed and the interest they now carry.
 */
export async function accrueInterest(db: Db, o: { tenantId: number; timeZone: string; through: string }): Promise<{ bills: number; cents: number }> {
  void o.timeZone; // the days are the tenant's already (through); kept so the job and the tests name the zone they mean
  const since = Date.now() - RECENT_MS;
  const rows = await db
    .select({ id: bills.id })
    .from(bills)
    // the revision in force: an amendment may change the rate
    .innerJoin(contracts, and(sameTenant(contracts, bills), sql`coalesce(${contracts.rootId}, ${contracts.id}) = ${bills.rootId}`, eq(contracts.current, 1)))
    .where(
      tenantWhere(
        bills,
        o.tenantId,
        inArray(bills.state, OWED_STATES),
        lt(bills.dueOn, o.through),
        gt(contracts.lateRateBp, 0),
        sql`(${bills.amountCents} > ${bills.paidCents} or exists (select 1 from ${receiptAllocations} a where a.bill_id = ${bills.id} and a.created_at >= ${since}))`,
      ),
    );
  let made = 0;
  let cents = 0;
  // a few hundred bills a rewrite: each reads its bills and allocations in one batch and writes in another
  for (let i = 0; i < rows.length; i += 200) {
    const r = await interestWrites(
      db,
      o.tenantId,
      rows.slice(i, i + 200).map((b) => b.id),
      { through: o.through },
    );
    const [first, ...rest] = r.writes;
    if (first) await batch(db, [first, ...rest]);
    made += r.bills;
    cents += r.cents;
  }
  return { bills: made, cents };
}

/**
 * Hourly: each tenant whose local time is 03:00 accrues its late interest through its yesterday (docs/overdue.md). A
 * tenant that fails is recorded in the answer's `failures` (the run then fails) and the others accrue all the same.
 */
export const interest: Job = {
  name: "interest",
  crons: ["0 * * * *"],
  async run(env, { scheduledTime }) {
    const db = getDb(env);
    const all = await db.select({ id: tenants.id, timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.state, ENABLED));
    let made = 0;
    let cents = 0;
    const ran: number[] = [];
    const failures: JobFailure[] = [];
    for (const t of all) {
      try {
        const through = interestThrough(scheduledTime, t.timeZone);
        if (!through) continue;
        const r = await accrueInterest(db, { tenantId: t.id, timeZone: t.timeZone, through });
        made += r.bills;
        cents += r.cents;
        ran.push(t.id);
      } catch (error) {
        console.error(`interest: tenant ${t.id} failed`, error);
        failures.push({ tenantId: t.id, error: failureText(error) });
      }
    }
    return { tenants: ran, bills: made, cents, ...(failures.length ? { failures } : {}) };
  },
};
