/**
 * Who may hold a hub socket and what it may watch, decided as the screens it feeds decide: a socket needs a session
 * that is still valid and the menu of a live screen, and each part of a watch needs the screen that part serves
 * (HUB_SCREENS). The hub asks again whenever a session, a user or a role may have changed (FleetHub.revalidate).
 */
import { and, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { menus, roleMenus, roles, sessions, tenants, userRoles, users } from "../../db/schema";
import { ofTenant } from "../../db/tenant";
import { HUB_SCREENS, type Watch } from "./protocol";
import { ENABLED } from "../../db/states";

/** A socket's grants as bits, kept in its attachment. */
export const GRANT_LIVE = 1;
export const GRANT_ALARMS = 2;
const GRANT_OF: Record<string, number> = { [HUB_SCREENS.live.toLowerCase()]: GRANT_LIVE, [HUB_SCREENS.alarms.toLowerCase()]: GRANT_ALARMS };

/** The live screens a user's enabled roles grant, as bits (0: none, and no socket). Mirrors hasScreen(). */
export async function hubGrants(db: Db, tenantId: number, userId: number): Promise<number> {
  const rows = await db
    .selectDistinct({ path: sql<string>`lower(${menus.routerPath})` })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), ofTenant(roles, tenantId), eq(roles.state, ENABLED)))
    .innerJoin(roleMenus, eq(roleMenus.roleId, roles.id))
    .innerJoin(menus, and(eq(menus.id, roleMenus.menuId), ofTenant(menus, tenantId)))
    .where(and(eq(userRoles.userId, userId), inArray(sql`lower(${menus.routerPath})`, Object.keys(GRANT_OF))));
  return rows.reduce((bits, r) => bits | (GRANT_OF[r.path] ?? 0), 0);
}

/** The grants a watch uses: vehicle state, positions and counts serve the monitoring screen; alarms the alarm list. */
export function grantsNeeded(watch: Watch): number {
  let need = 0;
  if (watch.vehicles !== undefined || watch.bbox !== undefined || watch.counts || watch.fields !== undefined || watch.detail?.length) need |= GRANT_LIVE;
  if (watch.alarms) need |= GRANT_ALARMS;
  return need;
}

/**
 * Of these sessions, the ones that still sign their user in to this tenant: not revoked, not past their idle end,
 * the user enabled and not expired, the tenant enabled (readSession's rules).
 */
export async function validSessions(db: Db, tenantId: number, ids: string[], now = Date.now()): Promise<Set<string>> {
  const valid = new Set<string>();
  // D1 binds at most 100 parameters a statement
  for (let i = 0; i < ids.length; i += 90) {
    const rows = await db
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(users, and(eq(users.id, sessions.userId), ofTenant(users, tenantId)))
      .innerJoin(tenants, eq(tenants.id, users.tenantId))
      .where(
        and(
          inArray(sessions.id, ids.slice(i, i + 90)),
          ofTenant(sessions, tenantId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
          eq(users.state, ENABLED),
          or(isNull(users.expiresAt), gt(users.expiresAt, now)),
          eq(tenants.state, ENABLED),
        ),
      );
    for (const r of rows) valid.add(r.id);
  }
  return valid;
}
