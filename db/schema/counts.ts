import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Row counts per tenant and entity, kept by triggers (see the migrations), so an unfiltered list of a large
 * table shows its total without counting every row on each page view.
 */
export const rowCounts = sqliteTable(
  "row_counts",
  {
    tenantId: integer("tenant_id").notNull(),
    entity: text("entity").notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.entity] })],
);
