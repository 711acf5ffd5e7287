import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiJson, requireApiScope } from "~/modules/access/access.server";
import { readPreferences } from "~/modules/auth/preferences.server";
import { contentDisposition, filesText, openFile } from "~/modules/files/files.server";
import { isInlineType } from "~/lib/upload-rules";

/**
 * Spec §7 download or preview: GET ?id= → the bytes of the caller's tenant's file. Images and PDFs open
 * inline, anything else downloads; a bad, missing or foreign id answers the same 404.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env, db, user } = await requireApiScope(request, context);
  const raw = new URL(request.url).searchParams.get("id") ?? "";
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  const found = Number.isSafeInteger(id) && id > 0 ? await openFile(env, db, user.tenantId, id) : null;
  if (!found) return apiJson({ code: 404, message: filesText(readPreferences(request).lang, "api", "notFound") }, { status: 404 });

  const { row, object } = found;
  const headers = new Headers({
    "Content-Type": row.contentType,
    "Content-Length": String(row.size),
    "Content-Disposition": contentDisposition(isInlineType(row.contentType) ? "inline" : "attachment", row.fileName),
    "X-Content-Type-Options": "nosniff",
    // a stored file never changes under its id; private: it is the tenant's, not for shared caches
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
