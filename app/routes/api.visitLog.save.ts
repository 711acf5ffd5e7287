import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { visitLogs } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { apiJson, requireApiScope } from "~/modules/access/access.server";

const text = (v: FormDataEntryValue | null, max: number) => (typeof v === "string" && v.trim() ? v.trim().slice(0, max) : null);

/** Spec §7 visit log: phoneType, firstModule..fourthModule, description, stayTime (ms). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { db, user } = await requireApiScope(request, context);
  const form = await request.formData();
  const firstModule = text(form.get("firstModule"), 50);
  const stayTime = Number(form.get("stayTime"));
  if (!firstModule) return apiJson({ code: 400, message: "firstModule is required" }, { status: 400 });
  if (!Number.isFinite(stayTime) || stayTime < 0 || stayTime > 24 * 3600 * 1000) return apiJson({ code: 400, message: "stayTime must be 0–86400000 ms" }, { status: 400 });
  await db.insert(visitLogs).values(withTenant(user, {
    userId: user.id,
    phoneType: Number(form.get("phoneType")) || 0,
    firstModule,
    secondModule: text(form.get("secondModule"), 50),
    thirdModule: text(form.get("thirdModule"), 50),
    fourthModule: text(form.get("fourthModule"), 50),
    description: text(form.get("description"), 200),
    stayTime: Math.round(stayTime),
  }));
  return apiJson({ code: 200 });
}
