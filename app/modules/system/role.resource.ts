import { defineView, INDEX_COLUMN } from "~/lib/list/types";
import type { ExtraAction } from "~/modules/screens/define";
import { DOMAIN_ACTIONS } from "~/modules/screens/domains";

export const ROLE_STATES = [
  { value: "1", label: { zh: "启用", en: "Enabled" }, tone: "success" as const },
  { value: "0", label: { zh: "停用", en: "Disabled" }, tone: "danger" as const },
];

/** The function codes a role can hold per screen: `${privis}:${action}`. */
export const PERMISSION_ACTIONS = [
  { key: "view", label: { zh: "查看", en: "View" } },
  { key: "add", label: { zh: "新增", en: "Add" } },
  { key: "edit", label: { zh: "编辑", en: "Edit" } },
  { key: "delete", label: { zh: "删除", en: "Delete" } },
  { key: "export", label: { zh: "导出", en: "Export" } },
  { key: "import", label: { zh: "导入", en: "Import" } },
] as const;

/** Function codes beyond the six of every screen, by privis (e.g. dataPermission:approve, the reviewers of /dataPermission). */
export const EXTRA_PERMISSION_ACTIONS: Record<string, ExtraAction[]> = {
  ...DOMAIN_ACTIONS,
  dataPermission: [{ key: "approve", label: { zh: "审批", en: "Approve" } }],
  contractList: [
    { key: "approve", label: { zh: "审批", en: "Approve" } },
    { key: "execute", label: { zh: "执行", en: "Execute" } },
  ],
  tempCrane: [{ key: "approve", label: { zh: "审批", en: "Approve" } }],
  nominatePrizes: [{ key: "approve", label: { zh: "审批", en: "Approve" } }],
  // 确认账单: a confirmed bill is never changed again
  contractBillReport: [{ key: "confirm", label: { zh: "确认", en: "Confirm" } }],
  contractClear: [{ key: "approve", label: { zh: "审批", en: "Approve" } }],
  clearOvertimeManage: [{ key: "approve", label: { zh: "审批", en: "Approve" } }],
  // 逾期处理: person changes, delays, overtime payments, bad debts and lawsuits go through approval
  overdueContract: [{ key: "approve", label: { zh: "审批", en: "Approve" } }],
};

/** The function codes a screen offers: the six actions and its extra ones. */
export const actionsOf = (privis: string) => [...PERMISSION_ACTIONS, ...(EXTRA_PERMISSION_ACTIONS[privis] ?? [])];

/** /roleManage: roles, and which menus and function codes each grants (spec §3 role, §5 role name). */
export const roleView = defineView({
  name: "role",
  path: "/roleManage",
  permission: "roleManage",
  title: { zh: "角色管理", en: "Role Management" },
  singular: { zh: "角色", en: "role" },
  rowLabel: "name",
  columns: [
    INDEX_COLUMN,
    { key: "name", label: { zh: "角色名称", en: "Role name" }, sortable: true, fixed: true },
    { key: "description", label: { zh: "描述", en: "Description" } },
    { key: "userCount", label: { zh: "用户数", en: "Users" }, type: "number" },
    { key: "menuCount", label: { zh: "菜单数", en: "Menus" }, type: "number" },
    { key: "state", label: { zh: "状态", en: "State" }, type: "status", options: ROLE_STATES, sortable: true },
    { key: "createdAt", label: { zh: "创建时间", en: "Created" }, type: "datetime", sortable: true },
  ],
  filters: [
    { key: "q", label: { zh: "角色名称", en: "Role name" }, type: "text", simple: true },
    { key: "state", label: { zh: "状态", en: "State" }, type: "select", options: ROLE_STATES, simple: true },
  ],
  form: [
    { key: "name", label: { zh: "角色名称", en: "Role name" }, type: "text", required: true, maxLength: 30, hint: { zh: "中文、字母、数字或 - _ ( )", en: "Chinese characters, letters, digits or - _ ( )" } },
    { key: "state", label: { zh: "状态", en: "State" }, type: "select", required: true, options: ROLE_STATES, defaultValue: "1" },
    { key: "description", label: { zh: "描述", en: "Description" }, type: "textarea", maxLength: 100 },
  ],
});
