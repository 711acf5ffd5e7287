/**
 * A machine's downtime and availability per month (the vehicle page's 停机与可用率 tab, issue 42), from its repair
 * orders' downtime. Pure arithmetic on instants, client-safe; the months are the tenant's (vehicle-repairs.server.ts).
 */

const HOUR_MS = 3_600_000;

/** One repair order's downtime: `to` null while the machine is still down. */
export interface Downtime {
  from: number;
  to: number | null;
}

/** A month of the tenant's calendar as instants: [start, end). */
export interface MonthWindow {
  month: string;
  start: number;
  end: number;
}

export interface MonthAvailability {
  month: string;
  /** the month's hours counted (up to now for the month under way) */
  hours: number;
  /** hours down in the month, overlapping orders counted once */
  downHours: number;
  /** repair orders whose downtime began in the month */
  failures: number;
  /** (hours − downtime) ÷ failures; null without a failure */
  mtbfHours: number | null;
  /** the ended repairs among the month's failures: their downtime ÷ their number; null when none has ended */
  mttrHours: number | null;
  /** (hours − downtime) ÷ hours, in percent; null for a month not begun */
  availabilityPct: number | null;
}

const tenth = (n: number) => Math.round(n * 10) / 10;

/** The hours of [start, end) that any downtime covers: the intervals clipped to it and merged, so an overlap counts once. */
export function downHoursIn(downtimes: readonly Downtime[], start: number, end: number, now: number): number {
  const clipped = downtimes
    .map((d) => [Math.max(d.from, start), Math.min(d.to ?? now, end)] as const)
    .filter(([from, to]) => to > from)
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let runFrom = -Infinity;
  let runTo = -Infinity;
  for (const [from, to] of clipped) {
    if (from > runTo) {
      if (runTo > runFrom) total += runTo - runFrom;
      runFrom = from;
      runTo = to;
    } else runTo = Math.max(runTo, to);
  }
  if (runTo > runFrom) total += runTo - runFrom;
  return total / HOUR_MS;
}

/**
 * Each month's downtime, failures, MTBF, MTTR and availability, one decimal. A month under way counts its hours up to
 * `now` (the hours to come are neither up nor down yet); an open order is down until `now`. MTTR takes each ended
 * repair's whole downtime, also the part in the next month, since it is the time that repair took.
 */
export function monthlyAvailability(downtimes: readonly Downtime[], months: readonly MonthWindow[], now: number): MonthAvailability[] {
  return months.map(({ month, start, end }) => {
    const until = Math.min(end, now);
    const hours = Math.max(until - start, 0) / HOUR_MS;
    const down = hours > 0 ? downHoursIn(downtimes, start, until, now) : 0;
    const begun = downtimes.filter((d) => d.from >= start && d.from < end);
    const ended = begun.filter((d) => d.to !== null && d.to <= now);
    const up = hours - down;
    return {
      month,
      hours: tenth(hours),
      downHours: tenth(down),
      failures: begun.length,
      mtbfHours: begun.length ? tenth(up / begun.length) : null,
      mttrHours: ended.length ? tenth(ended.reduce((s, d) => s + (d.to! - d.from), 0) / HOUR_MS / ended.length) : null,
      availabilityPct: hours > 0 ? tenth((up / hours) * 100) : null,
    };
  });
}
