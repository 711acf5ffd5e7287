import { data, redirect } from "@remix-run/cloudflare";
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import { z } from "zod";
import { bills, contracts, customers, invoiceBills, invoices } from "../../../db/schema";
import { INVOICE_KINDS } from "../../../db/schema/finance";
import { visibleOrgRowWhere } from "../../../db/rules/data-scope";
import { expectChanges, isGuardFailure } from "../../../db/guard";
import { ofTenant, sameTenant, tenantOfOuter, withTenant } from "../../../db/tenant";
import { centsOf, formatCents, percentOfBp } from "~/lib/cents";
import { parseDay } from "~/lib/calendar";
import type { RequestScope } from "~/modules/access/access.server";
import { flashCookie } from "~/modules/auth/session.server";
import { allTenantFiles, namedFiles } from "~/modules/files/files.server";
import { containing, createRow, defineResource, type BatchItem, type FieldErrors, withLimit } from "~/modules/resource/resource.server";
import { postedValues, withoutSecrets } from "~/modules/resource/form.server";
import type { ResourceActionData } from "~/modules/resource/route.server";
import { attachmentsField, csvOf, dayField, documentOrg, optionalId, partyOptions, positiveCents, postedBill, remarkField, requiredId, visibleContract, visibleCustomer } from "./common.server";
import { invoiceSplit } from "./money";
import { invoiceView } from "./invoice.resource";
import { line } from "~/lib/form-fields";
import { billLine } from "./bills-lines";
import type { Machine } from "~/modules/workflow/engine.server";
import { invoiceStates } from "./invoice.resource";
import { SETTLED_BILL_STATES } from "~/modules/billing/bills.resource";

/** The bills an invoice or a receipt may name: confirmed (1) or locked by a statement (2), never a draft. */
export { SETTLED_BILL_STATES };

export const InvoiceSchema = z
  .object({
    number: line().min(1, "finance:invoice.numberRequired").max(30, "finance:invoice.numberRequired"),
    kind: z.enum(INVOICE_KINDS, { message: "validation.required" }),
    taxRate: z.enum(["1300", "900", "600", "300"], { message: "validation.required" }).transform(Number),
    customerId: requiredId,
    contractId: optionalId,
    issuedOn: dayField,
    amount: positiveCents,
    remark: remarkField,
    attachments: attachmentsField,
    bills: z.array(postedBill).optional().default([]),
  })
  .transform(({ bills: posted, ...v }, ctx) => {
    // the ticked bills with what this invoice covers of each
    const chosen: { billId: number; cents: number }[] = [];
    for (const b of posted) {
      if (!b.on) continue;
      const cents = centsOf(b.amount);
      if (cents === null || cents <= 0) {
        ctx.addIssue({ code: "custom", path: ["bills"], message: "finance:invoice.billAmount" });
        return z.NEVER;
      }
      if (!chosen.some((c) => c.billId === Number(b.billId))) chosen.push({ billId: Number(b.billId), cents });
    }
    if (chosen.reduce((s, c) => s + c.cents, 0) !== v.amount) {
      ctx.addIssue({ code: "custom", path: ["bills"], message: "finance:invoice.sumMismatch" });
      return z.NEVER;
    }
    return { ...v, bills: chosen };
  });
/** a registered invoice keeps its figures: only the remark and the scans change (the rest is createOnly on the form) */
export const InvoiceUpdateSchema = z.object({ remark: remarkField, attachments: attachmentsField });
type InvoiceValues = z.infer<typeof InvoiceSchema>;

/** The bill a document names, as its checks read it. */
export async function billsInScope(scope: RequestScope, ids: number[]) {
  if (!ids.length) return [];
  return scope.db
    .select({ id: bills.id, number: bills.number, customerId: bills.customerId, state: bills.state, amountCents: bills.amountCents, taxCents: bills.taxCents, taxRateBp: bills.taxRateBp, invoicedCents: bills.invoicedCents, paidCents: bills.paidCents, dueOn: bills.dueOn })
    .from(bills)
    .where(and(inArray(bills.id, ids), ofTenant(bills, scope), visibleOrgRowWhere(scope, bills.orgId)));
}

export const invoiceResource = defineResource({
  view: invoiceView,
  table: invoices,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({
        id: invoices.id,
        version: invoices.version,
        number: invoices.number,
        kind: invoices.kind,
        taxRateBp: invoices.taxRateBp,
        customerId: invoices.customerId,
        contractId: invoices.contractId,
        issuedOn: invoices.issuedOn,
        amountCents: invoices.amountCents,
        taxCents: invoices.taxCents,
        netCents: invoices.netCents,
        state: invoices.state,
        remark: invoices.remark,
        // the outer row named by its table: drizzle writes a lone table's columns bare, and contracts has a customer_id of its own
        customerName: sql<string | null>`(select ${customers.name} from ${customers} where ${customers.id} = "invoices"."customer_id")`.as("customer_name"),
        contractNumber: sql<string | null>`(select ${contracts.number} from ${contracts} where ${contracts.id} = "invoices"."contract_id")`.as("contract_number"),
        // written out: drizzle leaves a single table's columns unqualified, and `id` would be ambiguous in the join
        billNumbers: sql<string | null>`(select group_concat(b.number, '、') from invoice_bills ib join bills b on b.id = ib.bill_id where ib.invoice_id = "invoices"."id")`.as("bill_numbers"),
      })
      .from(invoices)
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  },
  mapRows: (rows) =>
    rows.map((r) => ({ ...r, state: String(r.state), rateText: `${percentOfBp(r.taxRateBp)}%`, amountText: formatCents(r.amountCents), taxText: formatCents(r.taxCents), netText: formatCents(r.netCents) })),
  filters: {
    q: (v) =>
      or(
        containing(invoices.number, v),
        containing(invoices.remark, v),
        sql`${invoices.customerId} in (select ${customers.id} from ${customers} where ${sameTenant(customers, invoices)} and ${containing(customers.name, v)})`,
        sql`${invoices.id} in (select ${invoiceBills.invoiceId} from ${invoiceBills} where ${tenantOfOuter(invoiceBills, invoices)} and ${invoiceBills.billId} in (select ${bills.id} from ${bills} where ${containing(bills.number, v)}))`,
      ),
    kind: (v) => ((INVOICE_KINDS as readonly string[]).includes(v) ? eq(invoices.kind, v as (typeof INVOICE_KINDS)[number]) : undefined),
    state: (v) => (v === "0" || v === "1" ? eq(invoices.state, Number(v)) : undefined),
    issuedOn: (v) => (parseDay(v) ? eq(invoices.issuedOn, v) : undefined),
  },
  sortColumns: { number: invoices.number, issuedOn: invoices.issuedOn },
  defaultOrder: [desc(invoices.issuedOn), desc(invoices.id)],
  createSchema: InvoiceSchema,
  updateSchema: InvoiceUpdateSchema,
  unique: [{ field: "number", column: invoices.number, message: "finance:invoice.numberTaken" }],
  // the customer, contract and bills in the user's scope; each bill confirmed, the customer's, with room for this amount
  async check(scope, values) {
    const errors: FieldErrors = {};
    if (!(await allTenantFiles(scope.db, scope.user.tenantId, values.attachments))) errors.attachments = "finance:files";
    if (!("customerId" in values)) return errors;
    if (!(await visibleCustomer(scope, values.customerId))) return { ...errors, customerId: "finance:customerNotFound" };
    if (values.contractId !== null && !(await visibleContract(scope, values.contractId, values.customerId))) errors.contractId = "finance:contractNotFound";
    const found = await billsInScope(
      scope,
      values.bills.map((b) => b.billId),
    );
    for (const b of values.bills) {
      const bill = found.find((f) => f.id === b.billId);
      const refusal = !bill
        ? "finance:invoice.billNotFound"
        : !(SETTLED_BILL_STATES as readonly number[]).includes(bill.state)
          ? "finance:invoice.billDraft"
          : bill.customerId !== values.customerId
            ? "finance:invoice.billCustomer"
            : bill.taxRateBp !== values.taxRate
              ? (`finance:invoice.billRate|${bill.number}` as const)
              : bill.invoicedCents + b.cents > bill.amountCents
                ? "finance:invoice.overBill"
                : null;
      if (refusal) {
        errors.bills = refusal;
        break;
      }
    }
    return errors;
  },
  toInsert: async (values, scope) => {
    const taxCents = await invoiceTax(scope, values);
    const netCents = values.amount - taxCents;
    return {
      number: values.number,
      kind: values.kind,
      taxRateBp: values.taxRate,
      customerId: values.customerId,
      contractId: values.contractId,
      issuedOn: values.issuedOn,
      amountCents: values.amount,
      taxCents,
      netCents,
      attachments: csvOf(values.attachments),
      remark: values.remark,
      orgId: await documentOrg(scope, values.contractId, values.customerId),
      creatorId: scope.user.id,
    };
  },
  toUpdate: (values) => ({ remark: values.remark, attachments: csvOf(values.attachments) }),
  editValues: async (scope, row) => ({ attachmentFiles: await namedFiles(scope.db, scope.user.tenantId, row.attachments) }),
  // a new invoice offers the bills with an uninvoiced remainder, a fixed line each
  newValues: async (scope) => ({ bills: (await invoiceableBills(scope)).map(billLine) }),
  auditView: (row) => row,
  // each bill's share, and the bill's invoiced total moved only while it stays within the bill (a concurrent invoice
  // that took the room first leaves this UPDATE changing nothing, and the guard rolls the whole save back)
  sideWrites: (scope, save) => {
    if (save.before || !("bills" in save.values)) return { writes: [] };
    const writes: BatchItem[] = [];
    for (const b of (save.values as InvoiceValues).bills) {
      writes.push(
        scope.db.insert(invoiceBills).values(withTenant(scope, { invoiceId: save.id as number, billId: b.billId, amountCents: b.cents })),
        scope.db
          .update(bills)
          .set({ invoicedCents: sql`${bills.invoicedCents} + ${b.cents}` })
          .where(and(eq(bills.id, b.billId), ofTenant(bills, scope), inArray(bills.state, [...SETTLED_BILL_STATES]), sql`${bills.invoicedCents} + ${b.cents} <= ${bills.amountCents}`)),
        expectChanges(scope.db, 1),
      );
    }
    return { writes };
  },
  beforeDelete: async () => ({ refuse: "finance:invoice.voidInstead" }),
  scopeWhere: (scope) => visibleOrgRowWhere(scope, invoices.orgId),
  fileColumns: [invoices.attachments],
});

/**
 * An invoice's tax: a bill it covers whole carries exactly the bill's tax (the sum of its items', each half up at the
 * fen), so an invoice of whole bills never drifts from them by a fen; a part of a bill, or an invoice of no bill, has
 * the tax taken out of its amount at the rate, half up. The rates agree (check refuses a bill at another rate).
 */
export async function invoiceTax(scope: RequestScope, values: Pick<InvoiceValues, "amount" | "taxRate" | "bills">): Promise<number> {
  if (!values.bills.length) return invoiceSplit(values.amount, values.taxRate).taxCents;
  const found = await billsInScope(
    scope,
    values.bills.map((b) => b.billId),
  );
  return values.bills.reduce((sum, b) => {
    const bill = found.find((f) => f.id === b.billId);
    return sum + (bill && b.cents === bill.amountCents ? bill.taxCents : invoiceSplit(b.cents, values.taxRate).taxCents);
  }, 0);
}

/** The confirmed bills in the user's scope with something left to invoice: the form's choices. */
export async function invoiceableBills(scope: RequestScope) {
  return scope.db
    .select({ id: bills.id, number: bills.number, customerId: bills.customerId, customerName: sql<string | null>`(select ${customers.name} from ${customers} where ${customers.id} = "bills"."customer_id")`, dueOn: bills.dueOn, amountCents: bills.amountCents, openCents: sql<number>`${bills.amountCents} - ${bills.invoicedCents}` })
    .from(bills)
    .where(and(ofTenant(bills, scope), inArray(bills.state, [...SETTLED_BILL_STATES]), sql`${bills.invoicedCents} < ${bills.amountCents}`, visibleOrgRowWhere(scope, bills.orgId)))
    .orderBy(bills.dueOn, bills.id)
    .limit(500);
}
export type InvoiceableBill = Awaited<ReturnType<typeof invoiceableBills>>[number];

export const invoiceOptions = partyOptions;

/** Create through the generic save; a bill another invoice filled meanwhile (the guard) answers on the bills field. */
export async function createInvoice(scope: RequestScope, form: FormData, back: string) {
  const values = postedValues(form);
  try {
    const result = await createRow(scope, invoiceResource, values);
    if (result.ok) return redirect(back, { headers: { "Set-Cookie": flashCookie("saved") } });
    return data<ResourceActionData>({ intent: "create", errors: result.errors, values: withoutSecrets(values), options: await invoiceOptions(scope) }, { status: result.status });
  } catch (error) {
    if (!isGuardFailure(error)) throw error;
    return data<ResourceActionData>({ intent: "create", errors: { bills: "finance:invoice.overBill" }, values: withoutSecrets(values), options: await invoiceOptions(scope) }, { status: 409 });
  }
}

type InvoiceMachineRow = { id: number; version: number; state: number; number: string };

/**
 * 作废 through the engine: each invoice stops counting, and each bill it covered gives back what it covered, in the
 * transition's batch (all or nothing; an invoice voided meanwhile is refused as already void).
 */
export const invoiceMachine: Machine<InvoiceMachineRow> = {
  view: invoiceStates,
  table: invoices,
  stateKey: "state",
  load: (scope, ids) =>
    scope.db
      .select({ id: invoices.id, version: invoices.version, state: invoices.state, number: invoices.number })
      .from(invoices)
      .where(and(inArray(invoices.id, ids), ofTenant(invoices, scope), visibleOrgRowWhere(scope, invoices.orgId))),
  label: (r) => r.number,
  plan: async (scope, _t, rows) => {
    const covered = await scope.db
      .select({ billId: invoiceBills.billId, cents: invoiceBills.amountCents })
      .from(invoiceBills)
      .where(and(inArray(invoiceBills.invoiceId, rows.map((r) => r.id)), ofTenant(invoiceBills, scope)));
    return { writes: covered.map((c) => scope.db.update(bills).set({ invoicedCents: sql`${bills.invoicedCents} - ${c.cents}` }).where(and(eq(bills.id, c.billId), ofTenant(bills, scope)))) };
  },
};
