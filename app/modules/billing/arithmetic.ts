/**
 * How a bill item's amount was reached, written once for the bill page, the statement and both PDFs: the rate, the
 * day count's divisor, the days or hours, the share, and (for a price without tax) the tax added, e.g.
 * `28,000.00 ÷ 31 × -10 × 30% = -2,709.68` or `28,000.00 × 1 = 28,000.00 + 2,520.00 = 30,520.00`. Numbers and symbols
 * only, so it reads the same in both languages; a customer can redo it with a calculator.
 */
import { formatCents } from "~/lib/cents";

export interface ArithmeticItem {
  quantity: string;
  rateCents: number;
  amountCents: number;
  taxCents: number;
  basis?: Record<string, unknown> | null;
}

const FRACTION = /^(-?\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)$/;

/** The item's sum as text; an adjustment (its amount typed by the clerk) reads as its amount alone. */
export function itemArithmetic(item: ArithmeticItem): string {
  const rate = formatCents(item.rateCents);
  const fraction = FRACTION.exec(item.quantity);
  const times = fraction ? `${rate} ÷ ${fraction[2]} × ${fraction[1]}` : `${rate} × ${item.quantity}`;
  const share = typeof item.basis?.shareBp === "number" ? ` × ${item.basis.shareBp / 100}%` : "";
  const excluded = item.basis?.priceTax === "excluded";
  const net = formatCents(item.amountCents - item.taxCents);
  return excluded ? `${times}${share} = ${net} + ${formatCents(item.taxCents)} = ${formatCents(item.amountCents)}` : `${times}${share} = ${formatCents(item.amountCents)}`;
}
