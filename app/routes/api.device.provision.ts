import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiJson, requireApiScope } from "~/modules/access/access.server";
import { MAX_TERMINALS, provisionTerminals } from "~/modules/telematics/provision.server";

/**
 * POST /api/device/provision {terminals: [{terminalNo, plate, secret, deviceIdent?}]}: registers terminals for the
 * signed-in user's tenant (new ones as vehicles under the root organisation) and sets their secrets. For the
 * simulator and for bulk commissioning; needs deviceList:add, and deviceList:edit to reset an existing secret.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiJson({ code: 405, message: "method not allowed" }, { status: 405 });
  const scope = await requireApiScope(request, context, { permission: "deviceList:add" });
  const body = (await request.json().catch(() => null)) as { terminals?: unknown } | null;
  const list = body?.terminals;
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_TERMINALS) {
    return apiJson({ code: 400, message: `terminals must be a list of 1 to ${MAX_TERMINALS} {terminalNo, plate, secret}` }, { status: 400 });
  }
  return apiJson({ code: 200, data: await provisionTerminals(scope, list) });
}
