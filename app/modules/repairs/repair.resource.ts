/**
 * 设备维修 (`/equipmentRepair`): a repair order of a machine, in-house or at a repair station or supplier, perhaps from
 * an abnormality (异常上报 → 转维修): the fault and the diagnosis, the downtime, whether the downtime takes rent off,
 * labour (person, hours, rate), parts (name, quantity, price) and outside costs summed into its total; sent for
 * approval (a step may apply from an amount: the cost above a limit), then completed with the end of the downtime.
 * The downtime of an approved or completed order whose rent is deducted is fault evidence on the machine's contract
 * bill, the evidence naming the order (docs/billing.md). Client-safe; the server half is repair.server.ts.
 */
import { defineFields, defineView, INDEX_COLUMN, type OptionDef } from "~/lib/list/types";
import { approvalTransitions, type ApprovalStates } from "~/modules/workflow/approval";
import { defineMachine } from "~/modules/workflow/machine";

export const REPAIR_STATE = { draft: 0, inApproval: 1, repairing: 2, refused: 3, done: 4 } as const;
export const REPAIR_APPROVAL_STATES: ApprovalStates = { draft: REPAIR_STATE.draft, pending: REPAIR_STATE.inApproval, approved: REPAIR_STATE.repairing, refused: REPAIR_STATE.refused };
/** a draft or one sent back is edited freely; one being repaired keeps its approved cost at most */
export const REPAIR_EDITABLE: readonly number[] = [REPAIR_STATE.draft, REPAIR_STATE.refused, REPAIR_STATE.repairing];
/** the orders whose downtime counts on a bill: sent for approval or further (a draft may be a mistake; one refused still stood) */
export const REPAIR_DOWNTIME_STATES: readonly number[] = [REPAIR_STATE.inApproval, REPAIR_STATE.repairing, REPAIR_STATE.refused, REPAIR_STATE.done];

export const REPAIR_STATES: OptionDef[] = [
  { value: String(REPAIR_STATE.draft), label: { zh: "草稿", en: "Draft" }, tone: "muted" },
  { value: String(REPAIR_STATE.inApproval), label: { zh: "审批中", en: "In approval" } },
  { value: String(REPAIR_STATE.repairing), label: { zh: "维修中", en: "Under repair" }, tone: "warning" },
  { value: String(REPAIR_STATE.refused), label: { zh: "已驳回", en: "Refused" }, tone: "danger" },
  { value: String(REPAIR_STATE.done), label: { zh: "已完工", en: "Done" }, tone: "success" },
];

export const REPAIR_KINDS: OptionDef[] = [
  { value: "inhouse", label: { zh: "自修", en: "In-house" } },
  { value: "outside", label: { zh: "外修（维修站/供应商）", en: "Repair station or supplier" } },
];

export const REPAIR_EDIT_CODE = "equipmentRepair:edit";
export const REPAIR_APPROVE_CODE = "equipmentRepair:approve";

export interface RepairStateRow {
  id: number;
  version: number;
  state: number;
  number: string;
  creatorId: number | null;
  downTo: number | null;
}

/** 提交审批, 通过, 驳回, 撤回 (the approval family, kind equipmentRepair), then 完工 once the downtime has its end. */
export const repairStates = defineMachine<RepairStateRow>({
  kind: "equipmentRepair",
  stateOf: (r) => r.state,
  transitions: [
    ...approvalTransitions<RepairStateRow>({ approveCode: REPAIR_APPROVE_CODE, states: REPAIR_APPROVAL_STATES }, REPAIR_EDIT_CODE, (r) => r.creatorId),
    {
      name: "complete",
      from: [REPAIR_STATE.repairing],
      to: REPAIR_STATE.done,
      permission: REPAIR_EDIT_CODE,
      label: "repairs:complete",
      confirm: "repairs:completeConfirm",
      tone: "primary",
      notFrom: "repairs:notRepairing",
      guard: (r) => (r.downTo === null ? { message: "repairs:downtimeOpen", status: 409 } : null),
    },
  ],
});

export const repairForm = defineFields([
  { key: "vehicleId", label: { zh: "设备", en: "Machine" }, type: "reference", required: true },
  { key: "abnormalityId", label: { zh: "来源异常", en: "From issue" }, type: "reference", hint: { zh: "由异常上报转入的维修", en: "The issue this repair answers" } },
  { key: "repairKind", label: { zh: "维修方式", en: "Repaired by" }, type: "select", options: REPAIR_KINDS, required: true },
  { key: "supplierId", label: { zh: "维修单位", en: "Repair station or supplier" }, type: "reference", when: { repairKind: ["outside"] } },
  { key: "fault", label: { zh: "故障现象", en: "Fault" }, type: "textarea", required: true, maxLength: 300 },
  { key: "diagnosis", label: { zh: "故障诊断", en: "Diagnosis" }, type: "textarea", maxLength: 300 },
  { key: "downFromOn", label: { zh: "停机开始日期", en: "Down from (day)" }, type: "date", required: true },
  { key: "downFromTime", label: { zh: "停机开始时间", en: "Down from (time)" }, type: "time", required: true },
  { key: "downToOn", label: { zh: "恢复运行日期", en: "Running again (day)" }, type: "date", hint: { zh: "修复后填写；完工前必填", en: "Once repaired; needed before it is completed" } },
  { key: "downToTime", label: { zh: "恢复运行时间", en: "Running again (time)" }, type: "time" },
  {
    key: "deductRent",
    label: { zh: "停机扣减租金", en: "Downtime takes rent off" },
    type: "flag",
    hint: { zh: "设备自身故障：停机时间计入在租合同账单的故障扣减；客户原因造成的损坏不勾选", en: "The machine's own fault: the downtime counts as fault time on its rental bill; not for damage the customer caused" },
  },
  {
    key: "labour",
    label: { zh: "工时", en: "Labour" },
    type: "lines",
    lines: {
      maxRows: 30,
      addLabel: { zh: "添加工时", en: "Add labour" },
      fields: [
        { key: "worker", label: { zh: "维修人员", en: "Mechanic" }, type: "text", required: true, maxLength: 30, width: "w-40" },
        { key: "hours", label: { zh: "工时(小时)", en: "Hours" }, type: "quantity", decimals: 1, required: true, maxValue: 1000, width: "w-28" },
        { key: "rate", label: { zh: "单价(元/小时)", en: "Rate (¥/h)" }, type: "money", required: true, maxValue: 10_000, width: "w-32" },
      ],
    },
  },
  {
    key: "parts",
    label: { zh: "配件", en: "Parts" },
    type: "lines",
    lines: {
      maxRows: 100,
      addLabel: { zh: "添加配件", en: "Add a part" },
      fields: [
        { key: "partName", label: { zh: "配件名称", en: "Part" }, type: "text", required: true, maxLength: 50, width: "w-48" },
        { key: "spec", label: { zh: "规格型号", en: "Specification" }, type: "text", maxLength: 50, width: "w-40" },
        { key: "quantity", label: { zh: "数量", en: "Quantity" }, type: "quantity", decimals: 1, required: true, maxValue: 100_000, width: "w-24" },
        { key: "price", label: { zh: "单价(元)", en: "Unit price (¥)" }, type: "money", required: true, maxValue: 10_000_000, width: "w-32" },
      ],
    },
  },
  { key: "outsideCents", label: { zh: "外协费用(元)", en: "Outside costs (¥)" }, type: "money", maxValue: 10_000_000 },
  { key: "remark", label: { zh: "备注", en: "Remark" }, type: "textarea", maxLength: 200 },
  { key: "attachments", label: { zh: "照片及单据", en: "Photos and receipts" }, type: "files", limit: 10 },
]);

export const repairView = defineView({
  name: "equipmentRepair",
  path: "/equipmentRepair",
  permission: "equipmentRepair",
  title: { zh: "设备维修", en: "Equipment Repairs" },
  singular: { zh: "维修单", en: "repair order" },
  rowLabel: "number",
  document: true,
  columns: [
    INDEX_COLUMN,
    { key: "number", label: { zh: "维修单号", en: "Repair no." }, sortable: true, fixed: true },
    { key: "plate", label: { zh: "设备", en: "Machine" } },
    { key: "state", label: { zh: "状态", en: "State" }, type: "status", options: REPAIR_STATES, sortable: true },
    { key: "repairKind", label: { zh: "维修方式", en: "Repaired by" }, type: "status", options: REPAIR_KINDS },
    { key: "fault", label: { zh: "故障现象", en: "Fault" } },
    { key: "downFrom", label: { zh: "停机开始", en: "Down from" }, type: "datetime", sortable: true },
    { key: "downTo", label: { zh: "恢复运行", en: "Running again" }, type: "datetime", empty: { zh: "停机中", en: "Still down" } },
    { key: "downHours", label: { zh: "停机小时", en: "Hours down" }, type: "number" },
    { key: "total", label: { zh: "维修费用(元)", en: "Cost (¥)" }, money: true },
    { key: "abnormalityNumber", label: { zh: "来源异常", en: "From issue" } },
    { key: "createdAt", label: { zh: "创建时间", en: "Created" }, type: "datetime", sortable: true },
  ],
  filters: [
    { key: "q", label: { zh: "单号/设备/故障", en: "No., machine or fault" }, type: "text", simple: true },
    { key: "state", label: { zh: "状态", en: "State" }, type: "select", options: REPAIR_STATES, simple: true },
    { key: "repairKind", label: { zh: "维修方式", en: "Repaired by" }, type: "select", options: REPAIR_KINDS },
  ],
  form: repairForm,
});
