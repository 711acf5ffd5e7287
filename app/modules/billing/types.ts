/**
 * The bill's vocabulary, shared by the pricing (pricing.ts), the telemetry evidence (evidence.ts) and the bill run
 * (bill-run.server.ts). Pure types, no runtime (a bill item's rules, units and basis are its columns' types, from the
 * schema). Days are the tenant's `yyyy-MM-dd`; money is integer cents; rates in basis points (7000 = 70 %); hours and
 * quantities as decimal strings where they reach a bill.
 */
import type { BILL_RULES, BILL_UNITS, BillBasis } from "../../../db/schema/billing";

/** A contract line's price terms as the bill reads them (the columns of `contract_lines`). */
export interface BillLineTerms {
  id: number;
  lineNo: number;
  monthlyCents: number | null;
  dailyCents: number | null;
  /** 台班: the price of one shift of `shiftHours`, part shifts pro-rated, and the overtime per hour above a shift a day */
  shiftCents: number | null;
  shiftHours: number;
  shiftOvertimeCents: number | null;
  /** per hour, each call (out-car record) billed at least `minHoursPerCall` */
  hourlyCents: number | null;
  minHoursPerCall: number | null;
  /** engine hours included per day or per month, and the rate per hour above */
  allowanceHours: number | null;
  allowancePer: "day" | "month" | null;
  allowanceOvertimeCents: number | null;
  /** 停滞期: an idle day is billed at this share of the day's rent (7000 = 70 %) */
  idleRateBp: number | null;
  /** 1: each cumulative 8 counted hours of fault (22:00–08:00 not counted) take one day's rent off */
  faultDeduction: number;
  operators: number;
  operatorMonthlyCents: number | null;
  onRentOn: string;
  offRentOn: string | null;
}

/** One day of a line's telemetry evidence (from `vehicle_daily`, the site fence's entry/exit and the fault alarms). */
export interface EvidenceDay {
  day: string;
  engineHours: number;
  km: number;
  /** minutes inside the contract's site fence; null when the contract has no site fence */
  onSiteMinutes: number | null;
  /** fault minutes of the day, 22:00–08:00 already left out */
  faultMinutes: number;
  /** no roll-up from the machine that day (terminal offline, nothing reported): not known to be quiet */
  noData?: boolean;
  /** out-car records (出车登记) of the line that day: the machine worked */
  calls?: number;
}

/** A call: one out-car record (出车登记) of the line, with the hours it is billed on. */
export interface Call {
  id: number;
  day: string;
  hours: number;
}

/** The clerk's decisions that change what the line is billed (accepted proposals, or periods declared on the contract). */
export interface LineDecisions {
  /** days not billed at all (stop-rent, 停租) */
  stopDays?: readonly string[];
  /** days billed at the idle rate (停滞期) */
  idleDays?: readonly string[];
  /** counted fault hours accepted for deduction (the evidence's sum, as the clerk accepted it) */
  faultHours?: number;
  /** engine hours accepted as overtime above the allowance */
  overtimeHours?: number;
  /** days of use outside the line's term or site, accepted to be billed (each at a day's rent) */
  outsideDays?: readonly string[];
}

/** An instalment of a fixed price's payment plan (付款计划, `contract_plans`): the price is billed by these, not by the lines. */
export interface PlanInstalment {
  seq: number;
  dueOn: string;
  amountCents: number;
}

/** What a bill item is: the rule that produced it (the text the bill shows comes from this key); the item column's values. */
export type BillRule = (typeof BILL_RULES)[number];

/** What a bill item's quantity counts. */
export type BillUnit = (typeof BILL_UNITS)[number];

/** One priced item of a bill: quantity × rate = amount (tax included), and the tax within it. */
export interface BillItem {
  lineId: number | null;
  rule: BillRule;
  /** decimal text ("1", "0.625", "21", "-10") or an exact, unreduced fraction ("21/30" days of the 30-day month, "13/8" hours of a shift) */
  quantity: string;
  unit: BillUnit;
  /** the rate the quantity is priced at, in cents (a day's rent for day rules) */
  rateCents: number;
  /** rounded half up to the cent once; negative for deductions and the deposit */
  amountCents: number;
  taxRateBp: number;
  /** the tax included in the amount: amount × rate / (1 + rate), half up */
  taxCents: number;
  /** the facts the item stands on, for the bill's 'why': days, hours, the fee's kind, the days of the term, … */
  basis: BillBasis;
}
