/**
 * 统一社会信用代码 (GB 32100-2015): 18 characters of the code's alphabet (digits and capitals without I, O, S, V, Z);
 * the last is a check character computed from the first 17 (weights 3^i mod 31, check = 31 − sum mod 31).
 */
const ALPHABET = "0123456789ABCDEFGHJKLMNPQRTUWXY";
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The check character of a code's first 17 characters, or null when one is outside the alphabet. */
export function creditCodeCheck(body: string): string | null {
  if (body.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = ALPHABET.indexOf(body[i]!);
    if (v < 0) return null;
    sum += v * WEIGHTS[i]!;
  }
  return ALPHABET[(31 - (sum % 31)) % 31]!;
}

/** Whether a text is a unified social credit code whose check character is right (capitals only, as printed). */
export function isCreditCode(code: string): boolean {
  return code.length === 18 && creditCodeCheck(code.slice(0, 17)) === code[17];
}
