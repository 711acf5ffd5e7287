/**
 * 版本包's server half: the list, and the upload the browser drives part by part into an R2 multipart upload (start:
 * the version code checked and claimed; each part: its size, the first one's ZIP signature; complete: the object's
 * size and signature again, then the package is ready), abandoning an upload, deleting a package no task uses.
 * docs/terminals.md, "Version packages".
 */
import { and, desc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import { z } from "zod";
import { users } from "../../../db/schema";
import { brokeRule } from "../../../db/guard";
import { ofTenant, sameTenant, tenantOfOuter, tenantWhere, withTenant } from "../../../db/tenant";
import { line, note } from "~/lib/form-fields";
import { stampInZone } from "~/lib/tenant-clock";
import type { Message } from "~/i18n/keys";
import type { RequestScope } from "~/modules/access/access.server";
import { runCommand } from "~/modules/resource/command.server";
import { containing, defineResource, fieldErrors, refusedWrites, withLimit, type FieldErrors } from "~/modules/resource/resource.server";
import { packageView } from "./ota.resource";
import { otaPackages as P, otaTasks } from "./tables.server";
import { isVersionCode, isZipStart, LOCK_DELETE_CODE, PACKAGE_MAX_BYTES, PACKAGE_PART_BYTES, partSize, partsOf, VERSION_CODE_MAX } from "./terminals";

/** A size as the list shows it: MB with one decimal (KB under one MB). */
export function sizeText(bytes: number): string {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const taskCount = sql<number>`(select count(*) from ${otaTasks} where ${tenantOfOuter(otaTasks, P)} and ${otaTasks.packageId} = ${P.id})`;

export const packageResource = defineResource({
  view: packageView,
  table: P,
  selectRows: (db, where, orderBy, limit, offset) =>
    withLimit(
      db
        .select({ id: P.id, versionCode: P.versionCode, description: P.description, fileName: P.fileName, size: P.size, uploadedAt: P.uploadedAt, createdAt: P.createdAt, creatorId: P.creatorId, creatorName: users.userName, taskCount: taskCount.mapWith(Number).as("task_count") })
        .from(P)
        // the uploader joined (not a subquery): the select reads two tables, so drizzle names every column by its table
        .leftJoin(users, and(eq(users.id, P.creatorId), sameTenant(users, P)))
        .where(where)
        .orderBy(...orderBy)
        .offset(offset),
      limit,
    ),
  mapRows: (rows) => rows.map((r) => ({ ...r, sizeText: sizeText(r.size), uploadState: r.uploadedAt ? "ready" : "uploading" })),
  filters: {
    q: (v) => or(containing(P.versionCode, v), containing(P.description, v)),
    uploadState: (v) => (v === "ready" ? isNotNull(P.uploadedAt) : v === "uploading" ? isNull(P.uploadedAt) : undefined),
  },
  sortColumns: { versionCode: P.versionCode, uploadedAt: P.uploadedAt },
  defaultOrder: [desc(P.createdAt), desc(P.id)],
  ...refusedWrites,
  editValues: async (_scope, row) => ({ sizeText: sizeText(row.size) }),
  auditView: (row) => ({ id: row.id, versionCode: row.versionCode, description: row.description, fileName: row.fileName, size: row.size }),
});

/** The packages an upgrade task may send (uploaded), newest first. */
export async function readyPackages(scope: RequestScope) {
  const rows = await scope.db
    .select({ id: P.id, versionCode: P.versionCode, description: P.description, uploadedAt: P.uploadedAt })
    .from(P)
    .where(tenantWhere(P, scope, isNotNull(P.uploadedAt)))
    .orderBy(desc(P.uploadedAt), desc(P.id))
    .limit(200);
  return rows.map((r) => ({ value: String(r.id), label: r.description ? `${r.versionCode}（${r.description.slice(0, 30)}）` : r.versionCode, uploadedAt: r.uploadedAt ? stampInZone(r.uploadedAt, scope.user.timeZone, false) : "" }));
}

/** What the browser posts to start an upload. */
export const UploadStartSchema = z.object({
  versionCode: line().pipe(z.string().min(1, "terminals:versionRequired").max(VERSION_CODE_MAX, `terminals:tooLong|${VERSION_CODE_MAX}`).refine(isVersionCode, "terminals:versionInvalid")),
  description: note().max(200, "terminals:tooLong|200").default(""),
  fileName: line().pipe(z.string().min(1, "terminals:fileRequired").max(200, "terminals:tooLong|200").refine((v) => /\.zip$/i.test(v), "terminals:zipOnly")),
  size: z.number({ message: "terminals:fileRequired" }).int("terminals:fileRequired").min(1, "terminals:fileEmpty").max(PACKAGE_MAX_BYTES, "terminals:packageTooLarge"),
});

export type UploadAnswer<T> = ({ ok: true } & T) | { ok: false; status: 400 | 403 | 404 | 409; errors: FieldErrors };
const refused = (status: 400 | 403 | 404 | 409, message: Message, field = "form"): { ok: false; status: 400 | 403 | 404 | 409; errors: FieldErrors } => ({ ok: false, status, errors: { [field]: message } });

const sameCode = (scope: RequestScope, code: string) => tenantWhere(P, scope, sql`lower(${P.versionCode}) = lower(${code})`);

/**
 * Starts an upload: the version code is claimed by the package's row (unique in the tenant, whatever its case: of
 * concurrent starts with one code, one is kept and the others answer 409), and an R2 multipart upload is opened for it.
 */
export async function startUpload(scope: RequestScope, input: unknown): Promise<UploadAnswer<{ id: number; partBytes: number; parts: number }>> {
  const parsed = UploadStartSchema.safeParse(input);
  if (!parsed.success) return { ok: false, status: 400, errors: fieldErrors(parsed.error) };
  const v = parsed.data;
  const [taken] = await scope.db.select({ id: P.id }).from(P).where(sameCode(scope, v.versionCode)).limit(1);
  if (taken) return refused(409, "terminals:versionExists", "versionCode");
  const key = `tenant/${scope.user.tenantId}/ota/${crypto.randomUUID()}.zip`;
  const upload = await scope.env.FILES.createMultipartUpload(key, { httpMetadata: { contentType: "application/zip" }, customMetadata: { tenantId: String(scope.user.tenantId) } });
  const now = Date.now();
  const row = withTenant(scope, { versionCode: v.versionCode, description: v.description || null, fileName: v.fileName, size: v.size, r2Key: key, uploadId: upload.uploadId, creatorId: scope.user.id, createdAt: now, updatedAt: now });
  try {
    const done = await runCommand(scope, [scope.db.insert(P).values(row).returning({ id: P.id })], { entity: "otaPackage", action: "upload", id: sql`(select max(${P.id}) from ${P} where ${ofTenant(P, scope)})`, after: { versionCode: v.versionCode, description: v.description || null, fileName: v.fileName, size: v.size } });
    if (!done.ok) throw new Error("unexpected stale upload start");
    const id = (done.results[0] as { id: number }[])[0]!.id;
    return { ok: true, id, partBytes: PACKAGE_PART_BYTES, parts: partsOf(v.size) };
  } catch (error) {
    await upload.abort().catch(() => undefined);
    if (brokeRule(error, "ota_packages")) return refused(409, "terminals:versionExists", "versionCode");
    throw error;
  }
}

/** The user's unfinished upload (only its uploader continues it). */
async function unfinished(scope: RequestScope, id: number) {
  if (!Number.isSafeInteger(id)) return null;
  const [row] = await scope.db
    .select({ id: P.id, version: P.version, size: P.size, r2Key: P.r2Key, uploadId: P.uploadId, versionCode: P.versionCode, fileName: P.fileName })
    .from(P)
    .where(tenantWhere(P, scope, eq(P.id, id), isNull(P.uploadedAt), eq(P.creatorId, scope.user.id)));
  return row && row.uploadId ? { ...row, uploadId: row.uploadId } : null;
}

/** Takes one part (1…parts) of the user's unfinished upload: its exact size; the first must open a ZIP, else the upload is given up. */
export async function uploadPart(scope: RequestScope, id: number, n: number, bytes: Uint8Array): Promise<UploadAnswer<{ partNumber: number; etag: string }>> {
  const row = await unfinished(scope, id);
  if (!row) return refused(404, "terminals:uploadUnknown");
  if (!Number.isSafeInteger(n) || n < 1 || n > partsOf(row.size)) return refused(400, "terminals:partUnknown");
  if (bytes.length !== partSize(row.size, n)) return refused(400, "terminals:partSize");
  if (n === 1 && !isZipStart(bytes)) {
    await giveUp(scope, row);
    return refused(400, "terminals:notZip", "file");
  }
  const part = await scope.env.FILES.resumeMultipartUpload(row.r2Key, row.uploadId).uploadPart(n, bytes);
  return { ok: true, partNumber: part.partNumber, etag: part.etag };
}

const PartsSchema = z.array(z.object({ partNumber: z.number().int().min(1).max(1000), etag: z.string().min(1).max(200) })).min(1).max(1000);

/**
 * Completes the user's upload from the parts the browser kept (R2 checks each part's etag); the object must have the
 * declared size and open a ZIP, else it is deleted and the upload given up. The package is then ready.
 */
export async function completeUpload(scope: RequestScope, id: number, input: unknown): Promise<UploadAnswer<{ id: number }>> {
  const row = await unfinished(scope, id);
  if (!row) return refused(404, "terminals:uploadUnknown");
  const parts = PartsSchema.safeParse((input as { parts?: unknown } | null)?.parts);
  if (!parts.success || parts.data.length !== partsOf(row.size) || parts.data.some((p, i) => p.partNumber !== i + 1)) return refused(400, "terminals:uploadIncomplete");
  try {
    await scope.env.FILES.resumeMultipartUpload(row.r2Key, row.uploadId).complete(parts.data);
  } catch (error) {
    console.error("terminals: a package upload did not complete", error);
    return refused(400, "terminals:uploadIncomplete");
  }
  const head = await scope.env.FILES.get(row.r2Key, { range: { offset: 0, length: 4 } });
  const start = head ? new Uint8Array(await head.arrayBuffer()) : new Uint8Array();
  if (!head || head.size !== row.size || !isZipStart(start)) {
    await giveUp(scope, { ...row, uploadId: null });
    return refused(400, head && head.size !== row.size ? "terminals:uploadIncomplete" : "terminals:notZip", "file");
  }
  const now = Date.now();
  const done = await runCommand(
    scope,
    [scope.db.update(P).set({ uploadedAt: now, uploadId: null, version: row.version + 1, updatedAt: now }).where(tenantWhere(P, scope, eq(P.id, id), eq(P.version, row.version), isNull(P.uploadedAt))), { expect: 1 }],
    { entity: "otaPackage", action: "uploaded", id, before: { uploadedAt: null }, after: { uploadedAt: now, versionCode: row.versionCode, size: row.size } },
  );
  if (!done.ok) return refused(409, "resource:stale");
  return { ok: true, id };
}

/** Gives up an unfinished upload: the row goes (its version code is free again), then the R2 upload or object. */
async function giveUp(scope: RequestScope, row: { id: number; version: number; r2Key: string; uploadId: string | null; versionCode: string }) {
  const done = await runCommand(scope, [scope.db.delete(P).where(tenantWhere(P, scope, eq(P.id, row.id), eq(P.version, row.version), isNull(P.uploadedAt))), { expect: 1 }], { entity: "otaPackage", action: "uploadAbandoned", id: row.id, before: { versionCode: row.versionCode } });
  if (!done.ok) return false;
  await removeObject(scope, row);
  return true;
}

async function removeObject(scope: RequestScope, row: { r2Key: string; uploadId: string | null }) {
  try {
    if (row.uploadId) await scope.env.FILES.resumeMultipartUpload(row.r2Key, row.uploadId).abort();
    else await scope.env.FILES.delete(row.r2Key);
  } catch (error) {
    // the row is gone: an object left behind is never served (links name rows), only stored
    console.error("terminals: a package's object was not removed", error);
  }
}

/** The user gives up their own unfinished upload. */
export async function abandonUpload(scope: RequestScope, id: number): Promise<UploadAnswer<Record<never, never>>> {
  const row = await unfinished(scope, id);
  if (!row) return refused(404, "terminals:uploadUnknown");
  return (await giveUp(scope, row)) ? { ok: true } : refused(409, "resource:stale");
}

/**
 * Deletes a package (delete code) that no upgrade task uses, checked again in the delete itself: a task made meanwhile
 * keeps it. An unfinished upload of anyone's goes the same way.
 */
export async function deletePackage(scope: RequestScope, id: number): Promise<UploadAnswer<Record<never, never>>> {
  if (!scope.access.permissions.has(LOCK_DELETE_CODE)) return refused(403, "workflow:forbidden");
  if (!Number.isSafeInteger(id)) return refused(404, "resource:notFound");
  const [row] = await scope.db.select({ id: P.id, version: P.version, r2Key: P.r2Key, uploadId: P.uploadId, versionCode: P.versionCode }).from(P).where(tenantWhere(P, scope, eq(P.id, id)));
  if (!row) return refused(404, "resource:notFound");
  const unused = sql`not exists (select 1 from ${otaTasks} where ${tenantOfOuter(otaTasks, P)} and ${otaTasks.packageId} = ${P.id})`;
  const done = await runCommand(scope, [scope.db.delete(P).where(tenantWhere(P, scope, eq(P.id, id), eq(P.version, row.version), unused)), { expect: 1 }], { entity: "otaPackage", action: "delete", id, before: { versionCode: row.versionCode } });
  if (!done.ok) {
    const [used] = await scope.db.select({ id: otaTasks.id }).from(otaTasks).where(tenantWhere(otaTasks, scope, eq(otaTasks.packageId, id))).limit(1);
    return refused(409, used ? "terminals:packageInUse" : "resource:stale");
  }
  await removeObject(scope, row);
  return { ok: true };
}

/** A package as an upgrade task sends it: uploaded, the tenant's. */
export async function readyPackage(scope: RequestScope, id: number) {
  const [row] = await scope.db.select({ id: P.id, versionCode: P.versionCode, version: P.version }).from(P).where(tenantWhere(P, scope, eq(P.id, id), isNotNull(P.uploadedAt)));
  return row ?? null;
}

/** The statement that holds a package for a task's batch: it changes its one row only while the package is there and ready. */
export const holdPackage = (scope: RequestScope, id: number) => scope.db.update(P).set({ updatedAt: sql`${P.updatedAt}` }).where(tenantWhere(P, scope, eq(P.id, id), isNotNull(P.uploadedAt)));

