import { defineView, type OptionDef } from "~/lib/list/types";
import { approvalTransitions } from "~/modules/workflow/approval";
import { defineMachine } from "~/modules/workflow/machine";

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
export const applicationView = defineView({
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
});

/** The code of 通过 / 拒绝 (app-user applications are reviewed by whoever may edit the list). */
export const APPLICATION_REVIEW_CODE = "applicationManage:edit";
export const APPLICATION_APPROVAL_STATES = { pending: 0, approved: 1, refused: 2 } as const;

/** 通过 / 拒绝 of app-user applications: the approval family (they come from the app: nobody here submitted them). */
export const applicationApproval = defineMachine<{ id: number; state: number }>({
  kind: "application",
  stateOf: (r) => r.state,
  transitions: approvalTransitions<{ id: number; state: number }>({ approveCode: APPLICATION_REVIEW_CODE, states: APPLICATION_APPROVAL_STATES }, APPLICATION_REVIEW_CODE, () => null, {
    approve: { label: "system:application.approve", confirm: "system:application.approveConfirm", notFrom: "system:application.notPending" },
    refuse: {
      label: "system:application.refuse",
      confirm: "system:application.refuseConfirm",
      notFrom: "system:application.notPending",
      asks: [{ key: "refuseReason", label: "system:application.refuseReason", required: true, maxLength: 100, requiredMessage: "system:application.reasonRequired", tooLongMessage: "validation.description" }],
    },
  }),
});
