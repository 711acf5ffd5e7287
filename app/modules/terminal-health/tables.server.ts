/** 健康检测's table (migration 0054), apart from its rules so that the daily job and the seed read it without the screens' code. */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { vehicles } from "../../../db/schema";
import { createdAt, day, ms, version } from "../../../db/schema/columns";
import { tenantColumn as tenant } from "../../../db/schema/tenant";
import type { HealthFinding, HealthGrade, HealthTrigger } from "./grading";

export const terminalHealthChecks = sqliteTable(
  "terminal_health_checks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    vehicleId: integer("vehicle_id")
      .notNull()
      .references(() => vehicles.id),
    /** the tenant's day the run was made (the daily job makes one a machine and day) */
    day: day("day").notNull(),
    trigger: text("trigger").$type<HealthTrigger>().notNull(),
    windowFrom: ms("window_from").notNull(),
    windowTo: ms("window_to").notNull(),
    grade: text("grade").$type<HealthGrade>().notNull(),
    findings: text("findings", { mode: "json" }).$type<HealthFinding[]>().notNull(),
    /** the run this one retests (复检): both are kept */
    retestOf: integer("retest_of").references((): AnySQLiteColumn => terminalHealthChecks.id),
    /** a sub-healthy or serious run is a health alarm until handled, with a description (spec §5) */
    handledAt: ms("handled_at"),
    handlerId: integer("handler_id"),
    handleNote: text("handle_note"),
    creatorId: integer("creator_id"),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    index("terminal_health_checks_tenant_created_idx").on(t.tenantId, t.createdAt),
    index("terminal_health_checks_vehicle_idx").on(t.tenantId, t.vehicleId, t.createdAt),
    index("terminal_health_checks_open_idx").on(t.tenantId, t.handledAt, t.grade),
    uniqueIndex("terminal_health_checks_daily_uq").on(t.vehicleId, t.day).where(sql`trigger = 'daily'`),
  ],
);
