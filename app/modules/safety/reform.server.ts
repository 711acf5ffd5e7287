/**
 * 安全整改's server half: the resource (list flagged by overdue items, save with the items, audit), the rules the
 * declaration cannot say (one notice an inspection or a hazard; deadlines from today; while rectifying only the photos
 * and the notes change; the photos are the tenant's uploads), the choices, and the machine: an after photo on every item
 * before 提交复核 and the reason kept when a review or recheck fails. The hazard it rectifies is where the notice is
 * (hazardStateSql): nothing to write for it.
 */
import { and, asc, desc, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { users } from "../../../db/schema";
import { sameTenant, tenantOfOuter, tenantWhere } from "../../../db/tenant";
import { todayInZone } from "~/lib/tenant-clock";
import type { RequestScope } from "~/modules/access/access.server";
import { assignableOrgOptions } from "~/modules/access/orgs.server";
import { documentChecks, documentLinesWrites, type DocumentDefinition } from "~/modules/resource/document.server";
import { schemaOfFields } from "~/modules/resource/field-schema";
import { containing, defineResource, withLimit, type FieldErrors } from "~/modules/resource/resource.server";
import type { Option } from "~/modules/resource/route.server";
import type { Machine, Plan } from "~/modules/workflow/engine.server";
import type { Refusal } from "~/modules/workflow/machine";
import { REFORM_EDITABLE, REFORM_OPEN, REFORM_SOURCES, REFORM_STATE, reformForm, reformStates, reformView, type ReformStateRow } from "./reform.resource";
import { checkChoices, checkOwnFiles, hazardChoices, peopleChoices } from "./safety-options.server";
import { orgNameOf, REFORM_NUMBERING, reformScope, safetyChecks, safetyHazards, safetyReformItems, safetyReforms } from "./safety-tables.server";

function editable(row: Record<string, unknown>): boolean {
  return REFORM_EDITABLE.includes(Number(row.state));
}

const LINES = { items: { table: safetyReformItems, parent: safetyReformItems.reformId, position: safetyReformItems.position } };

const ofReform = sql`${safetyReformItems.reformId} = ${safetyReforms.id} and ${tenantOfOuter(safetyReformItems, safetyReforms)}`;
const numberOf = (table: typeof safetyChecks | typeof safetyHazards, key: SQLiteColumn) =>
  sql`(select ${table.number} from ${table} where ${table.id} = ${key} and ${tenantOfOuter(table, safetyReforms)})`;

export const reformResource = defineResource({
  view: reformView,
  table: safetyReforms,
  number: REFORM_NUMBERING,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({
        id: safetyReforms.id,
        version: safetyReforms.version,
        number: safetyReforms.number,
        state: safetyReforms.state,
        source: safetyReforms.source,
        sourceNumber: sql<string | null>`coalesce(${numberOf(safetyChecks, safetyReforms.checkId)}, ${numberOf(safetyHazards, safetyReforms.hazardId)})`.as("source_number"),
        site: safetyReforms.site,
        orgName: orgNameOf(safetyReforms.orgId, safetyReforms).as("org_name"),
        responsibleName: users.userName,
        items: sql<number>`(select count(*) from ${safetyReformItems} where ${ofReform})`.as("items"),
        deadline: sql<string | null>`(select min(${safetyReformItems.deadline}) from ${safetyReformItems} where ${ofReform})`.as("deadline"),
        issuedOn: safetyReforms.issuedOn,
        createdAt: safetyReforms.createdAt,
      })
      .from(safetyReforms)
      // a join: the select's columns are written with their tables, so the subqueries' own columns never clash
      .leftJoin(users, and(eq(users.id, safetyReforms.responsibleId), sameTenant(users, safetyReforms)))
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  },
  // the flag is the day's: read when the page is (the tenant's default zone), as the certificates' are
  mapRows: (rows) => {
    const today = todayInZone();
    return rows.map((r) => ({ ...r, state: String(r.state), flag: REFORM_OPEN.includes(r.state) ? (r.deadline && r.deadline < today ? "overdue" : "onTime") : null }));
  },
  filters: {
    q: (v) =>
      or(
        containing(safetyReforms.number, v),
        containing(safetyReforms.site, v),
        sql`exists (select 1 from ${safetyReformItems} where ${ofReform} and ${containing(safetyReformItems.requirement, v)})`
      ),
    state: (v) => (/^[0-6]$/.test(v) ? eq(safetyReforms.state, Number(v)) : undefined),
    source: (v) => (REFORM_SOURCES.some((o) => o.value === v) ? eq(safetyReforms.source, v) : undefined),
  },
  sortColumns: { number: safetyReforms.number, state: safetyReforms.state, createdAt: safetyReforms.createdAt },
  // open ones first (done last), the newest first
  defaultOrder: [sql`${safetyReforms.state} = ${REFORM_STATE.done}`, desc(safetyReforms.createdAt), desc(safetyReforms.id)],
  createSchema: schemaOfFields(reformForm),
  updateSchema: schemaOfFields(reformForm),
  check: async (scope, values, current) => {
    const errors: FieldErrors = await documentChecks(reformView, { options: reformOptions, editable })(scope, values, current);
    if (errors.form) return errors;
    if (current && current.state === REFORM_STATE.rectifying) await lockedRules(scope, values, current, errors);
    else await draftRules(scope, values, current?.id, errors);
    const photos: Record<string, unknown> = { attachments: values.attachments };
    values.items.forEach((item, i) => Object.assign(photos, { [`items[${i}].beforePhotos`]: item.beforePhotos, [`items[${i}].afterPhotos`]: item.afterPhotos }));
    await checkOwnFiles(scope, photos, errors);
    return errors;
  },
  toInsert: ({ items: _items, ...head }, scope) => ({ ...head, number: "", creatorId: scope.user.id }),
  toUpdate: ({ items: _items, ...head }) => head,
  sideWrites: documentLinesWrites(LINES),
  // only a draft goes (with its items): an issued notice is the record of what was asked
  beforeDelete: async (scope, ids) => {
    const kept = await scope.db
      .select({ id: safetyReforms.id })
      .from(safetyReforms)
      .where(tenantWhere(safetyReforms, scope, inArray(safetyReforms.id, ids), ne(safetyReforms.state, REFORM_STATE.draft)))
      .limit(1);
    if (kept.length) return { refuse: "safety:reform.notDeletable" };
    return { dependents: [scope.db.delete(safetyReformItems).where(tenantWhere(safetyReformItems, scope, inArray(safetyReformItems.reformId, ids)))] };
  },
  auditView: (row) => row,
  scopeWhere: reformScope,
  fileColumns: [safetyReforms.attachments],
});

type ReformValues = { checkId: number | null; hazardId: number | null; items: { deadline: string }[] };

/**
 * A draft's rules: each deadline from today on (the tenant's day); one notice an inspection and one a hazard (the
 * database's unique indexes keep it when two saves race: the loser reads this message).
 */
async function draftRules(scope: RequestScope, values: ReformValues, self: number | undefined, errors: FieldErrors) {
  const today = todayInZone(scope.user.timeZone);
  values.items.forEach((item, i) => {
    if (item.deadline < today) errors[`items[${i}].deadline`] ??= "safety:reform.deadlinePast";
  });
  const other = self ? ne(safetyReforms.id, self) : undefined;
  const [byCheck, byHazard] = await Promise.all([
    values.checkId ? scope.db.select({ id: safetyReforms.id }).from(safetyReforms).where(tenantWhere(safetyReforms, scope, eq(safetyReforms.checkId, values.checkId), other)).limit(1) : [],
    values.hazardId ? scope.db.select({ id: safetyReforms.id }).from(safetyReforms).where(tenantWhere(safetyReforms, scope, eq(safetyReforms.hazardId, values.hazardId), other)).limit(1) : [],
  ]);
  if (byCheck.length) errors.checkId ??= "safety:reform.checkHasNotice";
  if (byHazard.length) errors.hazardId ??= "safety:reform.hazardHasNotice";
}

/** What stays as issued while the notice is rectified: its head, its items and each item's requirement, deadline and person. */
const LOCKED_HEAD = ["source", "checkId", "hazardId", "site", "orgId", "responsibleId", "remark"] as const;
const LOCKED_ITEM = ["checkItem", "requirement", "deadline", "responsible"] as const;
const same = (a: unknown, b: unknown) => (a === "" || a === undefined ? null : a) === (b === "" || b === undefined ? null : b);

async function lockedRules(scope: RequestScope, values: Record<string, unknown> & { items: Record<string, unknown>[] }, current: Record<string, unknown>, errors: FieldErrors) {
  const stored = await scope.db
    .select()
    .from(safetyReformItems)
    .where(tenantWhere(safetyReformItems, scope, eq(safetyReformItems.reformId, current.id as number)))
    .orderBy(asc(safetyReformItems.position));
  const changed =
    LOCKED_HEAD.some((k) => !same(values[k], current[k])) || stored.length !== values.items.length || values.items.some((item, i) => LOCKED_ITEM.some((k) => !same(item[k], stored[i]![k])));
  // said above the form: the locked cells are read, not typed, so a message under one would not show
  if (changed) errors.form ??= "safety:reform.locked";
}

/** The choices of its references: the inspections with failed items and the hazards the user sees, the organisations and people. */
export async function reformOptions(scope: RequestScope): Promise<Record<string, Option[]>> {
  const [checks, hazards, orgs, people] = await Promise.all([checkChoices(scope, true), hazardChoices(scope), assignableOrgOptions(scope), peopleChoices(scope)]);
  return { checkId: checks, hazardId: hazards, orgId: orgs, responsibleId: people };
}

export const reformMachine: Machine<ReformStateRow> = {
  view: reformStates,
  table: safetyReforms,
  stateKey: "state",
  load: (scope, ids) =>
    scope.db
      .select({ id: safetyReforms.id, version: safetyReforms.version, state: safetyReforms.state, number: safetyReforms.number })
      .from(safetyReforms)
      .where(tenantWhere(safetyReforms, scope, inArray(safetyReforms.id, ids), reformScope(scope))),
  label: (r) => r.number,
  // the day it was issued and the day it was done (the tenant's); why it went back, until it moves on
  set: (scope, t, input) => {
    const today = todayInZone(scope.user.timeZone);
    if (t.name === "issue") return { issuedOn: today, returnReason: null };
    if (t.name === "recheckPass") return { closedOn: today, returnReason: null };
    if (t.name === "reviewPass") return { returnReason: null };
    if (t.asks?.length) return { returnReason: input.reason ?? null };
    return {};
  },
  // every item shows how it was put right before anyone reviews it
  plan: async (scope, t, rows): Promise<Plan | Refusal> => {
    if (t.name !== "requestReview") return {};
    const [bare] = await scope.db
      .select({ position: safetyReformItems.position })
      .from(safetyReformItems)
      .where(tenantWhere(safetyReformItems, scope, inArray(safetyReformItems.reformId, rows.map((r) => r.id)), or(isNull(safetyReformItems.afterPhotos), eq(safetyReformItems.afterPhotos, ""))))
      .orderBy(asc(safetyReformItems.reformId), asc(safetyReformItems.position))
      .limit(1);
    return bare ? { message: `safety:reform.afterPhotosMissing|${bare.position}`, status: 409 } : {};
  },
};

export const reformDocument: DocumentDefinition<ReformStateRow> = {
  resource: reformResource,
  lines: LINES,
  machine: reformMachine,
  editable,
  options: reformOptions,
};
