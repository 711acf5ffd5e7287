/**
 * 合同列表 (`/contractList`) and the contract document (`/contractList/form`): the view half (client-safe), the states
 * and the transitions of a contract. The server half is contracts.server.ts.
 */
import { defineView, INDEX_COLUMN, type OptionDef } from "~/lib/list/types";
import { approvalTransitions } from "~/modules/workflow/approval";
import { contractSheet } from "./contract-sheet";
import { defineMachine, type AskDef } from "~/modules/workflow/machine";

export const CONTRACT_PERMISSION = "contractList";
/** 通过 / 驳回 / 终止 of contracts, and the extra step of a contract over its customer's credit limit */
export const CONTRACT_APPROVE_CODE = "contractList:approve";
/** 执行合同, 完成, 中止, 提前终止: the contract in force */
export const CONTRACT_EXECUTE_CODE = "contractList:execute";
export const CONTRACT_EDIT_CODE = "contractList:edit";

/** contracts.state */
export const CONTRACT_STATE = { draft: 0, inApproval: 1, approved: 2, executing: 3, completed: 4, refused: 5, abandoned: 6, aborted: 7, stopped: 8, terminated: 9 } as const;
/** the states a contract may be edited in (a draft, or one sent back) */
export const EDITABLE_STATES: readonly number[] = [CONTRACT_STATE.draft, CONTRACT_STATE.refused];

export const CONTRACT_STATES: OptionDef[] = [
  { value: "0", label: { zh: "草稿", en: "Draft" }, tone: "muted" },
  { value: "1", label: { zh: "审批中", en: "In approval" } },
  { value: "2", label: { zh: "已审批", en: "Approved" }, tone: "success" },
  { value: "3", label: { zh: "执行中", en: "In force" }, tone: "success" },
  { value: "4", label: { zh: "已完成", en: "Completed" }, tone: "muted" },
  { value: "5", label: { zh: "已驳回", en: "Rejected" }, tone: "danger" },
  { value: "6", label: { zh: "已作废", en: "Void" }, tone: "muted" },
  { value: "7", label: { zh: "已终止", en: "Terminated" }, tone: "danger" },
  { value: "8", label: { zh: "已中止", en: "Stopped" }, tone: "danger" },
  { value: "9", label: { zh: "提前终止", en: "Terminated early" }, tone: "danger" },
];

export const CONTRACT_KIND_OPTIONS: OptionDef[] = [
  { value: "rental", label: { zh: "租赁", en: "Rental" } },
  { value: "spot", label: { zh: "零租", en: "Spot hire" } },
  { value: "bare", label: { zh: "光租", en: "Bare hire" } },
  { value: "charter", label: { zh: "包租", en: "Charter" } },
  { value: "rentToOwn", label: { zh: "以租代售", en: "Rent-to-own" } },
  { value: "project", label: { zh: "项目合同", en: "Project" } },
  { value: "subcontract", label: { zh: "分包/租入", en: "Sub-contract" } },
];

/** 计日方式: a day's rent is the monthly rate ÷ 30, or ÷ the days of that settlement month (docs/billing.md). */
export const DAY_COUNT_OPTIONS: OptionDef[] = [
  { value: "thirty", label: { zh: "按30天/月", en: "30-day month" } },
  { value: "calendar", label: { zh: "按自然日", en: "Calendar days" } },
];

/** 含税价 / 不含税价: the tax is within each price, or added to each item at the contract's rate. */
export const PRICE_TAX_OPTIONS: OptionDef[] = [
  { value: "included", label: { zh: "含税价", en: "Tax included" } },
  { value: "excluded", label: { zh: "不含税价（另加税）", en: "Tax excluded (tax added)" } },
];

export const FEE_KIND_OPTIONS: OptionDef[] = [
  { value: "entry", label: { zh: "进场费", en: "Mobilisation" } },
  { value: "exit", label: { zh: "退场费", en: "Demobilisation" } },
  { value: "install", label: { zh: "安装费", en: "Installation" } },
  { value: "dismantle", label: { zh: "拆卸费", en: "Dismantling" } },
  { value: "jacking", label: { zh: "顶升加节费", en: "Jacking" } },
  { value: "wallTie", label: { zh: "附墙费", en: "Wall ties" } },
  { value: "transport", label: { zh: "运输费", en: "Transport" } },
  { value: "other", label: { zh: "其他费用", en: "Other" } },
];

export const contractView = defineView({
  name: "contract",
  path: "/contractList",
  permission: CONTRACT_PERMISSION,
  title: { zh: "合同列表", en: "Contract List" },
  singular: { zh: "合同", en: "contract" },
  // the name: a factory or an import knows it before the save gives the number
  rowLabel: "name",
  // Excel: the head as the document page has it, and 设备明细 as a second sheet
  sheet: contractSheet(CONTRACT_KIND_OPTIONS),
  columns: [
    INDEX_COLUMN,
    { key: "number", label: { zh: "合同编号", en: "Contract no." }, sortable: true, fixed: true },
    { key: "name", label: { zh: "合同名称", en: "Contract name" }, sortable: true },
    { key: "kind", label: { zh: "合同类型", en: "Kind" }, type: "status", options: CONTRACT_KIND_OPTIONS },
    { key: "party", label: { zh: "客户/供应商", en: "Customer / supplier" } },
    { key: "project", label: { zh: "项目", en: "Project" } },
    { key: "startOn", label: { zh: "开始日期", en: "Start" }, sortable: true },
    { key: "plannedEndOn", label: { zh: "计划结束", en: "Planned end" }, sortable: true },
    { key: "value", label: { zh: "合同金额(元)", en: "Value (¥)" }, money: true },
    { key: "lineCount", label: { zh: "设备数", en: "Machines" }, type: "number" },
    { key: "salesman", label: { zh: "业务员", en: "Salesman" } },
    { key: "state", label: { zh: "状态", en: "State" }, type: "status", options: CONTRACT_STATES, sortable: true },
    // in 显示配置, not shown until a user ticks them: an amendment's version is on the document, and 开始日期 says when
    { key: "revision", label: { zh: "版本", en: "Version" }, type: "number", optional: true },
    { key: "createdAt", label: { zh: "创建时间", en: "Created" }, type: "datetime", sortable: true, optional: true },
  ],
  filters: [
    { key: "q", label: { zh: "编号/名称/客户/项目", en: "No., name, customer or project" }, type: "text", simple: true },
    { key: "kind", label: { zh: "合同类型", en: "Kind" }, type: "select", options: CONTRACT_KIND_OPTIONS, simple: true },
    { key: "state", label: { zh: "状态", en: "State" }, type: "select", options: CONTRACT_STATES, simple: true },
    { key: "startFrom", label: { zh: "开始日期起", en: "Start from" }, type: "date" },
    { key: "startTo", label: { zh: "开始日期止", en: "Start until" }, type: "date" },
  ],
  // the head's fields (the document page renders them with the lines, fees and plan)
  form: [
    { key: "kind", label: { zh: "合同类型", en: "Kind" }, type: "select", required: true, options: CONTRACT_KIND_OPTIONS },
    { key: "name", label: { zh: "合同名称", en: "Contract name" }, type: "text", required: true, maxLength: 50 },
    { key: "startOn", label: { zh: "开始日期", en: "Start" }, type: "date", required: true },
    { key: "plannedEndOn", label: { zh: "计划结束", en: "Planned end" }, type: "date" },
    { key: "remark", label: { zh: "备注", en: "Remark" }, type: "textarea", maxLength: 500 },
  ],
});

/** What the buttons read of a contract: the list's rows carry it (the engine reads more, contracts.server.ts). */
export type ContractStateRow = { id: number; state: number; number: string; creatorId: number | null; revision: number; current: number };

const reason: AskDef = { key: "reason", label: "workflow:reason", required: true, maxLength: 200, requiredMessage: "workflow:reasonRequired" };

/**
 * A contract's way: 草稿 → 审批中 → 已审批 → 执行中 → 已完成, with 撤回, 驳回, 作废, 终止 (the approval family), 中止
 * and 提前终止 (a reason and the end day, which closes every line's off-rent day). Amendments go the same way.
 */
export const contractStates = defineMachine<ContractStateRow>({
  kind: "contract",
  stateOf: (r) => r.state,
  transitions: [
    ...approvalTransitions<ContractStateRow>(
      { approveCode: CONTRACT_APPROVE_CODE, states: { draft: 0, pending: 1, approved: 2, refused: 5, abandoned: 6, aborted: 7 } },
      CONTRACT_EDIT_CODE,
      (r) => r.creatorId,
      { refuse: { label: "contractFlow:reject", confirm: "contractFlow:rejectConfirm" }, abandon: { label: "contractFlow:void", confirm: "contractFlow:voidConfirm" } },
    ),
    // an amendment comes into force through its approval (its state is then the revision's it replaced)
    { name: "execute", from: [2], to: 3, permission: CONTRACT_EXECUTE_CODE, label: "contractFlow:execute", confirm: "contractFlow:executeConfirm", tone: "primary", guard: (r) => (r.current ? null : { message: "contractFlow:notCurrent", status: 409 }) },
    { name: "complete", from: [3], to: 4, permission: CONTRACT_EXECUTE_CODE, label: "contractFlow:complete", confirm: "contractFlow:completeConfirm", tone: "primary" },
    { name: "stop", from: [3], to: 8, permission: CONTRACT_EXECUTE_CODE, label: "contractFlow:stop", confirm: "contractFlow:stopConfirm", tone: "danger", asks: [reason] },
    {
      name: "terminate",
      from: [3],
      to: 9,
      permission: CONTRACT_EXECUTE_CODE,
      label: "contractFlow:terminate",
      confirm: "contractFlow:terminateConfirm",
      tone: "danger",
      asks: [reason, { key: "endDate", label: "contractFlow:endDate", required: true, maxLength: 10, requiredMessage: "contractFlow:endDateRequired" }],
    },
  ],
});
