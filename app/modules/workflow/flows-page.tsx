/**
 * 审批流程 (/tenantConfig/approvals): one card per kind of document, its steps in order, each a role or a named user
 * chosen from one list, and for a kind with an amount (a contract's value) the amount in yuan it applies from (blank:
 * every document). The steps are the house's lines table (a declared `lines` field on Conform): added, moved and
 * removed at once with JavaScript, by the server's answer without it. Saved per kind.
 */
import { FormProvider, getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { WORKFLOW } from "~/i18n/screen/workflow-flows";
import { useMessage } from "~/i18n/message";
import { Alert, Button } from "~/ui/field";
import type { FormFieldDef } from "~/lib/list/types";
import { acceptAll, LinesField } from "~/modules/resource/document-fields";
import type { FlowChoice, FlowErrors, FlowStepValue } from "./flows.server";
import { TenantConfigTabs } from "./tenant-config-tabs";

type LoaderData = { flows: { kind: string; title: string; hasAmount: boolean; steps: FlowStepValue[] }[]; roles: FlowChoice[]; users: FlowChoice[]; canEdit: boolean; saved: boolean };
type RefusedData = { errors: FlowErrors; posted: FlowStepValue[] };
/** a refused save, or a row button answered without JavaScript (the kind's form as it now stands) */
type ActionData = RefusedData | { kind: string; result: SubmissionResult<string[]> };

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
        <FlowCard
          key={`${flow.kind}:${flow.steps.map((s) => `${s.approver}@${s.amount}`).join(",")}`}
          flow={flow}
          roles={data.roles}
          users={data.users}
          canEdit={data.canEdit}
          refused={action && "errors" in action && action.errors.kind === flow.kind ? action : undefined}
          result={action && "result" in action && action.kind === flow.kind ? action.result : undefined}
        />
      ))}
    </div>
  );
}

const BLANK: FlowStepValue = { approver: "", amount: "" };
/** the refusals that name a step's amount (the others name its approver) */
const AMOUNT_REFUSALS = new Set(["workflow:flows.amountInvalid", "workflow:flows.amountNegative", "workflow:flows.amountDecimals"]);

/** The most steps a flow has (flows.server.ts refuses more). */
const MAX_FLOW_STEPS = 10;

/** A kind's steps as a declared lines field: the approver (a role or a named user) and, for a kind with an amount, the amount it applies from. */
function stepsField(approver: string, amount: string, title: string, hasAmount: boolean): FormFieldDef {
  const same = (text: string) => ({ zh: text, en: text });
  return {
    key: "steps",
    label: same(title),
    type: "lines",
    lines: {
      maxRows: MAX_FLOW_STEPS,
      fields: [{ key: "approver", label: same(approver), type: "select" }, ...(hasAmount ? [{ key: "amount", label: same(amount), type: "money" as const, width: "w-56" }] : [])],
    },
  };
}


function FlowCard({ flow, roles, users, canEdit, refused, result }: { flow: LoaderData["flows"][number]; roles: FlowChoice[]; users: FlowChoice[]; canEdit: boolean; refused?: RefusedData; result?: SubmissionResult<string[]> }) {
  const { t } = useTranslation(WORKFLOW);
  const message = useMessage();
  const navigation = useNavigation();
  const title = message(flow.title);
  const field = useMemo(() => stepsField(t("flows.approver"), t("flows.fromAmount"), title, flow.hasAmount), [t, title, flow.hasAmount]);
  // a refused save comes back with the rows as posted and each message at its row's field
  const refusal: SubmissionResult<string[]> | undefined = refused
    ? {
        status: "error",
        initialValue: { kind: flow.kind, steps: refused.posted.map((s) => ({ ...s })) },
        error: Object.fromEntries(Object.entries(refused.errors.steps ?? {}).map(([row, m]) => [`steps[${row}].${AMOUNT_REFUSALS.has(m) ? "amount" : "approver"}`, [m]])),
      }
    : undefined;
  const [form, fields] = useForm<{ kind: string; steps: FlowStepValue[] }>({
    id: `flow-${flow.kind}`,
    lastResult: refusal ?? result,
    defaultValue: { kind: flow.kind, steps: flow.steps.length ? flow.steps : [BLANK] },
    onValidate: ({ formData }) => acceptAll<{ kind: string; steps: FlowStepValue[] }>(formData),
  });
  const choices = { approver: [...roles.map((r) => ({ ...r, group: t("flows.role") })), ...users.map((u) => ({ ...u, group: t("flows.user") }))] };
  return (
    <section aria-labelledby={`flow-${flow.kind}-title`} className="max-w-3xl rounded-lg border border-line bg-panel p-5" data-testid={`flow-${flow.kind}`}>
      <h2 id={`flow-${flow.kind}-title`} className="mb-1 text-base font-semibold text-ink">
        {title}
      </h2>
      {flow.steps.length === 0 ? <p className="mb-3 text-sm text-muted">{t("flows.none")}</p> : null}
      {flow.hasAmount ? <p className="mb-3 text-sm text-muted">{t("flows.amountHint")}</p> : null}
      <FormProvider context={form.context}>
        <Form method="post" {...getFormProps(form)} className="space-y-3">
          <input type="hidden" name="kind" value={flow.kind} />
          {refused?.errors.form ? <Alert tone="error">{message(refused.errors.form)}</Alert> : null}
          <fieldset disabled={!canEdit} className="min-w-0">
            <LinesField frame="bare" field={field} meta={fields.steps as never} choices={choices} readOnly={!canEdit} cellLabel={(c, n) => (c.key === "approver" ? t("step", { n }) : `${t("flows.fromAmount")} ${n}`)} />
          </fieldset>
          {canEdit ? (
            <Button type="submit" disabled={navigation.state === "submitting"}>
              {t("flows.save")}
            </Button>
          ) : null}
        </Form>
      </FormProvider>
    </section>
  );
}
