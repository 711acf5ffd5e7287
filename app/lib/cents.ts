/**
 * Money as integer cents (分) to and from the text a form posts and a page shows, by string arithmetic only: no
 * binary float ever holds an amount. "38,000.5" → 3800050; 3800050 → "38,000.50". Client-safe and tiny (the decimal
 * arithmetic on rates and tax is big.js, server-side: app/modules/contracts/value.ts).
 *
 * The same two-decimal parse reads a percentage into basis points: "9" → 900 (9 %), "70.5" → 7050.
 */

/** Posted text (separators and a ¥ tolerated, at most two decimals) → integer cents; null when it is not an amount. */
export function centsOf(text: string): number | null {
  const stripped = text.replace(/[,，\s¥￥]/g, "");
  const m = /^(-?)(\d{1,13})(?:\.(\d{0,2}))?$/.exec(stripped);
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? "").padEnd(2, "0"));
  return m[1] && cents ? -cents : cents;
}

/** Cents → plain text with two decimals, as a form's input holds it: 3800050 → "38000.50". */
export function plainCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Cents → display text with thousands separators and two decimals (both languages): 3800050 → "38,000.50". */
export function formatCents(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return "";
  const [int, frac] = plainCents(cents).split(".");
  return `${int!.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${frac}`;
}

/** Basis points → percent text without trailing zeros: 900 → "9", 7050 → "70.5". */
export function percentOfBp(bp: number | null | undefined): string {
  if (bp === null || bp === undefined) return "";
  return plainCents(bp).replace(/\.?0+$/, "");
}
