/**
 * 临时吊车 (`/tempCrane`): a site asks for an extra crane for some days; once approved it becomes a zero-rent (零租)
 * contract, or a line on the project contract it names. The view half and the states (client-safe); the server half is
 * temp-crane.server.ts.
 */
import { defineView, INDEX_COLUMN, type OptionDef } from "~/lib/list/types";
import { VEHICLE_TYPES } from "~/modules/telematics/vehicle-types";
import { approvalTransitions, type ApprovalStates } from "~/modules/workflow/approval";
import { defineMachine } from "~/modules/workflow/machine";

/** The states of an application as the table stores them (temp_crane_applications.state, prize_nominations.state too). */
export const APPLICATION_STATE = { draft: 0, inApproval: 1, approved: 2, refused: 3, abandoned: 4, aborted: 5 } as const;
export const APPLICATION_APPROVAL_STATES: ApprovalStates = { draft: 0, pending: 1, approved: 2, refused: 3, abandoned: 4, aborted: 5 };
/** the states an application may still be edited in (a draft, or one sent back) */
export const APPLICATION_EDITABLE: readonly number[] = [APPLICATION_STATE.draft, APPLICATION_STATE.refused];

export const APPLICATION_STATES: OptionDef[] = [
  { value: "0", label: { zh: "草稿", en: "Draft" }, tone: "muted" },
  { value: "1", label: { zh: "审批中", en: "In approval" } },
  { value: "2", label: { zh: "已通过", en: "Approved" }, tone: "success" },
  { value: "3", label: { zh: "已驳回", en: "Refused" }, tone: "danger" },
  { value: "4", label: { zh: "已作废", en: "Void" }, tone: "muted" },
  { value: "5", label: { zh: "已终止", en: "Aborted" }, tone: "danger" },
];

/** The cranes a site may ask for: the crane types of the fleet (汽车吊, 履带吊, 塔吊, 随车吊). */
export const CRANE_TYPES: OptionDef[] = VEHICLE_TYPES.filter((t) => ["1", "2", "3", "4"].includes(t.value));

export const TEMP_CRANE_EDIT_CODE = "tempCrane:edit";
export const TEMP_CRANE_APPROVE_CODE = "tempCrane:approve";

/** What the transitions and the row's buttons read of an application. */
export interface TempCraneStateRow {
  id: number;
  version: number;
  state: number;
  number: string;
  creatorId: number | null;
  resultContractId: number | null;
}

/** 提交审批, 通过, 驳回, 撤回, 作废, 终止 on the engine (the approval family, kind tempCrane). */
export const tempCraneStates = defineMachine<TempCraneStateRow>({
  kind: "tempCrane",
  stateOf: (r) => r.state,
  transitions: approvalTransitions<TempCraneStateRow>({ approveCode: TEMP_CRANE_APPROVE_CODE, states: APPLICATION_APPROVAL_STATES }, TEMP_CRANE_EDIT_CODE, (r) => r.creatorId),
});

export const tempCraneView = defineView({
  name: "tempCrane",
  path: "/tempCrane",
  permission: "tempCrane",
  title: { zh: "临时吊车", en: "Temporary Cranes" },
  singular: { zh: "临时吊车申请", en: "temporary crane application" },
  // the reason: known before the save gives the number
  rowLabel: "reason",
  // what a dispatcher scans first (the crane, the days, the state and the contract it became) before the long texts
  columns: [
    INDEX_COLUMN,
    { key: "number", label: { zh: "申请编号", en: "Application no." }, sortable: true, fixed: true },
    { key: "customerName", label: { zh: "客户", en: "Customer" } },
    { key: "equipmentType", label: { zh: "设备类型", en: "Crane type" }, type: "status", options: CRANE_TYPES },
    { key: "spec", label: { zh: "规格型号", en: "Spec" } },
    { key: "fromOn", label: { zh: "开始日期", en: "From" }, sortable: true },
    { key: "toOn", label: { zh: "结束日期", en: "To" } },
    { key: "days", label: { zh: "天数", en: "Days" }, type: "number" },
    { key: "state", label: { zh: "状态", en: "State" }, type: "status", options: APPLICATION_STATES, sortable: true },
    { key: "resultNumber", label: { zh: "生成合同", en: "Resulting contract" } },
    { key: "site", label: { zh: "工地", en: "Site" } },
    { key: "reason", label: { zh: "申请原因", en: "Reason" } },
    { key: "projectNumber", label: { zh: "项目合同", en: "Project contract" } },
    { key: "orgName", label: { zh: "所属组织", en: "Organisation" } },
    { key: "createdAt", label: { zh: "申请时间", en: "Applied" }, type: "datetime", sortable: true },
  ],
  filters: [
    { key: "q", label: { zh: "编号/客户/工地/原因", en: "No., customer, site or reason" }, type: "text", simple: true },
    { key: "state", label: { zh: "状态", en: "State" }, type: "select", options: APPLICATION_STATES, simple: true },
    { key: "day", label: { zh: "用车日期", en: "Needed on" }, type: "date" },
  ],
  form: [
    { key: "customerId", label: { zh: "客户", en: "Customer" }, type: "select", required: true, hint: { zh: "您可见的客户；超出信用额度的客户不能申请", en: "A customer you can see; one over its credit limit cannot apply" } },
    {
      key: "contractId",
      label: { zh: "项目合同", en: "Project contract" },
      type: "select",
      hint: { zh: "可选：该客户的项目合同；仍为草稿时加为其设备行，否则生成零租合同", en: "Optional: the customer's project contract; a draft gets a line, otherwise a zero-rent contract is made" },
    },
    { key: "equipmentType", label: { zh: "设备类型", en: "Crane type" }, type: "select", required: true, options: CRANE_TYPES },
    { key: "spec", label: { zh: "规格型号", en: "Spec" }, type: "text", maxLength: 30, hint: { zh: "如 25吨、QTZ80", en: "E.g. 25 t, QTZ80" } },
    { key: "fromOn", label: { zh: "开始日期", en: "From" }, type: "date", required: true },
    { key: "toOn", label: { zh: "结束日期", en: "To" }, type: "date", required: true },
    { key: "site", label: { zh: "工地", en: "Site" }, type: "text", maxLength: 100 },
    { key: "orgId", label: { zh: "所属组织", en: "Organisation" }, type: "select" },
    { key: "reason", label: { zh: "申请原因", en: "Reason" }, type: "textarea", required: true, maxLength: 200 },
  ],
});
