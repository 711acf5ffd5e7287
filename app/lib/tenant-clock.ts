/**
 * The tenant's clock: every day a user sees, filters by, buckets into or exports is a day of the tenant's time zone
 * (`tenants.time_zone`), on the server, in the browser and in the FleetHub alike. Days are 'yyyy-MM-dd' text and
 * moments are epoch milliseconds; a day is not always 24 hours (23 or 25 across a daylight-saving change), so its
 * bounds come from date-fns in the zone, never from adding a fixed offset. Pure and client-safe. See docs/time.md.
 */
import { TZDate, tz } from "@date-fns/tz";
import { endOfDay } from "date-fns/endOfDay";
import { startOfDay } from "date-fns/startOfDay";
import { dateTimeFormat } from "./intl";

/** The zone of a tenant that has not chosen one (the column's default). */
export const DEFAULT_TIME_ZONE = "Asia/Shanghai";

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_RE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;
const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The wall-clock parts of a moment in a zone, read by Intl (one cached formatter per zone). */
function partsIn(ms: number, timeZone: string) {
  const parts = dateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" }).formatToParts(ms);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get("year"), month: get("month"), day: get("day"), hour: get("hour") % 24, minute: get("minute"), second: get("second") };
}

/** A moment of a wall-clock time in a zone (a time skipped by a DST change moves forward), or null when not a real date. */
function wallClockMs(timeZone: string, y: number, mo: number, d: number, h = 0, mi = 0, s = 0): number | null {
  const probe = new Date(Date.UTC(y, mo - 1, d));
  if (Number.isNaN(probe.getTime()) || probe.getUTCDate() !== d || probe.getUTCMonth() !== mo - 1) return null;
  const at = new TZDate(y, mo - 1, d, h, mi, s, timeZone);
  // midnight itself may be skipped in a few zones: the day then starts at its first existing moment
  return h || mi || s ? at.getTime() : startOfDay(new TZDate(y, mo - 1, d, 12, timeZone)).getTime();
}

/** yyyy-MM-dd → the first millisecond of that day in the zone, or null when it is not a real date. */
export function dayStartMs(day: string, timeZone: string = DEFAULT_TIME_ZONE): number | null {
  const m = DAY_RE.exec(day);
  return m ? wallClockMs(timeZone, Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

/** yyyy-MM-dd → the last millisecond of that day in the zone, or null when it is not a real date. */
export function dayEndMs(day: string, timeZone: string = DEFAULT_TIME_ZONE): number | null {
  const start = dayStartMs(day, timeZone);
  return start === null ? null : endOfDay(start, { in: tz(timeZone) }).getTime();
}

/** The day (yyyy-MM-dd) a moment falls on in the zone: the bucket of a per-day list or chart. */
export function dayOf(ms: number, timeZone: string = DEFAULT_TIME_ZONE): string {
  const p = partsIn(ms, timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** Today (yyyy-MM-dd) in the zone, the same on server and browser. */
export function todayInZone(timeZone: string = DEFAULT_TIME_ZONE, now: number = Date.now()): string {
  return dayOf(now, timeZone);
}

/** "2026-11-23T16:05" (a datetime-local value, wall-clock time in the zone) or epoch ms as text → epoch ms, or NaN. */
export function parseZonedTime(text: string | null | undefined, timeZone: string = DEFAULT_TIME_ZONE): number {
  if (!text) return Number.NaN;
  const s = text.trim();
  if (/^\d{10,13}$/.test(s)) return Number(s);
  const m = LOCAL_RE.exec(s);
  if (!m) return Number.NaN;
  const [, y, mo, d, h, mi, se] = m.map(Number) as number[];
  return wallClockMs(timeZone, y!, mo!, d!, h!, mi!, se || 0) ?? Number.NaN;
}

/** epoch ms → "2026-11-23T16:05" (or with seconds) in the zone, the value a datetime-local input takes. */
export function formatZonedTime(ms: number, timeZone: string = DEFAULT_TIME_ZONE, seconds = false): string {
  const p = partsIn(ms, timeZone);
  const time = `${pad(p.hour)}:${pad(p.minute)}${seconds ? `:${pad(p.second)}` : ""}`;
  return `${dayOf(ms, timeZone)}T${time}`;
}

/** A moment shown in the zone in the user's language (Intl options such as dateStyle/timeStyle). */
export function formatInZone(ms: number | Date, timeZone: string, language: string, options: Intl.DateTimeFormatOptions = { dateStyle: "short", timeStyle: "short" }): string {
  return dateTimeFormat(language, { ...options, timeZone }).format(ms);
}

/** A moment as "yyyy-MM-dd HH:mm[:ss]" in the zone: exports and file names, the same in every language. */
export function stampInZone(ms: number, timeZone: string = DEFAULT_TIME_ZONE, seconds = true): string {
  return formatZonedTime(ms, timeZone, seconds).replace("T", " ");
}

/** Whether the text names a time zone this runtime knows (the check of a tenant's setting). */
export function isTimeZone(text: string): boolean {
  try {
    dateTimeFormat("en-US", { timeZone: text });
    return true;
  } catch {
    return false;
  }
}
