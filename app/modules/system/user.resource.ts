import { defineView, INDEX_COLUMN } from "~/lib/list/types";
import { enablement } from "~/modules/workflow/enablement";

export const USER_STATES = [
  { value: "1", label: { zh: "启用", en: "Enabled" }, tone: "success" as const },
  { value: "0", label: { zh: "停用", en: "Disabled" }, tone: "danger" as const },
];

/** /userManage: the tenant's user accounts (spec §3 user, §5 account rules). */
export const userView = defineView({
  name: "user",
  path: "/userManage",
  permission: "userManage",
  title: { zh: "用户管理", en: "User Management" },
  singular: { zh: "用户", en: "user" },
  rowLabel: "loginAccount",
  columns: [
    INDEX_COLUMN,
    { key: "loginAccount", label: { zh: "登录账号", en: "Login account" }, sortable: true, fixed: true },
    { key: "userName", label: { zh: "用户名", en: "User name" }, sortable: true },
    { key: "orgName", label: { zh: "所属组织", en: "Organisation" } },
    { key: "roleNames", label: { zh: "角色", en: "Roles" } },
    { key: "phone", label: { zh: "手机号", en: "Mobile" } },
    { key: "email", label: { zh: "邮箱", en: "E-mail" } },
    { key: "vehicleCount", label: { zh: "授权车辆", en: "Authorized vehicles" }, type: "number" },
    { key: "state", label: { zh: "状态", en: "State" }, type: "status", options: USER_STATES, sortable: true, headerFilter: "state" },
    { key: "expiresAt", label: { zh: "有效期至", en: "Valid until" }, type: "date", sortable: true, empty: { zh: "永久", en: "Never expires" } },
    { key: "createdAt", label: { zh: "创建时间", en: "Created" }, type: "datetime", sortable: true },
  ],
  filters: [
    { key: "q", label: { zh: "账号/用户名/手机号", en: "Account, name or mobile" }, type: "text", simple: true },
    { key: "state", label: { zh: "状态", en: "State" }, type: "select", options: USER_STATES, simple: true },
  ],
  form: [
    { key: "loginAccount", label: { zh: "登录账号", en: "Login account" }, type: "text", required: true, createOnly: true, maxLength: 30, hint: { zh: "4-30位中文、字母、数字或 . @ _ -", en: "4–30 Chinese characters, letters, digits or . @ _ -" } },
    { key: "userName", label: { zh: "用户名", en: "User name" }, type: "text", required: true, maxLength: 30 },
    { key: "password", label: { zh: "初始密码", en: "Initial password" }, type: "password", required: true, createOnly: true, maxLength: 20, hint: { zh: "8-20位，须包含数字、大写字母和小写字母", en: "8–20 characters with a digit, an upper-case and a lower-case letter" } },
    { key: "orgId", label: { zh: "所属组织", en: "Organisation" }, type: "select", required: true },
    { key: "roleId", label: { zh: "角色", en: "Role" }, type: "select", required: true },
    { key: "phone", label: { zh: "手机号", en: "Mobile" }, type: "tel", maxLength: 11 },
    { key: "email", label: { zh: "邮箱", en: "E-mail" }, type: "email", maxLength: 254 },
    { key: "address", label: { zh: "地址", en: "Address" }, type: "text", maxLength: 50 },
    { key: "expiresAt", label: { zh: "有效期至", en: "Valid until" }, type: "date", hint: { zh: "留空表示永久有效", en: "Leave empty for no expiry" } },
    { key: "state", label: { zh: "状态", en: "State" }, type: "select", required: true, options: USER_STATES, defaultValue: "1" },
    {
      key: "vehicles",
      label: { zh: "授权车辆", en: "Authorized vehicles" },
      type: "vehicles",
      source: "/api/vehicles/choices?for=userManage",
      hint: { zh: "除所属组织的车辆外，该用户还可查看的车辆（仅限您数据范围内的车辆）", en: "Vehicles the user may see beyond their organisation's (only vehicles in your own data scope)" },
    },
  ],
});

/** 启用 / 停用 of accounts (asked first); nobody disables their own account. */
export const userStates = enablement<{ id: number; state: number }>({
  kind: "user",
  stateOf: (r) => r.state,
  permission: "userManage:edit",
  label: { enable: "system:user.enable", disable: "system:user.disable" },
  confirm: { enable: "system:user.enableConfirm", disable: "system:user.disableConfirm" },
  guard: { disable: (row, actor) => (row.id === actor.id ? { message: "system:user.cannotDisableSelf", status: 400 } : null) },
});
