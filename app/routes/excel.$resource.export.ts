import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireScope } from "~/modules/access/access.server";
import { readPreferences } from "~/modules/auth/preferences.server";
import { exportResource } from "~/modules/resource/excel.server";
import { registeredResources } from "~/modules/resource/registry.server";
import { parseListQuery } from "~/lib/list/types";

/** GET /excel/{resource}/export?{the list's filters}: the filtered list as .xlsx (needs `:export`). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const entry = registeredResources()[params.resource ?? ""];
  if (!entry) throw new Response("Not Found", { status: 404 });
  const { view } = entry.resource;
  const scope = await requireScope(request, context, { screen: view.screen ?? view.path, permission: `${view.permission}:export` });
  return exportResource(scope, entry.resource, parseListQuery(new URL(request.url), view), readPreferences(request).lang);
}
