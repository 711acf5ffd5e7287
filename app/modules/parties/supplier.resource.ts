import { defineView, INDEX_COLUMN, type FormFieldDef, type OptionDef, type ResourceView } from "~/lib/list/types";
import { CONTACTS_FIELD } from "./customer.resource";

export const SUPPLIER_KINDS: OptionDef[] = [
  { value: "enterprise", label: { zh: "企业", en: "Enterprise" } },
  { value: "personal", label: { zh: "个人", en: "Personal" } },
];

/** What a supplier supplies (a multi-choice field, stored comma-separated). */
export const SUPPLIES: OptionDef[] = [
  { value: "hire", label: { zh: "设备租赁", en: "Equipment hire" } },
  { value: "install", label: { zh: "安装/拆卸", en: "Installation/dismantling" } },
  { value: "transport", label: { zh: "运输", en: "Transport" } },
  { value: "parts", label: { zh: "配件", en: "Parts" } },
];

export const TOWER_FLAGS: OptionDef[] = [
  { value: "1", label: { zh: "是", en: "Yes" } },
  { value: "0", label: { zh: "否", en: "No" } },
];

/** A supplier's certificates as the list flags them: the worst of them (expired, within 30 days, valid). */
export const CERT_FLAGS: OptionDef[] = [
  { value: "valid", label: { zh: "有效", en: "Valid" }, tone: "success" },
  { value: "expiring", label: { zh: "30天内到期", en: "Expires within 30 days" }, tone: "warning" },
  { value: "expired", label: { zh: "已过期", en: "Expired" }, tone: "danger" },
];

/**
 * A supplier's qualification certificates, each with its scan (one file, named by the loader as fileIdName and
 * fileIdUrl beside its id); the server's rules judge them (supplier.server.ts, certificateLines).
 */
const CERTIFICATES_FIELD = {
  key: "certificates" as const,
  label: { zh: "资质证书", en: "Qualification certificates" },
  type: "lines",
  lines: {
    startRows: 1,
    addLabel: { zh: "添加证书", en: "Add certificate" },
    fields: [
      { key: "name", label: { zh: "证书名称", en: "Certificate" }, type: "text", maxLength: 50, width: "w-[26%]" },
      { key: "number", label: { zh: "证书编号", en: "Number" }, type: "text", maxLength: 50 },
      { key: "issuer", label: { zh: "发证机关", en: "Issued by" }, type: "text", maxLength: 50 },
      { key: "validUntil", label: { zh: "有效期至", en: "Valid until" }, type: "date", width: "w-40" },
      { key: "fileId", label: { zh: "扫描件", en: "Scan" }, type: "files", limit: 1, width: "w-32" },
    ],
  },
} satisfies FormFieldDef;

const supplierScreen = <P extends string, N extends string, R extends string>(path: P, name: N, permission: R, title: { zh: string; en: string }, tower: boolean) =>
  defineView({
    name,
    path,
    permission,
    title,
    singular: { zh: tower ? "塔吊供应商" : "供应商", en: tower ? "tower-crane supplier" : "supplier" },
    rowLabel: "name",
    columns: [
      INDEX_COLUMN,
      { key: "name", label: { zh: "供应商名称", en: "Supplier" }, sortable: true, fixed: true },
      { key: "kind", label: { zh: "类型", en: "Kind" }, type: "status", options: SUPPLIER_KINDS },
      { key: "supplies", label: { zh: "供应内容", en: "Supplies" }, type: "status", options: SUPPLIES },
      { key: "tower", label: { zh: "塔吊供应/安拆", en: "Tower cranes" }, type: "status", options: TOWER_FLAGS },
      { key: "creditCode", label: { zh: "统一社会信用代码", en: "Credit code" } },
      { key: "contactName", label: { zh: "联系人", en: "Contact" } },
      { key: "contactPhone", label: { zh: "联系电话", en: "Phone" } },
      { key: "certExpiry", label: { zh: "最近证书到期", en: "Next certificate expiry" } },
      { key: "certFlag", label: { zh: "资质状态", en: "Certificates" }, type: "status", options: CERT_FLAGS },
      { key: "paymentDays", label: { zh: "账期(天)", en: "Payment terms (days)" }, type: "number" },
      { key: "createdAt", label: { zh: "创建时间", en: "Created" }, type: "datetime", sortable: true },
    ],
    filters: [
      { key: "q", label: { zh: "供应商名称/信用代码/联系人/电话", en: "Name, credit code, contact or phone" }, type: "text", simple: true },
      { key: "supplies", label: { zh: "供应内容", en: "Supplies" }, type: "select", options: SUPPLIES, simple: true },
    ],
    form: [
      { key: "name", label: { zh: "供应商名称", en: "Supplier" }, type: "text", required: true, maxLength: 50 },
      { key: "kind", label: { zh: "类型", en: "Kind" }, type: "select", required: true, options: SUPPLIER_KINDS, defaultValue: "enterprise" },
      { key: "creditCode", label: { zh: "统一社会信用代码", en: "Unified social credit code" }, type: "text", maxLength: 18, hint: { zh: "18位，企业必填", en: "18 characters; required for an enterprise" } },
      { key: "tower", label: { zh: "塔吊供应/安拆", en: "Tower cranes" }, type: "select", required: true, options: TOWER_FLAGS, defaultValue: tower ? "1" : "0" },
      { key: "supplies", label: { zh: "供应内容", en: "Supplies" }, type: "checkboxes", required: true, options: SUPPLIES, defaultValue: tower ? "hire,install" : "" },
      { key: "paymentDays", label: { zh: "账期(天)", en: "Payment terms (days)" }, type: "number", required: true, defaultValue: "30" },
      { key: "address", label: { zh: "地址", en: "Address" }, type: "text", maxLength: 100 },
      { key: "remark", label: { zh: "备注", en: "Remark" }, type: "textarea", maxLength: 200 },
      CONTACTS_FIELD,
      CERTIFICATES_FIELD,
    ],
  });

/** /supplier 供应商管理: every supplier (equipment hire, installation/dismantling, transport, parts) with contacts and certificates. */
export const supplierView = supplierScreen("/supplier", "supplier", "supplier", { zh: "供应商管理", en: "Supplier Management" }, false);
/** /supplier-tower 塔吊供应商: the suppliers and installers of tower cranes (the same rows, `tower = 1`). */
export const supplierTowerView = supplierScreen("/supplier-tower", "supplierTower", "supplier_tower", { zh: "塔吊供应商", en: "Tower Crane Suppliers" }, true);
export type SupplierView = typeof supplierView & ResourceView;

/** Days a certificate is flagged before it expires. */
export const CERT_WARN_DAYS = 30;

/** The day `days` after a `YYYY-MM-DD` day, by the calendar. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A certificate valid until `expiresOn` (the last valid day), seen on `today`: expired, expiring within 30 days, valid; null when it has no end. */
export function certFlagOf(expiresOn: string | null, today: string): "valid" | "expiring" | "expired" | null {
  if (!expiresOn) return null;
  if (expiresOn < today) return "expired";
  return expiresOn <= addDays(today, CERT_WARN_DAYS) ? "expiring" : "valid";
}
