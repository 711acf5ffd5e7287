import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { readForm } from "~/lib/posted-form.server";
import { forbidden, requireScope } from "~/modules/access/access.server";
import { readPreferences } from "~/modules/auth/preferences.server";
import { abnormalityResource, fromAlarm, issueOfAlarm } from "~/modules/inspections/abnormality.server";
import { createRow } from "~/modules/resource/resource.server";

/**
 * POST /abnormalReport/fromAlarm (alarmId): 上报异常 from a fault alarm the user sees: an issue of its machine with the
 * alarm's kind and its detail in words (SPN/FMI named), opened on its page to add photos or change the severity. An
 * alarm raised before (or twice at once: one is stored) opens the issue it has.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const scope = await requireScope(request, context, { screen: "/abnormalReport" });
  if (!scope.access.permissions.has("abnormalReport:add")) throw forbidden();
  const form = await readForm(request);
  const alarmId = Number(form.get("alarmId"));
  if (!Number.isSafeInteger(alarmId) || alarmId <= 0) return Response.json({ error: "resource:notFound" }, { status: 404 });
  const values = await fromAlarm(scope, alarmId, readPreferences(request).lang);
  if (!values) return Response.json({ error: "resource:notFound" }, { status: 404 });
  const saved = await createRow(scope, abnormalityResource, values);
  if (saved.ok) return redirect(`/abnormalReport/form?id=${saved.id}`);
  const raised = await issueOfAlarm(scope, alarmId);
  if (raised) return redirect(`/abnormalReport/form?id=${raised}`);
  return Response.json({ errors: saved.errors }, { status: saved.status });
}

export const loader = () => redirect("/abnormalReport");
