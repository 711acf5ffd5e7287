import { defineView, INDEX_COLUMN } from "~/lib/list/types";
import { CONTRACT_KIND_OPTIONS, CONTRACT_STATES } from "./contracts.resource";

/**
 * 合同计划 (`/contractPlan`): the instalments of the contracts' payment plans across contracts (the version in force),
 * due date first: what each customer owes when. Read-only here (a plan is edited on its contract's document); export
 * to Excel.
 */
export const contractPlanView = defineView({
  name: "contractPlan",
  path: "/contractPlan",
  permission: "contractPlan",
  title: { zh: "合同计划", en: "Contract Plans" },
  singular: { zh: "付款计划", en: "instalment" },
  rowLabel: "remark",
  readOnly: true,
  columns: [
    INDEX_COLUMN,
    { key: "dueOn", label: { zh: "应付日期", en: "Due" }, sortable: true, fixed: true },
    { key: "number", label: { zh: "合同编号", en: "Contract no." }, sortable: true },
    { key: "contractName", label: { zh: "合同名称", en: "Contract name" } },
    { key: "kind", label: { zh: "合同类型", en: "Kind" }, type: "status", options: CONTRACT_KIND_OPTIONS },
    { key: "party", label: { zh: "客户/供应商", en: "Customer / supplier" } },
    { key: "seq", label: { zh: "期数", en: "Instalment" }, type: "number" },
    { key: "amount", label: { zh: "金额(元)", en: "Amount (¥)" }, money: true },
    { key: "contractState", label: { zh: "合同状态", en: "Contract state" }, type: "status", options: CONTRACT_STATES },
    { key: "remark", label: { zh: "备注", en: "Remark" } },
  ],
  filters: [
    { key: "q", label: { zh: "合同编号/名称/客户", en: "Contract no., name or customer" }, type: "text", simple: true },
    { key: "dueFrom", label: { zh: "应付日期起", en: "Due from" }, type: "date", simple: true },
    { key: "dueTo", label: { zh: "应付日期止", en: "Due until" }, type: "date", simple: true },
    { key: "state", label: { zh: "合同状态", en: "Contract state" }, type: "select", options: CONTRACT_STATES },
    { key: "kind", label: { zh: "合同类型", en: "Kind" }, type: "select", options: CONTRACT_KIND_OPTIONS },
  ],
  form: [],
});
