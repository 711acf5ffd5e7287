import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt, version } from "./columns";

/** A tenant is one renting company (spec §3 company; companyKind 5 = customer company). */
export const tenants = sqliteTable(
  "tenants",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    code: text("code").notNull(),
    name: text("name").notNull(),
    companyKind: integer("company_kind").notNull().default(1),
    timeZone: text("time_zone").notNull().default("Asia/Shanghai"),
    state: integer("state").notNull().default(1),
    /** bumped by every change to roles, menus, permissions or role assignments: keys the access cache */
    accessVersion: integer("access_version").notNull().default(1),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("tenants_code_uq").on(t.code)],
);

/** Organisation tree of a tenant; parentId null marks the root. */
export const organisations = sqliteTable(
  "organisations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    parentId: integer("parent_id"),
    name: text("name").notNull(),
    sort: integer("sort").notNull().default(0),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("organisations_tenant_parent_idx").on(t.tenantId, t.parentId)],
);

/** The tenant a row belongs to: how a domain that keeps its table beside its rules declares it (db/tenant.ts reads it). */
export const tenantColumn = () =>
  integer("tenant_id")
    .notNull()
    .references(() => tenants.id);
