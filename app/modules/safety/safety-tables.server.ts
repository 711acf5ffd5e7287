/**
 * The safety documents' tables (migration 0050) side by side, with who may see each row: an inspection, a hazard, a
 * notice and an accident refer to one another, so their tables live in one module their servers all import.
 *
 * Data scope: a row belongs to an organisation (the inspection's, the hazard's responsible one, the one a notice is
 * issued to, the accident's) and a user scoped to a department sees its subtree's rows and those of no organisation;
 * a row about a machine (a hazard's, an accident's, an inspection's checklist) is seen only by who sees the machine.
 */
import { and, isNull, not, or, sql, type SQL } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import { contracts, organisations, users, vehicles } from "../../../db/schema";
import { day, documentStamps, money } from "../../../db/schema/columns";
import { tenantColumn as tenant } from "../../../db/schema/tenant";
import { visibleOrgRowWhere, visibleVehicleIdWhere } from "../../../db/rules/data-scope";
import { tenantOfOuter } from "../../../db/tenant";
import type { RequestScope } from "~/modules/access/access.server";
import { HAZARD_STATE } from "./hazard.resource";
import { REFORM_STATE } from "./reform.resource";

export const safetyChecks = sqliteTable(
  "safety_checks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    number: text("number").notNull(),
    checkOn: day("check_on").notNull(),
    /** CHECK_KINDS' value */
    kind: text("kind").notNull(),
    site: text("site").notNull(),
    contractId: integer("contract_id").references(() => contracts.id),
    orgId: integer("org_id").references(() => organisations.id),
    inspectorId: integer("inspector_id").references(() => users.id),
    conclusion: text("conclusion"),
    attachments: text("attachments"),
    /** CHECK_STATE: 0 draft, 1 completed */
    state: integer("state").notNull().default(0),
    ...documentStamps(),
  },
  (t) => [uniqueIndex("safety_checks_tenant_number_uq").on(t.tenantId, t.number), index("safety_checks_tenant_created_idx").on(t.tenantId, t.createdAt)]
);

/** One checklist item of an inspection; its columns are named as the declaration's line fields. */
export const safetyCheckItems = sqliteTable(
  "safety_check_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    checkId: integer("check_id")
      .notNull()
      .references(() => safetyChecks.id),
    position: integer("position").notNull(),
    item: text("item").notNull(),
    standard: text("standard"),
    vehicleId: integer("vehicle_id").references(() => vehicles.id),
    /** CHECK_RESULT: pass, fail, na */
    result: text("result").notNull(),
    note: text("note"),
  },
  (t) => [index("safety_check_items_check_idx").on(t.tenantId, t.checkId, t.position)]
);

export const safetyHazards = sqliteTable(
  "safety_hazards",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    number: text("number").notNull(),
    foundOn: day("found_on").notNull(),
    /** HAZARD_LEVELS' value */
    level: text("level").notNull(),
    /** HAZARD_SOURCES' value */
    source: text("source").notNull(),
    checkId: integer("check_id").references(() => safetyChecks.id),
    place: text("place").notNull(),
    vehicleId: integer("vehicle_id").references(() => vehicles.id),
    orgId: integer("org_id").references(() => organisations.id),
    description: text("description").notNull(),
    suggestion: text("suggestion"),
    attachments: text("attachments"),
    // no state of its own: a hazard is where its rectification notice is (hazardStateSql)
    ...documentStamps(),
  },
  (t) => [uniqueIndex("safety_hazards_tenant_number_uq").on(t.tenantId, t.number), index("safety_hazards_tenant_created_idx").on(t.tenantId, t.createdAt), index("safety_hazards_check_idx").on(t.tenantId, t.checkId)]
);

export const safetyReforms = sqliteTable(
  "safety_reforms",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    number: text("number").notNull(),
    /** REFORM_SOURCES' value */
    source: text("source").notNull(),
    checkId: integer("check_id").references(() => safetyChecks.id),
    hazardId: integer("hazard_id").references(() => safetyHazards.id),
    site: text("site").notNull(),
    orgId: integer("org_id")
      .notNull()
      .references(() => organisations.id),
    responsibleId: integer("responsible_id")
      .notNull()
      .references(() => users.id),
    remark: text("remark"),
    /** the tenant's day it was issued, and the day its recheck passed */
    issuedOn: day("issued_on"),
    closedOn: day("closed_on"),
    /** why the last review or recheck failed, or why it was sent back; cleared as it moves on */
    returnReason: text("return_reason"),
    attachments: text("attachments"),
    /** REFORM_STATE: 0 draft … 6 done */
    state: integer("state").notNull().default(0),
    ...documentStamps(),
  },
  (t) => [
    uniqueIndex("safety_reforms_tenant_number_uq").on(t.tenantId, t.number),
    index("safety_reforms_tenant_created_idx").on(t.tenantId, t.createdAt),
    // one notice an inspection, one a hazard (partial indexes: the migration's WHERE … IS NOT NULL)
    uniqueIndex("safety_reforms_check_uq").on(t.tenantId, t.checkId).where(sql`check_id is not null`),
    uniqueIndex("safety_reforms_hazard_uq").on(t.tenantId, t.hazardId).where(sql`hazard_id is not null`),
  ]
);

/** One item of a notice; its columns are named as the declaration's line fields. */
export const safetyReformItems = sqliteTable(
  "safety_reform_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    reformId: integer("reform_id")
      .notNull()
      .references(() => safetyReforms.id),
    position: integer("position").notNull(),
    /** the inspection item it came from (read, never typed) */
    checkItem: text("check_item"),
    requirement: text("requirement").notNull(),
    deadline: day("deadline").notNull(),
    responsible: text("responsible"),
    /** file ids, comma-separated */
    beforePhotos: text("before_photos"),
    afterPhotos: text("after_photos"),
    remark: text("remark"),
  },
  (t) => [index("safety_reform_items_reform_idx").on(t.tenantId, t.reformId, t.position), index("safety_reform_items_deadline_idx").on(t.tenantId, t.deadline)]
);

export const safetyAccidents = sqliteTable(
  "safety_accidents",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    number: text("number").notNull(),
    occurredOn: day("occurred_on").notNull(),
    /** HH:mm, the tenant's time */
    occurredAt: text("occurred_at").notNull(),
    /** ACCIDENT_LEVELS' value */
    level: text("level").notNull(),
    place: text("place").notNull(),
    vehicleId: integer("vehicle_id").references(() => vehicles.id),
    contractId: integer("contract_id").references(() => contracts.id),
    orgId: integer("org_id").references(() => organisations.id),
    description: text("description").notNull(),
    directLoss: money("direct_loss_cents"),
    /** CLAIM_STATES' value */
    claimState: text("claim_state").notNull().default("none"),
    insurer: text("insurer"),
    claimNo: text("claim_no"),
    claimedAmount: money("claimed_cents"),
    paidAmount: money("paid_cents"),
    cause: text("cause"),
    investigation: text("investigation"),
    measures: text("measures"),
    attachments: text("attachments"),
    /** ACCIDENT_STATE: 0 draft, 1 in approval, 2 approved, 3 refused */
    state: integer("state").notNull().default(0),
    ...documentStamps(),
  },
  (t) => [uniqueIndex("safety_accidents_tenant_number_uq").on(t.tenantId, t.number), index("safety_accidents_tenant_created_idx").on(t.tenantId, t.createdAt)]
);

/** One person involved in an accident; the casualties are counted from these. */
export const safetyAccidentPeople = sqliteTable(
  "safety_accident_people",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    accidentId: integer("accident_id")
      .notNull()
      .references(() => safetyAccidents.id),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    /** PERSON_ROLES' value */
    role: text("role").notNull(),
    /** INJURIES' value */
    injury: text("injury").notNull(),
    remark: text("remark"),
  },
  (t) => [index("safety_accident_people_accident_idx").on(t.tenantId, t.accidentId, t.position)]
);

/** AQ-202612-0001, YH-, ZG-, SG-: per tenant and month. */
export const CHECK_NUMBERING = { field: "number", kind: "safeInspectionCheck", prefix: "AQ" } as const;
export const HAZARD_NUMBERING = { field: "number", kind: "hazardInvestigation", prefix: "YH" } as const;
export const REFORM_NUMBERING = { field: "number", kind: "safetyReform", prefix: "ZG" } as const;
export const ACCIDENT_NUMBERING = { field: "number", kind: "accidentProposal", prefix: "SG" } as const;

const both = (...conditions: (SQL | undefined)[]): SQL | undefined => (conditions.some(Boolean) ? and(...conditions) : undefined);

/** A row of an organisation the user sees, about a machine (if any) the user sees. */
function orgAndMachine(scope: RequestScope, orgId: SQLiteColumn, vehicleId: SQLiteColumn): SQL | undefined {
  const machine = visibleVehicleIdWhere(scope, vehicleId);
  return both(visibleOrgRowWhere(scope, orgId), machine ? or(isNull(vehicleId), machine) : undefined);
}

/** An inspection of the user's organisations whose checklist names no machine the user cannot see. */
export function checkScope(scope: RequestScope): SQL | undefined {
  const machine = visibleVehicleIdWhere(scope, safetyCheckItems.vehicleId);
  const hidden = machine
    ? sql`exists (select 1 from ${safetyCheckItems} where ${safetyCheckItems.checkId} = ${safetyChecks.id} and ${tenantOfOuter(safetyCheckItems, safetyChecks)} and ${safetyCheckItems.vehicleId} is not null and ${not(machine)})`
    : undefined;
  return both(visibleOrgRowWhere(scope, safetyChecks.orgId), hidden ? not(hidden) : undefined);
}

export const hazardScope = (scope: RequestScope) => orgAndMachine(scope, safetyHazards.orgId, safetyHazards.vehicleId);
export const accidentScope = (scope: RequestScope) => orgAndMachine(scope, safetyAccidents.orgId, safetyAccidents.vehicleId);
/** A notice is seen by the organisation it is issued to and those above it. */
export const reformScope = (scope: RequestScope) => visibleOrgRowWhere(scope, safetyReforms.orgId);

/**
 * A hazard's state as its rectification notice has it (hazardStateOf, in SQL): 待整改 until a notice for it is issued,
 * 整改中 while the notice runs, 已整改 once it is done. Only in a select with a join (its columns then keep their
 * tables' names) or a condition.
 */
export const hazardStateSql = sql<number>`coalesce((select case when ${safetyReforms.state} = ${REFORM_STATE.done} then ${HAZARD_STATE.done} when ${safetyReforms.state} >= ${REFORM_STATE.issued} then ${HAZARD_STATE.rectifying} else ${HAZARD_STATE.pending} end from ${safetyReforms} where ${safetyReforms.hazardId} = ${safetyHazards.id} and ${tenantOfOuter(safetyReforms, safetyHazards)}), ${HAZARD_STATE.pending})`;

/** An organisation's name, looked up for a row of `outer` (a list's column). */
export const orgNameOf = (column: SQLiteColumn, outer: Parameters<typeof tenantOfOuter>[1]) =>
  sql<string | null>`(select ${organisations.name} from ${organisations} where ${organisations.id} = ${column} and ${tenantOfOuter(organisations, outer)})`;
