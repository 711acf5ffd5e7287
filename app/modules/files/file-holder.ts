import type { SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { RequestScope } from "~/modules/access/access.server";
import type { TenantTable } from "../../../db/tenant";

/** A column of a table that names uploaded files (ids, comma-separated), and how its rows are read. */
export interface FileHolder {
  table: SQLiteTable & TenantTable;
  column: SQLiteColumn | SQL;
  /** the screen that shows the row; null: every signed-in user of the tenant sees it (the company logo) */
  screen: string | null;
  /** the rows of the table the user may read on that screen (data scope, a narrower screen) */
  where?(scope: RequestScope): SQL | undefined;
}
