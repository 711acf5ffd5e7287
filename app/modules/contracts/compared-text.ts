/**
 * How the contract document's version comparison shows a changed value: amounts as the rest of the page shows them
 * (38,000.50), everything else as stored. Client-safe.
 */
import { formatMoney } from "~/lib/money";

/** The money fields of the head (`deposit`), of a line (`lines.monthly`), of a fee and of an instalment (`…amount`). */
const MONEY_FIELDS = new Set(["deposit", "fixedPrice", "purchasePrice", "monthly", "daily", "shift", "shiftOvertime", "hourly", "allowanceOvertime", "operatorMonthly", "costMonthly", "amount"]);

/** A compared field's value as the page shows it: `lines.monthly` "35000.00" → "35,000.00". */
export function comparedText(field: string, value: string): string {
  const key = field.includes(".") ? field.split(".")[1]! : field;
  return MONEY_FIELDS.has(key) ? formatMoney(value) : value;
}
