/**
 * A terminal's download of a version package by its signed link: no session, no listing; a link that is malformed,
 * forged, altered, expired, or names a package that is gone or unfinished answers the same 404. A `Range` of bytes
 * (one range, for a terminal that resumes a download) answers 206 with that part.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { and, eq, isNotNull } from "drizzle-orm";
import { anonymousScope } from "~/modules/access/access.server";
import { linkValid, parseLink } from "./ota-link.server";
import { otaPackages } from "./tables.server";

const notFound = () => new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/** One byte range of `bytes=a-b`, `bytes=a-` or `bytes=-n` within the size, or null (the whole file), or "bad". */
function rangeOf(header: string | null, size: number): { offset: number; length: number } | null | "bad" {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return "bad";
  if (m[1] === "") {
    const n = Math.min(Number(m[2]), size);
    return n > 0 ? { offset: size - n, length: n } : "bad";
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  return start < size && end >= start ? { offset: start, length: end - start + 1 } : "bad";
}

export async function packageDownload({ request, params, context }: LoaderFunctionArgs): Promise<Response> {
  const link = parseLink(params.file ?? "");
  if (!link) return notFound();
  const { env, db } = anonymousScope(context);
  // the package is looked up by its id alone: the link's signature names its tenant, and is checked against it
  const [pkg] = await db
    .select({ tenantId: otaPackages.tenantId, r2Key: otaPackages.r2Key, size: otaPackages.size, fileName: otaPackages.fileName })
    .from(otaPackages)
    .where(and(eq(otaPackages.id, link.packageId), isNotNull(otaPackages.uploadedAt)));
  if (!pkg || !(await linkValid(env, link, pkg.tenantId))) return notFound();
  const range = rangeOf(request.headers.get("Range"), pkg.size);
  if (range === "bad") return new Response(null, { status: 416, headers: { "Content-Range": `bytes */${pkg.size}` } });
  const object = await env.FILES.get(pkg.r2Key, range ? { range } : undefined);
  if (!object) return notFound();
  const ascii = pkg.fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  const headers = new Headers({
    "Content-Type": "application/zip",
    "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(pkg.fileName)}`,
    "Accept-Ranges": "bytes",
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
    ETag: object.httpEtag,
  });
  if (range) {
    headers.set("Content-Range", `bytes ${range.offset}-${range.offset + range.length - 1}/${pkg.size}`);
    headers.set("Content-Length", String(range.length));
    return new Response(request.method === "HEAD" ? null : object.body, { status: 206, headers });
  }
  headers.set("Content-Length", String(pkg.size));
  return new Response(request.method === "HEAD" ? null : object.body, { status: 200, headers });
}
