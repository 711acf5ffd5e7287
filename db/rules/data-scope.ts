import { eq, sql, type SQL } from "drizzle-orm";
import { alias, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../client";
import { dataPermissions, organisations, userVehicles, users, vehicles } from "../schema";
import { ofTenant, tenantWhere, type TenantRef } from "../tenant";

/**
 * The data-scope rule (spec §6), defined once for every page and the FleetHub: which of the tenant's vehicles a user
 * may see. A user with no organisation, or with the tenant's root organisation, sees every vehicle of the tenant;
 * anyone else the vehicles of their organisation and every organisation below it, plus the vehicles granted to them
 * one by one: authorized vehicles (user_vehicles) and data permissions that are approved, enabled and not past their
 * period end (data_permissions).
 *
 * It is written once, as SQL. Pages filter with it in the database (visibleVehiclesWhere on a vehicles row,
 * visibleVehicleIdWhere on any vehicle id column); the hub, which keeps vehicle ids in memory, runs the very same SQL
 * (visibleVehicleIds). The tenant of the vehicles themselves is the caller's condition (ofTenant / tenantWhere).
 * tests/worker/data-scope.test.ts holds the list page and the hub to the same answer.
 */

/** Whom the rule is about: the signed-in user of a request, or a socket's user as the hub reads it (scopeUserOf). */
export interface ScopeUser {
  id: number;
  tenantId: number;
  orgId: number | null;
  /**
   * known to see the whole tenant (the session reads it with the user): the rule is then no condition at all; when
   * absent (the hub's reading) the SQL below decides, with the same answer
   */
  wholeTenant?: boolean;
}

/** The user itself, or a request scope that carries it. */
export type ScopeSubject = ScopeUser | { user: ScopeUser };

const userOf = (s: ScopeSubject): ScopeUser => ("user" in s ? s.user : s);

const root = alias(organisations, "r");
const below = alias(organisations, "o");
const authorized = alias(userVehicles, "uv");
const permission = alias(dataPermissions, "dp");

/** A data permission that counts at `now`: approved, enabled, and not past its period end. */
const permissionInForce = (now: number): SQL =>
  sql`${permission.state} = 1 AND ${permission.enabled} = 1 AND (${permission.periodEnd} IS NULL OR ${permission.periodEnd} >= ${now})`;

/** Whether the user sees the whole tenant, as an SQL truth value: no organisation, or the tenant's root one. */
export function wholeTenantSql(subject: ScopeSubject): SQL {
  const user = userOf(subject);
  if (user.orgId === null) return sql`1`;
  return sql`exists (select 1 from organisations ${root} where ${root.id} = ${user.orgId} and ${ofTenant(root, user)} and ${root.parentId} is null)`;
}

/** The ids of an organisation of the tenant and of every organisation below it, as one SELECT. */
export function orgSubtreeSql(tenant: TenantRef, orgId: number): SQL {
  return sql`with recursive sub(id) as (
        select ${orgId}
        union all
        select ${below.id} from organisations ${below} join sub on ${below.parentId} = sub.id where ${ofTenant(below, tenant)}
      ) select id from sub`;
}

/** The vehicles granted to the user one by one (authorized vehicles, data permissions in force), as one SELECT of ids. */
export function grantedVehicleIdsSql(subject: ScopeSubject, now = Date.now()): SQL {
  const user = userOf(subject);
  return sql`select ${authorized.vehicleId} from user_vehicles ${authorized} where ${ofTenant(authorized, user)} and ${authorized.userId} = ${user.id}
    union select ${permission.vehicleId} from data_permissions ${permission} where ${ofTenant(permission, user)} and ${permission.userId} = ${user.id}
      and ${permissionInForce(now)}`;
}

/**
 * The rule as a condition on a `vehicles` row: undefined when the user sees every vehicle of the tenant (no
 * organisation, or the root one as the session read it), otherwise one condition that needs no id list however many vehicles the organisation has.
 */
export function visibleVehiclesWhere(subject: ScopeSubject, now = Date.now()): SQL | undefined {
  const user = userOf(subject);
  if (user.orgId === null || user.wholeTenant) return undefined;
  return sql`(
    ${wholeTenantSql(user)}
    or ${vehicles.orgId} in (${orgSubtreeSql(user, user.orgId)})
    or ${vehicles.id} in (${grantedVehicleIdsSql(user, now)})
  )`;
}

/** The rule on any vehicle id column (an alarm's, a data permission's): the column is one of the visible vehicles. */
export function visibleVehicleIdWhere(subject: ScopeSubject, column: SQLiteColumn | SQL, now = Date.now()): SQL | undefined {
  const visible = visibleVehiclesWhere(subject, now);
  if (!visible) return undefined;
  return sql`${column} in (select ${vehicles.id} from ${vehicles} where ${ofTenant(vehicles, userOf(subject))} and ${visible})`;
}

/**
 * The rule on a business row that belongs to an organisation (a customer, a contract, a sign-in point: any `org_id`
 * column): undefined when the user sees the whole tenant, otherwise the row's organisation is the user's or below it;
 * a row of no organisation is the tenant's and everyone's.
 */
export function visibleOrgRowWhere(subject: ScopeSubject, column: SQLiteColumn): SQL | undefined {
  const user = userOf(subject);
  if (user.orgId === null || user.wholeTenant) return undefined;
  return sql`(
    ${wholeTenantSql(user)}
    or ${column} is null
    or ${column} in (${orgSubtreeSql(user, user.orgId)})
  )`;
}

/** The organisations a user may put a vehicle in: the subtree of their organisation, or every one when they see the whole tenant. */
export function assignableOrgsWhere(subject: ScopeSubject): SQL {
  const user = userOf(subject);
  if (user.orgId === null) return sql`1 = 1`;
  return sql`(
    ${wholeTenantSql(user)}
    or ${organisations.id} in (${orgSubtreeSql(user, user.orgId)})
  )`;
}

/** The user the rule is about, read from the database (the hub knows only ids); null when not a user of the tenant. */
export async function scopeUserOf(db: Db, tenantId: number, userId: number): Promise<ScopeUser | null> {
  const [row] = await db.select({ orgId: users.orgId }).from(users).where(tenantWhere(users, tenantId, eq(users.id, userId)));
  return row ? { id: userId, tenantId, orgId: row.orgId } : null;
}

/**
 * The rule evaluated to ids, for the hub and the screens that hand ids to it: "all" when the user sees the whole
 * tenant (vehicles added later included), otherwise the visible vehicles' ids; a user of another tenant, or no user,
 * sees nothing. The same SQL as visibleVehiclesWhere.
 */
export async function visibleVehicleIds(db: Db, tenantId: number, userId: number, now = Date.now()): Promise<Set<number> | "all"> {
  const user = await scopeUserOf(db, tenantId, userId);
  if (!user) return new Set();
  const visible = visibleVehiclesWhere(user, now);
  if (!visible) return "all";
  const [whole] = await db.all<{ whole: number }>(sql`select ${wholeTenantSql(user)} as whole`);
  if (whole?.whole) return "all";
  const rows = await db.select({ id: vehicles.id }).from(vehicles).where(tenantWhere(vehicles, user, visible));
  return new Set(rows.map((r) => r.id));
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
    const [row] = await db.all<{ end: number | null }>(sql`select min(${permission.periodEnd}) as "end" from data_permissions ${permission}
      where ${ofTenant(permission, tenantId)} and ${permission.userId} in (${sql.join(
        group.map((id) => sql`${id}`),
        sql`, `,
      )}) and ${permissionInForce(now)}`);
    if (row?.end != null && (earliest === null || row.end < earliest)) earliest = row.end;
  }
  return earliest === null ? null : earliest + 1;
}
