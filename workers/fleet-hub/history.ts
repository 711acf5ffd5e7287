/**
 * The hub's position history: a hot window in the Durable Object's own SQLite, indexed on (vehicle, time), and
 * older days in R2 as gzip NDJSON segments, one per vehicle and UTC day. Playback reads both.
 */
import type { Point } from "../telematics/point";

/** A point of a track as playback and charts use it. */
export interface TrackPoint {
  t: number;
  lng: number;
  lat: number;
  speed: number;
  heading: number | null;
  mileage?: number;
  fuel?: number;
  acc?: boolean;
  rpm?: number;
  alarms?: string[];
}

export const HISTORY_SCHEMA = [
  `CREATE TABLE IF NOT EXISTS pos (vid INTEGER NOT NULL, kk TEXT NOT NULL, k INTEGER NOT NULL, t INTEGER NOT NULL, lng REAL NOT NULL, lat REAL NOT NULL, speed REAL NOT NULL, heading REAL, x TEXT, PRIMARY KEY (vid, kk, k)) WITHOUT ROWID`,
  `CREATE INDEX IF NOT EXISTS pos_vid_t ON pos (vid, t)`,
  // an index on time alone cost every stored point a third b-tree insert (about a tenth of ingest); the range
  // queries over many vehicles walk (vid, t) vehicle by vehicle instead (rangeVehicles)
  `DROP INDEX IF EXISTS pos_t`,
];

/**
 * The vehicles a range query over hot history walks, as a CTE `v(vid)` and its arguments: the given ones, or every
 * vehicle with hot rows, found by a skip-scan of pos_vid_t (one index seek per vehicle, not a pass over the rows).
 * Join it first (`FROM v CROSS JOIN pos ON pos.vid = v.vid`) so that each vehicle's time range is one index range.
 */
export function rangeVehicles(vehicleIds: readonly number[] | null): { cte: string; args: string[] } {
  if (vehicleIds === null) {
    return { cte: "WITH RECURSIVE v(vid) AS (SELECT min(vid) FROM pos UNION ALL SELECT (SELECT min(vid) FROM pos WHERE vid > v.vid) FROM v WHERE v.vid IS NOT NULL)", args: [] };
  }
  return { cte: "WITH v(vid) AS (SELECT DISTINCT value FROM json_each(?))", args: [JSON.stringify(vehicleIds)] };
}

/** true when the object has a property of its own (without the array Object.keys makes) */
function hasKeys(o: object): boolean {
  for (const _ in o) return true;
  return false;
}

/** The fields of a point beyond position and speed, without empty ones (kept as JSON text). Each field is named:
 * a loop over field names made each read a megamorphic keyed lookup, for every stored point. */
export function extrasOf(p: Point): string | null {
  const x: Record<string, unknown> = {};
  if (p.alt !== null) x.alt = p.alt;
  if (p.mileage !== null) x.mileage = p.mileage;
  if (p.fuel !== null) x.fuel = p.fuel;
  if (p.rpm !== null) x.rpm = p.rpm;
  if (p.torque !== null) x.torque = p.torque;
  if (p.urea !== null) x.urea = p.urea;
  if (p.exhaustTemp !== null) x.exhaustTemp = p.exhaustTemp;
  if (p.battery !== null) x.battery = p.battery;
  if (p.accuracy !== null) x.accuracy = p.accuracy;
  if (hasKeys(p.status)) x.status = p.status;
  if (p.alarms.length) x.alarms = p.alarms;
  if (p.faults.length) x.faults = p.faults;
  if (hasKeys(p.can)) x.can = p.can;
  return hasKeys(x) ? JSON.stringify(x) : null;
}

/** rows of one INSERT: nine values each, and a Durable Object's statement binds at most 100 */
const ROWS_PER_INSERT = 11;
const insertOf = (rows: number) =>
  `INSERT OR IGNORE INTO pos (vid, kk, k, t, lng, lat, speed, heading, x) VALUES ${Array.from({ length: rows }, () => "(?, ?, ?, ?, ?, ?, ?, ?, ?)").join(", ")} RETURNING kk, k`;
const INSERTS = Array.from({ length: ROWS_PER_INSERT + 1 }, (_, rows) => insertOf(rows));

/**
 * Appends a vehicle's points, eleven rows a statement (each statement costs the runtime a cursor and a call of its
 * own, as much as a row's work again); returns for each point whether it was stored: false when the same (vehicle,
 * key) is already there, from an earlier batch or earlier in this one (a duplicate).
 */
export function appendPoints(sql: SqlStorage, vid: number, points: readonly Point[]): boolean[] {
  const stored: boolean[] = [];
  for (let from = 0; from < points.length; from += ROWS_PER_INSERT) {
    const rows = Math.min(ROWS_PER_INSERT, points.length - from);
    const args: (string | number | null)[] = [];
    for (let i = from; i < from + rows; i++) {
      const p = points[i]!;
      // the history's speed column has always been NOT NULL: an unknown speed is kept as 0 there (the live state and
      // the map's info panel show it empty)
      args.push(vid, p.keyKind, p.key, p.t, p.lng, p.lat, p.speed ?? 0, p.heading, extrasOf(p));
    }
    const inserted = sql.exec<{ kk: string; k: number }>(INSERTS[rows]!, ...args).toArray();
    if (inserted.length === rows) {
      for (let i = 0; i < rows; i++) stored.push(true);
      continue;
    }
    // some were ignored: a key inserted once is the first point that carries it, any other one is a duplicate
    const fresh = new Set(inserted.map((r) => `${r.kk}:${r.k}`));
    for (let i = from; i < from + rows; i++) stored.push(fresh.delete(`${points[i]!.keyKind}:${points[i]!.key}`));
  }
  return stored;
}

type Row = { t: number; lng: number; lat: number; speed: number; heading: number | null; x: string | null };

function trackPointOf(r: Row): TrackPoint {
  const tp: TrackPoint = { t: r.t, lng: r.lng, lat: r.lat, speed: r.speed, heading: r.heading };
  if (r.x) {
    const x = JSON.parse(r.x) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- stored JSON of any shape; each field is checked by typeof below
    if (typeof x.mileage === "number") tp.mileage = x.mileage;
    if (typeof x.fuel === "number") tp.fuel = x.fuel;
    if (typeof x.rpm === "number") tp.rpm = x.rpm;
    if (typeof x.status?.acc === "boolean") tp.acc = x.status.acc;
    if (Array.isArray(x.alarms)) tp.alarms = x.alarms;
  }
  return tp;
}

export function hotTrack(sql: SqlStorage, vid: number, from: number, to: number): TrackPoint[] {
  return sql.exec<Row>("SELECT t, lng, lat, speed, heading, x FROM pos WHERE vid = ? AND t >= ? AND t <= ? ORDER BY t", vid, from, to).toArray().map(trackPointOf);
}

const DAY_MS = 86_400_000;
export const dayKey = (t: number) => new Date(Math.floor(t / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
export const segmentKey = (tenantId: number, day: string, vid: number) => `history/${tenantId}/${day}/${vid}.ndjson.gz`;

/** One stored line of a segment: the row as it was in SQLite. */
type SegmentLine = [t: number, kk: string, k: number, lng: number, lat: number, speed: number, heading: number | null, x: string | null];

async function gzip(text: string): Promise<ArrayBuffer> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Response(stream).arrayBuffer();
}

async function gunzip(body: ReadableStream): Promise<string> {
  return new Response(body.pipeThrough(new DecompressionStream("gzip"))).text();
}

async function readSegment(bucket: R2Bucket, key: string): Promise<SegmentLine[]> {
  const obj = await bucket.get(key);
  if (!obj) return [];
  const text = await gunzip(obj.body);
  return text
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as SegmentLine);
}

/**
 * Moves every hot row older than `cutoff` to R2: per vehicle and UTC day, merged with a segment already there (late
 * points), then deletes the moved rows. Returns the number of rows moved. The rows are deleted only after the put
 * succeeded, so a failure leaves them hot for the next run.
 */
export async function archiveBefore(
  sql: SqlStorage,
  bucket: R2Bucket,
  tenantId: number,
  cutoff: number,
  maxSegments = 200,
  onMoved?: (vid: number, day: number, rows: { lng: number; lat: number }[]) => void,
): Promise<{ moved: number; segments: number }> {
  const every = rangeVehicles(null);
  const groups = sql
    .exec<{ vid: number; d: number }>(`${every.cte} SELECT DISTINCT v.vid AS vid, pos.t / 86400000 AS d FROM v CROSS JOIN pos ON pos.vid = v.vid WHERE pos.t < ? LIMIT ?`, cutoff, maxSegments)
    .toArray();
  let moved = 0;
  for (const { vid, d } of groups) {
    const from = d * DAY_MS;
    const to = Math.min(from + DAY_MS, cutoff);
    const rows = sql
      .exec<{ t: number; kk: string; k: number; lng: number; lat: number; speed: number; heading: number | null; x: string | null }>(
        "SELECT t, kk, k, lng, lat, speed, heading, x FROM pos WHERE vid = ? AND t >= ? AND t < ? ORDER BY t",
        vid,
        from,
        to,
      )
      .toArray();
    if (!rows.length) continue;
    const key = segmentKey(tenantId, dayKey(from), vid);
    const merged = new Map<string, SegmentLine>();
    for (const line of await readSegment(bucket, key)) merged.set(`${line[1]}:${line[2]}`, line);
    for (const r of rows) merged.set(`${r.kk}:${r.k}`, [r.t, r.kk, r.k, r.lng, r.lat, r.speed, r.heading, r.x]);
    const lines = [...merged.values()].sort((a, b) => a[0] - b[0]);
    await bucket.put(key, await gzip(lines.map((l) => JSON.stringify(l)).join("\n")), { httpMetadata: { contentType: "application/x-ndjson", contentEncoding: "gzip" } });
    onMoved?.(vid, d, rows);
    sql.exec("DELETE FROM pos WHERE vid = ? AND t >= ? AND t < ?", vid, from, to);
    moved += rows.length;
  }
  return { moved, segments: groups.length };
}

/** The archived part of a track: the segments of the days the range touches. */
export async function archivedTrack(bucket: R2Bucket, tenantId: number, vid: number, from: number, to: number): Promise<TrackPoint[]> {
  const out: TrackPoint[] = [];
  for (let d = Math.floor(from / DAY_MS); d * DAY_MS <= to; d++) {
    for (const [t, , , lng, lat, speed, heading, x] of await readSegment(bucket, segmentKey(tenantId, dayKey(d * DAY_MS), vid))) {
      if (t >= from && t <= to) out.push(trackPointOf({ t, lng, lat, speed, heading, x }));
    }
  }
  return out;
}

/** Deletes the R2 segments of whole days before `cutoff`, walking day by day from `fromDay`. Returns the next day to look at. */
export async function dropExpired(bucket: R2Bucket, tenantId: number, fromDay: number, cutoff: number): Promise<number> {
  let d = fromDay;
  for (; (d + 1) * DAY_MS <= cutoff; d++) {
    const prefix = `history/${tenantId}/${dayKey(d * DAY_MS)}/`;
    let cursor: string | undefined;
    do {
      const page = await bucket.list({ prefix, cursor });
      if (page.objects.length) await bucket.delete(page.objects.map((o) => o.key));
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
  }
  return d;
}
