import { defineView, type OptionDef } from "~/lib/list/types";
import { approvalTransitions } from "~/modules/workflow/approval";
import { enablement } from "~/modules/workflow/enablement";
import { defineMachine, type Actor, type Refusal } from "~/modules/workflow/machine";

export const DATA_PERMISSION_STATES: OptionDef[] = [
  { value: "0", label: { zh: "待审批", en: "Pending" } },
  { value: "1", label: { zh: "已通过", en: "Approved" }, tone: "success" },
  { value: "2", label: { zh: "已拒绝", en: "Refused" }, tone: "danger" },
];
/** Whether an approved permission counts now: enabled, disabled, or past its period end. */
export const DATA_PERMISSION_EFFECT: OptionDef[] = [
  { value: "1", label: { zh: "启用", en: "Enabled" }, tone: "success" },
  { value: "0", label: { zh: "停用", en: "Disabled" }, tone: "danger" },
  { value: "2", label: { zh: "已过期", en: "Expired" }, tone: "muted" },
];

/** /dataPermission 数据权限: applications to see one vehicle outside one's data scope, reviewed per vehicle. */
export const dataPermissionView = defineView({
  name: "dataPermission",
  path: "/dataPermission",
  permission: "dataPermission",
  title: { zh: "数据权限", en: "Data Permissions" },
  singular: { zh: "数据权限申请", en: "data permission application" },
  // a column of the table itself (confirmations read the raw row); the plate comes from the join
  rowLabel: "reason",
  columns: [
    { key: "plate", label: { zh: "车牌号", en: "Plate" }, sortable: true, fixed: true },
    { key: "terminalNo", label: { zh: "终端号", en: "Terminal" } },
    { key: "applicantName", label: { zh: "申请人", en: "Applicant" } },
    { key: "reason", label: { zh: "申请原因", en: "Reason" } },
    { key: "periodEnd", label: { zh: "有效期至", en: "Valid until" }, type: "date", sortable: true, empty: { zh: "长期", en: "No end" } },
    { key: "state", label: { zh: "审批状态", en: "Review" }, type: "status", options: DATA_PERMISSION_STATES, sortable: true },
    { key: "effect", label: { zh: "启用状态", en: "In effect" }, type: "status", options: DATA_PERMISSION_EFFECT },
    { key: "refuseReason", label: { zh: "拒绝原因", en: "Refusal reason" } },
    { key: "reviewerName", label: { zh: "审批人", en: "Reviewer" } },
    { key: "reviewedAt", label: { zh: "审批时间", en: "Reviewed" }, type: "datetime" },
    { key: "createdAt", label: { zh: "申请时间", en: "Applied" }, type: "datetime", sortable: true },
  ],
  filters: [
    { key: "plate", label: { zh: "车牌号", en: "Plate" }, type: "text", simple: true },
    { key: "state", label: { zh: "审批状态", en: "Review" }, type: "select", options: DATA_PERMISSION_STATES, simple: true },
    { key: "applicant", label: { zh: "申请人", en: "Applicant" }, type: "text" },
    { key: "effect", label: { zh: "启用状态", en: "In effect" }, type: "select", options: DATA_PERMISSION_EFFECT },
  ],
  form: [
    {
      key: "vehicles",
      label: { zh: "申请车辆", en: "Vehicles" },
      type: "vehicles",
      required: true,
      createOnly: true,
      source: "/api/vehicles/choices?for=dataPermission",
      hint: { zh: "您数据范围以外的车辆，每辆车单独审批", en: "Vehicles outside your data scope; each is reviewed on its own" },
    },
    { key: "reason", label: { zh: "申请原因", en: "Reason" }, type: "textarea", required: true, maxLength: 200 },
    { key: "periodEnd", label: { zh: "有效期至", en: "Valid until" }, type: "date", hint: { zh: "留空表示长期有效", en: "Leave empty for no end" } },
  ],
});

/** What the transitions read of a row. */
export type DataPermissionStateRow = { id: number; userId: number; state: number; enabled: number };

export const APPROVE_CODE = "dataPermission:approve";
export const DATA_PERMISSION_APPROVAL_STATES = { pending: 0, approved: 1, refused: 2 } as const;
const selfReview = (row: DataPermissionStateRow, actor: Actor): Refusal | null => (row.userId === actor.id ? { message: "system:dataPermission.selfReview", status: 403 } : null);

/** 通过 / 拒绝: the approval family (steps per the tenant's flow); nobody reviews their own application. */
export const dataPermissionApproval = defineMachine<DataPermissionStateRow>({
  kind: "dataPermission",
  stateOf: (r) => r.state,
  transitions: approvalTransitions<DataPermissionStateRow>({ approveCode: APPROVE_CODE, states: DATA_PERMISSION_APPROVAL_STATES }, "dataPermission:add", (r) => r.userId, {
    approve: { label: "system:dataPermission.approve", confirm: "system:dataPermission.approveConfirm", notFrom: "system:dataPermission.notPending", guard: selfReview },
    refuse: {
      label: "system:dataPermission.refuse",
      confirm: "system:dataPermission.refuseConfirm",
      notFrom: "system:dataPermission.notPending",
      guard: selfReview,
      asks: [{ key: "refuseReason", label: "system:dataPermission.refuseReason", required: true, maxLength: 200, requiredMessage: "system:dataPermission.refuseReasonRequired", tooLongMessage: "system:dataPermission.refuseReasonTooLong" }],
    },
  }),
});

const notApproved = (row: DataPermissionStateRow): Refusal | null => (row.state === DATA_PERMISSION_APPROVAL_STATES.approved ? null : { message: "system:dataPermission.notApproved", status: 409 });

/** 启用 / 停用 of an approved permission (by reviewers), asked first with the applicant's reason shown. */
export const dataPermissionEnablement = enablement<DataPermissionStateRow>({
  kind: "dataPermission",
  stateOf: (r) => r.enabled,
  permission: APPROVE_CODE,
  label: { enable: "system:dataPermission.enable", disable: "system:dataPermission.disable" },
  confirm: { enable: "system:dataPermission.enableConfirm", disable: "system:dataPermission.disableConfirm" },
  guard: { enable: notApproved, disable: notApproved },
});
