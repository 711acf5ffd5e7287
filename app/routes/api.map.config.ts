import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiJson, requireApiScope } from "~/modules/access/access.server";
import { loadMapConfig } from "~/modules/settings/map-config.server";

/**
 * The tenant's map settings as the browser needs them, for the map picker of any form: the picker fetches them when
 * its dialog opens, so lists and forms carry nothing of the map until then. Only what map screens already send
 * (engine, public pk. token, style and tile URLs, coordinate system, default view); any signed-in user.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireApiScope(request, context);
  return apiJson({ code: 200, data: await loadMapConfig(scope.db, scope.user.tenantId) }, { headers: { "Cache-Control": "private, no-store" } });
}
