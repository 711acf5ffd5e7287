/**
 * A bill's late interest stored as its schedule (`bill_interest`, one row a run of days on one base: interest.ts),
 * written again whole whenever what it stands on changes: by the daily job for the bills still owed, and in the very
 * batch that saves or deletes a receipt for the bills it pays (so a receipt entered late or backdated puts the interest
 * right at once). Only a schedule that differs is rewritten.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { batch, idList, type Db } from "../../../db/client";
import { billInterest, bills, contracts, receiptAllocations, receipts } from "../../../db/schema";
import { SETTLED_BILL_STATES } from "../../../db/states";
import { sameTenant, tenantWhere, withTenant } from "../../../db/tenant";
import { interestSchedule, type InterestSegment } from "./interest";
import { daysBetween } from "~/modules/contracts/value";

type Allocation = { billId: number; cents: number };

export interface InterestChange {
  /** the day the schedules run through (the tenant's yesterday): a bill still owed accrues up to it */
  through: string;
  /** a receipt being saved in the same batch: its day and the money it puts on bills */
  adding?: { receivedOn: string; allocations: readonly Allocation[] };
  /** receipts being deleted in the same batch: their money no longer counts */
  removing?: readonly number[];
}

const same = (a: readonly InterestSegment[], b: readonly { fromOn: string; toOn: string; baseCents: number; cents: number }[]) =>
  a.length === b.length && a.every((s, i) => s.fromOn === b[i]!.fromOn && s.toOn === b[i]!.toOn && s.baseCents === b[i]!.baseCents && s.cents === b[i]!.cents);

/**
 * The writes that bring the bills' stored interest to their schedules through `through` (delete and insert, for the
 * bills whose schedule changed), with how many changed and the interest they now carry. A draft (not owed yet) and a
 * contract without a late rate carry none.
 */
export async function interestWrites(db: Db, tenantId: number, billIds: readonly number[], change: InterestChange): Promise<{ writes: PromiseLike<unknown>[]; bills: number; cents: number }> {
  const ids = [...new Set(billIds)];
  if (!ids.length) return { writes: [], bills: 0, cents: 0 };
  const [heads, paid, stored] = await batch(db, [
    db
      .select({ id: bills.id, amountCents: bills.amountCents, dueOn: bills.dueOn, state: bills.state, rateBp: contracts.lateRateBp })
      .from(bills)
      // the revision in force: an amendment may change the rate
      .innerJoin(contracts, and(sameTenant(contracts, bills), sql`coalesce(${contracts.rootId}, ${contracts.id}) = ${bills.rootId}`, eq(contracts.current, 1)))
      .where(tenantWhere(bills, tenantId, inArray(bills.id, idList(ids)))),
    db
      .select({ billId: receiptAllocations.billId, receiptId: receipts.id, on: receipts.receivedOn, cents: receiptAllocations.amountCents })
      .from(receiptAllocations)
      .innerJoin(receipts, and(eq(receipts.id, receiptAllocations.receiptId), sameTenant(receipts, receiptAllocations)))
      .where(tenantWhere(receiptAllocations, tenantId, inArray(receiptAllocations.billId, idList(ids)))),
    db
      .select({ billId: billInterest.billId, fromOn: billInterest.fromOn, toOn: billInterest.toOn, baseCents: billInterest.baseCents, cents: billInterest.cents })
      .from(billInterest)
      .where(tenantWhere(billInterest, tenantId, inArray(billInterest.billId, idList(ids))))
      .orderBy(billInterest.billId, billInterest.fromOn),
  ]);
  const removing = new Set(change.removing ?? []);
  const writes: PromiseLike<unknown>[] = [];
  let changed = 0;
  let cents = 0;
  for (const b of heads) {
    const payments = paid.filter((p) => p.billId === b.id && !removing.has(p.receiptId)).map((p) => ({ on: p.on, cents: p.cents }));
    for (const a of change.adding?.allocations ?? []) if (a.billId === b.id) payments.push({ on: change.adding!.receivedOn, cents: a.cents });
    const owed = (SETTLED_BILL_STATES as readonly number[]).includes(b.state);
    const schedule = owed ? interestSchedule({ amountCents: b.amountCents, dueOn: b.dueOn, rateBp: b.rateBp, payments }, change.through) : [];
    const before = stored.filter((r) => r.billId === b.id);
    if (same(schedule, before)) continue;
    changed++;
    cents += schedule.reduce((s, r) => s + r.cents, 0);
    writes.push(db.delete(billInterest).where(tenantWhere(billInterest, tenantId, eq(billInterest.billId, b.id))));
    // D1 binds at most 100 parameters a statement: 8 columns a row
    for (let i = 0; i < schedule.length; i += 12)
      writes.push(
        db.insert(billInterest).values(
          schedule.slice(i, i + 12).map((s) => withTenant(tenantId, { billId: b.id, fromOn: s.fromOn, toOn: s.toOn, baseCents: s.baseCents, rateBp: b.rateBp, cents: s.cents, createdAt: Date.now() })),
        ),
      );
  }
  return { writes, bills: changed, cents };
}

/** A contract's interest as its runs of days (bill, days, base, rate, interest), for the page that shows how it was reached. */
export async function interestRunsOf(db: Db, tenantId: number, rootId: number) {
  const rows = await db
    .select({ billNumber: bills.number, dueOn: bills.dueOn, fromOn: billInterest.fromOn, toOn: billInterest.toOn, baseCents: billInterest.baseCents, rateBp: billInterest.rateBp, cents: billInterest.cents })
    .from(billInterest)
    .innerJoin(bills, and(eq(bills.id, billInterest.billId), sameTenant(bills, billInterest)))
    .where(tenantWhere(billInterest, tenantId, eq(bills.rootId, rootId)))
    .orderBy(bills.dueOn, bills.id, billInterest.fromOn)
    .limit(500);
  return rows.map((r) => ({ ...r, days: daysBetween(r.fromOn, r.toOn) }));
}
