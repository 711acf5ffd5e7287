/**
 * 巡检计划 (`/inspectionPlan`): which machines are checked by which procedure, how often (daily before first use, a
 * weekday, every N engine hours or kilometres) and by whom. The daily job (workers/jobs/inspection-tasks.ts) makes the
 * tasks an inspector finds on 个人巡检. Client-safe; the server half is plan.server.ts.
 */
import { defineFields, defineView, INDEX_COLUMN, type OptionDef } from "~/lib/list/types";
import { defineMachine } from "~/modules/workflow/machine";

export const FREQUENCIES: OptionDef[] = [
  { value: "daily", label: { zh: "每日（首次使用前）", en: "Daily, before first use" } },
  { value: "weekly", label: { zh: "每周", en: "Weekly" } },
  { value: "hours", label: { zh: "按发动机小时", en: "Every N engine hours" } },
  { value: "km", label: { zh: "按行驶里程", en: "Every N km" } },
];

export const WEEKDAYS: OptionDef[] = [
  { value: "1", label: { zh: "星期一", en: "Monday" } },
  { value: "2", label: { zh: "星期二", en: "Tuesday" } },
  { value: "3", label: { zh: "星期三", en: "Wednesday" } },
  { value: "4", label: { zh: "星期四", en: "Thursday" } },
  { value: "5", label: { zh: "星期五", en: "Friday" } },
  { value: "6", label: { zh: "星期六", en: "Saturday" } },
  { value: "7", label: { zh: "星期日", en: "Sunday" } },
];

export const PLAN_STATE = { active: 0, stopped: 1 } as const;
export const PLAN_STATES: OptionDef[] = [
  { value: String(PLAN_STATE.active), label: { zh: "执行中", en: "Active" }, tone: "success" },
  { value: String(PLAN_STATE.stopped), label: { zh: "已停止", en: "Stopped" }, tone: "muted" },
];

export const PLAN_EDIT_CODE = "inspectionPlan:edit";

export interface PlanStateRow {
  id: number;
  version: number;
  state: number;
  number: string;
}

/** 停止 (no more tasks; those made stay) and 启动. */
export const planStates = defineMachine<PlanStateRow>({
  kind: "inspectionPlan",
  stateOf: (r) => r.state,
  transitions: [
    { name: "stop", from: [PLAN_STATE.active], to: PLAN_STATE.stopped, permission: PLAN_EDIT_CODE, label: "inspection:stopPlan", confirm: "inspection:stopPlanConfirm", notFrom: "inspection:planNotActive" },
    { name: "start", from: [PLAN_STATE.stopped], to: PLAN_STATE.active, permission: PLAN_EDIT_CODE, label: "inspection:startPlan", confirm: "inspection:startPlanConfirm", notFrom: "inspection:planNotStopped" },
  ],
});

export const planForm = defineFields([
  { key: "name", label: { zh: "计划名称", en: "Plan" }, type: "text", required: true, maxLength: 50 },
  { key: "procedureId", label: { zh: "检查工序", en: "Procedure" }, type: "reference", required: true },
  { key: "frequency", label: { zh: "频次", en: "Frequency" }, type: "select", options: FREQUENCIES, required: true },
  { key: "weekday", label: { zh: "每周检查日", en: "Day of the week" }, type: "select", options: WEEKDAYS, when: { frequency: ["weekly"] } },
  { key: "every", label: { zh: "间隔（小时或公里）", en: "Every (hours or km)" }, type: "number", maxValue: 100_000, when: { frequency: ["hours", "km"] } },
  { key: "assigneeId", label: { zh: "执行人", en: "Inspector" }, type: "reference", required: true },
  { key: "startOn", label: { zh: "开始日期", en: "From" }, type: "date", required: true },
  { key: "endOn", label: { zh: "结束日期", en: "Until" }, type: "date", hint: { zh: "留空表示长期执行", en: "Empty: no end" } },
  { key: "remark", label: { zh: "备注", en: "Remark" }, type: "textarea", maxLength: 200 },
  {
    key: "vehicles",
    label: { zh: "检查设备", en: "Machines" },
    type: "lines",
    lines: {
      minRows: 1,
      maxRows: 200,
      startRows: 1,
      unique: ["vehicleId"],
      addLabel: { zh: "添加设备", en: "Add a machine" },
      fields: [{ key: "vehicleId", label: { zh: "设备", en: "Machine" }, type: "reference", required: true, width: "w-72" }],
    },
  },
]);

export const planView = defineView({
  name: "inspectionPlan",
  path: "/inspectionPlan",
  permission: "inspectionPlan",
  title: { zh: "巡检计划", en: "Inspection Plans" },
  singular: { zh: "巡检计划", en: "inspection plan" },
  rowLabel: "name",
  document: true,
  columns: [
    INDEX_COLUMN,
    { key: "number", label: { zh: "计划编号", en: "Plan no." }, sortable: true, fixed: true },
    { key: "name", label: { zh: "计划名称", en: "Plan" }, sortable: true },
    { key: "procedureName", label: { zh: "检查工序", en: "Procedure" } },
    { key: "frequency", label: { zh: "频次", en: "Frequency" }, type: "status", options: FREQUENCIES },
    { key: "machines", label: { zh: "设备数", en: "Machines" }, type: "number" },
    { key: "assignee", label: { zh: "执行人", en: "Inspector" } },
    { key: "pending", label: { zh: "待检任务", en: "Open tasks" }, type: "number" },
    { key: "state", label: { zh: "状态", en: "State" }, type: "status", options: PLAN_STATES, sortable: true },
    { key: "startOn", label: { zh: "开始日期", en: "From" }, sortable: true },
    { key: "endOn", label: { zh: "结束日期", en: "Until" }, empty: { zh: "长期", en: "No end" } },
  ],
  filters: [
    { key: "q", label: { zh: "编号/名称/设备", en: "No., name or machine" }, type: "text", simple: true },
    { key: "state", label: { zh: "状态", en: "State" }, type: "select", options: PLAN_STATES, simple: true },
    { key: "frequency", label: { zh: "频次", en: "Frequency" }, type: "select", options: FREQUENCIES },
  ],
  form: planForm,
});
