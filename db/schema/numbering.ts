import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { tenants } from "./tenant";

/**
 * The last number taken per tenant, document kind and period ("202611" for a month, "20261130" for a day, "2026"
 * for a year, in the tenant's zone). A save raises `n` and reads it back in the same batch (a D1 batch is one
 * transaction), so a failed save gives its number back and two saves never share one
 * (app/modules/numbering/numbering.server.ts).
 */
export const documentNumbers = sqliteTable(
  "document_numbers",
  {
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => tenants.id),
    kind: text("kind").notNull(),
    period: text("period").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.kind, t.period] })],
);
