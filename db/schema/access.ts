import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt, version } from "./columns";
import { users } from "./auth";
import { tenants } from "./tenant";

export const roles = sqliteTable(
  "roles",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    name: text("name").notNull(),
    description: text("description"),
    state: integer("state").notNull().default(1),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("roles_tenant_name_uq").on(t.tenantId, t.name)],
);

export const userRoles = sqliteTable(
  "user_roles",
  {
    tenantId: integer("tenant_id").notNull(),
    userId: integer("user_id").notNull().references(() => users.id),
    roleId: integer("role_id").notNull().references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/** Menu items and privileges (spec §3 menu item). parent is '0' at the top. */
export const menus = sqliteTable(
  "menus",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    privisId: text("privis_id").notNull(),
    parent: text("parent").notNull().default("0"),
    name: text("name").notNull(),
    nameEn: text("name_en").notNull(),
    privis: text("privis").notNull(),
    routerPath: text("router_path"),
    sort: integer("sort").notNull().default(0),
    /** 1 shown, 0 hidden */
    state: integer("state").notNull().default(1),
    /** breadcrumb behaviour 0–5 (spec §4) */
    type: integer("type").notNull().default(0),
    home: integer("home").notNull().default(0),
    once: integer("once").notNull().default(0),
    query: text("query"),
    icon: text("icon"),
    version: version(),
  },
  (t) => [uniqueIndex("menus_tenant_privis_uq").on(t.tenantId, t.privisId), index("menus_tenant_path_idx").on(t.tenantId, t.routerPath)],
);

export const roleMenus = sqliteTable(
  "role_menus",
  {
    tenantId: integer("tenant_id").notNull(),
    roleId: integer("role_id").notNull().references(() => roles.id),
    menuId: integer("menu_id").notNull().references(() => menus.id),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);

/** Function permission codes such as disData:add granted to a role. */
export const rolePermissions = sqliteTable(
  "role_permissions",
  {
    tenantId: integer("tenant_id").notNull(),
    roleId: integer("role_id").notNull().references(() => roles.id),
    code: text("code").notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.code] })],
);
