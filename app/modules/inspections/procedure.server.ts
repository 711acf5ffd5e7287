/**
 * 工序管理's server half: the procedure and its items, the resource (list, save with items raising the revision,
 * audit) and the machine (停用 / 启用). What a record copies of a procedure when it is filled in is read here too
 * (`procedureForRecord`).
 */
import { asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import { tenantOfOuter, tenantWhere } from "../../../db/tenant";
import type { RequestScope } from "~/modules/access/access.server";
import { documentChecks, documentLinesWrites, type DocumentDefinition } from "~/modules/resource/document.server";
import { schemaOfFields } from "~/modules/resource/field-schema";
import { containing, defineResource, withLimit, type FieldErrors } from "~/modules/resource/resource.server";
import type { Machine } from "~/modules/workflow/engine.server";
import { PROCEDURE_STATE, procedureForm, procedureStates, procedureView, type ProcedureStateRow } from "./procedure.resource";
import { inspectionPlans, inspectionRecords, procedureItems, procedures } from "./tables.server";

/** GX-202612-0001: per tenant and month. */
export const PROCEDURE_NUMBERING = { field: "number", kind: "procedure", prefix: "GX" } as const;

const LINES = { items: { table: procedureItems, parent: procedureItems.procedureId, position: procedureItems.position } };

/** The answers of a choice item, as its text lists them (、 , ， / or spaces between them). */
export function choiceList(text: string | null | undefined): string[] {
  return [...new Set((text ?? "").split(/[、,，/;；\s]+/).map((c) => c.trim()).filter(Boolean))];
}

export const procedureResource = defineResource({
  view: procedureView,
  table: procedures,
  number: PROCEDURE_NUMBERING,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({
        id: procedures.id,
        version: procedures.version,
        number: procedures.number,
        name: procedures.name,
        kind: procedures.kind,
        equipmentType: procedures.equipmentType,
        preUse: procedures.preUse,
        revision: procedures.revision,
        state: procedures.state,
        items: sql<number>`(select count(*) from ${procedureItems} where ${procedureItems.procedureId} = ${procedures.id} and ${tenantOfOuter(procedureItems, procedures)})`.as("item_count"),
        updatedAt: procedures.updatedAt,
      })
      .from(procedures)
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  },
  mapRows: (rows) => rows.map((r) => ({ ...r, state: String(r.state), preUse: String(r.preUse) })),
  filters: {
    q: (v) => or(containing(procedures.number, v), containing(procedures.name, v)),
    kind: (v) => (/^[a-z]{1,10}$/.test(v) ? eq(procedures.kind, v) : undefined),
    equipmentType: (v) => (/^\d{1,2}$/.test(v) ? eq(procedures.equipmentType, v) : undefined),
  },
  sortColumns: { number: procedures.number, name: procedures.name, state: procedures.state, updatedAt: procedures.updatedAt },
  defaultOrder: [asc(procedures.state), desc(procedures.updatedAt), desc(procedures.id)],
  createSchema: schemaOfFields(procedureForm),
  updateSchema: schemaOfFields(procedureForm),
  check: async (scope, values, current) => {
    const errors = await documentChecks(procedureView, { options: async () => ({}), editable: () => true })(scope, values, current);
    if (Object.keys(errors).length) return errors;
    return itemRules(values as never);
  },
  toInsert: ({ items: _i, ...head }, scope) => ({ ...head, preUse: head.preUse ?? 0, number: "", creatorId: scope.user.id }),
  toUpdate: ({ items: _i, ...head }) => ({ ...head, preUse: head.preUse ?? 0 }),
  sideWrites: async (scope, save) => {
    const lines = documentLinesWrites(LINES)(scope, save);
    // a save of a procedure is a new revision of it (the records made keep theirs)
    if (!save.before || typeof save.id !== "number") return lines;
    return { writes: [...lines.writes, scope.db.update(procedures).set({ revision: sql`${procedures.revision} + 1` }).where(tenantWhere(procedures, scope, eq(procedures.id, save.id)))] };
  },
  beforeDelete: async (scope, ids) => {
    const [records, plans] = await Promise.all([
      scope.db.select({ id: inspectionRecords.id }).from(inspectionRecords).where(tenantWhere(inspectionRecords, scope, inArray(inspectionRecords.procedureId, ids))).limit(1),
      scope.db.select({ id: inspectionPlans.id }).from(inspectionPlans).where(tenantWhere(inspectionPlans, scope, inArray(inspectionPlans.procedureId, ids))).limit(1),
    ]);
    if (records.length || plans.length) return { refuse: "inspection:procedureInUse" };
    return { dependents: [scope.db.delete(procedureItems).where(tenantWhere(procedureItems, scope, inArray(procedureItems.procedureId, ids)))] };
  },
  auditView: (row) => row,
});

interface ItemValues {
  itemKind: string;
  minValue: number | null;
  maxValue: number | null;
  choices: string | null;
  failChoices: string | null;
}

/**
 * What the declaration cannot say of the items: a reading's range in order; a choice has at least two answers, and
 * its failing answers are among them.
 */
export function itemRules(v: { items: ItemValues[] }): FieldErrors {
  const errors: FieldErrors = {};
  v.items.forEach((item, i) => {
    if (item.itemKind === "reading" && item.minValue != null && item.maxValue != null && item.maxValue < item.minValue) errors[`items[${i}].maxValue`] = "inspection:rangeReversed";
    if (item.itemKind === "choice") {
      const offered = choiceList(item.choices);
      if (offered.length < 2) errors[`items[${i}].choices`] = "inspection:choicesTooFew";
      else {
        const stray = choiceList(item.failChoices).find((c) => !offered.includes(c));
        if (stray) errors[`items[${i}].failChoices`] = `inspection:failChoiceUnknown|${stray}`;
      }
    }
  });
  return errors;
}

export const procedureMachine: Machine<ProcedureStateRow> = {
  view: procedureStates,
  table: procedures,
  stateKey: "state",
  load: (scope, ids) => scope.db.select({ id: procedures.id, version: procedures.version, state: procedures.state, number: procedures.number }).from(procedures).where(tenantWhere(procedures, scope, inArray(procedures.id, ids))),
  label: (r) => r.number,
};

export const procedureDocument: DocumentDefinition<ProcedureStateRow> = {
  resource: procedureResource,
  lines: LINES,
  machine: procedureMachine,
  editable: () => true,
  options: async () => ({}),
};

/** The procedures in use as a form's choices (a plan's, an ad-hoc record's): name, kind and revision. */
export async function procedureChoices(scope: RequestScope) {
  const rows = await scope.db
    .select({ id: procedures.id, name: procedures.name, revision: procedures.revision, equipmentType: procedures.equipmentType })
    .from(procedures)
    .where(tenantWhere(procedures, scope, eq(procedures.state, PROCEDURE_STATE.enabled)))
    .orderBy(asc(procedures.name));
  return rows.map((r) => ({ value: String(r.id), label: `${r.name}（V${r.revision}）`, equipmentType: r.equipmentType }));
}

/** A procedure and its items as a record copies them (the tenant's; null for another's or one disabled). */
export async function procedureForRecord(scope: Pick<RequestScope, "db" | "user">, id: number) {
  const [head] = await scope.db.select().from(procedures).where(tenantWhere(procedures, scope, eq(procedures.id, id))).limit(1);
  if (!head) return null;
  const items = await scope.db.select().from(procedureItems).where(tenantWhere(procedureItems, scope, eq(procedureItems.procedureId, id))).orderBy(asc(procedureItems.position));
  return { ...head, items };
}
export type ProcedureForRecord = NonNullable<Awaited<ReturnType<typeof procedureForRecord>>>;
