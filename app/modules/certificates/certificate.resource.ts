/**
 * 证书管理 (`/certificate`): a machine's certificates (使用登记证, 定期检验报告, 保险, 年检…): number, issuer, dates and
 * scan; each flagged by its expiry (expired, within 30 days, valid). A mandatory one that has expired keeps the machine
 * off new contract lines and trips (certificate-gate.server.ts). The view and the form (client-safe); the server half is
 * certificate.server.ts. A document of the house without lines (docs/documents.md).
 */
import { defineFields, defineView, INDEX_COLUMN, type OptionDef } from "~/lib/list/types";
import { CERT_FLAGS } from "~/modules/parties/supplier.resource";

export const CERTIFICATE_KINDS: OptionDef[] = [
  { value: "registration", label: { zh: "使用登记证", en: "Use registration" } },
  { value: "inspection", label: { zh: "定期检验报告", en: "Periodic inspection report" } },
  { value: "insurance", label: { zh: "保险", en: "Insurance" } },
  { value: "annual", label: { zh: "年检", en: "Annual inspection" } },
  { value: "other", label: { zh: "其他", en: "Other" } },
];

export const MANDATORY_FLAGS: OptionDef[] = [
  { value: "1", label: { zh: "必备", en: "Mandatory" }, tone: "warning" },
  { value: "0", label: { zh: "非必备", en: "Optional" }, tone: "muted" },
];

export const certificateForm = defineFields([
  { key: "vehicleId", label: { zh: "设备", en: "Machine" }, type: "reference", required: true },
  { key: "kind", label: { zh: "证书类型", en: "Kind" }, type: "select", options: CERTIFICATE_KINDS, required: true },
  { key: "number", label: { zh: "证书编号", en: "Certificate no." }, type: "text", required: true, maxLength: 50 },
  { key: "issuer", label: { zh: "发证机关", en: "Issued by" }, type: "text", maxLength: 50 },
  { key: "issuedOn", label: { zh: "发证日期", en: "Issued on" }, type: "date" },
  { key: "expiresOn", label: { zh: "有效期至", en: "Valid until" }, type: "date", hint: { zh: "留空表示长期有效", en: "Empty: no expiry" } },
  {
    key: "mandatory",
    label: { zh: "必备证书", en: "Mandatory" },
    type: "flag",
    hint: { zh: "过期后该设备不能上合同、不能出车", en: "Once expired, the machine can go on no contract line and no trip" },
  },
  { key: "remark", label: { zh: "备注", en: "Remark" }, type: "textarea", maxLength: 200 },
  { key: "attachments", label: { zh: "扫描件", en: "Scans" }, type: "files", limit: 5 },
]);

export const certificateView = defineView({
  name: "certificate",
  path: "/certificate",
  permission: "certificate",
  title: { zh: "证书管理", en: "Certificate Management" },
  singular: { zh: "设备证书", en: "machine certificate" },
  rowLabel: "number",
  document: true,
  columns: [
    INDEX_COLUMN,
    { key: "plate", label: { zh: "设备", en: "Machine" }, fixed: true },
    { key: "kind", label: { zh: "证书类型", en: "Kind" }, type: "status", options: CERTIFICATE_KINDS },
    { key: "number", label: { zh: "证书编号", en: "Certificate no." }, sortable: true },
    { key: "issuer", label: { zh: "发证机关", en: "Issued by" } },
    { key: "issuedOn", label: { zh: "发证日期", en: "Issued on" } },
    { key: "expiresOn", label: { zh: "有效期至", en: "Valid until" }, sortable: true },
    { key: "flag", label: { zh: "状态", en: "Status" }, type: "status", options: CERT_FLAGS },
    { key: "mandatory", label: { zh: "必备", en: "Mandatory" }, type: "status", options: MANDATORY_FLAGS },
    { key: "createdAt", label: { zh: "创建时间", en: "Created" }, type: "datetime", sortable: true },
  ],
  filters: [
    { key: "q", label: { zh: "车牌/自编号/证书编号", en: "Plate, own no. or certificate no." }, type: "text", simple: true },
    { key: "kind", label: { zh: "证书类型", en: "Kind" }, type: "select", options: CERTIFICATE_KINDS, simple: true },
    { key: "mandatory", label: { zh: "必备", en: "Mandatory" }, type: "select", options: MANDATORY_FLAGS },
  ],
  form: certificateForm,
});
