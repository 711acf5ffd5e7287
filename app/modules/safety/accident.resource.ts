/**
 * 事故申报 (`/accidentProposal`): an accident filed for approval: when and where, the machine and the contract, the
 * people involved (each with their role on the lift and their injury: the casualties are counted from them), the level,
 * the direct loss, the insurance claim (insurer, claim number, amounts claimed and paid, its state), the cause, the
 * investigation, the corrective measures and the attachments. Approved through the house's approval (kind
 * accidentProposal; a step may apply from a loss up). The view, the form and the states (client-safe); the server half
 * is accident.server.ts (docs/safety.md).
 */
import { defineFields, defineView, INDEX_COLUMN, type OptionDef } from "~/lib/list/types";
import { approvalTransitions, type ApprovalStates } from "~/modules/workflow/approval";
import { defineMachine } from "~/modules/workflow/machine";

/** The states as accidents.state stores them. */
export const ACCIDENT_STATE = { draft: 0, inApproval: 1, approved: 2, refused: 3 } as const;
export const ACCIDENT_APPROVAL_STATES: ApprovalStates = { draft: ACCIDENT_STATE.draft, pending: ACCIDENT_STATE.inApproval, approved: ACCIDENT_STATE.approved, refused: ACCIDENT_STATE.refused };
/** a draft, or one sent back, may still be edited */
export const ACCIDENT_EDITABLE: readonly number[] = [ACCIDENT_STATE.draft, ACCIDENT_STATE.refused];

export const ACCIDENT_STATES: OptionDef[] = [
  { value: String(ACCIDENT_STATE.draft), label: { zh: "草稿", en: "Draft" }, tone: "muted" },
  { value: String(ACCIDENT_STATE.inApproval), label: { zh: "审批中", en: "In approval" } },
  { value: String(ACCIDENT_STATE.approved), label: { zh: "已通过", en: "Approved" }, tone: "success" },
  { value: String(ACCIDENT_STATE.refused), label: { zh: "已驳回", en: "Refused" }, tone: "danger" },
];

/** 生产安全事故等级 (国务院令第493号), lowest first: the value's place is its rank. */
export const ACCIDENT_LEVELS: OptionDef[] = [
  { value: "general", label: { zh: "一般事故", en: "Ordinary" } },
  { value: "larger", label: { zh: "较大事故", en: "Serious" }, tone: "warning" },
  { value: "major", label: { zh: "重大事故", en: "Major" }, tone: "danger" },
  { value: "grave", label: { zh: "特别重大事故", en: "Especially serious" }, tone: "danger" },
];

export const PERSON_ROLES: OptionDef[] = [
  { value: "operator", label: { zh: "操作手", en: "Operator" } },
  { value: "rigger", label: { zh: "司索工", en: "Rigger" } },
  { value: "signaller", label: { zh: "指挥", en: "Signaller" } },
  { value: "thirdParty", label: { zh: "第三方", en: "Third party" } },
];

export const INJURY = { none: "none", minor: "minor", serious: "serious", death: "death" } as const;
export const INJURIES: OptionDef[] = [
  { value: INJURY.none, label: { zh: "无", en: "None" }, tone: "muted" },
  { value: INJURY.minor, label: { zh: "轻伤", en: "Slight injury" }, tone: "warning" },
  { value: INJURY.serious, label: { zh: "重伤", en: "Serious injury" }, tone: "danger" },
  { value: INJURY.death, label: { zh: "死亡", en: "Fatal" }, tone: "danger" },
];

export const CLAIM_STATE = { none: "none", reported: "reported", processing: "processing", paid: "paid", refused: "refused" } as const;
export const CLAIM_STATES: OptionDef[] = [
  { value: CLAIM_STATE.none, label: { zh: "未报案", en: "Not reported" }, tone: "muted" },
  { value: CLAIM_STATE.reported, label: { zh: "已报案", en: "Reported" } },
  { value: CLAIM_STATE.processing, label: { zh: "理赔中", en: "In progress" }, tone: "warning" },
  { value: CLAIM_STATE.paid, label: { zh: "已赔付", en: "Paid" }, tone: "success" },
  { value: CLAIM_STATE.refused, label: { zh: "拒赔", en: "Refused" }, tone: "danger" },
];

export const ACCIDENT_EDIT_CODE = "accidentProposal:edit";
export const ACCIDENT_APPROVE_CODE = "accidentProposal:approve";

/** What the transitions read of an accident. */
export interface AccidentStateRow {
  id: number;
  version: number;
  state: number;
  number: string;
  creatorId: number | null;
}

/** 提交审批, 通过, 驳回, 撤回 on the engine (the approval family, kind accidentProposal). */
export const accidentStates = defineMachine<AccidentStateRow>({
  kind: "accidentProposal",
  stateOf: (r) => r.state,
  transitions: approvalTransitions<AccidentStateRow>({ approveCode: ACCIDENT_APPROVE_CODE, states: ACCIDENT_APPROVAL_STATES }, ACCIDENT_EDIT_CODE, (r) => r.creatorId),
});

export const accidentForm = defineFields([
  { key: "occurredOn", label: { zh: "事故日期", en: "Date" }, type: "date", required: true },
  { key: "occurredAt", label: { zh: "事故时间", en: "Time" }, type: "time", required: true },
  { key: "level", label: { zh: "事故等级", en: "Level" }, type: "select", options: ACCIDENT_LEVELS, required: true, defaultValue: "general" },
  { key: "orgId", label: { zh: "所属组织", en: "Organisation" }, type: "reference" },
  { key: "place", label: { zh: "事故地点", en: "Place" }, type: "text", required: true, maxLength: 100, wide: true },
  { key: "vehicleId", label: { zh: "涉事设备", en: "Machine" }, type: "reference" },
  { key: "contractId", label: { zh: "关联合同", en: "Contract" }, type: "reference" },
  { key: "description", label: { zh: "事故经过", en: "What happened" }, type: "textarea", required: true, maxLength: 500 },
  { key: "directLoss", label: { zh: "直接经济损失(元)", en: "Direct loss (¥)" }, type: "money", maxValue: 1_000_000_000 },
  { key: "claimState", label: { zh: "理赔状态", en: "Claim" }, type: "select", options: CLAIM_STATES, required: true, defaultValue: CLAIM_STATE.none },
  { key: "insurer", label: { zh: "保险公司", en: "Insurer" }, type: "text", maxLength: 50 },
  { key: "claimNo", label: { zh: "报案号", en: "Claim no." }, type: "text", maxLength: 50 },
  { key: "claimedAmount", label: { zh: "索赔金额(元)", en: "Claimed (¥)" }, type: "money", maxValue: 1_000_000_000 },
  { key: "paidAmount", label: { zh: "赔付金额(元)", en: "Paid (¥)" }, type: "money", maxValue: 1_000_000_000 },
  { key: "cause", label: { zh: "事故原因", en: "Cause" }, type: "textarea", maxLength: 500 },
  { key: "investigation", label: { zh: "调查处理", en: "Investigation" }, type: "textarea", maxLength: 500 },
  { key: "measures", label: { zh: "整改措施", en: "Corrective measures" }, type: "textarea", maxLength: 500 },
  {
    key: "people",
    label: { zh: "涉事人员", en: "People involved" },
    type: "lines",
    lines: {
      maxRows: 100,
      startRows: 1,
      addLabel: { zh: "添加人员", en: "Add a person" },
      newRow: { injury: INJURY.none },
      rowLabel: "name",
      fields: [
        { key: "name", label: { zh: "姓名", en: "Name" }, type: "text", required: true, maxLength: 20, width: "w-36" },
        { key: "role", label: { zh: "身份", en: "Role" }, type: "select", options: PERSON_ROLES, required: true, width: "w-32" },
        { key: "injury", label: { zh: "伤情", en: "Injury" }, type: "select", options: INJURIES, required: true, width: "w-32" },
        { key: "remark", label: { zh: "备注", en: "Remark" }, type: "text", maxLength: 100 },
      ],
    },
  },
  { key: "attachments", label: { zh: "附件", en: "Attachments" }, type: "files", limit: 20 },
]);

export const accidentView = defineView({
  name: "accidentProposal",
  path: "/accidentProposal",
  permission: "accidentProposal",
  title: { zh: "事故申报", en: "Accident Filings" },
  singular: { zh: "事故申报单", en: "accident filing" },
  rowLabel: "number",
  document: true,
  columns: [
    INDEX_COLUMN,
    { key: "number", label: { zh: "申报单号", en: "Filing no." }, sortable: true, fixed: true },
    { key: "state", label: { zh: "状态", en: "State" }, type: "status", options: ACCIDENT_STATES, sortable: true },
    { key: "occurredOn", label: { zh: "事故日期", en: "Date" }, sortable: true },
    { key: "level", label: { zh: "事故等级", en: "Level" }, type: "status", options: ACCIDENT_LEVELS },
    { key: "place", label: { zh: "事故地点", en: "Place" } },
    { key: "plate", label: { zh: "涉事设备", en: "Machine" } },
    { key: "dead", label: { zh: "死亡", en: "Dead" }, type: "number" },
    { key: "serious", label: { zh: "重伤", en: "Seriously injured" }, type: "number" },
    { key: "minor", label: { zh: "轻伤", en: "Slightly injured" }, type: "number" },
    { key: "directLoss", label: { zh: "直接经济损失(元)", en: "Direct loss (¥)" }, type: "number", money: true },
    { key: "claimState", label: { zh: "理赔状态", en: "Claim" }, type: "status", options: CLAIM_STATES },
    { key: "paidAmount", label: { zh: "赔付金额(元)", en: "Paid (¥)" }, type: "number", money: true },
    { key: "creatorName", label: { zh: "申报人", en: "Filed by" } },
    { key: "createdAt", label: { zh: "申报时间", en: "Filed" }, type: "datetime", sortable: true },
  ],
  filters: [
    { key: "q", label: { zh: "单号/地点/设备", en: "No., place or machine" }, type: "text", simple: true },
    { key: "state", label: { zh: "状态", en: "State" }, type: "select", options: ACCIDENT_STATES, simple: true },
    { key: "level", label: { zh: "事故等级", en: "Level" }, type: "select", options: ACCIDENT_LEVELS },
    { key: "claimState", label: { zh: "理赔状态", en: "Claim" }, type: "select", options: CLAIM_STATES },
  ],
  form: accidentForm,
});
