import { defineView, INDEX_COLUMN, type Label } from "~/lib/list/types";

/** What an audit record says happened, as the machinery and the screens write it. */
export const AUDIT_ACTIONS: Record<string, Label> = {
  create: { zh: "新增", en: "Create" },
  update: { zh: "修改", en: "Update" },
  delete: { zh: "删除", en: "Delete" },
  grant: { zh: "权限配置", en: "Grant permissions" },
  enable: { zh: "启用", en: "Enable" },
  disable: { zh: "停用", en: "Disable" },
  resetPassword: { zh: "重置密码", en: "Reset password" },
  handle: { zh: "告警处理", en: "Handle alarm" },
  confirm: { zh: "确认", en: "Confirm" },
  adjust: { zh: "调整", en: "Adjust" },
  saveItems: { zh: "保存字典项", en: "Save items" },
  addItem: { zh: "新增字典项", en: "Add item" },
};

/**
 * Names of the audited entities no view names (a view's own entity is called by its `singular`); an entity named
 * nowhere shows as written.
 */
export const AUDIT_ENTITIES: Record<string, Label> = {
  user: { zh: "用户", en: "User" },
  role: { zh: "角色", en: "Role" },
  menu: { zh: "菜单", en: "Menu item" },
  alarm: { zh: "告警", en: "Alarm" },
  bill: { zh: "账单", en: "Bill" },
  approvalFlow: { zh: "审批流程", en: "Approval flow" },
  collectionAction: { zh: "催收记录", en: "Collection action" },
  line: { zh: "线路", en: "Route line" },
  settings: { zh: "设置", en: "Settings" },
  "settings:business": { zh: "企业信息", en: "Business information" },
  "settings:map": { zh: "地图配置", en: "Map settings" },
};

/** Fields the records of machines and rules carry that no view's form or columns name. */
export const AUDIT_FIELDS: Record<string, Label> = {
  state: { zh: "状态", en: "State" },
  remark: { zh: "备注", en: "Remark" },
  reason: { zh: "原因", en: "Reason" },
  note: { zh: "说明", en: "Note" },
  items: { zh: "字典项", en: "Items" },
  menus: { zh: "菜单", en: "Menus" },
  codes: { zh: "功能权限", en: "Function permissions" },
  steps: { zh: "审批步骤", en: "Approval steps" },
  adjustment: { zh: "调整单", en: "Adjustment" },
  amountCents: { zh: "金额(分)", en: "Amount (fen)" },
  handleState: { zh: "处理状态", en: "Handling" },
  handleNote: { zh: "处理说明", en: "Handling note" },
  logoFileId: { zh: "企业标志", en: "Company logo" },
};

const USER_COLUMNS = [
  { key: "loginAccount", label: { zh: "登录账号", en: "Login account" } },
  { key: "userName", label: { zh: "用户名", en: "User name" } },
] as const;

/** 操作日志: who changed what, when, with a readable summary of before and after (read-only). */
export const auditLogView = defineView({
  name: "auditLog",
  path: "/operationLog",
  permission: "operationLog",
  title: { zh: "操作日志", en: "Operation Log" },
  singular: { zh: "操作日志", en: "operation log entry" },
  rowLabel: "entityId",
  readOnly: true,
  columns: [
    INDEX_COLUMN,
    // the change in full (before and after), under the row
    { key: "more", label: { zh: "明细", en: "More" }, type: "expand", fields: [{ key: "detail", label: { zh: "变更明细", en: "Change in full" }, pre: true }] },
    { key: "createdAt", label: { zh: "操作时间", en: "Time" }, type: "datetime", sortable: true, fixed: true },
    { ...USER_COLUMNS[0], headerFilter: "user" },
    USER_COLUMNS[1],
    // both by their labels (audit-vocabulary.server.ts), the row carries them in both languages
    { key: "action", label: { zh: "操作", en: "Action" }, type: "label", sortable: true, headerFilter: "action" },
    { key: "entity", label: { zh: "对象", en: "Entity" }, type: "label", sortable: true, headerFilter: "entity" },
    { key: "entityId", label: { zh: "对象编号", en: "Entity ID" } },
    { key: "summary", label: { zh: "变更内容", en: "Changes" }, type: "label", titleKey: "detail" },
  ],
  filters: [
    { key: "user", label: { zh: "账号/用户名", en: "Account or user name" }, type: "text", simple: true },
    // the choices are the entities and actions the tenant's log holds (filterOptions)
    { key: "entity", label: { zh: "对象", en: "Entity" }, type: "select", simple: true },
    { key: "action", label: { zh: "操作", en: "Action" }, type: "select", simple: true },
  ],
  form: [],
});

/** 访问日志: which modules people opened and how long they stayed (spec §3 visit log; read-only). */
export const visitLogView = defineView({
  name: "visitLog",
  path: "/visitLog",
  permission: "visitLog",
  title: { zh: "访问日志", en: "Visit Log" },
  singular: { zh: "访问日志", en: "visit log entry" },
  rowLabel: "firstModule",
  readOnly: true,
  columns: [
    INDEX_COLUMN,
    { key: "createdAt", label: { zh: "访问时间", en: "Time" }, type: "datetime", sortable: true, fixed: true },
    { ...USER_COLUMNS[0], headerFilter: "user" },
    USER_COLUMNS[1],
    { key: "trail", label: { zh: "访问模块", en: "Modules" }, headerFilter: "module" },
    { key: "description", label: { zh: "描述", en: "Description" } },
    { key: "stayTime", label: { zh: "停留时长", en: "Time spent" }, type: "duration", sortable: true },
  ],
  filters: [
    { key: "user", label: { zh: "账号/用户名", en: "Account or user name" }, type: "text", simple: true },
    { key: "module", label: { zh: "模块", en: "Module" }, type: "text", simple: true },
  ],
  form: [],
});
