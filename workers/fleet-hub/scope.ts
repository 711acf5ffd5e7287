import { and, eq, inArray, sql } from "drizzle-orm";
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
