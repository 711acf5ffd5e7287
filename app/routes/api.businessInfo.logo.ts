import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiJson, requireApiScope } from "~/modules/access/access.server";
import { openFile } from "~/modules/files/files.server";
import { readTenantSettings } from "~/modules/settings/settings.server";

/** Spec §7: GET /api/businessInfo/logo → the signed-in user's company logo (404 when none is set). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env, db, user } = await requireApiScope(request, context);
  const { values } = await readTenantSettings(db, user.tenantId, "business", {});
  const found = values.logoFileId ? await openFile(env, db, user.tenantId, Number(values.logoFileId)) : null;
  if (!found) return apiJson({ code: 404, message: "no logo" }, { status: 404 });
  return new Response(found.object.body, {
    headers: { "Content-Type": found.row.contentType, "Cache-Control": "private, max-age=300", "X-Content-Type-Options": "nosniff" },
  });
}
