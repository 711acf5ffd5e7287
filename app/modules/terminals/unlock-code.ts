/**
 * The emergency unlock code (应急解锁码), as a terminal vendor implements it (docs/terminals.md, "Emergency unlock"):
 *
 *   terminalKey = HMAC-SHA256(key = the platform's LOCK_CODE_SECRET, message = "derrick-unlock:" + terminal number)
 *   mac         = HMAC-SHA256(key = terminalKey, message = the device time "YYMMDDHH")
 *   code        = RFC 4226 dynamic truncation of mac (offset = mac[31] & 0x0f, 31 bits from there) mod 10^8, 8 digits
 *
 * A terminal carries only its own terminalKey (written at the factory), never the platform's secret, and accepts the
 * code of the hour its display shows. WebCrypto only, so the same code runs in the Worker and in the tests.
 */

export const UNLOCK_CODE_DIGITS = 8;
const encoder = new TextEncoder();

async function hmac(key: Uint8Array<ArrayBuffer>, message: string): Promise<Uint8Array<ArrayBuffer>> {
  const k = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", k, encoder.encode(message)));
}

/** The key a terminal carries: the platform's secret bound to its terminal number. */
export function terminalUnlockKey(secret: string, terminalNo: string): Promise<Uint8Array<ArrayBuffer>> {
  return hmac(encoder.encode(secret), `derrick-unlock:${terminalNo}`);
}

/** The code of a terminal for the hour its display shows (YYMMDDHH). */
export async function unlockCode(secret: string, terminalNo: string, deviceTime: string): Promise<string> {
  const mac = await hmac(await terminalUnlockKey(secret, terminalNo), deviceTime);
  const offset = mac[31]! & 0x0f;
  const bin = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(bin % 10 ** UNLOCK_CODE_DIGITS).padStart(UNLOCK_CODE_DIGITS, "0");
}
