// The demo tenant's money after the bills: VAT invoices for most of the confirmed bills that fell due over a month ago,
// and receipts paying the oldest bills in full, one in part, while the newest bill of each age of overdue (0–30, 31–60,
// 61–90 and over 90 days past due) stays unpaid, so the collection screens have something at every age. Runs after the
// bills part; does nothing when the tenant has receipts.
import { and, asc, count, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { bills, invoiceBills, invoices, receiptAllocations, receipts, tenants } from "../../schema";
import { INVOICE_RATES_BP } from "../../schema/finance";
import { batch } from "../../client";
import { addDays, daysFrom } from "../../../app/lib/calendar";
import { todayInZone } from "../../../app/lib/tenant-clock";
import { RECEIPT_NUMBERING } from "../../../app/modules/finance/kinds";
import { invoiceSplit } from "../../../app/modules/finance/money";
import { takeNumber } from "../../../app/modules/numbering/numbering.server";
import type { RentalSeedPart } from "./index";

/** Whole days from `a` to `b` (both `YYYY-MM-DD`). */
const AGES = [
  [0, 30],
  [31, 60],
  [61, 90],
  [91, Number.MAX_SAFE_INTEGER],
] as const;

export const seedReceipts: RentalSeedPart = async (db, ctx) => {
  const [have] = await db.select({ n: count() }).from(receipts).where(eq(receipts.tenantId, ctx.tenantId));
  if (have!.n > 0) return null;
  const [tenant] = await db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, ctx.tenantId));
  const timeZone = tenant?.timeZone ?? "Asia/Shanghai";
  const today = todayInZone(timeZone);
  const settled = await db
    .select({
      id: bills.id,
      orgId: bills.orgId,
      customerId: bills.customerId,
      contractId: bills.contractId,
      periodTo: bills.periodTo,
      dueOn: bills.dueOn,
      amountCents: bills.amountCents,
      taxRateBp: bills.taxRateBp,
      // a contract in force with a machine on rent today, whose unpaid bill the live map flags (the bill's column written
      // out: a one-table select names its columns unqualified, which inside this subquery would be the line's)
      onSite: sql<number>`exists (select 1 from contracts c join contract_lines l on l.contract_id = c.id where c.id = "bills"."contract_id" and c.state = 3 and c.current = 1 and l.vehicle_id is not null and l.on_rent_on <= ${today} and (l.off_rent_on is null or l.off_rent_on >= ${today}))`,
    })
    .from(bills)
    .where(and(eq(bills.tenantId, ctx.tenantId), inArray(bills.state, [1, 2]), isNotNull(bills.customerId), sql`${bills.amountCents} > 0`, sql`${bills.paidCents} = 0`, sql`${bills.invoicedCents} = 0`))
    .orderBy(asc(bills.dueOn), asc(bills.id));
  if (!settled.length) return null;

  // the newest bill of each age of overdue stays unpaid (one of a contract with a machine on site first, for the live
  // map's warning); bills not yet due too
  const kept = new Set<number>();
  for (const [lo, hi] of AGES) {
    const ofAge = settled.filter((b) => daysFrom(b.dueOn, today) >= lo && daysFrom(b.dueOn, today) <= hi);
    const newest = ofAge.filter((b) => b.onSite).at(-1) ?? ofAge.at(-1);
    if (newest) kept.add(newest.id);
  }
  const payable = settled.filter((b) => !kept.has(b.id) && daysFrom(b.dueOn, today) >= 0);
  const partly = payable.at(-1)?.id;

  let invoiced = 0;
  let paid = 0;
  for (const [i, b] of settled.entries()) {
    const writes = [];
    // invoices for most bills due over a month ago: every fifth is left for the clerk
    if (daysFrom(b.dueOn, today) > 30 && i % 5 !== 4) {
      const rate = (INVOICE_RATES_BP as readonly number[]).includes(b.taxRateBp) ? b.taxRateBp : 900;
      const { taxCents, netCents } = invoiceSplit(b.amountCents, rate);
      const number = `${b.periodTo.replace(/-/g, "")}${String(b.id).padStart(4, "0")}`;
      writes.push(
        db.insert(invoices).values({ tenantId: ctx.tenantId, orgId: b.orgId, number, kind: i % 3 === 2 ? "ordinary" : "special", taxRateBp: rate, customerId: b.customerId!, contractId: b.contractId, issuedOn: addDays(b.periodTo, 3), amountCents: b.amountCents, taxCents, netCents, creatorId: ctx.adminId }),
        db.insert(invoiceBills).values({ tenantId: ctx.tenantId, invoiceId: sql`(select max(${invoices.id}) from ${invoices})`, billId: b.id, amountCents: b.amountCents }),
        db
          .update(bills)
          .set({ invoicedCents: b.amountCents })
          .where(eq(bills.id, b.id)),
      );
      invoiced += 1;
    }
    if (payable.some((p) => p.id === b.id)) {
      // the one paid in part pays 40 %; the others in full, a few days before they fell due
      const cents = b.id === partly ? Math.round(b.amountCents * 0.4) : b.amountCents;
      const receivedOn = addDays(b.dueOn, -((b.id % 5) + 1)) > today ? today : addDays(b.dueOn, -((b.id % 5) + 1));
      const { bump, value } = takeNumber(db, ctx.tenantId, RECEIPT_NUMBERING, Date.parse(`${receivedOn}T04:00:00Z`), timeZone);
      writes.push(
        bump,
        db.insert(receipts).values({ tenantId: ctx.tenantId, orgId: b.orgId, number: value, direction: "in", customerId: b.customerId, contractId: b.contractId, receivedOn, amountCents: cents, allocatedCents: cents, method: b.id % 4 === 3 ? "acceptance" : "transfer", reference: `DEMO${String(b.id).padStart(6, "0")}`, creatorId: ctx.adminId }),
        db.insert(receiptAllocations).values({ tenantId: ctx.tenantId, receiptId: sql`(select max(${receipts.id}) from ${receipts})`, billId: b.id, amountCents: cents }),
        db
          .update(bills)
          .set({ paidCents: cents })
          .where(eq(bills.id, b.id)),
      );
      paid += 1;
    }
    if (writes.length) await batch(db, writes as [(typeof writes)[number], ...(typeof writes)[number][]]);
  }
  return `receipts: ${invoiced} invoices, ${paid} receipts (${partly ? 1 : 0} in part), ${kept.size} overdue bills left unpaid`;
};
