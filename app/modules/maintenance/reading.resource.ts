/**
 * 表读数 (`/maintenancePlan/readings`, a tab of /maintenancePlan): a machine's engine hours and kilometres on a day,
 * entered by hand (录入读数) or written by a service record. A machine's meter is its last valid reading plus the hub's
 * daily roll-ups since; a reading below the meter of its day, or above a later reading, is refused naming the figure.
 * A wrong one is voided with a reason (作废) and kept. Client-safe; the server half is reading.server.ts.
 */
import { defineFields, defineView, INDEX_COLUMN } from "~/lib/list/types";
import { defineMachine } from "~/modules/workflow/machine";
import { MAINTENANCE_EDIT_CODE, MAINTENANCE_PATH, MAINTENANCE_PERMISSION, READING_SOURCE, READING_SOURCES, READING_STATE, READING_STATES } from "./maintenance";

/** What 作废 reads of a reading. */
export interface ReadingStateRow {
  id: number;
  version: number;
  state: number;
  source: string;
  label: string;
  vehicleId: number;
}

/** 作废: with a reason; a reading a service record wrote goes with its record, never on its own. */
export const readingStates = defineMachine<ReadingStateRow>({
  kind: "meterReading",
  stateOf: (r) => r.state,
  transitions: [
    {
      name: "void",
      from: [READING_STATE.valid],
      to: READING_STATE.void,
      permission: MAINTENANCE_EDIT_CODE,
      label: "maintenance:void",
      confirm: "maintenance:voidConfirm",
      tone: "danger",
      notFrom: "maintenance:alreadyVoid",
      asks: [{ key: "reason", label: "maintenance:voidReason", required: true, maxLength: 100, requiredMessage: "maintenance:voidReasonRequired" }],
      guard: (r) => (r.source === READING_SOURCE.service ? { message: "maintenance:serviceReading", status: 409 } : null),
    },
  ],
});

export const readingForm = defineFields([
  { key: "vehicleId", label: { zh: "设备", en: "Machine" }, type: "select", required: true },
  { key: "readOn", label: { zh: "读数日期", en: "Day" }, type: "date", required: true },
  { key: "hours", label: { zh: "发动机小时", en: "Engine hours" }, type: "quantity", decimals: 1, maxValue: 999_999, hint: { zh: "仪表盘上的累计小时，一位小数", en: "The hour meter on the dashboard, one decimal" } },
  { key: "km", label: { zh: "里程(公里)", en: "Kilometres" }, type: "number", maxValue: 9_999_999 },
  { key: "remark", label: { zh: "备注", en: "Remark" }, type: "text", maxLength: 100 },
]);

export const readingView = defineView({
  name: "meterReading",
  path: `${MAINTENANCE_PATH}/readings`,
  screen: MAINTENANCE_PATH,
  permission: MAINTENANCE_PERMISSION,
  title: { zh: "表读数", en: "Meter Readings" },
  singular: { zh: "表读数", en: "meter reading" },
  rowLabel: "plate",
  columns: [
    INDEX_COLUMN,
    { key: "plate", label: { zh: "设备", en: "Machine" }, fixed: true },
    { key: "readOn", label: { zh: "读数日期", en: "Day" }, sortable: true, fixed: true },
    { key: "hoursText", label: { zh: "发动机小时", en: "Engine hours" } },
    { key: "kmText", label: { zh: "里程(公里)", en: "Kilometres" } },
    { key: "source", label: { zh: "来源", en: "Source" }, type: "status", options: READING_SOURCES },
    { key: "state", label: { zh: "状态", en: "State" }, type: "status", options: READING_STATES },
    { key: "voidReason", label: { zh: "作废原因", en: "Why void" } },
    { key: "remark", label: { zh: "备注", en: "Remark" } },
    { key: "creatorName", label: { zh: "录入人", en: "Entered by" } },
    { key: "createdAt", label: { zh: "录入时间", en: "Entered" }, type: "datetime", sortable: true },
  ],
  filters: [
    { key: "q", label: { zh: "车牌/自编号", en: "Plate or own no." }, type: "text", simple: true },
    { key: "state", label: { zh: "状态", en: "State" }, type: "select", options: READING_STATES, simple: true },
    { key: "source", label: { zh: "来源", en: "Source" }, type: "select", options: READING_SOURCES },
  ],
  form: readingForm,
});
