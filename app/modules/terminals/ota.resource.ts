/**
 * The OTA lists of 锁车管理, client-safe (the server halves: package.server.ts, ota-task.server.ts): 版本包 (the
 * packages, uploaded part by part from the browser) and 升级任务 (a package sent to a set of machines, with its
 * progress). Read-only lists: a package comes from its upload, a task from its form, the progress from the commands.
 */
import { defineView, INDEX_COLUMN } from "~/lib/list/types";
import { LOCK_PATH, LOCK_PERMISSION, OTA_TASK_STATE_OPTIONS, OTA_TASKS_PATH, PACKAGES_PATH, UPGRADE_TYPE_OPTIONS } from "./terminals";

const shown = (key: string, zh: string, en: string) => ({ key, label: { zh, en }, type: "text" as const });
const PACKAGE_STATES = [
  { value: "uploading", label: { zh: "上传中", en: "Uploading" }, tone: "warning" as const },
  { value: "ready", label: { zh: "可用", en: "Ready" }, tone: "success" as const },
];

export const packageView = defineView({
  name: "otaPackage",
  path: PACKAGES_PATH,
  screen: LOCK_PATH,
  permission: LOCK_PERMISSION,
  title: { zh: "锁车管理", en: "Vehicle Lock Management" },
  singular: { zh: "版本包", en: "version package" },
  rowLabel: "versionCode",
  readOnly: true,
  columns: [
    INDEX_COLUMN,
    { key: "versionCode", label: { zh: "版本号", en: "Version code" }, sortable: true, fixed: true },
    { key: "description", label: { zh: "版本描述", en: "Description" } },
    { key: "fileName", label: { zh: "文件名", en: "File" } },
    { key: "sizeText", label: { zh: "大小", en: "Size" } },
    { key: "uploadState", label: { zh: "状态", en: "State" }, type: "status", options: PACKAGE_STATES },
    { key: "uploadedAt", label: { zh: "上传时间", en: "Uploaded" }, type: "datetime", sortable: true },
    { key: "creatorName", label: { zh: "上传人", en: "Uploaded by" } },
    { key: "taskCount", label: { zh: "升级任务数", en: "Upgrade tasks" }, type: "number" },
  ],
  filters: [
    { key: "q", label: { zh: "版本号/描述", en: "Version code or description" }, type: "text", simple: true },
    { key: "uploadState", label: { zh: "状态", en: "State" }, type: "select", options: PACKAGE_STATES, simple: true },
  ],
  form: [shown("versionCode", "版本号", "Version code"), { key: "description", label: { zh: "版本描述", en: "Description" }, type: "textarea" }, shown("fileName", "文件名", "File"), shown("sizeText", "大小", "Size")],
});

export const otaTaskView = defineView({
  name: "otaTask",
  path: OTA_TASKS_PATH,
  screen: LOCK_PATH,
  permission: LOCK_PERMISSION,
  title: { zh: "锁车管理", en: "Vehicle Lock Management" },
  singular: { zh: "升级任务", en: "upgrade task" },
  rowLabel: "number",
  readOnly: true,
  columns: [
    INDEX_COLUMN,
    { key: "number", label: { zh: "任务编号", en: "Task no." }, sortable: true, fixed: true },
    { key: "versionCode", label: { zh: "版本号", en: "Version code" } },
    { key: "upgradeType", label: { zh: "升级类型", en: "Type" }, type: "status", options: UPGRADE_TYPE_OPTIONS },
    { key: "createdAt", label: { zh: "提交时间", en: "Submitted" }, type: "datetime", sortable: true },
    { key: "progress", label: { zh: "完成数/总数", en: "Finished / total" }, fixed: true },
    { key: "outcome", label: { zh: "成功/失败", en: "Succeeded / failed" } },
    { key: "waiting", label: { zh: "待下载", en: "Waiting for download" }, type: "number" },
    { key: "upgrading", label: { zh: "升级中", en: "Upgrading" }, type: "number" },
    { key: "taskState", label: { zh: "状态", en: "State" }, type: "status", options: OTA_TASK_STATE_OPTIONS, fixed: true },
    { key: "creatorName", label: { zh: "提交人", en: "Submitted by" } },
    { key: "remark", label: { zh: "备注", en: "Remark" }, optional: true },
  ],
  filters: [
    { key: "q", label: { zh: "任务编号/版本号", en: "Task no. or version code" }, type: "text", simple: true },
    { key: "taskState", label: { zh: "状态", en: "State" }, type: "select", options: OTA_TASK_STATE_OPTIONS, simple: true },
    { key: "upgradeType", label: { zh: "升级类型", en: "Type" }, type: "select", options: UPGRADE_TYPE_OPTIONS },
  ],
  form: [
    shown("number", "任务编号", "Task no."),
    shown("versionCode", "版本号", "Version code"),
    { key: "upgradeType", label: { zh: "升级类型", en: "Type" }, type: "select", options: UPGRADE_TYPE_OPTIONS },
    shown("createdText", "提交时间", "Submitted"),
    shown("progress", "完成数/总数", "Finished / total"),
    shown("outcome", "成功/失败", "Succeeded / failed"),
    { key: "taskState", label: { zh: "状态", en: "State" }, type: "select", options: OTA_TASK_STATE_OPTIONS },
    shown("creatorName", "提交人", "Submitted by"),
    { key: "remark", label: { zh: "备注", en: "Remark" }, type: "textarea" },
  ],
});
