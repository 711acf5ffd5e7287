/**
 * 隐患排查's server half: the resource (list with the notice each hazard is rectified by, save, audit) and the choices.
 * A hazard has no state of its own: it is where its rectification notice is (hazardStateSql), and it is written freely
 * only until a notice for it is under way.
 */
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import { vehicles } from "../../../db/schema";
import { sameTenant, tenantOfOuter, tenantWhere } from "../../../db/tenant";
import { todayInZone } from "~/lib/tenant-clock";
import type { RequestScope } from "~/modules/access/access.server";
import { assignableOrgOptions } from "~/modules/access/orgs.server";
import { documentChecks, type DocumentDefinition } from "~/modules/resource/document.server";
import { schemaOfFields } from "~/modules/resource/field-schema";
import { containing, defineResource, referenceContaining, withLimit, type FieldErrors } from "~/modules/resource/resource.server";
import type { Option } from "~/modules/resource/route.server";
import { machineChoices } from "~/modules/telematics/vehicle-choice.server";
import { HAZARD_LEVELS, HAZARD_SOURCES, HAZARD_STATE, HAZARD_STATES, hazardForm, hazardStateOf, hazardView } from "./hazard.resource";
import { checkChoices, checkOwnFiles } from "./safety-options.server";
import { HAZARD_NUMBERING, hazardScope, hazardStateSql, orgNameOf, safetyHazards, safetyReforms } from "./safety-tables.server";

const noticeOf = sql`${safetyReforms.hazardId} = ${safetyHazards.id} and ${tenantOfOuter(safetyReforms, safetyHazards)}`;

export const hazardResource = defineResource({
  view: hazardView,
  table: safetyHazards,
  number: HAZARD_NUMBERING,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({
        id: safetyHazards.id,
        version: safetyHazards.version,
        number: safetyHazards.number,
        state: hazardStateSql.as("state"),
        level: safetyHazards.level,
        source: safetyHazards.source,
        foundOn: safetyHazards.foundOn,
        place: safetyHazards.place,
        plate: vehicles.plate,
        description: safetyHazards.description,
        orgName: orgNameOf(safetyHazards.orgId, safetyHazards).as("org_name"),
        reformNumber: sql<string | null>`(select ${safetyReforms.number} from ${safetyReforms} where ${noticeOf})`.as("reform_number"),
        createdAt: safetyHazards.createdAt,
      })
      .from(safetyHazards)
      // a join: the select's columns are written with their tables, so the subqueries' own columns never clash
      .leftJoin(vehicles, and(eq(vehicles.id, safetyHazards.vehicleId), sameTenant(vehicles, safetyHazards)))
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  },
  mapRows: (rows) => rows.map((r) => ({ ...r, state: String(r.state) })),
  filters: {
    // the machine looked up by its id: the list's total is counted from the hazards alone, without the join
    q: (v) =>
      or(
        containing(safetyHazards.number, v),
        containing(safetyHazards.place, v),
        containing(safetyHazards.description, v),
        referenceContaining(safetyHazards.vehicleId, vehicles, safetyHazards, v, vehicles.plate, vehicles.selfNo)
      ),
    state: (v) => (HAZARD_STATES.some((o) => o.value === v) ? sql`${hazardStateSql} = ${Number(v)}` : undefined),
    level: (v) => (HAZARD_LEVELS.some((o) => o.value === v) ? eq(safetyHazards.level, v) : undefined),
    source: (v) => (HAZARD_SOURCES.some((o) => o.value === v) ? eq(safetyHazards.source, v) : undefined),
  },
  sortColumns: { number: safetyHazards.number, foundOn: safetyHazards.foundOn, createdAt: safetyHazards.createdAt },
  // what waits for rectification or is under way first, the newest found first
  defaultOrder: [sql`${hazardStateSql} = ${HAZARD_STATE.done}`, desc(safetyHazards.foundOn), desc(safetyHazards.id)],
  createSchema: schemaOfFields(hazardForm),
  updateSchema: schemaOfFields(hazardForm),
  check: async (scope, values, current) => {
    const errors: FieldErrors = await documentChecks(hazardView, { options: hazardOptions, editable: () => true })(scope, values, current);
    if (current && (await underWay(scope, current.id))) return { form: "safety:hazard.notPending" };
    if (values.foundOn > todayInZone(scope.user.timeZone)) errors.foundOn ??= "safety:futureDay";
    await checkOwnFiles(scope, { attachments: values.attachments }, errors);
    return errors;
  },
  toInsert: (values, scope) => ({ ...values, creatorId: scope.user.id, number: "" }),
  toUpdate: (values) => values,
  // a hazard a notice names is kept with its notice
  beforeDelete: async (scope, ids) => {
    const kept = await scope.db
      .select({ id: safetyHazards.id })
      .from(safetyHazards)
      .where(tenantWhere(safetyHazards, scope, inArray(safetyHazards.id, ids), sql`exists (select 1 from ${safetyReforms} where ${noticeOf})`))
      .limit(1);
    return kept.length ? { refuse: "safety:hazard.notPending" } : { dependents: [] };
  },
  auditView: (row) => row,
  scopeWhere: hazardScope,
  fileColumns: [safetyHazards.attachments],
});

/** The choices of its references: the completed inspections, the machines and the organisations the user has. */
export async function hazardOptions(scope: RequestScope): Promise<Record<string, Option[]>> {
  const [checks, machines, orgs] = await Promise.all([checkChoices(scope, false), machineChoices(scope), assignableOrgOptions(scope)]);
  return { checkId: checks, vehicleId: machines, orgId: orgs };
}

/** Whether a notice for the hazard has been issued: from then on the notice speaks for it. */
async function underWay(scope: RequestScope, id: number): Promise<boolean> {
  const [notice] = await scope.db.select({ state: safetyReforms.state }).from(safetyReforms).where(tenantWhere(safetyReforms, scope, eq(safetyReforms.hazardId, id))).limit(1);
  return hazardStateOf(notice?.state) !== HAZARD_STATE.pending;
}

export const hazardDocument: DocumentDefinition<{ id: number; version: number; state: number }> = {
  resource: hazardResource,
  lines: {},
  // the page shows it read-only once a notice is under way (safety-pages.server.ts); the save's check refuses it then
  editable: () => true,
  options: hazardOptions,
  // found today (the tenant's default zone), unless said otherwise
  newValues: (_url, values) => ({ ...values, foundOn: todayInZone() }),
};
