import { defineView, INDEX_COLUMN, type OptionDef } from "~/lib/list/types";

export const MENU_STATES: OptionDef[] = [
  { value: "1", label: { zh: "显示", en: "Shown" }, tone: "success" },
  { value: "0", label: { zh: "隐藏", en: "Hidden" }, tone: "muted" },
];

/** The breadcrumb behaviour of a menu item when it opens (spec §4, tabs and breadcrumbs). */
export const MENU_TYPES: OptionDef[] = [
  { value: "0", label: { zh: "清空面包屑", en: "Clear the breadcrumb" } },
  { value: "1", label: { zh: "追加到缓存的面包屑", en: "Append to the cached breadcrumb" } },
  { value: "2", label: { zh: "追加到当前路径", en: "Append to the current trail" } },
  { value: "3", label: { zh: "移除最后一级", en: "Remove the last level" } },
  { value: "4", label: { zh: "替换最后一级", en: "Replace the last level" } },
  { value: "5", label: { zh: "重置为本项", en: "Reset to this item" } },
];

/** What stands for "no parent": a top-level menu item. */
export const TOP_LEVEL = { zh: "顶级菜单", en: "Top level" };

const YES_NO: OptionDef[] = [
  { value: "1", label: { zh: "是", en: "Yes" } },
  { value: "0", label: { zh: "否", en: "No" } },
];

/** /routerPath: the tenant's menu items, which feed the side menu, tabs, breadcrumbs and screen access (spec §2, §3 menu item). */
export const menuView = defineView({
  name: "menu",
  path: "/routerPath",
  permission: "routerPath",
  title: { zh: "路由管理", en: "Route Management" },
  singular: { zh: "菜单", en: "menu item" },
  rowLabel: "name",
  columns: [
    INDEX_COLUMN,
    { key: "name", label: { zh: "菜单名称", en: "Name" }, sortable: true, fixed: true },
    { key: "nameEn", label: { zh: "英文名称", en: "English name" }, sortable: true },
    { key: "privis", label: { zh: "权限标识", en: "Permission code" }, sortable: true },
    { key: "privisId", label: { zh: "菜单编号", en: "Menu ID" }, sortable: true },
    { key: "parent", label: { zh: "上级编号", en: "Parent ID" }, sortable: true },
    { key: "parentName", label: { zh: "上级菜单", en: "Parent" }, empty: TOP_LEVEL },
    { key: "routerPath", label: { zh: "路由路径", en: "Route path" }, sortable: true },
    { key: "sort", label: { zh: "排序", en: "Sort" }, type: "number", sortable: true },
    { key: "type", label: { zh: "类型", en: "Type" }, type: "status", options: MENU_TYPES, sortable: true },
    { key: "state", label: { zh: "状态", en: "State" }, type: "status", options: MENU_STATES, sortable: true },
    { key: "home", label: { zh: "首页", en: "Home" }, type: "status", options: YES_NO },
    { key: "once", label: { zh: "一次性", en: "One-time" }, type: "status", options: YES_NO },
  ],
  filters: [
    { key: "q", label: { zh: "名称/路径/权限标识", en: "Name, path or permission code" }, type: "text", simple: true },
    { key: "state", label: { zh: "状态", en: "State" }, type: "select", options: MENU_STATES, simple: true },
    { key: "type", label: { zh: "类型", en: "Type" }, type: "select", options: MENU_TYPES },
  ],
  form: [
    { key: "name", label: { zh: "菜单名称", en: "Name" }, type: "text", required: true, maxLength: 30 },
    { key: "nameEn", label: { zh: "英文名称", en: "English name" }, type: "text", required: true, maxLength: 60 },
    { key: "privisId", label: { zh: "菜单编号", en: "Menu ID" }, type: "text", required: true, createOnly: true, maxLength: 10, hint: { zh: "1-10位数字，保存后不可修改", en: "1–10 digits; cannot be changed later" } },
    { key: "privis", label: { zh: "权限标识", en: "Permission code" }, type: "text", required: true, maxLength: 60, hint: { zh: "如 userManage，功能权限为 userManage:add 等", en: "e.g. userManage; function codes are userManage:add and so on" } },
    { key: "parent", label: { zh: "上级菜单", en: "Parent" }, type: "select", required: true, defaultValue: "0" },
    { key: "routerPath", label: { zh: "路由路径", en: "Route path" }, type: "text", maxLength: 100, hint: { zh: "以 / 开头；分组留空", en: "Starts with /; empty for a group" } },
    { key: "sort", label: { zh: "排序", en: "Sort" }, type: "text", required: true, maxLength: 5, defaultValue: "0" },
    { key: "type", label: { zh: "类型", en: "Type" }, type: "select", required: true, options: MENU_TYPES, defaultValue: "5" },
    { key: "state", label: { zh: "状态", en: "State" }, type: "select", required: true, options: MENU_STATES, defaultValue: "1" },
    { key: "home", label: { zh: "首页", en: "Home" }, type: "select", required: true, options: YES_NO, defaultValue: "0" },
    { key: "once", label: { zh: "一次性", en: "One-time" }, type: "select", required: true, options: YES_NO, defaultValue: "0" },
  ],
});
