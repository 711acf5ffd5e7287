/**
 * A settlement's figures (issue 26 §3), summed by SQL from the bills, their adjustments, their late interest and what
 * receipts paid of them, in the same batch as the save that needs them (the resource's create and update, and the demo
 * seed). Relative imports only: the seed runs this outside the app's build.
 */
import { eq, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../../../db/client";
import { billInterest, billItems, bills, contracts, settlements } from "../../../db/schema";
import { tenantOfOuter, tenantWhere, type TenantRef } from "../../../db/tenant";
import { BILL_STATE } from "~/modules/billing/bills.resource";

/** The numbering of the two kinds: 清算单 QS-…, 超时清算单 CS-…. */
export const SETTLEMENT_NUMBERING = { final: { kind: "settlement", prefix: "QS" }, overtime: { kind: "overtimeSettlement", prefix: "CS" } } as const;

/** The bills a settlement counts: the contract's confirmed (or locked) bills whose period ends by its day. */
const countedBills = (extra?: SQL) => sql`${tenantOfOuter(bills, settlements)} and ${bills.rootId} = ${settlements.rootId} and ${bills.state} > ${sql.raw(String(BILL_STATE.draft))} and ${bills.periodTo} <= ${settlements.throughOn}${extra ? sql` and ${extra}` : sql``}`;
const sumOf = (column: SQL | typeof bills.amountCents, extra?: SQL) => sql`(select coalesce(sum(${column}), 0) from ${bills} where ${countedBills(extra)})`;
const overtimeItems = sql`${billItems.billId} in (select ${bills.id} from ${bills} where ${countedBills()}) and ${billItems.rule} in ('shiftOvertime', 'allowanceOvertime')`;

/** The figures, summed in the save's batch (the row's id may be the batch's `max(id)` on create). */
export function figureWrites(db: Db, tenant: TenantRef, id: number | SQL) {
  const ofContract = (column: SQL | SQLiteColumn) => sql`(select ${column} from ${contracts} where ${contracts.id} = ${settlements.contractId} and ${tenantOfOuter(contracts, settlements)})`;
  return [
    db
      .update(settlements)
      .set({ rootId: ofContract(sql`coalesce(${contracts.rootId}, ${contracts.id})`), customerId: ofContract(contracts.customerId), orgId: ofContract(contracts.orgId) })
      .where(tenantWhere(settlements, tenant, eq(settlements.id, id as number))),
    db
      .update(settlements)
      .set({
        billedCents: sumOf(bills.amountCents, sql`${bills.kind} = 'regular'`),
        adjustmentsCents: sumOf(bills.amountCents, sql`${bills.kind} = 'adjustment'`),
        receivedCents: sumOf(bills.paidCents),
        interestCents: sql`(select coalesce(sum(${billInterest.cents}), 0) from ${billInterest} where ${billInterest.billId} in (select ${bills.id} from ${bills} where ${countedBills()}))`,
        depositCents: sql`(select ${contracts.depositCents} from ${contracts} where ${contracts.id} = ${settlements.contractId})`,
        overtimeCents: sql`(select coalesce(sum(${billItems.amountCents}), 0) from ${billItems} where ${overtimeItems})`,
        overtimeHours: sql`(select printf('%.2f', coalesce(sum(cast(${billItems.quantity} as real)), 0)) from ${billItems} where ${overtimeItems})`,
      })
      .where(tenantWhere(settlements, tenant, eq(settlements.id, id as number))),
    db
      .update(settlements)
      .set({ balanceCents: sql`case ${settlements.kind} when 'final' then ${settlements.billedCents} + ${settlements.adjustmentsCents} + ${settlements.interestCents} - ${settlements.receivedCents} else ${settlements.overtimeCents} end` })
      .where(tenantWhere(settlements, tenant, eq(settlements.id, id as number))),
  ];
}
