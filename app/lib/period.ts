/**
 * Quarters (spec §2 Quarter picker, §9: quarters start January, April, July, October).
 * A quarter travels as "yyyy-Qn" text; its days as yyyy-MM-dd.
 */
import { daysInMonth, formatDay } from "./calendar";

export type Quarter = 1 | 2 | 3 | 4;
export const QUARTERS: readonly Quarter[] = [1, 2, 3, 4];

export interface QuarterValue {
  year: number;
  quarter: Quarter;
}

/** The quarter a month (1–12) falls in. */
export const quarterOfMonth = (month: number) => (Math.floor((month - 1) / 3) + 1) as Quarter;

/** First and last day of a quarter. */
export function quarterDays({ year, quarter }: QuarterValue): { start: string; end: string } {
  const first = (quarter - 1) * 3 + 1;
  return { start: formatDay({ year, month: first, day: 1 }), end: formatDay({ year, month: first + 2, day: daysInMonth(year, first + 2) }) };
}

export const formatQuarter = ({ year, quarter }: QuarterValue) => `${year}-Q${quarter}`;

/** Reads "yyyy-Qn"; null for anything else. */
export function parseQuarter(text: string | null | undefined): QuarterValue | null {
  const match = /^(\d{4})-Q([1-4])$/.exec(text ?? "");
  return match ? { year: Number(match[1]), quarter: Number(match[2]) as Quarter } : null;
}

/**
 * Whether a quarter is unavailable under a disabled-date rule: only when every day is disabled,
 * so with "no future dates" the current quarter stays selectable. The rule is checked on each day
 * (at most 92), which keeps non-contiguous rules honest.
 */
export function isQuarterDisabled(value: QuarterValue, disabledDate?: ((date: string) => boolean) | null): boolean {
  if (!disabledDate) return false;
  const first = (value.quarter - 1) * 3 + 1;
  for (let month = first; month < first + 3; month++) {
    for (let day = 1; day <= daysInMonth(value.year, month); day++) {
      if (!disabledDate(formatDay({ year: value.year, month, day }))) return false;
    }
  }
  return true;
}
