/**
 * The alarm list's declaration (client-safe): alarm kinds, levels and handling states with their names, the list's
 * columns and filters, and the time-range rule (today by default, at most 31 days).
 */
import type { ColumnDef, FilterDef, Label, OptionDef } from "~/lib/list/types";
import { HUB_SCREENS } from "../../../workers/fleet-hub/protocol";
import { ALARM_LEVELS } from "~/lib/alarm-levels";
import { dayOf, DEFAULT_TIME_ZONE, stampInZone } from "~/lib/tenant-clock";
import { dayEndMs, dayStartMs } from "~/lib/tenant-days";

/** What the hub raises (workers/fleet-hub): the `kind` column of `alarms`. */
export const ALARM_KINDS: Record<string, Label> = {
  fence_in: { zh: "进围栏告警", en: "Entered fence" },
  fence_out: { zh: "出围栏告警", en: "Left fence" },
  off_route: { zh: "偏离路线告警", en: "Off route" },
  overspeed: { zh: "超速告警", en: "Overspeed" },
  fatigue: { zh: "疲劳驾驶告警", en: "Fatigue driving" },
  idle: { zh: "怠速过长告警", en: "Idling too long" },
  fault: { zh: "故障告警", en: "Fault code" },
  fuel_drop: { zh: "油量异常下降", en: "Fuel drop (possible drain)" },
  refuel: { zh: "加油提醒", en: "Refuel" },
  offline: { zh: "离线告警", en: "Offline too long" },
  terminal: { zh: "终端告警", en: "Terminal alarm" },
  overload: { zh: "塔吊超载告警", en: "Crane overload" },
  wind: { zh: "大风告警", en: "High wind" },
  maintenanceDue: { zh: "保养到期", en: "Maintenance due" },
};


/** Spec §4: alarm handling — unhandled, handled, or misreport. */
export const HANDLE_STATES: OptionDef[] = [
  { value: "0", label: { zh: "未处理", en: "Unhandled" }, tone: "danger" },
  { value: "1", label: { zh: "已处理", en: "Handled" }, tone: "success" },
  { value: "2", label: { zh: "误报", en: "Misreport" }, tone: "muted" },
];

export const KIND_OPTIONS: OptionDef[] = Object.entries(ALARM_KINDS).map(([value, label]) => ({ value, label }));

export const ALARM_PATH = HUB_SCREENS.alarms;
/** the menu privis: handling needs `alarmMessage:edit` */
export const ALARM_PERMISSION = "alarmMessage";
/** spec §5 / §9: query ranges of 31 days */
export const MAX_RANGE_DAYS = 31;
export const HANDLE_NOTE_MAX = 200;

export const ALARM_COLUMNS: ColumnDef[] = [
  { key: "at", label: { zh: "告警时间", en: "Alarm time" }, type: "datetime", sortable: true, fixed: true },
  // the terminal number is the plate's tooltip: one column less keeps 操作 in view at 1440 px
  { key: "plate", label: { zh: "车牌号", en: "Plate" }, fixed: true, titleKey: "terminalNo" },
  { key: "kind", label: { zh: "告警类型", en: "Alarm type" }, type: "status", options: KIND_OPTIONS },
  { key: "level", label: { zh: "告警级别", en: "Level" }, type: "status", options: ALARM_LEVELS },
  { key: "speedText", label: { zh: "速度", en: "Speed" } },
  { key: "position", label: { zh: "位置", en: "Position" } },
  { key: "detailText", label: { zh: "告警详情", en: "Details" } },
  { key: "handleState", label: { zh: "处理状态", en: "Handling" }, type: "status", options: HANDLE_STATES },
  // the handling time is the handler's tooltip (and in the audit log), again for width
  { key: "handlerName", label: { zh: "处理人", en: "Handled by" }, titleKey: "handledAtText" },
  { key: "handleNote", label: { zh: "处理描述", en: "Description" } },
];

export const ALARM_FILTERS: FilterDef[] = [
  { key: "q", label: { zh: "车牌号/终端号", en: "Plate or terminal No." }, type: "text", simple: true },
  { key: "from", label: { zh: "开始日期", en: "From" }, type: "date", simple: true },
  { key: "to", label: { zh: "结束日期", en: "To" }, type: "date", simple: true },
  { key: "level", label: { zh: "告警级别", en: "Level" }, type: "select", options: ALARM_LEVELS, simple: true },
  { key: "kind", label: { zh: "告警类型", en: "Alarm type" }, type: "select", options: KIND_OPTIONS, simple: true },
  { key: "state", label: { zh: "处理状态", en: "Handling" }, type: "select", options: HANDLE_STATES, simple: true },
  // the device alarm screen: the same list for one vehicle (its choice is that vehicle's plate)
  { key: "vehicleId", label: { zh: "设备", en: "Vehicle" }, type: "select", hidden: true },
];

const DAY_MS = 86_400_000;

export type AlarmRange = { from: number; to: number; fromDay: string; toDay: string; error: null } | { fromDay: string; toDay: string; error: "badDate" | "fromAfterTo" | "rangeTooLong" };

/**
 * The time range of the list from its `from` / `to` days (days of the tenant's zone, both inclusive): today when
 * unset, a missing end is the start's day and a missing start the end's; refused when not dates, reversed, or
 * longer than 31 days.
 */
export function alarmRange(filters: Record<string, string>, now = Date.now(), timeZone: string = DEFAULT_TIME_ZONE): AlarmRange {
  const today = dayOf(now, timeZone);
  const fromDay = filters.from ?? filters.to ?? today;
  const toDay = filters.to ?? filters.from ?? today;
  const from = dayStartMs(fromDay, timeZone);
  const to = dayEndMs(toDay, timeZone);
  if (from === null || to === null) return { fromDay, toDay, error: "badDate" };
  if (fromDay > toDay) return { fromDay, toDay, error: "fromAfterTo" };
  // calendar days, whatever their length in the zone
  if ((Date.parse(toDay) - Date.parse(fromDay)) / DAY_MS + 1 > MAX_RANGE_DAYS) return { fromDay, toDay, error: "rangeTooLong" };
  return { from, to, fromDay, toDay, error: null };
}

/** A row of the list (the page and the live hook share it); `pending` rows came over the socket and await their save. */
export interface AlarmRow {
  id: number;
  hubKey: string;
  version: number;
  vehicleId: number;
  plate: string;
  terminalNo: string;
  kind: string;
  level: number;
  at: number;
  speed: number | null;
  /** "68 km/h" */
  speedText: string | null;
  position: string | null;
  /** what the rule recorded, as a sentence in the user's language (alarm-detail.ts) */
  detailText: string | null;
  /** a pushed row's raw record, written as detailText when shown */
  detail?: Record<string, unknown> | null;
  handleState: number;
  handleNote: string | null;
  handlerName: string | null;
  handledAt: number | null;
  /** yyyy-MM-dd HH:mm in the tenant's zone */
  handledAtText: string | null;
  pending?: boolean;
}

/** four decimals: about 10 m, enough to find the place, short enough for the table */
export const positionText = (lng: number | null, lat: number | null) => (lng === null || lat === null ? null : `${lng.toFixed(4)}, ${lat.toFixed(4)}`);
export const speedText = (speed: number | null) => (speed === null ? null : `${Math.round(speed)} km/h`);
export const minuteText = (ms: number | null, timeZone: string) => (ms === null ? null : stampInZone(ms, timeZone, false));
