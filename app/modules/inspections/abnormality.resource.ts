/**
 * 异常上报 (`/abnormalReport`): an abnormality of a machine, raised by a failed inspection item (the record names it),
 * from a fault alarm (its SPN/FMI in words), or by hand; its severity; closed with a reason. Client-safe; the server
 * half is abnormality.server.ts.
 */
import { defineFields, defineView, INDEX_COLUMN, type OptionDef } from "~/lib/list/types";
import { defineMachine } from "~/modules/workflow/machine";

export const ABNORMALITY_SOURCES: OptionDef[] = [
  { value: "inspection", label: { zh: "巡检不合格", en: "Failed inspection" } },
  { value: "alarm", label: { zh: "故障告警", en: "Fault alarm" } },
  { value: "manual", label: { zh: "人工上报", en: "Reported" } },
];

export const SEVERITIES: OptionDef[] = [
  { value: "normal", label: { zh: "一般", en: "Minor" } },
  { value: "serious", label: { zh: "严重", en: "Serious" }, tone: "warning" },
  { value: "urgent", label: { zh: "紧急", en: "Urgent" }, tone: "danger" },
];

export const ABNORMALITY_STATE = { open: 0, closed: 1, repair: 2 } as const;
export const ABNORMALITY_STATES: OptionDef[] = [
  { value: String(ABNORMALITY_STATE.open), label: { zh: "待处理", en: "Open" }, tone: "warning" },
  { value: String(ABNORMALITY_STATE.closed), label: { zh: "已关闭", en: "Closed" }, tone: "muted" },
  { value: String(ABNORMALITY_STATE.repair), label: { zh: "已转维修", en: "Under repair" }, tone: "success" },
];

export const ABNORMALITY_CLOSE_CODE = "abnormalReport:edit";

export interface AbnormalityStateRow {
  id: number;
  version: number;
  state: number;
  number: string;
}

/** 关闭 with a reason (处理结果), and 重新打开. */
export const abnormalityStates = defineMachine<AbnormalityStateRow>({
  kind: "abnormality",
  stateOf: (r) => r.state,
  transitions: [
    {
      name: "close",
      from: [ABNORMALITY_STATE.open],
      to: ABNORMALITY_STATE.closed,
      permission: ABNORMALITY_CLOSE_CODE,
      label: "inspection:close",
      confirm: "inspection:closeConfirm",
      notFrom: "inspection:notOpen",
      asks: [{ key: "closeReason", label: "inspection:closeReason", required: true, maxLength: 200 }],
    },
    { name: "reopen", from: [ABNORMALITY_STATE.closed], to: ABNORMALITY_STATE.open, permission: ABNORMALITY_CLOSE_CODE, label: "inspection:reopen", confirm: "inspection:reopenConfirm", notFrom: "inspection:notClosed" },
  ],
});

export const abnormalityForm = defineFields([
  { key: "vehicleId", label: { zh: "设备", en: "Machine" }, type: "reference", required: true },
  { key: "title", label: { zh: "异常描述", en: "What is wrong" }, type: "text", required: true, maxLength: 50 },
  { key: "severity", label: { zh: "严重程度", en: "Severity" }, type: "select", options: SEVERITIES, required: true },
  { key: "foundOn", label: { zh: "发现日期", en: "Found on" }, type: "date", required: true },
  { key: "detail", label: { zh: "详细说明", en: "Details" }, type: "textarea", maxLength: 500 },
  { key: "alarmId", label: { zh: "告警", en: "Alarm" }, type: "number", show: "hidden" },
  { key: "attachments", label: { zh: "照片", en: "Photos" }, type: "files", limit: 5 },
]);

export const abnormalityView = defineView({
  name: "abnormalReport",
  path: "/abnormalReport",
  permission: "abnormalReport",
  title: { zh: "异常上报", en: "Issue Reporting" },
  singular: { zh: "设备异常", en: "machine issue" },
  rowLabel: "number",
  document: true,
  columns: [
    INDEX_COLUMN,
    { key: "number", label: { zh: "异常编号", en: "Issue no." }, sortable: true, fixed: true },
    { key: "plate", label: { zh: "设备", en: "Machine" } },
    { key: "title", label: { zh: "异常描述", en: "What is wrong" } },
    { key: "source", label: { zh: "来源", en: "Source" }, type: "status", options: ABNORMALITY_SOURCES },
    { key: "severity", label: { zh: "严重程度", en: "Severity" }, type: "status", options: SEVERITIES, sortable: true },
    { key: "state", label: { zh: "状态", en: "State" }, type: "status", options: ABNORMALITY_STATES, sortable: true },
    { key: "foundOn", label: { zh: "发现日期", en: "Found on" }, sortable: true },
    { key: "recordNumber", label: { zh: "巡检记录", en: "Inspection record" } },
    { key: "closeReason", label: { zh: "处理结果", en: "Outcome" } },
    { key: "createdAt", label: { zh: "上报时间", en: "Reported" }, type: "datetime", sortable: true },
  ],
  filters: [
    { key: "q", label: { zh: "编号/设备/描述", en: "No., machine or description" }, type: "text", simple: true },
    { key: "state", label: { zh: "状态", en: "State" }, type: "select", options: ABNORMALITY_STATES, simple: true },
    { key: "severity", label: { zh: "严重程度", en: "Severity" }, type: "select", options: SEVERITIES },
    { key: "source", label: { zh: "来源", en: "Source" }, type: "select", options: ABNORMALITY_SOURCES },
  ],
  form: abnormalityForm,
});
