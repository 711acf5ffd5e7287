/**
 * Enable / disable (启用 / 停用), the commonest pair of transitions: users, vehicles, fences, lines, data permissions
 * all declare it through this, so its rules (from which state, which code, the confirmation) are written once.
 */
import type { Message, MessageKey } from "~/i18n/keys";
import { defineMachine, type MachineView, type Refusal, type TransitionDef, type Actor } from "./machine";

import { DISABLED, ENABLED } from "../../../db/states";

export { DISABLED, ENABLED };

/** The state column's choices of a list whose rows are 启用 / 停用 (fences, lines, sign-in points). */
export const ENABLED_STOPPED = [
  { value: "1", label: { zh: "启用", en: "Enabled" }, tone: "success" as const },
  { value: "0", label: { zh: "停用", en: "Stopped" }, tone: "danger" as const },
];

export interface EnablementOptions<Row> {
  kind: string;
  stateOf: (row: Row) => number;
  /** the code both need, e.g. `userManage:edit` */
  permission: string;
  /** message keys; defaults are the workflow namespace's 启用 / 停用 and their questions */
  label?: { enable?: MessageKey; disable?: MessageKey };
  confirm?: { enable?: MessageKey; disable?: MessageKey };
  /** the audit records' actions (vehicles say 'stop') */
  audit?: { enable?: string; disable?: string };
  /** when a row is in neither state the transition starts from (e.g. a data permission not yet approved) */
  notFrom?: Message;
  guard?: { enable?: (row: Row, actor: Actor) => Refusal | null; disable?: (row: Row, actor: Actor) => Refusal | null };
}

export function enablement<Row>(o: EnablementOptions<Row>): MachineView<Row> {
  const pair = (name: "enable" | "disable", from: number, to: number, tone: "primary" | "danger"): TransitionDef<Row> => ({
    name,
    from: [from],
    to,
    permission: o.permission,
    label: o.label?.[name] ?? (name === "enable" ? "workflow:enable" : "workflow:disable"),
    confirm: o.confirm?.[name] ?? (name === "enable" ? "workflow:enableConfirm" : "workflow:disableConfirm"),
    tone,
    audit: o.audit?.[name],
    notFrom: o.notFrom,
    guard: o.guard?.[name],
  });
  return defineMachine<Row>({ kind: o.kind, stateOf: o.stateOf, transitions: [pair("enable", DISABLED, ENABLED, "primary"), pair("disable", ENABLED, DISABLED, "danger")] });
}
