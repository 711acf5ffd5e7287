/**
 * The inspection domain's tables (migration 0048), in one place so that its rules import them without cycles: the
 * procedures and their items, the plans and their machines, the tasks, the records and their items, the issues.
 */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users, vehicles } from "../../../db/schema";
import { createdAt, day, documentStamps, ms } from "../../../db/schema/columns";
import { tenantColumn as tenant } from "../../../db/schema/tenant";

export const procedures = sqliteTable(
  "inspection_procedures",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    number: text("number").notNull(),
    name: text("name").notNull(),
    /** PROCEDURE_KINDS: spot 点检, patrol 巡检, service 保养 */
    kind: text("kind").notNull(),
    /** VEHICLE_TYPES' value; null: every machine */
    equipmentType: text("equipment_type"),
    /** 1: the daily check a machine of its type needs passed before a trip or a dispatch */
    preUse: integer("pre_use").notNull().default(0),
    /** raised by every save: a record keeps the revision it was filled in with */
    revision: integer("revision").notNull().default(1),
    remark: text("remark"),
    /** PROCEDURE_STATE: 0 in use, 1 disabled */
    state: integer("state").notNull().default(0),
    ...documentStamps(),
  },
  (t) => [uniqueIndex("inspection_procedures_tenant_number_uq").on(t.tenantId, t.number), index("inspection_procedures_tenant_type_idx").on(t.tenantId, t.equipmentType, t.preUse, t.state)]
);

/** An item of a procedure; its columns are named as the declaration's line fields. */
export const procedureItems = sqliteTable(
  "inspection_procedure_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    procedureId: integer("procedure_id")
      .notNull()
      .references(() => procedures.id),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    /** ITEM_KINDS: pass, reading, choice, photo, signature */
    itemKind: text("item_kind").notNull(),
    standard: text("standard"),
    unit: text("unit"),
    /** tenths of the unit: a reading outside [min, max] fails the item */
    minValue: integer("min_value"),
    maxValue: integer("max_value"),
    /** the answers offered, separated by 、 */
    choices: text("choices"),
    /** those of them that fail the item */
    failChoices: text("fail_choices"),
    required: integer("required").notNull().default(0),
  },
  (t) => [index("inspection_procedure_items_procedure_idx").on(t.tenantId, t.procedureId, t.position)]
);

export const inspectionPlans = sqliteTable(
  "inspection_plans",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    number: text("number").notNull(),
    name: text("name").notNull(),
    procedureId: integer("procedure_id")
      .notNull()
      .references(() => procedures.id),
    /** FREQUENCIES: daily, weekly, hours, km */
    frequency: text("frequency").notNull(),
    /** 1 Monday … 7 Sunday, for a weekly plan */
    weekday: text("weekday"),
    /** engine hours or kilometres between two checks, for a plan by use */
    every: integer("every"),
    assigneeId: integer("assignee_id")
      .notNull()
      .references(() => users.id),
    startOn: day("start_on").notNull(),
    endOn: day("end_on"),
    remark: text("remark"),
    /** PLAN_STATE: 0 active, 1 stopped */
    state: integer("state").notNull().default(0),
    ...documentStamps(),
  },
  (t) => [uniqueIndex("inspection_plans_tenant_number_uq").on(t.tenantId, t.number), index("inspection_plans_tenant_state_idx").on(t.tenantId, t.state)]
);

export const planVehicles = sqliteTable(
  "inspection_plan_vehicles",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    planId: integer("plan_id")
      .notNull()
      .references(() => inspectionPlans.id),
    position: integer("position").notNull(),
    vehicleId: integer("vehicle_id")
      .notNull()
      .references(() => vehicles.id),
  },
  (t) => [index("inspection_plan_vehicles_plan_idx").on(t.tenantId, t.planId, t.position), index("inspection_plan_vehicles_vehicle_idx").on(t.tenantId, t.vehicleId)]
);

export const inspectionTasks = sqliteTable(
  "inspection_tasks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    /** null for a retest */
    planId: integer("plan_id"),
    vehicleId: integer("vehicle_id")
      .notNull()
      .references(() => vehicles.id),
    procedureId: integer("procedure_id")
      .notNull()
      .references(() => procedures.id),
    assigneeId: integer("assignee_id")
      .notNull()
      .references(() => users.id),
    dueOn: day("due_on").notNull(),
    /** the failed record this task retests */
    retestOf: integer("retest_of"),
    /** the record that did it */
    recordId: integer("record_id"),
    /** TASK_STATE: 0 to do, 1 done, 2 missed */
    state: integer("state").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("inspection_tasks_plan_day_uq").on(t.planId, t.vehicleId, t.dueOn).where(sql`plan_id IS NOT NULL`),
    uniqueIndex("inspection_tasks_retest_uq").on(t.retestOf).where(sql`retest_of IS NOT NULL`),
    index("inspection_tasks_assignee_idx").on(t.tenantId, t.assigneeId, t.state, t.dueOn),
    index("inspection_tasks_vehicle_idx").on(t.tenantId, t.vehicleId, t.dueOn),
  ]
);

export const inspectionRecords = sqliteTable(
  "inspection_records",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    number: text("number").notNull(),
    taskId: integer("task_id"),
    vehicleId: integer("vehicle_id")
      .notNull()
      .references(() => vehicles.id),
    procedureId: integer("procedure_id")
      .notNull()
      .references(() => procedures.id),
    /** the procedure as it was: its revision, name, kind and whether it is the pre-use check */
    procedureRevision: integer("procedure_revision").notNull(),
    procedureName: text("procedure_name").notNull(),
    kind: text("kind").notNull(),
    preUse: integer("pre_use").notNull().default(0),
    inspectorId: integer("inspector_id")
      .notNull()
      .references(() => users.id),
    doneOn: day("done_on").notNull(),
    /** 1 every item passed */
    passed: integer("passed").notNull(),
    failedItems: integer("failed_items").notNull().default(0),
    /** the failed record this one retests */
    retestOf: integer("retest_of"),
    remark: text("remark"),
    state: integer("state").notNull().default(0),
    ...documentStamps(),
  },
  (t) => [
    uniqueIndex("inspection_records_tenant_number_uq").on(t.tenantId, t.number),
    uniqueIndex("inspection_records_task_uq").on(t.taskId).where(sql`task_id IS NOT NULL`),
    index("inspection_records_vehicle_day_idx").on(t.tenantId, t.vehicleId, t.doneOn, t.preUse, t.passed),
    index("inspection_records_tenant_created_idx").on(t.tenantId, t.createdAt),
  ]
);

/** An item of a record: the procedure's item as it was, the answer and whether it passed. */
export const recordItems = sqliteTable(
  "inspection_record_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    recordId: integer("record_id")
      .notNull()
      .references(() => inspectionRecords.id),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    itemKind: text("item_kind").notNull(),
    standard: text("standard"),
    unit: text("unit"),
    minValue: integer("min_value"),
    maxValue: integer("max_value"),
    /** pass: 1 or 0; reading: tenths of the unit; choice: the answer; photo and signature: none (their files) */
    value: text("value"),
    /** 1 passed, 0 failed, null not answered (an optional item left out) */
    passed: integer("passed"),
    photos: text("photos"),
    note: text("note"),
  },
  (t) => [index("inspection_record_items_record_idx").on(t.tenantId, t.recordId, t.position)]
);

export const abnormalities = sqliteTable(
  "abnormalities",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    number: text("number").notNull(),
    vehicleId: integer("vehicle_id")
      .notNull()
      .references(() => vehicles.id),
    /** ABNORMALITY_SOURCES: inspection, alarm, manual */
    source: text("source").notNull(),
    /** the inspection record and its item (position) that failed */
    recordId: integer("record_id"),
    recordItem: integer("record_item"),
    alarmId: integer("alarm_id"),
    title: text("title").notNull(),
    detail: text("detail"),
    /** SEVERITIES: normal, serious, urgent */
    severity: text("severity").notNull(),
    foundOn: day("found_on").notNull(),
    attachments: text("attachments"),
    closeReason: text("close_reason"),
    closedBy: integer("closed_by"),
    closedAt: ms("closed_at"),
    /** the repair order it was turned into (设备维修, migration 0051) */
    repairId: integer("repair_id"),
    /** ABNORMALITY_STATE: 0 open, 1 closed */
    state: integer("state").notNull().default(0),
    ...documentStamps(),
  },
  (t) => [
    uniqueIndex("abnormalities_tenant_number_uq").on(t.tenantId, t.number),
    uniqueIndex("abnormalities_alarm_uq").on(t.alarmId).where(sql`alarm_id IS NOT NULL`),
    index("abnormalities_tenant_state_idx").on(t.tenantId, t.state, t.createdAt),
    index("abnormalities_vehicle_idx").on(t.tenantId, t.vehicleId, t.state),
  ]
);
