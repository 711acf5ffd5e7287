import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { updatedAt } from "./columns";
import { users } from "./auth";

/** Per-user settings of spec §3, kept on the server so the first HTML is already right. */
export const userSettings = sqliteTable("user_settings", {
  userId: integer("user_id").primaryKey().references(() => users.id),
  tenantId: integer("tenant_id").notNull(),
  lang: text("lang"),
  /** JSON of the §3 Settings object (themeID, theme, asideFolded, ...) plus watermark and column configs */
  settings: text("settings", { mode: "json" }).notNull().$type<Record<string, unknown>>().default({}),
  updatedAt: updatedAt(),
});

/** A tenant's settings screens (/tenantConfig, /mapConfig, /pageConfig, /zhongtaiMailSet): one JSON value per key. */
export const tenantSettings = sqliteTable(
  "tenant_settings",
  {
    tenantId: integer("tenant_id").notNull(),
    key: text("key").notNull(),
    value: text("value", { mode: "json" }).notNull().$type<Record<string, unknown>>(),
    version: integer("version").notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key] })],
);
