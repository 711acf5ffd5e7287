import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireScope } from "~/modules/access/access.server";
import { readPreferences } from "~/modules/auth/preferences.server";
import { importTemplate } from "~/modules/resource/excel.server";
import { registeredResources } from "~/modules/resource/registry.server";

/** GET /excel/{resource}/template: the import template (needs `:import`). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const entry = registeredResources()[params.resource ?? ""];
  // a read-only list (a log) has nothing to import
  if (!entry || entry.resource.view.readOnly) throw new Response("Not Found", { status: 404 });
  const { view } = entry.resource;
  await requireScope(request, context, { screen: view.screen ?? view.path, permission: `${view.permission}:import` });
  return importTemplate(entry.resource, readPreferences(request).lang);
}
