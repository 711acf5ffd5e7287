import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { tenants } from "./tenant";

/** A file's public key: 128 random bits as 32 hex digits, the same form migration 0034 gave the files before it. */
export function newFileKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Uploaded files; the bytes live in R2 under r2Key. */
export const files = sqliteTable(
  "files",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    r2Key: text("r2_key").notNull(),
    /** what a download address carries (never the sequential id); a row without one is never served */
    publicKey: text("public_key").$defaultFn(newFileKey),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    createdBy: integer("created_by"),
    createdAt: createdAt(),
  },
  (t) => [index("files_tenant_idx").on(t.tenantId), uniqueIndex("files_public_key_idx").on(t.publicKey)],
);
