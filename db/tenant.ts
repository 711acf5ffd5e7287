import { and, eq, getTableName, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/**
 * The tenant condition, written once. Every query of a tenant's rows (read, update, delete) and every insert takes
 * its tenant from here, so isolation is one reviewed piece of code rather than ninety copies of `eq(x.tenantId, …)`.
 * The SQL is exactly what the copies wrote (`"table"."tenant_id" = ?`), so prepared statements and the
 * (tenant_id, …) indexes behave as before. db/tenant.test.ts fails on a hand-written copy anywhere in app/ or workers/.
 */

/** A table (or drizzle alias) with a `tenant_id` column: the only kind the helpers accept. */
export type TenantTable = { readonly tenantId: SQLiteColumn };

/** Where the tenant comes from: an id, anything carrying `tenantId` (a user, terminal claims), or a request scope. */
export type TenantRef = number | { readonly tenantId: number } | { readonly user: { readonly tenantId: number } };

/** The tenant id a ref names. */
export function tenantIdOf(ref: TenantRef): number {
  if (typeof ref === "number") return ref;
  return "user" in ref ? ref.user.tenantId : ref.tenantId;
}

/** `table.tenant_id = <tenant>`: the condition on its own, for a `where` or a join's `on`. */
export function ofTenant(table: TenantTable, ref: TenantRef): SQL {
  return eq(table.tenantId, tenantIdOf(ref));
}

/** The tenant's rows of `table` that also meet every given condition (undefined ones are skipped, as in `and`). */
export function tenantWhere(table: TenantTable, ref: TenantRef, ...conditions: (SQL | undefined)[]): SQL {
  return and(ofTenant(table, ref), ...conditions)!;
}

/** `a.tenant_id = b.tenant_id`: a join that stays inside the row's own tenant. */
export function sameTenant(a: TenantTable, b: TenantTable): SQL {
  return eq(a.tenantId, b.tenantId);
}

/**
 * `table.tenant_id = outer.tenant_id` inside a correlated subquery: the subquery's rows stay in the outer row's tenant.
 * The outer column is named by its table, since drizzle writes a select's own columns unqualified and an unqualified
 * `tenant_id` inside the subquery would be the subquery's own (always true).
 */
export function tenantOfOuter(table: TenantTable, outer: TenantTable): SQL {
  return sql`${table.tenantId} = ${sql.identifier(getTableName(outer as never))}.${sql.identifier(outer.tenantId.name)}`;
}

/** An insert's values with the tenant set from the ref (a tenant the values carried is overridden). */
export function withTenant<V extends object>(ref: TenantRef, values: V): V & { tenantId: number } {
  return { ...values, tenantId: tenantIdOf(ref) };
}
