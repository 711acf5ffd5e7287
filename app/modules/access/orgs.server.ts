import { and, eq } from "drizzle-orm";
import { organisations } from "../../../db/schema";
import { assignableOrgsWhere } from "../../../db/rules/data-scope";
import { ofTenant } from "../../../db/tenant";
import type { RequestScope } from "./access.server";

/**
 * The organisations a user may give a row (a vehicle, a customer, a sign-in point): their own and those below it, or
 * every one of the tenant when they see the whole tenant; as a form select's choices, in the tree's order.
 */
export async function assignableOrgOptions(scope: RequestScope): Promise<{ value: string; label: string }[]> {
  const rows = await scope.db
    .select({ value: organisations.id, label: organisations.name })
    .from(organisations)
    .where(and(ofTenant(organisations, scope), assignableOrgsWhere(scope)))
    .orderBy(organisations.sort, organisations.id);
  return rows.map((r) => ({ value: String(r.value), label: r.label }));
}

/** Whether the user may give a row this organisation (the save's check of a posted id). */
export async function mayAssignOrg(scope: RequestScope, orgId: number): Promise<boolean> {
  const [org] = await scope.db.select({ id: organisations.id }).from(organisations).where(and(eq(organisations.id, orgId), ofTenant(organisations, scope), assignableOrgsWhere(scope)));
  return Boolean(org);
}
