import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiJson, requireApiScope } from "~/modules/access/access.server";
import { readPreferences } from "~/modules/auth/preferences.server";
import { readableFile } from "~/modules/files/file-access.server";
import { contentDisposition, fileObject, filesText } from "~/modules/files/files.server";
import { isInlineType } from "~/lib/upload-rules";

/**
 * Spec §7 download or preview: GET ?id=<the file's key> (32 hex digits, never the sequential id) → the bytes, when the
 * user may read a record that names the file or uploaded it and no record names it yet (file-access.server.ts).
 * Images and PDFs open inline, anything else downloads; a bad, missing, foreign or unreadable key answers the same 404.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireApiScope(request, context);
  const key = new URL(request.url).searchParams.get("id") ?? "";
  const readable = /^[0-9a-f]{32}$/.test(key) ? await readableFile(scope, key) : null;
  const bytes = readable ? await fileObject(scope.env, readable) : null;
  const found = readable && bytes ? { row: readable, object: bytes } : null;
  if (!found) return apiJson({ code: 404, message: filesText(readPreferences(request).lang, "api", "notFound") }, { status: 404 });

  const { row, object } = found;
  const headers = new Headers({
    "Content-Type": row.contentType,
    "Content-Length": String(row.size),
    "Content-Disposition": contentDisposition(isInlineType(row.contentType) ? "inline" : "attachment", row.fileName),
    "X-Content-Type-Options": "nosniff",
    // a stored file never changes under its key; private: it is the tenant's, not for shared caches
    "Cache-Control": "private, max-age=86400",
    ETag: object.httpEtag,
  });
  if (request.headers.get("If-None-Match") === object.httpEtag) {
    object.body.cancel();
    headers.delete("Content-Length");
    return new Response(null, { status: 304, headers });
  }
  return new Response(object.body, { headers });
}
