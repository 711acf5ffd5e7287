/**
 * 安全检查's server half: the resource (list with its failed items and machines, save with the checklist, audit), the
 * choices, and the machine (完成检查 / 重新编辑: an inspection something was raised from stays completed). The page,
 * the checklist table, the schema, the Excel and the history are the house's, from safety-check.resource.ts.
 */
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import { users, vehicles } from "../../../db/schema";
import { sameTenant, tenantOfOuter, tenantWhere } from "../../../db/tenant";
import { parseDay } from "~/lib/calendar";
import { todayInZone } from "~/lib/tenant-clock";
import type { RequestScope } from "~/modules/access/access.server";
import { assignableOrgOptions } from "~/modules/access/orgs.server";
import { documentChecks, documentLinesWrites, type DocumentDefinition } from "~/modules/resource/document.server";
import { schemaOfFields } from "~/modules/resource/field-schema";
import { containing, defineResource, withLimit } from "~/modules/resource/resource.server";
import type { Option } from "~/modules/resource/route.server";
import { machineChoices } from "~/modules/telematics/vehicle-choice.server";
import type { Machine, Plan } from "~/modules/workflow/engine.server";
import type { Refusal } from "~/modules/workflow/machine";
import { CHECK_KINDS, CHECK_RESULT, CHECK_STATE, checkForm, checkStates, checkView, STANDARD_CHECKLIST, type CheckStateRow } from "./safety-check.resource";
import { contractChoices, peopleChoices } from "./safety-options.server";
import { CHECK_NUMBERING, checkScope, orgNameOf, safetyCheckItems, safetyChecks, safetyHazards, safetyReforms } from "./safety-tables.server";

/** A draft is written freely; a completed inspection is the record of that day. */
function editable(row: Record<string, unknown>): boolean {
  return Number(row.state) === CHECK_STATE.draft;
}

const LINES = { items: { table: safetyCheckItems, parent: safetyCheckItems.checkId, position: safetyCheckItems.position } };

const ofCheck = sql`${safetyCheckItems.checkId} = ${safetyChecks.id} and ${tenantOfOuter(safetyCheckItems, safetyChecks)}`;
/** something was raised from these inspections: a rectification notice or a hazard */
const raisedFrom = (ids: number[]) =>
  and(
    inArray(safetyChecks.id, ids),
    or(
      sql`exists (select 1 from ${safetyReforms} where ${safetyReforms.checkId} = ${safetyChecks.id} and ${tenantOfOuter(safetyReforms, safetyChecks)})`,
      sql`exists (select 1 from ${safetyHazards} where ${safetyHazards.checkId} = ${safetyChecks.id} and ${tenantOfOuter(safetyHazards, safetyChecks)})`
    )
  );

export const checkResource = defineResource({
  view: checkView,
  table: safetyChecks,
  number: CHECK_NUMBERING,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({
        id: safetyChecks.id,
        version: safetyChecks.version,
        number: safetyChecks.number,
        state: safetyChecks.state,
        checkOn: safetyChecks.checkOn,
        kind: safetyChecks.kind,
        site: safetyChecks.site,
        inspectorName: users.userName,
        items: sql<number>`(select count(*) from ${safetyCheckItems} where ${ofCheck})`.as("items"),
        failed: sql<number>`(select count(*) from ${safetyCheckItems} where ${ofCheck} and ${safetyCheckItems.result} = ${CHECK_RESULT.fail})`.as("failed"),
        plates: sql<string | null>`(select group_concat(distinct ${vehicles.plate}) from ${safetyCheckItems} join ${vehicles} on ${vehicles.id} = ${safetyCheckItems.vehicleId} and ${sameTenant(vehicles, safetyCheckItems)} where ${ofCheck})`.as("plates"),
        orgName: orgNameOf(safetyChecks.orgId, safetyChecks).as("org_name"),
        createdAt: safetyChecks.createdAt,
      })
      .from(safetyChecks)
      // a join: the select's columns are written with their tables, so the subqueries' own columns never clash
      .leftJoin(users, and(eq(users.id, safetyChecks.inspectorId), sameTenant(users, safetyChecks)))
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  },
  mapRows: (rows) => rows.map((r) => ({ ...r, state: String(r.state), plates: r.plates?.replaceAll(",", "、") ?? null })),
  filters: {
    // the machine by an exists of its own: the list's total is counted from the inspections alone, without the join
    q: (v) =>
      or(
        containing(safetyChecks.number, v),
        containing(safetyChecks.site, v),
        sql`exists (select 1 from ${safetyCheckItems} join ${vehicles} on ${vehicles.id} = ${safetyCheckItems.vehicleId} and ${sameTenant(vehicles, safetyCheckItems)} where ${ofCheck} and (${containing(vehicles.plate, v)} or ${containing(vehicles.selfNo, v)}))`
      ),
    state: (v) => (/^[01]$/.test(v) ? eq(safetyChecks.state, Number(v)) : undefined),
    kind: (v) => (CHECK_KINDS.some((k) => k.value === v) ? eq(safetyChecks.kind, v) : undefined),
    day: (v) => (parseDay(v) ? eq(safetyChecks.checkOn, v) : undefined),
  },
  sortColumns: { number: safetyChecks.number, state: safetyChecks.state, checkOn: safetyChecks.checkOn, createdAt: safetyChecks.createdAt },
  defaultOrder: [desc(safetyChecks.checkOn), desc(safetyChecks.id)],
  createSchema: schemaOfFields(checkForm),
  updateSchema: schemaOfFields(checkForm),
  check: documentChecks(checkView, { options: checkOptions, editable }),
  toInsert: ({ items: _items, ...head }, scope) => ({ ...head, number: "", creatorId: scope.user.id }),
  toUpdate: ({ items: _items, ...head }) => head,
  sideWrites: documentLinesWrites(LINES),
  // a draft goes with its checklist; a completed one, or one something was raised from, is kept
  beforeDelete: async (scope, ids) => {
    const kept = await scope.db
      .select({ id: safetyChecks.id })
      .from(safetyChecks)
      .where(tenantWhere(safetyChecks, scope, inArray(safetyChecks.id, ids), or(eq(safetyChecks.state, CHECK_STATE.done), raisedFrom(ids))))
      .limit(1);
    if (kept.length) return { refuse: "safety:check.inUse" };
    return { dependents: [scope.db.delete(safetyCheckItems).where(tenantWhere(safetyCheckItems, scope, inArray(safetyCheckItems.checkId, ids)))] };
  },
  auditView: (row) => row,
  scopeWhere: checkScope,
  fileColumns: [safetyChecks.attachments],
});

/** The choices of its references: the people who inspect, the organisations and contracts the user has, the machines they see. */
export async function checkOptions(scope: RequestScope): Promise<Record<string, Option[]>> {
  const [people, orgs, contracts, machines] = await Promise.all([peopleChoices(scope), assignableOrgOptions(scope), contractChoices(scope), machineChoices(scope)]);
  return { inspectorId: people, orgId: orgs, contractId: contracts, vehicleId: machines };
}

export const checkMachine: Machine<CheckStateRow> = {
  view: checkStates,
  table: safetyChecks,
  stateKey: "state",
  load: (scope, ids) =>
    scope.db
      .select({ id: safetyChecks.id, version: safetyChecks.version, state: safetyChecks.state, number: safetyChecks.number })
      .from(safetyChecks)
      .where(tenantWhere(safetyChecks, scope, inArray(safetyChecks.id, ids), checkScope(scope))),
  label: (r) => r.number,
  // an inspection a notice or a hazard came from stays as they read it
  plan: async (scope, t, rows): Promise<Plan | Refusal> => {
    if (t.name !== "reopen") return {};
    const ids = rows.map((r) => r.id);
    const raised = await scope.db.select({ id: safetyChecks.id }).from(safetyChecks).where(tenantWhere(safetyChecks, scope, raisedFrom(ids))).limit(1);
    return raised.length ? { message: "safety:check.raised", status: 409 } : {};
  },
};

export const checkDocument: DocumentDefinition<CheckStateRow> = {
  resource: checkResource,
  lines: LINES,
  machine: checkMachine,
  editable,
  options: checkOptions,
  // a new inspection is today's (the tenant's default zone) and starts with the standard checklist of a lifting site,
  // each item passed until judged otherwise
  newValues: (_url, values) => ({ ...values, checkOn: todayInZone(), items: STANDARD_CHECKLIST.map((c) => ({ ...c, vehicleId: "", result: CHECK_RESULT.pass, note: "" })) }),
};
