/**
 * 工序管理 (`/procedureManage`): the check procedures (点检 / 巡检 / 保养 templates) per equipment type, each a list of
 * items an inspector works through: pass or fail, a reading with its range and unit, a choice (some answers failing
 * it), a photo, a signature. Every save raises the procedure's revision (版本), and a record keeps the items and the
 * revision it was filled in with. A 点检 marked 出车前必检 is the daily pre-use check of its equipment type: a machine of
 * that type without today's passed one goes on no trip and no 派车 (inspection-gate.server.ts). Client-safe; the
 * server half is procedure.server.ts. A document of the house (docs/documents.md).
 */
import { defineFields, defineView, INDEX_COLUMN, type OptionDef } from "~/lib/list/types";
import { VEHICLE_TYPES } from "~/modules/telematics/vehicle-types";
import { defineMachine } from "~/modules/workflow/machine";

export const PROCEDURE_KINDS: OptionDef[] = [
  { value: "spot", label: { zh: "点检", en: "Spot check" } },
  { value: "patrol", label: { zh: "巡检", en: "Patrol inspection" } },
  { value: "service", label: { zh: "保养", en: "Service" } },
];

/** What an item asks of the inspector. */
export const ITEM_KINDS: OptionDef[] = [
  { value: "pass", label: { zh: "合格/不合格", en: "Pass / fail" } },
  { value: "reading", label: { zh: "读数", en: "Reading" } },
  { value: "choice", label: { zh: "选项", en: "Choice" } },
  { value: "photo", label: { zh: "拍照", en: "Photo" } },
  { value: "signature", label: { zh: "签字", en: "Signature" } },
];

export const PROCEDURE_STATE = { enabled: 0, disabled: 1 } as const;
export const PROCEDURE_STATES: OptionDef[] = [
  { value: String(PROCEDURE_STATE.enabled), label: { zh: "启用", en: "In use" }, tone: "success" },
  { value: String(PROCEDURE_STATE.disabled), label: { zh: "停用", en: "Disabled" }, tone: "muted" },
];

export const PRE_USE_FLAGS: OptionDef[] = [
  { value: "1", label: { zh: "出车前必检", en: "Required before use" }, tone: "warning" },
  { value: "0", label: { zh: "否", en: "No" }, tone: "muted" },
];

export const PROCEDURE_EDIT_CODE = "procedureManage:edit";

export interface ProcedureStateRow {
  id: number;
  version: number;
  state: number;
  number: string;
}

/** 停用 (no new plan or record uses it; the records made keep it) and 启用. */
export const procedureStates = defineMachine<ProcedureStateRow>({
  kind: "procedure",
  stateOf: (r) => r.state,
  transitions: [
    { name: "disable", from: [PROCEDURE_STATE.enabled], to: PROCEDURE_STATE.disabled, permission: PROCEDURE_EDIT_CODE, label: "inspection:disable", confirm: "inspection:disableConfirm", notFrom: "inspection:notEnabled" },
    { name: "enable", from: [PROCEDURE_STATE.disabled], to: PROCEDURE_STATE.enabled, permission: PROCEDURE_EDIT_CODE, label: "inspection:enable", confirm: "inspection:enableConfirm", notFrom: "inspection:notDisabled" },
  ],
});

export const procedureForm = defineFields([
  { key: "name", label: { zh: "工序名称", en: "Procedure" }, type: "text", required: true, maxLength: 50 },
  { key: "kind", label: { zh: "类型", en: "Kind" }, type: "select", options: PROCEDURE_KINDS, required: true },
  { key: "equipmentType", label: { zh: "设备类型", en: "Equipment type" }, type: "select", options: VEHICLE_TYPES, hint: { zh: "留空表示适用所有设备", en: "Empty: every machine" } },
  {
    key: "preUse",
    label: { zh: "出车前必检", en: "Required before use" },
    type: "flag",
    hint: { zh: "该类型设备当日未通过此点检，不能出车、不能派车", en: "A machine of this type without today's passed check goes on no trip and no dispatch" },
  },
  { key: "remark", label: { zh: "备注", en: "Remark" }, type: "textarea", maxLength: 200 },
  {
    key: "items",
    label: { zh: "检查项目", en: "Check items" },
    type: "lines",
    lines: {
      minRows: 1,
      maxRows: 100,
      startRows: 1,
      unique: ["name"],
      layout: "blocks",
      addLabel: { zh: "添加检查项", en: "Add an item" },
      moreLabel: { zh: "读数范围与选项", en: "Range and choices" },
      newRow: { itemKind: "pass", required: "1" },
      fields: [
        { key: "name", label: { zh: "检查项", en: "Item" }, type: "text", required: true, maxLength: 50 },
        { key: "itemKind", label: { zh: "记录方式", en: "Recorded as" }, type: "select", options: ITEM_KINDS, required: true },
        { key: "standard", label: { zh: "检查标准", en: "Standard" }, type: "text", maxLength: 100 },
        { key: "required", label: { zh: "必填", en: "Required" }, type: "flag" },
        { key: "unit", label: { zh: "单位", en: "Unit" }, type: "text", maxLength: 10, more: true },
        { key: "minValue", label: { zh: "下限", en: "Minimum" }, type: "quantity", decimals: 1, maxValue: 1_000_000, more: true },
        { key: "maxValue", label: { zh: "上限", en: "Maximum" }, type: "quantity", decimals: 1, maxValue: 1_000_000, more: true },
        { key: "choices", label: { zh: "选项（用、分隔）", en: "Choices (separated by 、)" }, type: "text", maxLength: 100, more: true },
        { key: "failChoices", label: { zh: "不合格选项", en: "Failing choices" }, type: "text", maxLength: 100, more: true },
      ],
    },
  },
]);

export const procedureView = defineView({
  name: "procedureManage",
  path: "/procedureManage",
  permission: "procedureManage",
  title: { zh: "工序管理", en: "Procedure Management" },
  singular: { zh: "检查工序", en: "check procedure" },
  rowLabel: "name",
  document: true,
  columns: [
    INDEX_COLUMN,
    { key: "number", label: { zh: "编号", en: "No." }, sortable: true, fixed: true },
    { key: "name", label: { zh: "工序名称", en: "Procedure" }, sortable: true },
    { key: "kind", label: { zh: "类型", en: "Kind" }, type: "status", options: PROCEDURE_KINDS },
    { key: "equipmentType", label: { zh: "设备类型", en: "Equipment type" }, type: "status", options: VEHICLE_TYPES, empty: { zh: "全部", en: "All" } },
    { key: "preUse", label: { zh: "出车前必检", en: "Before use" }, type: "status", options: PRE_USE_FLAGS },
    { key: "items", label: { zh: "检查项数", en: "Items" }, type: "number" },
    { key: "revision", label: { zh: "版本", en: "Revision" }, type: "number" },
    { key: "state", label: { zh: "状态", en: "State" }, type: "status", options: PROCEDURE_STATES, sortable: true },
    { key: "updatedAt", label: { zh: "更新时间", en: "Updated" }, type: "datetime", sortable: true },
  ],
  filters: [
    { key: "q", label: { zh: "编号/名称", en: "No. or name" }, type: "text", simple: true },
    { key: "kind", label: { zh: "类型", en: "Kind" }, type: "select", options: PROCEDURE_KINDS, simple: true },
    { key: "equipmentType", label: { zh: "设备类型", en: "Equipment type" }, type: "select", options: VEHICLE_TYPES },
  ],
  form: procedureForm,
});
