/**
 * 锁车管理 (/lockCarManage): lock tasks, lock records with emergency unlocks, OTA version packages and upgrade tasks.
 * The client-safe half: paths, codes, the lock operations, the states a task shows, the lock approval's machine, the
 * rules the forms and the server share (device time, version code, the package's size and parts). docs/terminals.md.
 */
import { approvalTransitions, type ApprovalStates } from "~/modules/workflow/approval";
import { defineMachine } from "~/modules/workflow/machine";
import type { OptionDef } from "~/lib/list/types";
import { COMMAND_STATE, type CommandState } from "../../../db/states";

export { COMMAND_STATE, type CommandState };

export const LOCK_PATH = "/lockCarManage";
export const LOCK_RECORDS_PATH = `${LOCK_PATH}/records`;
export const PACKAGES_PATH = `${LOCK_PATH}/packages`;
export const OTA_TASKS_PATH = `${LOCK_PATH}/upgrades`;
/** the browser's package upload, part by part (JSON) */
export const PACKAGE_UPLOAD_PATH = `${LOCK_PATH}/upload`;

export const LOCK_PERMISSION = "lockCarManage";
/** new lock tasks, version packages and upgrade tasks, retries */
export const LOCK_ADD_CODE = "lockCarManage:add";
/** deciding a lock of a machine on rent */
export const LOCK_APPROVE_CODE = "lockCarManage:approve";
/** 应急解锁: an unlock code for a machine out of reach */
export const LOCK_EMERGENCY_CODE = "lockCarManage:emergency";
/** a version package deleted (or an unfinished upload given up) */
export const LOCK_DELETE_CODE = "lockCarManage:delete";

/** A lock command waits this long for its terminal; then it is 发送失败. */
export const LOCK_COMMAND_TTL_MS = 72 * 3600_000;
/** An upgrade command waits a week (a machine parked on a site for days). */
export const OTA_COMMAND_TTL_MS = 7 * 24 * 3600_000;
/** The download link an upgrade command carries stays good a day after the command could last be handed over. */
export const OTA_LINK_TTL_MS = OTA_COMMAND_TTL_MS + 24 * 3600_000;

/** Spec §4: 激活, 一级锁车, 二级锁车, 解锁, 永久关闭 (the lock function switched off for good). */
export const LOCK_OPERATIONS = ["activate", "lock1", "lock2", "unlock", "close"] as const;
export type LockOperation = (typeof LOCK_OPERATIONS)[number];
/** The operations that stop a machine: on a machine on rent they need a double confirmation and an approval. */
export const LOCKING_OPERATIONS: readonly LockOperation[] = ["lock1", "lock2", "close"];
export const isLocking = (op: string) => (LOCKING_OPERATIONS as readonly string[]).includes(op);

export const LOCK_OPERATION_OPTIONS: OptionDef[] = [
  { value: "activate", label: { zh: "激活", en: "Activate" } },
  { value: "lock1", label: { zh: "一级锁车", en: "Level-1 lock" }, tone: "warning" },
  { value: "lock2", label: { zh: "二级锁车", en: "Level-2 lock" }, tone: "danger" },
  { value: "unlock", label: { zh: "解锁", en: "Unlock" }, tone: "success" },
  { value: "close", label: { zh: "永久关闭", en: "Close permanently" }, tone: "muted" },
];

/**
 * lock_tasks.state: the task's approval. A task that needs none is made `approved` with its command; one that locks a
 * machine on rent waits in approval and gets its command at the last approval. Once approved, what the task shows is
 * its command's state (joined, never copied).
 */
export const LOCK_TASK_STATE = { draft: 0, inApproval: 1, approved: 2, refused: 3, abandoned: 4 } as const;
export const LOCK_APPROVAL_STATES: ApprovalStates = { draft: LOCK_TASK_STATE.draft, pending: LOCK_TASK_STATE.inApproval, approved: LOCK_TASK_STATE.approved, refused: LOCK_TASK_STATE.refused, abandoned: LOCK_TASK_STATE.abandoned };

/** What a lock task shows: its approval until approved, then its command's state (spec §4's five). */
export const LOCK_TASK_SHOWN = ["draft", "inApproval", "refused", "abandoned", COMMAND_STATE.pending, COMMAND_STATE.sent, COMMAND_STATE.done, COMMAND_STATE.failed, COMMAND_STATE.sendFailed] as const;
export type LockTaskShown = (typeof LOCK_TASK_SHOWN)[number];
export const LOCK_TASK_SHOWN_OPTIONS: OptionDef[] = [
  { value: COMMAND_STATE.pending, label: { zh: "待发送", en: "Waiting to send" } },
  { value: COMMAND_STATE.sent, label: { zh: "已发送", en: "Sent" }, tone: "warning" },
  { value: COMMAND_STATE.done, label: { zh: "已完成", en: "Completed" }, tone: "success" },
  { value: COMMAND_STATE.failed, label: { zh: "任务失败", en: "Task failed" }, tone: "danger" },
  { value: COMMAND_STATE.sendFailed, label: { zh: "发送失败", en: "Send failed" }, tone: "danger" },
  { value: "inApproval", label: { zh: "审批中", en: "In approval" }, tone: "warning" },
  { value: "refused", label: { zh: "已驳回", en: "Refused" }, tone: "danger" },
  { value: "draft", label: { zh: "待提交", en: "Not submitted" }, tone: "muted" },
  { value: "abandoned", label: { zh: "已作废", en: "Void" }, tone: "muted" },
];

/** A lock record's current lock as its last completed operation left it (or an emergency unlock after it). */
export const LOCK_LEVEL_OPTIONS: OptionDef[] = [
  { value: "none", label: { zh: "未下发", en: "Never set" }, tone: "muted" },
  { value: "activate", label: { zh: "已激活", en: "Activated" } },
  { value: "lock1", label: { zh: "一级锁车", en: "Level-1 locked" }, tone: "warning" },
  { value: "lock2", label: { zh: "二级锁车", en: "Level-2 locked" }, tone: "danger" },
  { value: "unlock", label: { zh: "已解锁", en: "Unlocked" }, tone: "success" },
  { value: "close", label: { zh: "已永久关闭", en: "Closed for good" }, tone: "muted" },
  { value: "emergency", label: { zh: "应急解锁", en: "Emergency unlocked" }, tone: "success" },
];

/** What the lock approval's buttons and the engine read of a task. */
export interface LockTaskStateRow {
  id: number;
  version: number;
  state: number;
  creatorId: number | null;
}

/** 提交审批, 通过, 驳回, 撤回, 作废 on a lock of a machine on rent (kind `lockTask`). */
export const lockTaskStates = defineMachine<LockTaskStateRow>({
  kind: "lockTask",
  stateOf: (r) => r.state,
  transitions: approvalTransitions<LockTaskStateRow>({ approveCode: LOCK_APPROVE_CODE, states: LOCK_APPROVAL_STATES }, LOCK_ADD_CODE, (r) => r.creatorId, { approve: { confirm: "terminals:approveConfirm" } }),
});

/** An upgrade's progress on one machine, from its command: 待下载 (waiting or sent), 升级中 (acknowledged), 成功, 失败. */
export const OTA_PROGRESS = ["waiting", "upgrading", "success", "fail"] as const;
export type OtaProgress = (typeof OTA_PROGRESS)[number];
export const OTA_PROGRESS_OPTIONS: OptionDef[] = [
  { value: "waiting", label: { zh: "待下载", en: "Waiting for download" } },
  { value: "upgrading", label: { zh: "升级中", en: "Upgrading" }, tone: "warning" },
  { value: "success", label: { zh: "成功", en: "Succeeded" }, tone: "success" },
  { value: "fail", label: { zh: "失败", en: "Failed" }, tone: "danger" },
];
/** A command's progress as an upgrade: acknowledged while sent (or still pending) is upgrading. */
export function otaProgressOf(state: string, ackedAt: number | null): OtaProgress {
  if (state === COMMAND_STATE.done) return "success";
  if (state === COMMAND_STATE.failed || state === COMMAND_STATE.sendFailed) return "fail";
  return ackedAt ? "upgrading" : "waiting";
}
/** Spec §4: an upgrade task is unfinished until every machine succeeded or failed. */
export const OTA_TASK_STATE_OPTIONS: OptionDef[] = [
  { value: "unfinished", label: { zh: "未完成", en: "Unfinished" }, tone: "warning" },
  { value: "finished", label: { zh: "已完成", en: "Finished" }, tone: "success" },
];
export const UPGRADE_TYPES = ["terminal", "controller"] as const;
export const UPGRADE_TYPE_OPTIONS: OptionDef[] = [
  { value: "terminal", label: { zh: "终端程序", en: "Terminal firmware" } },
  { value: "controller", label: { zh: "控制器程序", en: "Controller program" } },
];

/** Spec §9: a version package is a ZIP of at most 1000 MB. */
export const PACKAGE_MAX_BYTES = 1000 * 1024 * 1024;
/**
 * The browser sends a package in parts of this size (the last one shorter): each part is one request, well under a
 * Worker's request body limit, and R2 wants every part but the last the same size (at least 5 MiB).
 */
export const PACKAGE_PART_BYTES = 10 * 1024 * 1024;
export const partsOf = (size: number) => Math.max(1, Math.ceil(size / PACKAGE_PART_BYTES));
/** The size part `n` (from 1) of a package of `size` bytes must have. */
export const partSize = (size: number, n: number) => (n < partsOf(size) ? PACKAGE_PART_BYTES : size - (partsOf(size) - 1) * PACKAGE_PART_BYTES);
/** A ZIP file starts with a local file header: "PK\x03\x04". */
export const isZipStart = (bytes: Uint8Array) => bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** Spec §5: a version code is letters, punctuation and digits (printable ASCII, no spaces), at most 50. */
export const VERSION_CODE_MAX = 50;
export const isVersionCode = (v: string) => /^[\x21-\x7e]+$/.test(v) && v.length <= VERSION_CODE_MAX;

/** Spec §9: at most 500 machines at a time. */
export const TASK_VEHICLES_MAX = 500;

/**
 * Spec §5: the device time an operator reads off the machine's display, YYMMDDHH, as the tenant's local
 * "yyyy-MM-ddTHH:00" when it is a real date and hour (2000–2099), else null.
 */
export function deviceTimeOf(v: string): string | null {
  const m = /^(\d\d)(\d\d)(\d\d)(\d\d)$/.exec(v);
  if (!m) return null;
  const [year, month, day, hour] = [2000 + Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])];
  if (month < 1 || month > 12 || day < 1 || hour > 23) return null;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return `${year}-${m[2]}-${m[3]}T${m[4]}:00`;
}
/** How far the device time may be from the platform's clock: a code for an hour far off is a code to keep for later. */
export const DEVICE_TIME_WINDOW_MS = 7 * 24 * 3600_000;
