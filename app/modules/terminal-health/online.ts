/**
 * Online classes of spec §4 (在线, 当天在线, 离线1天, 离线2-5天, 离线5天以上, 从未上线, 未知) and a silent terminal, pure and
 * client-safe. The class comes from when the hub last heard from the terminal, through the hub's own `onlineClassOf`
 * (workers/fleet-hub/protocol.ts), as 在线离线报表 counts them; `unknown` when the hub could not be asked.
 */
import { onlineClassOf, type OnlineClass } from "../../../workers/fleet-hub/protocol";

export type TerminalClass = OnlineClass | "unknown";
export const CLASS_ORDER: readonly TerminalClass[] = ["online", "today", "day1", "days2to5", "over5", "never", "unknown"];
export const isTerminalClass = (v: string): v is TerminalClass => (CLASS_ORDER as readonly string[]).includes(v);

/** The class of a terminal last heard at `seen` (null: never), or unknown without the hub's answer. */
export function terminalClassOf(seen: number | null, hub: { now: number; offlineAfterMs: number; startOfToday: number } | null): TerminalClass {
  return hub ? onlineClassOf(seen, hub.now, hub.offlineAfterMs, hub.startOfToday) : "unknown";
}

/** The default silence (hours) after which a machine on rent whose terminal said nothing goes on the to-do. */
export const DEFAULT_SILENT_HOURS = 24;

/** A terminal silent longer than the threshold, or never heard. */
export const isSilent = (seen: number | null, now: number, thresholdMs: number) => seen === null || now - seen > thresholdMs;
