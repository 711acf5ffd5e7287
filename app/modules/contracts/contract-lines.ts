/**
 * The contract document's head fields and its three tables as declared fields (client-safe; the page draws the head
 * with the house's HeadFields and the tables with LinesField on Conform's form, the server judges them with
 * ContractSchema): the machines, each a block of its price terms with the rarer ones under 更多条款; the one-off fees;
 * the payment plan.
 */
import type { FormFieldDef } from "~/lib/list/types";
import { FORM_MAX_ROWS } from "~/lib/posted-form";
import { VEHICLE_TYPES } from "~/modules/telematics/vehicle-types";
import { CONTRACT_KIND_OPTIONS, DAY_COUNT_OPTIONS, FEE_KIND_OPTIONS, PRICE_TAX_OPTIONS } from "./contracts.resource";

const money = (key: string, zh: string, en: string, more = false): FormFieldDef => ({ key, label: { zh, en }, type: "money", more });
const decimal = (key: string, zh: string, en: string): FormFieldDef => ({ key, label: { zh, en }, type: "quantity", decimals: 1, more: true });

/** A machine's terms; a sub-contract shows its monthly cost beside the prices, the others keep it under 更多条款. */
export function contractLinesField(sub: boolean) {
  return {
    key: "lines" as const,
    label: { zh: "设备明细", en: "Machines" },
    type: "lines",
    lines: {
      layout: "blocks",
      maxRows: FORM_MAX_ROWS,
      addLabel: { zh: "添加设备", en: "Add machine" },
      moreLabel: { zh: "更多条款", en: "More terms" },
      newRow: { shiftHours: "8" },
      fields: [
        { key: "vehicleId", label: { zh: "设备", en: "Machine" }, type: "select", width: "col-span-2" },
        { key: "equipmentType", label: { zh: "设备类型", en: "Equipment type" }, type: "select", options: VEHICLE_TYPES },
        { key: "spec", label: { zh: "规格/吨位", en: "Spec / tonnage" }, type: "text", maxLength: 30 },
        { key: "onRentOn", label: { zh: "起租日", en: "On-rent" }, type: "date" },
        { key: "offRentOn", label: { zh: "停租日", en: "Off-rent" }, type: "date" },
        money("monthly", "月租（元）", "Monthly (¥)"),
        money("daily", "日租（元）", "Daily (¥)"),
        money("shift", "台班（元）", "Shift (¥)"),
        money("hourly", "时租（元）", "Hourly (¥)"),
        money("costMonthly", "成本月租（元）", "Monthly cost (¥)", !sub),
        { key: "shiftHours", label: { zh: "台班小时", en: "Shift hours" }, type: "number", more: true },
        money("shiftOvertime", "台班加班（元/时）", "Shift overtime (¥/h)", true),
        decimal("minHoursPerCall", "每次最少小时", "Minimum hours per call"),
        decimal("allowanceHours", "发动机小时额度", "Engine-hour allowance"),
        money("allowanceOvertime", "超额费率（元/时）", "Above the allowance (¥/h)", true),
        {
          key: "allowancePer",
          label: { zh: "额度周期", en: "Allowance per" },
          type: "select",
          more: true,
          options: [
            { value: "day", label: { zh: "每天", en: "Day" } },
            { value: "month", label: { zh: "每月", en: "Month" } },
          ],
        },
        decimal("idleRate", "停滞期费率（%）", "Idle-period rate (%)"),
        { key: "operators", label: { zh: "操作手人数", en: "Operators" }, type: "number", more: true },
        money("operatorMonthly", "操作手费（元/人/月）", "Operator fee (¥/person/month)", true),
        { key: "remark", label: { zh: "备注", en: "Remark" }, type: "text", maxLength: 100, more: true, width: "col-span-2" },
        { key: "faultDeduction", label: { zh: "故障扣减（累计8小时扣1天，22:00–08:00不计）", en: "Fault deduction (each 8 h of fault is a day off; 22:00–08:00 not counted)" }, type: "flag", more: true },
      ],
    },
  } satisfies FormFieldDef;
}

/** The one-off fees (transport in and out, installation…), each optionally tied to a machine by its line number. */
export const FEES_FIELD = {
  key: "fees" as const,
  label: { zh: "一次性费用", en: "One-off fees" },
  type: "lines",
  lines: {
    maxRows: FORM_MAX_ROWS,
    addLabel: { zh: "添加费用", en: "Add fee" },
    empty: { zh: "暂无一次性费用", en: "No one-off fees" },
    fields: [
      { key: "kind", label: { zh: "费用类型", en: "Fee" }, type: "select", options: FEE_KIND_OPTIONS, width: "w-40" },
      { key: "amount", label: { zh: "金额（元）", en: "Amount (¥)" }, type: "money", width: "w-36" },
      { key: "lineNo", label: { zh: "设备序号", en: "Line no." }, type: "select", width: "w-28" },
      { key: "feeOn", label: { zh: "发生日期", en: "Date" }, type: "date", width: "w-40" },
      { key: "remark", label: { zh: "备注", en: "Remark" }, type: "text", maxLength: 100 },
    ],
  },
} satisfies FormFieldDef;

/** The payment plan: an instalment a row (generated from the terms, or typed). */
export const PLANS_FIELD = {
  key: "plans" as const,
  label: { zh: "付款计划", en: "Payment plan" },
  type: "lines",
  lines: {
    maxRows: FORM_MAX_ROWS,
    addLabel: { zh: "添加一期", en: "Add instalment" },
    rowNo: { zh: "期数", en: "Instalment" },
    empty: { zh: "暂无付款计划", en: "No payment plan" },
    fields: [
      { key: "dueOn", label: { zh: "应付日期", en: "Due" }, type: "date", width: "w-44" },
      { key: "amount", label: { zh: "金额（元）", en: "Amount (¥)" }, type: "money", width: "w-44" },
      { key: "remark", label: { zh: "备注", en: "Remark" }, type: "text", maxLength: 100 },
    ],
  },
} satisfies FormFieldDef;

/** Every kind but a sub-contract: those have a customer, a sub-contract a supplier (and the customer contract it serves). */
const CUSTOMER_KINDS = CONTRACT_KIND_OPTIONS.map((o) => o.value).filter((k) => k !== "subcontract");

/**
 * The head as declared fields, in the order the page draws them: the kind shows the fields it needs as it is picked
 * (a sub-contract's supplier, a fixed price, a purchase price). A charter's fixed price is required by the server's
 * rules (ContractSchema), which name it when missing.
 */
export const CONTRACT_HEAD = [
  { key: "kind", label: { zh: "合同类型", en: "Kind" }, type: "select", required: true, options: CONTRACT_KIND_OPTIONS },
  { key: "name", label: { zh: "合同名称", en: "Contract name" }, type: "text", required: true, maxLength: 50, wide: true },
  { key: "supplierId", label: { zh: "供应商", en: "Supplier" }, type: "reference", required: true, when: { kind: ["subcontract"] } },
  { key: "parentId", label: { zh: "服务的客户合同", en: "Customer contract served" }, type: "reference", when: { kind: ["subcontract"] } },
  { key: "customerId", label: { zh: "客户", en: "Customer" }, type: "reference", required: true, wide: true, when: { kind: CUSTOMER_KINDS } },
  { key: "orgId", label: { zh: "所属组织", en: "Organisation" }, type: "reference" },
  { key: "salesmanId", label: { zh: "业务员", en: "Salesman" }, type: "reference" },
  { key: "project", label: { zh: "项目名称", en: "Project" }, type: "text", maxLength: 50 },
  { key: "siteFenceId", label: { zh: "工地围栏", en: "Site fence" }, type: "reference" },
  { key: "fenceRentDates", label: { zh: "按进出围栏建议起租、退租日", en: "Propose on- and off-rent days from the fence" }, type: "flag" },
  { key: "signedOn", label: { zh: "签订日期", en: "Signed" }, type: "date" },
  { key: "startOn", label: { zh: "开始日期", en: "Start" }, type: "date", required: true },
  { key: "plannedEndOn", label: { zh: "计划结束日期", en: "Planned end" }, type: "date" },
  { key: "minTermMonths", label: { zh: "最短租期（月）", en: "Minimum term (months)" }, type: "number" },
  { key: "minTermDays", label: { zh: "最短租期（天）", en: "Minimum term (days)" }, type: "number" },
  { key: "minTermClause", label: { zh: "最短租期条款号", en: "Minimum term clause" }, type: "text", maxLength: 20, hint: { zh: "如：第5条", en: "e.g. Clause 5" } },
  { key: "settlementDay", label: { zh: "结算日（每月）", en: "Settlement day (monthly)" }, type: "number", required: true },
  { key: "paymentDays", label: { zh: "付款天数", en: "Payment terms (days)" }, type: "number", required: true },
  { key: "deposit", label: { zh: "押金（元）", en: "Deposit (¥)" }, type: "money" },
  { key: "taxRate", label: { zh: "税率（%）", en: "Tax rate (%)" }, type: "percent" },
  { key: "priceTax", label: { zh: "价格含税", en: "Prices" }, type: "select", required: true, options: PRICE_TAX_OPTIONS },
  { key: "dayCount", label: { zh: "计日方式", en: "Day count" }, type: "select", required: true, options: DAY_COUNT_OPTIONS },
  { key: "fixedPrice", label: { zh: "固定总价（元）", en: "Fixed price (¥)" }, type: "money", when: { kind: ["charter", "project"] } },
  { key: "purchasePrice", label: { zh: "购买价（元）", en: "Purchase price (¥)" }, type: "money", required: true, when: { kind: ["rentToOwn"] } },
  { key: "remark", label: { zh: "备注", en: "Remark" }, type: "textarea", maxLength: 500 },
] as const satisfies readonly FormFieldDef[];
