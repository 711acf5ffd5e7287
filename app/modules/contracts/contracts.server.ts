/**
 * The contract document's server half: the list, the one-batch save of the head with its lines, fees and payment
 * plan (value computed on save), the judge-status checks before saving (dates, lines, double booking, credit limit,
 * the plan's total), the transitions and the approval kind, amendments.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { FORM_MAX_ROWS } from "~/lib/posted-form";
import { alias } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { approvalRecords, contractFees, contractLines, contractPlans, contracts, customers, fences, leads, organisations, suppliers, users, vehicles } from "../../../db/schema";
import { CONTRACT_KINDS, DAY_COUNTS, FEE_KINDS, PRICE_TAX } from "../../../db/schema/rental";
import { batch, declaredAs } from "../../../db/client";
import { isUniqueFailure } from "../../../db/guard";
import { assignableOrgsWhere, visibleOrgRowWhere, visibleVehiclesWhere } from "../../../db/rules/data-scope";
import { ofTenant, sameTenant, tenantWhere, withTenant } from "../../../db/tenant";
import { centsOf, formatCents, percentOfBp } from "~/lib/cents";
import { isBusinessDay, parseDay } from "~/lib/calendar";
import { day, line as oneLine, note, optionalDay } from "~/lib/form-fields";
import { ftsPhrase } from "~/lib/list/search";
import { todayInZone } from "~/lib/tenant-clock";
import { expiredCertificates } from "~/modules/certificates/certificate-gate.server";
import { machineChoicesRead } from "~/modules/telematics/vehicle-choice.server";
import type { Message } from "~/i18n/keys";
import type { RequestScope } from "~/modules/access/access.server";
import { customerExposure } from "~/modules/parties/exposure.server";
import { containing, defineResource, type FieldErrors, referenceContaining, withLimit } from "~/modules/resource/resource.server";
import type { Option } from "~/modules/resource/route.server";
import { approvalPlan, documentFlows, pendingRead, progressOf, type ApprovalKind, type ApprovalRecord } from "~/modules/workflow/approval.server";
import { transitionIntents, type Machine } from "~/modules/workflow/engine.server";
import type { Refusal } from "~/modules/workflow/machine";
import { VEHICLE_TYPES } from "~/modules/telematics/vehicle-types";
import { lineClashes } from "./availability.server";
import { contractSheetLines, formCents as cents, formText as s, lineFormValues } from "./contract-sheet.server";
import { CONTRACT_APPROVE_CODE, CONTRACT_STATE, contractStates, contractView, EDITABLE_STATES, type ContractStateRow } from "./contracts.resource";
import { contractValueCents, isFixedPrice } from "./value";
import { ENABLED } from "~/modules/workflow/enablement";
import { readTenantSettings } from "~/modules/settings/settings.server";
import { tenantConfigView } from "~/modules/settings/settings.views";

export const CONTRACT_NUMBERING = { field: "number", kind: "contract", prefix: "HT" } as const;

// ---------------------------------------------------------------------------------------------------------------
// The posted form: money as yuan text ("38,000.00") and percentages as text ("9"), read exactly into cents and
// basis points; days as real days of the business range (app/lib/form-fields.ts); a blank optional field is null;
// text without control characters.

/** A posted text, one line, trimmed; a field the form did not post (one the kind does not show) is empty. */
const posted = () => oneLine().optional().transform((v) => v ?? "");
const text = (max: number, message: Message) =>
  posted()
    .refine((v) => v.length <= max, message)
    .transform((v) => v || null);
/** A multi-line remark: line breaks kept. */
const remark = (max: number, message: Message) =>
  note()
    .optional()
    .transform((v) => v ?? "")
    .refine((v) => v.length <= max, message)
    .transform((v) => v || null);
const amount = (message: Message = "contracts:money") =>
  posted()
    .refine((v) => v === "" || (centsOf(v) ?? -1) >= 0, message)
    .transform((v) => (v === "" ? null : centsOf(v)!));
const dayText = (message: Message = "contracts:day") => optionalDay({ message });
const id = posted()
  .refine((v) => v === "" || /^\d{1,9}$/.test(v), "validation.required")
  .transform((v) => (v ? Number(v) : null));
const count = (max: number, message: Message) =>
  posted()
    .refine((v) => v === "" || (/^\d+$/.test(v) && Number(v) <= max), message)
    .transform((v) => (v ? Number(v) : null));
const hours = posted()
  .refine((v) => v === "" || (/^\d{1,4}(\.\d{1,2})?$/.test(v) && Number(v) <= 744), "contracts:hours")
  .transform((v) => (v ? Number(v) : null));
const percent = posted()
  .refine((v) => v === "" || ((centsOf(v) ?? -1) >= 0 && centsOf(v)! <= 10_000), "contracts:percent")
  .transform((v) => (v === "" ? null : centsOf(v)!));
const flag = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => ((Array.isArray(v) ? v.includes("1") : v === "1") ? 1 : 0));
const LineSchema = z.object({
  vehicleId: id,
  equipmentType: posted()
    .refine((v) => v === "" || VEHICLE_TYPES.some((t) => t.value === v), "validation.required")
    .transform((v) => v || null),
  spec: text(30, "contracts:tooLong30"),
  monthly: amount(),
  daily: amount(),
  shift: amount(),
  // a shift of 0 hours would price every shift at nothing (empty is the default 8)
  shiftHours: count(24, "contracts:shiftHours").refine((v) => v === null || v >= 1, "contracts:shiftHours"),
  shiftOvertime: amount(),
  hourly: amount(),
  minHoursPerCall: hours,
  allowanceHours: hours,
  allowancePer: posted()
    .refine((v) => v === "" || v === "day" || v === "month", "validation.required")
    .transform((v) => (v === "day" || v === "month" ? v : null)),
  allowanceOvertime: amount(),
  idleRate: percent,
  faultDeduction: flag,
  operators: count(20, "contracts:operators"),
  operatorMonthly: amount(),
  costMonthly: amount(),
  onRentOn: dayText(),
  offRentOn: dayText(),
  remark: text(100, "validation.remark"),
});
const FeeSchema = z.object({
  kind: z.enum(FEE_KINDS, { message: "validation.required" }),
  amount: posted()
    .refine((v) => (centsOf(v) ?? -1) > 0, "contracts:money")
    .transform((v) => centsOf(v)!),
  lineNo: count(99, "contracts:feeLine"),
  feeOn: dayText(),
  remark: text(100, "validation.remark"),
});
const PlanSchema = z.object({
  dueOn: day({ message: "contracts:day" }),
  amount: posted()
    .refine((v) => (centsOf(v) ?? -1) > 0, "contracts:money")
    .transform((v) => centsOf(v)!),
  remark: text(100, "validation.remark"),
});

export const ContractSchema = z
  .object({
    kind: z.enum(CONTRACT_KINDS, { message: "validation.required" }),
    name: posted()
      .refine((v) => v.length > 0, "validation.required")
      .refine((v) => v.length <= 50, "contracts:tooLong50"),
    orgId: id,
    customerId: id,
    supplierId: id,
    parentId: id,
    leadId: id,
    project: text(50, "contracts:tooLong50"),
    siteAddress: text(100, "contracts:tooLong100"),
    siteLng: posted()
      .refine((v) => v === "" || (Number.isFinite(Number(v)) && Math.abs(Number(v)) <= 180), "contracts:coordinate")
      .transform((v) => (v === "" ? null : Number(v))),
    siteLat: posted()
      .refine((v) => v === "" || (Number.isFinite(Number(v)) && Math.abs(Number(v)) <= 90), "contracts:coordinate")
      .transform((v) => (v === "" ? null : Number(v))),
    siteFenceId: id,
    // the bill run proposes on- and off-rent days from the site fence (docs/billing.md)
    fenceRentDates: flag,
    signedOn: dayText(),
    startOn: day({ message: "contracts:startRequired" }),
    plannedEndOn: dayText("contracts:endDay"),
    minTermDays: count(3650, "contracts:minTerm"),
    minTermMonths: count(120, "contracts:minTermMonthsRange"),
    minTermClause: text(20, "contracts:tooLong20"),
    // a form without them (an import, an older page) keeps the trade's defaults
    dayCount: z.enum(DAY_COUNTS, { message: "validation.required" }).default("thirty"),
    priceTax: z.enum(PRICE_TAX, { message: "validation.required" }).default("included"),
    settlementDay: posted()
      .refine((v) => /^\d{1,2}$/.test(v) && Number(v) >= 1 && Number(v) <= 31, "contracts:settlementDay")
      .transform(Number),
    paymentDays: posted()
      .refine((v) => /^\d{1,3}$/.test(v) && Number(v) <= 365, "contracts:paymentDays")
      .transform(Number),
    deposit: amount(),
    taxRate: percent,
    fixedPrice: amount(),
    purchasePrice: amount(),
    salesmanId: id,
    // the upload widget posts one id a file
    attachments: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .transform((v) => (Array.isArray(v) ? v : v ? v.split(",") : []).map((x) => x.trim()).filter((x) => /^\d{1,12}$/.test(x)))
      .refine((ids) => ids.length <= 20, "contracts:attachmentsTooMany")
      .transform((ids) => (ids.length ? ids.join(",") : null)),
    remark: remark(500, "contracts:tooLong500"),
    overCreditReason: remark(200, "contracts:tooLong200"),
    lines: z.array(LineSchema).min(1, "contracts:linesRequired").max(FORM_MAX_ROWS, `contracts:tooManyRows|${FORM_MAX_ROWS}`),
    fees: z.array(FeeSchema).max(FORM_MAX_ROWS, `contracts:tooManyRows|${FORM_MAX_ROWS}`).default([]),
    plans: z.array(PlanSchema).max(FORM_MAX_ROWS, `contracts:tooManyRows|${FORM_MAX_ROWS}`).default([]),
  })
  .superRefine((v, ctx) => {
    const issue = (path: (string | number)[], message: Message) => ctx.addIssue({ code: "custom", path, message });
    if (v.plannedEndOn && v.plannedEndOn < v.startOn) issue(["plannedEndOn"], "contracts:endBeforeStart");
    // one minimum term, as the contract words it: in months or in days
    if (v.minTermMonths && v.minTermDays) issue(["minTermDays"], "contracts:minTermBoth");
    if (v.kind === "subcontract" ? !v.supplierId : !v.customerId) issue([v.kind === "subcontract" ? "supplierId" : "customerId"], "validation.required");
    if (v.kind === "charter" && v.fixedPrice === null) issue(["fixedPrice"], "contracts:fixedRequired");
    if (v.kind === "rentToOwn" && v.purchasePrice === null) issue(["purchasePrice"], "contracts:purchaseRequired");
    v.lines.forEach((l, i) => {
      if (!l.vehicleId && !l.equipmentType) issue(["lines", i, "vehicleId"], "contracts:lineEquipment");
      const on = l.onRentOn ?? v.startOn;
      if (on < v.startOn) issue(["lines", i, "onRentOn"], "contracts:lineBeforeStart");
      else if (v.plannedEndOn && on > v.plannedEndOn) issue(["lines", i, "onRentOn"], "contracts:lineAfterEnd");
      if (l.offRentOn && l.offRentOn < on) issue(["lines", i, "offRentOn"], "contracts:offBeforeOn");
      else if (l.offRentOn && v.plannedEndOn && l.offRentOn > v.plannedEndOn) issue(["lines", i, "offRentOn"], "contracts:lineAfterEnd");
      if (v.kind === "subcontract" && l.costMonthly === null) issue(["lines", i, "costMonthly"], "contracts:costRequired");
      // the same hours are billed by the shift or by the hour, never both (the shift's hours above it are its overtime)
      if (l.shift !== null && l.hourly !== null) issue(["lines", i, "hourly"], "contracts:shiftOrHourly");
    });
    v.fees.forEach((f, i) => {
      if (f.lineNo !== null && (f.lineNo < 1 || f.lineNo > v.lines.length)) issue(["fees", i, "lineNo"], "contracts:feeLine");
    });
  });
export type ContractValues = z.output<typeof ContractSchema>;

/** The posted value's lines as the value function reads them. */
export function termsOf(v: ContractValues) {
  return {
    kind: v.kind,
    fixedCents: v.fixedPrice,
    purchaseCents: v.purchasePrice,
    plannedEndOn: v.plannedEndOn,
    // 不含税价: the value is what the customer pays, the lines' and fees' tax added
    addedTaxBp: v.priceTax === "excluded" ? (v.taxRate ?? 0) : null,
    lines: v.lines.map((l) => ({ monthlyCents: l.monthly, dailyCents: l.daily, operators: l.operators, operatorMonthlyCents: l.operatorMonthly, costMonthlyCents: l.costMonthly, onRentOn: l.onRentOn ?? v.startOn, offRentOn: l.offRentOn })),
    fees: v.fees.map((f) => ({ amountCents: f.amount })),
  };
}

/** A posted row whose every field is blank (the empty row the page offers): dropped before the schema reads the list. */
const blankRow = (row: unknown) => typeof row === "object" && row !== null && Object.values(row).every((x) => x === undefined || x === null || (typeof x === "string" && x.trim() === ""));

/** The posted values with the blank lines, fees and plan rows taken out (the page shows what it got back). */
export function compactRows<V extends Record<string, unknown>>(values: V): V {
  const out: Record<string, unknown> = { ...values };
  for (const key of ["lines", "fees", "plans"]) if (Array.isArray(out[key])) out[key] = (out[key] as unknown[]).filter((r) => r !== undefined && !blankRow(r));
  return out as V;
}

// ---------------------------------------------------------------------------------------------------------------
// Checks that need the database.

/** The ids among `wanted` that are the tenant's rows of `table` (and meet `extra`). */
async function known(scope: RequestScope, table: typeof customers | typeof suppliers | typeof fences | typeof users | typeof leads, wanted: (number | null)[], extra?: SQL): Promise<Set<number>> {
  const ids = [...new Set(wanted.filter((x): x is number => x !== null))];
  if (!ids.length) return new Set();
  const rows = await scope.db
    .select({ id: table.id })
    .from(table)
    .where(tenantWhere(table, scope, inArray(table.id, ids), extra));
  return new Set(rows.map((r) => r.id));
}

/** The contract's root: its own id for a first revision. */
const rootOf = (row: { id: number; rootId: number | null }) => row.rootId ?? row.id;

/**
 * The judge-status checks before saving (spec §5): the referenced rows are the tenant's (the organisation one the user
 * may assign, the vehicles within their data scope), the plan adds up for a fixed price, no vehicle is on another
 * live contract for overlapping days (the clashing contract named), and a customer over its credit limit asks for a
 * reason. Field → message; `current` is the stored revision being edited.
 */
export async function checkContract(scope: RequestScope, v: ContractValues, current?: typeof contracts.$inferSelect): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  if (current && !EDITABLE_STATES.includes(current.state)) return { form: "contracts:readOnly" };
  const vehicleIds = [...new Set(v.lines.map((l) => l.vehicleId).filter((x): x is number => x !== null))];
  const [customerIds, supplierIds, fenceIds, userIds, leadIds, orgRows, vehicleRows, parentRows, clashes] = await Promise.all([
    known(scope, customers, [v.customerId]),
    known(scope, suppliers, [v.supplierId]),
    known(scope, fences, [v.siteFenceId]),
    known(scope, users, [v.salesmanId]),
    known(scope, leads, [v.leadId]),
    v.orgId === null ? Promise.resolve([]) : scope.db.select({ id: organisations.id }).from(organisations).where(and(ofTenant(organisations, scope), eq(organisations.id, v.orgId), assignableOrgsWhere(scope))),
    vehicleIds.length ? scope.db.select({ id: vehicles.id }).from(vehicles).where(and(ofTenant(vehicles, scope), inArray(vehicles.id, vehicleIds), visibleVehiclesWhere(scope))) : Promise.resolve([]),
    v.parentId === null ? Promise.resolve([]) : scope.db.select({ id: contracts.id }).from(contracts).where(and(ofTenant(contracts, scope), eq(contracts.id, v.parentId), ne(contracts.kind, "subcontract"))),
    lineClashes(scope.db, scope, v.lines.map((l) => ({ vehicleId: l.vehicleId, from: l.onRentOn ?? v.startOn, to: l.offRentOn ?? v.plannedEndOn })), current ? rootOf(current) : null),
  ]);
  if (v.customerId !== null && !customerIds.has(v.customerId)) errors.customerId = "validation.required";
  if (v.supplierId !== null && !supplierIds.has(v.supplierId)) errors.supplierId = "validation.required";
  if (v.siteFenceId !== null && !fenceIds.has(v.siteFenceId)) errors.siteFenceId = "validation.required";
  if (v.salesmanId !== null && !userIds.has(v.salesmanId)) errors.salesmanId = "validation.required";
  if (v.leadId !== null && !leadIds.has(v.leadId)) errors.leadId = "validation.required";
  if (v.orgId !== null && !orgRows.length) errors.orgId = "validation.required";
  if (v.parentId !== null && (!parentRows.length || (current && v.parentId === current.id))) errors.parentId = "validation.required";
  const visible = new Set(vehicleRows.map((r) => r.id));
  v.lines.forEach((l, i) => {
    if (l.vehicleId !== null && !visible.has(l.vehicleId)) errors[`lines[${i}].vehicleId`] = "contracts:vehicleUnknown";
  });
  for (const c of clashes) errors[`lines[${c.index}].vehicleId`] ??= c.contractId ? `contracts:clash|${c.number}` : `contracts:clashHere|${c.from}`;
  // a machine whose mandatory certificate has expired goes on no line (证书管理)
  const expired = await expiredCertificates(scope.db, scope.user.tenantId, vehicleIds, todayInZone(scope.user.timeZone));
  v.lines.forEach((l, i) => {
    const key = `lines[${i}].vehicleId`;
    const refusal = l.vehicleId !== null ? expired.get(l.vehicleId) : undefined;
    if (refusal && !errors[key]) errors[key] = refusal;
  });

  const value = contractValueCents(termsOf(v));
  if (isFixedPrice(termsOf(v)) && v.plans.length) {
    const planned = v.plans.reduce((s, p) => s + p.amount, 0);
    if (planned !== value) errors.plans = `contracts:planSum|${formatCents(planned - value)}`;
  }
  if (v.customerId !== null && v.kind !== "subcontract" && customerIds.has(v.customerId)) {
    const exposure = (await customerExposure(scope, [v.customerId])).get(v.customerId);
    // the revision in force of the contract amended is in the exposure already: this save replaces it
    const replaced = current ? await inForceValue(scope, rootOf(current), v.customerId) : 0;
    if (exposure && exposure.limitCents !== null && exposure.exposureCents - replaced + value > exposure.limitCents && !v.overCreditReason) {
      errors.overCreditReason = `contracts:overCredit|${formatCents(exposure.exposureCents - replaced + value)} / ${formatCents(exposure.limitCents)}`;
    }
  }
  return errors;
}

/** The value of a root's revision in force, when it counts in the customer's exposure (in approval to executing). */
async function inForceValue(scope: RequestScope, rootId: number, customerId: number): Promise<number> {
  const [row] = await scope.db
    .select({ value: contracts.valueCents })
    .from(contracts)
    .where(and(ofTenant(contracts, scope), sql`coalesce(${contracts.rootId}, ${contracts.id}) = ${rootId}`, eq(contracts.current, 1), eq(contracts.customerId, customerId), inArray(contracts.state, [CONTRACT_STATE.inApproval, CONTRACT_STATE.approved, CONTRACT_STATE.executing])));
  return row?.value ?? 0;
}

/** The head's columns from the posted values (tenant, number, revision and state are the save's). */
function headOf(v: ContractValues) {
  return {
    kind: v.kind,
    name: v.name,
    orgId: v.orgId,
    customerId: v.kind === "subcontract" ? null : v.customerId,
    supplierId: v.kind === "subcontract" ? v.supplierId : null,
    parentId: v.kind === "subcontract" ? v.parentId : null,
    leadId: v.leadId,
    project: v.project,
    siteAddress: v.siteAddress,
    siteLng: v.siteLng,
    siteLat: v.siteLat,
    siteFenceId: v.siteFenceId,
    fenceRentDates: v.siteFenceId === null ? 0 : v.fenceRentDates,
    signedOn: v.signedOn,
    startOn: v.startOn,
    plannedEndOn: v.plannedEndOn,
    minTermDays: v.minTermDays,
    minTermMonths: v.minTermMonths,
    minTermClause: v.minTermClause,
    dayCount: v.dayCount,
    priceTax: v.priceTax,
    settlementDay: v.settlementDay,
    paymentDays: v.paymentDays,
    depositCents: v.deposit ?? 0,
    taxRateBp: v.taxRate ?? 0,
    fixedCents: v.kind === "charter" || v.kind === "project" ? v.fixedPrice : null,
    purchaseCents: v.kind === "rentToOwn" ? v.purchasePrice : null,
    valueCents: contractValueCents(termsOf(v)),
    salesmanId: v.salesmanId,
    attachments: v.attachments,
    remark: v.remark,
    overCreditReason: v.overCreditReason,
  };
}

/** The lines, fees and plan of a contract (`contractId` SQL on a create), replacing what it had: statements for the save's batch. */
function childWrites(scope: RequestScope, contractId: number | SQL, v: ContractValues) {
  const writes: PromiseLike<unknown>[] = [
    scope.db.delete(contractFees).where(and(ofTenant(contractFees, scope), eq(contractFees.contractId, contractId))),
    scope.db.delete(contractPlans).where(and(ofTenant(contractPlans, scope), eq(contractPlans.contractId, contractId))),
    scope.db.delete(contractLines).where(and(ofTenant(contractLines, scope), eq(contractLines.contractId, contractId))),
  ];
  // one statement a line: a line has 25 columns and D1 binds at most 100 parameters a statement
  v.lines.forEach((l, i) =>
    writes.push(
      scope.db.insert(contractLines).values(
        withTenant(scope, {
          contractId: contractId as number,
          lineNo: i + 1,
          vehicleId: l.vehicleId,
          equipmentType: l.equipmentType,
          spec: l.spec,
          monthlyCents: l.monthly,
          dailyCents: l.daily,
          shiftCents: l.shift,
          shiftHours: l.shiftHours ?? 8,
          shiftOvertimeCents: l.shiftOvertime,
          hourlyCents: l.hourly,
          minHoursPerCall: l.minHoursPerCall,
          allowanceHours: l.allowanceHours,
          allowancePer: l.allowancePer,
          allowanceOvertimeCents: l.allowanceOvertime,
          idleRateBp: l.idleRate,
          faultDeduction: l.faultDeduction,
          operators: l.operators ?? 0,
          operatorMonthlyCents: l.operatorMonthly,
          costMonthlyCents: l.costMonthly,
          onRentOn: l.onRentOn ?? v.startOn,
          offRentOn: l.offRentOn,
          remark: l.remark,
        }),
      ),
    ),
  );
  for (let i = 0; i < v.fees.length; i += 10) {
    writes.push(
      scope.db.insert(contractFees).values(
        v.fees.slice(i, i + 10).map((f) =>
          withTenant(scope, {
            contractId: contractId as number,
            lineId: f.lineNo === null ? null : (sql`(select ${contractLines.id} from ${contractLines} where ${contractLines.contractId} = ${contractId} and ${contractLines.lineNo} = ${f.lineNo})`),
            kind: f.kind,
            amountCents: f.amount,
            feeOn: f.feeOn,
            remark: f.remark,
          }),
        ),
      ),
    );
  }
  for (let i = 0; i < v.plans.length; i += 15) {
    writes.push(scope.db.insert(contractPlans).values(v.plans.slice(i, i + 15).map((p, j) => withTenant(scope, { contractId: contractId as number, seq: i + j + 1, dueOn: p.dueOn, amountCents: p.amount, remark: p.remark }))));
  }
  return writes;
}

// ---------------------------------------------------------------------------------------------------------------
// The list.

// the contract search's customer half: its own names for the two tables, beside the listed contracts
const searchContract = alias(contracts, "sc");
const searchCustomer = alias(customers, "scu");

const party = sql<string | null>`coalesce((select ${customers.name} from ${customers} where ${customers.id} = ${contracts.customerId}), (select ${suppliers.name} from ${suppliers} where ${suppliers.id} = ${contracts.supplierId}))`;

export const contractResource = defineResource({
  view: contractView,
  table: contracts,
  number: CONTRACT_NUMBERING,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({
        id: contracts.id,
        number: contracts.number,
        name: contracts.name,
        kind: contracts.kind,
        party: party.as("party"),
        project: contracts.project,
        startOn: contracts.startOn,
        plannedEndOn: contracts.plannedEndOn,
        valueCents: contracts.valueCents,
        lineCount: sql<number>`(select count(*) from ${contractLines} where ${contractLines.contractId} = ${contracts.id})`.as("line_count"),
        salesman: users.userName,
        state: contracts.state,
        revision: contracts.revision,
        createdAt: contracts.createdAt,
        // what the row's transition buttons read (who submits, the version in force)
        creatorId: contracts.creatorId,
        current: contracts.current,
      })
      .from(contracts)
      .leftJoin(users, and(eq(users.id, contracts.salesmanId), sameTenant(users, contracts)))
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  },
  // the page carries the amount as shown (and exported), not the cents beside it
  mapRows: (rows) => rows.map(({ valueCents, ...r }) => ({ ...r, value: formatCents(valueCents) })),
  filters: {
    q: (v) => {
      // three characters or more: one list of ids, from the trigram index (migration 0031) and from the customers whose
      // name holds the text (an OR of the two made SQLite test both for every contract: 40 ms against 12 at 100,000).
      // The customers of every tenant: the list's own tenant condition keeps its contracts. Fewer: a scan with LIKE.
      const phrase = ftsPhrase(v);
      if (!phrase) return or(containing(contracts.number, v), containing(contracts.name, v), containing(contracts.project, v), referenceContaining(contracts.customerId, customers, contracts, v, customers.name));
      return sql`${contracts.id} in (select rowid from contracts_search where contracts_search match ${phrase} union all select ${searchContract.id} from ${declaredAs(customers, searchCustomer)} join ${declaredAs(contracts, searchContract)} on ${searchContract.customerId} = ${searchCustomer.id} and ${sameTenant(searchContract, searchCustomer)} where ${containing(searchCustomer.name, v)})`;
    },
    kind: (v) => ((CONTRACT_KINDS as readonly string[]).includes(v) ? eq(contracts.kind, v as (typeof CONTRACT_KINDS)[number]) : undefined),
    state: (v) => eq(contracts.state, Number(v)),
    startFrom: (v) => gte(contracts.startOn, v),
    startTo: (v) => lte(contracts.startOn, v),
  },
  sortColumns: { number: contracts.number, name: contracts.name, startOn: contracts.startOn, plannedEndOn: contracts.plannedEndOn, state: contracts.state, createdAt: contracts.createdAt },
  defaultOrder: [desc(contracts.createdAt), desc(contracts.id)],
  // the revision in force only; its total is kept by triggers (migration 0023), by state too
  listedWhere: eq(contracts.current, 1),
  countedAs: "contract",
  // 100,000 rows: a page is found by its ids first (filters and sorts are all this table's)
  pageByIds: true,
  countedBy: ["state"],
  scopeWhere: (scope) => visibleOrgRowWhere(scope, contracts.orgId),
  fileColumns: [contracts.attachments],
  createSchema: ContractSchema,
  updateSchema: ContractSchema,
  check: (scope, values, current) => checkContract(scope, values, current),
  toInsert: (values, scope) => ({ ...headOf(values), number: "", revision: 1, current: 1, state: CONTRACT_STATE.draft, creatorId: scope.user.id }),
  toUpdate: (values) => headOf(values),
  sideWrites: (scope, { id, values }) => ({ writes: childWrites(scope, id, values) }),
  auditView: ({ lines: _l, fees: _f, plans: _p, ...row }) => row,
  sheetLines: (scope, ids, lang) => contractSheetLines(scope, contractView.sheet ?? {}, ids, lang),
});

// ---------------------------------------------------------------------------------------------------------------
// The document: a revision with its lines, fees, plan, the other revisions, and what the form shows.

/** A stored contract of the user's tenant and data scope, with its lines, fees and plan, or undefined. */
export async function loadContract(scope: RequestScope, contractId: number) {
  const [head] = await scope.db
    .select()
    .from(contracts)
    .where(and(ofTenant(contracts, scope), eq(contracts.id, contractId), visibleOrgRowWhere(scope, contracts.orgId)));
  if (!head) return undefined;
  const root = rootOf(head);
  const [lines, fees, plans, revisions, names] = await batch(scope.db, [
    scope.db.select().from(contractLines).where(and(ofTenant(contractLines, scope), eq(contractLines.contractId, contractId))).orderBy(asc(contractLines.lineNo)),
    scope.db.select().from(contractFees).where(and(ofTenant(contractFees, scope), eq(contractFees.contractId, contractId))).orderBy(asc(contractFees.id)),
    scope.db.select().from(contractPlans).where(and(ofTenant(contractPlans, scope), eq(contractPlans.contractId, contractId))).orderBy(asc(contractPlans.seq)),
    scope.db
      .select({ id: contracts.id, revision: contracts.revision, state: contracts.state, current: contracts.current, valueCents: contracts.valueCents, createdAt: contracts.createdAt })
      .from(contracts)
      .where(and(ofTenant(contracts, scope), sql`coalesce(${contracts.rootId}, ${contracts.id}) = ${root}`))
      .orderBy(asc(contracts.revision)),
    scope.db
      .select({ creator: users.userName })
      .from(users)
      .where(and(ofTenant(users, scope), eq(users.id, head.creatorId ?? 0))),
  ]);
  const lineNoOf = new Map(lines.map((l) => [l.id, l.lineNo]));
  return { head, lines, fees: fees.map((f) => ({ ...f, lineNo: f.lineId === null ? null : (lineNoOf.get(f.lineId) ?? null) })), plans, revisions, names: { creator: names[0]?.creator ?? null } };
}
export type LoadedContract = NonNullable<Awaited<ReturnType<typeof loadContract>>>;


export function formValuesOf(c: Pick<LoadedContract, "head" | "lines" | "fees" | "plans">): Record<string, unknown> {
  const h = c.head;
  return {
    kind: h.kind,
    name: h.name,
    orgId: s(h.orgId),
    customerId: s(h.customerId),
    supplierId: s(h.supplierId),
    parentId: s(h.parentId),
    leadId: s(h.leadId),
    project: s(h.project),
    siteAddress: s(h.siteAddress),
    siteLng: s(h.siteLng),
    siteLat: s(h.siteLat),
    siteFenceId: s(h.siteFenceId),
    fenceRentDates: h.fenceRentDates ? "1" : "",
    signedOn: s(h.signedOn),
    startOn: h.startOn,
    plannedEndOn: s(h.plannedEndOn),
    minTermDays: s(h.minTermDays),
    minTermMonths: s(h.minTermMonths),
    minTermClause: s(h.minTermClause),
    dayCount: h.dayCount,
    priceTax: h.priceTax,
    settlementDay: String(h.settlementDay),
    paymentDays: String(h.paymentDays),
    deposit: cents(h.depositCents),
    taxRate: percentOfBp(h.taxRateBp),
    fixedPrice: cents(h.fixedCents),
    purchasePrice: cents(h.purchaseCents),
    salesmanId: s(h.salesmanId),
    attachments: s(h.attachments),
    remark: s(h.remark),
    overCreditReason: s(h.overCreditReason),
    lines: c.lines.map(lineFormValues),
    fees: c.fees.map((f) => ({ kind: f.kind, amount: cents(f.amountCents), lineNo: s(f.lineNo), feeOn: s(f.feeOn), remark: s(f.remark) })),
    plans: c.plans.map((p) => ({ dueOn: p.dueOn, amount: cents(p.amountCents), remark: s(p.remark) })),
  };
}

/** The choices of the document's selects: the tenant's customers, suppliers, fences, staff, organisations, vehicles, customer contracts. */
export async function contractOptions(scope: RequestScope): Promise<Record<string, Option[]>> {
  const [cs, ss, fs, us, os, vs, ps] = await batch(scope.db, [
    scope.db.select({ value: customers.id, label: customers.name }).from(customers).where(and(ofTenant(customers, scope), eq(customers.state, ENABLED))).orderBy(asc(customers.name)),
    scope.db.select({ value: suppliers.id, label: suppliers.name }).from(suppliers).where(and(ofTenant(suppliers, scope), eq(suppliers.state, ENABLED))).orderBy(asc(suppliers.name)),
    scope.db.select({ value: fences.id, label: fences.name }).from(fences).where(ofTenant(fences, scope)).orderBy(asc(fences.name)),
    scope.db.select({ value: users.id, label: users.userName }).from(users).where(and(ofTenant(users, scope), eq(users.state, ENABLED))).orderBy(asc(users.userName)),
    scope.db.select({ value: organisations.id, label: organisations.name }).from(organisations).where(and(ofTenant(organisations, scope), assignableOrgsWhere(scope))).orderBy(organisations.sort, organisations.id),
    machineChoicesRead(scope),
    scope.db
      .select({ value: contracts.id, label: sql<string>`${contracts.number} || ' ' || ${contracts.name}`.as("contract_label") })
      .from(contracts)
      .where(and(ofTenant(contracts, scope), eq(contracts.current, 1), ne(contracts.kind, "subcontract"), inArray(contracts.state, [CONTRACT_STATE.draft, CONTRACT_STATE.inApproval, CONTRACT_STATE.approved, CONTRACT_STATE.executing])))
      .orderBy(desc(contracts.id))
      .limit(500),
  ]);
  const opt = (rows: { value: number; label: string | null }[]) => rows.map((r) => ({ value: String(r.value), label: r.label ?? "" }));
  return { customerId: opt(cs), supplierId: opt(ss), siteFenceId: opt(fs), salesmanId: opt(us), orgId: opt(os), vehicleId: opt(vs), parentId: opt(ps) };
}

/**
 * A new contract's values: the tenant's defaults, or carried over from a won lead (`?fromLead=`: customer, site, dates,
 * the equipment wanted) or a free slot of the availability board (`?vehicleId=&from=&to=`).
 */
export async function newContractValues(scope: RequestScope, url: URL): Promise<Record<string, unknown>> {
  const today = todayInZone(scope.user.timeZone);
  const line = { vehicleId: "", equipmentType: "", onRentOn: "", offRentOn: "", shiftHours: "8" };
  // the day count a new contract starts from is the tenant's (/tenantConfig); the contract keeps its own once saved
  const { values: tenant } = await readTenantSettings(scope.db, scope.user.tenantId, tenantConfigView.key, { dayCount: "thirty" });
  const dayCount = tenant.dayCount === "calendar" ? "calendar" : "thirty";
  const values: Record<string, unknown> = { kind: "rental", startOn: today, signedOn: today, settlementDay: "20", paymentDays: "30", taxRate: "9", priceTax: "included", dayCount, salesmanId: String(scope.user.id), lines: [line] };
  const p = url.searchParams;
  const leadId = Number(p.get("fromLead"));
  if (Number.isSafeInteger(leadId) && leadId > 0) {
    const [lead] = await scope.db.select().from(leads).where(and(ofTenant(leads, scope), eq(leads.id, leadId), eq(leads.stage, 4)));
    if (lead) {
      Object.assign(values, {
        leadId: String(lead.id),
        name: lead.title.slice(0, 50),
        customerId: s(lead.customerId),
        siteAddress: s(lead.site),
        project: s(lead.site).slice(0, 50),
        startOn: lead.expectedStart ?? today,
        plannedEndOn: s(lead.expectedEnd),
        orgId: s(lead.orgId),
        salesmanId: s(lead.ownerId ?? scope.user.id),
        remark: lead.equipmentWanted ? lead.equipmentWanted.slice(0, 500) : "",
        lines: [{ ...line, spec: s(lead.equipmentWanted).slice(0, 30) }],
      });
    }
  }
  const vehicleId = p.get("vehicleId");
  const from = p.get("from");
  const to = p.get("to");
  if (vehicleId && /^\d{1,9}$/.test(vehicleId)) {
    const day = (d: string | null) => (d && parseDay(d) ? d : "");
    values.lines = [{ ...line, vehicleId, onRentOn: day(from), offRentOn: day(to) }];
    if (day(from)) values.startOn = day(from);
    if (day(to)) values.plannedEndOn = day(to);
  }
  return values;
}

// ---------------------------------------------------------------------------------------------------------------
// Approval, transitions, amendments.

/** What the engine reads of a contract: the buttons' row, the version it checks, and what the approval plan needs. */
type ContractMachineRow = ContractStateRow & { version: number; overCredit: number; rootId: number | null; startOn: string; customerId: number | null };

const loadStateRows = (scope: RequestScope, ids: number[]): PromiseLike<(ContractMachineRow)[]> =>
  scope.db
    .select({
      id: contracts.id,
      version: contracts.version,
      state: contracts.state,
      number: contracts.number,
      creatorId: contracts.creatorId,
      revision: contracts.revision,
      current: contracts.current,
      overCredit: sql<number>`${contracts.overCreditReason} is not null`.as("over_credit"),
      rootId: contracts.rootId,
      startOn: contracts.startOn,
      customerId: contracts.customerId,
    })
    .from(contracts)
    .where(and(ofTenant(contracts, scope), inArray(contracts.id, ids), visibleOrgRowWhere(scope, contracts.orgId)));

/** Contracts as a kind of approved document: the to-do and 审批流程 list it. */
export const contractApprovalKind: ApprovalKind = {
  kind: "contract",
  // a shell namespace: the to-do on the workbench shows it without this screen's texts
  title: "screens:/contractList",
  href: (docId) => `/contractList/form?id=${docId}`,
  approveCode: CONTRACT_APPROVE_CODE,
  states: { draft: 0, pending: 1, approved: 2, refused: 5, abandoned: 6, aborted: 7 },
  pending: (scope, limit) =>
    pendingRead(
      scope.db
        .select({ id: contracts.id, number: contracts.number, name: contracts.name, revision: contracts.revision, creatorId: contracts.creatorId, createdAt: contracts.createdAt })
        .from(contracts)
        // current named (either revision may wait for approval) so the state index reaches the pending ones only
        .where(and(ofTenant(contracts, scope), inArray(contracts.current, [0, 1]), eq(contracts.state, CONTRACT_STATE.inApproval), visibleOrgRowWhere(scope, contracts.orgId)))
        .orderBy(desc(contracts.createdAt), desc(contracts.id))
        .limit(limit),
      (r) => ({ id: r.id, label: `${r.number}${r.revision > 1 ? ` v${r.revision}` : ""} ${r.name}`, ownerId: r.creatorId, createdAt: r.createdAt }),
    ),
  // the steps of 审批流程 with a threshold apply from the contract's value up
  amountOf: (scope, ids) => scope.db.select({ id: contracts.id, cents: contracts.valueCents }).from(contracts).where(and(ofTenant(contracts, scope), inArray(contracts.id, ids))),
};

const basePlan = approvalPlan<ContractMachineRow>(contractApprovalKind);

/** The approvals so far in each contract's current round. */
async function approvalsSoFar(scope: RequestScope, ids: number[]): Promise<Map<number, number>> {
  const records = await scope.db
    .select({ documentId: approvalRecords.documentId, round: approvalRecords.round, stepNo: approvalRecords.stepNo, action: approvalRecords.action, actorId: approvalRecords.actorId, note: approvalRecords.note, createdAt: approvalRecords.createdAt })
    .from(approvalRecords)
    .where(and(ofTenant(approvalRecords, scope), eq(approvalRecords.kind, "contract"), inArray(approvalRecords.documentId, ids)))
    .orderBy(asc(approvalRecords.id));
  return new Map(ids.map((docId) => [docId, progressOf(records.filter((r) => r.documentId === docId) as ApprovalRecord[]).step - 1]));
}

/**
 * The approval family's plan, and what contracts add: a contract over its customer's credit limit takes one more
 * step than its flow, the tenant's steps that apply to its value (anyone holding the approve code, e.g. finance); an
 * amendment approved becomes the revision in force (the one it replaces steps down, and it takes its state: an
 * executing contract stays executing); an early termination's end day is a day not before the start.
 */
async function contractPlan(scope: RequestScope, t: Parameters<typeof basePlan>[1], rows: Parameters<typeof basePlan>[2], input: Parameters<typeof basePlan>[3]) {
  if (t.name === "terminate") {
    const end = input.endDate ?? "";
    if (!isBusinessDay(end)) return { message: "contracts:day", status: 400 } satisfies Refusal;
    if (rows.some((r) => end < r.startOn)) return { message: "contracts:endBeforeStart", status: 400 } satisfies Refusal;
    return {
      writes: rows.map((r) =>
        scope.db
          .update(contractLines)
          .set({ offRentOn: end })
          .where(and(ofTenant(contractLines, scope), eq(contractLines.contractId, r.id), or(isNull(contractLines.offRentOn), sql`${contractLines.offRentOn} > ${end}`))),
      ),
    };
  }
  const planned = await basePlan(scope, t, rows, input);
  if ("message" in planned || t.name !== "approve") return planned;
  const to = planned.to ?? new Map<number, number>();
  const over = rows.filter((r) => r.overCredit && to.get(r.id) === CONTRACT_STATE.approved);
  if (over.length) {
    const [flows, soFar] = await Promise.all([documentFlows(scope, contractApprovalKind, over.map((r) => r.id)), approvalsSoFar(scope, over.map((r) => r.id))]);
    for (const r of over) if (soFar.get(r.id)! + 1 < Math.max(1, flows.get(r.id)!.length) + 1) to.set(r.id, CONTRACT_STATE.inApproval);
  }
  const writes = [...(planned.writes ?? [])];
  for (const r of rows) {
    if (r.current || to.get(r.id) !== CONTRACT_STATE.approved) continue;
    const root = r.rootId ?? r.id;
    const [inForce] = await scope.db
      .select({ id: contracts.id, state: contracts.state })
      .from(contracts)
      .where(and(ofTenant(contracts, scope), sql`coalesce(${contracts.rootId}, ${contracts.id}) = ${root}`, eq(contracts.current, 1)));
    if (inForce?.state === CONTRACT_STATE.executing) to.set(r.id, CONTRACT_STATE.executing);
    writes.push(
      scope.db
        .update(contracts)
        .set({ current: sql`case when ${contracts.id} = ${r.id} then 1 else 0 end` })
        .where(and(ofTenant(contracts, scope), sql`coalesce(${contracts.rootId}, ${contracts.id}) = ${root}`)),
    );
  }
  return { to, writes };
}

export const contractMachine: Machine<ContractMachineRow> = {
  view: contractStates,
  table: contracts,
  stateKey: "state",
  load: loadStateRows,
  label: (r) => (r.revision > 1 ? `${r.number} v${r.revision}` : r.number),
  set: (scope, t, input) => {
    if (t.name === "terminate") return { endedOn: input.endDate, stateReason: input.reason };
    if (t.name === "complete") return { endedOn: todayInZone(scope.user.timeZone) };
    if (t.name === "stop" || t.name === "refuse" || t.name === "abort") return { stateReason: input.reason };
    return {};
  },
  plan: contractPlan,
};

/**
 * 变更: a new revision of an approved or executing contract (same number, the next revision, its root named), a draft
 * with a copy of the lines, fees and plan, not yet in force: the revision it amends stays current until the amendment
 * is approved. One open amendment at a time. Answers the new revision's id, or a refusal.
 */
export async function amendContract(scope: RequestScope, contractId: number): Promise<{ id: number } | Refusal> {
  const loaded = await loadContract(scope, contractId);
  if (!loaded) return { message: "resource:notFound", status: 404 };
  const { head } = loaded;
  if (!head.current || (head.state !== CONTRACT_STATE.approved && head.state !== CONTRACT_STATE.executing)) return { message: "contracts:notAmendable", status: 409 };
  const root = rootOf(head);
  if (loaded.revisions.some((r) => !r.current && [0, 1, 5].includes(r.state))) return { message: "contracts:amendmentOpen", status: 409 };
  const revision = Math.max(...loaded.revisions.map((r) => r.revision)) + 1;
  const { id: _id, version: _v, createdAt: _c, updatedAt: _u, stateReason: _r, endedOn: _e, ...copy } = head;
  const values = ContractSchema.parse(formValuesOf(loaded));
  const newId = sql`(select max(${contracts.id}) from ${contracts})`;
  try {
    const [inserted] = await batch(scope.db, [
      scope.db
        .insert(contracts)
        .values({ ...copy, revision, rootId: root, current: 0, state: CONTRACT_STATE.draft, creatorId: scope.user.id })
        .returning({ id: contracts.id }),
      ...(childWrites(scope, newId, values) as [PromiseLike<unknown>]),
    ]);
    return { id: inserted[0]!.id };
  } catch (error) {
    // a concurrent amendment read the same revisions and took the next number first (contracts_tenant_number_rev_uq):
    // that one is the open amendment this one waits for
    if (isUniqueFailure(error)) return { message: "contracts:amendmentOpen", status: 409 };
    throw error;
  }
}

/** The fields two revisions differ in, head and lines, as label keys and both values (the page translates the labels). */
export function compareRevisions(a: Record<string, unknown>, b: Record<string, unknown>): { field: string; line?: number; before: string; after: string }[] {
  const out: { field: string; line?: number; before: string; after: string }[] = [];
  const str = (x: unknown) => (x === undefined || x === null ? "" : String(x));
  for (const key of Object.keys({ ...a, ...b })) {
    if (key === "lines" || key === "fees" || key === "plans") continue;
    if (str(a[key]) !== str(b[key])) out.push({ field: key, before: str(a[key]), after: str(b[key]) });
  }
  for (const list of ["lines", "fees", "plans"] as const) {
    const la = (a[list] as Record<string, unknown>[] | undefined) ?? [];
    const lb = (b[list] as Record<string, unknown>[] | undefined) ?? [];
    for (let i = 0; i < Math.max(la.length, lb.length); i++) {
      const x = la[i] ?? {};
      const y = lb[i] ?? {};
      for (const key of Object.keys({ ...x, ...y })) if (str(x[key]) !== str(y[key])) out.push({ field: `${list}.${key}`, line: i + 1, before: str(x[key]), after: str(y[key]) });
    }
  }
  return out;
}

export const contractIntents = { ...transitionIntents(contractMachine) };
