/**
 * Who may download a stored file (docs/files.md, "Who may read a file"). A file is read through the records that name
 * it, the attachment holders: a user may have it when they may read at least one of those rows (the row's screen, the
 * tenant, the data scope the screen reads it through), and its uploader may have it while no row names it yet (so a
 * form previews what was just uploaded). A file no one may read answers as if it did not exist.
 *
 * The holders are the resources' own `fileColumns` (declared next to each resource, read through its screen and
 * scopeWhere), the rows of a domain that are not resources (its manifest's `fileHolders`), and the company logo.
 */
import { eq, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { hasScreen, type RequestScope } from "~/modules/access/access.server";
import { fileHoldersOfDomains, registeredResources } from "~/modules/resource/registry.server";
import { batch } from "../../../db/client";
import { tenantSettings } from "../../../db/schema";
import { tenantWhere } from "../../../db/tenant";
import type { FileHolder } from "./file-holder";
import { findFileByKey, type StoredFile } from "./files.server";

/** The company logo is every member's (the shell and /api/businessInfo/logo show it to all of them). */
const LOGO: FileHolder = { table: tenantSettings, column: sql`json_extract(${tenantSettings.value}, '$.logoFileId')`, screen: null, where: () => eq(tenantSettings.key, "business") };

let holders: FileHolder[] | undefined;
/** Every attachment holder: each resource's fileColumns, the domains' other holders, the logo (made at the first read). */
export function fileHolders(): FileHolder[] {
  return (holders ??= [
    ...Object.values(registeredResources()).flatMap(({ resource }) =>
      (resource.fileColumns ?? []).map((column): FileHolder => ({ table: resource.table, column, screen: resource.view.screen ?? resource.view.path, where: resource.scopeWhere })),
    ),
    ...fileHoldersOfDomains(),
    LOGO,
  ]);
}

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
  const [first, ...rest] = fileHolders().map((h) => {
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
