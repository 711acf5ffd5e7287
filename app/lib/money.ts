/**
 * Money input rules (spec §5): digits with an optional decimal point, a leading minus only when
 * allowed, a negative-only mode, clamped to min and max, decimals cut (not rounded) to the
 * precision, thousands separators stripped while typing and re-applied for display.
 * Values travel as plain number text ("-1234.5"), which is what forms post and servers parse.
 */
export interface MoneyRules {
  /** Decimal places kept; extra ones are cut. Spec §9: money has 2. */
  precision?: number;
  /** A leading minus is accepted. */
  allowNegative?: boolean;
  /** Every non-zero value is negative: the minus is added for the user. */
  negativeOnly?: boolean;
  min?: number;
  max?: number;
}

const DEFAULT_PRECISION = 2;

/**
 * What the field keeps while the user types: separators and stray characters dropped, one decimal
 * point, decimals cut to the precision, the minus kept or dropped by the rules. Intermediate
 * states ("", "-", "12.") survive so typing is never fought. A value already past a bound that
 * further typing can only move further away from (above a positive max, below a negative min) is
 * clamped at once; the rest of clamping waits for {@link normalizeMoney}.
 */
export function sanitizeMoneyInput(raw: string, rules: MoneyRules = {}): string {
  const precision = Math.max(0, Math.floor(rules.precision ?? DEFAULT_PRECISION));
  const text = raw.trim().replace(/[\uFF10-\uFF19]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/[．。]/g, ".").replace(/[－—]/g, "-");
  const negative = rules.negativeOnly ? true : Boolean(rules.allowNegative) && text.startsWith("-");

  let intPart = "";
  let fraction: string | null = null;
  for (const ch of text) {
    if (ch >= "0" && ch <= "9") {
      if (fraction === null) intPart += ch;
      else fraction += ch;
    } else if (ch === "." && fraction === null && precision > 0) {
      fraction = "";
    }
  }
  intPart = intPart.replace(/^0+(?=\d)/, "");
  if (fraction !== null) {
    fraction = fraction.slice(0, precision);
    if (intPart === "") intPart = "0";
  }
  const digits = fraction === null ? intPart : `${intPart}.${fraction}`;

  if (digits === "") return negative && !rules.negativeOnly ? "-" : "";
  const typed = negative ? `-${digits}` : digits;
  const value = Number(typed);
  if (rules.max !== undefined && value > rules.max && value > 0) return plain(rules.max, precision);
  if (rules.min !== undefined && value < rules.min && value < 0) return plain(rules.min, precision);
  return typed;
}

/**
 * The value once the user leaves the field: a complete number text, clamped to min and max,
 * trailing point and negative zero removed; "" when nothing numeric was typed.
 */
export function normalizeMoney(raw: string, rules: MoneyRules = {}): string {
  const precision = Math.max(0, Math.floor(rules.precision ?? DEFAULT_PRECISION));
  const typed = sanitizeMoneyInput(raw, rules);
  if (typed === "" || typed === "-") return "";
  let value = Number(typed);
  if (rules.max !== undefined && value > rules.max) value = rules.max;
  if (rules.min !== undefined && value < rules.min) value = rules.min;
  // keep the digits as typed (no float round-trip) unless clamped; tidy the ends either way
  const text = (value !== Number(typed) ? plain(value, precision) : typed).replace(/\.$/, "");
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}

/** Plain number text to display text with thousands separators: "-1234567.5" → "-1,234,567.5". */
export function formatMoney(plainText: string): string {
  const match = /^(-?)(\d+)(\.\d*)?$/.exec(plainText);
  if (!match) return plainText;
  const [, sign, intPart, fraction = ""] = match;
  return sign + intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ",") + fraction;
}

/** The number in a posted money text (separators tolerated), or null when it is not one. */
export function parseMoney(text: string): number | null {
  const stripped = text.replace(/,/g, "").trim();
  if (!/^-?\d+(\.\d+)?$/.test(stripped)) return null;
  return Number(stripped);
}

/** A bound as plain text, cut (not rounded) to the precision. */
function plain(value: number, precision: number): string {
  const [intPart, fraction = ""] = String(value).split(".");
  // String() of very small or large bounds may use exponent notation; fall back to toFixed
  if (/e/i.test(intPart + fraction)) return value.toFixed(precision);
  const kept = fraction.slice(0, precision);
  return kept ? `${intPart}.${kept}` : intPart;
}
