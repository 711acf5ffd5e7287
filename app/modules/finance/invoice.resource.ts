import { billsField } from "./bills-lines";
import { defineView, INDEX_COLUMN, type OptionDef } from "~/lib/list/types";
import { defineMachine } from "~/modules/workflow/machine";
import { INVOICE_STATE } from "../../../db/states";

export const INVOICE_KIND_OPTIONS: OptionDef[] = [
  { value: "special", label: { zh: "增值税专用发票", en: "VAT special invoice" } },
  { value: "ordinary", label: { zh: "增值税普通发票", en: "VAT ordinary invoice" } },
];
/** the rates an invoice may carry, posted as basis points */
export const INVOICE_RATE_OPTIONS: OptionDef[] = [
  { value: "1300", label: { zh: "13%", en: "13%" } },
  { value: "900", label: { zh: "9%", en: "9%" } },
  { value: "600", label: { zh: "6%", en: "6%" } },
  { value: "300", label: { zh: "3%", en: "3%" } },
];
export const INVOICE_STATE_OPTIONS: OptionDef[] = [
  { value: "0", label: { zh: "有效", en: "Valid" }, tone: "success" },
  { value: "1", label: { zh: "已作废", en: "Void" }, tone: "muted" },
];

/** /receiptsEnterList 发票登记 (its menu and title alike: it registers invoices, not receipts): the VAT invoices issued against confirmed bills (what each covers of which bill). */
export const invoiceView = defineView({
  name: "invoice",
  path: "/receiptsEnterList",
  permission: "receiptsEnterList",
  title: { zh: "发票登记", en: "Invoice Register" },
  singular: { zh: "发票", en: "invoice" },
  rowLabel: "number",
  columns: [
    INDEX_COLUMN,
    { key: "number", label: { zh: "发票号码", en: "Invoice no." }, fixed: true, sortable: true },
    { key: "kind", label: { zh: "发票类型", en: "Kind" }, type: "status", options: INVOICE_KIND_OPTIONS },
    { key: "issuedOn", label: { zh: "开票日期", en: "Issued" }, sortable: true },
    { key: "customerName", label: { zh: "客户", en: "Customer" } },
    { key: "contractNumber", label: { zh: "合同编号", en: "Contract no." } },
    { key: "rateText", label: { zh: "税率", en: "Rate" } },
    { key: "amountText", label: { zh: "价税合计(元)", en: "Amount (CNY)" }, money: true },
    { key: "taxText", label: { zh: "税额(元)", en: "Tax (CNY)" }, money: true },
    { key: "netText", label: { zh: "不含税(元)", en: "Net (CNY)" }, money: true },
    { key: "billNumbers", label: { zh: "开票账单", en: "Bills" } },
    { key: "state", label: { zh: "状态", en: "State" }, type: "status", options: INVOICE_STATE_OPTIONS },
    { key: "remark", label: { zh: "备注", en: "Remark" } },
  ],
  filters: [
    { key: "q", label: { zh: "发票号码/客户/账单/备注", en: "Invoice, customer, bill or remark" }, type: "text", simple: true },
    { key: "kind", label: { zh: "发票类型", en: "Kind" }, type: "select", options: INVOICE_KIND_OPTIONS, simple: true },
    { key: "state", label: { zh: "状态", en: "State" }, type: "select", options: INVOICE_STATE_OPTIONS, simple: true },
    { key: "issuedOn", label: { zh: "开票日期", en: "Issued" }, type: "date" },
  ],
  form: [
    { key: "number", label: { zh: "发票号码", en: "Invoice no." }, type: "text", required: true, maxLength: 30, createOnly: true, hint: { zh: "发票上印的号码，同一租户内不能重复", en: "As printed on the invoice; unique in the company" } },
    { key: "kind", label: { zh: "发票类型", en: "Kind" }, type: "select", required: true, options: INVOICE_KIND_OPTIONS, createOnly: true, defaultValue: "special" },
    { key: "taxRate", label: { zh: "税率", en: "Tax rate" }, type: "select", required: true, options: INVOICE_RATE_OPTIONS, createOnly: true, defaultValue: "900" },
    { key: "customerId", label: { zh: "客户", en: "Customer" }, type: "select", required: true, createOnly: true },
    { key: "contractId", label: { zh: "合同", en: "Contract" }, type: "select", createOnly: true, follows: "customerId", hint: { zh: "可选：该客户的合同", en: "Optional: a contract of this customer" } },
    { key: "issuedOn", label: { zh: "开票日期", en: "Issued" }, type: "date", required: true, createOnly: true },
    { key: "amount", label: { zh: "价税合计(元)", en: "Amount with tax (CNY)" }, type: "text", required: true, maxLength: 20, createOnly: true, hint: { zh: "含税金额；税额 = 金额 × 税率 ÷ (1 + 税率)", en: "Tax included; tax = amount × rate ÷ (1 + rate)" } },
    { key: "remark", label: { zh: "备注", en: "Remark" }, type: "textarea", maxLength: 200 },
    billsField({
      label: { zh: "开票账单", en: "Bills invoiced" },
      hint: { zh: "已确认或已锁定、尚有未开票金额的账单；勾选后默认开全部未开票金额", en: "Confirmed or locked bills with an uninvoiced remainder; a ticked bill takes its whole remainder by default" },
      open: { zh: "未开票", en: "Uninvoiced" },
      amount: { zh: "本次开票(元)", en: "Invoiced here (CNY)" },
    }),
  ],
});

/**
 * An invoice's states: valid, then void (作废, with the edit code): its amounts stop counting against the bills it
 * covered, which the engine gives back in the same batch (invoice.server.ts, invoiceMachine). Never deleted.
 */
export const invoiceStates = defineMachine<{ id: number; state: number | string; number: string }>({
  kind: "invoice",
  stateOf: (r) => Number(r.state),
  transitions: [
    {
      name: "void",
      from: [INVOICE_STATE.valid],
      to: INVOICE_STATE.void,
      permission: "receiptsEnterList:edit",
      label: "finance:invoice.void",
      confirm: "finance:invoice.voidSelected",
      tone: "danger",
      notFrom: "finance:invoice.alreadyVoid",
    },
  ],
});
