/**
 * A contract's value and its payment plan, computed once (the save stores `contracts.value_cents`; the customer's credit
 * exposure and the plan's total read that column). Decimal arithmetic by big.js, never binary floats; a figure is
 * rounded half up to the cent once, where it is stored.
 *
 * - Prices without tax (不含税价): the value is what the customer pays, the tax of the lines and fees added.
 * - Fixed-price kinds: a charter (包租) and a project with a fixed price are worth that price; a rent-to-own (以租代售)
 *   with a purchase price is worth the purchase price.
 * - Otherwise each line's rent over its term (its on-rent day to its off-rent day, else the contract's planned end;
 *   both days counted): a monthly rate × whole months, plus the part month pro-rated by its days over the trade's
 *   30-day month; else a daily rate × days; plus its operators' fees on the same months. A line with no end (open),
 *   or priced by 台班 or hour only (billed from out-car records), adds nothing in advance. Then the one-off fees.
 */
import Big from "big.js";
import { addDays, addMonths, daysInMonth, requireDay } from "~/lib/calendar";
import type { CONTRACT_KINDS } from "../../../db/schema/rental";

export type ContractKind = (typeof CONTRACT_KINDS)[number];

export interface LineTerms {
  monthlyCents?: number | null;
  dailyCents?: number | null;
  operators?: number | null;
  operatorMonthlyCents?: number | null;
  costMonthlyCents?: number | null;
  onRentOn: string;
  offRentOn?: string | null;
}

export interface ContractTerms {
  kind: ContractKind;
  fixedCents?: number | null;
  purchaseCents?: number | null;
  plannedEndOn?: string | null;
  /** 不含税价: the prices are net, and the value adds their tax at this rate (basis points); null: tax included */
  addedTaxBp?: number | null;
  lines: readonly LineTerms[];
  fees?: readonly { amountCents: number }[];
}

/** The days of the trade's month a part month is pro-rated over. */
export const MONTH_DAYS = 30;

const half = (b: Big) => Number(b.round(0, Big.roundHalfUp).toString());

/** Days from `from` to `to`, both counted (2026-11-01 → 2026-11-30 is 30); 0 when `to` is before `from`. */
export function daysBetween(from: string, to: string): number {
  const a = requireDay(from);
  const b = requireDay(to);
  const n = (Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000 + 1;
  return Math.max(0, n);
}

/** A term as whole months from its first day plus the days left (both ends counted): 11-01 → 12-15 is 1 month 15 days. */
export function termOf(from: string, to: string): { months: number; days: number } {
  if (to < from) return { months: 0, days: 0 };
  let months = 0;
  while (addDays(addMonths(from, months + 1), -1) <= to) months++;
  return { months, days: daysBetween(addMonths(from, months), to) };
}

/** A monthly amount over a term, as a decimal (not yet rounded): months × rate + days × rate / 30. */
function monthlyOver(rateCents: number, term: { months: number; days: number }): Big {
  return new Big(rateCents).times(term.months).plus(new Big(rateCents).times(term.days).div(MONTH_DAYS));
}

/** Whether the kind's value is a fixed price (the plan must then add up to it). */
export function isFixedPrice(t: Pick<ContractTerms, "kind" | "fixedCents" | "purchaseCents">): boolean {
  return t.kind === "charter" || (t.kind === "project" && t.fixedCents != null) || (t.kind === "rentToOwn" && t.purchaseCents != null);
}

/** A line's rent over its planned term, in cents (rounded half up once); 0 when it has no end or no time rate. */
export function lineRentCents(line: LineTerms, plannedEndOn: string | null | undefined): number {
  const end = line.offRentOn ?? plannedEndOn ?? null;
  if (!end) return 0;
  const term = termOf(line.onRentOn, end);
  let sum = new Big(0);
  if (line.monthlyCents != null) sum = sum.plus(monthlyOver(line.monthlyCents, term));
  else if (line.dailyCents != null) sum = sum.plus(new Big(line.dailyCents).times(daysBetween(line.onRentOn, end)));
  if (line.operatorMonthlyCents != null && line.operators) sum = sum.plus(monthlyOver(line.operatorMonthlyCents, term).times(line.operators));
  return half(sum);
}

/** A sub-contract line's cost over its planned term (what the tenant pays the supplier), in cents. */
export function lineCostCents(line: LineTerms, plannedEndOn: string | null | undefined): number {
  const end = line.offRentOn ?? plannedEndOn ?? null;
  if (!end || line.costMonthlyCents == null) return 0;
  return half(monthlyOver(line.costMonthlyCents, termOf(line.onRentOn, end)));
}

/** The contract's value in cents: the fixed price, or the lines' rent plus the fees. */
export function contractValueCents(t: ContractTerms): number {
  if (isFixedPrice(t)) return (t.kind === "rentToOwn" ? t.purchaseCents : t.fixedCents) ?? 0;
  const rent = t.lines.reduce((s, l) => s + lineRentCents(l, t.plannedEndOn), 0);
  const net = rent + (t.fees ?? []).reduce((s, f) => s + f.amountCents, 0);
  return t.addedTaxBp ? net + addedTaxCents(net, t.addedTaxBp) : net;
}

/** The tax included in a tax-inclusive amount: amount × rate / (1 + rate), rounded half up (9 % of ¥10,900.00 is ¥900.00). */
export function taxIncludedCents(amountCents: number, rateBp: number): number {
  return half(new Big(amountCents).times(rateBp).div(10_000 + rateBp));
}

/** The tax added to a net amount: amount × rate, rounded half up at the fen (9 % of ¥10,000.00 is ¥900.00). */
export function addedTaxCents(netCents: number, rateBp: number): number {
  return half(new Big(netCents).times(rateBp).div(10_000));
}

/** The margin of a sub-contract: sell minus cost, and as basis points of the sell price (0 when nothing is sold). */
export function marginOf(sellCents: number, costCents: number): { cents: number; bp: number } {
  const cents = sellCents - costCents;
  return { cents, bp: sellCents ? half(new Big(cents).times(10_000).div(sellCents)) : 0 };
}

export interface Instalment {
  dueOn: string;
  amountCents: number;
}

/** The settlement day in a month (31 = the month's last day; the 30th of February is its last day). */
function settlementIn(year: number, month: number, settlementDay: number): string {
  const day = Math.min(settlementDay, daysInMonth(year, month));
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * A payment plan from the terms: the term cut at each settlement day (the last period ends on the planned end), each
 * period's share of the value pro-rated by its days, due `paymentDays` after the period closes. The shares are rounded
 * half up and the last takes the remainder, so the plan adds up to the value exactly. No end: one instalment.
 */
export function generatePlan(valueCents: number, startOn: string, endOn: string | null, settlementDay: number, paymentDays: number): Instalment[] {
  if (!endOn || endOn < startOn) return valueCents ? [{ dueOn: addDays(startOn, paymentDays), amountCents: valueCents }] : [];
  const closes: string[] = [];
  let { year, month } = requireDay(startOn);
  for (;;) {
    const close = settlementIn(year, month, settlementDay);
    if (close >= endOn) break;
    if (close >= startOn) closes.push(close);
    month++;
    if (month > 12) {
      month = 1;
      year++;
    }
  }
  closes.push(endOn);
  const total = daysBetween(startOn, endOn);
  const plan: Instalment[] = [];
  let from = startOn;
  let given = 0;
  closes.forEach((close, i) => {
    const amount = i === closes.length - 1 ? valueCents - given : half(new Big(valueCents).times(daysBetween(from, close)).div(total));
    given += amount;
    plan.push({ dueOn: addDays(close, paymentDays), amountCents: amount });
    from = addDays(close, 1);
  });
  return plan;
}
