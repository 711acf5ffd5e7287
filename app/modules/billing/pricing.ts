/**
 * The monthly bill's pricing: a contract line's terms, the period, the evidence, the calls and the clerk's decisions
 * turned into bill items (issue 26 §2). Pure: no database, no clock. Each item reads `rate × quantity (× share) = amount`
 * exactly: the quantity is text, a decimal or an unreduced fraction "n/d" ("21/30": days over the trade's 30-day month,
 * "13/8": hours over a shift's hours), and the amount is rounded half up to the cent once, from the exact product.
 *
 * A line's day's rent is its daily rate, else its monthly rate over the contract's day count (quantity "N/D" at the
 * monthly rate, unit month): D is 30 under the trade's 30-day month, or the days of the settlement month under calendar
 * days (31 for 21 Oct – 20 Nov); the deductions (stop-rent, idle, fault) and additions (outside use, minimum term) are
 * priced on it.
 *
 * Prices are tax included (含税价: each item's tax is taken out of its amount) or tax excluded (不含税价: the item's net is
 * rounded, then its tax added at the rate, half up at the fen); either way an item's amount is what the customer pays
 * and the bill's tax is the sum of its items'.
 *
 * A fixed price (包租, a project with a fixed price, 以租代售) is not priced from its lines: its bills carry its payment
 * plan's instalments (`fixedPricePlan`, `priceInstalments`).
 */
import Big from "big.js";
import { addDays, addMonths } from "~/lib/calendar";
import { MONTH_DAYS, addedTaxCents, contractValueCents, daysBetween, generatePlan, isFixedPrice, taxIncludedCents, termOf, type ContractKind } from "../contracts/value";
import type { DayCount } from "./periods";
import type { BillItem, BillLineTerms, BillRule, BillUnit, Call, EvidenceDay, LineDecisions, PlanInstalment } from "./types";

export interface BillPeriod {
  from: string;
  to: string;
  /** the period is one whole settlement month (e.g. Oct 21 → Nov 20): a line on rent every day of it is billed one month */
  wholeMonth: boolean;
  /** the contract's day count: the trade's 30-day month, or the calendar's days */
  dayCount: DayCount;
  /** the days a monthly rate is divided by for a day's rent: 30, or the settlement month's days (billPeriod in periods.ts) */
  monthDays: number;
}

/** How a contract's prices carry tax: at this rate (basis points), within each price or added to it. */
export interface TaxTerms {
  rateBp: number;
  /** 不含税价: the price is net; each item's tax is added */
  excluded: boolean;
}

/** The minimum term an early end tops up to: from the day after the end to the term's last day, as the contract counts it. */
export interface MinTermTopUp {
  endedOn: string;
  minTermEndOn: string;
  /** the term was set in months: the rest is billed as whole months and the days left */
  unit: "month" | "day";
  /** the contract's clause the item cites */
  clause: string | null;
}

export interface LinePricingInput {
  line: BillLineTerms;
  period: BillPeriod;
  tax: TaxTerms;
  /** per day, for 台班 when there are no calls */
  evidence?: readonly EvidenceDay[];
  /** out-car records in the period (台班 and hourly) */
  calls?: readonly Call[];
  /** accepted proposals */
  decisions?: LineDecisions;
  /** the contract ended early: bill the days up to the minimum term's end on this (final) bill */
  minTerm?: MinTermTopUp | null;
  /** approved 停滞期 declarations of this line meeting the period, earliest number first */
  declared?: readonly DeclaredIdle[];
}

/** A declared idle period (停滞期申报, approved): its days billed at its own share of a day's rent, citing its number. */
export interface DeclaredIdle {
  number: string;
  /** the share of a day's rent charged (7000 = 70 %) */
  rateBp: number;
  from: string;
  to: string;
}

/** Of the approved declarations read for a chunk (in number order), those of one line, cut to the period. */
export function declaredFor(rows: readonly { contractId: number; lineNo: number; number: string; rateBp: number; fromOn: string; toOn: string }[], contractId: number, lineNo: number, period: { from: string; to: string }): DeclaredIdle[] {
  return rows
    .filter((r) => r.contractId === contractId && r.lineNo === lineNo && r.fromOn <= period.to && r.toOn >= period.from)
    .map((r) => ({ number: r.number, rateBp: r.rateBp, from: r.fromOn > period.from ? r.fromOn : period.from, to: r.toOn < period.to ? r.toOn : period.to }));
}

/** The days of the given declarations, each taken once (the earlier declaration keeps a day two declare). */
export function declaredDays(declared: readonly DeclaredIdle[]): { idle: DeclaredIdle; days: string[] }[] {
  const taken = new Set<string>();
  return declared.map((idle) => {
    const days: string[] = [];
    for (let d = idle.from; d <= idle.to; d = addDays(d, 1)) if (!taken.has(d)) days.push(d);
    for (const d of days) taken.add(d);
    return { idle, days };
  });
}

/** An exact quantity: n / d, never reduced (the bill shows the days over 30, the hours over a shift). */
interface Quantity {
  n: Big;
  d: Big;
}

const ONE = new Big(1);
const SHARE_WHOLE = 10_000;

/** Half up to the cent (away from zero at .5, so a deduction mirrors the charge it takes off). */
const halfUp = (b: Big) => Number(b.round(0, Big.roundHalfUp).toFixed());

const whole = (n: Big | number): Quantity => ({ n: new Big(n), d: ONE });
const over = (days: Big | number, monthDays: number): Quantity => ({ n: new Big(days), d: new Big(monthDays) });
const quantityText = (q: Quantity) => (q.d.eq(1) ? q.n.toFixed() : `${q.n.toFixed()}/${q.d.toFixed()}`);

const QUANTITY = /^(-?\d+(?:\.\d+)?)(?:\/(\d+(?:\.\d+)?))?$/;

/**
 * The value of a bill item's quantity text: a decimal ("0.625", "-10") or an exact fraction ("21/30", "-10/30", "12.5/8").
 * A fraction that does not end (a third) is carried to big.js's 20 places; the item's amount was priced from n and d.
 */
export function quantityValue(q: string): Big {
  const match = QUANTITY.exec(q.trim());
  if (!match) throw new RangeError(`Invalid bill quantity: ${q}`);
  const n = new Big(match[1]);
  if (match[2] === undefined) return n;
  const d = new Big(match[2]);
  if (d.eq(0)) throw new RangeError(`Invalid bill quantity: ${q}`);
  return n.div(d);
}

/** The period's days the line is on rent (its on-rent day to its off-rent day, both counted), in order. */
export function daysOnRent(line: Pick<BillLineTerms, "onRentOn" | "offRentOn">, period: BillPeriod): string[] {
  const first = line.onRentOn > period.from ? line.onRentOn : period.from;
  const last = line.offRentOn != null && line.offRentOn < period.to ? line.offRentOn : period.to;
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Whether the line is billed one month: a whole settlement month with the line on rent every day of it. */
const isWholeMonth = (period: BillPeriod, onRent: readonly string[]) => period.wholeMonth && onRent.length === daysBetween(period.from, period.to);

/** Hours per day, summed exactly (two calls on a day are one day's hours). */
function hoursByDay(entries: readonly { day: string; hours: number }[]): Map<string, Big> {
  const byDay = new Map<string, Big>();
  for (const e of entries) byDay.set(e.day, (byDay.get(e.day) ?? new Big(0)).plus(e.hours));
  return byDay;
}

const maxZero = (b: Big) => (b.gt(0) ? b : new Big(0));

/**
 * The engine hours above the allowance, as the proposal offers them: per day Σ max(0, hours − allowance) over the
 * on-rent days; per month max(0, Σ hours − allowance × months), months = 1 on a whole month on rent, else days / 30.
 * Rounded half up to 2 decimals of an hour; 0 without an allowance.
 */
export function allowanceOvertimeHours(line: BillLineTerms, period: BillPeriod, evidence: readonly EvidenceDay[]): number {
  if (line.allowanceHours == null || line.allowancePer == null) return 0;
  const onRent = daysOnRent(line, period);
  const onRentSet = new Set(onRent);
  const hours = hoursByDay(evidence.filter((e) => onRentSet.has(e.day)).map((e) => ({ day: e.day, hours: e.engineHours })));
  const allowance = new Big(line.allowanceHours);
  let over = new Big(0);
  if (line.allowancePer === "day") {
    for (const h of hours.values()) over = over.plus(maxZero(h.minus(allowance)));
  } else {
    const total = [...hours.values()].reduce((s, h) => s.plus(h), new Big(0));
    // the allowance over a part month is pro-rated by its days, one division so it stays exact
    const allowed = isWholeMonth(period, onRent) ? allowance : allowance.times(onRent.length).div(period.monthDays);
    over = maxZero(total.minus(allowed));
  }
  return Number(over.round(2, Big.roundHalfUp).toFixed());
}

/** The days' rent a fault takes off: one per whole 8 counted hours; 0 for none. */
export function faultDeductionDays(countedHours: number): number {
  if (!(countedHours > 0)) return 0;
  return Number(new Big(countedHours).div(8).round(0, Big.roundDown).toFixed());
}

function priced(lineId: number | null, rule: BillRule, q: Quantity, unit: BillUnit, rateCents: number, tax: TaxTerms, basis: BillItem["basis"], shareBp?: number): BillItem {
  // one division of the exact product, then the one rounding to the cent
  const share = shareBp ?? SHARE_WHOLE;
  const priceCents = halfUp(new Big(rateCents).times(q.n).times(share).div(q.d.times(SHARE_WHOLE)));
  // a net price: its tax is added, rounded half up at the fen on its own; a gross price: its tax is taken out
  const taxCents = tax.excluded ? addedTaxCents(priceCents, tax.rateBp) : taxIncludedCents(priceCents, tax.rateBp);
  const withShare = shareBp == null ? basis : { ...basis, shareBp };
  return {
    lineId,
    rule,
    quantity: quantityText(q),
    unit,
    rateCents,
    amountCents: tax.excluded ? priceCents + taxCents : priceCents,
    taxRateBp: tax.rateBp,
    taxCents,
    basis: tax.excluded ? { ...withShare, priceTax: "excluded" } : withShare,
  };
}

/** One day of a 台班 line: the hours billed (the calls' hours, each at least the minimum per call, else the engine's), the part of a shift and the overtime. */
export interface ShiftDay {
  day: string;
  hours: Big;
  /** hours within the day's shift (at most a shift) */
  inShift: Big;
  /** hours above the shift */
  overtime: Big;
}

/**
 * A 台班 line's days (Rental III §1): the out-car records' hours a day (each call billed at least the contract's minimum
 * hours per call), else the engine's hours on the billed days when there is no call; each day up to one shift at the
 * shift's rate (a part shift pro rata), the hours above it at the overtime rate. The bill page prints this table; the
 * shift and overtime items are its sums.
 */
export function shiftDays(line: Pick<BillLineTerms, "shiftHours" | "minHoursPerCall">, calls: readonly Call[], evidence: readonly EvidenceDay[], billed: ReadonlySet<string>): { source: "calls" | "evidence"; days: ShiftDay[] } {
  const min = line.minHoursPerCall ?? 0;
  const source = calls.length ? "calls" : "evidence";
  const hours = calls.length
    ? hoursByDay(calls.map((c) => ({ day: c.day, hours: c.hours > min ? c.hours : min })))
    : hoursByDay(evidence.filter((e) => billed.has(e.day)).map((e) => ({ day: e.day, hours: e.engineHours })));
  const shift = new Big(line.shiftHours);
  const days: ShiftDay[] = [];
  for (const [day, h] of [...hours.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    if (!h.gt(0)) continue;
    days.push({ day, hours: h, inShift: h.gt(shift) ? shift : h, overtime: maxZero(h.minus(shift)) });
  }
  return { source, days };
}

/** Prices a contract line for a period: one item per rule that applies, in the bill's order; nothing for zero quantities. */
export function priceLine(input: LinePricingInput): BillItem[] {
  const { line, period, tax } = input;
  const monthDays = period.monthDays;
  const overMonth = (days: Big | number) => over(days, monthDays);
  const decisions = input.decisions ?? {};
  const items: BillItem[] = [];
  const add = (rule: BillRule, q: Quantity, unit: BillUnit, rateCents: number, basis: BillItem["basis"], shareBp?: number) => {
    if (!q.n.eq(0)) items.push(priced(line.id, rule, q, unit, rateCents, tax, basis, shareBp));
  };

  const onRent = daysOnRent(line, period);
  const onRentSet = new Set(onRent);
  const stopSet = new Set((decisions.stopDays ?? []).filter((d) => onRentSet.has(d)));
  const billed = onRent.filter((d) => !stopSet.has(d));
  const billedSet = new Set(billed);
  const stopDays = onRent.filter((d) => stopSet.has(d));
  const wholeMonth = isWholeMonth(period, onRent);

  // the day's rent: the daily rate when the line has one, else the monthly rate over the day count; neither: no day-based items
  // (stop-rent on a whole month stays at the monthly rate: it takes back days of that month)
  const dayRent =
    line.dailyCents != null
      ? { rate: line.dailyCents, unit: "day" as const, days: (n: number) => whole(n) }
      : line.monthlyCents != null
        ? { rate: line.monthlyCents, unit: "month" as const, days: (n: number) => overMonth(n) }
        : null;
  const span = onRent.length ? { days: onRent.length, from: onRent[0], to: onRent[onRent.length - 1] } : null;

  // a whole month is one month less the stop days (a separate item); a part month counts only its billed days
  if (line.monthlyCents != null && span) {
    if (wholeMonth) {
      add("monthly", whole(1), "month", line.monthlyCents, span);
      const stopped = Math.min(stopDays.length, monthDays);
      add("stopRent", overMonth(-stopped), "month", line.monthlyCents, { days: stopped, dates: stopDays });
    } else {
      add("monthly", overMonth(billed.length), "month", line.monthlyCents, stopDays.length ? { ...span, stopDays: stopDays.length } : span);
    }
  } else if (line.dailyCents != null && span) {
    add("daily", whole(billed.length), "day", line.dailyCents, stopDays.length ? { ...span, stopDays: stopDays.length } : span);
  }

  // operators go with the machine's month: a whole month less its stop days, else the billed days over the day count
  if (line.operators > 0 && line.operatorMonthlyCents != null && dayRent && span) {
    const q =
      line.monthlyCents != null && wholeMonth
        ? stopDays.length
          ? overMonth((monthDays - Math.min(stopDays.length, monthDays)) * line.operators)
          : whole(line.operators)
        : overMonth(billed.length * line.operators);
    add("operator", q, "month", line.operatorMonthlyCents, { operators: line.operators });
  }

  if (dayRent) {
    // a declared period is billed as declared, at its own rate; the telemetry's idle days it covers are its own
    const declared = new Set<string>();
    for (const { idle, days } of declaredDays(input.declared ?? [])) {
      const billedIdle = days.filter((d) => billedSet.has(d));
      for (const d of billedIdle) declared.add(d);
      add("idle", dayRent.days(-billedIdle.length), dayRent.unit, dayRent.rate, { days: billedIdle.length, dates: billedIdle, declared: idle.number }, SHARE_WHOLE - idle.rateBp);
    }
    if (line.idleRateBp != null) {
      const idle = [...new Set(decisions.idleDays ?? [])].filter((d) => billedSet.has(d) && !declared.has(d)).sort();
      add("idle", dayRent.days(-idle.length), dayRent.unit, dayRent.rate, { days: idle.length, dates: idle }, SHARE_WHOLE - line.idleRateBp);
    }
    if (line.faultDeduction === 1 && decisions.faultHours) {
      // never more days off than the days billed
      const days = Math.min(faultDeductionDays(decisions.faultHours), billed.length);
      add("faultDeduction", dayRent.days(-days), dayRent.unit, dayRent.rate, { hours: decisions.faultHours, days });
    }
  }

  const calls = (input.calls ?? []).filter((c) => c.day >= period.from && c.day <= period.to);

  if (line.shiftCents != null && line.shiftHours > 0) {
    const table = shiftDays(line, calls, input.evidence ?? [], billedSet);
    const shift = new Big(line.shiftHours);
    const inShifts = table.days.reduce((s, d) => s.plus(d.inShift), new Big(0));
    const over = table.days.reduce((s, d) => s.plus(d.overtime), new Big(0));
    const min = line.minHoursPerCall ?? 0;
    add("shift", { n: inShifts, d: shift }, "shift", line.shiftCents, { days: table.days.length, hours: inShifts.plus(over).toFixed(), shiftHours: line.shiftHours, source: table.source, ...(min && table.source === "calls" ? { minHoursPerCall: min } : {}) });
    if (line.shiftOvertimeCents != null) add("shiftOvertime", whole(over), "hour", line.shiftOvertimeCents, { hours: over.toFixed(), shiftHours: line.shiftHours });
  }

  // by the hour only when not by the shift: the same hours are never billed twice (the shift's overtime rate is its hours above)
  if (line.hourlyCents != null && line.shiftCents == null && calls.length) {
    const min = line.minHoursPerCall ?? 0;
    const hours = calls.reduce((s, c) => s.plus(c.hours > min ? c.hours : min), new Big(0));
    add("hourly", whole(hours), "hour", line.hourlyCents, { calls: calls.length, minHoursPerCall: min });
  }

  if (line.allowanceOvertimeCents != null && decisions.overtimeHours != null && decisions.overtimeHours > 0) {
    add("allowanceOvertime", whole(decisions.overtimeHours), "hour", line.allowanceOvertimeCents, {
      hours: decisions.overtimeHours,
      allowanceHours: line.allowanceHours ?? 0,
      per: line.allowancePer ?? "",
    });
  }

  if (dayRent) {
    const outside = [...new Set(decisions.outsideDays ?? [])].sort();
    add("outsideUse", dayRent.days(outside.length), dayRent.unit, dayRent.rate, { days: outside.length, dates: outside });

    const term = input.minTerm;
    if (term && term.minTermEndOn > term.endedOn) {
      const from = addDays(term.endedOn, 1);
      const cited = { endedOn: term.endedOn, minTermEndOn: term.minTermEndOn, ...(term.clause ? { clause: term.clause } : {}) };
      if (term.unit === "month" && line.monthlyCents != null) {
        // a term in months: the whole months left at the monthly rate, then the days left over that month's own days
        // (calendar) or 30
        const rest = termOf(from, term.minTermEndOn);
        add("minTerm", whole(rest.months), "month", line.monthlyCents, { ...cited, months: rest.months });
        const tail = addMonths(from, rest.months);
        const tailMonthDays = period.dayCount === "calendar" ? daysBetween(tail, addDays(addMonths(tail, 1), -1)) : MONTH_DAYS;
        add("minTerm", over(rest.days, tailMonthDays), "month", line.monthlyCents, { ...cited, days: rest.days });
      } else {
        const days = daysBetween(from, term.minTermEndOn);
        add("minTerm", dayRent.days(days), dayRent.unit, dayRent.rate, { ...cited, days });
      }
    }
  }

  return items;
}

/** The one-off fees on this bill: those dated in the period, and the undated ones on the contract's first period. */
export function priceFees(
  fees: readonly { id: number; lineId: number | null; kind: string; amountCents: number; feeOn: string | null }[],
  period: Pick<BillPeriod, "from" | "to">,
  tax: TaxTerms,
  firstPeriod: boolean,
): BillItem[] {
  return fees
    .filter((f) => (f.feeOn == null ? firstPeriod : f.feeOn >= period.from && f.feeOn <= period.to))
    .map((f) =>
      priced(f.lineId, "fee", whole(1), "item", f.amountCents, tax, f.feeOn == null ? { kind: f.kind, feeId: f.id } : { kind: f.kind, feeOn: f.feeOn, feeId: f.id }),
    );
}

/** The terms that decide whether a contract is billed by its payment plan, and the plan its terms give when it has none. */
export interface FixedPriceTerms {
  kind: ContractKind;
  fixedCents: number | null;
  purchaseCents: number | null;
  startOn: string;
  plannedEndOn: string | null;
  settlementDay: number;
  paymentDays: number;
}

/**
 * The plan a fixed-price contract (包租, a project with a fixed price, 以租代售 with a purchase price) is billed by: its
 * instalments in order, else the plan its terms generate, as the document's 按条款生成 would. Null: not a fixed price
 * (priced from its lines).
 */
export function fixedPricePlan(terms: FixedPriceTerms, instalments: readonly PlanInstalment[]): PlanInstalment[] | null {
  if (!isFixedPrice(terms)) return null;
  if (instalments.length) return [...instalments].sort((a, b) => a.seq - b.seq);
  const value = contractValueCents({ ...terms, lines: [] });
  return generatePlan(value, terms.startOn, terms.plannedEndOn, terms.settlementDay, terms.paymentDays).map((p, i) => ({ seq: i + 1, ...p }));
}

/**
 * A fixed price's instalments on a bill: those falling due after the contract's previous bill's due day (any, on its
 * first bill) and by this bill's (the period's last day + the payment days), so that a plan made by 按条款生成 puts each
 * period's instalment on its bill, due the same day; the final bill takes every instalment left. Each at the bill's tax
 * rate; none of 0.
 */
export function priceInstalments(plan: readonly PlanInstalment[], taxRateBp: number, bill: { previousDueOn: string | null; dueOn: string; final: boolean }): BillItem[] {
  // a plan's instalments are what the customer pays (the plan adds up to the value, tax included): tax taken out
  return plan
    .filter((p) => p.amountCents !== 0 && (bill.previousDueOn == null || p.dueOn > bill.previousDueOn) && (bill.final || p.dueOn <= bill.dueOn))
    .map((p) => priced(null, "instalment", whole(1), "item", p.amountCents, { rateBp: taxRateBp, excluded: false }, { seq: p.seq, dueOn: p.dueOn }));
}

/** The deposit returned on the final bill: a negative item outside the tax (a deposit is no sale); null for none. */
export function priceDeposit(depositCents: number): BillItem | null {
  if (!depositCents) return null;
  return { lineId: null, rule: "deposit", quantity: "-1", unit: "item", rateCents: depositCents, amountCents: -depositCents, taxRateBp: 0, taxCents: 0, basis: {} };
}

/** The bill's sums: the amount (tax included), the tax within it, and the amount net of tax. */
export function billTotals(items: readonly BillItem[]): { amountCents: number; taxCents: number; netCents: number } {
  const amountCents = items.reduce((s, i) => s + i.amountCents, 0);
  const taxCents = items.reduce((s, i) => s + i.taxCents, 0);
  return { amountCents, taxCents, netCents: amountCents - taxCents };
}
