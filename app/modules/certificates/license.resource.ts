/**
 * 证照管理 (`/license`): the company's own licences and qualifications (营业执照, 建筑业企业资质, 安全生产许可证, 特种设备
 * 安装改造维修许可证…): number, issuer, dates and scans, flagged by expiry as the machines' certificates are. The view and
 * the form (client-safe); the server half is license.server.ts.
 */
import { defineFields, defineView, INDEX_COLUMN, type OptionDef } from "~/lib/list/types";
import { CERT_FLAGS } from "~/modules/parties/supplier.resource";

export const LICENSE_KINDS: OptionDef[] = [
  { value: "business", label: { zh: "营业执照", en: "Business licence" } },
  { value: "construction", label: { zh: "建筑业企业资质证书", en: "Construction enterprise qualification" } },
  { value: "safety", label: { zh: "安全生产许可证", en: "Work safety licence" } },
  { value: "specialEquipment", label: { zh: "特种设备安装改造维修许可证", en: "Special equipment installation and repair licence" } },
  { value: "transport", label: { zh: "道路运输经营许可证", en: "Road transport licence" } },
  { value: "other", label: { zh: "其他", en: "Other" } },
];

export const licenseForm = defineFields([
  { key: "kind", label: { zh: "证照类型", en: "Kind" }, type: "select", options: LICENSE_KINDS, required: true },
  { key: "name", label: { zh: "证照名称", en: "Name" }, type: "text", required: true, maxLength: 50, hint: { zh: "如：起重设备安装工程专业承包二级", en: "e.g. lifting equipment installation, grade 2" } },
  { key: "number", label: { zh: "证照编号", en: "Number" }, type: "text", required: true, maxLength: 50 },
  { key: "holder", label: { zh: "持证单位", en: "Holder" }, type: "text", maxLength: 50 },
  { key: "issuer", label: { zh: "发证机关", en: "Issued by" }, type: "text", maxLength: 50 },
  { key: "issuedOn", label: { zh: "发证日期", en: "Issued on" }, type: "date" },
  { key: "expiresOn", label: { zh: "有效期至", en: "Valid until" }, type: "date", hint: { zh: "留空表示长期有效", en: "Empty: no expiry" } },
  { key: "remark", label: { zh: "备注", en: "Remark" }, type: "textarea", maxLength: 200 },
  { key: "attachments", label: { zh: "扫描件", en: "Scans" }, type: "files", limit: 5 },
]);

export const licenseView = defineView({
  name: "license",
  path: "/license",
  permission: "license",
  title: { zh: "证照管理", en: "License Management" },
  singular: { zh: "企业证照", en: "company licence" },
  rowLabel: "name",
  document: true,
  columns: [
    INDEX_COLUMN,
    { key: "name", label: { zh: "证照名称", en: "Name" }, fixed: true },
    { key: "kind", label: { zh: "证照类型", en: "Kind" }, type: "status", options: LICENSE_KINDS },
    { key: "number", label: { zh: "证照编号", en: "Number" }, sortable: true },
    { key: "holder", label: { zh: "持证单位", en: "Holder" } },
    { key: "issuer", label: { zh: "发证机关", en: "Issued by" } },
    { key: "issuedOn", label: { zh: "发证日期", en: "Issued on" } },
    { key: "expiresOn", label: { zh: "有效期至", en: "Valid until" }, sortable: true },
    { key: "flag", label: { zh: "状态", en: "Status" }, type: "status", options: CERT_FLAGS },
    { key: "createdAt", label: { zh: "创建时间", en: "Created" }, type: "datetime", sortable: true },
  ],
  filters: [
    { key: "q", label: { zh: "名称/编号/持证单位", en: "Name, number or holder" }, type: "text", simple: true },
    { key: "kind", label: { zh: "证照类型", en: "Kind" }, type: "select", options: LICENSE_KINDS, simple: true },
  ],
  form: licenseForm,
});
