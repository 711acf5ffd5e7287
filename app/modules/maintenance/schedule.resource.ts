/**
 * 到期提醒 (`/maintenancePlan`, the screen's first tab): each machine's schedule under each plan, as the last recompute
 * found it (meters.server.ts): the meter, the use a day, the last service, what is left, the forecast due day, which
 * interval decides it and the state; overdue first, then the soonest. Read-only (the recompute writes it); a row
 * leads to 登记保养 and 录入读数. Client-safe; the server half is schedule.server.ts.
 */
import { defineView, INDEX_COLUMN } from "~/lib/list/types";
import { DUE_BYS, DUE_STATES, MAINTENANCE_PATH, MAINTENANCE_PERMISSION } from "./maintenance";

const shown = (key: string, zh: string, en: string) => ({ key, label: { zh, en }, type: "text" as const });

export const scheduleView = defineView({
  name: "maintenanceSchedule",
  path: MAINTENANCE_PATH,
  permission: MAINTENANCE_PERMISSION,
  title: { zh: "保养计划", en: "Maintenance Plans" },
  singular: { zh: "保养到期提醒", en: "maintenance due" },
  // the forecast day names a schedule's row (a read-only list: no confirmation ever names one)
  rowLabel: "dueOn",
  readOnly: true,
  columns: [
    INDEX_COLUMN,
    { key: "plate", label: { zh: "设备", en: "Machine" }, fixed: true },
    { key: "planName", label: { zh: "保养计划", en: "Plan" }, fixed: true },
    { key: "dueState", label: { zh: "状态", en: "State" }, type: "status", options: DUE_STATES, fixed: true },
    { key: "leftText", label: { zh: "剩余", en: "Left" }, type: "label" },
    { key: "dueOn", label: { zh: "预计到期日", en: "Forecast due day" }, empty: { zh: "无法预测", en: "Cannot forecast" } },
    { key: "dueBy", label: { zh: "到期依据", en: "Decided by" }, type: "status", options: DUE_BYS },
    { key: "meterText", label: { zh: "当前表读数", en: "Meter now" }, type: "label" },
    { key: "usageText", label: { zh: "近30天日均", en: "Use a day (30 days)" }, type: "label" },
    { key: "lastText", label: { zh: "上次保养", en: "Last service" }, type: "label" },
    { key: "computedOn", label: { zh: "计算日期", en: "Computed on" }, optional: true },
  ],
  filters: [
    { key: "q", label: { zh: "车牌/自编号/计划", en: "Plate, own no. or plan" }, type: "text", simple: true },
    { key: "dueState", label: { zh: "状态", en: "State" }, type: "select", options: DUE_STATES, simple: true },
    { key: "planId", label: { zh: "保养计划", en: "Plan" }, type: "select", simple: true },
  ],
  // the detail (?view=): the schedule's figures, each in its unit (schedule.server.ts editValues writes them out)
  form: [
    shown("plate", "设备", "Machine"),
    shown("planName", "保养计划", "Plan"),
    { key: "dueState", label: { zh: "状态", en: "State" }, type: "select", options: DUE_STATES },
    shown("dueOn", "预计到期日", "Forecast due day"),
    { key: "dueBy", label: { zh: "到期依据", en: "Decided by" }, type: "select", options: DUE_BYS },
    shown("daysLeft", "剩余天数（负数为已超期）", "Days left (below 0: overdue)"),
    shown("hoursLeft", "剩余发动机小时", "Engine hours left"),
    shown("kmLeft", "剩余里程(公里)", "Kilometres left"),
    shown("meterHours", "当前发动机小时", "Engine hours now"),
    shown("meterKm", "当前里程(公里)", "Kilometres now"),
    shown("avgHours", "近30天日均小时", "Hours a day (30 days)"),
    shown("avgKm", "近30天日均公里", "Km a day (30 days)"),
    shown("lastOn", "本周期起算（上次保养）", "Cycle start (last service)"),
    shown("lastHours", "起算时发动机小时", "Engine hours then"),
    shown("lastKm", "起算时里程(公里)", "Kilometres then"),
    shown("computedOn", "计算日期", "Computed on"),
  ],
});
