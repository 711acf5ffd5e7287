import { defineView, INDEX_COLUMN } from "~/lib/list/types";
import { CONTRACT_STATES } from "~/modules/contracts/contracts.resource";

/**
 * /contractSubManagement 子合同管理: the sub-contracts (分包/租入) with the supplier, the customer contract each serves,
 * its cost (the sub-contract's value) next to the sell (the customer contract's value) and the margin. Read-only: a
 * row opens the sub-contract's document.
 */
export const subcontractView = defineView({
  name: "subcontract",
  path: "/contractSubManagement",
  permission: "contractSubManagement",
  title: { zh: "子合同管理", en: "Sub-Contract Management" },
  singular: { zh: "分包合同", en: "sub-contract" },
  rowLabel: "name",
  readOnly: true,
  columns: [
    INDEX_COLUMN,
    { key: "number", label: { zh: "合同编号", en: "Contract no." }, sortable: true, fixed: true },
    { key: "name", label: { zh: "合同名称", en: "Name" } },
    { key: "supplierName", label: { zh: "供应商", en: "Supplier" } },
    { key: "parentNumber", label: { zh: "服务的客户合同", en: "Customer contract served" } },
    { key: "customerName", label: { zh: "客户", en: "Customer" } },
    { key: "startOn", label: { zh: "开始日期", en: "Start" }, sortable: true },
    { key: "plannedEndOn", label: { zh: "计划结束", en: "Planned end" } },
    { key: "state", label: { zh: "状态", en: "State" }, type: "status", options: CONTRACT_STATES },
    { key: "cost", label: { zh: "成本(元)", en: "Cost (CNY)" }, money: true },
    { key: "sell", label: { zh: "售价(元)", en: "Sell (CNY)" }, money: true },
    { key: "margin", label: { zh: "毛利(元)", en: "Margin (CNY)" }, money: true },
    { key: "marginRate", label: { zh: "毛利率", en: "Margin %" } },
  ],
  filters: [
    { key: "q", label: { zh: "合同编号/名称/供应商/客户合同", en: "Number, name, supplier or customer contract" }, type: "text", simple: true },
    { key: "state", label: { zh: "状态", en: "State" }, type: "select", options: CONTRACT_STATES, simple: true },
  ],
  form: [],
});
