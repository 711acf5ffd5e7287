import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { tenants } from "./tenant";

/** Uploaded files; the bytes live in R2 under r2Key. */
export const files = sqliteTable(
  "files",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    r2Key: text("r2_key").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    createdBy: integer("created_by"),
    createdAt: createdAt(),
  },
  (t) => [index("files_tenant_idx").on(t.tenantId)],
);
