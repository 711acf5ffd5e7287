/**
 * The contract's terms as every bill reads them, the run's new bills and a draft repriced alike: its end, its minimum
 * term, how its prices carry tax, what it bills as a whole (fees, a fixed price's instalments, the deposit) and the
 * hours an out-car record is billed on. Pure.
 */
import type { Message } from "~/i18n/keys";
import { addDays, addMonths } from "~/lib/calendar";
import { CONTRACT_STATE } from "~/modules/contracts/contracts.resource";
import type { contracts } from "../../../db/schema";
import type { DuePeriod } from "./periods";
import { priceDeposit, priceFees, priceInstalments, type MinTermTopUp, type TaxTerms } from "./pricing";
import type { BillItem, PlanInstalment } from "./types";

/** A clerk's act on a bill refused: the status and the message the page shows. */
export type BillRefusal = { ok: false; status: 400 | 403 | 404 | 409; message: Message };
export type BillOutcome<T = Record<never, never>> = ({ ok: true } & T) | BillRefusal;

export const refuse = (status: 400 | 404 | 409, message: Message): BillRefusal => ({ ok: false, status, message });

/** A contract's columns as the bills read them. */
type ContractTerms = typeof contracts.$inferSelect;

/** The contract's end for billing: the day it ended when it is no longer in force. */
export const endedOf = (c: Pick<ContractTerms, "state" | "endedOn">) => (c.state === CONTRACT_STATE.executing ? null : (c.endedOn ?? null));

type PeriodTerms = Pick<ContractTerms, "state" | "endedOn" | "startOn" | "minTermDays" | "minTermMonths" | "minTermClause">;

/**
 * The minimum term a final period bills up to, when the contract ended before it (null otherwise): its last day is the
 * start plus the months (six months from 1 June end on 30 November) or the days, as the contract set it.
 */
export function minTermOf(c: PeriodTerms, period: Pick<DuePeriod, "final">): MinTermTopUp | null {
  const ended = endedOf(c);
  const unit = c.minTermMonths ? ("month" as const) : ("day" as const);
  const minTermEndOn = c.minTermMonths ? addDays(addMonths(c.startOn, c.minTermMonths), -1) : c.minTermDays ? addDays(c.startOn, c.minTermDays - 1) : null;
  return period.final && ended && minTermEndOn && minTermEndOn > ended ? { endedOn: ended, minTermEndOn, unit, clause: c.minTermClause ?? null } : null;
}

/** How the contract's prices carry tax (含税价 or 不含税价 at its rate). */
export const taxTermsOf = (c: Pick<ContractTerms, "taxRateBp" | "priceTax">): TaxTerms => ({ rateBp: c.taxRateBp, excluded: c.priceTax === "excluded" });

/** A fixed price's plan (`fixedPricePlan`) and the due days that place its instalments on this bill (`priceInstalments`). */
export interface FixedPriceBill {
  plan: readonly PlanInstalment[];
  previousDueOn: string | null;
  dueOn: string;
}

/**
 * What a period bills of the contract as a whole: a fixed price's instalments (its one-off fees are within the price),
 * else its one-off fees (undated ones on the first period); on the final bill, the deposit back.
 */
export function contractItems(c: Pick<ContractTerms, "startOn" | "depositCents">, fees: Parameters<typeof priceFees>[0], fixed: FixedPriceBill | null, period: Pick<DuePeriod, "from" | "to" | "final">, tax: TaxTerms): BillItem[] {
  const items = fixed ? priceInstalments(fixed.plan, tax.rateBp, { ...fixed, final: period.final }) : priceFees(fees, period, tax, period.from === c.startOn);
  const deposit = period.final ? priceDeposit(c.depositCents) : null;
  return deposit ? [...items, deposit] : items;
}

/** The hours a trip is billed on: its engine-hour meter readings, else its departure to its return. */
export function tripHours(t: { hoursStart: number | null; hoursEnd: number | null; departAt: number | null; returnAt: number | null }): number {
  if (t.hoursStart != null && t.hoursEnd != null && t.hoursEnd >= t.hoursStart) return Math.round((t.hoursEnd - t.hoursStart) * 100) / 100;
  if (t.departAt != null && t.returnAt != null && t.returnAt > t.departAt) return Math.round(((t.returnAt - t.departAt) / 3_600_000) * 100) / 100;
  return 0;
}

