import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";

/** Who changed what, when, with the row before and after. */
export const auditLogs = sqliteTable(
  "audit_logs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: integer("tenant_id").notNull(),
    userId: integer("user_id"),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    before: text("before", { mode: "json" }),
    after: text("after", { mode: "json" }),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_logs_tenant_idx").on(t.tenantId, t.createdAt)],
);

/** Spec §3/§7 visit log: module trail and stay time. */
export const visitLogs = sqliteTable(
  "visit_logs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: integer("tenant_id").notNull(),
    userId: integer("user_id").notNull(),
    phoneType: integer("phone_type").notNull().default(0),
    firstModule: text("first_module").notNull(),
    secondModule: text("second_module"),
    thirdModule: text("third_module"),
    fourthModule: text("fourth_module"),
    description: text("description"),
    stayTime: integer("stay_time").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("visit_logs_tenant_idx").on(t.tenantId, t.createdAt)],
);
