/**
 * 安全检查 (`/safeInspectionCheck`): a site safety inspection: where, which contract and organisation, who inspected,
 * the kind of inspection, its checklist (each item judged 合格 / 不合格 / 不适用, with the machine it concerns), the
 * site photos and the conclusion. A completed inspection with failed items raises a rectification notice (安全整改)
 * or a hazard (隐患排查). The view, the form and the states (client-safe); the server half is safety-check.server.ts.
 * A document of the house (docs/documents.md, docs/safety.md).
 */
import { defineFields, defineView, INDEX_COLUMN, type OptionDef } from "~/lib/list/types";
import { defineMachine } from "~/modules/workflow/machine";

/** The states as safety_checks.state stores them. */
export const CHECK_STATE = { draft: 0, done: 1 } as const;

export const CHECK_STATES: OptionDef[] = [
  { value: String(CHECK_STATE.draft), label: { zh: "草稿", en: "Draft" }, tone: "muted" },
  { value: String(CHECK_STATE.done), label: { zh: "已完成", en: "Completed" }, tone: "success" },
];

export const CHECK_KINDS: OptionDef[] = [
  { value: "daily", label: { zh: "日常检查", en: "Routine" } },
  { value: "special", label: { zh: "专项检查", en: "Special" } },
  { value: "seasonal", label: { zh: "季节性检查", en: "Seasonal" } },
  { value: "holiday", label: { zh: "节假日检查", en: "Pre-holiday" } },
  { value: "comprehensive", label: { zh: "综合检查", en: "Comprehensive" } },
];

export const CHECK_RESULT = { pass: "pass", fail: "fail", na: "na" } as const;
export const CHECK_RESULTS: OptionDef[] = [
  { value: CHECK_RESULT.pass, label: { zh: "合格", en: "Pass" }, tone: "success" },
  { value: CHECK_RESULT.fail, label: { zh: "不合格", en: "Fail" }, tone: "danger" },
  { value: CHECK_RESULT.na, label: { zh: "不适用", en: "N/A" }, tone: "muted" },
];

/**
 * The checklist a new inspection starts with: what a lifting site is checked for (GB 6067.1, JGJ 276), each judged
 * 合格 until the inspector says otherwise; items are added, removed or reworded as the site needs.
 */
export const STANDARD_CHECKLIST: { item: string; standard: string }[] = [
  { item: "起重量/力矩限制器", standard: "灵敏可靠，超载时自动切断起升和危险方向动作" },
  { item: "高度限位器", standard: "起升高度限位动作灵敏可靠" },
  { item: "钢丝绳", standard: "无断股、扭结、压扁，断丝不超标，绳端固定可靠" },
  { item: "吊钩及防脱钩装置", standard: "吊钩无裂纹变形，防脱钩装置完好" },
  { item: "制动器", standard: "起升、回转、变幅制动可靠，无异常磨损" },
  { item: "支腿及地基", standard: "支腿全部伸出并垫实，地基承载满足要求" },
  { item: "作业区警戒", standard: "设置警戒区和警示标志，无关人员不得进入" },
  { item: "人员持证上岗", standard: "司机、司索工、信号工持有效特种作业证" },
];

export const CHECK_EDIT_CODE = "safeInspectionCheck:edit";

/** What the transitions read of an inspection. */
export interface CheckStateRow {
  id: number;
  version: number;
  state: number;
  number: string;
}

/** 完成检查 (the record is kept as it was) and 重新编辑 (while nothing was raised from it). */
export const checkStates = defineMachine<CheckStateRow>({
  kind: "safeInspectionCheck",
  stateOf: (r) => r.state,
  transitions: [
    { name: "finish", from: [CHECK_STATE.draft], to: CHECK_STATE.done, permission: CHECK_EDIT_CODE, label: "safety:check.finish", confirm: "safety:check.finishConfirm", notFrom: "safety:check.notDraft", tone: "primary" },
    { name: "reopen", from: [CHECK_STATE.done], to: CHECK_STATE.draft, permission: CHECK_EDIT_CODE, label: "safety:check.reopen", confirm: "safety:check.reopenConfirm", notFrom: "safety:check.notDone" },
  ],
});

export const checkForm = defineFields([
  { key: "checkOn", label: { zh: "检查日期", en: "Inspected on" }, type: "date", required: true },
  { key: "kind", label: { zh: "检查类型", en: "Kind" }, type: "select", options: CHECK_KINDS, required: true, defaultValue: "daily" },
  { key: "inspectorId", label: { zh: "检查人", en: "Inspector" }, type: "reference", required: true },
  { key: "orgId", label: { zh: "所属组织", en: "Organisation" }, type: "reference" },
  { key: "site", label: { zh: "检查地点/项目", en: "Site or project" }, type: "text", required: true, maxLength: 100, wide: true },
  { key: "contractId", label: { zh: "关联合同", en: "Contract" }, type: "reference", wide: true },
  { key: "conclusion", label: { zh: "检查结论", en: "Conclusion" }, type: "textarea", maxLength: 500 },
  {
    key: "items",
    label: { zh: "检查项目", en: "Checklist" },
    type: "lines",
    lines: {
      minRows: 1,
      maxRows: 100,
      addLabel: { zh: "添加检查项", en: "Add an item" },
      newRow: { result: CHECK_RESULT.pass },
      rowLabel: "item",
      fields: [
        { key: "item", label: { zh: "检查项目", en: "Item" }, type: "text", required: true, maxLength: 50, width: "w-44" },
        { key: "standard", label: { zh: "检查标准", en: "Standard" }, type: "text", maxLength: 100, width: "w-72" },
        { key: "vehicleId", label: { zh: "设备", en: "Machine" }, type: "reference", width: "w-52" },
        { key: "result", label: { zh: "结果", en: "Result" }, type: "select", options: CHECK_RESULTS, required: true, width: "w-28" },
        { key: "note", label: { zh: "说明", en: "Note" }, type: "text", maxLength: 100 },
      ],
    },
  },
  { key: "attachments", label: { zh: "现场照片", en: "Site photos" }, type: "files", limit: 9 },
]);

export const checkView = defineView({
  name: "safeInspectionCheck",
  path: "/safeInspectionCheck",
  permission: "safeInspectionCheck",
  title: { zh: "安全检查", en: "Safety Inspections" },
  singular: { zh: "安全检查", en: "safety inspection" },
  rowLabel: "number",
  document: true,
  columns: [
    INDEX_COLUMN,
    { key: "number", label: { zh: "检查单号", en: "Inspection no." }, sortable: true, fixed: true },
    { key: "state", label: { zh: "状态", en: "State" }, type: "status", options: CHECK_STATES, sortable: true },
    { key: "checkOn", label: { zh: "检查日期", en: "Inspected on" }, sortable: true },
    { key: "kind", label: { zh: "检查类型", en: "Kind" }, type: "status", options: CHECK_KINDS },
    { key: "site", label: { zh: "检查地点/项目", en: "Site or project" } },
    { key: "inspectorName", label: { zh: "检查人", en: "Inspector" } },
    { key: "items", label: { zh: "检查项", en: "Items" }, type: "number" },
    { key: "failed", label: { zh: "不合格项", en: "Failed" }, type: "number" },
    { key: "plates", label: { zh: "设备", en: "Machines" } },
    { key: "orgName", label: { zh: "所属组织", en: "Organisation" } },
    { key: "createdAt", label: { zh: "创建时间", en: "Created" }, type: "datetime", sortable: true },
  ],
  filters: [
    { key: "q", label: { zh: "单号/地点/设备", en: "No., site or machine" }, type: "text", simple: true },
    { key: "state", label: { zh: "状态", en: "State" }, type: "select", options: CHECK_STATES, simple: true },
    { key: "kind", label: { zh: "检查类型", en: "Kind" }, type: "select", options: CHECK_KINDS },
    { key: "day", label: { zh: "检查日期", en: "Inspected on" }, type: "date" },
  ],
  form: checkForm,
});
