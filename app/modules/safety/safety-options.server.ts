/**
 * The choices the safety documents' reference fields offer a user (their tenant, their data scope): people, contracts,
 * completed inspections and hazards; and the check that a posted photo is one of the tenant's uploads.
 */
import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { contracts, files, users } from "../../../db/schema";
import { visibleOrgRowWhere } from "../../../db/rules/data-scope";
import { ofTenant, tenantOfOuter, tenantWhere } from "../../../db/tenant";
import type { Message } from "~/i18n/keys";
import type { RequestScope } from "~/modules/access/access.server";
import type { FieldErrors } from "~/modules/resource/resource.server";
import type { Option } from "~/modules/resource/route.server";
import { fileIdsOf } from "~/modules/files/files.server";
import { ENABLED } from "~/modules/workflow/enablement";
import { CHECK_RESULT, CHECK_STATE } from "./safety-check.resource";
import { checkScope, hazardScope, safetyCheckItems, safetyChecks, safetyHazards } from "./safety-tables.server";

const asOptions = (rows: { value: number; label: string }[]): Option[] => rows.map((r) => ({ value: String(r.value), label: r.label }));

/** The tenant's enabled users: inspectors and the people answerable for a notice. */
export async function peopleChoices(scope: RequestScope): Promise<Option[]> {
  return asOptions(await scope.db.select({ value: users.id, label: users.userName }).from(users).where(tenantWhere(users, scope, eq(users.state, ENABLED))).orderBy(asc(users.userName)));
}

/** The contracts in force the user sees (the revision in force, not sub-contracts), newest number first. */
export async function contractChoices(scope: RequestScope): Promise<Option[]> {
  const rows = await scope.db
    .select({ value: contracts.id, label: sql<string>`${contracts.number} || ' ' || ${contracts.name}`.as("contract_label") })
    .from(contracts)
    .where(tenantWhere(contracts, scope, eq(contracts.current, 1), ne(contracts.kind, "subcontract"), visibleOrgRowWhere(scope, contracts.orgId)))
    .orderBy(desc(contracts.number));
  return asOptions(rows);
}

/**
 * The completed inspections the user sees, newest first: `failedOnly`, those with a failed item (what a rectification
 * notice may come from).
 */
export async function checkChoices(scope: RequestScope, failedOnly: boolean): Promise<Option[]> {
  const failed = sql`exists (select 1 from ${safetyCheckItems} where ${safetyCheckItems.checkId} = ${safetyChecks.id} and ${tenantOfOuter(safetyCheckItems, safetyChecks)} and ${safetyCheckItems.result} = ${CHECK_RESULT.fail})`;
  const rows = await scope.db
    .select({ value: safetyChecks.id, label: sql<string>`${safetyChecks.number} || ' ' || ${safetyChecks.site}`.as("check_label") })
    .from(safetyChecks)
    .where(tenantWhere(safetyChecks, scope, eq(safetyChecks.state, CHECK_STATE.done), failedOnly ? failed : undefined, checkScope(scope)))
    .orderBy(desc(safetyChecks.id));
  return asOptions(rows);
}

/** The hazards the user sees, newest first (a notice may come from one: one notice a hazard, the database's rule). */
export async function hazardChoices(scope: RequestScope): Promise<Option[]> {
  const rows = await scope.db
    .select({ value: safetyHazards.id, label: sql<string>`${safetyHazards.number} || ' ' || substr(${safetyHazards.description}, 1, 30)`.as("hazard_label") })
    .from(safetyHazards)
    .where(tenantWhere(safetyHazards, scope, hazardScope(scope)))
    .orderBy(desc(safetyHazards.id));
  return asOptions(rows);
}

/**
 * Each posted photo must be one of the tenant's uploads: `fields` names where each value was posted (a line's as
 * `items[2].afterPhotos`); a field naming another tenant's file, or none, is refused at that field.
 */
export async function checkOwnFiles(scope: RequestScope, fields: Record<string, unknown>, errors: FieldErrors, message: Message = "validation.choice"): Promise<void> {
  const wanted = Object.entries(fields).map(([key, value]) => [key, fileIdsOf(typeof value === "string" ? value : null)] as const).filter(([, ids]) => ids.length);
  const all = [...new Set(wanted.flatMap(([, ids]) => ids))];
  if (!all.length) return;
  const own = new Set<number>();
  // D1 binds at most 100 values a statement
  for (let i = 0; i < all.length; i += 90) for (const r of await scope.db.select({ id: files.id }).from(files).where(and(ofTenant(files, scope), inArray(files.id, all.slice(i, i + 90))))) own.add(r.id);
  for (const [key, ids] of wanted) if (ids.some((id) => !own.has(id))) errors[key] ??= message;
}
