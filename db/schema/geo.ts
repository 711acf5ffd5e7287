import { integer, primaryKey, sqliteTable } from "drizzle-orm/sqlite-core";
import { tenants } from "./tenant";

/**
 * Place-search and reverse-geocoding calls a tenant made to its provider, per minute (app/modules/geo): the Worker
 * raises `n` and reads it back in one statement, refusing calls over the tenant's limit. Older minutes of the tenant
 * are deleted as new ones start, so a tenant has a row or two.
 */
export const geoCalls = sqliteTable(
  "geo_calls",
  {
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => tenants.id),
    /** minutes since the epoch */
    minute: integer("minute").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.minute] })],
);
