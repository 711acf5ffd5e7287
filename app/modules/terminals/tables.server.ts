/**
 * 锁车管理's tables (migration 0053): lock tasks and emergency unlocks, version packages, upgrade tasks and their
 * machines. A task's progress is its commands' (terminal_commands, db/schema/telematics.ts): joined, never copied.
 */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { terminalCommands, vehicles } from "../../../db/schema";
import { documentStamps, ms } from "../../../db/schema/columns";
import { tenantColumn as tenant } from "../../../db/schema/tenant";

/** A lock operation asked for a machine (spec §3 lock task); its command once approved (or at once when none is needed). */
export const lockTasks = sqliteTable(
  "lock_tasks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    /** SC-202612-0001 */
    number: text("number").notNull(),
    vehicleId: integer("vehicle_id")
      .notNull()
      .references(() => vehicles.id),
    /** LOCK_OPERATIONS */
    operation: text("operation").notNull(),
    reason: text("reason"),
    /** the contract in force the machine was on rent under when the lock was asked (why it needed approval) */
    contractId: integer("contract_id"),
    /** the approved 停机申请 of an overdue contract it was made from (its approval stands for the lock's) */
    stopActId: integer("stop_act_id"),
    /** the command queued for it: none while it waits for approval */
    commandId: integer("command_id").references(() => terminalCommands.id),
    /** LOCK_TASK_STATE */
    state: integer("state").notNull(),
    ...documentStamps(),
  },
  (t) => [
    uniqueIndex("lock_tasks_tenant_number_uq").on(t.tenantId, t.number),
    uniqueIndex("lock_tasks_command_uq").on(t.commandId).where(sql`command_id IS NOT NULL`),
    index("lock_tasks_tenant_created_idx").on(t.tenantId, t.createdAt),
    index("lock_tasks_vehicle_idx").on(t.tenantId, t.vehicleId, t.createdAt),
  ],
);

/** 应急解锁: an unlock code given for a machine out of reach, from the time on its display and a reason. */
export const lockEmergencies = sqliteTable(
  "lock_emergencies",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    vehicleId: integer("vehicle_id")
      .notNull()
      .references(() => vehicles.id),
    /** YYMMDDHH as read off the machine */
    deviceTime: text("device_time").notNull(),
    reason: text("reason").notNull(),
    creatorId: integer("creator_id"),
    createdAt: ms("created_at").notNull(),
  },
  (t) => [index("lock_emergencies_vehicle_idx").on(t.tenantId, t.vehicleId, t.createdAt), index("lock_emergencies_tenant_created_idx").on(t.tenantId, t.createdAt)],
);

/**
 * A version package (spec §3): the ZIP in R2, uploaded by the browser in parts; `uploadedAt` is empty (and `uploadId`
 * names the R2 multipart upload) until the last part is in. The version code is unique in the tenant, whatever its case.
 */
export const otaPackages = sqliteTable(
  "ota_packages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    versionCode: text("version_code").notNull(),
    description: text("description"),
    fileName: text("file_name").notNull(),
    /** bytes */
    size: integer("size").notNull(),
    r2Key: text("r2_key").notNull(),
    uploadId: text("upload_id"),
    uploadedAt: ms("uploaded_at"),
    ...documentStamps(),
  },
  (t) => [uniqueIndex("ota_packages_tenant_version_uq").on(t.tenantId, sql`lower(${t.versionCode})`), index("ota_packages_tenant_created_idx").on(t.tenantId, t.createdAt)],
);

/** An upgrade task (spec §3): a package sent to a set of machines. */
export const otaTasks = sqliteTable(
  "ota_tasks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    /** SJ-202612-0001 */
    number: text("number").notNull(),
    packageId: integer("package_id")
      .notNull()
      .references(() => otaPackages.id),
    /** UPGRADE_TYPES */
    upgradeType: text("upgrade_type").notNull(),
    remark: text("remark"),
    ...documentStamps(),
  },
  (t) => [uniqueIndex("ota_tasks_tenant_number_uq").on(t.tenantId, t.number), index("ota_tasks_tenant_created_idx").on(t.tenantId, t.createdAt), index("ota_tasks_package_idx").on(t.tenantId, t.packageId)],
);

/** A machine of an upgrade task and its current command (a retry gives it a new one). */
export const otaTaskVehicles = sqliteTable(
  "ota_task_vehicles",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    taskId: integer("task_id")
      .notNull()
      .references(() => otaTasks.id),
    vehicleId: integer("vehicle_id")
      .notNull()
      .references(() => vehicles.id),
    commandId: integer("command_id").references(() => terminalCommands.id),
    /** commands sent so far (1, then one more a retry) */
    attempts: integer("attempts").notNull().default(1),
  },
  (t) => [uniqueIndex("ota_task_vehicles_task_vehicle_uq").on(t.taskId, t.vehicleId), index("ota_task_vehicles_tenant_task_idx").on(t.tenantId, t.taskId), index("ota_task_vehicles_command_idx").on(t.commandId)],
);
