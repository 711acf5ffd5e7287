/**
 * 保养计划 (`/maintenancePlan/plans`, a tab of /maintenancePlan): a service type (250小时保养, 年度保养…) for the machines
 * of an equipment type (those added later too) or for machines listed, due every N days, N engine hours or N km,
 * whichever comes first, with its due-soon thresholds and its service items; its reminders started and stopped. The
 * view, the form and the machine (client-safe); the server half is plan.server.ts, the schedules it makes meters.server.ts.
 */
import { defineFields, defineView, INDEX_COLUMN } from "~/lib/list/types";
import { VEHICLE_TYPES } from "~/modules/telematics/vehicle-types";
import { enablement } from "~/modules/workflow/enablement";
import { ADD_ITEM_LABEL, ITEM_FIELD, ITEMS_LABEL, MAINTENANCE_EDIT_CODE, MAINTENANCE_PATH, MAINTENANCE_PERMISSION, PLAN_COVERAGE, PLAN_COVERAGES, PLAN_NOTIFY_STATES } from "./maintenance";

/** What the transitions read of a plan. */
export interface PlanStateRow {
  id: number;
  version: number;
  state: number;
  number: string;
}

/** 启用提醒 / 停止提醒 (spec §4, start/stop notification plan): a stopped plan is off the to-do and raises no alarm. */
export const planStates = enablement<PlanStateRow>({
  kind: "maintenancePlan",
  stateOf: (r) => r.state,
  permission: MAINTENANCE_EDIT_CODE,
  label: { enable: "maintenance:notifyOn", disable: "maintenance:notifyOff" },
  confirm: { enable: "maintenance:notifyOnConfirm", disable: "maintenance:notifyOffConfirm" },
  audit: { enable: "notifyOn", disable: "notifyOff" },
});

const LISTED = { coverage: [PLAN_COVERAGE.machines] };

export const planForm = defineFields([
  { key: "name", label: { zh: "计划名称", en: "Plan" }, type: "text", required: true, maxLength: 30, hint: { zh: "如：250小时保养、年度保养", en: "e.g. 250-hour service, annual service" } },
  { key: "coverage", label: { zh: "适用范围", en: "Applies to" }, type: "select", options: PLAN_COVERAGES, required: true, defaultValue: PLAN_COVERAGE.type },
  {
    key: "equipmentType",
    label: { zh: "设备类型", en: "Equipment type" },
    type: "select",
    options: VEHICLE_TYPES,
    required: true,
    when: { coverage: [PLAN_COVERAGE.type] },
    hint: { zh: "该类型的全部设备，含以后新增的", en: "Every machine of the type, those added later too" },
  },
  { key: "startOn", label: { zh: "起算日期", en: "Counting from" }, type: "date", required: true, hint: { zh: "设备首个保养周期的起算日", en: "Where each machine's first cycle starts" } },
  { key: "intervalDays", label: { zh: "保养周期(天)", en: "Every (days)" }, type: "number", maxValue: 3650 },
  { key: "intervalHours", label: { zh: "保养周期(发动机小时)", en: "Every (engine hours)" }, type: "number", maxValue: 100_000 },
  { key: "intervalKm", label: { zh: "保养周期(公里)", en: "Every (km)" }, type: "number", maxValue: 1_000_000, hint: { zh: "多项周期以先到者为准", en: "Whichever comes first" } },
  { key: "soonDays", label: { zh: "提前提醒(天)", en: "Due soon within (days)" }, type: "number", required: true, defaultValue: "7", maxValue: 365 },
  { key: "soonHours", label: { zh: "提前提醒(小时)", en: "Due soon within (hours)" }, type: "number", required: true, defaultValue: "25", maxValue: 10_000 },
  { key: "soonKm", label: { zh: "提前提醒(公里)", en: "Due soon within (km)" }, type: "number", required: true, defaultValue: "500", maxValue: 100_000 },
  { key: "remark", label: { zh: "备注", en: "Remark" }, type: "textarea", maxLength: 200 },
  {
    key: "vehicles",
    label: { zh: "适用设备", en: "Machines" },
    type: "lines",
    when: LISTED,
    lines: {
      when: LISTED,
      minRows: 1,
      maxRows: 200,
      unique: ["vehicleId"],
      addLabel: { zh: "添加设备", en: "Add a machine" },
      fields: [{ key: "vehicleId", label: { zh: "设备", en: "Machine" }, type: "reference", required: true, width: "w-80" }],
    },
  },
  {
    key: "items",
    label: ITEMS_LABEL,
    type: "lines",
    lines: { minRows: 1, maxRows: 50, addLabel: ADD_ITEM_LABEL, fields: [ITEM_FIELD, { key: "description", label: { zh: "说明", en: "Description" }, type: "text", maxLength: 100 }] },
  },
]);

export const planView = defineView({
  name: "maintenancePlan",
  path: `${MAINTENANCE_PATH}/plans`,
  screen: MAINTENANCE_PATH,
  permission: MAINTENANCE_PERMISSION,
  title: { zh: "保养计划", en: "Maintenance Plans" },
  singular: { zh: "保养计划", en: "maintenance plan" },
  rowLabel: "name",
  document: true,
  columns: [
    INDEX_COLUMN,
    { key: "number", label: { zh: "计划编号", en: "Plan no." }, sortable: true, fixed: true },
    { key: "name", label: { zh: "计划名称", en: "Plan" }, sortable: true, fixed: true },
    { key: "coverageText", label: { zh: "适用范围", en: "Applies to" }, type: "label" },
    { key: "intervalText", label: { zh: "保养周期", en: "Interval" }, type: "label" },
    { key: "soonText", label: { zh: "提前提醒", en: "Due soon within" }, type: "label", optional: true },
    { key: "machines", label: { zh: "设备数", en: "Machines" }, type: "number" },
    { key: "overdue", label: { zh: "已超期", en: "Overdue" }, type: "number" },
    { key: "soon", label: { zh: "即将到期", en: "Due soon" }, type: "number" },
    { key: "state", label: { zh: "提醒", en: "Reminders" }, type: "status", options: PLAN_NOTIFY_STATES, sortable: true },
    { key: "startOn", label: { zh: "起算日期", en: "Counting from" }, sortable: true },
    { key: "createdAt", label: { zh: "创建时间", en: "Created" }, type: "datetime", sortable: true, optional: true },
  ],
  filters: [
    { key: "q", label: { zh: "编号/名称", en: "No. or name" }, type: "text", simple: true },
    { key: "state", label: { zh: "提醒", en: "Reminders" }, type: "select", options: PLAN_NOTIFY_STATES, simple: true },
  ],
  form: planForm,
});
