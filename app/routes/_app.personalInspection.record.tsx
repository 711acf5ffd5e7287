import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/lib/page-title";
import { readForm } from "~/lib/posted-form.server";
import { forbidden, hasScreen, requireScope, type RequestScope } from "~/modules/access/access.server";
import { namedFiles } from "~/modules/files/files.server";
import { RecordForm, RecordView } from "~/modules/inspections/inspection-page";
import { choiceList } from "~/modules/inspections/procedure.server";
import { answerText, loadRecord, recordStart, requestRetest, saveRecord, type RecordTarget } from "~/modules/inspections/record.server";
import { INSPECTION } from "~/modules/inspections/texts/inspection";
import { RouteErrorBoundary } from "~/ui/error-state";
import { readPreferences } from "~/modules/auth/preferences.server";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "巡检记录", en: "Inspection record" }) }];

const ADD = "personalInspection:add";
const positive = (v: string | null) => (v && /^\d{1,12}$/.test(v) && Number(v) > 0 ? Number(v) : null);

/** What the address asks for: a task (`?task=`), an unplanned check (`?vehicleId=&procedureId=`), else a record (`?id=`). */
function targetOf(url: URL): RecordTarget | null {
  const task = positive(url.searchParams.get("task"));
  if (task) return { taskId: task };
  const vehicleId = positive(url.searchParams.get("vehicleId"));
  const procedureId = positive(url.searchParams.get("procedureId"));
  return vehicleId && procedureId ? { vehicleId, procedureId } : null;
}

/** Who may open a record: an inspector (个人巡检) or whoever keeps the plans (巡检计划). */
async function scopeOf(request: Request, context: LoaderFunctionArgs["context"]): Promise<RequestScope> {
  const scope = await requireScope(request, context);
  if (!hasScreen(scope.access, "/personalInspection") && !hasScreen(scope.access, "/inspectionPlan")) throw forbidden();
  return scope;
}

async function shownRecord(scope: RequestScope, id: number, lang: string) {
  const record = await loadRecord(scope, id);
  if (!record) throw new Response("Not Found", { status: 404 });
  const items = await Promise.all(
    record.items.map(async (i) => ({ name: i.name, standard: i.standard, answer: answerText(i, lang), passed: i.passed, note: i.note, photos: await namedFiles(scope.db, scope.user.tenantId, i.photos) })),
  );
  return { ...record, items };
}

/**
 * /personalInspection/record: the form for a task or an unplanned check (needs 个人巡检's add code), or a record as it
 * was filled in. Another tenant's task, a task of someone else, a machine out of the user's scope: 404.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const scope = await scopeOf(request, context);
  const url = new URL(request.url);
  const target = targetOf(url);
  if (target) {
    if (!scope.access.permissions.has(ADD)) throw forbidden();
    const start = await recordStart(scope, target);
    if (!start) throw new Response("Not Found", { status: 404 });
    if (start.task && start.task.recordId) throw redirect(`?id=${start.task.recordId}`);
    const { machine, procedure } = start;
    return {
      mode: "form" as const,
      machine: machine.label,
      procedure: { name: procedure.name, revision: procedure.revision, kind: procedure.kind },
      items: procedure.items.map((i) => ({ name: i.name, itemKind: i.itemKind, standard: i.standard, unit: i.unit, minValue: i.minValue, maxValue: i.maxValue, choices: choiceList(i.choices), required: i.required })),
    };
  }
  const id = positive(url.searchParams.get("id"));
  if (!id) throw new Response("Not Found", { status: 404 });
  const { lang } = readPreferences(request);
  return { mode: "view" as const, record: await shownRecord(scope, id, lang), saved: url.searchParams.get("saved"), canRetest: scope.access.permissions.has(ADD) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const scope = await scopeOf(request, context);
  if (!scope.access.permissions.has(ADD)) throw forbidden();
  const url = new URL(request.url);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "retest") {
    const id = positive(url.searchParams.get("id"));
    if (!id) throw new Response("Not Found", { status: 404 });
    const done = await requestRetest(scope, id);
    if (!done.ok) return Response.json({ error: done.message }, { status: done.status });
    return redirect(`?id=${id}`);
  }
  if (intent !== "save") throw new Response("Bad Request", { status: 400 });
  const target = targetOf(url);
  const start = target ? await recordStart(scope, target) : null;
  if (!start) throw new Response("Not Found", { status: 404 });
  // an item's answer, its files (the upload widget posts one id a file) and its note, by its place
  const answers = start.procedure.items.map((_, i) => ({
    value: String(form.get(`items[${i}].value`) ?? ""),
    photos: form.getAll(`items[${i}].photos`).map(String).join(","),
    note: String(form.get(`items[${i}].note`) ?? ""),
  }));
  const saved = await saveRecord(scope, start, answers, String(form.get("remark") ?? ""));
  if (!saved.ok) {
    const values: Record<string, string> = { remark: String(form.get("remark") ?? "") };
    answers.forEach((a, i) => {
      values[`items[${i}].value`] = a.value;
      values[`items[${i}].note`] = a.note;
    });
    return Response.json({ errors: saved.errors, values }, { status: saved.status });
  }
  return redirect(`/personalInspection/record?id=${saved.id}&saved=${saved.abnormalities}`);
}

export default function InspectionRecord() {
  useTranslation(INSPECTION);
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<{ errors?: Record<string, string>; values?: Record<string, string>; error?: string }>();
  if (data.mode === "form") return <RecordForm machine={data.machine} procedure={data.procedure} items={data.items} values={answer?.values ?? {}} errors={answer?.errors ?? {}} />;
  return <RecordView record={data.record} saved={data.saved} canRetest={data.canRetest} error={answer?.error ?? null} />;
}

export const ErrorBoundary = RouteErrorBoundary;
