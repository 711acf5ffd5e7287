/**
 * 巡检记录: the records made, read-only (a record is what was found; a wrong one is answered by a retest). Shown under
 * 巡检计划 as its second tab and on a machine's page. Client-safe.
 */
import { defineView, INDEX_COLUMN, type OptionDef } from "~/lib/list/types";
import { PROCEDURE_KINDS } from "./procedure.resource";

export const RESULTS: OptionDef[] = [
  { value: "1", label: { zh: "合格", en: "Passed" }, tone: "success" },
  { value: "0", label: { zh: "不合格", en: "Failed" }, tone: "danger" },
];

export const RETEST_FLAGS: OptionDef[] = [
  { value: "1", label: { zh: "复检", en: "Retest" }, tone: "warning" },
  { value: "0", label: { zh: "—", en: "—" }, tone: "muted" },
];

export const recordView = defineView({
  name: "inspectionRecord",
  path: "/inspectionPlan/records",
  screen: "/inspectionPlan",
  permission: "inspectionPlan",
  title: { zh: "巡检记录", en: "Inspection Records" },
  singular: { zh: "巡检记录", en: "inspection record" },
  rowLabel: "number",
  readOnly: true,
  form: [],
  columns: [
    INDEX_COLUMN,
    { key: "number", label: { zh: "记录编号", en: "Record no." }, sortable: true, fixed: true },
    { key: "plate", label: { zh: "设备", en: "Machine" } },
    { key: "procedureName", label: { zh: "检查工序", en: "Procedure" } },
    { key: "kind", label: { zh: "类型", en: "Kind" }, type: "status", options: PROCEDURE_KINDS },
    { key: "inspector", label: { zh: "检查人", en: "Inspector" } },
    { key: "doneOn", label: { zh: "检查日期", en: "Day" }, sortable: true },
    { key: "passed", label: { zh: "结果", en: "Result" }, type: "status", options: RESULTS },
    { key: "failedItems", label: { zh: "不合格项", en: "Failed items" }, type: "number" },
    { key: "retest", label: { zh: "复检", en: "Retest" }, type: "status", options: RETEST_FLAGS },
    { key: "createdAt", label: { zh: "提交时间", en: "Submitted" }, type: "datetime", sortable: true },
  ],
  filters: [
    { key: "q", label: { zh: "编号/设备/工序", en: "No., machine or procedure" }, type: "text", simple: true },
    { key: "passed", label: { zh: "结果", en: "Result" }, type: "select", options: RESULTS, simple: true },
    { key: "kind", label: { zh: "类型", en: "Kind" }, type: "select", options: PROCEDURE_KINDS },
  ],
});
