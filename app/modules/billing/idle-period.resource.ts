/**
 * 停滞期申报 (`/idlePeriod`): the clerk declares that machines of a contract stand on site unused (the site halted by
 * the client, the weather, an inspection) from one day to another, at an agreed share of their rent, for a reason and
 * with its proof, sent for approval. An approved declaration is billed as declared: each bill of its days carries an
 * idle item at its rate citing its number, and the telemetry proposes no idle or stop-rent on those days
 * (docs/billing.md). The view, the form with its lines and the states (client-safe); the server half is
 * idle-period.server.ts. A document of the house (docs/documents.md).
 */
import { defineFields, defineView, INDEX_COLUMN, type OptionDef } from "~/lib/list/types";
import { approvalTransitions, type ApprovalStates } from "~/modules/workflow/approval";
import { defineMachine } from "~/modules/workflow/machine";

/** The states as idle_periods.state stores them. */
export const IDLE_STATE = { draft: 0, inApproval: 1, approved: 2, refused: 3 } as const;
export const IDLE_APPROVAL_STATES: ApprovalStates = { draft: IDLE_STATE.draft, pending: IDLE_STATE.inApproval, approved: IDLE_STATE.approved, refused: IDLE_STATE.refused };
/** a draft, or one sent back, may still be edited */
export const IDLE_EDITABLE: readonly number[] = [IDLE_STATE.draft, IDLE_STATE.refused];

export const IDLE_STATES: OptionDef[] = [
  { value: String(IDLE_STATE.draft), label: { zh: "草稿", en: "Draft" }, tone: "muted" },
  { value: String(IDLE_STATE.inApproval), label: { zh: "审批中", en: "In approval" } },
  { value: String(IDLE_STATE.approved), label: { zh: "已生效", en: "In force" }, tone: "success" },
  { value: String(IDLE_STATE.refused), label: { zh: "已驳回", en: "Refused" }, tone: "danger" },
];

export const IDLE_EDIT_CODE = "idlePeriod:edit";
export const IDLE_APPROVE_CODE = "idlePeriod:approve";

/** What the transitions read of a declaration. */
export interface IdlePeriodStateRow {
  id: number;
  version: number;
  state: number;
  number: string;
  creatorId: number | null;
  contractId: number;
}

/** 提交审批, 通过, 驳回, 撤回 on the engine (the approval family, kind idlePeriod). */
export const idlePeriodStates = defineMachine<IdlePeriodStateRow>({
  kind: "idlePeriod",
  stateOf: (r) => r.state,
  transitions: approvalTransitions<IdlePeriodStateRow>({ approveCode: IDLE_APPROVE_CODE, states: IDLE_APPROVAL_STATES }, IDLE_EDIT_CODE, (r) => r.creatorId),
});

/** The declaration's form: the contract, the days, the share of rent charged, why, its machines and its proof. */
export const idlePeriodForm = defineFields([
  { key: "contractId", label: { zh: "合同", en: "Contract" }, type: "reference", required: true, wide: true },
  { key: "fromOn", label: { zh: "停滞开始日", en: "Idle from" }, type: "date", required: true },
  { key: "toOn", label: { zh: "停滞结束日", en: "Idle to" }, type: "date", required: true },
  {
    key: "rate",
    label: { zh: "停滞期计租比例(%)", en: "Rent charged while idle (%)" },
    type: "percent",
    required: true,
    hint: { zh: "停滞期每天按日租金的该比例计租，如70表示收取70%", en: "Each idle day is charged this share of a day's rent: 70 charges 70 %" },
  },
  { key: "reason", label: { zh: "停滞原因", en: "Reason" }, type: "textarea", required: true, maxLength: 200 },
  {
    key: "lines",
    label: { zh: "停滞设备", en: "Machines" },
    type: "lines",
    lines: {
      minRows: 1,
      maxRows: 50,
      // a machine is declared once per declaration
      unique: ["lineId"],
      fields: [
        { key: "lineId", label: { zh: "合同设备", en: "Contract machine" }, type: "reference", required: true, width: "w-80", follows: "contractId" },
        { key: "remark", label: { zh: "备注", en: "Remark" }, type: "text", maxLength: 100 },
      ],
    },
  },
  { key: "attachments", label: { zh: "证明材料", en: "Proof" }, type: "files", limit: 10 },
]);

export const idlePeriodView = defineView({
  name: "idlePeriod",
  path: "/idlePeriod",
  permission: "idlePeriod",
  title: { zh: "停滞期申报", en: "Idle Periods" },
  singular: { zh: "停滞期申报单", en: "idle period declaration" },
  rowLabel: "number",
  document: true,
  columns: [
    INDEX_COLUMN,
    { key: "number", label: { zh: "申报单号", en: "Declaration no." }, sortable: true, fixed: true },
    { key: "state", label: { zh: "状态", en: "State" }, type: "status", options: IDLE_STATES, sortable: true },
    { key: "contractNumber", label: { zh: "合同编号", en: "Contract no." } },
    { key: "customerName", label: { zh: "客户", en: "Customer" } },
    { key: "fromOn", label: { zh: "停滞开始日", en: "Idle from" }, sortable: true },
    { key: "toOn", label: { zh: "停滞结束日", en: "Idle to" } },
    { key: "days", label: { zh: "天数", en: "Days" }, type: "number" },
    { key: "rate", label: { zh: "计租比例", en: "Rent charged" } },
    { key: "machines", label: { zh: "设备", en: "Machines" } },
    { key: "reason", label: { zh: "停滞原因", en: "Reason" } },
    { key: "creatorName", label: { zh: "申报人", en: "Declared by" } },
    { key: "createdAt", label: { zh: "申报时间", en: "Declared" }, type: "datetime", sortable: true, optional: true },
  ],
  filters: [
    { key: "q", label: { zh: "单号/合同/设备", en: "No., contract or machine" }, type: "text", simple: true },
    { key: "state", label: { zh: "状态", en: "State" }, type: "select", options: IDLE_STATES, simple: true },
    { key: "day", label: { zh: "停滞日期含", en: "Idle on" }, type: "date" },
  ],
  form: idlePeriodForm,
});
