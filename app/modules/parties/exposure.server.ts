/**
 * A customer's credit exposure (敞口): the value of its open contracts (in approval, approved, executing; the revision in
 * force) plus its unpaid bills, against its credit limit. The one computation of it: the customer's detail shows it,
 * the contract document checks it before a save. It sees the whole tenant, not the user's data scope: a contract
 * signed by another branch is still owed by the same customer.
 *
 * Bills arrive with settlement (the next issue); until then unpaid bills are 0 and `billsCents` says so.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { contracts, customers } from "../../../db/schema";
import type { Db } from "../../../db/client";
import { ofTenant, type TenantRef } from "../../../db/tenant";

/** The contract states whose value is owed or about to be: 1 in approval, 2 approved, 3 executing. */
export const EXPOSED_CONTRACT_STATES = [1, 2, 3] as const;

export interface CustomerExposure {
  customerId: number;
  /** the open contracts' value, cents */
  contractsCents: number;
  /** unpaid bills, cents (0 until bills exist) */
  billsCents: number;
  /** contracts + bills, cents */
  exposureCents: number;
  /** the credit limit, cents; null: no limit */
  limitCents: number | null;
  /** exposure above the limit (never when there is no limit) */
  over: boolean;
}

/** What `customerExposure` needs of a request scope: the database and the tenant. */
export type ExposureScope = { db: Db } & TenantRef;

/**
 * The exposure of each customer asked for (of the scope's tenant; an id of another tenant or of no customer is absent
 * from the map), in one read.
 */
export async function customerExposure(scope: ExposureScope, customerIds: readonly number[]): Promise<Map<number, CustomerExposure>> {
  const out = new Map<number, CustomerExposure>();
  const ids = [...new Set(customerIds)];
  if (!ids.length) return out;
  const open = scope.db
    .select({ customerId: contracts.customerId, cents: sql<number>`sum(${contracts.valueCents})`.as("cents") })
    .from(contracts)
    .where(and(ofTenant(contracts, scope), inArray(contracts.customerId, ids), eq(contracts.current, 1), inArray(contracts.state, [...EXPOSED_CONTRACT_STATES])))
    .groupBy(contracts.customerId)
    .as("open");
  const rows = await scope.db
    .select({ id: customers.id, limitCents: customers.creditLimitCents, contractsCents: sql<number>`coalesce(${open.cents}, 0)` })
    .from(customers)
    .leftJoin(open, eq(open.customerId, customers.id))
    .where(and(ofTenant(customers, scope), inArray(customers.id, ids)));
  for (const r of rows) {
    const contractsCents = Number(r.contractsCents);
    const billsCents = 0;
    const exposureCents = contractsCents + billsCents;
    out.set(r.id, { customerId: r.id, contractsCents, billsCents, exposureCents, limitCents: r.limitCents, over: r.limitCents !== null && exposureCents > r.limitCents });
  }
  return out;
}
