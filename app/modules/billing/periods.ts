/**
 * The periods a contract is billed for. A monthly contract closes a period on its settlement day (the 20th: the 21st
 * to the 20th; 31 = the month's last day), the first period from the start day, the last to the day the contract
 * ended; spot hire (零租) is billed by the week (Monday to Sunday). A period is due once its last day has come.
 */
import { addDays, daysInMonth, requireDay, weekdayOf } from "~/lib/calendar";
import type { DAY_COUNTS } from "../../../db/schema/rental";
import { daysBetween, MONTH_DAYS } from "../contracts/value";

/** How a day's rent is taken from a monthly rate: ÷ 30 (the trade's month) or ÷ the settlement month's calendar days. */
export type DayCount = (typeof DAY_COUNTS)[number];

export interface BillingContract {
  kind: string;
  startOn: string;
  /** the day it ended (completed, stopped, terminated early); null while in force */
  endedOn: string | null;
  settlementDay: number;
}

export interface DuePeriod {
  from: string;
  to: string;
  /** a whole settlement month: a line on rent every day of it is billed one month */
  wholeMonth: boolean;
  /** the contract's last period: the deposit is applied, the minimum term billed */
  final: boolean;
}

/** The settlement day in a month (31 = its last day; the 30th of February is its last). */
export function settlementDayIn(year: number, month: number, settlementDay: number): string {
  const day = Math.min(settlementDay, daysInMonth(year, month));
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Whether the day is the contract's settlement day of its month. */
function isSettlementDay(date: string, settlementDay: number): boolean {
  const { year, month } = requireDay(date);
  return settlementDayIn(year, month, settlementDay) === date;
}

/** Whether a period is one whole settlement month: it ends on a settlement day and starts the day after one (never spot hire's weeks). */
export function isWholeMonth(kind: string, settlementDay: number, from: string, to: string): boolean {
  return kind !== "spot" && isSettlementDay(to, settlementDay) && isSettlementDay(addDays(from, -1), settlementDay);
}

/** The first settlement day on or after `date`. */
function nextClose(date: string, settlementDay: number): string {
  let { year, month } = requireDay(date);
  for (;;) {
    const close = settlementDayIn(year, month, settlementDay);
    if (close >= date) return close;
    month++;
    if (month > 12) {
      month = 1;
      year++;
    }
  }
}

/** The Sunday ending the week of `date` (weeks run Monday to Sunday). */
function weekEnd(date: string): string {
  const weekday = weekdayOf(requireDay(date));
  return addDays(date, (7 - weekday) % 7);
}

/** The contract's periods whose last day is on or before `today`, oldest first (at most `limit`). */
export function duePeriods(contract: BillingContract, today: string, limit = 120): DuePeriod[] {
  const out: DuePeriod[] = [];
  const weekly = contract.kind === "spot";
  let from = contract.startOn;
  while (out.length < limit) {
    let to = weekly ? weekEnd(from) : nextClose(from, contract.settlementDay);
    let final = false;
    if (contract.endedOn && to >= contract.endedOn) {
      to = contract.endedOn;
      final = true;
    }
    if (to > today || to < from) break;
    const wholeMonth = isWholeMonth(contract.kind, contract.settlementDay, from, to);
    out.push({ from, to, wholeMonth, final });
    if (final) break;
    from = addDays(to, 1);
  }
  return out;
}

/**
 * For each of a contract's periods to bill (oldest first), the due day of its bill before: the latest of its stored
 * bills of an earlier period, or the period before in this run (its last day + the payment days); null: none.
 */
export function previousDueDays(periods: readonly DuePeriod[], made: readonly { periodFrom: string; dueOn: string }[], paymentDays: number): (string | null)[] {
  return periods.map((p, k) => {
    let last = k > 0 ? addDays(periods[k - 1]!.to, paymentDays) : null;
    for (const b of made) if (b.periodFrom < p.from && (last == null || b.dueOn > last)) last = b.dueOn;
    return last;
  });
}

/**
 * The days of the settlement month a period falls in (from the day after one settlement day to the next, both
 * counted): 31 for 21 Oct – 20 Nov with the 20th; a calendar month with the 31st (the month's last day). A part
 * month (the first, the last) is divided by its whole month's days.
 */
export function settlementMonthDays(settlementDay: number, from: string): number {
  const close = nextClose(from, settlementDay);
  const { year, month } = requireDay(close);
  const before = month === 1 ? settlementDayIn(year - 1, 12, settlementDay) : settlementDayIn(year, month - 1, settlementDay);
  return daysBetween(addDays(before, 1), close);
}

/** A period as the pricing reads it: whether it is a whole month, and what a monthly rate is divided by under the contract's day count. */
export function billPeriod(contract: { kind: string; settlementDay: number; dayCount: DayCount }, p: { from: string; to: string; final?: boolean }) {
  return {
    from: p.from,
    to: p.to,
    final: p.final ?? false,
    wholeMonth: isWholeMonth(contract.kind, contract.settlementDay, p.from, p.to),
    dayCount: contract.dayCount,
    monthDays: contract.dayCount === "calendar" ? settlementMonthDays(contract.settlementDay, p.from) : MONTH_DAYS,
  };
}
