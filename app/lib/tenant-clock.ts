/**
 * The tenant's clock: every day a user sees, filters by, buckets into or exports is a day of the tenant's time zone
 * (`tenants.time_zone`), on the server, in the browser and in the FleetHub alike. Days are 'yyyy-MM-dd' text and
 * moments are epoch milliseconds; a day is not always 24 hours (23 or 25 across a daylight-saving change), so its
 * bounds come from date-fns in the zone, never from adding a fixed offset. Pure and client-safe. See docs/time.md.
 */
import { dateTimeFormat } from "./intl";

/** The zone of a tenant that has not chosen one (the column's default). */
export const DEFAULT_TIME_ZONE = "Asia/Shanghai";

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };
/** the wall-clock formatter of each zone, looked up by the zone alone (a list formats a cell of every row with it) */
const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock parts of a moment in a zone, read by Intl (one cached formatter per zone). */
function partsIn(ms: number, timeZone: string): WallClock {
  let f = wallClocks.get(timeZone);
  if (!f) wallClocks.set(timeZone, (f = dateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" })));
  const p: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const { type, value } of f.formatToParts(ms)) if (type in p) p[type as keyof WallClock] = Number(value);
  p.hour %= 24;
  return p;
}

const dayText = (p: WallClock) => `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;

/** The day (yyyy-MM-dd) a moment falls on in the zone: the bucket of a per-day list or chart. */
export function dayOf(ms: number, timeZone: string = DEFAULT_TIME_ZONE): string {
  return dayText(partsIn(ms, timeZone));
}

/** Today (yyyy-MM-dd) in the zone, the same on server and browser. */
export function todayInZone(timeZone: string = DEFAULT_TIME_ZONE, now: number = Date.now()): string {
  return dayOf(now, timeZone);
}

/** epoch ms → "2026-11-23T16:05" (or with seconds) in the zone, the value a datetime-local input takes. */
export function formatZonedTime(ms: number, timeZone: string = DEFAULT_TIME_ZONE, seconds = false): string {
  const p = partsIn(ms, timeZone);
  return `${dayText(p)}T${pad(p.hour)}:${pad(p.minute)}${seconds ? `:${pad(p.second)}` : ""}`;
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
