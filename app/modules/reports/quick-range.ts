import { addDays, addMonths, daysInMonth, isBusinessDay, requireDay, weekdayOf } from "~/lib/calendar";

/*
 * The report quick ranges of spec §9, as day ranges (yyyy-MM-dd, both ends included) from the tenant's today. Pure and
 * client-safe: the picker shows them, the loader reads them, the test pins them.
 *
 * - today, yesterday;
 * - theWeek / lastWeek: Monday to Sunday (the whole week, so theWeek runs past today);
 * - theMonth / lastMonth: the calendar month, 1st to last day;
 * - last7, last10, last31, recently30, recently365: that many days through today;
 * - last3Months, last6Months: the day after the same date 3 (6) months ago through today (a month cut to its last day);
 * - theYear: 1 January to 31 December; lastYear: 1 January to 1 December of the previous year, as §9 defines the
 *   previous-year range ("ends 1 December, not 31 December").
 */

export const QUICK_RANGES = [
  "today",
  "yesterday",
  "theWeek",
  "lastWeek",
  "last7",
  "last10",
  "recently30",
  "last31",
  "theMonth",
  "lastMonth",
  "last3Months",
  "last6Months",
  "recently365",
  "theYear",
  "lastYear",
] as const;
export type QuickRange = (typeof QUICK_RANGES)[number];

export interface DayRange {
  from: string;
  to: string;
}

export const isQuickRange = (v: string | null | undefined): v is QuickRange => (QUICK_RANGES as readonly string[]).includes(v ?? "");

/** Monday of the week the day falls in. */
const mondayOf = (day: string) => addDays(day, -((weekdayOf(requireDay(day)) + 6) % 7));
const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
const monthEnd = (day: string) => {
  const { year, month } = requireDay(day);
  return `${day.slice(0, 7)}-${String(daysInMonth(year, month)).padStart(2, "0")}`;
};
const trailing = (today: string, days: number): DayRange => ({ from: addDays(today, -(days - 1)), to: today });

/** The days of a quick range, from today (the tenant's). */
export function quickRange(key: QuickRange, today: string): DayRange {
  switch (key) {
    case "today":
      return { from: today, to: today };
    case "yesterday":
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case "theWeek":
      return { from: mondayOf(today), to: addDays(mondayOf(today), 6) };
    case "lastWeek":
      return { from: addDays(mondayOf(today), -7), to: addDays(mondayOf(today), -1) };
    case "theMonth":
      return { from: monthStart(today), to: monthEnd(today) };
    case "lastMonth": {
      const prev = addMonths(monthStart(today), -1);
      return { from: prev, to: monthEnd(prev) };
    }
    case "last7":
      return trailing(today, 7);
    case "last10":
      return trailing(today, 10);
    case "last31":
      return trailing(today, 31);
    case "recently30":
      return trailing(today, 30);
    case "recently365":
      return trailing(today, 365);
    case "last3Months":
      return { from: addDays(addMonths(today, -3), 1), to: today };
    case "last6Months":
      return { from: addDays(addMonths(today, -6), 1), to: today };
    case "theYear":
      return { from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31` };
    case "lastYear": {
      const y = String(Number(today.slice(0, 4)) - 1).padStart(4, "0");
      return { from: `${y}-01-01`, to: `${y}-12-01` };
    }
  }
}

/** At most this many days in one report (two years and a bit): a typed range beyond it is cut at its start. */
export const MAX_RANGE_DAYS = 800;

export interface ReportRange extends DayRange {
  /** the quick range chosen, null for typed days */
  range: QuickRange | null;
  /** why the days asked for were not used: not real days of the business range (the fallback is shown instead) */
  refused?: "invalid";
}

/**
 * The range a report's URL asks for: `range=<quick range>` wins; else `from`/`to` days (swapped when reversed, cut to
 * MAX_RANGE_DAYS); else the fallback quick range. Days that are not real days of the business range
 * (FIRST_BUSINESS_DAY..LAST_BUSINESS_DAY, app/lib/calendar.ts) are refused: the fallback, marked `refused`.
 */
export function rangeFromUrl(params: URLSearchParams, today: string, fallback: QuickRange = "theMonth"): ReportRange {
  const key = params.get("range");
  if (isQuickRange(key)) return { range: key, ...quickRange(key, today) };
  let from = params.get("from") ?? "";
  let to = params.get("to") ?? "";
  if (!from && !to) return { range: fallback, ...quickRange(fallback, today) };
  if (!isBusinessDay(from) || !isBusinessDay(to)) return { range: fallback, ...quickRange(fallback, today), refused: "invalid" };
  if (to < from) [from, to] = [to, from];
  if (daysBetween(from, to) > MAX_RANGE_DAYS) from = addDays(to, -(MAX_RANGE_DAYS - 1));
  return { range: null, from, to };
}

/** Days from one day to another, both included. */
export function daysBetween(from: string, to: string): number {
  const a = requireDay(from);
  const b = requireDay(to);
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000) + 1;
}

/** The months (yyyy-MM) a range touches, in order. */
export function monthsOf({ from, to }: DayRange): string[] {
  const out: string[] = [];
  for (let m = monthStart(from); m <= to; m = addMonths(m, 1)) out.push(m.slice(0, 7));
  return out;
}

/** A part of a range's sums: whole months (yyyy-MM, first and last) or days, added (+1) or taken away (-1). */
export type RangePart = { sign: 1 | -1 } & ({ months: [string, string] } | { days: [string, string] });

/**
 * A range as whole months and days, for sums kept per month and per day: the whole months inside it, and each month
 * it covers only in part either as its days in the range or, when those are more than half the month, as the whole
 * month less the days outside the range; so no part reads more than about half a month of days.
 * 2025-12-04..2026-12-03 is January to November, December 2025 less 1–3 December, and 1–3 December 2026.
 */
export function monthsAndEdges(from: string, to: string): RangePart[] {
  const parts: RangePart[] = [];
  const firstFull = from.endsWith("-01") ? from.slice(0, 7) : addMonths(from, 1).slice(0, 7);
  const lastFull = addDays(to, 1).endsWith("-01") ? to.slice(0, 7) : addMonths(to, -1).slice(0, 7);
  // the days of one month in the range, [a, b]: as days, or as its month less the rest
  const partial = (a: string, b: string) => {
    const start = `${a.slice(0, 7)}-01`;
    const end = addDays(addMonths(start, 1), -1);
    if (daysBetween(a, b) * 2 <= daysBetween(start, end)) return parts.push({ sign: 1, days: [a, b] });
    parts.push({ sign: 1, months: [a.slice(0, 7), a.slice(0, 7)] });
    if (a > start) parts.push({ sign: -1, days: [start, addDays(a, -1)] });
    if (b < end) parts.push({ sign: -1, days: [addDays(b, 1), end] });
  };
  if (firstFull > lastFull) {
    // no whole month: one month in part, or the ends of two
    if (from.slice(0, 7) === to.slice(0, 7)) partial(from, to);
    else {
      partial(from, addDays(`${to.slice(0, 7)}-01`, -1));
      partial(`${to.slice(0, 7)}-01`, to);
    }
    return parts;
  }
  if (from < `${firstFull}-01`) partial(from, addDays(`${firstFull}-01`, -1));
  parts.push({ sign: 1, months: [firstFull, lastFull] });
  const afterLast = addMonths(`${lastFull}-01`, 1);
  if (to >= afterLast) partial(afterLast, to);
  return parts;
}
