/**
 * 隐患排查 (`/hazardInvestigation`): a hidden danger found on a site: when and where, the machine it concerns, its level
 * and where it came from (a patrol, an inspection, a worker's report…), what it is, its photos and the organisation
 * answerable for it. Its state follows its rectification notice (安全整改): 待整改 until a notice for it is issued, 整改中
 * while the notice runs, 已整改 once the notice is done. The view and the form (client-safe); the server half is
 * hazard.server.ts (docs/safety.md).
 */
import { defineFields, defineView, INDEX_COLUMN, type OptionDef } from "~/lib/list/types";
import { REFORM_STATE } from "./reform.resource";

/** A hazard's states: where its rectification notice is (never stored: hazardStateOf). */
export const HAZARD_STATE = { pending: 0, rectifying: 1, done: 2 } as const;

/** A hazard's state from its notice's (none: 待整改): 整改中 once the notice is issued, 已整改 once it is done. */
export function hazardStateOf(reformState: number | null | undefined): number {
  if (reformState === null || reformState === undefined || reformState < REFORM_STATE.issued) return HAZARD_STATE.pending;
  return reformState === REFORM_STATE.done ? HAZARD_STATE.done : HAZARD_STATE.rectifying;
}

export const HAZARD_STATES: OptionDef[] = [
  { value: String(HAZARD_STATE.pending), label: { zh: "待整改", en: "To rectify" }, tone: "warning" },
  { value: String(HAZARD_STATE.rectifying), label: { zh: "整改中", en: "Rectifying" } },
  { value: String(HAZARD_STATE.done), label: { zh: "已整改", en: "Rectified" }, tone: "success" },
];

export const HAZARD_LEVELS: OptionDef[] = [
  { value: "general", label: { zh: "一般隐患", en: "Ordinary" }, tone: "muted" },
  { value: "larger", label: { zh: "较大隐患", en: "Serious" }, tone: "warning" },
  { value: "major", label: { zh: "重大隐患", en: "Major" }, tone: "danger" },
];

export const HAZARD_SOURCE = { check: "check" } as const;
export const HAZARD_SOURCES: OptionDef[] = [
  { value: "patrol", label: { zh: "日常巡检", en: "Routine patrol" } },
  { value: "special", label: { zh: "专项检查", en: "Special inspection" } },
  { value: HAZARD_SOURCE.check, label: { zh: "安全检查", en: "Safety inspection" } },
  { value: "staff", label: { zh: "员工上报", en: "Staff report" } },
  { value: "authority", label: { zh: "上级检查", en: "Authority inspection" } },
];

export const hazardForm = defineFields([
  { key: "foundOn", label: { zh: "发现日期", en: "Found on" }, type: "date", required: true },
  { key: "level", label: { zh: "隐患等级", en: "Level" }, type: "select", options: HAZARD_LEVELS, required: true, defaultValue: "general" },
  { key: "source", label: { zh: "隐患来源", en: "Source" }, type: "select", options: HAZARD_SOURCES, required: true, defaultValue: "patrol" },
  { key: "checkId", label: { zh: "来源检查单", en: "Inspection" }, type: "reference", required: true, when: { source: [HAZARD_SOURCE.check] } },
  { key: "place", label: { zh: "隐患部位/地点", en: "Place" }, type: "text", required: true, maxLength: 100, wide: true },
  { key: "vehicleId", label: { zh: "涉及设备", en: "Machine" }, type: "reference" },
  { key: "orgId", label: { zh: "责任单位", en: "Responsible organisation" }, type: "reference" },
  { key: "description", label: { zh: "隐患描述", en: "Description" }, type: "textarea", required: true, maxLength: 500 },
  { key: "suggestion", label: { zh: "整改建议", en: "Suggested fix" }, type: "textarea", maxLength: 200 },
  { key: "attachments", label: { zh: "隐患照片", en: "Photos" }, type: "files", limit: 9 },
]);

export const hazardView = defineView({
  name: "hazardInvestigation",
  path: "/hazardInvestigation",
  permission: "hazardInvestigation",
  title: { zh: "隐患排查", en: "Hazard Investigation" },
  singular: { zh: "安全隐患", en: "hazard" },
  rowLabel: "number",
  document: true,
  columns: [
    INDEX_COLUMN,
    { key: "number", label: { zh: "隐患编号", en: "Hazard no." }, sortable: true, fixed: true },
    { key: "state", label: { zh: "状态", en: "State" }, type: "status", options: HAZARD_STATES },
    { key: "level", label: { zh: "隐患等级", en: "Level" }, type: "status", options: HAZARD_LEVELS },
    { key: "source", label: { zh: "隐患来源", en: "Source" }, type: "status", options: HAZARD_SOURCES },
    { key: "foundOn", label: { zh: "发现日期", en: "Found on" }, sortable: true },
    { key: "place", label: { zh: "隐患部位/地点", en: "Place" } },
    { key: "plate", label: { zh: "涉及设备", en: "Machine" } },
    { key: "description", label: { zh: "隐患描述", en: "Description" } },
    { key: "orgName", label: { zh: "责任单位", en: "Responsible organisation" } },
    { key: "reformNumber", label: { zh: "整改通知单", en: "Rectification notice" } },
    { key: "createdAt", label: { zh: "登记时间", en: "Registered" }, type: "datetime", sortable: true },
  ],
  filters: [
    { key: "q", label: { zh: "编号/地点/描述/设备", en: "No., place, description or machine" }, type: "text", simple: true },
    { key: "state", label: { zh: "状态", en: "State" }, type: "select", options: HAZARD_STATES, simple: true },
    { key: "level", label: { zh: "隐患等级", en: "Level" }, type: "select", options: HAZARD_LEVELS, simple: true },
    { key: "source", label: { zh: "隐患来源", en: "Source" }, type: "select", options: HAZARD_SOURCES },
  ],
  form: hazardForm,
});
