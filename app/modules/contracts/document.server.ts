/**
 * The contract document's page (`/contractList/form`): new (`?new=1`, prefilled `?fromLead=` or `?vehicleId=&from=&to=`),
 * edit (a draft or a rejected one), view (any other state, read-only) and compare (`&compare=<revision id>`). Its
 * post: save, the row buttons that add or remove a line, fee or instalment and generate the plan (server-rendered,
 * so they work without JavaScript), 变更, and the transitions (which stay on the document).
 */
import { parse } from "@conform-to/dom";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { FORM_MAX_ROWS } from "~/lib/posted-form";
import { namedFiles, type FileRef } from "~/modules/files/files.server";
import { requireScope, type RequestScope } from "~/modules/access/access.server";
import { flashCookie, readFlash } from "~/modules/auth/session.server";
import { previewNumber } from "~/modules/numbering/numbering.server";
import { postedValues } from "~/modules/resource/form.server";
import { readForm } from "~/lib/posted-form.server";
import { createRow, fieldErrors, updateRow, type FieldErrors } from "~/modules/resource/resource.server";
import { resourceAction } from "~/modules/resource/route.server";
import { historyEntries, type HistoryEntry } from "~/modules/resource/document.server";
import { historyOf } from "~/modules/workflow/approval.server";
import { refusalResponse, transitionIntents } from "~/modules/workflow/engine.server";
import { hasScreen } from "~/modules/access/access.server";
import { BILLED_STATES } from "~/modules/billing/bill-run.server";
import { contractBills, runContractBills } from "~/modules/billing/bill.server";
import { BILL_EDIT_CODE } from "~/modules/billing/bill-page.server";
import { BILL_LIST_PATH } from "~/modules/billing/bills.resource";
import { heldCodes } from "~/modules/workflow/machine";
import { formatCents, plainCents } from "~/lib/cents";
import { CONTRACT_PERMISSION, contractStates, contractView, EDITABLE_STATES } from "./contracts.resource";
import {
  amendContract,
  compactRows,
  compareRevisions,
  CONTRACT_NUMBERING,
  contractApprovalKind,
  contractMachine,
  contractOptions,
  contractResource,
  ContractSchema,
  formValuesOf,
  loadContract,
  newContractValues,
  termsOf,
} from "./contracts.server";
import { contractValueCents, generatePlan, isFixedPrice, lineCostCents, marginOf, taxIncludedCents } from "./value";

export const DOCUMENT_PATH = "/contractList/form";
const docHref = (id: number) => `${DOCUMENT_PATH}?id=${id}`;

/** The figures the document shows beside the value: tax included, and a sub-contract's cost and margin. */
function figuresOf(loaded: NonNullable<Awaited<ReturnType<typeof loadContract>>>) {
  const { head, lines } = loaded;
  const cost = head.kind === "subcontract" ? lines.reduce((s, l) => s + lineCostCents({ ...l }, head.plannedEndOn), 0) : null;
  return {
    value: formatCents(head.valueCents),
    tax: formatCents(taxIncludedCents(head.valueCents, head.taxRateBp)),
    cost: cost === null ? null : formatCents(cost),
    margin: cost === null ? null : `${formatCents(marginOf(head.valueCents, cost).cents)}（${(marginOf(head.valueCents, cost).bp / 100).toFixed(2)}%）`,
    planTotal: formatCents(loaded.plans.reduce((s, p) => s + p.amountCents, 0)),
  };
}

const attachmentsOf = (scope: RequestScope, ids: string | null): Promise<FileRef[]> => namedFiles(scope.db, scope.user.tenantId, ids);

export async function documentLoader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: contractView.path });
  const url = new URL(request.url);
  const has = (a: string) => scope.access.permissions.has(`${CONTRACT_PERMISSION}:${a}`);
  const { flash, clear } = readFlash(request);
  const headers = clear ? { "Set-Cookie": clear } : undefined;
  const common = { me: scope.user.id, codes: heldCodes(contractStates, scope.access.permissions), flash: flash === "saved", canEdit: has("edit"), canDeclareIdle: scope.access.permissions.has("idlePeriod:add") };
  if (url.searchParams.get("new") === "1") {
    if (!has("add")) throw new Response("Forbidden", { status: 403 });
    const [values, options, number] = await Promise.all([newContractValues(scope, url), contractOptions(scope), previewNumber(scope.db, scope.user.tenantId, CONTRACT_NUMBERING, Date.now(), scope.user.timeZone)]);
    return data({ ...common, mode: "create" as const, doc: null, values, options, number, attachments: [], approval: null, history: [] as HistoryEntry[], comparison: null }, { headers });
  }
  const id = Number(url.searchParams.get("id"));
  if (!Number.isSafeInteger(id) || id <= 0) return data({ ...common, mode: "none" as const, doc: null, values: {}, options: {}, number: "", attachments: [], approval: null, history: [] as HistoryEntry[], comparison: null }, { headers });
  const loaded = await loadContract(scope, id);
  if (!loaded) throw new Response("Not Found", { status: 404 });
  const { head } = loaded;
  const editable = EDITABLE_STATES.includes(head.state) && has("edit");
  const values = formValuesOf(loaded);
  const compareId = Number(url.searchParams.get("compare"));
  let comparison: { a: number; b: number; changes: ReturnType<typeof compareRevisions> } | null = null;
  if (compareId && loaded.revisions.some((r) => r.id === compareId)) {
    const other = await loadContract(scope, compareId);
    if (other) {
      const [older, newer] = other.head.revision < head.revision ? [other, loaded] : [loaded, other];
      comparison = { a: older.head.revision, b: newer.head.revision, changes: compareRevisions(formValuesOf(older), formValuesOf(newer)) };
    }
  }
  const [options, attachments, approval, billRows, history] = await Promise.all([
    contractOptions(scope),
    attachmentsOf(scope, head.attachments),
    historyOf(scope, contractApprovalKind, id, head.state),
    hasScreen(scope.access, BILL_LIST_PATH) ? contractBills(scope, id) : Promise.resolve(null),
    // 变更记录: its saves, transitions and amendments, as every document shows them
    historyEntries(scope, [contractStates.kind], id),
  ]);
  return data(
    {
      ...common,
      mode: editable ? ("edit" as const) : ("view" as const),
      doc: {
        id: head.id,
        version: head.version,
        number: head.number,
        revision: head.revision,
        current: head.current,
        state: head.state,
        creatorId: head.creatorId,
        overCredit: head.overCreditReason === null ? 0 : 1,
        stateReason: head.stateReason,
        endedOn: head.endedOn,
        names: loaded.names,
        figures: figuresOf(loaded),
        revisions: loaded.revisions.map((r) => ({ ...r, value: formatCents(r.valueCents) })),
      },
      values,
      options,
      number: head.number,
      attachments,
      approval,
      history,
      comparison,
      // the bills tab: shown to whoever sees the bills screen; 出账 to whoever may work bills, on a contract that is billed
      bills: billRows?.map((b) => ({ ...b, amount: formatCents(b.amountCents), paid: formatCents(b.paidCents) })) ?? null,
      canBill: (BILLED_STATES as readonly number[]).includes(head.state) && !!head.current && scope.access.permissions.has(BILL_EDIT_CODE),
    },
    { headers },
  );
}
export type DocumentData = Awaited<ReturnType<typeof documentLoader>>["data"];

/** What a refused save or a row button answers: the values to show again, and the messages by field. */
export type DocumentActionData = { intent: "document"; values: Record<string, unknown>; errors: FieldErrors; nonce: number };

const answer = (values: Record<string, unknown>, errors: FieldErrors = {}, status = 200) => data<DocumentActionData>({ intent: "document", values, errors, nonce: Date.now() }, { status });

/**
 * A row button posted before the page's JavaScript (Conform's intent: a machine, fee or instalment added, moved or
 * removed): the form as it now stands, nothing saved; a list already at the most rows a form may post stays as it is.
 */
function rowIntentAnswer(form: FormData) {
  const values = postedValues(form);
  const next = (parse(form, { resolve: (value) => ({ value }) }).reply().initialValue ?? values) as Record<string, unknown>;
  for (const key of ["lines", "fees", "plans"])
    if (Array.isArray(next[key]) && (next[key] as unknown[]).length > FORM_MAX_ROWS) return answer(values, { [key]: `contracts:tooManyRows|${FORM_MAX_ROWS}` }, 400);
  return answer(next);
}

/** 按条款生成: the plan from the terms as posted (nothing saved). */
function planAnswer(values: Record<string, unknown>) {
  const parsed = ContractSchema.safeParse(compactRows({ ...values, plans: [] }));
  if (!parsed.success) return answer(values, fieldErrors(parsed.error), 400);
  const v = parsed.data;
  const value = contractValueCents(termsOf(v));
  const plans = generatePlan(value, v.startOn, v.plannedEndOn ?? (isFixedPrice(termsOf(v)) ? null : v.startOn), v.settlementDay, v.paymentDays).map((p) => ({ dueOn: p.dueOn, amount: plainCents(p.amountCents), remark: "" }));
  return answer({ ...values, plans });
}

export async function documentAction(args: ActionFunctionArgs) {
  const url = new URL(args.request.url);
  const id = Number(url.searchParams.get("id"));
  const here = id ? docHref(id) : `${DOCUMENT_PATH}?new=1`;
  const saved = (to: string) => redirect(to, { headers: { "Set-Cookie": flashCookie("saved") } });
  // the session and the screen before the body is read (read once: resourceAction below gets the same form)
  await requireScope(args.request, args.context, { screen: contractView.path });
  const form = await readForm(args.request);
  const intent = form.get("intent");
  // the row buttons and the plan button write nothing: the screen is enough
  if (form.has("__intent__")) return rowIntentAnswer(form);
  if (intent === "rows:generatePlan") return planAnswer(postedValues(form));
  return resourceAction(args, contractResource, {
    intents: {
      // a transition taken on the document stays on it
      ...transitionIntents(contractMachine, { done: () => here }),
      createDoc: {
        permission: "add",
        run: async (scope, form) => {
          const values = compactRows(postedValues(form));
          const result = await createRow(scope, contractResource, values);
          return result.ok ? saved(docHref(result.id)) : answer(values, result.errors, result.status);
        },
      },
      updateDoc: {
        permission: "edit",
        run: async (scope, form) => {
          const values = compactRows(postedValues(form));
          const result = await updateRow(scope, contractResource, Number(form.get("id")), values);
          if (!result.ok && result.status === 404) throw new Response("Not Found", { status: 404 });
          return result.ok ? saved(docHref(result.id)) : answer(values, result.errors, result.status);
        },
      },
      // 出账: the bill run on demand for this contract (its periods closed by today)
      runBills: {
        permission: null,
        run: async (scope) => {
          if (!scope.access.permissions.has(BILL_EDIT_CODE)) throw new Response("Forbidden", { status: 403 });
          const ran = await runContractBills(scope, id);
          if (ran.ok) return saved(`${docHref(id)}#contract-bills`);
          if (ran.status === 404) throw new Response("Not Found", { status: 404 });
          return refusalResponse({ message: ran.message, status: ran.status });
        },
      },
      amend: {
        permission: "edit",
        run: async (scope, form) => {
          const made = await amendContract(scope, Number(form.get("id")));
          return "id" in made ? saved(docHref(made.id)) : refusalResponse(made);
        },
      },
    },
  });
}
