/**
 * 审批流程 (/tenantConfig/approvals): one card per kind of document, its steps in order, each a role or a named user
 * chosen from one list, and for a kind with an amount (a contract's value) the amount in yuan it applies from (blank:
 * every document). A blank row lets a plain form (before the page's JavaScript) add a step; with JavaScript the
 * rows are added and removed in place. Saved per kind.
 */
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { WORKFLOW } from "~/i18n/screen/workflow-flows";
import { useMessage } from "~/i18n/message";
import { Alert, Button } from "~/ui/field";
import { MoneyInput } from "~/widgets/money-input";
import type { FlowChoice, FlowErrors, FlowStepValue } from "./flows.server";
import { TenantConfigTabs } from "./tenant-config-tabs";

type LoaderData = { flows: { kind: string; title: string; hasAmount: boolean; steps: FlowStepValue[] }[]; roles: FlowChoice[]; users: FlowChoice[]; canEdit: boolean; saved: boolean };
type ActionData = { errors: FlowErrors; posted: FlowStepValue[] };

export function ApprovalFlowsPage() {
  const data = useLoaderData<LoaderData>();
  const action = useActionData<ActionData>();
  const { t } = useTranslation(WORKFLOW);
  const message = useMessage();
  return (
    <div className="space-y-4">
      <TenantConfigTabs />
      <h1 className="text-xl font-semibold text-ink">{t("flows.title")}</h1>
      {data.saved ? <Alert tone="success">{message("common:operationSuccess")}</Alert> : null}
      <p className="max-w-3xl text-sm text-muted">{t("flows.hint")}</p>
      <p className="max-w-3xl text-sm text-muted">{t("flows.inFlight")}</p>
      {data.flows.map((flow) => (
        <FlowCard key={`${flow.kind}:${flow.steps.map((s) => `${s.approver}@${s.amount}`).join(",")}`} flow={flow} roles={data.roles} users={data.users} canEdit={data.canEdit} refused={action?.errors.kind === flow.kind ? action : undefined} />
      ))}
    </div>
  );
}

let nextRowId = 0;
const rowsOf = (values: FlowStepValue[]) => values.map((value) => ({ id: nextRowId++, ...value }));
const BLANK: FlowStepValue = { approver: "", amount: "" };

function FlowCard({ flow, roles, users, canEdit, refused }: { flow: LoaderData["flows"][number]; roles: FlowChoice[]; users: FlowChoice[]; canEdit: boolean; refused?: ActionData }) {
  const { t } = useTranslation(WORKFLOW);
  const message = useMessage();
  const navigation = useNavigation();
  // a blank row at the end: the way to add a step without JavaScript
  const [rows, setRows] = useState(() => rowsOf(refused ? refused.posted : [...flow.steps, BLANK]));
  const title = message(flow.title);
  const set = (id: number, value: Partial<FlowStepValue>) => setRows((rs) => rs.map((r) => (r.id === id ? { ...r, ...value } : r)));
  return (
    <section aria-labelledby={`flow-${flow.kind}`} className="max-w-3xl rounded-lg border border-line bg-panel p-5" data-testid={`flow-${flow.kind}`}>
      <h2 id={`flow-${flow.kind}`} className="mb-1 text-base font-semibold text-ink">
        {title}
      </h2>
      {flow.steps.length === 0 ? <p className="mb-3 text-sm text-muted">{t("flows.none")}</p> : null}
      {flow.hasAmount ? <p className="mb-3 text-sm text-muted">{t("flows.amountHint")}</p> : null}
      <Form method="post" className="space-y-3">
        <input type="hidden" name="kind" value={flow.kind} />
        {refused?.errors.form ? <Alert tone="error">{message(refused.errors.form)}</Alert> : null}
        <ol className="space-y-2">
          {rows.map((row, i) => {
            const id = `flow-${flow.kind}-${i}`;
            const error = refused?.errors.steps?.[i];
            return (
              <li key={row.id} className="flex items-start gap-3">
                <label htmlFor={id} className="w-16 shrink-0 pt-2 text-sm text-muted">
                  {t("step", { n: i + 1 })}
                </label>
                <div className="min-w-0 flex-1">
                  <select
                    id={id}
                    name={`steps[${i}].approver`}
                    value={row.approver}
                    onChange={(e) => set(row.id, { approver: e.target.value })}
                    disabled={!canEdit}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                    className="h-9 w-full rounded-md border border-line bg-panel px-2 text-ink aria-[invalid]:border-danger"
                  >
                    <option value="">—</option>
                    <optgroup label={t("flows.role")}>
                      {roles.map((r) => (
                        <option key={r.value} value={r.value}>
                          {r.label}
                        </option>
                      ))}
                    </optgroup>
                    <optgroup label={t("flows.user")}>
                      {users.map((u) => (
                        <option key={u.value} value={u.value}>
                          {u.label}
                        </option>
                      ))}
                    </optgroup>
                  </select>
                  {error ? (
                    <p id={`${id}-error`} className="mt-1 text-sm text-danger">
                      {message(error)}
                    </p>
                  ) : null}
                </div>
                {flow.hasAmount ? (
                  <div className="flex w-[260px] shrink-0 items-center gap-2">
                    <label htmlFor={`${id}-amount`} className="shrink-0 text-sm text-muted">
                      {t("flows.fromAmount")}
                    </label>
                    <MoneyInput
                      id={`${id}-amount`}
                      name={`steps[${i}].amount`}
                      value={row.amount}
                      onValueChange={(amount) => set(row.id, { amount })}
                      precision={2}
                      disabled={!canEdit}
                      placeholder={t("flows.anyAmount")}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${id}-error` : undefined}
                    />
                  </div>
                ) : null}
                {canEdit ? (
                  <button type="button" className="pt-2 text-sm text-danger" aria-label={`${t("flows.removeStep")} ${i + 1}`} onClick={() => setRows((rs) => rs.filter((r) => r.id !== row.id))}>
                    {t("flows.removeStep")}
                  </button>
                ) : null}
              </li>
            );
          })}
        </ol>
        {canEdit ? (
          <div className="flex gap-2">
            <Button type="button" variant="ghost" onClick={() => setRows((rs) => [...rs, ...rowsOf([BLANK])])}>
              {t("flows.addStep")}
            </Button>
            <Button type="submit" disabled={navigation.state === "submitting"}>
              {t("flows.save")}
            </Button>
          </div>
        ) : null}
      </Form>
    </section>
  );
}
