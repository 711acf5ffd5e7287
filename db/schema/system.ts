import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt, version } from "./columns";
import { tenants } from "./tenant";

/** Spec §3 alarm setting: name, shown or not, manual or automatic handling, suggested measure; level 1–3 (§4). */
export const alarmSettings = sqliteTable(
  "alarm_settings",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    name: text("name").notNull(),
    level: integer("level").notNull().default(1),
    /** 1 shown to users, 0 hidden */
    shown: integer("shown").notNull().default(1),
    handleMode: text("handle_mode", { enum: ["manual", "auto"] }).notNull().default("manual"),
    measure: text("measure"),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("alarm_settings_tenant_name_uq").on(t.tenantId, t.name), index("alarm_settings_tenant_created_idx").on(t.tenantId, t.createdAt)],
);

/** 建设单位: the developers whose sites the cranes work on. */
export const buildCompanies = sqliteTable(
  "build_companies",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    name: text("name").notNull(),
    contact: text("contact"),
    phone: text("phone"),
    address: text("address"),
    remark: text("remark"),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("build_companies_tenant_name_uq").on(t.tenantId, t.name), index("build_companies_tenant_created_idx").on(t.tenantId, t.createdAt)],
);

/** 设备仓库: yards where equipment is kept between contracts. */
export const depositories = sqliteTable(
  "depositories",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    name: text("name").notNull(),
    address: text("address"),
    manager: text("manager"),
    phone: text("phone"),
    remark: text("remark"),
    /** 1 in use, 0 closed */
    state: integer("state").notNull().default(1),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("depositories_tenant_name_uq").on(t.tenantId, t.name), index("depositories_tenant_created_idx").on(t.tenantId, t.createdAt)],
);

/** App-user applications (spec §6 app-user audit): a person asks for access to the mobile app; an administrator approves or refuses. */
export const appApplications = sqliteTable(
  "app_applications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    /** driver | operator | customer */
    appRole: text("app_role").notNull(),
    company: text("company"),
    reason: text("reason"),
    /** 0 pending, 1 approved, 2 refused */
    state: integer("state").notNull().default(0),
    refuseReason: text("refuse_reason"),
    reviewerId: integer("reviewer_id"),
    reviewedAt: integer("reviewed_at"),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("app_applications_tenant_state_idx").on(t.tenantId, t.state, t.createdAt), index("app_applications_tenant_created_idx").on(t.tenantId, t.createdAt)],
);
