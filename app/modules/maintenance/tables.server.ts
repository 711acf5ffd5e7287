/**
 * 保养计划's tables (migration 0049), in one place: the plans and their two lines tables, the schedules the recompute
 * writes (meters.server.ts), the service records and their items, and the meter readings. Engine hours are stored as
 * integer tenths of an hour (5,230.5 h is 52305), kilometres as integers, money as cents.
 */
import { sql } from "drizzle-orm";
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { vehicles } from "../../../db/schema";
import { day, documentStamps, ms, version } from "../../../db/schema/columns";
import { tenantColumn as tenant } from "../../../db/schema/tenant";
import { READING_SOURCE, READING_STATE } from "./maintenance";

export const maintenancePlans = sqliteTable(
  "maintenance_plans",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    number: text("number").notNull(),
    name: text("name").notNull(),
    /** PLAN_COVERAGE: every machine of an equipment type (those added later too), or the machines listed */
    coverage: text("coverage").notNull(),
    /** vehicles.vehicle_type (the equipment_type dictionary) when covering a type */
    equipmentType: text("equipment_type"),
    intervalDays: integer("interval_days"),
    intervalHours: integer("interval_hours"),
    intervalKm: integer("interval_km"),
    /** due soon within these (即将到期) */
    soonDays: integer("soon_days").notNull().default(7),
    soonHours: integer("soon_hours").notNull().default(25),
    soonKm: integer("soon_km").notNull().default(500),
    /** the day a machine listed when the plan is saved counts from (its first cycle) */
    startOn: day("start_on").notNull(),
    remark: text("remark"),
    /** PLAN_NOTIFY: notifications (the due list's to-do and the alarm) on or stopped */
    state: integer("state").notNull().default(1),
    ...documentStamps(),
  },
  (t) => [uniqueIndex("maintenance_plans_tenant_number_uq").on(t.tenantId, t.number), uniqueIndex("maintenance_plans_tenant_name_uq").on(t.tenantId, t.name), index("maintenance_plans_tenant_created_idx").on(t.tenantId, t.createdAt)],
);

/** A machine a plan lists (coverage "machines"); its columns are named as the declaration's line fields. */
export const maintenancePlanVehicles = sqliteTable(
  "maintenance_plan_vehicles",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    planId: integer("plan_id")
      .notNull()
      .references(() => maintenancePlans.id),
    position: integer("position").notNull(),
    vehicleId: integer("vehicle_id")
      .notNull()
      .references(() => vehicles.id),
  },
  (t) => [index("maintenance_plan_vehicles_plan_idx").on(t.tenantId, t.planId, t.position), index("maintenance_plan_vehicles_vehicle_idx").on(t.tenantId, t.vehicleId)],
);

/** A service item of a plan (保养项目: 更换机油, 检查液压油…). */
export const maintenancePlanItems = sqliteTable(
  "maintenance_plan_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    planId: integer("plan_id")
      .notNull()
      .references(() => maintenancePlans.id),
    position: integer("position").notNull(),
    item: text("item").notNull(),
    description: text("description"),
  },
  (t) => [index("maintenance_plan_items_plan_idx").on(t.tenantId, t.planId, t.position)],
);

/**
 * One a plan and machine: where its cycle starts (the last service, else the start) and what the recompute found on
 * `computed_on`: the meter, the use a day over the last 30 days, the forecast due day, which interval decides it, what
 * is left, the state and the sort key of the due list (overdue first, then the soonest).
 */
export const maintenanceSchedules = sqliteTable(
  "maintenance_schedules",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    planId: integer("plan_id")
      .notNull()
      .references(() => maintenancePlans.id),
    vehicleId: integer("vehicle_id")
      .notNull()
      .references(() => vehicles.id),
    /** the first cycle's start, and the meter then (null until measured) */
    startOn: day("start_on").notNull(),
    startHours: integer("start_hours"),
    startKm: integer("start_km"),
    /** the cycle's start: the last service of this plan on the machine, else the start */
    lastOn: day("last_on"),
    lastHours: integer("last_hours"),
    lastKm: integer("last_km"),
    meterHours: integer("meter_hours"),
    meterKm: integer("meter_km"),
    /** hours and km a day over the 30 days before computed_on */
    avgHours: real("avg_hours"),
    avgKm: real("avg_km"),
    /** the forecast due day: the earliest of the calendar's, the hours' and the km's; null: none can be foreseen */
    dueOn: day("due_on"),
    /** DUE_BY: which interval decides */
    dueBy: text("due_by"),
    daysLeft: integer("days_left"),
    hoursLeft: integer("hours_left"),
    kmLeft: integer("km_left"),
    /** DUE_STATE: 0 正常, 1 即将到期, 2 已超期 */
    dueState: integer("due_state").notNull().default(0),
    /** the due list's order: `<0 overdue | 1 soon | 2 normal>|<due day, ~ when none>` */
    urgency: text("urgency").notNull().default(""),
    computedOn: day("computed_on"),
    version: version(),
  },
  (t) => [
    uniqueIndex("maintenance_schedules_plan_vehicle_uq").on(t.tenantId, t.planId, t.vehicleId),
    index("maintenance_schedules_urgency_idx").on(t.tenantId, t.urgency, t.id),
    index("maintenance_schedules_vehicle_idx").on(t.tenantId, t.vehicleId),
    index("maintenance_schedules_state_idx").on(t.tenantId, t.dueState, t.urgency),
    index("maintenance_schedules_plan_state_idx").on(t.tenantId, t.planId, t.dueState),
  ],
);

/** 保养记录: a completed service; it starts its schedule's next cycle and is the machine's reading of that day. */
export const maintenanceRecords = sqliteTable(
  "maintenance_records",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    number: text("number").notNull(),
    planId: integer("plan_id")
      .notNull()
      .references(() => maintenancePlans.id),
    vehicleId: integer("vehicle_id")
      .notNull()
      .references(() => vehicles.id),
    serviceOn: day("service_on").notNull(),
    /** tenths of an hour and km at the service: the meter of that day when left empty */
    hours: integer("hours"),
    km: integer("km"),
    doneBy: text("done_by"),
    /** cents */
    cost: integer("cost"),
    remark: text("remark"),
    attachments: text("attachments"),
    ...documentStamps(),
  },
  (t) => [
    uniqueIndex("maintenance_records_tenant_number_uq").on(t.tenantId, t.number),
    uniqueIndex("maintenance_records_once_a_day_uq").on(t.tenantId, t.planId, t.vehicleId, t.serviceOn),
    index("maintenance_records_vehicle_idx").on(t.tenantId, t.vehicleId, t.serviceOn),
    index("maintenance_records_tenant_day_idx").on(t.tenantId, t.serviceOn),
  ],
);

/** An item of a service, checked: its result and a note. */
export const maintenanceRecordItems = sqliteTable(
  "maintenance_record_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    recordId: integer("record_id")
      .notNull()
      .references(() => maintenanceRecords.id),
    position: integer("position").notNull(),
    item: text("item").notNull(),
    result: text("result").notNull(),
    note: text("note"),
  },
  (t) => [index("maintenance_record_items_record_idx").on(t.tenantId, t.recordId, t.position)],
);

/**
 * 表读数: a machine's engine hours (tenths) and km on a day, by hand or by a service record (READING_SOURCE). Voided
 * with a reason and kept (READING_STATE). A valid one never goes backwards (the save's check, and the trigger of
 * migration 0049 for two at once).
 */
export const meterReadings = sqliteTable(
  "meter_readings",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    vehicleId: integer("vehicle_id")
      .notNull()
      .references(() => vehicles.id),
    readOn: day("read_on").notNull(),
    hours: integer("hours"),
    km: integer("km"),
    source: text("source").notNull(),
    serviceId: integer("service_id").references(() => maintenanceRecords.id),
    remark: text("remark"),
    /** READING_STATE: 0 valid, 1 void */
    state: integer("state").notNull().default(0),
    voidReason: text("void_reason"),
    voidedBy: integer("voided_by"),
    voidedAt: ms("voided_at"),
    ...documentStamps(),
  },
  (t) => [
    index("meter_readings_vehicle_day_idx").on(t.tenantId, t.vehicleId, t.readOn, t.id),
    index("meter_readings_service_idx").on(t.tenantId, t.serviceId),
    index("meter_readings_tenant_created_idx").on(t.tenantId, t.createdAt),
    uniqueIndex("meter_readings_manual_day_uq")
      .on(t.tenantId, t.vehicleId, t.readOn)
      .where(sql`${t.source} = ${sql.raw(`'${READING_SOURCE.manual}'`)} and ${t.state} = ${sql.raw(String(READING_STATE.valid))}`),
  ],
);
