import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, day, ms, money, updatedAt, version } from "./columns";
import { organisations, tenants } from "./tenant";
import { contractLines, contracts, customers } from "./rental";

/*
 * The bills (issue 'Rental business II'): what the bill run makes of a contract's terms and its machines' telemetry,
 * period by period, and the monthly statement the customer signs off. Money in integer cents, rates in basis points,
 * days as the tenant's `YYYY-MM-DD`, instants in UTC milliseconds (db/schema/rental.ts says the same).
 */

const tenant = () =>
  integer("tenant_id")
    .notNull()
    .references(() => tenants.id);

export const BILL_KINDS = ["regular", "adjustment"] as const;

/**
 * 账单: a contract's bill for one period (a settlement month, or a week of spot hire), or an adjustment that corrects a
 * confirmed bill (a bill once confirmed is never changed). `root_id` is the contract's first revision: an amendment
 * does not bill a period twice. The unique index on (tenant, root, period start) for regular bills is what makes a
 * second run of the same period produce nothing.
 */
export const bills = sqliteTable(
  "bills",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    orgId: integer("org_id").references(() => organisations.id),
    /** the contract's number and the period's last day (HT-202611-0009-20261120); an adjustment adds -A1, -A2 … */
    number: text("number").notNull(),
    kind: text("kind", { enum: BILL_KINDS }).notNull().default("regular"),
    /** the revision in force when the bill was made */
    contractId: integer("contract_id")
      .notNull()
      .references(() => contracts.id),
    /** the contract's first revision (its own id when never amended) */
    rootId: integer("root_id").notNull(),
    customerId: integer("customer_id").references(() => customers.id),
    periodFrom: day("period_from").notNull(),
    periodTo: day("period_to").notNull(),
    /** an adjustment: the confirmed bill it corrects */
    adjustsId: integer("adjusts_id"),
    /** 1: the contract's last bill (the deposit is applied, the minimum term billed) */
    final: integer("final").notNull().default(0),
    /** tax included; net = amount − tax */
    amountCents: money("amount_cents").notNull().default(0),
    taxCents: money("tax_cents").notNull().default(0),
    taxRateBp: integer("tax_rate_bp").notNull(),
    /** the day payment falls due: the period's end plus the contract's payment days */
    dueOn: day("due_on").notNull(),
    /** 0 draft (proposals open, run again on new evidence), 1 confirmed (never changed), 2 locked by a confirmed statement */
    state: integer("state").notNull().default(0),
    /** what receipts and invoices have covered of it (kept by their saves) */
    paidCents: money("paid_cents").notNull().default(0),
    invoicedCents: money("invoiced_cents").notNull().default(0),
    remark: text("remark"),
    /** null: the cron's run */
    creatorId: integer("creator_id"),
    confirmedBy: integer("confirmed_by"),
    confirmedAt: ms("confirmed_at"),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("bills_tenant_number_uq").on(t.tenantId, t.number),
    uniqueIndex("bills_regular_period_uq").on(t.tenantId, t.rootId, t.periodFrom).where(sql`kind = 'regular'`),
    // the reports read revenue by period end from this index alone (covering: state, scope, the group keys, the amount)
    index("bills_tenant_period_idx").on(t.tenantId, t.periodTo, t.state, t.orgId, t.rootId, t.customerId, t.final, t.amountCents),
    index("bills_tenant_state_idx").on(t.tenantId, t.state, t.periodTo),
    index("bills_root_idx").on(t.rootId, t.periodFrom),
    index("bills_customer_idx").on(t.customerId, t.dueOn),
    // the bills still owed, by due day: the overdue list, the live map's warning and the workbench read only these (a
    // query names the same two conditions, the states written out, for SQLite to take this index)
    index("bills_owed_due_idx").on(t.tenantId, t.dueOn).where(sql`state in (1, 2) and amount_cents > paid_cents`),
    check("bills_kind", sql`${t.kind} in ('regular', 'adjustment')`),
    check("bills_state", sql`${t.state} in (0, 1, 2)`),
  ],
);

/**
 * What a bill item is: the rule that produced it (the text the bill shows comes from this key). The pricing
 * (app/modules/billing/pricing.ts) writes them; the type is BillRule in app/modules/billing/types.ts.
 */
export const BILL_RULES = ["monthly", "daily", "shift", "shiftOvertime", "hourly", "allowanceOvertime", "idle", "stopRent", "faultDeduction", "outsideUse", "operator", "minTerm", "fee", "instalment", "deposit", "adjustment"] as const;
/** What a bill item's quantity counts (BillUnit). */
export const BILL_UNITS = ["month", "day", "shift", "hour", "item"] as const;
/** The facts a bill item stands on, for the bill's 'why': days, hours, the fee's kind, the days of the term, … */
export type BillBasis = Record<string, string | number | readonly string[]>;

/** One priced item of a bill: quantity × rate (× share) = amount, tax included, and the facts it stands on. */
export const billItems = sqliteTable(
  "bill_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    billId: integer("bill_id")
      .notNull()
      .references(() => bills.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    lineId: integer("line_id").references(() => contractLines.id),
    /** the pricing rule (app/modules/billing/types.ts BillRule); the same text column, typed only (no CHECK) */
    rule: text("rule", { enum: BILL_RULES }).notNull(),
    /** decimal or an exact fraction ("21/30") */
    quantity: text("quantity").notNull(),
    unit: text("unit", { enum: BILL_UNITS }).notNull(),
    rateCents: money("rate_cents").notNull(),
    amountCents: money("amount_cents").notNull(),
    taxRateBp: integer("tax_rate_bp").notNull(),
    taxCents: money("tax_cents").notNull(),
    basis: text("basis", { mode: "json" }).$type<BillBasis>(),
    /** an adjustment's item: the reason the clerk gave */
    note: text("note"),
  },
  (t) => [index("bill_items_bill_idx").on(t.billId, t.seq)],
);

/** A day of a line's telemetry behind a bill: engine hours, km, minutes on the site fence, counted fault minutes. */
export const billEvidence = sqliteTable(
  "bill_evidence",
  {
    tenantId: integer("tenant_id").notNull(),
    billId: integer("bill_id")
      .notNull()
      .references(() => bills.id, { onDelete: "cascade" }),
    lineId: integer("line_id").notNull(),
    day: day("day").notNull(),
    engineHours: real("engine_hours").notNull().default(0),
    km: real("km").notNull().default(0),
    /** null: the contract has no site fence */
    onSiteMinutes: integer("on_site_minutes"),
    /** fault minutes between 08:00 and 22:00 */
    faultMinutes: integer("fault_minutes").notNull().default(0),
    /** 1: no roll-up from the machine that day (terminal offline): no data, which is not idle */
    noData: integer("no_data").notNull().default(0),
    /** the line's out-car records (出车登记) that day: work, whatever the telemetry says */
    calls: integer("calls").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.billId, t.lineId, t.day] })],
);

export const PROPOSAL_KINDS = ["stopRent", "idle", "fault", "overtime", "outside", "onRent", "offRent", "late"] as const;

/** What the evidence suggests for a line of a draft bill; the clerk accepts (it is billed) or rejects it, with a reason. */
export const billProposals = sqliteTable(
  "bill_proposals",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    billId: integer("bill_id")
      .notNull()
      .references(() => bills.id, { onDelete: "cascade" }),
    lineId: integer("line_id").notNull(),
    kind: text("kind", { enum: PROPOSAL_KINDS }).notNull(),
    days: text("days", { mode: "json" }).$type<string[]>().notNull(),
    hours: real("hours"),
    day: day("day"),
    basis: text("basis", { mode: "json" }).$type<Record<string, string | number>>(),
    /** 0 proposed, 1 accepted, 2 rejected */
    state: integer("state").notNull().default(0),
    reason: text("reason"),
    decidedBy: integer("decided_by"),
    decidedAt: ms("decided_at"),
    /** the decision's stale check (billing/bill.server.ts, proposalMachine) */
    version: integer("version").notNull().default(1),
  },
  (t) => [index("bill_proposals_bill_idx").on(t.billId), check("bill_proposals_state", sql`${t.state} in (0, 1, 2)`)],
);

/**
 * 对账单: a contract's bills of a period gathered for the customer's sign-off through a signed link that needs no
 * account. `link_nonce` is in the link's token: revoking the link clears it, sending again makes a new one.
 */
export const statements = sqliteTable(
  "statements",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    orgId: integer("org_id").references(() => organisations.id),
    number: text("number").notNull(),
    contractId: integer("contract_id")
      .notNull()
      .references(() => contracts.id),
    rootId: integer("root_id").notNull(),
    customerId: integer("customer_id").references(() => customers.id),
    periodFrom: day("period_from").notNull(),
    periodTo: day("period_to").notNull(),
    amountCents: money("amount_cents").notNull().default(0),
    /** 0 draft, 1 sent (waiting for the customer), 2 confirmed, 3 disputed */
    state: integer("state").notNull().default(0),
    linkNonce: text("link_nonce"),
    linkExpiresAt: ms("link_expires_at"),
    sentAt: ms("sent_at"),
    /** the name the customer signed with, and when */
    confirmedName: text("confirmed_name"),
    confirmedAt: ms("confirmed_at"),
    creatorId: integer("creator_id"),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("statements_tenant_number_uq").on(t.tenantId, t.number),
    uniqueIndex("statements_root_period_uq").on(t.tenantId, t.rootId, t.periodFrom, t.periodTo),
    index("statements_tenant_created_idx").on(t.tenantId, t.createdAt),
    check("statements_state", sql`${t.state} in (0, 1, 2, 3)`),
  ],
);

export const STATEMENT_EVENTS = ["created", "sent", "viewed", "confirmed", "disputed", "answered", "revoked"] as const;

/** Every step of a statement, with time and who: a user of the tenant, or the customer through the link (signer's name). */
export const statementEvents = sqliteTable(
  "statement_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    statementId: integer("statement_id")
      .notNull()
      .references(() => statements.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: STATEMENT_EVENTS }).notNull(),
    at: ms("at").notNull(),
    userId: integer("user_id"),
    /** the customer's name as typed on the link's page */
    customerName: text("customer_name"),
    /** a disputed or answered item */
    billItemId: integer("bill_item_id"),
    comment: text("comment"),
    /** an answer's adjustment bill */
    adjustmentId: integer("adjustment_id"),
  },
  (t) => [index("statement_events_statement_idx").on(t.statementId, t.at)],
);
