/**
 * 合同清算 (`/contractClear`), 超期清算管理 (`/clearOvertimeManage`) and 清算记录 (`/contractClearRecord`): a contract's
 * final settlement (bills, adjustments, late interest and what was received, summed into the balance, through
 * approval; approved, it closes the contract), an overtime settlement cleared on its own with its own approval, and
 * the record of every settlement decided. The view half and the states (client-safe); the server half is
 * settlement.server.ts.
 */
import { defineView, INDEX_COLUMN, type ColumnDef, type OptionDef } from "~/lib/list/types";
import { APPLICATION_APPROVAL_STATES, APPLICATION_STATES } from "~/modules/temp-crane/temp-crane.resource";
import { approvalTransitions } from "~/modules/workflow/approval";
import { defineMachine } from "~/modules/workflow/machine";

export const SETTLEMENT_PATH = "/contractClear";
export const OVERTIME_SETTLEMENT_PATH = "/clearOvertimeManage";
export const SETTLEMENT_RECORD_PATH = "/contractClearRecord";
export const SETTLEMENT_EDIT_CODE = "contractClear:edit";
export const SETTLEMENT_APPROVE_CODE = "contractClear:approve";
export const OVERTIME_EDIT_CODE = "clearOvertimeManage:edit";
export const OVERTIME_APPROVE_CODE = "clearOvertimeManage:approve";

/** What the transitions and the row's buttons read of a settlement. */
export interface SettlementStateRow {
  id: number;
  version: number;
  state: number;
  number: string;
  creatorId: number | null;
}

/** The approval family on the engine: a final settlement (kind `settlement`) and an overtime one (kind `overtimeSettlement`). */
export const settlementStates = defineMachine<SettlementStateRow>({
  kind: "settlement",
  stateOf: (r) => r.state,
  transitions: approvalTransitions<SettlementStateRow>({ approveCode: SETTLEMENT_APPROVE_CODE, states: APPLICATION_APPROVAL_STATES }, SETTLEMENT_EDIT_CODE, (r) => r.creatorId),
});
export const overtimeStates = defineMachine<SettlementStateRow>({
  kind: "overtimeSettlement",
  stateOf: (r) => r.state,
  transitions: approvalTransitions<SettlementStateRow>({ approveCode: OVERTIME_APPROVE_CODE, states: APPLICATION_APPROVAL_STATES }, OVERTIME_EDIT_CODE, (r) => r.creatorId),
});

export const SETTLEMENT_KINDS: OptionDef[] = [
  { value: "final", label: { zh: "合同清算", en: "Final settlement" } },
  { value: "overtime", label: { zh: "超时清算", en: "Overtime settlement" } },
];

const money = <K extends string>(key: K, zh: string, en: string) => ({ key, label: { zh, en }, money: true }) as const satisfies ColumnDef;

const common = [
  INDEX_COLUMN,
  { key: "number", label: { zh: "清算单号", en: "Settlement no." }, fixed: true, sortable: true },
  { key: "contractNumber", label: { zh: "合同编号", en: "Contract no." } },
  { key: "customerName", label: { zh: "客户", en: "Customer" } },
  { key: "throughOn", label: { zh: "清算截止日", en: "Through" }, sortable: true },
] as const satisfies readonly ColumnDef[];
const tail = [
  { key: "state", label: { zh: "状态", en: "State" }, type: "status", options: APPLICATION_STATES, sortable: true },
  { key: "creatorName", label: { zh: "经办人", en: "Prepared by" } },
  { key: "createdAt", label: { zh: "创建时间", en: "Created" }, type: "datetime", sortable: true },
  { key: "remark", label: { zh: "备注", en: "Remark" } },
] as const satisfies readonly ColumnDef[];
const filters = [
  { key: "q", label: { zh: "单号/合同/客户", en: "No., contract or customer" }, type: "text" as const, simple: true },
  { key: "state", label: { zh: "状态", en: "State" }, type: "select" as const, options: APPLICATION_STATES, simple: true },
] as const;
const form = [
  { key: "contractId", label: { zh: "合同", en: "Contract" }, type: "select" as const, required: true, hint: { zh: "执行中、已完成、已中止或提前终止的合同", en: "A contract in force, completed, stopped or terminated early" } },
  { key: "throughOn", label: { zh: "清算截止日", en: "Through" }, type: "date" as const, required: true, hint: { zh: "计入此日及以前结束的账单", en: "Bills whose period ends by this day count" } },
  { key: "remark", label: { zh: "备注", en: "Remark" }, type: "textarea" as const, maxLength: 200 },
] as const;

/** The final settlement's warnings (the list's 清算提醒; nothing when there is none). */
const SETTLEMENT_WARNINGS: OptionDef[] = [
  { value: "onRent", label: { zh: "有设备截止日后仍在租", en: "Machines on rent after the cut-off" }, tone: "warning" },
  { value: "deposit", label: { zh: "押金未退还或抵扣", en: "Deposit not returned or applied" }, tone: "warning" },
  { value: "both", label: { zh: "设备仍在租；押金未退还或抵扣", en: "Machines on rent; deposit not returned or applied" }, tone: "warning" },
];

export const settlementView = defineView({
  name: "settlement",
  path: SETTLEMENT_PATH,
  permission: "contractClear",
  title: { zh: "合同清算", en: "Contract Settlement" },
  singular: { zh: "清算单", en: "settlement" },
  // the remark: a factory knows it before the save gives the number
  rowLabel: "remark",
  columns: [
    ...common,
    money("billed", "账单金额(元)", "Billed (¥)"),
    money("adjustments", "调整(元)", "Adjustments (¥)"),
    money("interest", "滞纳金(元)", "Late interest (¥)"),
    money("received", "已收(元)", "Received (¥)"),
    money("deposit", "押金(元)", "Deposit (¥)"),
    money("balance", "结余应收(元)", "Balance due (¥)"),
    // what to look at before approving: a machine still on rent after the cut-off, a deposit not returned or applied
    { key: "warnings", label: { zh: "清算提醒", en: "Check before approving" }, type: "status", options: SETTLEMENT_WARNINGS },
    ...tail,
  ],
  filters: [...filters],
  form: [...form],
});

export const overtimeSettlementView = defineView({
  name: "overtimeSettlement",
  path: OVERTIME_SETTLEMENT_PATH,
  permission: "clearOvertimeManage",
  title: { zh: "超期清算管理", en: "Overtime Settlements" },
  singular: { zh: "超时清算单", en: "overtime settlement" },
  rowLabel: "remark",
  columns: [...common, { key: "overtimeHours", label: { zh: "超时小时", en: "Overtime hours" } }, money("overtime", "超时金额(元)", "Overtime (¥)"), ...tail],
  filters: [...filters],
  form: [...form],
});

export const settlementRecordView = defineView({
  name: "settlementRecord",
  path: SETTLEMENT_RECORD_PATH,
  permission: "contractClearRecord",
  title: { zh: "清算记录", en: "Settlement Records" },
  singular: { zh: "清算记录", en: "settlement record" },
  rowLabel: "number",
  readOnly: true,
  columns: [...common.slice(0, 2), { key: "kind", label: { zh: "类型", en: "Kind" }, type: "status", options: SETTLEMENT_KINDS }, ...common.slice(2), money("balance", "结余应收(元)", "Balance due (¥)"), money("overtime", "超时金额(元)", "Overtime (¥)"), ...tail],
  filters: [...filters, { key: "kind", label: { zh: "类型", en: "Kind" }, type: "select" as const, options: SETTLEMENT_KINDS, simple: true }],
  form: [],
});
