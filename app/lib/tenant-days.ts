/**
 * The tenant's days as moments: where a yyyy-MM-dd day (or a wall-clock time) starts and ends in the tenant's zone,
 * across daylight-saving changes. Apart from app/lib/tenant-clock.ts (Intl only, on every page) because it needs
 * date-fns and @date-fns/tz: only the screens that filter by day or time (alarms, monitor, playback) and the server
 * load them.
 */
import { TZDate, tz } from "@date-fns/tz";
import { endOfDay } from "date-fns/endOfDay";
import { startOfDay } from "date-fns/startOfDay";
import { DEFAULT_TIME_ZONE } from "./tenant-clock";

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_RE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

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

/**
 * Days `from` to `to` (both counted, yyyy-MM-dd, real dates) → [the first millisecond of `from`, the first of the day
 * after `to`) in the zone: a range of moments to filter by with `>=` and `<`, right across a daylight-saving change.
 */
export function daysToMs(from: string, to: string, timeZone: string = DEFAULT_TIME_ZONE): [number, number] {
  const [y, m, d] = to.split("-").map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return [dayStartMs(from, timeZone)!, dayStartMs(next, timeZone)!];
}

/** yyyy-MM-dd → the last millisecond of that day in the zone, or null when it is not a real date. */
export function dayEndMs(day: string, timeZone: string = DEFAULT_TIME_ZONE): number | null {
  const start = dayStartMs(day, timeZone);
  return start === null ? null : endOfDay(start, { in: tz(timeZone) }).getTime();
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

