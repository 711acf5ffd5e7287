import type { OptionDef, SheetDef } from "~/lib/list/types";
import { VEHICLE_TYPES } from "~/modules/telematics/vehicle-types";

const YES_NO: OptionDef[] = [
  { value: "1", label: { zh: "是", en: "Yes" } },
  { value: "0", label: { zh: "否", en: "No" } },
];
const PER: OptionDef[] = [
  { value: "day", label: { zh: "每天", en: "Day" } },
  { value: "month", label: { zh: "每月", en: "Month" } },
];

/**
 * 合同列表's Excel sheets: the contract's head (the fields a clerk fills on the document page, the selects by their
 * labels) and 设备明细, one row a line, naming its contract by 合同名称 in the first column. Money is in yuan with up to
 * two decimals, rates in percent: what the document page takes.
 */
export function contractSheet(kinds: OptionDef[]): SheetDef {
  return {
    fields: [
      { key: "kind", label: { zh: "合同类型", en: "Kind" }, type: "select", required: true, options: kinds },
      { key: "name", label: { zh: "合同名称", en: "Contract name" }, type: "text", required: true },
      { key: "customerId", label: { zh: "客户", en: "Customer" }, type: "select" },
      { key: "supplierId", label: { zh: "供应商", en: "Supplier" }, type: "select" },
      { key: "orgId", label: { zh: "所属组织", en: "Organisation" }, type: "select" },
      { key: "project", label: { zh: "项目名称", en: "Project" }, type: "text" },
      { key: "siteAddress", label: { zh: "工地地址", en: "Site address" }, type: "text" },
      { key: "signedOn", label: { zh: "签订日期", en: "Signed" }, type: "date" },
      { key: "startOn", label: { zh: "开始日期", en: "Start" }, type: "date", required: true },
      { key: "plannedEndOn", label: { zh: "计划结束日期", en: "Planned end" }, type: "date" },
      { key: "minTermDays", label: { zh: "最短租期（天）", en: "Minimum term (days)" }, type: "number" },
      { key: "settlementDay", label: { zh: "结算日（每月）", en: "Settlement day (monthly)" }, type: "number", required: true, defaultValue: "20" },
      { key: "paymentDays", label: { zh: "付款天数", en: "Payment terms (days)" }, type: "number", required: true, defaultValue: "30" },
      { key: "deposit", label: { zh: "押金（元）", en: "Deposit (¥)" }, type: "number" },
      { key: "taxRate", label: { zh: "税率（%）", en: "Tax rate (%)" }, type: "number", defaultValue: "9" },
      { key: "fixedPrice", label: { zh: "固定总价（元）", en: "Fixed price (¥)" }, type: "number" },
      { key: "purchasePrice", label: { zh: "购买价（元）", en: "Purchase price (¥)" }, type: "number" },
      { key: "salesmanId", label: { zh: "业务员", en: "Salesman" }, type: "select" },
      { key: "overCreditReason", label: { zh: "超额原因", en: "Reason for exceeding the credit limit" }, type: "text" },
      { key: "remark", label: { zh: "备注", en: "Remark" }, type: "textarea" },
    ],
    lines: {
      key: "lines",
      title: { zh: "设备明细", en: "Machines" },
      fields: [
        { key: "vehicleId", label: { zh: "设备", en: "Machine" }, type: "select" },
        { key: "equipmentType", label: { zh: "设备类型", en: "Equipment type" }, type: "select", options: VEHICLE_TYPES },
        { key: "spec", label: { zh: "规格/吨位", en: "Spec / tonnage" }, type: "text" },
        { key: "monthly", label: { zh: "月租（元）", en: "Monthly (¥)" }, type: "number" },
        { key: "daily", label: { zh: "日租（元）", en: "Daily (¥)" }, type: "number" },
        { key: "shift", label: { zh: "台班（元）", en: "Shift (¥)" }, type: "number" },
        { key: "shiftHours", label: { zh: "台班小时", en: "Shift hours" }, type: "number", defaultValue: "8" },
        { key: "shiftOvertime", label: { zh: "台班加班（元/时）", en: "Shift overtime (¥/h)" }, type: "number" },
        { key: "hourly", label: { zh: "时租（元）", en: "Hourly (¥)" }, type: "number" },
        { key: "minHoursPerCall", label: { zh: "每次最少小时", en: "Minimum hours per call" }, type: "number" },
        { key: "allowanceHours", label: { zh: "发动机小时额度", en: "Engine-hour allowance" }, type: "number" },
        { key: "allowancePer", label: { zh: "额度周期", en: "Allowance per" }, type: "select", options: PER },
        { key: "allowanceOvertime", label: { zh: "超额费率（元/时）", en: "Above the allowance (¥/h)" }, type: "number" },
        { key: "idleRate", label: { zh: "停滞期费率（%）", en: "Idle-period rate (%)" }, type: "number" },
        { key: "faultDeduction", label: { zh: "故障扣减", en: "Fault deduction" }, type: "select", options: YES_NO },
        { key: "operators", label: { zh: "操作手人数", en: "Operators" }, type: "number" },
        { key: "operatorMonthly", label: { zh: "操作手费（元/人/月）", en: "Operator fee (¥/person/month)" }, type: "number" },
        { key: "costMonthly", label: { zh: "成本月租（元）", en: "Monthly cost (¥)" }, type: "number" },
        { key: "onRentOn", label: { zh: "起租日", en: "On-rent" }, type: "date" },
        { key: "offRentOn", label: { zh: "停租日", en: "Off-rent" }, type: "date" },
        { key: "remark", label: { zh: "备注", en: "Remark" }, type: "text" },
      ],
    },
  };
}
