import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { alias, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import { declaredAs, type Db } from "../../../db/client";
import { files } from "../../../db/schema";
import { ofTenant, tenantOfOuter, withTenant } from "../../../db/tenant";
import type { Env } from "../../../workers/env";
import type { Language } from "~/i18n";
import { resources } from "~/i18n/resources";
import { downloadUrlOf, type RuleMessage } from "~/lib/upload-rules";

export type StoredFile = typeof files.$inferSelect;

type FilesTexts = (typeof resources)["zh-CN"]["files"];

/** A `files` namespace text in the given language, {{params}} filled in (for API answers, which have no i18next). */
export function filesText<G extends keyof FilesTexts>(lang: Language, group: G, key: keyof FilesTexts[G], params: Record<string, string | number> = {}): string {
  const template = String((resources[lang].files[group] as Record<string, string>)[key as string]);
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ""));
}

/** A rule refusal (upload-rules) as a sentence in the given language. */
export function ruleText(lang: Language, message: RuleMessage): string {
  return filesText(lang, "rules", message.key, message.params);
}

/**
 * Objects live under `tenant/<tenantId>/<yyyy-mm>/<uuid>`: the prefix keeps each tenant's files apart in the
 * bucket (per-tenant listing, export or deletion), and the name a user chose never becomes part of a key.
 */
function newKey(tenantId: number, now: number): string {
  return `tenant/${tenantId}/${new Date(now).toISOString().slice(0, 7)}/${crypto.randomUUID()}`;
}

/** Stores the bytes in R2, then the row; if the row cannot be written, the object is removed again. */
export async function storeFile(
  env: Pick<Env, "FILES">,
  db: Db,
  owner: { tenantId: number; userId: number },
  file: { fileName: string; contentType: string; bytes: Uint8Array },
): Promise<StoredFile> {
  const now = Date.now();
  const r2Key = newKey(owner.tenantId, now);
  await env.FILES.put(r2Key, file.bytes, {
    httpMetadata: { contentType: file.contentType },
    customMetadata: { tenantId: String(owner.tenantId) },
  });
  try {
    const [row] = await db
      .insert(files)
      .values(withTenant(owner, { r2Key, fileName: file.fileName, contentType: file.contentType, size: file.bytes.byteLength, createdBy: owner.userId, createdAt: now }))
      .returning();
    return row!;
  } catch (error) {
    await env.FILES.delete(r2Key);
    throw error;
  }
}

/** A stored file as a form's upload widget shows it: the id the form posts, the name, the address (by the file's key). */
export type FileRef = { id: number; name: string; url: string | null };

const refOf = (r: { id: number; name: string; key: string | null }): FileRef => ({ id: r.id, name: r.name, url: r.key ? downloadUrlOf(r.key) : null });

/** The file row, only when it belongs to the tenant (by id: for the server's own reads, never a download address). */
export async function findFile(db: Db, tenantId: number, id: number): Promise<StoredFile | null> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, id), ofTenant(files, tenantId)))
    .limit(1);
  return row ?? null;
}

/** Whether every id names a file of the tenant (a form's attachments, as posted). */
export async function allTenantFiles(db: Db, tenantId: number, ids: number[]): Promise<boolean> {
  if (!ids.length) return true;
  const found = await db.select({ id: files.id }).from(files).where(and(ofTenant(files, tenantId), inArray(files.id, ids)));
  return found.length === new Set(ids).size;
}

/** The file ids of a stored reference column (comma-separated; anything that is not an id is skipped). */
export const fileIdsOf = (csv: string | null): number[] =>
  (csv ?? "")
    .split(",")
    .map((v) => v.trim())
    .filter((v) => /^\d{1,15}$/.test(v))
    .map(Number);

/** The tenant's files named by a comma-separated id list (an `attachments` column), in its order, for the upload widget. */
export async function namedFiles(db: Db, tenantId: number, csv: string | null): Promise<FileRef[]> {
  const ids = fileIdsOf(csv);
  if (!ids.length) return [];
  const rows = await db.select({ id: files.id, name: files.fileName, key: files.publicKey }).from(files).where(and(ofTenant(files, tenantId), inArray(files.id, ids)));
  return ids.flatMap((id) => rows.filter((r) => r.id === id).map(refOf));
}

/**
 * A list column of file ids as the files' keys, in the same order (for an `images` cell, whose addresses carry keys):
 * the ids are read as a JSON array, so a value that is not a plain id list (a signer's name) gives no key.
 */
export function fileKeysSql(column: SQLiteColumn, outer: Parameters<typeof tenantOfOuter>[1]): SQL<string | null> {
  const f = alias(files, "f");
  // f's own columns by name, qualified: in a one-table select drizzle writes a column unqualified, and json_each has an
  // `id` of its own
  return sql<string | null>`(select group_concat(k) from (select f.public_key as k from json_each(case when ${column} glob '[0-9]*' and ${column} not glob '*[^0-9,]*' then '[' || ${column} || ']' else '[]' end) j join ${declaredAs(files, f)} on f.id = j.value and ${tenantOfOuter(f, outer)} order by j.key))`;
}

/** The row of a download address's key, only within the tenant. */
export async function findFileByKey(db: Db, tenantId: number, key: string): Promise<StoredFile | null> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.publicKey, key), ofTenant(files, tenantId)))
    .limit(1);
  return row ?? null;
}

/** The row's bytes; null when the object is missing. */
export async function fileObject(env: Pick<Env, "FILES">, row: StoredFile): Promise<R2ObjectBody | null> {
  return env.FILES.get(row.r2Key);
}

/** The row and its bytes by id, only within the tenant (the server's own reads: a logo in a PDF); null when either is missing. */
export async function openFile(env: Pick<Env, "FILES">, db: Db, tenantId: number, id: number): Promise<{ row: StoredFile; object: R2ObjectBody } | null> {
  const row = await findFile(db, tenantId, id);
  if (!row) return null;
  const object = await fileObject(env, row);
  return object ? { row, object } : null;
}

/** `inline` or `attachment` with an ASCII fallback name and the UTF-8 name (RFC 6266 / RFC 5987). */
export function contentDisposition(type: "inline" | "attachment", fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_") || "file";
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
