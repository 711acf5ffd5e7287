import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiJson, requireApiScope } from "~/modules/access/access.server";
import { readPreferences } from "~/modules/auth/preferences.server";
import { filesText, ruleText, storeFile } from "~/modules/files/files.server";
import { readForm } from "~/lib/posted-form.server";
import { checkContent, checkFile, contentTypeOf, downloadUrlOf, resolveRules, SERVER_MAX_BYTES, type RuleMessage } from "~/lib/upload-rules";

const MAX_NAME_LENGTH = 200;

/**
 * Spec §7 file upload: multipart field `file` (plus an optional `data`, accepted and not used); `kind`
 * (image | pdf | general) and `fileSize` (MB, ≤ 0 no check) from the query or the form. The same rules as
 * the widget, plus the first bytes; answers { code, message, status, data: { fileName, name, id, key, url } }: a form
 * posts the id, the download address (url) carries the key.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { env, db, user } = await requireApiScope(request, context);
  const lang = readPreferences(request).lang;
  const refuse = (status: number, message: string) => apiJson({ code: status, message, status: "fail" }, { status });
  if (request.method !== "POST") return refuse(405, filesText(lang, "api", "badRequest"));
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > SERVER_MAX_BYTES + 64 * 1024) return refuse(413, ruleText(lang, { key: "tooLarge", params: { size: SERVER_MAX_BYTES / 1024 / 1024 } }));

  let form: FormData;
  try {
    // the same bounded reader as every form, at the upload's own size (a chunked body is counted as it streams)
    form = await readForm(request, { maxBytes: SERVER_MAX_BYTES + 64 * 1024 });
  } catch (refused) {
    if (refused instanceof Response && refused.status === 413) return refuse(413, ruleText(lang, { key: "tooLarge", params: { size: SERVER_MAX_BYTES / 1024 / 1024 } }));
    return refuse(400, filesText(lang, "api", "badRequest"));
  }
  const query = new URL(request.url).searchParams;
  const pick = (name: string) => query.get(name) ?? form.get(name);
  const rules = resolveRules({ kind: pick("kind"), fileSize: pick("fileSize") });
  const file = form.get("file");
  if (!file || typeof file === "string") return refuse(400, filesText(lang, "api", "noFile"));

  const fileName = file.name.replace(/[\\/]/g, "_").replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(-MAX_NAME_LENGTH);
  if (!fileName) return refuse(400, filesText(lang, "api", "noFile"));
  const refused = (m: RuleMessage) => refuse(m.key === "tooLarge" ? 413 : 400, ruleText(lang, m));
  const byName = checkFile({ name: fileName, size: file.size }, rules);
  if (byName) return refused(byName);
  if (file.size > SERVER_MAX_BYTES) return refused({ key: "tooLarge", params: { size: SERVER_MAX_BYTES / 1024 / 1024 } });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const byContent = checkContent(fileName, bytes, rules);
  if (byContent) return refused(byContent);

  const row = await storeFile(env, db, { tenantId: user.tenantId, userId: user.id }, { fileName, contentType: contentTypeOf(fileName, bytes), bytes });
  return apiJson({ code: 200, message: filesText(lang, "api", "uploaded"), status: "success", data: { fileName: row.fileName, name: row.fileName, id: row.id, key: row.publicKey, url: downloadUrlOf(row.publicKey!) } });
}
