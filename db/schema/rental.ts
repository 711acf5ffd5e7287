import { sql } from "drizzle-orm";
import { check, index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, day, money, updatedAt, version } from "./columns";
import { users } from "./auth";
import { organisations, tenants } from "./tenant";
import { fences, vehicles } from "./telematics";

/*
 * The rental business (issue 'Rental business I'): the parties (customers, suppliers, leads, visits, satisfaction),
 * contracts of every kind with their equipment lines, one-off fees, payment plan and cost register, out-car records,
 * temporary crane applications and prize nominations.
 *
 * Money is integer cents (分) in `*_cents` columns, rates too (a monthly rate of ¥38,000.00 is 3800000); percentages
 * are basis points (`*_bp`: 9 % tax is 900, a 70 % idle rate 7000). Calendar dates of the trade (signing, on-rent,
 * due) are the tenant's days as `YYYY-MM-DD` text (`day()`), instants are UTC milliseconds. Every table carries its
 * tenant; rows that a user's data scope limits carry the organisation they belong to.
 */

const tenant = () =>
  integer("tenant_id")
    .notNull()
    .references(() => tenants.id);

/** 客户: a company, a person or a government body that rents from the tenant. */
export const customers = sqliteTable(
  "customers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    /** the organisation that serves the customer (data scope) */
    orgId: integer("org_id").references(() => organisations.id),
    name: text("name").notNull(),
    kind: text("kind", { enum: ["enterprise", "personal", "government"] }).notNull(),
    /** 统一社会信用代码: 18 characters, checked (GB 32100-2015 check character); none for a person */
    creditCode: text("credit_code"),
    address: text("address"),
    /** 信用额度; null: no limit */
    creditLimitCents: money("credit_limit_cents"),
    /** payment terms: days after a bill's date */
    paymentDays: integer("payment_days").notNull().default(30),
    /** the account manager */
    managerId: integer("manager_id").references(() => users.id),
    /** licence scans and other attachments: file ids, comma-separated */
    attachments: text("attachments"),
    remark: text("remark"),
    /** 1 enabled, 0 disabled */
    state: integer("state").notNull().default(1),
    creatorId: integer("creator_id"),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("customers_tenant_name_uq").on(t.tenantId, t.name),
    index("customers_tenant_created_idx").on(t.tenantId, t.createdAt),
    check("customers_kind", sql`${t.kind} in ('enterprise', 'personal', 'government')`),
  ],
);

/** A customer's contact person (several; one may be the main one). */
export const customerContacts = sqliteTable(
  "customer_contacts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** mobile or landline (spec §5) */
    phone: text("phone").notNull(),
    title: text("title"),
    isMain: integer("is_main").notNull().default(0),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [index("customer_contacts_customer_idx").on(t.customerId, t.sort)],
);

/** 供应商: equipment hire, installation/dismantling, transport, parts; tower-crane suppliers and installers flagged. */
export const suppliers = sqliteTable(
  "suppliers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    name: text("name").notNull(),
    kind: text("kind", { enum: ["enterprise", "personal"] }).notNull(),
    creditCode: text("credit_code"),
    address: text("address"),
    /** what they supply: hire, install, transport, parts (comma-separated) */
    supplies: text("supplies").notNull().default(""),
    /** 1: a tower-crane supplier or installer (/supplier-tower) */
    tower: integer("tower").notNull().default(0),
    paymentDays: integer("payment_days").notNull().default(30),
    attachments: text("attachments"),
    remark: text("remark"),
    state: integer("state").notNull().default(1),
    creatorId: integer("creator_id"),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("suppliers_tenant_name_uq").on(t.tenantId, t.name),
    index("suppliers_tenant_created_idx").on(t.tenantId, t.tower, t.createdAt),
    check("suppliers_kind", sql`${t.kind} in ('enterprise', 'personal')`),
  ],
);

export const supplierContacts = sqliteTable(
  "supplier_contacts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    supplierId: integer("supplier_id")
      .notNull()
      .references(() => suppliers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    title: text("title"),
    isMain: integer("is_main").notNull().default(0),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [index("supplier_contacts_supplier_idx").on(t.supplierId, t.sort)],
);

/** A supplier's qualification certificate; the list warns 30 days before it expires. */
export const supplierCertificates = sqliteTable(
  "supplier_certificates",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    supplierId: integer("supplier_id")
      .notNull()
      .references(() => suppliers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    number: text("number"),
    /** the body that issued it (住建委, 交通运输局) */
    issuer: text("issuer"),
    expiresOn: day("expires_on"),
    fileId: text("file_id"),
  },
  (t) => [index("supplier_certificates_supplier_idx").on(t.supplierId), index("supplier_certificates_expiry_idx").on(t.tenantId, t.expiresOn)],
);

/** 商机: an opportunity from first contact to won (a draft contract) or lost. */
export const leads = sqliteTable(
  "leads",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    orgId: integer("org_id").references(() => organisations.id),
    title: text("title").notNull(),
    /** a known customer, or only the prospect's name */
    customerId: integer("customer_id").references(() => customers.id),
    prospect: text("prospect"),
    /** 0 first contact, 1 needs known, 2 quoted, 3 negotiating, 4 won, 5 lost */
    stage: integer("stage").notNull().default(0),
    expectedCents: money("expected_cents"),
    equipmentWanted: text("equipment_wanted"),
    site: text("site"),
    expectedStart: day("expected_start"),
    expectedEnd: day("expected_end"),
    ownerId: integer("owner_id").references(() => users.id),
    lostReason: text("lost_reason"),
    remark: text("remark"),
    /** the draft contract a won lead became */
    contractId: integer("contract_id"),
    creatorId: integer("creator_id"),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("leads_tenant_created_idx").on(t.tenantId, t.createdAt), index("leads_tenant_stage_idx").on(t.tenantId, t.stage, t.createdAt)],
);

/** 客户拜访: a visit to a customer. */
export const customerVisits = sqliteTable(
  "customer_visits",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    contactId: integer("contact_id").references(() => customerContacts.id, { onDelete: "set null" }),
    visitedOn: day("visited_on").notNull(),
    purpose: text("purpose").notNull(),
    content: text("content"),
    nextStep: text("next_step"),
    photos: text("photos"),
    visitorId: integer("visitor_id").references(() => users.id),
    creatorId: integer("creator_id"),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("customer_visits_tenant_day_idx").on(t.tenantId, t.visitedOn), index("customer_visits_customer_idx").on(t.customerId, t.visitedOn)],
);

/** The tenant's satisfaction questions (the template), scored 1–5. */
export const satisfactionQuestions = sqliteTable(
  "satisfaction_questions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    text: text("text").notNull(),
    sort: integer("sort").notNull().default(0),
    enabled: integer("enabled").notNull().default(1),
  },
  (t) => [index("satisfaction_questions_tenant_idx").on(t.tenantId, t.sort)],
);

/** A filled satisfaction form of a customer; its average (hundredths) is kept for the per-customer and per-month figures. */
export const satisfactionForms = sqliteTable(
  "satisfaction_forms",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    answeredOn: day("answered_on").notNull(),
    respondent: text("respondent"),
    /** the answers' mean × 100 (4.25 → 425) */
    average: integer("average").notNull(),
    comment: text("comment"),
    creatorId: integer("creator_id"),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("satisfaction_forms_tenant_day_idx").on(t.tenantId, t.answeredOn), index("satisfaction_forms_customer_idx").on(t.customerId)],
);

export const satisfactionAnswers = sqliteTable(
  "satisfaction_answers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    formId: integer("form_id")
      .notNull()
      .references(() => satisfactionForms.id, { onDelete: "cascade" }),
    questionId: integer("question_id")
      .notNull()
      .references(() => satisfactionQuestions.id),
    score: integer("score").notNull(),
  },
  (t) => [uniqueIndex("satisfaction_answers_form_question_uq").on(t.formId, t.questionId), check("satisfaction_answers_score", sql`${t.score} between 1 and 5`)],
);

export const DAY_COUNTS = ["thirty", "calendar"] as const;
export const PRICE_TAX = ["included", "excluded"] as const;
export const CONTRACT_KINDS = ["rental", "spot", "bare", "charter", "rentToOwn", "project", "subcontract"] as const;

/**
 * A contract of any kind (租赁, 零租, 光租, 包租, 以租代售, 项目, 分包/租入). A sub-contract rents in from a supplier and
 * names the customer contract it serves. An amendment is a new row with the same number and the next `revision`,
 * `rootId` naming the first; the one in force is `current = 1`.
 */
export const contracts = sqliteTable(
  "contracts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    orgId: integer("org_id").references(() => organisations.id),
    number: text("number").notNull(),
    revision: integer("revision").notNull().default(1),
    rootId: integer("root_id"),
    current: integer("current").notNull().default(1),
    kind: text("kind", { enum: CONTRACT_KINDS }).notNull(),
    name: text("name").notNull(),
    customerId: integer("customer_id").references(() => customers.id),
    supplierId: integer("supplier_id").references(() => suppliers.id),
    /** a sub-contract's customer contract */
    parentId: integer("parent_id"),
    leadId: integer("lead_id"),
    project: text("project"),
    siteAddress: text("site_address"),
    siteLng: real("site_lng"),
    siteLat: real("site_lat"),
    /** the site fence the bills count on-site days from */
    siteFenceId: integer("site_fence_id").references(() => fences.id),
    /** 1: the bill run proposes each line's on-rent and off-rent days from the first entry to and last exit from the site fence */
    fenceRentDates: integer("fence_rent_dates").notNull().default(0),
    signedOn: day("signed_on"),
    startOn: day("start_on").notNull(),
    plannedEndOn: day("planned_end_on"),
    /** the day it ended (completed, terminated early) */
    endedOn: day("ended_on"),
    /** the minimum term in days: an early end bills up to it */
    minTermDays: integer("min_term_days"),
    /** the minimum term in whole months (six months is six months, not 184 days); one of the two at most */
    minTermMonths: integer("min_term_months"),
    /** the clause of the contract the early-end top-up cites (第5条) */
    minTermClause: text("min_term_clause"),
    /** how a day's rent is taken from the monthly rate: ÷ 30 ('thirty') or ÷ the settlement month's days ('calendar') */
    dayCount: text("day_count", { enum: DAY_COUNTS }).notNull().default("thirty"),
    /** 含税价 ('included': the tax is within each price) or 不含税价 ('excluded': each item's tax is added) */
    priceTax: text("price_tax", { enum: PRICE_TAX }).notNull().default("included"),
    /** 结算日: the day of the month a monthly bill closes (1–31; 31 = the month's last day) */
    settlementDay: integer("settlement_day").notNull().default(31),
    paymentDays: integer("payment_days").notNull().default(30),
    depositCents: money("deposit_cents").notNull().default(0),
    taxRateBp: integer("tax_rate_bp").notNull().default(900),
    /** late-payment interest per day overdue, in basis points of the unpaid amount (0.3 % a day is 30) */
    lateRateBp: integer("late_rate_bp").notNull().default(0),
    /** the fixed price of a charter or project; the purchase price a rent-to-own counts toward */
    fixedCents: money("fixed_cents"),
    purchaseCents: money("purchase_cents"),
    /** the contract's value, computed on save: the fixed price, or the lines' rent over the planned term plus the fees (credit exposure, the plan's total) */
    valueCents: money("value_cents").notNull().default(0),
    salesmanId: integer("salesman_id").references(() => users.id),
    attachments: text("attachments"),
    remark: text("remark"),
    /** 0 draft, 1 in approval, 2 approved, 3 executing, 4 completed, 5 refused, 6 abandoned, 7 aborted, 8 stopped, 9 terminated early */
    state: integer("state").notNull().default(0),
    stateReason: text("state_reason"),
    /** a customer over its credit limit: the reason given when saving (approval adds a step) */
    overCreditReason: text("over_credit_reason"),
    creatorId: integer("creator_id"),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("contracts_tenant_number_rev_uq").on(t.tenantId, t.number, t.revision),
    index("contracts_tenant_created_idx").on(t.tenantId, t.current, t.createdAt),
    index("contracts_tenant_state_idx").on(t.tenantId, t.current, t.state, t.createdAt),
    // 合同列表 by state, sorted by the start day (a clerk's 执行中 contracts by start): walked, not sorted, at 100,000 contracts
    index("contracts_tenant_state_start_idx").on(t.tenantId, t.current, t.state, t.startOn),
    // 合同列表 sorted by a column header without a filter: each sortable column's own index (ending with the rowid, the
    // sort's tie-break) is walked for the page; without them SQLite sorted all 100,000 contracts, 30–70 ms a page
    // (tests/worker/list-sort-plans)
    index("contracts_tenant_number_idx").on(t.tenantId, t.current, t.number),
    index("contracts_tenant_start_idx").on(t.tenantId, t.current, t.startOn),
    index("contracts_tenant_end_idx").on(t.tenantId, t.current, t.plannedEndOn),
    index("contracts_tenant_name_idx").on(t.tenantId, t.current, t.name),
    index("contracts_tenant_state_id_idx").on(t.tenantId, t.current, t.state),
    index("contracts_customer_idx").on(t.customerId, t.current),
    index("contracts_parent_idx").on(t.parentId),
    check("contracts_kind", sql`${t.kind} in ('rental', 'spot', 'bare', 'charter', 'rentToOwn', 'project', 'subcontract')`),
    check("contracts_day_count", sql`${t.dayCount} in ('thirty', 'calendar')`),
    check("contracts_price_tax", sql`${t.priceTax} in ('included', 'excluded')`),
    check("contracts_settlement_day", sql`${t.settlementDay} between 1 and 31`),
  ],
);

/**
 * A contract's equipment line: a vehicle of the fleet or an equipment type to assign later, and its price terms (any
 * of them; null = not part of this line's terms), with its own on-rent and off-rent days.
 */
export const contractLines = sqliteTable(
  "contract_lines",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    contractId: integer("contract_id")
      .notNull()
      .references(() => contracts.id, { onDelete: "cascade" }),
    lineNo: integer("line_no").notNull(),
    vehicleId: integer("vehicle_id").references(() => vehicles.id),
    /** equipment_type dictionary value, when no vehicle is assigned yet */
    equipmentType: text("equipment_type"),
    /** tonnage or model wanted, as the customer says it */
    spec: text("spec"),
    monthlyCents: money("monthly_cents"),
    dailyCents: money("daily_cents"),
    /** 台班 (a shift of `shift_hours`, part shifts pro-rated) and its overtime per hour */
    shiftCents: money("shift_cents"),
    shiftHours: integer("shift_hours").notNull().default(8),
    shiftOvertimeCents: money("shift_overtime_cents"),
    hourlyCents: money("hourly_cents"),
    minHoursPerCall: real("min_hours_per_call"),
    /** engine-hour allowance per day or month and the rate above it */
    allowanceHours: real("allowance_hours"),
    allowancePer: text("allowance_per", { enum: ["day", "month"] }),
    allowanceOvertimeCents: money("allowance_overtime_cents"),
    /** 停滞期 rate as a share of the monthly rate (7000 = 70 %) */
    idleRateBp: integer("idle_rate_bp"),
    /** 1: each cumulative 8 h of fault is one day off, hours between 22:00 and 08:00 not counted */
    faultDeduction: integer("fault_deduction").notNull().default(0),
    operators: integer("operators").notNull().default(0),
    operatorMonthlyCents: money("operator_monthly_cents"),
    /** a sub-contract line: what the tenant pays the supplier, beside the sell price */
    costMonthlyCents: money("cost_monthly_cents"),
    onRentOn: day("on_rent_on").notNull(),
    offRentOn: day("off_rent_on"),
    remark: text("remark"),
  },
  (t) => [
    uniqueIndex("contract_lines_contract_no_uq").on(t.contractId, t.lineNo),
    // a machine's lines by day, the tenant first: the board's, the clash check's and the rental history's way in (with the
    // tenant's day index beside it, a board page read every line the tenant ever had before 300,000 lines)
    index("contract_lines_tenant_vehicle_idx").on(t.tenantId, t.vehicleId, t.onRentOn),
    index("contract_lines_tenant_idx").on(t.tenantId, t.onRentOn),
    check("contract_lines_allowance_per", sql`${t.allowancePer} is null or ${t.allowancePer} in ('day', 'month')`),
  ],
);

export const FEE_KINDS = ["entry", "exit", "install", "dismantle", "jacking", "wallTie", "transport", "other"] as const;

/** A one-off fee (进场, 退场, 安装, 拆卸, 顶升加节, 附墙, 运输): billed with the month it happens in. */
export const contractFees = sqliteTable(
  "contract_fees",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    contractId: integer("contract_id")
      .notNull()
      .references(() => contracts.id, { onDelete: "cascade" }),
    lineId: integer("line_id").references(() => contractLines.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: FEE_KINDS }).notNull(),
    amountCents: money("amount_cents").notNull(),
    /** the day it happens: billed with that month */
    feeOn: day("fee_on"),
    remark: text("remark"),
  },
  (t) => [index("contract_fees_contract_idx").on(t.contractId)],
);

/** 付款计划: a contract's instalments. */
export const contractPlans = sqliteTable(
  "contract_plans",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    contractId: integer("contract_id")
      .notNull()
      .references(() => contracts.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    dueOn: day("due_on").notNull(),
    amountCents: money("amount_cents").notNull(),
    remark: text("remark"),
  },
  (t) => [uniqueIndex("contract_plans_contract_seq_uq").on(t.contractId, t.seq), index("contract_plans_tenant_due_idx").on(t.tenantId, t.dueOn)],
);

export const COST_KINDS = ["transport", "install", "repair", "insurance", "wages", "subcontract", "other"] as const;

/** 合同设备成本: a cost booked against a contract (and a line), giving the contract's margin. */
export const contractCosts = sqliteTable(
  "contract_costs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    contractId: integer("contract_id")
      .notNull()
      .references(() => contracts.id),
    lineId: integer("line_id").references(() => contractLines.id, { onDelete: "set null" }),
    kind: text("kind", { enum: COST_KINDS }).notNull(),
    amountCents: money("amount_cents").notNull(),
    occurredOn: day("occurred_on").notNull(),
    supplierId: integer("supplier_id").references(() => suppliers.id),
    remark: text("remark"),
    /** the invoice or receipt scans: file ids, comma-separated */
    attachments: text("attachments"),
    creatorId: integer("creator_id"),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // covering for the revenue report's cost side: the day range, the contract and line it is booked to, the amount
    index("contract_costs_tenant_day_idx").on(t.tenantId, t.occurredOn, t.contractId, t.lineId, t.amountCents),
    index("contract_costs_contract_idx").on(t.contractId),
  ],
);

/** 出车登记: one trip of a machine for a contract line. */
export const outcarRecords = sqliteTable(
  "outcar_records",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    orgId: integer("org_id").references(() => organisations.id),
    contractId: integer("contract_id")
      .notNull()
      .references(() => contracts.id),
    lineId: integer("line_id").references(() => contractLines.id),
    vehicleId: integer("vehicle_id")
      .notNull()
      .references(() => vehicles.id),
    /** the tenant's day of the trip (the calendar's N条出车登记) */
    tripOn: day("trip_on").notNull(),
    operators: text("operators"),
    site: text("site"),
    departAt: integer("depart_at"),
    returnAt: integer("return_at"),
    engineHoursStart: real("engine_hours_start"),
    engineHoursEnd: real("engine_hours_end"),
    kmStart: real("km_start"),
    kmEnd: real("km_end"),
    fuelL: real("fuel_l"),
    work: text("work"),
    /** the customer's site signature: a photo's file id, or the signer's name */
    signatureFileId: text("signature_file_id"),
    signer: text("signer"),
    remark: text("remark"),
    creatorId: integer("creator_id"),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("outcar_records_tenant_day_idx").on(t.tenantId, t.tripOn),
    index("outcar_records_contract_idx").on(t.contractId, t.tripOn),
    index("outcar_records_vehicle_idx").on(t.vehicleId, t.tripOn),
  ],
);

/** 临时吊车申请: a site asks for an extra crane for some days; approved, it becomes a spot-hire contract or a project line. */
export const tempCraneApplications = sqliteTable(
  "temp_crane_applications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    orgId: integer("org_id").references(() => organisations.id),
    number: text("number").notNull(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    /** the project contract it adds a line to, if any */
    contractId: integer("contract_id").references(() => contracts.id),
    equipmentType: text("equipment_type"),
    spec: text("spec"),
    site: text("site"),
    fromOn: day("from_on").notNull(),
    toOn: day("to_on").notNull(),
    reason: text("reason").notNull(),
    /** 0 draft, 1 in approval, 2 approved, 3 refused, 4 abandoned, 5 aborted */
    state: integer("state").notNull().default(0),
    /** what approval produced: a spot-hire contract, or the line added to `contractId` */
    resultContractId: integer("result_contract_id"),
    creatorId: integer("creator_id"),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("temp_crane_tenant_number_uq").on(t.tenantId, t.number), index("temp_crane_tenant_created_idx").on(t.tenantId, t.createdAt)],
);

/** 评优提名: a member of staff nominated for a reward on a contract. */
export const prizeNominations = sqliteTable(
  "prize_nominations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    nomineeId: integer("nominee_id")
      .notNull()
      .references(() => users.id),
    contractId: integer("contract_id")
      .notNull()
      .references(() => contracts.id),
    reason: text("reason").notNull(),
    amountCents: money("amount_cents").notNull(),
    /** 0 draft, 1 in approval, 2 approved, 3 refused, 4 abandoned, 5 aborted */
    state: integer("state").notNull().default(0),
    creatorId: integer("creator_id"),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("prize_nominations_tenant_created_idx").on(t.tenantId, t.createdAt)],
);
