import Big from "big.js";
import { and, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { batch, getDb, type Db } from "../../db/client";
import { billInterest, bills, contracts, tenants } from "../../db/schema";
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
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The day through which a tenant accrues when the cron fires at `ms`: its yesterday at its local 03:00, else null. */
export function interestThrough(ms: number, timeZone: string): string | null {
  const hour = Number(new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", hourCycle: "h23" }).format(ms));
  return hour === INTEREST_HOUR ? plusDays(dayOf(ms, timeZone), -1) : null;
}

/** Interest on `baseCents` at `rateBp` a day for `days` days, half up to the cent (big.js: no float on the way). */
export const interestCents = (baseCents: number, rateBp: number, days: number) => Number(new Big(baseCents).times(rateBp).div(10000).times(days).round(0, Big.roundHalfUp).toFixed(0));

/**
 * Accrues one tenant's late interest through `through` (a day of its zone, usually its yesterday): for every owed bill
 * still unpaid after its due day, of a contract whose revision in force has a late rate, one `bill_interest` row
 * covering the days since the last row (or since the day after due) through `through`, on the unpaid amount now. A
 * second run for the same day makes nothing (nothing left to cover, and unique (bill_id, from_on) besides); a bill paid
 * off is not read, so it stops accruing; a part payment lowers the base from the next run on.
 */
export async function accrueInterest(db: Db, o: { tenantId: number; timeZone: string; through: string }): Promise<{ bills: number; cents: number }> {
  void o.timeZone; // the days are the tenant's already (through); kept so the job and the tests name the zone they mean
  const rows = await db
    .select({
      id: bills.id,
      dueOn: bills.dueOn,
      unpaid: sql<number>`${bills.amountCents} - ${bills.paidCents}`,
      rateBp: contracts.lateRateBp,
      last: sql<string | null>`(select max(${billInterest.toOn}) from ${billInterest} where ${billInterest.billId} = ${bills.id})`,
    })
    .from(bills)
    // the revision in force: an amendment may change the rate
    .innerJoin(contracts, and(sameTenant(contracts, bills), sql`coalesce(${contracts.rootId}, ${contracts.id}) = ${bills.rootId}`, eq(contracts.current, 1)))
    .where(tenantWhere(bills, o.tenantId, inArray(bills.state, OWED_STATES), sql`${bills.amountCents} > ${bills.paidCents}`, lt(bills.dueOn, o.through), gt(contracts.lateRateBp, 0)));
  const values: (typeof billInterest.$inferInsert)[] = [];
  for (const r of rows) {
    const from = r.last ? plusDays(r.last, 1) : plusDays(r.dueOn, 1);
    if (from > o.through) continue;
    const days = daysBetween(from, o.through) + 1;
    values.push({ tenantId: o.tenantId, billId: r.id, fromOn: from, toOn: o.through, baseCents: r.unpaid, rateBp: r.rateBp, cents: interestCents(r.unpaid, r.rateBp, days), createdAt: Date.now() });
  }
  // D1 binds at most 100 parameters a statement: 8 columns a row, 12 rows an insert, every insert in one batch
  const inserts = [];
  for (let i = 0; i < values.length; i += 12) inserts.push(db.insert(billInterest).values(values.slice(i, i + 12)).onConflictDoNothing());
  if (inserts.length) await batch(db, inserts as [(typeof inserts)[0], ...typeof inserts]);
  return { bills: values.length, cents: values.reduce((s, v) => s + v.cents, 0) };
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
