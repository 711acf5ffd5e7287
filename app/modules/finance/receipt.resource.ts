import { billsField } from "./bills-lines";
import { defineView, INDEX_COLUMN, type OptionDef } from "~/lib/list/types";

export const DIRECTION_OPTIONS: OptionDef[] = [
  { value: "in", label: { zh: "收款", en: "Received" }, tone: "success" },
  { value: "out", label: { zh: "付款", en: "Paid out" }, tone: "warning" },
];
export const METHOD_OPTIONS: OptionDef[] = [
  { value: "transfer", label: { zh: "银行转账", en: "Bank transfer" } },
  { value: "cash", label: { zh: "现金", en: "Cash" } },
  { value: "acceptance", label: { zh: "承兑汇票", en: "Bank acceptance" } },
  { value: "other", label: { zh: "其他", en: "Other" } },
];
export const ALLOCATION_OPTIONS: OptionDef[] = [
  { value: "auto", label: { zh: "自动核销（最早到期的账单先核销）", en: "Automatic, oldest due first" } },
  { value: "manual", label: { zh: "手工核销（按下表金额）", en: "By hand (the amounts below)" } },
  { value: "none", label: { zh: "暂不核销（全部计为预收）", en: "None (all kept as credit)" } },
];

/** /payReceiveManage 收付款管理: money received from customers (allocated to their bills, the rest credit) and paid to suppliers. */
export const receiptView = defineView({
  name: "receipt",
  path: "/payReceiveManage",
  permission: "payReceiveManage",
  title: { zh: "收付款管理", en: "Payments and Receipts" },
  singular: { zh: "收付款", en: "receipt or payment" },
  // the number is the numbering service's, given in the save's batch: the reference is what the form names it by
  rowLabel: "reference",
  columns: [
    INDEX_COLUMN,
    { key: "number", label: { zh: "单号", en: "No." }, fixed: true, sortable: true },
    { key: "direction", label: { zh: "收/付", en: "In/out" }, type: "status", options: DIRECTION_OPTIONS },
    { key: "receivedOn", label: { zh: "日期", en: "Date" }, sortable: true },
    { key: "partyName", label: { zh: "客户/供应商", en: "Customer or supplier" } },
    { key: "contractNumber", label: { zh: "合同编号", en: "Contract no." } },
    { key: "amountText", label: { zh: "金额(元)", en: "Amount (CNY)" }, money: true },
    { key: "allocatedText", label: { zh: "已核销(元)", en: "Allocated (CNY)" }, money: true },
    { key: "creditText", label: { zh: "预收余额(元)", en: "Credit (CNY)" }, money: true },
    { key: "method", label: { zh: "方式", en: "Method" }, type: "status", options: METHOD_OPTIONS },
    { key: "reference", label: { zh: "参考号", en: "Reference" } },
    { key: "billNumbers", label: { zh: "核销账单", en: "Bills" } },
    { key: "remark", label: { zh: "备注", en: "Remark" } },
  ],
  filters: [
    { key: "q", label: { zh: "单号/客户/供应商/参考号/备注", en: "Number, party, reference or remark" }, type: "text", simple: true },
    { key: "direction", label: { zh: "收/付", en: "In/out" }, type: "select", options: DIRECTION_OPTIONS, simple: true },
    { key: "method", label: { zh: "方式", en: "Method" }, type: "select", options: METHOD_OPTIONS },
    { key: "receivedOn", label: { zh: "日期", en: "Date" }, type: "date" },
    { key: "customerId", label: { zh: "客户", en: "Customer" }, type: "text", hidden: true },
  ],
  form: [
    { key: "direction", label: { zh: "收/付", en: "In/out" }, type: "select", required: true, options: DIRECTION_OPTIONS, createOnly: true, defaultValue: "in" },
    { key: "customerId", label: { zh: "客户", en: "Customer" }, type: "select", createOnly: true, hint: { zh: "收款：付款的客户", en: "Money received: the customer who paid" } },
    { key: "supplierId", label: { zh: "供应商", en: "Supplier" }, type: "select", createOnly: true, hint: { zh: "付款：收款的分包供应商", en: "A payment: the sub-contract's supplier" } },
    { key: "contractId", label: { zh: "合同", en: "Contract" }, type: "select", createOnly: true, follows: "customerId" },
    { key: "receivedOn", label: { zh: "日期", en: "Date" }, type: "date", required: true, createOnly: true },
    { key: "amount", label: { zh: "金额(元)", en: "Amount (CNY)" }, type: "text", required: true, maxLength: 20, createOnly: true, hint: { zh: "大于 0，最多两位小数", en: "Above 0, at most two decimals" } },
    { key: "method", label: { zh: "方式", en: "Method" }, type: "select", required: true, options: METHOD_OPTIONS, defaultValue: "transfer" },
    { key: "reference", label: { zh: "参考号", en: "Reference" }, type: "text", maxLength: 60, hint: { zh: "银行流水号或承兑汇票号", en: "The bank's reference or the acceptance bill's number" } },
    { key: "allocation", label: { zh: "核销方式", en: "Allocation" }, type: "select", required: true, options: ALLOCATION_OPTIONS, createOnly: true, defaultValue: "auto" },
    { key: "remark", label: { zh: "备注", en: "Remark" }, type: "textarea", maxLength: 200 },
    billsField({
      label: { zh: "核销账单", en: "Bills paid" },
      hint: { zh: "手工核销：填写各账单的金额", en: "By hand: the amount for each bill" },
      open: { zh: "未收(元)", en: "Unpaid (CNY)" },
      amount: { zh: "本次核销(元)", en: "Paid here (CNY)" },
      // the table is read only for money received and allocated by hand
      when: { allocation: ["manual"], direction: ["in"] },
    }),
  ],
});
