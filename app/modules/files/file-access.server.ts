/**
 * Who may download a stored file (docs/files.md, "Who may read a file"). A file is read through the records that name
 * it, the attachment holders: a user may have it when they may read at least one of those rows (the row's screen, the
 * tenant, the data scope the screen reads it through), and its uploader may have it while no row names it yet (so a
 * form previews what was just uploaded). A file no one may read answers as if it did not exist.
 *
 * The holders are the resources' own `fileColumns` (declared next to each resource, read through its screen and
 * scopeWhere) plus the few rows that are not resources, declared below.
 */
import { eq, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { hasScreen, type RequestScope } from "~/modules/access/access.server";
import { OVERDUE_PATH } from "~/modules/overdue/overdue";
import { supplierTowerView, supplierView } from "~/modules/parties/supplier.resource";
import { RESOURCES } from "~/modules/resource/registry.server";
import { batch } from "../../../db/client";
import { visibleOrgRowWhere } from "../../../db/rules/data-scope";
import { collectionActions, supplierCertificates, suppliers, tenantSettings } from "../../../db/schema";
import { tenantWhere, type TenantTable } from "../../../db/tenant";
import { findFileByKey, type StoredFile } from "./files.server";

/** A column of a table that names uploaded files (ids, comma-separated), and how its rows are read. */
export interface FileHolder {
  table: SQLiteTable & TenantTable;
  column: SQLiteColumn | SQL;
  /** the screen that shows the row; null: every signed-in user of the tenant sees it (the company logo) */
  screen: string | null;
  /** the rows of the table the user may read on that screen (data scope, a narrower screen) */
  where?(scope: RequestScope): SQL | undefined;
}

/** The holders that are not a resource's fileColumns. */
const OTHER_HOLDERS: FileHolder[] = [
  // a collection act's documents (lawsuits), on the overdue contract's page, by the act's organisation
  { table: collectionActions, column: collectionActions.attachments, screen: OVERDUE_PATH, where: (scope) => visibleOrgRowWhere(scope, collectionActions.orgId) },
  // a supplier's certificate scans, on either supplier screen (the tower one shows tower suppliers only)
  { table: supplierCertificates, column: supplierCertificates.fileId, screen: supplierView.path },
  { table: supplierCertificates, column: supplierCertificates.fileId, screen: supplierTowerView.path, where: () => sql`exists (select 1 from ${suppliers} where ${suppliers.id} = ${supplierCertificates.supplierId} and ${suppliers.tower} = 1)` },
  // the company logo is every member's (the shell and /api/businessInfo/logo show it to all of them)
  { table: tenantSettings, column: sql`json_extract(${tenantSettings.value}, '$.logoFileId')`, screen: null, where: () => eq(tenantSettings.key, "business") },
];

/** Every attachment holder: each resource's fileColumns, then the others. */
export const FILE_HOLDERS: FileHolder[] = [
  ...Object.values(RESOURCES).flatMap(({ resource }) =>
    (resource.fileColumns ?? []).map((column): FileHolder => ({ table: resource.table, column, screen: resource.view.screen ?? resource.view.path, where: resource.scopeWhere })),
  ),
  ...OTHER_HOLDERS,
];

/** Whether a reference column names the file (one id among comma-separated ones, spaces ignored). */
const namesFile = (column: SQLiteColumn | SQL, fileId: number) => sql`instr(',' || replace(cast(${column} as text), ' ', '') || ',', ${`,${fileId},`}) > 0`;

/**
 * The file of a download address's key when the user may read it: the tenant's, and named by a row the user may read,
 * or uploaded by the user and named by no row yet. Null otherwise (the caller answers 404).
 */
export async function readableFile(scope: RequestScope, key: string): Promise<StoredFile | null> {
  const row = await findFileByKey(scope.db, scope.user.tenantId, key);
  if (!row) return null;
  // one round trip: per holder, how many rows name the file and how many of them the user may read
  const [first, ...rest] = FILE_HOLDERS.map((h) => {
    const readable = h.screen === null || hasScreen(scope.access, h.screen) ? (h.where?.(scope) ?? sql`1`) : sql`0`;
    return scope.db
      .select({ refs: sql<number>`count(*)`.as("refs"), readable: sql<number>`coalesce(sum(case when ${readable} then 1 else 0 end), 0)`.as("readable") })
      .from(h.table)
      .where(tenantWhere(h.table, scope, namesFile(h.column, row.id)));
  });
  const counts = (await batch(scope.db, [first!, ...rest])).map((rows) => rows[0]);
  const named = counts.some((c) => Number(c?.refs) > 0);
  if (counts.some((c) => Number(c?.readable) > 0)) return row;
  return !named && row.createdBy === scope.user.id ? row : null;
}
