/**
 * 设备调拨 (`/equipmentTransfer`): machines moved from one organisation or site to another, one machine a line, sent
 * for approval before they leave. The view, the form with its lines and the states (client-safe); the server half
 * is transfer.server.ts. A document of the house: the page, the lines table, the schema and the history come from
 * this declaration (docs/documents.md).
 */
import { defineFields, defineView, INDEX_COLUMN, type OptionDef } from "~/lib/list/types";
import { approvalTransitions, type ApprovalStates } from "~/modules/workflow/approval";
import { defineMachine } from "~/modules/workflow/machine";

/** The states as equipment_transfers.state stores them. */
export const TRANSFER_STATE = { draft: 0, inApproval: 1, approved: 2, refused: 3 } as const;
export const TRANSFER_APPROVAL_STATES: ApprovalStates = { draft: TRANSFER_STATE.draft, pending: TRANSFER_STATE.inApproval, approved: TRANSFER_STATE.approved, refused: TRANSFER_STATE.refused };
/** a draft, or one sent back, may still be edited */
export const TRANSFER_EDITABLE: readonly number[] = [TRANSFER_STATE.draft, TRANSFER_STATE.refused];

export const TRANSFER_STATES: OptionDef[] = [
  { value: String(TRANSFER_STATE.draft), label: { zh: "草稿", en: "Draft" }, tone: "muted" },
  { value: String(TRANSFER_STATE.inApproval), label: { zh: "审批中", en: "In approval" } },
  { value: String(TRANSFER_STATE.approved), label: { zh: "已通过", en: "Approved" }, tone: "success" },
  { value: String(TRANSFER_STATE.refused), label: { zh: "已驳回", en: "Refused" }, tone: "danger" },
];

export const TRANSFER_EDIT_CODE = "equipmentTransfer:edit";
export const TRANSFER_APPROVE_CODE = "equipmentTransfer:approve";

/** What the transitions read of a transfer. */
export interface TransferStateRow {
  id: number;
  version: number;
  state: number;
  number: string;
  creatorId: number | null;
}

/** 提交审批, 通过, 驳回, 撤回 on the engine (the approval family, kind equipmentTransfer). */
export const transferStates = defineMachine<TransferStateRow>({
  kind: "equipmentTransfer",
  stateOf: (r) => r.state,
  transitions: approvalTransitions<TransferStateRow>({ approveCode: TRANSFER_APPROVE_CODE, states: TRANSFER_APPROVAL_STATES }, TRANSFER_EDIT_CODE, (r) => r.creatorId),
});

/** The transfer's form: its head, its machines (one a line) and its files. */
export const transferForm = defineFields([
  { key: "transferOn", label: { zh: "调拨日期", en: "Transfer date" }, type: "date", required: true },
  { key: "fromOrgId", label: { zh: "调出组织", en: "From organisation" }, type: "reference" },
  { key: "toOrgId", label: { zh: "调入组织", en: "To organisation" }, type: "reference" },
  { key: "carrier", label: { zh: "承运方", en: "Carrier" }, type: "text", maxLength: 50 },
  { key: "fromSite", label: { zh: "调出地点", en: "From site" }, type: "text", maxLength: 100 },
  { key: "toSite", label: { zh: "调入地点", en: "To site" }, type: "text", required: true, maxLength: 100 },
  { key: "reason", label: { zh: "调拨原因", en: "Reason" }, type: "textarea", maxLength: 200 },
  {
    key: "lines",
    label: { zh: "调拨设备", en: "Machines" },
    type: "lines",
    lines: {
      minRows: 1,
      maxRows: 100,
      totals: ["freight"],
      // a machine moves once per transfer
      unique: ["vehicleId"],
      fields: [
        { key: "vehicleId", label: { zh: "设备", en: "Machine" }, type: "reference", required: true, width: "w-64" },
        { key: "engineHours", label: { zh: "交接工作小时", en: "Engine hours at handover" }, type: "quantity", decimals: 1, maxValue: 999_999, width: "w-36" },
        { key: "freight", label: { zh: "运费(元)", en: "Freight (¥)" }, type: "money", maxValue: 10_000_000, width: "w-40" },
        { key: "remark", label: { zh: "备注", en: "Remark" }, type: "text", maxLength: 100 },
      ],
    },
  },
  { key: "attachments", label: { zh: "附件", en: "Attachments" }, type: "files", limit: 10 },
]);

export const transferView = defineView({
  name: "equipmentTransfer",
  path: "/equipmentTransfer",
  permission: "equipmentTransfer",
  title: { zh: "设备调拨", en: "Equipment Transfers" },
  singular: { zh: "设备调拨单", en: "equipment transfer" },
  rowLabel: "number",
  document: true,
  columns: [
    INDEX_COLUMN,
    { key: "number", label: { zh: "调拨单号", en: "Transfer no." }, sortable: true, fixed: true },
    { key: "state", label: { zh: "状态", en: "State" }, type: "status", options: TRANSFER_STATES, sortable: true },
    { key: "transferOn", label: { zh: "调拨日期", en: "Transfer date" }, sortable: true },
    { key: "fromOrgName", label: { zh: "调出组织", en: "From organisation" } },
    { key: "toOrgName", label: { zh: "调入组织", en: "To organisation" } },
    { key: "toSite", label: { zh: "调入工地", en: "To site" } },
    { key: "machines", label: { zh: "设备数", en: "Machines" }, type: "number" },
    { key: "plates", label: { zh: "设备", en: "Machines moved" } },
    { key: "freight", label: { zh: "运费合计(元)", en: "Freight (¥)" }, type: "number" },
    { key: "creatorName", label: { zh: "制单人", en: "Prepared by" } },
    { key: "createdAt", label: { zh: "制单时间", en: "Prepared" }, type: "datetime", sortable: true },
  ],
  filters: [
    { key: "q", label: { zh: "单号/工地/设备", en: "No., site or machine" }, type: "text", simple: true },
    { key: "state", label: { zh: "状态", en: "State" }, type: "select", options: TRANSFER_STATES, simple: true },
    { key: "day", label: { zh: "调拨日期", en: "Transfer date" }, type: "date" },
  ],
  form: transferForm,
});
