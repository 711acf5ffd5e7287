/**
 * 保养计划's words and figures shared by its pages and its server half (client-safe): the states stored, their
 * options, and how a meter is written (5,230.5 h, 120,345 km) in both languages.
 */
import type { Label, OptionDef } from "~/lib/list/types";
import { DISABLED, ENABLED } from "../../../db/states";

/** The screen: its four tabs are routes under it (到期提醒, 保养计划, 保养记录, 表读数). */
export const MAINTENANCE_PATH = "/maintenancePlan";
/** the menu privis: `maintenancePlan:view|add|edit|delete|export` */
export const MAINTENANCE_PERMISSION = "maintenancePlan";
export const MAINTENANCE_EDIT_CODE = "maintenancePlan:edit";

/** maintenance_schedules.due_state */
export const DUE_STATE = { normal: 0, soon: 1, overdue: 2 } as const;
export const DUE_STATES: OptionDef[] = [
  { value: String(DUE_STATE.overdue), label: { zh: "已超期", en: "Overdue" }, tone: "danger" },
  { value: String(DUE_STATE.soon), label: { zh: "即将到期", en: "Due soon" }, tone: "warning" },
  { value: String(DUE_STATE.normal), label: { zh: "正常", en: "Normal" }, tone: "success" },
];

/** Which interval decides a schedule's due day (maintenance_schedules.due_by). */
export const DUE_BY = { days: "days", hours: "hours", km: "km" } as const;
export const DUE_BYS: OptionDef[] = [
  { value: DUE_BY.days, label: { zh: "按日历", en: "Calendar" } },
  { value: DUE_BY.hours, label: { zh: "按发动机小时", en: "Engine hours" } },
  { value: DUE_BY.km, label: { zh: "按里程", en: "Kilometres" } },
];

/** maintenance_plans.state: the plan's notifications (启用提醒 / 停止提醒), the house's 启用 / 停用 pair. */
export const PLAN_NOTIFY = { stopped: DISABLED, on: ENABLED } as const;
export const PLAN_NOTIFY_STATES: OptionDef[] = [
  { value: String(PLAN_NOTIFY.on), label: { zh: "提醒中", en: "Reminders on" }, tone: "success" },
  { value: String(PLAN_NOTIFY.stopped), label: { zh: "已停止提醒", en: "Reminders stopped" }, tone: "muted" },
];

/** What a plan covers: every machine of an equipment type, or the machines it lists. */
export const PLAN_COVERAGE = { type: "type", machines: "machines" } as const;
export const PLAN_COVERAGES: OptionDef[] = [
  { value: PLAN_COVERAGE.type, label: { zh: "按设备类型", en: "By equipment type" } },
  { value: PLAN_COVERAGE.machines, label: { zh: "指定设备", en: "Listed machines" } },
];

/** meter_readings.state: a voided reading is kept, and counts no more. */
export const READING_STATE = { valid: 0, void: 1 } as const;
export const READING_STATES: OptionDef[] = [
  { value: String(READING_STATE.valid), label: { zh: "有效", en: "Valid" }, tone: "success" },
  { value: String(READING_STATE.void), label: { zh: "已作废", en: "Void" }, tone: "muted" },
];

/** meter_readings.source: typed in on 表读数, or written by a service record. */
export const READING_SOURCE = { manual: "manual", service: "service" } as const;
export const READING_SOURCES: OptionDef[] = [
  { value: READING_SOURCE.manual, label: { zh: "人工录入", en: "Entered" } },
  { value: READING_SOURCE.service, label: { zh: "保养记录", en: "Service record" } },
];

/** A service item (保养项目: 更换机油, 检查液压油…), a line of a plan and of a service record alike. */
export const ITEM_FIELD = { key: "item", label: { zh: "保养项目", en: "Item" }, type: "text", required: true, maxLength: 50, width: "w-64" } as const;
export const ITEMS_LABEL = { zh: "保养项目", en: "Service items" };
export const ADD_ITEM_LABEL = { zh: "添加保养项目", en: "Add an item" };

/** A service item's result (保养记录's lines). */
export const ITEM_RESULTS: OptionDef[] = [
  { value: "ok", label: { zh: "正常", en: "OK" }, tone: "success" },
  { value: "replaced", label: { zh: "已更换", en: "Replaced" } },
  { value: "adjusted", label: { zh: "已调整", en: "Adjusted" } },
  { value: "abnormal", label: { zh: "异常", en: "Abnormal" }, tone: "danger" },
  { value: "skipped", label: { zh: "未做", en: "Not done" }, tone: "muted" },
];

const grouped = (n: number, places: number) => n.toLocaleString("en-US", { minimumFractionDigits: places, maximumFractionDigits: places });
/** Tenths of an hour as the meter reads: 52305 → "5,230.5". */
export const hoursText = (tenths: number) => grouped(tenths / 10, 1);
/** Kilometres: 120345 → "120,345". */
export const kmText = (km: number) => grouped(km, 0);

/** A meter in both languages: 5,230.5 小时 / 120,345 公里, a part left out when not known. */
export function meterLabel(hours: number | null, km: number | null): Label {
  const part = (zh: boolean) => [hours === null ? null : `${hoursText(hours)} ${zh ? "小时" : "h"}`, km === null ? null : `${kmText(km)} ${zh ? "公里" : "km"}`].filter(Boolean).join(" / ");
  return { zh: part(true), en: part(false) };
}

/** What is left of a schedule, in both languages: 12天 / 45.5小时, or 超3天 / 超12.5小时 once passed. */
export function leftLabel(r: { daysLeft: number | null; hoursLeft: number | null; kmLeft: number | null }): Label {
  const part = (n: number | null, zhUnit: string, enUnit: string, text: (x: number) => string, zh: boolean) =>
    n === null ? null : n < 0 ? (zh ? `超${text(-n)}${zhUnit}` : `${text(-n)} ${enUnit} over`) : zh ? `${text(n)}${zhUnit}` : `${text(n)} ${enUnit}`;
  // reached by the hours or the km, the forecast day is today: the days say nothing more
  const days = r.daysLeft === 0 && ((r.hoursLeft ?? 0) < 0 || (r.kmLeft ?? 0) < 0) ? null : r.daysLeft;
  const all = (zh: boolean) => [part(days, "天", "days", String, zh), part(r.hoursLeft, "小时", "h", hoursText, zh), part(r.kmLeft, "公里", "km", kmText, zh)].filter(Boolean).join(" / ") || "—";
  return { zh: all(true), en: all(false) };
}

/** The use a day over the last 30 days: 6.2 小时/天 · 85 公里/天, or none. */
export function usageLabel(avgHours: number | null, avgKm: number | null): Label {
  if (!avgHours && !avgKm) return { zh: "近30天无使用", en: "No use in 30 days" };
  const h = Math.round((avgHours ?? 0) * 10);
  const km = Math.round(avgKm ?? 0);
  return { zh: `${hoursText(h)} 小时/天 · ${kmText(km)} 公里/天`, en: `${hoursText(h)} h/day · ${kmText(km)} km/day` };
}

/** 每250小时 / 365天, 先到为准 in both languages. */
export function intervalLabel(p: { intervalDays: number | null; intervalHours: number | null; intervalKm: number | null }): Label {
  const parts = (zh: boolean) =>
    [p.intervalHours ? `${kmText(p.intervalHours)}${zh ? "小时" : " h"}` : null, p.intervalKm ? `${kmText(p.intervalKm)}${zh ? "公里" : " km"}` : null, p.intervalDays ? `${p.intervalDays}${zh ? "天" : " days"}` : null].filter(Boolean);
  const zh = parts(true);
  const en = parts(false);
  return { zh: `每${zh.join(" / ")}${zh.length > 1 ? "，先到为准" : ""}`, en: `Every ${en.join(" / ")}${en.length > 1 ? ", whichever first" : ""}` };
}
