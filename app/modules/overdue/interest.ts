/**
 * Late-payment interest by the value date of the money (Rental III §2): a bill's interest accrues each day from the
 * day after its due day up to the day the money came (the receipt's received date, that day counted: 自逾期之日起至
 * 实际付款之日止), on the part still owed that day, at the contract's daily rate. It is a function of the bill and its
 * receipts alone, so a receipt entered late or backdated gives the same interest as one entered on its day: the
 * schedule is computed again whole, never added to. Pure: no database, no clock.
 */
import Big from "big.js";
import { addDays } from "~/lib/calendar";
import { daysBetween } from "~/modules/contracts/value";

export interface InterestTerms {
  amountCents: number;
  dueOn: string;
  /** per day, in basis points of the unpaid amount (0.3 % a day is 30) */
  rateBp: number;
  /** the money put on the bill and the day it came */
  payments: readonly { on: string; cents: number }[];
}

/** A run of days on one base: both ends counted. */
export interface InterestSegment {
  fromOn: string;
  toOn: string;
  days: number;
  baseCents: number;
  cents: number;
}

/** Interest on `baseCents` at `rateBp` a day for `days` days, half up to the cent. */
export const interestCents = (baseCents: number, rateBp: number, days: number) => Number(new Big(baseCents).times(rateBp).div(10_000).times(days).round(0, Big.roundHalfUp).toFixed(0));

/**
 * The bill's interest through `through` (usually the tenant's yesterday) as runs of days on one base: the base of a
 * day is the amount less the money received before it, so a payment stops interest on its part after its own day.
 * Nothing once paid off, nor without a rate; each run rounded half up to the cent once.
 */
export function interestSchedule(t: InterestTerms, through: string): InterestSegment[] {
  if (t.rateBp <= 0 || t.amountCents <= 0) return [];
  const first = addDays(t.dueOn, 1);
  if (first > through) return [];
  // the base changes the day after each payment's day; money received by the due day was never late
  const byDay = new Map<string, number>();
  let early = 0;
  for (const p of t.payments) {
    if (p.on < first) early += p.cents;
    else byDay.set(addDays(p.on, 1), (byDay.get(addDays(p.on, 1)) ?? 0) + p.cents);
  }
  const changes = [...byDay.keys()].filter((d) => d <= through).sort();
  const out: InterestSegment[] = [];
  let base = t.amountCents - early;
  let from = first;
  for (const change of [...changes, addDays(through, 1)]) {
    if (base <= 0) break;
    if (change > from) {
      const to = addDays(change, -1);
      const days = daysBetween(from, to);
      out.push({ fromOn: from, toOn: to, days, baseCents: base, cents: interestCents(base, t.rateBp, days) });
      from = change;
    }
    base -= byDay.get(change) ?? 0;
  }
  return out;
}
