import { defineView, INDEX_COLUMN } from "~/lib/list/types";

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
