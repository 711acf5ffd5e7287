import { defineView, INDEX_COLUMN, type FormFieldDef, type OptionDef } from "~/lib/list/types";

export const CUSTOMER_KINDS: OptionDef[] = [
  { value: "enterprise", label: { zh: "企业", en: "Enterprise" } },
  { value: "government", label: { zh: "政府机关/事业单位", en: "Government" } },
  { value: "personal", label: { zh: "个人", en: "Personal" } },
];

/** The exposure against the credit limit, as the list flags it. */
export const CREDIT_FLAGS: OptionDef[] = [
  { value: "0", label: { zh: "额度内", en: "Within limit" }, tone: "success" },
  { value: "1", label: { zh: "超出额度", en: "Over limit" }, tone: "danger" },
];

/**
 * A party's contacts (a customer's, a supplier's): the house's lines table in the drawer, one blank row to type into;
 * the server's rules judge them (party.server.ts, contactLines: a name and a mobile or landline number a line).
 */
export const CONTACTS_FIELD = {
  key: "contacts" as const,
  label: { zh: "联系人", en: "Contacts" },
  type: "lines",
  lines: {
    startRows: 1,
    addLabel: { zh: "添加联系人", en: "Add contact" },
    fields: [
      { key: "name", label: { zh: "姓名", en: "Name" }, type: "text", maxLength: 20 },
      { key: "phone", label: { zh: "电话", en: "Phone" }, type: "tel", maxLength: 13 },
      { key: "role", label: { zh: "职务", en: "Role" }, type: "text", maxLength: 20 },
    ],
  },
} satisfies FormFieldDef;

/**
 * /customerContract 客户合同: the customer register. Its detail shows the customer's contacts, attachments, contracts
 * and the credit exposure (open contracts plus unpaid bills) against its limit. The attachments are the screen's own
 * part of the form (app/modules/parties/party-form.tsx).
 */
export const customerView = defineView({
  name: "customer",
  path: "/customerContract",
  permission: "customerContract",
  title: { zh: "客户合同", en: "Customer Contracts" },
  singular: { zh: "客户", en: "customer" },
  rowLabel: "name",
  columns: [
    INDEX_COLUMN,
    { key: "name", label: { zh: "客户名称", en: "Customer" }, sortable: true, fixed: true },
    { key: "kind", label: { zh: "客户类型", en: "Kind" }, type: "status", options: CUSTOMER_KINDS },
    { key: "creditCode", label: { zh: "统一社会信用代码", en: "Credit code" } },
    { key: "contactName", label: { zh: "联系人", en: "Contact" } },
    { key: "contactPhone", label: { zh: "联系电话", en: "Phone" } },
    { key: "creditLimit", label: { zh: "信用额度(元)", en: "Credit limit (¥)" }, money: true, empty: { zh: "不限", en: "No limit" } },
    { key: "exposure", label: { zh: "信用敞口(元)", en: "Exposure (¥)" }, money: true },
    { key: "overLimit", label: { zh: "额度状态", en: "Credit" }, type: "status", options: CREDIT_FLAGS },
    { key: "paymentDays", label: { zh: "账期(天)", en: "Payment terms (days)" }, type: "number" },
    { key: "managerName", label: { zh: "客户经理", en: "Account manager" } },
    { key: "orgName", label: { zh: "所属组织", en: "Organisation" } },
    { key: "createdAt", label: { zh: "创建时间", en: "Created" }, type: "datetime", sortable: true },
  ],
  filters: [
    { key: "q", label: { zh: "客户名称/信用代码/联系人/电话", en: "Name, credit code, contact or phone" }, type: "text", simple: true },
    { key: "kind", label: { zh: "客户类型", en: "Kind" }, type: "select", options: CUSTOMER_KINDS, simple: true },
    { key: "overLimit", label: { zh: "额度状态", en: "Credit" }, type: "select", options: CREDIT_FLAGS },
  ],
  form: [
    { key: "name", label: { zh: "客户名称", en: "Customer" }, type: "text", required: true, maxLength: 50 },
    { key: "kind", label: { zh: "客户类型", en: "Kind" }, type: "select", required: true, options: CUSTOMER_KINDS, defaultValue: "enterprise" },
    { key: "creditCode", label: { zh: "统一社会信用代码", en: "Unified social credit code" }, type: "text", maxLength: 18, hint: { zh: "18位，企业必填", en: "18 characters; required for an enterprise" } },
    { key: "orgId", label: { zh: "所属组织", en: "Organisation" }, type: "select" },
    { key: "managerId", label: { zh: "客户经理", en: "Account manager" }, type: "select" },
    { key: "paymentDays", label: { zh: "账期(天)", en: "Payment terms (days)" }, type: "number", required: true, defaultValue: "30" },
    { key: "creditLimit", label: { zh: "信用额度(元)", en: "Credit limit (¥)" }, type: "money", hint: { zh: "留空表示不限额度", en: "Leave empty for no limit" } },
    { key: "address", label: { zh: "地址", en: "Address" }, type: "text", maxLength: 100 },
    { key: "remark", label: { zh: "备注", en: "Remark" }, type: "textarea", maxLength: 200 },
    CONTACTS_FIELD,
  ],
});
