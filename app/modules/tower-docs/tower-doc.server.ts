/**
 * 塔吊档案's server half: the file and its records, the resource (list with each tower's stage now, save with its
 * records, audit), the choices (the tower cranes the user sees) and the order the records must keep. One file a
 * tower: the resource's unique rule, and the unique index behind it for two saves at once.
 */
import { and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { vehicles } from "../../../db/schema";
import { day, documentStamps } from "../../../db/schema/columns";
import { tenantColumn as tenant } from "../../../db/schema/tenant";
import { visibleVehiclesWhere } from "../../../db/rules/data-scope";
import { ofTenant, sameTenant, tenantOfOuter, tenantWhere } from "../../../db/tenant";
import type { Db } from "../../../db/client";
import type { Message } from "~/i18n/keys";
import type { RequestScope } from "~/modules/access/access.server";
import { documentChecks, documentLinesWrites, type DocumentDefinition } from "~/modules/resource/document.server";
import { schemaOfFields } from "~/modules/resource/field-schema";
import { containing, defineResource, withLimit, type FieldErrors } from "~/modules/resource/resource.server";
import type { Option } from "~/modules/resource/route.server";
import { TOWER_STAGE, towerDocForm, towerDocView } from "./tower-doc.resource";
import { machineMatches } from "~/modules/telematics/vehicle-choice.server";

/** equipment_type of a tower crane (spec §3) */
const TOWER_TYPE = "3";

export const towerDocs = sqliteTable(
  "tower_docs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    number: text("number").notNull(),
    vehicleId: integer("vehicle_id")
      .notNull()
      .references(() => vehicles.id),
    recordNo: text("record_no"),
    site: text("site").notNull(),
    ownerUnit: text("owner_unit"),
    installUnit: text("install_unit"),
    useUnit: text("use_unit"),
    /** tenths of a metre */
    armLength: integer("arm_length"),
    /** tenths of a tonne */
    maxLoad: integer("max_load"),
    remark: text("remark"),
    attachments: text("attachments"),
    /** always 0: a file has no states of its own, its records say where the tower is */
    state: integer("state").notNull().default(0),
    ...documentStamps(),
  },
  (t) => [uniqueIndex("tower_docs_tenant_number_uq").on(t.tenantId, t.number), uniqueIndex("tower_docs_tenant_vehicle_uq").on(t.tenantId, t.vehicleId), index("tower_docs_tenant_created_idx").on(t.tenantId, t.createdAt)]
);

/** One record of a file: a stage reached on a day. */
export const towerDocRecords = sqliteTable(
  "tower_doc_records",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    docId: integer("doc_id")
      .notNull()
      .references(() => towerDocs.id),
    position: integer("position").notNull(),
    /** TOWER_STAGES' value: its rank */
    stage: text("stage").notNull(),
    doneOn: day("done_on").notNull(),
    docNo: text("doc_no"),
    /** tenths of a metre */
    height: integer("height"),
    sections: integer("sections"),
    agency: text("agency"),
    remark: text("remark"),
  },
  (t) => [index("tower_doc_records_doc_idx").on(t.tenantId, t.docId, t.position)]
);

/** TD-202612-0001: per tenant and month. */
export const TOWER_DOC_NUMBERING = { field: "number", kind: "towerDocument", prefix: "TD" } as const;

const LINES = { records: { table: towerDocRecords, parent: towerDocRecords.docId, position: towerDocRecords.position } };

/** A user sees the files of the towers they see (their data scope over machines). */
function inScope(scope: RequestScope) {
  const visible = visibleVehiclesWhere(scope);
  return visible ? sql`exists (select 1 from ${vehicles} where ${vehicles.id} = ${towerDocs.vehicleId} and ${tenantOfOuter(vehicles, towerDocs)} and ${visible})` : undefined;
}

const ofDoc = sql`${towerDocRecords.docId} = ${towerDocs.id} and ${tenantOfOuter(towerDocRecords, towerDocs)}`;
/** the file's latest record: the latest day, the later stage on the same day */
const latest = (column: unknown) => sql`(select ${column} from ${towerDocRecords} where ${ofDoc} order by ${towerDocRecords.doneOn} desc, cast(${towerDocRecords.stage} as integer) desc, ${towerDocRecords.position} desc limit 1)`;

export const towerDocResource = defineResource({
  view: towerDocView,
  table: towerDocs,
  number: TOWER_DOC_NUMBERING,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({
        id: towerDocs.id,
        version: towerDocs.version,
        number: towerDocs.number,
        tower: sql<string>`coalesce(${vehicles.selfNo} || ' · ', '') || ${vehicles.plate}`.as("tower"),
        stage: sql<string | null>`${latest(towerDocRecords.stage)}`.as("stage"),
        stageOn: sql<string | null>`${latest(towerDocRecords.doneOn)}`.as("stage_on"),
        heightTenths: sql<number | null>`(select ${towerDocRecords.height} from ${towerDocRecords} where ${ofDoc} and ${towerDocRecords.height} is not null order by ${towerDocRecords.doneOn} desc, ${towerDocRecords.position} desc limit 1)`.as("height_tenths"),
        jackings: sql<number>`(select count(*) from ${towerDocRecords} where ${ofDoc} and ${towerDocRecords.stage} = ${String(TOWER_STAGE.jacked)})`.as("jackings"),
        recordNo: towerDocs.recordNo,
        site: towerDocs.site,
        useUnit: towerDocs.useUnit,
        createdAt: towerDocs.createdAt,
      })
      .from(towerDocs)
      .innerJoin(vehicles, and(eq(vehicles.id, towerDocs.vehicleId), sameTenant(vehicles, towerDocs)))
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  },
  mapRows: (rows) => rows.map(({ heightTenths, ...r }) => ({ ...r, height: heightTenths === null ? null : heightTenths / 10 })),
  filters: {
    // the tower by an exists of its own: the list's total is counted from the files alone, without the join
    q: (v) =>
      or(
        containing(towerDocs.number, v),
        containing(towerDocs.site, v),
        containing(towerDocs.recordNo, v),
        machineMatches(towerDocs.vehicleId, towerDocs, v)
      ),
    stage: (v) => (/^[1-6]$/.test(v) ? sql`${latest(towerDocRecords.stage)} = ${v}` : undefined),
  },
  sortColumns: { number: towerDocs.number, createdAt: towerDocs.createdAt },
  defaultOrder: [desc(towerDocs.createdAt), desc(towerDocs.id)],
  createSchema: schemaOfFields(towerDocForm),
  updateSchema: schemaOfFields(towerDocForm),
  unique: [{ field: "vehicleId", column: towerDocs.vehicleId, message: "towerDoc:oneFile" }],
  check: async (scope, values, current) => {
    const errors = await documentChecks(towerDocView, { options: towerDocOptions, editable: () => true })(scope, values, current);
    if (Object.keys(errors).length) return errors;
    return recordRules((values as { records: RecordValues[] }).records);
  },
  toInsert: ({ records: _r, ...head }, scope) => ({ ...head, number: "", creatorId: scope.user.id }),
  toUpdate: ({ records: _r, ...head }) => head,
  sideWrites: documentLinesWrites(LINES),
  beforeDelete: async (scope, ids) => ({ dependents: [scope.db.delete(towerDocRecords).where(tenantWhere(towerDocRecords, scope, inArray(towerDocRecords.docId, ids)))] }),
  auditView: (row) => row,
  scopeWhere: inScope,
  fileColumns: [towerDocs.attachments],
});

interface RecordValues {
  stage: string;
  doneOn: string;
}

/**
 * The order a tower's records keep, whatever order they are typed in: each stage once but jacking; no stage dated
 * before one that comes ahead of it; a jacking only after the inspection and acceptance; nothing after the
 * dismantling. Each refusal at the record that breaks the order.
 */
export function recordRules(records: RecordValues[]): FieldErrors {
  const errors: FieldErrors = {};
  const at = (i: number, field: string, message: Message) => (errors[`records[${i}].${field}`] ??= message);
  records.forEach((r, i) => {
    const rank = Number(r.stage);
    if (rank !== TOWER_STAGE.jacked && records.some((o, j) => j < i && o.stage === r.stage)) at(i, "stage", "towerDoc:twice");
    const earlier = records.filter((o) => Number(o.stage) < rank && o.doneOn > r.doneOn).sort((a, b) => (a.doneOn < b.doneOn ? 1 : -1))[0];
    if (earlier) at(i, "doneOn", `towerDoc:beforeEarlier|${earlier.doneOn}`);
    if (rank === TOWER_STAGE.jacked && !records.some((o) => Number(o.stage) === TOWER_STAGE.accepted && o.doneOn <= r.doneOn)) at(i, "stage", "towerDoc:jackBeforeAccepted");
    if (rank !== TOWER_STAGE.dismantled && records.some((o) => Number(o.stage) === TOWER_STAGE.dismantled && o.doneOn < r.doneOn)) at(i, "doneOn", "towerDoc:afterDismantled");
  });
  return errors;
}

/** The tower cranes the user sees, with their own numbers. */
export async function towerDocOptions(scope: RequestScope): Promise<Record<string, Option[]>> {
  const towers = await scope.db
    .select({ value: vehicles.id, label: sql<string>`coalesce(${vehicles.selfNo} || ' · ', '') || ${vehicles.plate}`.as("tower_label") })
    .from(vehicles)
    .where(tenantWhere(vehicles, scope, eq(vehicles.vehicleType, TOWER_TYPE), visibleVehiclesWhere(scope)))
    .orderBy(asc(vehicles.selfNo), asc(vehicles.plate));
  return { vehicleId: towers.map((t) => ({ value: String(t.value), label: t.label })) };
}

export const towerDocDocument: DocumentDefinition<{ id: number; version: number; state: number }> = {
  resource: towerDocResource,
  lines: LINES,
  editable: () => true,
  options: towerDocOptions,
  // from a tower's page (建档): that tower, when it is among the user's
  newValues: (url, values, options) => {
    const asked = url.searchParams.get("vehicleId");
    return asked && options.vehicleId?.some((o) => o.value === asked) ? { ...values, vehicleId: asked } : values;
  },
};

/** Each tower's stage now and its height (m), from its file's latest records: for the tower screen and the vehicle page. */
export async function towerStages(db: Db, tenantId: number, vehicleIds: number[]): Promise<Map<number, { stage: number; since: string; height: number | null; docId: number }>> {
  const out = new Map<number, { stage: number; since: string; height: number | null; docId: number }>();
  if (!vehicleIds.length) return out;
  const rows = await db
    .select({ vehicleId: towerDocs.vehicleId, docId: towerDocs.id, stage: towerDocRecords.stage, doneOn: towerDocRecords.doneOn, height: towerDocRecords.height })
    .from(towerDocs)
    .innerJoin(towerDocRecords, and(eq(towerDocRecords.docId, towerDocs.id), sameTenant(towerDocRecords, towerDocs)))
    .where(and(ofTenant(towerDocs, tenantId), sql`${towerDocs.vehicleId} in (select value from json_each(${JSON.stringify(vehicleIds)}))`))
    .orderBy(asc(towerDocRecords.doneOn), sql`cast(${towerDocRecords.stage} as integer)`, asc(towerDocRecords.position));
  for (const r of rows) {
    const before = out.get(r.vehicleId);
    out.set(r.vehicleId, { stage: Number(r.stage), since: r.doneOn, height: r.height === null ? (before?.height ?? null) : r.height / 10, docId: r.docId });
  }
  return out;
}
