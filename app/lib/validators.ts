/**
 * The validators of spec §5, shared by server and client. Each returns true when the value passes.
 * Messages live in i18n (common:validation.*); callers map a failed check to its key.
 */
const CHINESE = "\\u4e00-\\u9fa5";

/** Login account and user name: 4–30 of Chinese, digits, letters and . @ _ - */
export const isAccountName = (v: string) => new RegExp(`^[${CHINESE}A-Za-z0-9.@_-]{4,30}$`).test(v);
/** Address: at most 50 of the same characters plus spaces. */
export const isAddress = (v: string) => v.length <= 50;
/** Password 8–20 with at least one digit, one upper-case and one lower-case letter. */
export const isStrongPassword = (v: string) =>
  v.length >= 8 && v.length <= 20 && /\d/.test(v) && /[a-z]/.test(v) && /[A-Z]/.test(v) && !/\s/.test(v);
/** The other password variant: exactly 8 letters and digits, not all digits, not all letters. */
export const isEightCharPassword = (v: string) => /^[A-Za-z0-9]{8}$/.test(v) && !/^\d+$/.test(v) && !/^[A-Za-z]+$/.test(v);
/** Role name: Chinese, digits, letters, - _ ( ) */
export const isRoleName = (v: string) => new RegExp(`^[${CHINESE}A-Za-z0-9\\-_()]+$`).test(v);
/** Mobile: 11 digits, 1 then 3–9. */
export const isMobile = (v: string) => /^1[3-9]\d{9}$/.test(v);
/** Landline: 3-8 or 4-7 digits with a hyphen. */
export const isLandline = (v: string) => /^(\d{3}-\d{8}|\d{4}-\d{7})$/.test(v);
export const isEmail = (v: string) => /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/.test(v) && v.length <= 254;
/**
 * Special characters ~ # ^ $ @ % & ! ? and emoji are refused where this returns true. Flags (regional
 * indicator pairs) and keycaps (digit + U+20E3) are emoji that are not Extended_Pictographic.
 */
export const hasSpecialChars = (v: string) => /[~#^$@%&!?]/.test(v) || /[\p{Extended_Pictographic}\p{Regional_Indicator}\u20E3]/u.test(v);
export const isAlphanumeric = (v: string) => /^[A-Za-z0-9]+$/.test(v);
export const isInteger = (v: string) => /^-?\d+$/.test(v);
export const isNonNegativeDecimal = (v: string) => /^\d+(\.\d+)?$/.test(v);
/** A wall-clock time "HH:mm", 00:00–23:59 (working hours, a trip's departure and return). */
export const isClockTime = (v: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v);
/** Organisation name: Chinese, letters, digits, parentheses (also full-width), hyphen. */
export const isOrganisationName = (v: string) => new RegExp(`^[${CHINESE}A-Za-z0-9()（）-]+$`).test(v);
export const hasNoChinese = (v: string) => !new RegExp(`[${CHINESE}]`).test(v);
export const isIPv4 = (v: string) =>
  /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/.test(v);
/** String length counting each non-ASCII character as 2. */
export const byteLength = (v: string) => [...v].reduce((n, c) => n + (c.charCodeAt(0) > 127 ? 2 : 1), 0);
export const isVin = (v: string) => /^[A-Za-z0-9]{17}$/.test(v);
export const isTerminalNumber = (v: string) => /^[A-Za-z0-9]{10}$/.test(v);
/** Decimal degrees as typed: optional minus, at most 3 integer digits and 6 decimals, within ±limit. */
const isDegrees = (v: string, limit: number) => /^-?\d{1,3}(\.\d{1,6})?$/.test(v) && Math.abs(Number(v)) <= limit;
/** Longitude (WGS-84): −180 to 180, at most 6 decimals (about 0.1 m). */
export const isLongitude = (v: string) => isDegrees(v.trim(), 180);
/** Latitude (WGS-84): −90 to 90, at most 6 decimals. */
export const isLatitude = (v: string) => isDegrees(v.trim(), 90);
/** Search text: trimmed, percent signs removed. */
export const cleanSearchText = (v: string) => v.replace(/%/g, "").trim();
/**
 * Text as stored: control characters removed (C0 and C1, DEL, and the Unicode line and paragraph separators that
 * a single line cannot show). A single line loses them all, tabs and line breaks included; a multi-line note keeps
 * its line breaks (CR LF and CR become LF) and tabs.
 */
export const cleanLine = (v: string) => v.replace(/[\p{Cc}\u2028\u2029]/gu, "");
export const cleanNote = (v: string) => v.replace(/\r\n?/g, "\n").replace(/(?![\n\t])[\p{Cc}\u2028\u2029]/gu, "");
