import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, day, ms, money, updatedAt, version } from "./columns";
import { organisations, tenants } from "./tenant";
import { contracts, customers, suppliers } from "./rental";
import { bills } from "./billing";
import { users } from "./auth";

/*
 * The money after the bill (issue 'Rental business II' §3, §4): invoices issued against bills, money received from
 * customers and paid to suppliers with its allocation to bills, settlements that close a contract, and overdue
 * collection (interest accrued by the cron, urge records and the other collection acts with their approval).
 * Money in integer cents, rates in basis points, days as the tenant's `YYYY-MM-DD`.
 */

const tenant = () =>
  integer("tenant_id")
    .notNull()
    .references(() => tenants.id);

export const INVOICE_KINDS = ["special", "ordinary"] as const;
/** the VAT rates an invoice may carry, in basis points (13 %, 9 %, 6 %, 3 %) */
export const INVOICE_RATES_BP = [1300, 900, 600, 300] as const;

/** 发票: a VAT invoice issued to a customer against bills (增值税专用发票 / 普通发票). */
export const invoices = sqliteTable(
  "invoices",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    orgId: integer("org_id").references(() => organisations.id),
    /** the number printed on the invoice */
    number: text("number").notNull(),
    kind: text("kind", { enum: INVOICE_KINDS }).notNull(),
    taxRateBp: integer("tax_rate_bp").notNull(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    contractId: integer("contract_id").references(() => contracts.id),
    issuedOn: day("issued_on").notNull(),
    /** with tax; tax and net: amount = net + tax */
    amountCents: money("amount_cents").notNull(),
    taxCents: money("tax_cents").notNull(),
    netCents: money("net_cents").notNull(),
    /** the scan: file ids, comma-separated */
    attachments: text("attachments"),
    remark: text("remark"),
    /** 0 valid, 1 void (红冲/作废: its amounts no longer count against the bills) */
    state: integer("state").notNull().default(0),
    creatorId: integer("creator_id"),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("invoices_tenant_number_uq").on(t.tenantId, t.number),
    index("invoices_tenant_issued_idx").on(t.tenantId, t.issuedOn),
    index("invoices_customer_idx").on(t.customerId),
    check("invoices_kind", sql`${t.kind} in ('special', 'ordinary')`),
    check("invoices_rate", sql`${t.taxRateBp} in (1300, 900, 600, 300)`),
    check("invoices_sum", sql`${t.amountCents} = ${t.netCents} + ${t.taxCents}`),
  ],
);

/** What an invoice covers of each bill (the sum over a bill's valid invoices never exceeds the bill). */
export const invoiceBills = sqliteTable(
  "invoice_bills",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    billId: integer("bill_id")
      .notNull()
      .references(() => bills.id),
    amountCents: money("amount_cents").notNull(),
  },
  (t) => [uniqueIndex("invoice_bills_uq").on(t.invoiceId, t.billId), index("invoice_bills_bill_idx").on(t.billId), check("invoice_bills_positive", sql`${t.amountCents} > 0`)],
);

export const RECEIPT_METHODS = ["transfer", "cash", "acceptance", "other"] as const;

/**
 * 收付款: money received from a customer (direction `in`, allocated to its bills; what is not allocated is the
 * customer's credit) or paid to a supplier for a sub-contract (`out`).
 */
export const receipts = sqliteTable(
  "receipts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    orgId: integer("org_id").references(() => organisations.id),
    number: text("number").notNull(),
    direction: text("direction", { enum: ["in", "out"] }).notNull(),
    customerId: integer("customer_id").references(() => customers.id),
    supplierId: integer("supplier_id").references(() => suppliers.id),
    contractId: integer("contract_id").references(() => contracts.id),
    receivedOn: day("received_on").notNull(),
    amountCents: money("amount_cents").notNull(),
    /** what its allocations add up to (kept by the allocation's save); the rest is credit */
    allocatedCents: money("allocated_cents").notNull().default(0),
    method: text("method", { enum: RECEIPT_METHODS }).notNull().default("transfer"),
    /** the bank's reference, the acceptance bill's number */
    reference: text("reference"),
    attachments: text("attachments"),
    remark: text("remark"),
    creatorId: integer("creator_id"),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("receipts_tenant_number_uq").on(t.tenantId, t.number),
    index("receipts_tenant_day_idx").on(t.tenantId, t.receivedOn),
    index("receipts_customer_idx").on(t.customerId),
    check("receipts_direction", sql`${t.direction} in ('in', 'out')`),
    check("receipts_positive", sql`${t.amountCents} > 0`),
    check("receipts_allocated", sql`${t.allocatedCents} between 0 and ${t.amountCents}`),
  ],
);

/** A receipt's money put against a bill. */
export const receiptAllocations = sqliteTable(
  "receipt_allocations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    receiptId: integer("receipt_id")
      .notNull()
      .references(() => receipts.id, { onDelete: "cascade" }),
    billId: integer("bill_id")
      .notNull()
      .references(() => bills.id),
    amountCents: money("amount_cents").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("receipt_allocations_receipt_idx").on(t.receiptId), index("receipt_allocations_bill_idx").on(t.billId), check("receipt_allocations_positive", sql`${t.amountCents} > 0`)],
);

/**
 * 结算: a contract's final balance (bills, adjustments, receipts, deposit, fees, interest), or an overtime settlement
 * cleared on its own; through approval; the final one, approved, closes the contract.
 */
export const settlements = sqliteTable(
  "settlements",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    orgId: integer("org_id").references(() => organisations.id),
    number: text("number").notNull(),
    kind: text("kind", { enum: ["final", "overtime"] }).notNull(),
    contractId: integer("contract_id")
      .notNull()
      .references(() => contracts.id),
    rootId: integer("root_id").notNull(),
    customerId: integer("customer_id").references(() => customers.id),
    /** the last day the settlement counts */
    throughOn: day("through_on").notNull(),
    billedCents: money("billed_cents").notNull().default(0),
    adjustmentsCents: money("adjustments_cents").notNull().default(0),
    receivedCents: money("received_cents").notNull().default(0),
    depositCents: money("deposit_cents").notNull().default(0),
    interestCents: money("interest_cents").notNull().default(0),
    /** overtime: the hours and their amount */
    overtimeHours: text("overtime_hours"),
    overtimeCents: money("overtime_cents").notNull().default(0),
    /** what the customer still owes (negative: owed to the customer) */
    balanceCents: money("balance_cents").notNull().default(0),
    /** 0 draft, 1 in approval, 2 approved, 3 refused, 4 abandoned, 5 aborted (an application's states) */
    state: integer("state").notNull().default(0),
    remark: text("remark"),
    creatorId: integer("creator_id"),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("settlements_tenant_number_uq").on(t.tenantId, t.number),
    index("settlements_tenant_created_idx").on(t.tenantId, t.createdAt),
    index("settlements_contract_idx").on(t.rootId),
    check("settlements_kind", sql`${t.kind} in ('final', 'overtime')`),
  ],
);

/** Late-payment interest a bill accrued, one row per bill and day the cron ran over (base × rate × days). */
export const billInterest = sqliteTable(
  "bill_interest",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    billId: integer("bill_id")
      .notNull()
      .references(() => bills.id),
    /** the days accrued, both counted */
    fromOn: day("from_on").notNull(),
    toOn: day("to_on").notNull(),
    /** the unpaid amount the interest ran on, and the daily rate */
    baseCents: money("base_cents").notNull(),
    rateBp: integer("rate_bp").notNull(),
    cents: money("cents").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("bill_interest_bill_day_uq").on(t.billId, t.fromOn), index("bill_interest_tenant_idx").on(t.tenantId, t.toOn)],
);

export const COLLECTION_KINDS = ["urge", "personChange", "delay", "overtimePayment", "badDebt", "lawsuit", "stopMachine"] as const;

/**
 * 逾期处理: what is done about an overdue contract: an urge record (催款: date, way, who, the promise, the next date),
 * a change of the person responsible, a delay application, an overtime payment, a transfer to bad debt, a lawsuit
 * (court, case number, amounts, stage), a proposal to stop machines for non-payment (停机申请: which machines, why; once
 * approved it is a record for the dispatcher, never a command sent to a machine). Each is checked before saving and,
 * except an urge, goes through approval.
 */
export const collectionActions = sqliteTable(
  "collection_actions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    orgId: integer("org_id").references(() => organisations.id),
    contractId: integer("contract_id")
      .notNull()
      .references(() => contracts.id),
    kind: text("kind", { enum: COLLECTION_KINDS }).notNull(),
    actedOn: day("acted_on").notNull(),
    /** urge: phone, visit, letter, lawyer's letter, message */
    way: text("way"),
    /** who is (or becomes) responsible for collecting */
    personId: integer("person_id").references(() => users.id),
    promisedOn: day("promised_on"),
    promisedCents: money("promised_cents"),
    nextOn: day("next_on"),
    /** a delay's new due day; a bad debt's or a lawsuit's amount */
    untilOn: day("until_on"),
    amountCents: money("amount_cents"),
    court: text("court"),
    caseNumber: text("case_number"),
    stage: text("stage"),
    content: text("content").notNull(),
    attachments: text("attachments"),
    /** a stop-machine proposal's machines: a JSON array of vehicle ids on the contract's lines */
    vehicleIds: text("vehicle_ids"),
    /** 0 draft, 1 in approval, 2 approved, 5 refused, 6 abandoned, 7 aborted (an urge is recorded as approved) */
    state: integer("state").notNull().default(0),
    creatorId: integer("creator_id"),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    doneAt: ms("done_at"),
  },
  (t) => [
    index("collection_actions_contract_idx").on(t.contractId, t.actedOn),
    index("collection_actions_tenant_next_idx").on(t.tenantId, t.nextOn),
    // a lawsuit's case number is the tenant's one (migration 0033's trigger and the check before saving look it up)
    index("collection_actions_tenant_case_idx").on(t.tenantId, t.caseNumber),
  ],
);
