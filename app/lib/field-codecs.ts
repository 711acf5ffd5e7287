/**
 * The field codecs, declared once: how a typed field's posted text becomes the value stored (money in integer cents,
 * a percent in basis points, a quantity in its smallest unit, a reference as a row id, a flag as 0/1) and how a stored
 * value is written back into the field. Client-safe and free of zod: the page's totals and the server's schema
 * (app/modules/resource/field-schema.ts) read the same functions, so a figure is never parsed two ways.
 */
import { centsOf, formatCents, percentOfBp, plainCents } from "./cents";
import type { FormFieldDef } from "./list/types";

/** A quantity's decimal places at most (stored as an integer of its smallest unit: 1.5 t with 3 places is 1500). */
export const MAX_DECIMALS = 4;

/** Posted quantity text ("1,250.5") → an integer of 10^-decimals units; null when it is not such a number. */
export function unitsOf(text: string, decimals = 0): number | null {
  const places = Math.min(Math.max(0, Math.trunc(decimals)), MAX_DECIMALS);
  const stripped = text.replace(/[,，\s]/g, "");
  const m = new RegExp(`^(-?)(\\d{1,12})${places ? `(?:\\.(\\d{0,${places}}))?` : ""}$`).exec(stripped);
  if (!m) return null;
  const units = Number(m[2]) * 10 ** places + Number((m[3] ?? "").padEnd(places, "0") || 0);
  return m[1] && units ? -units : units;
}

/** Units → plain text with the field's places, trailing zeros dropped: 1500 (3 places) → "1.5". */
export function plainUnits(units: number, decimals = 0): string {
  const places = Math.min(Math.max(0, Math.trunc(decimals)), MAX_DECIMALS);
  if (!places) return String(Math.trunc(units));
  const sign = units < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(units));
  const scale = 10 ** places;
  const frac = String(abs % scale)
    .padStart(places, "0")
    .replace(/0+$/, "");
  return `${sign}${Math.floor(abs / scale)}${frac ? `.${frac}` : ""}`;
}

/** The stored value of a field's posted text, by its type; undefined when the text is not one (the schema says why). */
export function storedOf(field: Pick<FormFieldDef, "type" | "decimals">, text: string): number | null | undefined {
  const t = text.trim();
  if (t === "") return null;
  switch (field.type) {
    case "money":
      return centsOf(t) ?? undefined;
    case "percent":
      return centsOf(t) ?? undefined;
    case "quantity":
      return unitsOf(t, field.decimals) ?? undefined;
    case "number":
    case "reference":
      return /^-?\d{1,15}$/.test(t) ? Number(t) : undefined;
    case "flag":
      return t === "1" || t === "on" || t === "true" ? 1 : 0;
    default:
      return undefined;
  }
}

/** A stored value as the field's input holds it (what an edit form starts from): cents 3800050 → "38000.50". */
export function inputText(field: Pick<FormFieldDef, "type" | "decimals">, value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value !== "number") return String(value);
  switch (field.type) {
    case "money":
      return plainCents(value);
    case "percent":
      return percentOfBp(value);
    case "quantity":
      return plainUnits(value, field.decimals);
    case "flag":
      return value ? "1" : "";
    default:
      return String(value);
  }
}

/** A stored value as a page or a print shows it: money with separators, a percent with its sign. */
export function displayText(field: Pick<FormFieldDef, "type" | "decimals">, value: unknown): string {
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "number" && field.type === "money") return formatCents(value);
  if (typeof value === "number" && field.type === "percent") return `${percentOfBp(value)}%`;
  return inputText(field, value);
}

/**
 * The totals row of a lines field: each summed field's total over the rows as typed (texts that are not yet a number
 * count as nothing), shown as the field shows a value. Integer sums only: no float ever holds an amount.
 */
export function lineTotals(fields: readonly FormFieldDef[], totals: readonly string[], rows: readonly unknown[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of totals) {
    const field = fields.find((f) => f.key === key);
    if (!field) continue;
    let sum = 0;
    for (const row of rows) {
      const v = row && typeof row === "object" ? (row as Record<string, unknown>)[key] : undefined;
      const stored = typeof v === "number" ? v : typeof v === "string" ? storedOf(field, v) : null;
      if (typeof stored === "number") sum += stored;
    }
    out[key] = displayText(field, sum);
  }
  return out;
}

/**
 * The mean of a line field over the rows where it is a number, to two decimals half up ("4.25"), or null when no row
 * has one: exact in integers (the sum times 100 over the count, half up).
 */
export function lineAverage(rows: readonly unknown[], key: string): string | null {
  const values = rows.flatMap((row) => {
    const text = String((row as Record<string, unknown> | null | undefined)?.[key] ?? "").trim();
    return /^\d{1,6}$/.test(text) ? [Number(text)] : [];
  });
  if (!values.length) return null;
  const sum = values.reduce((a, b) => a + b, 0);
  const hundredths = Math.floor((200 * sum + values.length) / (2 * values.length));
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, "0")}`;
}
