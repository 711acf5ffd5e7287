/**
 * The workbench's overdue rectification items (安全整改): items of issued notices not yet done whose deadline has passed,
 * shaped as the certificates' read (certificate-gate.server.ts, certificatesDueRead) so the workbench's batch runs it.
 */
import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import { sameTenant, tenantWhere } from "../../../db/tenant";
import { documentHref } from "~/lib/list/types";
import type { RequestScope } from "~/modules/access/access.server";
import { REFORM_OPEN, reformView } from "./reform.resource";
import { reformScope, safetyReformItems, safetyReforms } from "./safety-tables.server";

/**
 * Items past their deadline (before `today`, the tenant's day) of notices issued and not yet done that the user sees,
 * first overdue first; none read (`limit` 0) without 安全整改. Aliased columns: in the workbench's D1 batch rows come
 * back by column name.
 */
export function safetyReformsDueRead(scope: RequestScope, today: string, limit: number) {
  return scope.db
    .select({
      id: safetyReformItems.id,
      reformId: sql<number>`${safetyReforms.id}`.as("reform_id"),
      number: sql<string>`${safetyReforms.number}`.as("reform_number"),
      site: sql<string>`${safetyReforms.site}`.as("reform_site"),
      position: safetyReformItems.position,
      requirement: safetyReformItems.requirement,
      deadline: safetyReformItems.deadline,
    })
    .from(safetyReformItems)
    .innerJoin(safetyReforms, and(eq(safetyReforms.id, safetyReformItems.reformId), sameTenant(safetyReforms, safetyReformItems)))
    .where(tenantWhere(safetyReformItems, scope, lt(safetyReformItems.deadline, today), inArray(safetyReforms.state, [...REFORM_OPEN]), reformScope(scope), limit > 0 ? undefined : sql`0`))
    .orderBy(asc(safetyReformItems.deadline), asc(safetyReformItems.id))
    .limit(Math.max(limit, 1));
}

/** Where an overdue item opens: its notice. */
export const reformHref = (reformId: number) => documentHref(reformView.path, reformId);
