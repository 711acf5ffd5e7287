import { and, eq, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { contracts, customers } from "../../../db/schema";
import { visibleOrgRowWhere } from "../../../db/rules/data-scope";
import { ofTenant } from "../../../db/tenant";
import { centsOf } from "~/lib/cents";
import type { RequestScope } from "~/modules/access/access.server";
import type { Option } from "~/modules/resource/route.server";
import { day, line, note } from "~/lib/form-fields";

/*
 * What the invoice and receipt registers share: the posted fields' schemas, the parties and contracts a user may name
 * (the tenant's, inside the data scope), the organisation a document belongs to, and an audit record for the acts
 * that are not a save (voiding an invoice, allocating a credit).
 */

/** An id chosen in a select; empty is null. */
export const optionalId = line()
  .refine((v) => v === "" || /^\d{1,9}$/.test(v), "validation.required")
  .transform((v) => (v === "" ? null : Number(v)));
export const requiredId = line().regex(/^\d{1,9}$/, "validation.required").transform(Number);
export const positiveCents = line()
  .refine((v) => (centsOf(v) ?? 0) > 0, "finance:amount")
  .transform((v) => centsOf(v)!);
export const dayField = day();
export const remarkField = note()
  .max(200, "finance:tooLong")
  .transform((v) => v || null);
export const attachmentsField = z
  .array(z.string().regex(/^\d{1,12}$/, "finance:files"))
  .transform((ids) => [...new Set(ids.map(Number))])
  .optional()
  .default([]);
/** one posted bill row of a document: its id, whether it is ticked, the amount typed */
export const postedBill = z.object({ billId: z.string().regex(/^\d{1,9}$/), on: z.string().optional().default(""), amount: z.string().optional().default("") });

export const csvOf = (ids: number[]) => (ids.length ? ids.join(",") : null);

/** The customer, when it is the tenant's and its organisation is in the user's scope. */
export async function visibleCustomer(scope: RequestScope, id: number): Promise<{ id: number; orgId: number | null } | undefined> {
  const [row] = await scope.db
    .select({ id: customers.id, orgId: customers.orgId })
    .from(customers)
    .where(and(eq(customers.id, id), ofTenant(customers, scope), visibleOrgRowWhere(scope, customers.orgId)));
  return row;
}

/** The contract (any revision), when it is the tenant's, in scope and, when a customer is given, that customer's. */
export async function visibleContract(scope: RequestScope, id: number, customerId: number | null): Promise<{ id: number; orgId: number | null } | undefined> {
  const [row] = await scope.db
    .select({ id: contracts.id, orgId: contracts.orgId })
    .from(contracts)
    .where(and(eq(contracts.id, id), ofTenant(contracts, scope), visibleOrgRowWhere(scope, contracts.orgId), customerId === null ? undefined : eq(contracts.customerId, customerId)));
  return row;
}

/** The organisation a document belongs to: its contract's, else its customer's. */
export async function documentOrg(scope: RequestScope, contractId: number | null, customerId: number | null): Promise<number | null> {
  if (contractId !== null) {
    const [c] = await scope.db.select({ orgId: contracts.orgId }).from(contracts).where(and(eq(contracts.id, contractId), ofTenant(contracts, scope)));
    if (c?.orgId) return c.orgId;
  }
  if (customerId !== null) {
    const [c] = await scope.db.select({ orgId: customers.orgId }).from(customers).where(and(eq(customers.id, customerId), ofTenant(customers, scope)));
    return c?.orgId ?? null;
  }
  return null;
}

/** The customers and contracts (revision in force) a user may name on an invoice or a receipt. */
export async function partyOptions(scope: RequestScope): Promise<Record<string, Option[]>> {
  const [customerRows, contractRows] = await Promise.all([
    scope.db
      .select({ id: customers.id, name: customers.name })
      .from(customers)
      .where(and(ofTenant(customers, scope), visibleOrgRowWhere(scope, customers.orgId)))
      .orderBy(customers.name)
      .limit(1000),
    scope.db
      .select({ id: contracts.id, number: contracts.number, name: contracts.name, customerId: contracts.customerId, customer: sql<string | null>`(select ${customers.name} from ${customers} where ${customers.id} = "contracts"."customer_id")` })
      .from(contracts)
      .where(and(ofTenant(contracts, scope), eq(contracts.current, 1), visibleOrgRowWhere(scope, contracts.orgId)))
      .orderBy(sql`${contracts.number} desc`)
      .limit(1000),
  ]);
  return {
    customerId: customerRows.map((c) => ({ value: String(c.id), label: c.name })),
    // each contract with its customer: the form's contract list follows the chosen customer
    contractId: contractRows.map((c) => ({ value: String(c.id), label: `${c.number} · ${c.customer ?? c.name}`, parent: c.customerId === null ? "" : String(c.customerId) })),
  };
}

/** A document's data scope: the organisation stored on it (its contract's or its customer's). */
export const orgScope = (scope: RequestScope, column: Parameters<typeof visibleOrgRowWhere>[1]): SQL | undefined => visibleOrgRowWhere(scope, column);
