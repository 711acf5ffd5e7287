/**
 * A customer's credit exposure (敞口): the value of its open contracts (in approval, approved, executing; the revision in
 * force) plus its unpaid bills, against its credit limit. The one computation of it: the customer's detail shows it,
 * the contract document checks it before a save. It sees the whole tenant, not the user's data scope: a contract
 * signed by another branch is still owed by the same customer.
 *
 * Bills arrive with settlement (the next issue); until then unpaid bills are 0 and `billsCents` says so.
 */
import { and, getTableName, inArray, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { contracts, customers } from "../../../db/schema";
import type { Db } from "../../../db/client";
import { ofTenant, tenantOfOuter, type TenantRef } from "../../../db/tenant";
import { CONTRACT_STATE } from "~/modules/contracts/contracts.resource";

/** The contract states whose value is owed or about to be: 1 in approval, 2 approved, 3 executing. */
export const EXPOSED_CONTRACT_STATES = [CONTRACT_STATE.inApproval, CONTRACT_STATE.approved, CONTRACT_STATE.executing] as const;

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
 * A column of the outer query inside a correlated subquery, named by its table: drizzle writes a select's columns
 * unqualified, and `id` inside `(select … from contracts where …)` would be the contract's own.
 */
export const outerColumn = (c: SQLiteColumn): SQL => sql`${sql.identifier(getTableName(c.table))}.${sql.identifier(c.name)}`;

/**
 * The open contracts' value of the customer in `customerId` (a column of the outer query: the customer list reads it
 * for every row in the same select), cents.
 */
export function openContractsCentsSql(customerId: SQLiteColumn): SQL<number> {
  return sql<number>`(select coalesce(sum(${contracts.valueCents}), 0) from ${contracts} where ${contracts.customerId} = ${outerColumn(customerId)} and ${tenantOfOuter(contracts, customers)} and ${contracts.current} = 1 and ${contracts.state} in (${sql.raw(EXPOSED_CONTRACT_STATES.join(", "))}))`;
}

/** Unpaid bills of the customer in `customerId`, cents: none until settlement brings bills. */
export function unpaidBillsCentsSql(_customerId: SQLiteColumn): SQL<number> {
  return sql<number>`0`;
}

/** Whether an exposure is over a limit (never when there is no limit). */
export const isOverLimit = (exposureCents: number, limitCents: number | null) => limitCents !== null && exposureCents > limitCents;

/**
 * The exposure of each customer asked for (of the scope's tenant; an id of another tenant or of no customer is absent
 * from the map), in one read.
 */
export async function customerExposure(scope: ExposureScope, customerIds: readonly number[]): Promise<Map<number, CustomerExposure>> {
  const out = new Map<number, CustomerExposure>();
  const ids = [...new Set(customerIds)];
  if (!ids.length) return out;
  const rows = await scope.db
    .select({ id: customers.id, limitCents: customers.creditLimitCents, contractsCents: openContractsCentsSql(customers.id), billsCents: unpaidBillsCentsSql(customers.id) })
    .from(customers)
    .where(and(ofTenant(customers, scope), inArray(customers.id, ids)));
  for (const r of rows) {
    const contractsCents = Number(r.contractsCents);
    const billsCents = Number(r.billsCents);
    const exposureCents = contractsCents + billsCents;
    out.set(r.id, { customerId: r.id, contractsCents, billsCents, exposureCents, limitCents: r.limitCents, over: isOverLimit(exposureCents, r.limitCents) });
  }
  return out;
}
