import type { OptionDef, ResourceView } from "~/modules/resource/types";

export const APPLICATION_STATES: OptionDef[] = [
  { value: "0", label: { zh: "待审核", en: "Pending" } },
  { value: "1", label: { zh: "已通过", en: "Approved" }, tone: "success" },
  { value: "2", label: { zh: "已拒绝", en: "Refused" }, tone: "danger" },
];
export const APP_ROLES: OptionDef[] = [
  { value: "driver", label: { zh: "司机", en: "Driver" } },
  { value: "operator", label: { zh: "操作员", en: "Operator" } },
  { value: "customer", label: { zh: "客户", en: "Customer" } },
];

/** /applicationManage 应用管理: app-user applications to approve or refuse. */
export const applicationView: ResourceView = {
  name: "application",
  path: "/applicationManage",
  permission: "applicationManage",
  title: { zh: "应用管理", en: "Application Management" },
  singular: { zh: "应用申请", en: "application" },
  rowLabel: "name",
  columns: [
    { key: "name", label: { zh: "申请人", en: "Applicant" }, sortable: true, fixed: true },
    { key: "phone", label: { zh: "手机号", en: "Mobile" } },
    { key: "appRole", label: { zh: "申请身份", en: "Applies as" }, type: "status", options: APP_ROLES },
    { key: "company", label: { zh: "所属单位", en: "Company" } },
    { key: "reason", label: { zh: "申请说明", en: "Reason" } },
    { key: "state", label: { zh: "审核状态", en: "Review" }, type: "status", options: APPLICATION_STATES, sortable: true },
    { key: "refuseReason", label: { zh: "拒绝原因", en: "Refusal reason" } },
    { key: "createdAt", label: { zh: "申请时间", en: "Applied" }, type: "datetime", sortable: true },
  ],
  filters: [
    { key: "q", label: { zh: "申请人/手机号", en: "Applicant or mobile" }, type: "text", simple: true },
    { key: "state", label: { zh: "审核状态", en: "Review" }, type: "select", options: APPLICATION_STATES, simple: true },
    { key: "appRole", label: { zh: "申请身份", en: "Applies as" }, type: "select", options: APP_ROLES },
  ],
  form: [
    { key: "name", label: { zh: "申请人", en: "Applicant" }, type: "text", required: true, maxLength: 30 },
    { key: "phone", label: { zh: "手机号", en: "Mobile" }, type: "tel", required: true, maxLength: 11 },
    { key: "appRole", label: { zh: "申请身份", en: "Applies as" }, type: "select", required: true, options: APP_ROLES },
    { key: "company", label: { zh: "所属单位", en: "Company" }, type: "text", maxLength: 50 },
    { key: "reason", label: { zh: "申请说明", en: "Reason" }, type: "textarea", maxLength: 100 },
  ],
};
