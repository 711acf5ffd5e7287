/**
 * /overdueContract/contract?id= (or ?act= from the to-do): one overdue contract's ageing and interest, its collection
 * record, the form of a new act (plain form: works without JavaScript) and the approval buttons of the acts.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { todayInZone } from "~/lib/tenant-clock";
import { requireScope, type RequestScope } from "~/modules/access/access.server";
import { flashCookie } from "~/modules/auth/session.server";
import { postedValues } from "~/modules/resource/form.server";
import type { FieldErrors } from "~/modules/resource/resource.server";
import { transitionIntents } from "~/modules/workflow/engine.server";
import { heldCodes } from "~/modules/workflow/machine";
import { enabledPeople, overdueContracts } from "./ageing.server";
import { ActSchema, actContract, actsOf, collectionMachine, contractOfAct, machinesOnContract, saveAct } from "./collection.server";
import { ACT_KINDS, OVERDUE_PATH, collectionStates, type ActKind } from "./overdue";
import { readForm } from "~/lib/posted-form.server";
import { formatCents } from "~/lib/cents";
import { interestRunsOf } from "./interest.server";
import { LOCK_ADD_CODE } from "~/modules/terminals/terminals";

const numeric = (v: string | null) => (v && /^\d{1,9}$/.test(v) ? Number(v) : null);

async function contractIdOf(scope: RequestScope, url: URL): Promise<number> {
  const id = numeric(url.searchParams.get("id")) ?? (numeric(url.searchParams.get("act")) ? await contractOfAct(scope, numeric(url.searchParams.get("act"))!) : null);
  if (id === null) throw new Response("Not Found", { status: 404 });
  return id;
}

export async function contractLoader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: OVERDUE_PATH });
  const url = new URL(request.url);
  const contract = await actContract(scope, await contractIdOf(scope, url));
  if (!contract) throw new Response("Not Found", { status: 404 });
  const kind = (ACT_KINDS as readonly string[]).includes(url.searchParams.get("kind") ?? "") ? (url.searchParams.get("kind") as ActKind) : "urge";
  const today = todayInZone(scope.user.timeZone);
  const [ageing, acts, people, machines, interest] = await Promise.all([
    overdueContracts(scope, undefined, [contract.id]),
    actsOf(scope, contract.rootId),
    enabledPeople(scope),
    kind === "stopMachine" ? machinesOnContract(scope, contract.id, today) : Promise.resolve([]),
    interestRunsOf(scope.db, scope.user.tenantId, contract.rootId),
  ]);
  return data({
    contract: { id: contract.id, number: contract.number, name: contract.name },
    ageing: ageing[0] ?? null,
    // how the interest was reached: each run of days on one base, by the value date of the money
    interest: interest.map((r) => ({ ...r, base: formatCents(r.baseCents), amount: formatCents(r.cents) })),
    acts,
    people: people.map((p) => ({ value: String(p.id), label: p.name })),
    machines,
    kind,
    today,
    me: scope.user.id,
    codes: heldCodes(collectionStates, scope.access.permissions),
    canAdd: scope.access.permissions.has("overdueContract:add"),
    // an approved stop offers a lock task for its machines (锁车管理), never made on its own
    canLock: scope.access.permissions.has(LOCK_ADD_CODE),
  });
}

export type ActActionData = { intent: "create"; errors: FieldErrors; values: Record<string, string> };

export async function contractAction({ request, context }: ActionFunctionArgs) {
  const scope = await requireScope(request, context, { screen: OVERDUE_PATH });
  const url = new URL(request.url);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const back = `${url.pathname}${url.search}`;
  if (intent === "create") {
    if (!scope.access.permissions.has("overdueContract:add")) throw new Response("Forbidden", { status: 403 });
    const posted = postedValues(form);
    const values: Record<string, string> = {};
    for (const [k, v] of Object.entries(posted)) values[k] = Array.isArray(v) ? v.map(String).join(",") : typeof v === "string" ? v : "";
    const parsed = ActSchema.safeParse(values);
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message as FieldErrors[string];
      return data<ActActionData>({ intent: "create", errors, values }, { status: 400 });
    }
    const saved = await saveAct(scope, parsed.data);
    if ("errors" in saved) return data<ActActionData>({ intent: "create", errors: saved.errors, values }, { status: saved.errors.contractId === "overdue:contractUnknown" ? 404 : 409 });
    return redirect(`${OVERDUE_PATH}/contract?id=${parsed.data.contractId}`, { headers: { "Set-Cookie": flashCookie("saved") } });
  }
  const run = transitionIntents(collectionMachine)[intent];
  if (!run) return data({ intent: "transitionRefused", error: "overdue:kindUnknown" }, { status: 400 });
  return run.run(scope, form, back);
}
