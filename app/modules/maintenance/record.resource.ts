/**
 * 保养记录 (`/maintenancePlan/records`, a tab of /maintenancePlan): a completed service of a plan on a machine: the day,
 * the meter then (the machine's meter of that day when left empty; never below it), who did it, the cost, the plan's
 * items checked with their result, notes and photos. Saving it starts the schedule's next cycle at once and writes the
 * machine's reading of that day. Client-safe; the server half is record.server.ts.
 */
import { defineFields, defineView, INDEX_COLUMN } from "~/lib/list/types";
import { ADD_ITEM_LABEL, ITEM_FIELD, ITEM_RESULTS, ITEMS_LABEL, MAINTENANCE_PATH, MAINTENANCE_PERMISSION } from "./maintenance";

const METER_HINT = { zh: "留空则取该设备当日表读数", en: "Empty: the machine's meter that day" };

export const recordForm = defineFields([
  { key: "planId", label: { zh: "保养计划", en: "Plan" }, type: "reference", required: true },
  { key: "vehicleId", label: { zh: "设备", en: "Machine" }, type: "reference", required: true },
  { key: "serviceOn", label: { zh: "保养日期", en: "Serviced on" }, type: "date", required: true },
  { key: "doneBy", label: { zh: "保养人", en: "Done by" }, type: "text", required: true, maxLength: 30 },
  { key: "hours", label: { zh: "保养时发动机小时", en: "Engine hours at the service" }, type: "quantity", decimals: 1, maxValue: 999_999, hint: METER_HINT },
  { key: "km", label: { zh: "保养时里程(公里)", en: "Kilometres at the service" }, type: "number", maxValue: 9_999_999, hint: METER_HINT },
  { key: "cost", label: { zh: "保养费用(元)", en: "Cost (yuan)" }, type: "money", maxValue: 10_000_000 },
  { key: "remark", label: { zh: "备注", en: "Notes" }, type: "textarea", maxLength: 500 },
  {
    key: "items",
    label: ITEMS_LABEL,
    type: "lines",
    lines: {
      minRows: 1,
      maxRows: 50,
      newRow: { result: "ok" },
      addLabel: ADD_ITEM_LABEL,
      fields: [
        ITEM_FIELD,
        { key: "result", label: { zh: "结果", en: "Result" }, type: "select", options: ITEM_RESULTS, required: true, width: "w-32" },
        { key: "note", label: { zh: "说明", en: "Note" }, type: "text", maxLength: 100 },
      ],
    },
  },
  { key: "attachments", label: { zh: "照片", en: "Photos" }, type: "files", limit: 9 },
]);

export const recordView = defineView({
  name: "maintenanceRecord",
  path: `${MAINTENANCE_PATH}/records`,
  screen: MAINTENANCE_PATH,
  permission: MAINTENANCE_PERMISSION,
  title: { zh: "保养记录", en: "Service Records" },
  singular: { zh: "保养记录", en: "service record" },
  rowLabel: "number",
  document: true,
  columns: [
    INDEX_COLUMN,
    { key: "number", label: { zh: "记录编号", en: "Record no." }, sortable: true, fixed: true },
    { key: "serviceOn", label: { zh: "保养日期", en: "Serviced on" }, sortable: true, fixed: true },
    { key: "plate", label: { zh: "设备", en: "Machine" } },
    { key: "planName", label: { zh: "保养计划", en: "Plan" } },
    { key: "meterText", label: { zh: "保养时表读数", en: "Meter at the service" }, type: "label" },
    { key: "doneBy", label: { zh: "保养人", en: "Done by" } },
    { key: "costText", label: { zh: "保养费用(元)", en: "Cost (yuan)" }, money: true },
    { key: "items", label: { zh: "项目数", en: "Items" }, type: "number" },
    { key: "abnormal", label: { zh: "异常项", en: "Abnormal" }, type: "number" },
    { key: "createdAt", label: { zh: "创建时间", en: "Created" }, type: "datetime", sortable: true, optional: true },
  ],
  filters: [
    { key: "q", label: { zh: "编号/车牌/自编号/保养人", en: "No., plate, own no. or who" }, type: "text", simple: true },
    { key: "planId", label: { zh: "保养计划", en: "Plan" }, type: "select", simple: true },
    { key: "from", label: { zh: "保养日期自", en: "Serviced from" }, type: "date" },
    { key: "to", label: { zh: "保养日期至", en: "Serviced until" }, type: "date" },
  ],
  form: recordForm,
});
