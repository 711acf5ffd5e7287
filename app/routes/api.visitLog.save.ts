import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiJson, requireApiScope } from "~/modules/access/access.server";
import { recordVisit } from "~/modules/system/log.server";
import { readForm } from "~/lib/posted-form.server";

/** Spec §7 visit log: phoneType, firstModule..fourthModule, description, stayTime (ms). */
export async function action({ request, context }: ActionFunctionArgs) {
  const scope = await requireApiScope(request, context);
  const refused = await recordVisit(scope, await readForm(request));
  if (refused) return apiJson({ code: 400, message: refused.refuse }, { status: 400 });
  return apiJson({ code: 200 });
}
