/**
 * History playback, the pure part: query range checks, stop detection, summary and downsampling of a vehicle's
 * track. No I/O; the loader (track.server.ts) and the player share it.
 */
import type { TrackPoint } from "../../../workers/fleet-hub/history";
import { DEFAULT_TIME_ZONE, formatZonedTime } from "~/lib/tenant-clock";
import { parseZonedTime } from "~/lib/tenant-days";

export type { TrackPoint };

const MINUTE = 60_000;
export const DAY_MS = 86_400_000;
/** spec §5: driving data is queried over at most 7 days */
export const MAX_RANGE_MS = 7 * DAY_MS;
/** the most points a track sends to the browser */
export const MAX_TRACK_POINTS = 5000;
/** a vehicle standing still (speed ≤ STILL_KMH) this long is a stop */
export const DEFAULT_STOP_MS = 3 * MINUTE;
export const STILL_KMH = 1;
/** a gap between two reports longer than this is not counted as driving time */
const MAX_DRIVING_GAP_MS = 10 * MINUTE;

/** heat map grid sizes in degrees (about 500 m, 1 km, 5 km) */
export const HEAT_CELLS = [0.005, 0.01, 0.05] as const;

/** Why a range cannot be queried (an i18n key under playback:range), or null. */
export type RangeError = "invalid" | "order" | "tooLong";

export function checkRange(from: number, to: number, maxMs = MAX_RANGE_MS): RangeError | null {
  if (!Number.isFinite(from) || !Number.isFinite(to)) return "invalid";
  if (from >= to) return "order";
  if (to - from > maxMs) return "tooLong";
  return null;
}

// ---- times as people type them: wall-clock time in the tenant's zone (app/lib/tenant-clock.ts) ----------

/** "2026-11-23T16:05" (a datetime-local value in the tenant's zone) or epoch milliseconds → epoch ms, or NaN. */
export function parseLocalTime(text: string | null | undefined, timeZone: string = DEFAULT_TIME_ZONE): number {
  return parseZonedTime(text, timeZone);
}

/** epoch ms → "2026-11-23T16:05" in the tenant's zone, the value a datetime-local input takes. */
export function formatLocalTime(t: number, seconds = false, timeZone: string = DEFAULT_TIME_ZONE): string {
  return formatZonedTime(t, timeZone, seconds);
}

// ---- geometry -------------------------------------------------------------------------------------------

const R = 6371008.8;
const rad = (d: number) => (d * Math.PI) / 180;

export function distanceM(a: { lng: number; lat: number }, b: { lng: number; lat: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Compass bearing from a to b in degrees (0 north, clockwise). */
export function bearing(a: { lng: number; lat: number }, b: { lng: number; lat: number }): number {
  const y = Math.sin(rad(b.lng - a.lng)) * Math.cos(rad(b.lat));
  const x = Math.cos(rad(a.lat)) * Math.sin(rad(b.lat)) - Math.sin(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.cos(rad(b.lng - a.lng));
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

// ---- stops ----------------------------------------------------------------------------------------------

export interface Stop {
  start: number;
  end: number;
  durationMs: number;
  lng: number;
  lat: number;
}

/**
 * Stops: runs of consecutive points with speed ≤ STILL_KMH lasting at least `minMs` (from the first still point to
 * the last one, or to the next moving report when it follows within MAX_DRIVING_GAP_MS).
 */
export function detectStops(points: TrackPoint[], minMs = DEFAULT_STOP_MS): Stop[] {
  const stops: Stop[] = [];
  let i = 0;
  while (i < points.length) {
    if (points[i]!.speed > STILL_KMH) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < points.length && points[j + 1]!.speed <= STILL_KMH) j++;
    const first = points[i]!;
    const next = points[j + 1];
    const end = next && next.t - points[j]!.t <= MAX_DRIVING_GAP_MS ? next.t : points[j]!.t;
    if (end - first.t >= minMs) stops.push({ start: first.t, end, durationMs: end - first.t, lng: first.lng, lat: first.lat });
    i = j + 1;
  }
  return stops;
}

// ---- summary --------------------------------------------------------------------------------------------

export interface TrackSummary {
  /** km: the odometer's difference when the terminal reports one, else the sum of distances between points */
  distanceKm: number;
  /** ms between reports while moving (gaps over 10 minutes not counted) */
  drivingMs: number;
  maxSpeed: number;
  start: number | null;
  end: number | null;
  points: number;
}

export function summarise(points: TrackPoint[]): TrackSummary {
  let metres = 0;
  let drivingMs = 0;
  let maxSpeed = 0;
  let firstMileage: number | undefined;
  let lastMileage: number | undefined;
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    if (p.speed > maxSpeed) maxSpeed = p.speed;
    if (typeof p.mileage === "number") {
      firstMileage ??= p.mileage;
      lastMileage = p.mileage;
    }
    if (i === 0) continue;
    const prev = points[i - 1]!;
    metres += distanceM(prev, p);
    const gap = p.t - prev.t;
    if ((prev.speed > STILL_KMH || p.speed > STILL_KMH) && gap <= MAX_DRIVING_GAP_MS) drivingMs += gap;
  }
  const odometer = firstMileage !== undefined && lastMileage !== undefined && lastMileage >= firstMileage ? lastMileage - firstMileage : null;
  const distanceKm = odometer !== null && odometer > 0 ? odometer : metres / 1000;
  return { distanceKm: Math.round(distanceKm * 100) / 100, drivingMs, maxSpeed: Math.round(maxSpeed * 10) / 10, start: points[0]?.t ?? null, end: points.at(-1)?.t ?? null, points: points.length };
}

// ---- downsampling ---------------------------------------------------------------------------------------

/**
 * Ranks every point by Douglas–Peucker: a point's rank is the tolerance (metres off the simplified line) below which
 * DP would keep it, capped by its parent's so ranks never grow down the recursion. Keeping the N highest ranks is
 * then exactly DP at the tolerance that yields N points, so turns survive and straight runs and jitter go first.
 */
function dpRanks(points: TrackPoint[]): { rank: Float64Array; order: Uint32Array } {
  const n = points.length;
  const rank = new Float64Array(n);
  // when DP picked each point, breadth first: among equal ranks the earlier pick spreads the kept points evenly
  const order = new Uint32Array(n);
  let picks = 0;
  if (n === 0) return { rank, order };
  // a local flat projection in metres: enough for the distances DP compares
  const lat0 = rad(points.reduce((s, p) => s + p.lat, 0) / n);
  const kx = (Math.PI / 180) * R * Math.cos(lat0);
  const ky = (Math.PI / 180) * R;
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    xs[i] = points[i]!.lng * kx;
    ys[i] = points[i]!.lat * ky;
  }
  rank[0] = rank[n - 1] = Number.POSITIVE_INFINITY;
  const queue: [number, number, number][] = [[0, n - 1, Number.POSITIVE_INFINITY]];
  for (let head = 0; head < queue.length; head++) {
    const [a, b, cap] = queue[head]!;
    if (b - a < 2) continue;
    const dx = xs[b]! - xs[a]!;
    const dy = ys[b]! - ys[a]!;
    const len2 = dx * dx + dy * dy;
    // distances are compared in whole metres (GPS noise is larger), ties going to the point nearest the middle:
    // splitting a straight, evenly jittered run at its first point would make DP quadratic
    const mid = (a + b) / 2;
    let best = -1;
    let bestM = -1;
    for (let i = a + 1; i < b; i++) {
      let px = xs[i]! - xs[a]!;
      let py = ys[i]! - ys[a]!;
      if (len2 > 0) {
        const u = Math.max(0, Math.min(1, (px * dx + py * dy) / len2));
        px -= u * dx;
        py -= u * dy;
      }
      const m = Math.floor(Math.sqrt(px * px + py * py));
      if (m > bestM || (m === bestM && Math.abs(i - mid) < Math.abs(best - mid))) {
        bestM = m;
        best = i;
      }
    }
    // +1 so that every interior point ranks above the "not chosen" 0, and sub-metre wiggles still order by depth
    const r = Math.min(cap, bestM + 1);
    rank[best] = r;
    order[best] = ++picks;
    queue.push([a, best, r], [best, b, r]);
  }
  return { rank, order };
}

/**
 * At most `max` points of a track (all of them when it is short): the first and last, every alarm point, the first
 * and last point of every stop, and otherwise the points Douglas–Peucker keeps (see dpRanks). Order is preserved.
 */
export function downsample(points: TrackPoint[], stops: Stop[] = [], max = MAX_TRACK_POINTS): TrackPoint[] {
  if (points.length <= max) return points;
  const keep = new Uint8Array(points.length);
  let kept = 0;
  const mark = (i: number) => {
    if (i >= 0 && i < points.length && !keep[i]) {
      keep[i] = 1;
      kept++;
    }
  };
  mark(0);
  mark(points.length - 1);
  const stopEdges = new Set<number>();
  for (const s of stops) stopEdges.add(s.start).add(s.end);
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    if (p.alarms?.length || stopEdges.has(p.t)) mark(i);
  }
  const { rank, order: picked } = dpRanks(points);
  const order = Array.from({ length: points.length }, (_, i) => i).filter((i) => !keep[i]);
  order.sort((a, b) => rank[b]! - rank[a]! || picked[a]! - picked[b]!);
  for (const i of order) {
    if (kept >= max) break;
    mark(i);
  }
  return points.filter((_, i) => keep[i]);
}

/** Index of the last point at or before `t` (0 before the first). */
export function indexAt(points: { t: number }[], t: number): number {
  let lo = 0;
  let hi = points.length - 1;
  if (hi < 0 || t <= points[0]!.t) return 0;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (points[mid]!.t <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The position at time `t`, interpolated between the two reports around it, with the heading of that leg. */
export function positionAt(points: TrackPoint[], t: number): { lng: number; lat: number; heading: number; index: number } | null {
  if (!points.length) return null;
  const i = indexAt(points, t);
  const a = points[i]!;
  const b = points[i + 1];
  if (!b || t <= a.t) return { lng: a.lng, lat: a.lat, heading: a.heading ?? (b ? bearing(a, b) : 0), index: i };
  const f = Math.min(1, (t - a.t) / Math.max(1, b.t - a.t));
  const moved = a.lng !== b.lng || a.lat !== b.lat;
  return { lng: a.lng + (b.lng - a.lng) * f, lat: a.lat + (b.lat - a.lat) * f, heading: moved ? bearing(a, b) : (a.heading ?? 0), index: i };
}

/** Everything the player needs for one range. */
export interface BuiltTrack {
  points: TrackPoint[];
  stops: Stop[];
  summary: TrackSummary;
  /** points before downsampling */
  total: number;
}

export function buildTrack(points: TrackPoint[], opts: { stopMs?: number; max?: number } = {}): BuiltTrack {
  const stops = detectStops(points, opts.stopMs);
  return { points: downsample(points, stops, opts.max), stops, summary: summarise(points), total: points.length };
}
