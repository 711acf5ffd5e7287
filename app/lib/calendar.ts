/**
 * Calendar dates as plain year/month/day numbers (spec §2 Calendar, §9). No Date object in local
 * time is involved, so no time zone can shift a day; weekday maths uses UTC only.
 */
import { DEFAULT_TIME_ZONE, todayInZone } from "./tenant-clock";

export interface DayParts {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}
/** 0 = Sunday … 6 = Saturday, as Date#getUTCDay. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export const CALENDAR_CELLS = 42;
export const DEFAULT_WEEK_START: Weekday = 1;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

export const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

export function daysInMonth(year: number, month: number): number {
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`Invalid calendar month: ${month}`);
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}

/** yyyy-MM-dd */
export const formatDay = ({ year, month, day }: DayParts) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

/** Reads yyyy-MM-dd; null when the text is not a real calendar day (2026-02-30 is not). */
export function parseDay(text: string): DayParts | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/**
 * The days a business record may name: contracts, bills, settlements, receipts, reports. Every day a form or a URL
 * brings in is checked against them (app/lib/form-fields.ts, the reports' range), so the arithmetic that follows a
 * stored day (a plan's instalments, a bill period, a month list) stays inside four-digit years.
 */
export const FIRST_BUSINESS_DAY = "2000-01-01";
export const LAST_BUSINESS_DAY = "2099-12-31";

/** A real calendar day, written yyyy-MM-dd, from `earliest` (by default {@link FIRST_BUSINESS_DAY}) to {@link LAST_BUSINESS_DAY}. */
export const isBusinessDay = (text: string, earliest: string = FIRST_BUSINESS_DAY) => parseDay(text) !== null && text >= earliest && text <= LAST_BUSINESS_DAY;

/** Like {@link parseDay} but an invalid day is a programming error (spec §8: internal error). */
export function requireDay(text: string): DayParts {
  const parts = parseDay(text);
  if (!parts) throw new RangeError(`Invalid calendar day: ${text}`);
  return parts;
}

export const weekdayOf = ({ year, month, day }: DayParts) => new Date(Date.UTC(year, month - 1, day)).getUTCDay() as Weekday;

/** Whole days from one day to another (YYYY-MM-DD), negative when `to` comes first: 2026-11-19 → 2026-11-27 is 8. */
export const daysFrom = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The day n days later (earlier when negative), across months and years. */
export function addDays(date: string, n: number): string {
  const { year, month, day } = requireDay(date);
  const t = new Date(Date.UTC(year, month - 1, day + n));
  return formatDay({ year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() });
}

/** The month n months away; the day is kept, or cut to that month's last day (31 Jan + 1 → 28/29 Feb). */
export function addMonths(date: string, n: number): string {
  const { year, month, day } = requireDay(date);
  const index = year * 12 + (month - 1) + n;
  const y = Math.floor(index / 12);
  const m = index - y * 12 + 1;
  return formatDay({ year: y, month: m, day: Math.min(day, daysInMonth(y, m)) });
}

/** yyyy-MM of a day. */
export const monthOf = (date: string) => date.slice(0, 7);

/** Weekday numbers in header order for a week that starts on weekStart. */
export function weekHeader(weekStart: Weekday = DEFAULT_WEEK_START): Weekday[] {
  assertWeekday(weekStart);
  return Array.from({ length: 7 }, (_, i) => ((weekStart + i) % 7) as Weekday);
}

export interface CalendarCell {
  date: string;
  day: number;
  /** Leading days of the previous month, the shown month, trailing days of the next one. */
  place: "previous" | "current" | "next";
  weekday: Weekday;
  isToday: boolean;
  isSelected: boolean;
  /** Strictly between a range's ends. */
  inRange: boolean;
  /** Entries of the calendar list for that day, when a list is supplied. */
  count: number | null;
}

export interface GridOptions {
  weekStart?: Weekday;
  today?: string | null;
  /** One day, or a range's start and end (end may be missing while choosing). */
  selected?: string | null | readonly [string | null, string | null];
  /** Calendar list: entries per yyyy-MM-dd. */
  counts?: Readonly<Record<string, number>> | null;
}

/** The 42 cells (6 weeks) shown for a month, with leading and trailing days. */
export function monthGrid(year: number, month: number, options: GridOptions = {}): CalendarCell[] {
  const weekStart = options.weekStart ?? DEFAULT_WEEK_START;
  assertWeekday(weekStart);
  daysInMonth(year, month);
  const first = formatDay({ year, month, day: 1 });
  const lead = (weekdayOf({ year, month, day: 1 }) - weekStart + 7) % 7;
  const [rangeStart, rangeEnd] = selectionBounds(options.selected);
  const cells: CalendarCell[] = [];
  for (let i = 0; i < CALENDAR_CELLS; i++) {
    const date = addDays(first, i - lead);
    const parts = requireDay(date);
    const place = parts.month === month && parts.year === year ? "current" : date < first ? "previous" : "next";
    cells.push({
      date,
      day: parts.day,
      place,
      weekday: weekdayOf(parts),
      isToday: date === options.today,
      isSelected: date === rangeStart || date === rangeEnd,
      inRange: rangeStart !== null && rangeEnd !== null && date > rangeStart && date < rangeEnd,
      count: options.counts ? (options.counts[date] ?? 0) : null,
    });
  }
  return cells;
}

/** Turns a calendar list (records with a yyyy-MM-dd day) into counts per day. */
export function countByDay<T>(list: readonly T[], dayOf: (entry: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const entry of list) {
    const day = dayOf(entry).slice(0, 10);
    counts[day] = (counts[day] ?? 0) + 1;
  }
  return counts;
}

export type DayKey = "ArrowLeft" | "ArrowRight" | "ArrowUp" | "ArrowDown" | "Home" | "End" | "PageUp" | "PageDown";

/** Where keyboard focus goes from a day: arrows by day and week, Home/End to the week's ends, PageUp/PageDown by month. */
export function moveByKey(date: string, key: DayKey, weekStart: Weekday = DEFAULT_WEEK_START): string {
  switch (key) {
    case "ArrowLeft":
      return addDays(date, -1);
    case "ArrowRight":
      return addDays(date, 1);
    case "ArrowUp":
      return addDays(date, -7);
    case "ArrowDown":
      return addDays(date, 7);
    case "Home":
      return addDays(date, -((weekdayOf(requireDay(date)) - weekStart + 7) % 7));
    case "End":
      return addDays(date, 6 - ((weekdayOf(requireDay(date)) - weekStart + 7) % 7));
    case "PageUp":
      return addMonths(date, -1);
    case "PageDown":
      return addMonths(date, 1);
  }
}

export type DayRange = readonly [string | null, string | null];

/**
 * The range after a click. A range lies within one month: a first click starts it, a second click
 * in the same month ends it (the earlier day first), a click in another month or on a complete
 * range starts a new one.
 */
export function pickRangeDay([start, end]: DayRange, date: string): [string, string | null] {
  requireDay(date);
  if (start === null || end !== null || monthOf(start) !== monthOf(date)) return [date, null];
  return date < start ? [date, start] : [start, date];
}

/** Today's date in a time zone (the tenant's; the default zone when not given), same on server and browser. */
export function todayIn(timeZone: string = DEFAULT_TIME_ZONE, now: Date = new Date()): string {
  return todayInZone(timeZone, now.getTime());
}

function selectionBounds(selected: GridOptions["selected"]): [string | null, string | null] {
  if (!selected) return [null, null];
  if (typeof selected === "string") return [selected, null];
  const [a, b] = selected;
  return a && b && b < a ? [b, a] : [a ?? null, b ?? null];
}

function assertWeekday(n: number): asserts n is Weekday {
  if (!Number.isInteger(n) || n < 0 || n > 6) throw new RangeError(`Invalid first weekday: ${n}`);
}
