import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";
import { organisations, users, vehicles } from "../../db/schema";
import { ofTenant } from "../../db/tenant";

/** A data permission (alias dp) that counts now: approved, enabled, and not past its period end. */
const permissionInForce = (now: number): SQL => sql`dp.state = 1 AND dp.enabled = 1 AND (dp.period_end IS NULL OR dp.period_end >= ${now})`;

/**
 * The vehicles granted to a user one by one, beyond their organisation: authorized vehicles (user_vehicles) and
 * data permissions that are approved, enabled and not past their period end (data_permissions), as one SELECT of
 * vehicle ids. Shared with app/modules/telematics/scope.server.ts, so every list and the hub apply the same rule.
 */
export function grantedVehicleIdsSql(tenantId: number, userId: number, now = Date.now()): SQL {
  return sql`SELECT uv.vehicle_id FROM user_vehicles uv WHERE uv.tenant_id = ${tenantId} AND uv.user_id = ${userId}
    UNION SELECT dp.vehicle_id FROM data_permissions dp WHERE dp.tenant_id = ${tenantId} AND dp.user_id = ${userId}
      AND ${permissionInForce(now)}`;
}

/**
 * When the next of these users' data permissions runs out (the first moment after the earliest period end among
 * those in force; min() skips the open-ended ones), or null: the hub recomputes open sockets' scopes then, so an
 * expired grant leaves live screens too.
 */
export async function nextGrantExpiry(db: Db, tenantId: number, userIds: number[], now = Date.now()): Promise<number | null> {
  let earliest: number | null = null;
  // D1 binds at most 100 parameters a statement: the users go in groups
  for (let i = 0; i < userIds.length; i += 90) {
    const group = userIds.slice(i, i + 90);
    const [row] = await db.all<{ end: number | null }>(sql`SELECT min(dp.period_end) AS "end" FROM data_permissions dp
      WHERE dp.tenant_id = ${tenantId} AND dp.user_id IN (${sql.join(
        group.map((id) => sql`${id}`),
        sql`, `,
      )}) AND ${permissionInForce(now)}`);
    if (row?.end != null && (earliest === null || row.end < earliest)) earliest = row.end;
  }
  return earliest === null ? null : earliest + 1;
}

/**
 * The vehicles a user may see (spec §6 data scope): all of the tenant's when the user's authorized organisation is
 * unset or the root; otherwise the vehicles of that organisation's subtree plus the vehicles granted to the user
 * (authorized vehicles and data permissions, grantedVehicleIdsSql).
 * A user of another tenant, or no user, sees nothing.
 */
export async function visibleVehicleIds(db: Db, tenantId: number, userId: number): Promise<Set<number> | "all"> {
  const [user] = await db
    .select({ orgId: users.orgId, parentId: organisations.parentId })
    .from(users)
    .leftJoin(organisations, eq(organisations.id, users.orgId))
    .where(and(eq(users.id, userId), ofTenant(users, tenantId)));
  if (!user) return new Set();
  if (user.orgId === null || user.parentId === null) return "all";
  const subtree = await db.all<{ id: number }>(sql`
    WITH RECURSIVE sub(id) AS (SELECT ${user.orgId} UNION ALL SELECT o.id FROM organisations o JOIN sub ON o.parent_id = sub.id WHERE o.tenant_id = ${tenantId})
    SELECT id FROM sub`);
  const orgIds = subtree.map((r) => r.id);
  const [byOrg, granted] = await Promise.all([
    db.select({ id: vehicles.id }).from(vehicles).where(and(ofTenant(vehicles, tenantId), inArray(vehicles.orgId, orgIds))),
    db.all<{ vehicle_id: number }>(grantedVehicleIdsSql(tenantId, userId)),
  ]);
  return new Set([...byOrg.map((r) => r.id), ...granted.map((r) => r.vehicle_id)]);
}

/**
 * The same rule as one SQL condition on a vehicle id column, for lists that filter and page in the database (the
 * alarm list): undefined when the user sees every vehicle of the tenant, a subquery otherwise (no id list to bind,
 * however many vehicles the organisation has).
 */
export async function visibleVehicleCondition(db: Db, tenantId: number, userId: number, column: SQLiteColumn | SQL): Promise<SQL | undefined> {
  const [user] = await db
    .select({ orgId: users.orgId, parentId: organisations.parentId })
    .from(users)
    .leftJoin(organisations, eq(organisations.id, users.orgId))
    .where(and(eq(users.id, userId), ofTenant(users, tenantId)));
  if (!user) return sql`0`;
  if (user.orgId === null || user.parentId === null) return undefined;
  return sql`${column} IN (
    WITH RECURSIVE sub(id) AS (SELECT ${user.orgId} UNION ALL SELECT o.id FROM organisations o JOIN sub ON o.parent_id = sub.id WHERE o.tenant_id = ${tenantId})
    SELECT v.id FROM vehicles v WHERE v.tenant_id = ${tenantId} AND v.org_id IN (SELECT id FROM sub)
    UNION ${grantedVehicleIdsSql(tenantId, userId)})`;
}
