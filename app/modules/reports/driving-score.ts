/*
 * 驾驶行为分析's scoring, declared once (spec §2 "driving behaviour analysis", §3 "Driving behaviour score: overall,
 * pass/fail, items with points per event"): the items, which alarm each counts, and the points one event costs. A
 * machine starts the period at 100 and loses each item's points for each of its events; the score never goes below 0,
 * and PASS_MARK or more passes. Pure and client-safe: the report (driving-behaviour.server.ts) and its test use it,
 * and docs/reports.md prints the same table for the clerk.
 */

/** The item a driving event counts under: the hub rule's kind, or the terminal's own flag (collision, rollover). */
export type DrivingItem = "overspeed" | "fatigue" | "offRoute" | "idle" | "collision" | "rollover";

export interface DrivingItemDef {
  item: DrivingItem;
  /** the alarm that counts: its kind, and for the terminal's own alarms (kind `terminal`) the flag in its detail */
  kind: string;
  flag?: string;
  /** points one event costs */
  points: number;
  label: { zh: string; en: string };
}

/**
 * The items, heaviest last. The terminal's own overspeed and fatigue flags are not counted: the hub's rules judge the
 * same driving from the positions, and one episode would cost twice.
 */
export const DRIVING_ITEMS: readonly DrivingItemDef[] = [
  { item: "overspeed", kind: "overspeed", points: 5, label: { zh: "超速", en: "Overspeed" } },
  { item: "fatigue", kind: "fatigue", points: 10, label: { zh: "疲劳驾驶", en: "Fatigue driving" } },
  { item: "offRoute", kind: "off_route", points: 3, label: { zh: "偏离路线", en: "Off route" } },
  { item: "idle", kind: "idle", points: 2, label: { zh: "怠速过长", en: "Idling too long" } },
  { item: "collision", kind: "terminal", flag: "collision", points: 20, label: { zh: "碰撞", en: "Collision" } },
  { item: "rollover", kind: "terminal", flag: "rollover", points: 30, label: { zh: "侧翻", en: "Rollover" } },
];

/** A machine's score before any event. */
export const FULL_SCORE = 100;
/** A score of this or more passes (合格). */
export const PASS_MARK = 80;

/** The item an alarm counts under (its kind, and its detail's flag for a terminal alarm), or null when it is no driving event. */
export function drivingItemOf(kind: string, flag: string | null | undefined): DrivingItemDef | null {
  return DRIVING_ITEMS.find((d) => d.kind === kind && (d.flag === undefined || d.flag === flag)) ?? null;
}

/** Points lost for a machine's events per item. */
export function pointsLost(events: Partial<Record<DrivingItem, number>>): number {
  return DRIVING_ITEMS.reduce((sum, d) => sum + (events[d.item] ?? 0) * d.points, 0);
}

/** The score after losing `lost` points: FULL_SCORE less them, never below 0. */
export const scoreAfter = (lost: number) => Math.max(0, FULL_SCORE - lost);

/** Whether a score passes. */
export const passes = (score: number) => score >= PASS_MARK;
