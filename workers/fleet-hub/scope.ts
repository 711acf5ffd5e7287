import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";
import { organisations, users, userVehicles, vehicles } from "../../db/schema";

/**
 * The vehicles a user may see (spec §6 data scope): all of the tenant's when the user's authorized organisation is
 * unset or the root; otherwise the vehicles of that organisation's subtree plus the vehicles granted to the user.
 * A user of another tenant, or no user, sees nothing.
 */
export async function visibleVehicleIds(db: Db, tenantId: number, userId: number): Promise<Set<number> | "all"> {
  const [user] = await db
    .select({ orgId: users.orgId, parentId: organisations.parentId })
    .from(users)
    .leftJoin(organisations, eq(organisations.id, users.orgId))
    .where(and(eq(users.id, userId), eq(users.tenantId, tenantId)));
  if (!user) return new Set();
  if (user.orgId === null || user.parentId === null) return "all";
  const subtree = await db.all<{ id: number }>(sql`
    WITH RECURSIVE sub(id) AS (SELECT ${user.orgId} UNION ALL SELECT o.id FROM organisations o JOIN sub ON o.parent_id = sub.id WHERE o.tenant_id = ${tenantId})
    SELECT id FROM sub`);
  const orgIds = subtree.map((r) => r.id);
  const [byOrg, granted] = await Promise.all([
    db.select({ id: vehicles.id }).from(vehicles).where(and(eq(vehicles.tenantId, tenantId), inArray(vehicles.orgId, orgIds))),
    db.select({ id: userVehicles.vehicleId }).from(userVehicles).where(and(eq(userVehicles.tenantId, tenantId), eq(userVehicles.userId, userId))),
  ]);
  return new Set([...byOrg, ...granted].map((r) => r.id));
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
    .where(and(eq(users.id, userId), eq(users.tenantId, tenantId)));
  if (!user) return sql`0`;
  if (user.orgId === null || user.parentId === null) return undefined;
  return sql`${column} IN (
    WITH RECURSIVE sub(id) AS (SELECT ${user.orgId} UNION ALL SELECT o.id FROM organisations o JOIN sub ON o.parent_id = sub.id WHERE o.tenant_id = ${tenantId})
    SELECT v.id FROM vehicles v WHERE v.tenant_id = ${tenantId} AND v.org_id IN (SELECT id FROM sub)
    UNION SELECT uv.vehicle_id FROM user_vehicles uv WHERE uv.tenant_id = ${tenantId} AND uv.user_id = ${userId})`;
}
