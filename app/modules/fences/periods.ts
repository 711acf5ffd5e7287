/**
 * A fence's effective periods (spec §4/§5): up to two daily periods "HH:mm"–"HH:mm" in the tenant's time zone; none
 * means always. A period whose end is before its start crosses midnight (22:00–06:00). The two must not overlap.
 */

import { parseHhMm } from "../../../workers/fleet-hub/rules";

export type PeriodError = "format" | "incomplete" | "empty" | "secondWithoutFirst" | "overlap";

/** Minutes after midnight of "HH:mm", or null when it is not a time: the same reading the hub's rules use. */
export const minutesOf = (hhmm: string): number | null => parseHhMm(hhmm);

/** The period as half-open minute ranges within one day ([s, e) or, across midnight, [s, 1440) and [0, e)). */
export function segments(start: number, end: number): [number, number][] {
  return start < end ? [[start, end]] : [[start, 1440], [0, end]];
}

const overlaps = (a: [number, number][], b: [number, number][]) => a.some(([s1, e1]) => b.some(([s2, e2]) => s1 < e2 && s2 < e1));

/** Checks both periods; returns the first problem with the field it belongs to, or null. */
export function checkPeriods(p: { period1Start: string; period1End: string; period2Start: string; period2End: string }): { field: string; error: PeriodError } | null {
  const parsed: ([number, number] | null)[] = [];
  for (const n of [1, 2] as const) {
    const s = p[`period${n}Start`].trim();
    const e = p[`period${n}End`].trim();
    if (!s && !e) {
      parsed.push(null);
      continue;
    }
    if (!s || !e) return { field: `period${n}Start`, error: "incomplete" };
    const sm = minutesOf(s);
    const em = minutesOf(e);
    if (sm === null) return { field: `period${n}Start`, error: "format" };
    if (em === null) return { field: `period${n}End`, error: "format" };
    if (sm === em) return { field: `period${n}End`, error: "empty" };
    parsed.push([sm, em]);
  }
  const [a, b] = parsed;
  if (!a && b) return { field: "period2Start", error: "secondWithoutFirst" };
  if (a && b && overlaps(segments(...a), segments(...b))) return { field: "period2Start", error: "overlap" };
  return null;
}
