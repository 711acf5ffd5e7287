/**
 * 锁车管理's lists, client-safe (the server halves: lock.server.ts, lock-record.server.ts): 锁车任务 (each task with
 * what its command shows, the first tab) and 锁车记录 (per machine, derived from its tasks and emergency unlocks).
 * Both are read-only lists: a task is made by its own form and moved by its approval; a record is never typed.
 */
import { defineView, INDEX_COLUMN } from "~/lib/list/types";
import { LOCK_LEVEL_OPTIONS, LOCK_OPERATION_OPTIONS, LOCK_PATH, LOCK_PERMISSION, LOCK_RECORDS_PATH, LOCK_TASK_SHOWN_OPTIONS } from "./terminals";

const shown = (key: string, zh: string, en: string) => ({ key, label: { zh, en }, type: "text" as const });

export const lockTaskView = defineView({
  name: "lockTask",
  path: LOCK_PATH,
  permission: LOCK_PERMISSION,
  title: { zh: "锁车管理", en: "Vehicle Lock Management" },
  singular: { zh: "锁车任务", en: "lock task" },
  rowLabel: "number",
  readOnly: true,
  columns: [
    INDEX_COLUMN,
    { key: "number", label: { zh: "任务编号", en: "Task no." }, sortable: true, fixed: true },
    { key: "plate", label: { zh: "车牌号", en: "Plate" }, fixed: true },
    { key: "terminalNo", label: { zh: "终端号", en: "Terminal no." }, optional: true },
    { key: "operation", label: { zh: "锁车操作", en: "Operation" }, type: "status", options: LOCK_OPERATION_OPTIONS },
    { key: "shown", label: { zh: "任务状态", en: "Task state" }, type: "status", options: LOCK_TASK_SHOWN_OPTIONS, fixed: true },
    { key: "contractNumber", label: { zh: "在租合同", en: "Contract on rent" } },
    { key: "reason", label: { zh: "原因", en: "Reason" } },
    { key: "creatorName", label: { zh: "下发人", en: "Issued by" } },
    { key: "createdAt", label: { zh: "创建时间", en: "Created" }, type: "datetime", sortable: true },
    { key: "sentAt", label: { zh: "发送时间", en: "Sent" }, type: "datetime" },
    { key: "doneAt", label: { zh: "完成时间", en: "Finished" }, type: "datetime" },
    { key: "result", label: { zh: "终端应答", en: "Terminal's answer" }, optional: true },
    { key: "expiresAt", label: { zh: "待发送截止", en: "Waits until" }, type: "datetime", optional: true },
  ],
  filters: [
    { key: "q", label: { zh: "任务编号/车牌/终端号", en: "Task no., plate or terminal" }, type: "text", simple: true },
    { key: "operation", label: { zh: "锁车操作", en: "Operation" }, type: "select", options: LOCK_OPERATION_OPTIONS, simple: true },
    { key: "shown", label: { zh: "任务状态", en: "Task state" }, type: "select", options: LOCK_TASK_SHOWN_OPTIONS, simple: true },
  ],
  // the detail (?view=): the task and its command, then its approval
  form: [
    shown("number", "任务编号", "Task no."),
    shown("plate", "车牌号", "Plate"),
    shown("terminalNo", "终端号", "Terminal no."),
    { key: "operation", label: { zh: "锁车操作", en: "Operation" }, type: "select", options: LOCK_OPERATION_OPTIONS },
    { key: "shown", label: { zh: "任务状态", en: "Task state" }, type: "select", options: LOCK_TASK_SHOWN_OPTIONS },
    shown("contractNumber", "在租合同", "Contract on rent"),
    shown("stopAct", "来自停机申请", "From the stop-machine approval"),
    { key: "reason", label: { zh: "原因", en: "Reason" }, type: "textarea" },
    shown("creatorName", "下发人", "Issued by"),
    shown("createdText", "创建时间", "Created"),
    shown("sentText", "发送时间", "Sent"),
    shown("doneText", "完成时间", "Finished"),
    shown("expiresText", "待发送截止", "Waits until"),
    shown("result", "终端应答", "Terminal's answer"),
  ],
});

export const lockRecordView = defineView({
  name: "lockRecord",
  path: LOCK_RECORDS_PATH,
  screen: LOCK_PATH,
  permission: LOCK_PERMISSION,
  title: { zh: "锁车管理", en: "Vehicle Lock Management" },
  singular: { zh: "锁车记录", en: "lock record" },
  rowLabel: "plate",
  readOnly: true,
  columns: [
    INDEX_COLUMN,
    { key: "plate", label: { zh: "车牌号", en: "Plate" }, sortable: true, fixed: true },
    { key: "terminalNo", label: { zh: "终端号", en: "Terminal no." } },
    { key: "level", label: { zh: "当前锁车状态", en: "Lock now" }, type: "status", options: LOCK_LEVEL_OPTIONS, fixed: true },
    { key: "activateCount", label: { zh: "激活次数", en: "Activations" }, type: "number" },
    { key: "lock1Count", label: { zh: "一级锁车次数", en: "Level-1 locks" }, type: "number" },
    { key: "lock2Count", label: { zh: "二级锁车次数", en: "Level-2 locks" }, type: "number" },
    { key: "unlockCount", label: { zh: "解锁次数", en: "Unlocks" }, type: "number" },
    { key: "closeCount", label: { zh: "永久关闭次数", en: "Closed for good" }, type: "number" },
    { key: "emergencyCount", label: { zh: "应急解锁次数", en: "Emergency unlocks" }, type: "number" },
    { key: "lastLockAt", label: { zh: "最近锁车时间", en: "Last locked" }, type: "datetime" },
    { key: "lastUnlockAt", label: { zh: "最近解锁时间", en: "Last unlocked" }, type: "datetime" },
    { key: "lastEmergencyAt", label: { zh: "最近应急解锁", en: "Last emergency unlock" }, type: "datetime" },
    { key: "lastEmergencyReason", label: { zh: "应急解锁原因", en: "Emergency reason" } },
  ],
  filters: [
    { key: "q", label: { zh: "车牌/终端号", en: "Plate or terminal" }, type: "text", simple: true },
    { key: "level", label: { zh: "当前锁车状态", en: "Lock now" }, type: "select", options: LOCK_LEVEL_OPTIONS, simple: true },
  ],
  form: [
    shown("plate", "车牌号", "Plate"),
    shown("terminalNo", "终端号", "Terminal no."),
    { key: "level", label: { zh: "当前锁车状态", en: "Lock now" }, type: "select", options: LOCK_LEVEL_OPTIONS },
  ],
});
