import { defineView, INDEX_COLUMN, type OptionDef } from "~/lib/list/types";

export const COST_KIND_OPTIONS: OptionDef[] = [
  { value: "transport", label: { zh: "运输费", en: "Transport" } },
  { value: "install", label: { zh: "安拆费", en: "Installation and dismantling" } },
  { value: "repair", label: { zh: "维修费", en: "Repairs" } },
  { value: "insurance", label: { zh: "保险费", en: "Insurance" } },
  { value: "wages", label: { zh: "操作手工资", en: "Operators' wages" } },
  { value: "subcontract", label: { zh: "分包费", en: "Sub-contract" } },
  { value: "other", label: { zh: "其他", en: "Other" } },
];

/** /contractEquipmentCost 合同设备费用: costs booked against a contract (and one of its lines), giving each contract's margin. */
export const costView = defineView({
  name: "contractCost",
  path: "/contractEquipmentCost",
  permission: "contractEquipmentCost",
  title: { zh: "合同设备费用", en: "Contract Equipment Costs" },
  singular: { zh: "设备费用", en: "equipment cost" },
  rowLabel: "remark",
  columns: [
    INDEX_COLUMN,
    { key: "occurredOn", label: { zh: "发生日期", en: "Date" }, sortable: true, fixed: true },
    { key: "contractNumber", label: { zh: "合同编号", en: "Contract no." }, fixed: true },
    { key: "customerName", label: { zh: "客户", en: "Customer" } },
    { key: "lineLabel", label: { zh: "设备", en: "Equipment" } },
    { key: "kind", label: { zh: "费用类型", en: "Cost type" }, type: "status", options: COST_KIND_OPTIONS },
    { key: "amountText", label: { zh: "金额(元)", en: "Amount (CNY)" }, money: true },
    { key: "supplierName", label: { zh: "供应商", en: "Supplier" } },
    { key: "remark", label: { zh: "备注", en: "Remark" } },
    { key: "attachmentCount", label: { zh: "附件", en: "Attachments" }, type: "number" },
  ],
  filters: [
    { key: "q", label: { zh: "合同编号/客户/供应商/备注", en: "Contract, customer, supplier or remark" }, type: "text", simple: true },
    { key: "kind", label: { zh: "费用类型", en: "Cost type" }, type: "select", options: COST_KIND_OPTIONS, simple: true },
    { key: "occurredOn", label: { zh: "发生日期", en: "Date" }, type: "date" },
    { key: "contractId", label: { zh: "合同", en: "Contract" }, type: "text", hidden: true },
  ],
  form: [
    { key: "contractId", label: { zh: "合同", en: "Contract" }, type: "select", required: true, hint: { zh: "您可见的合同：合同编号 · 客户", en: "A contract you can see: number · customer" } },
    { key: "lineId", label: { zh: "合同设备", en: "Contract line" }, type: "select", hint: { zh: "可选：费用所属的设备行（须属于所选合同）", en: "Optional: the line the cost belongs to (of the contract chosen)" } },
    { key: "kind", label: { zh: "费用类型", en: "Cost type" }, type: "select", required: true, options: COST_KIND_OPTIONS },
    { key: "amount", label: { zh: "金额(元)", en: "Amount (CNY)" }, type: "text", required: true, maxLength: 20, hint: { zh: "大于 0，最多两位小数，如 3,500.00", en: "Above 0, at most two decimals, e.g. 3,500.00" } },
    { key: "occurredOn", label: { zh: "发生日期", en: "Date" }, type: "date", required: true },
    { key: "supplierId", label: { zh: "供应商", en: "Supplier" }, type: "select" },
    { key: "remark", label: { zh: "备注", en: "Remark" }, type: "textarea", maxLength: 200 },
  ],
});
