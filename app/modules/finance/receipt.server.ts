import { data, redirect } from "@remix-run/cloudflare";
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import { z } from "zod";
import { bills, contracts, customers, receiptAllocations, receipts, suppliers } from "../../../db/schema";
import { interestWrites } from "~/modules/overdue/interest.server";
import { RECEIPT_METHODS } from "../../../db/schema/finance";
import { visibleOrgRowWhere } from "../../../db/rules/data-scope";
import { batch } from "../../../db/client";
import { expectChanges, isGuardFailure } from "../../../db/guard";
import { ofTenant, sameTenant, withTenant } from "../../../db/tenant";
import { centsOf, formatCents } from "~/lib/cents";
import { addDays, parseDay } from "~/lib/calendar";
import { todayInZone } from "~/lib/tenant-clock";
import type { RequestScope } from "~/modules/access/access.server";
import { auditRecord } from "~/modules/resource/command.server";
import { flashCookie } from "~/modules/auth/session.server";
import { allTenantFiles, namedFiles } from "~/modules/files/files.server";
import { takeNumber } from "~/modules/numbering/numbering.server";
import { billLine } from "./bills-lines";
import { containing, createRow, defineResource, findRow, type BatchItem, type FieldErrors, withLimit } from "~/modules/resource/resource.server";
import { postedValues, withoutSecrets } from "~/modules/resource/form.server";
import type { Option, ResourceActionData } from "~/modules/resource/route.server";
import { attachmentsField, csvOf, dayField, documentOrg, optionalId, partyOptions, positiveCents, postedBill, remarkField, visibleContract, visibleCustomer } from "./common.server";
import { billsInScope, SETTLED_BILL_STATES } from "./invoice.server";
import { PAYMENT_NUMBERING, RECEIPT_NUMBERING } from "./kinds";
import { allocateOldestFirst, type OpenBill } from "./money";
import { receiptView } from "./receipt.resource";
import { line } from "~/lib/form-fields";


const referenceField = line()
  .max(60, "finance:tooLong")
  .transform((v) => v || null);

export const ReceiptSchema = z
  .object({
    direction: z.enum(["in", "out"], { message: "validation.required" }),
    customerId: optionalId,
    supplierId: optionalId,
    contractId: optionalId,
    receivedOn: dayField,
    amount: positiveCents,
    method: z.enum(RECEIPT_METHODS, { message: "validation.required" }),
    reference: referenceField,
    allocation: z.enum(["auto", "manual", "none"], { message: "validation.required" }),
    remark: remarkField,
    attachments: attachmentsField,
    bills: z.array(postedBill).optional().default([]),
  })
  .transform(({ bills: posted, ...v }, ctx) => {
    if (v.direction === "in" ? v.customerId === null : v.supplierId === null) {
      ctx.addIssue({ code: "custom", path: [v.direction === "in" ? "customerId" : "supplierId"], message: "finance:receipt.partyRequired" });
      return z.NEVER;
    }
    const chosen: { billId: number; cents: number }[] = [];
    if (v.direction === "in" && v.allocation === "manual")
      for (const b of posted) {
        if (!b.on) continue;
        const cents = centsOf(b.amount);
        if (cents === null || cents <= 0) {
          ctx.addIssue({ code: "custom", path: ["bills"], message: "finance:receipt.billAmount" });
          return z.NEVER;
        }
        if (!chosen.some((c) => c.billId === Number(b.billId))) chosen.push({ billId: Number(b.billId), cents });
      }
    if (chosen.reduce((s, c) => s + c.cents, 0) > v.amount) {
      ctx.addIssue({ code: "custom", path: ["bills"], message: "finance:receipt.overReceipt" });
      return z.NEVER;
    }
    // a payment out names its supplier only; a receipt its customer only
    return { ...v, customerId: v.direction === "in" ? v.customerId : null, supplierId: v.direction === "out" ? v.supplierId : null, bills: chosen };
  });
export const ReceiptUpdateSchema = z.object({ method: z.enum(RECEIPT_METHODS, { message: "validation.required" }), reference: referenceField, remark: remarkField, attachments: attachmentsField });
type ReceiptValues = z.infer<typeof ReceiptSchema>;

/** The tenant's yesterday: late interest runs through it (the day itself is not over). */
const yesterdayOf = (scope: RequestScope) => addDays(todayInZone(scope.user.timeZone), -1);

/** A customer's confirmed bills in the user's scope with something unpaid, as the allocation reads them. */
async function openBillsOf(scope: RequestScope, customerId: number): Promise<OpenBill[]> {
  return scope.db
    .select({ id: bills.id, dueOn: bills.dueOn, openCents: sql<number>`${bills.amountCents} - ${bills.paidCents}` })
    .from(bills)
    .where(and(eq(bills.customerId, customerId), ofTenant(bills, scope), inArray(bills.state, [...SETTLED_BILL_STATES]), sql`${bills.paidCents} < ${bills.amountCents}`, visibleOrgRowWhere(scope, bills.orgId)));
}

/**
 * The statements that put a receipt's money on bills: each allocation's row and the bill's paid total, moved only
 * while it stays within the bill (a concurrent receipt that paid it first leaves the UPDATE changing nothing and the
 * guard fails the batch).
 */
function allocationWrites(scope: RequestScope, receiptId: number | ReturnType<typeof sql>, allocations: { billId: number; cents: number }[]): BatchItem[] {
  return allocations.flatMap((a) => [
    scope.db.insert(receiptAllocations).values(withTenant(scope, { receiptId: receiptId as number, billId: a.billId, amountCents: a.cents })),
    scope.db
      .update(bills)
      .set({ paidCents: sql`${bills.paidCents} + ${a.cents}` })
      .where(and(eq(bills.id, a.billId), ofTenant(bills, scope), inArray(bills.state, [...SETTLED_BILL_STATES]), sql`${bills.paidCents} + ${a.cents} <= ${bills.amountCents}`)),
    expectChanges(scope.db, 1),
  ]);
}

export const receiptResource = defineResource({
  view: receiptView,
  table: receipts,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({
        id: receipts.id,
        version: receipts.version,
        number: receipts.number,
        direction: receipts.direction,
        receivedOn: receipts.receivedOn,
        customerId: receipts.customerId,
        supplierId: receipts.supplierId,
        amountCents: receipts.amountCents,
        allocatedCents: receipts.allocatedCents,
        method: receipts.method,
        reference: receipts.reference,
        remark: receipts.remark,
        // the outer row named by its table: drizzle writes a lone table's columns bare, and contracts has a customer_id of its own
        partyName: sql<
          string | null
        >`coalesce((select ${customers.name} from ${customers} where ${customers.id} = "receipts"."customer_id"), (select ${suppliers.name} from ${suppliers} where ${suppliers.id} = "receipts"."supplier_id"))`.as("party_name"),
        contractNumber: sql<string | null>`(select ${contracts.number} from ${contracts} where ${contracts.id} = "receipts"."contract_id")`.as("contract_number"),
        // written out: drizzle leaves a single table's columns unqualified, and `id` would be ambiguous in the join
        billNumbers: sql<string | null>`(select group_concat(b.number, '、') from receipt_allocations ra join bills b on b.id = ra.bill_id where ra.receipt_id = "receipts"."id")`.as("bill_numbers"),
      })
      .from(receipts)
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  },
  mapRows: (rows) =>
    rows.map((r) => ({
      ...r,
      amountText: formatCents(r.amountCents),
      allocatedText: r.direction === "in" ? formatCents(r.allocatedCents) : "",
      creditCents: r.direction === "in" ? r.amountCents - r.allocatedCents : 0,
      creditText: r.direction === "in" ? formatCents(r.amountCents - r.allocatedCents) : "",
    })),
  filters: {
    q: (v) =>
      or(
        containing(receipts.number, v),
        containing(receipts.reference, v),
        containing(receipts.remark, v),
        sql`${receipts.customerId} in (select ${customers.id} from ${customers} where ${sameTenant(customers, receipts)} and ${containing(customers.name, v)})`,
        sql`${receipts.supplierId} in (select ${suppliers.id} from ${suppliers} where ${sameTenant(suppliers, receipts)} and ${containing(suppliers.name, v)})`,
      ),
    direction: (v) => (v === "in" || v === "out" ? eq(receipts.direction, v) : undefined),
    method: (v) => ((RECEIPT_METHODS as readonly string[]).includes(v) ? eq(receipts.method, v as (typeof RECEIPT_METHODS)[number]) : undefined),
    receivedOn: (v) => (parseDay(v) ? eq(receipts.receivedOn, v) : undefined),
    customerId: (v) => (/^\d{1,9}$/.test(v) ? eq(receipts.customerId, Number(v)) : undefined),
  },
  sortColumns: { number: receipts.number, receivedOn: receipts.receivedOn },
  defaultOrder: [desc(receipts.receivedOn), desc(receipts.id)],
  createSchema: ReceiptSchema,
  updateSchema: ReceiptUpdateSchema,
  async check(scope, values) {
    const errors: FieldErrors = {};
    if (!(await allTenantFiles(scope.db, scope.user.tenantId, values.attachments))) errors.attachments = "finance:files";
    if (!("direction" in values)) return errors;
    if (values.customerId !== null && !(await visibleCustomer(scope, values.customerId))) return { ...errors, customerId: "finance:customerNotFound" };
    if (values.supplierId !== null) {
      const [s] = await scope.db
        .select({ id: suppliers.id })
        .from(suppliers)
        .where(and(eq(suppliers.id, values.supplierId), ofTenant(suppliers, scope)));
      if (!s) return { ...errors, supplierId: "finance:supplierNotFound" };
    }
    if (values.contractId !== null && !(await visibleContract(scope, values.contractId, values.customerId))) errors.contractId = "finance:contractNotFound";
    const found = await billsInScope(
      scope,
      values.bills.map((b) => b.billId),
    );
    for (const b of values.bills) {
      const bill = found.find((f) => f.id === b.billId);
      if (!bill || bill.customerId !== values.customerId || !(SETTLED_BILL_STATES as readonly number[]).includes(bill.state)) errors.bills = "finance:receipt.billNotFound";
      else if (bill.paidCents + b.cents > bill.amountCents) errors.bills = "finance:receipt.overBill";
      if (errors.bills) break;
    }
    return errors;
  },
  toInsert: async (values, scope) => ({
    // a stand-in the same batch replaces with the numbering service's number (SK or FK by direction), never seen outside it
    number: `pending-${crypto.randomUUID()}`,
    direction: values.direction,
    customerId: values.customerId,
    supplierId: values.supplierId,
    contractId: values.contractId,
    receivedOn: values.receivedOn,
    amountCents: values.amount,
    method: values.method,
    reference: values.reference,
    attachments: csvOf(values.attachments),
    remark: values.remark,
    orgId: await documentOrg(scope, values.contractId, values.customerId),
    creatorId: scope.user.id,
  }),
  toUpdate: (values) => ({ method: values.method, reference: values.reference, remark: values.remark, attachments: csvOf(values.attachments) }),
  editValues: async (scope, row) => ({ attachmentFiles: await namedFiles(scope.db, scope.user.tenantId, row.attachments) }),
  // a new receipt offers the bills with something unpaid, a fixed line each (read when allocated by hand)
  newValues: async (scope) => ({ bills: (await payableBills(scope)).map(billLine) }),
  auditView: (row) => row,
  // the number (bump first), then the money on the bills: by hand, or oldest due first over the customer's open bills
  async sideWrites(scope, save) {
    if (save.before || !("direction" in save.values)) return { writes: [] };
    const v = save.values as ReceiptValues;
    const { bump, value } = takeNumber(scope.db, scope.user.tenantId, v.direction === "in" ? RECEIPT_NUMBERING : PAYMENT_NUMBERING, Date.now(), scope.user.timeZone);
    const writes: BatchItem[] = [
      bump,
      scope.db
        .update(receipts)
        .set({ number: value })
        .where(sql`${receipts.id} = ${save.id}`),
    ];
    if (v.direction === "in" && v.customerId !== null && v.allocation !== "none") {
      const allocations = v.allocation === "manual" ? v.bills : allocateOldestFirst(await openBillsOf(scope, v.customerId), v.amount).allocations;
      const total = allocations.reduce((s, a) => s + a.cents, 0);
      writes.push(...allocationWrites(scope, save.id as number, allocations));
      if (total) writes.push(scope.db.update(receipts).set({ allocatedCents: total }).where(sql`${receipts.id} = ${save.id}`));
      // the late interest of the bills it pays, by the day the money came (a backdated receipt takes back the days since)
      const interest = await interestWrites(scope.db, scope.user.tenantId, allocations.map((a) => a.billId), { through: yesterdayOf(scope), adding: { receivedOn: v.receivedOn, allocations } });
      writes.push(...interest.writes);
    }
    return { writes };
  },
  // the money goes back to the bills it paid, the allocations go with the receipt
  async beforeDelete(scope, ids) {
    const given = await scope.db
      .select({ billId: receiptAllocations.billId, cents: receiptAllocations.amountCents })
      .from(receiptAllocations)
      .where(and(inArray(receiptAllocations.receiptId, ids), ofTenant(receiptAllocations, scope)));
    // the interest of the bills it paid, as if the money had never come
    const interest = await interestWrites(scope.db, scope.user.tenantId, given.map((g) => g.billId), { through: yesterdayOf(scope), removing: ids });
    return {
      dependents: [
        ...interest.writes,
        ...given.map((g) =>
          scope.db
            .update(bills)
            .set({ paidCents: sql`${bills.paidCents} - ${g.cents}` })
            .where(and(eq(bills.id, g.billId), ofTenant(bills, scope))),
        ),
        scope.db.delete(receiptAllocations).where(and(inArray(receiptAllocations.receiptId, ids), ofTenant(receiptAllocations, scope))),
      ],
    };
  },
  scopeWhere: (scope) => visibleOrgRowWhere(scope, receipts.orgId),
  fileColumns: [receipts.attachments],
});

/** The form's choices: customers, suppliers and contracts in scope. */
export async function receiptOptions(scope: RequestScope): Promise<Record<string, Option[]>> {
  const [parties, supplierRows] = await Promise.all([partyOptions(scope), scope.db.select({ id: suppliers.id, name: suppliers.name }).from(suppliers).where(ofTenant(suppliers, scope)).orderBy(suppliers.name).limit(1000)]);
  return { ...parties, supplierId: supplierRows.map((s) => ({ value: String(s.id), label: s.name })) };
}

/** The confirmed bills in scope with something unpaid: the manual allocation's choices. */
export async function payableBills(scope: RequestScope) {
  return scope.db
    .select({ id: bills.id, number: bills.number, customerId: bills.customerId, customerName: sql<string | null>`(select ${customers.name} from ${customers} where ${customers.id} = "bills"."customer_id")`, dueOn: bills.dueOn, amountCents: bills.amountCents, openCents: sql<number>`${bills.amountCents} - ${bills.paidCents}` })
    .from(bills)
    .where(and(ofTenant(bills, scope), inArray(bills.state, [...SETTLED_BILL_STATES]), sql`${bills.paidCents} < ${bills.amountCents}`, visibleOrgRowWhere(scope, bills.orgId)))
    .orderBy(bills.dueOn, bills.id)
    .limit(500);
}

/** Create through the generic save; a bill paid meanwhile by another receipt (the guard) answers on the bills field. */
export async function createReceipt(scope: RequestScope, form: FormData, back: string) {
  const values = postedValues(form);
  try {
    const result = await createRow(scope, receiptResource, values);
    if (result.ok) return redirect(back, { headers: { "Set-Cookie": flashCookie("saved") } });
    return data<ResourceActionData>({ intent: "create", errors: result.errors, values: withoutSecrets(values), options: await receiptOptions(scope) }, { status: result.status });
  } catch (error) {
    if (!isGuardFailure(error)) throw error;
    return data<ResourceActionData>({ intent: "create", errors: { bills: "finance:receipt.changed" }, values: withoutSecrets(values), options: await receiptOptions(scope) }, { status: 409 });
  }
}

/** 核销余额: a receipt's credit put on its customer's open bills, oldest due first (a bill confirmed since it came in). */
export async function allocateCredit(scope: RequestScope, receiptId: number): Promise<{ ok: true; cents: number } | { ok: false; error: "finance:receipt.nothingToAllocate" | "finance:receipt.changed" }> {
  const row = await findRow(scope, receiptResource, receiptId);
  if (!row) throw new Response("Not Found", { status: 404 });
  const credit = row.amountCents - row.allocatedCents;
  if (row.direction !== "in" || row.customerId === null || credit <= 0) return { ok: false, error: "finance:receipt.nothingToAllocate" };
  const { allocations } = allocateOldestFirst(await openBillsOf(scope, row.customerId), credit);
  const total = allocations.reduce((s, a) => s + a.cents, 0);
  if (!total) return { ok: false, error: "finance:receipt.nothingToAllocate" };
  try {
    await batch(scope.db, [
      // the receipt as read: another allocation of the same credit meanwhile stores nothing of this one
      scope.db
        .update(receipts)
        .set({ allocatedCents: row.allocatedCents + total, version: row.version + 1, updatedAt: Date.now() })
        .where(and(eq(receipts.id, row.id), ofTenant(receipts, scope), eq(receipts.allocatedCents, row.allocatedCents))),
      expectChanges(scope.db, 1),
      ...allocationWrites(scope, row.id, allocations),
      auditRecord(scope, { entity: receiptView.name, action: "allocate", id: row.id, before: { allocatedCents: row.allocatedCents }, after: { allocatedCents: row.allocatedCents + total, allocations } }),
    ]);
  } catch (error) {
    if (!isGuardFailure(error)) throw error;
    return { ok: false, error: "finance:receipt.changed" };
  }
  return { ok: true, cents: total };
}

export async function allocateIntent(scope: RequestScope, form: FormData, back: string) {
  const result = await allocateCredit(scope, Number(form.get("id")));
  if (!result.ok) return data({ intent: "allocate" as const, error: result.error }, { status: 409 });
  return redirect(back, { headers: { "Set-Cookie": flashCookie("saved") } });
}

export interface CustomerBalance {
  id: number;
  name: string;
  billedCents: number;
  paidCents: number;
  creditCents: number;
  outstandingCents: number;
  overdueCents: number;
}

/**
 * Per customer in scope: billed (confirmed bills), paid, credit (received but not allocated), outstanding, overdue today.
 * The bills are those of the user's data scope (their organisation), as 逾期合同 counts them: the overdue of a customer
 * here is the sum of 逾期合同's totals of that customer's contracts (late interest apart, credit not set against it).
 */
export async function customerBalances(scope: RequestScope, customerId: number | null, limit = 12): Promise<CustomerBalance[]> {
  const today = todayInZone(scope.user.timeZone);
  const outer = sql.raw(`"customers"."id"`);
  const settled = and(sql`${bills.customerId} = ${outer}`, ofTenant(bills, scope), sql`${bills.state} in (${sql.raw(SETTLED_BILL_STATES.join(", "))})`, visibleOrgRowWhere(scope, bills.orgId));
  const billed = sql<number>`coalesce((select sum(${bills.amountCents}) from ${bills} where ${settled}), 0)`;
  const paid = sql<number>`coalesce((select sum(${bills.paidCents}) from ${bills} where ${settled}), 0)`;
  const overdue = sql<number>`coalesce((select sum(${bills.amountCents} - ${bills.paidCents}) from ${bills} where ${settled} and ${bills.dueOn} < ${today}), 0)`;
  const credit = sql<number>`coalesce((select sum(${receipts.amountCents} - ${receipts.allocatedCents}) from ${receipts} where ${receipts.customerId} = ${outer} and ${ofTenant(receipts, scope)} and ${receipts.direction} = 'in'), 0)`;
  const rows = await scope.db
    .select({ id: customers.id, name: customers.name, billedCents: billed, paidCents: paid, creditCents: credit, overdueCents: overdue })
    .from(customers)
    .where(and(ofTenant(customers, scope), visibleOrgRowWhere(scope, customers.orgId), customerId !== null ? eq(customers.id, customerId) : sql`(${billed} > 0 or ${credit} > 0)`))
    .orderBy(desc(sql`${billed} - ${paid}`), customers.id)
    .limit(limit);
  return rows.map((r) => ({ ...r, outstandingCents: r.billedCents - r.paidCents }));
}
