import { sql, type SQL } from "drizzle-orm";
import { vehicles } from "../../../db/schema";
import type { RequestScope } from "~/modules/access/access.server";
import { grantedVehicleIdsSql } from "../../../workers/fleet-hub/scope";

/**
 * The data-scope rule of workers/fleet-hub/scope.ts (visibleVehicleIds) as one SQL condition on `vehicles`, so a
 * list of thousands of vehicles needs no id list: a user with no organisation, or with the root organisation,
 * sees every vehicle of the tenant; anyone else the vehicles of their organisation's subtree plus those granted to
 * them (user_vehicles, and data permissions approved, enabled and in their period: grantedVehicleIdsSql). The tenant itself is always applied by the caller.
 */
export function visibleVehiclesWhere({ user }: Pick<RequestScope, "user">): SQL | undefined {
  if (user.orgId === null) return undefined;
  return sql`(
    exists (select 1 from organisations o where o.id = ${user.orgId} and o.tenant_id = ${user.tenantId} and o.parent_id is null)
    or ${vehicles.orgId} in (
      with recursive sub(id) as (
        select ${user.orgId}
        union all
        select o.id from organisations o join sub on o.parent_id = sub.id where o.tenant_id = ${user.tenantId}
      ) select id from sub)
    or ${vehicles.id} in (${grantedVehicleIdsSql(user.tenantId, user.id)})
  )`;
}

/** The organisations a user may put a vehicle in: their organisation's subtree, or all when they see everything. */
export function assignableOrgsWhere({ user }: Pick<RequestScope, "user">): SQL {
  if (user.orgId === null) return sql`1 = 1`;
  return sql`(
    exists (select 1 from organisations r where r.id = ${user.orgId} and r.tenant_id = ${user.tenantId} and r.parent_id is null)
    or "organisations"."id" in (
      with recursive sub(id) as (
        select ${user.orgId}
        union all
        select o.id from organisations o join sub on o.parent_id = sub.id where o.tenant_id = ${user.tenantId}
      ) select id from sub)
  )`;
}
