/**
 * Spatial questions over the hub's history: which vehicles passed through a circle in a time range (area vehicle
 * search), and how positions spread over a grid (the heat map). The hot window is asked in SQL; archived days are
 * answered from a per vehicle-day grid roll-up (`heat`) written when history moves to R2, so neither question reads
 * every archived segment: the area search opens only the segments whose cells touch the circle.
 */
import { archivedTrack, rangeVehicles } from "./history";

/** The base grid of the roll-up, in degrees (about 500 m north–south). Coarser cells are sums of base cells. */
export const HEAT_CELL = 0.005;
const DAY_MS = 86_400_000;
/** at most this many cells go back to a heat map; coarser grids are the answer to more */
export const MAX_HEAT_CELLS = 20_000;
export const MAX_AREA_RADIUS_M = 10_000;
export const MAX_AREA_RANGE_MS = 7 * DAY_MS;

export const SPATIAL_SCHEMA = [
  `CREATE TABLE IF NOT EXISTS heat (d INTEGER NOT NULL, vid INTEGER NOT NULL, cx INTEGER NOT NULL, cy INTEGER NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (d, vid, cx, cy)) WITHOUT ROWID`,
];

const cellX = (lng: number) => Math.floor((lng + 180) / HEAT_CELL);
const cellY = (lat: number) => Math.floor((lat + 90) / HEAT_CELL);

/** Adds archived rows of one vehicle-day to the grid roll-up. */
export function addHeat(sql: SqlStorage, vid: number, day: number, rows: { lng: number; lat: number }[]): void {
  const cells = new Map<string, number>();
  for (const r of rows) {
    const key = `${cellX(r.lng)}:${cellY(r.lat)}`;
    cells.set(key, (cells.get(key) ?? 0) + 1);
  }
  for (const [key, n] of cells) {
    const [cx, cy] = key.split(":").map(Number);
    sql.exec("INSERT INTO heat (d, vid, cx, cy, n) VALUES (?, ?, ?, ?, ?) ON CONFLICT (d, vid, cx, cy) DO UPDATE SET n = n + excluded.n", day, vid, cx, cy, n);
  }
}

/** Drops the roll-up of days before `cutoff` (retention). */
export function dropHeatBefore(sql: SqlStorage, cutoff: number): void {
  sql.exec("DELETE FROM heat WHERE d < ?", Math.floor(cutoff / DAY_MS));
}

export interface HeatQuery {
  /** null: every vehicle of the hub */
  vehicleIds: number[] | null;
  from: number;
  to: number;
  /** cell size in degrees, a multiple of HEAT_CELL (rounded to one); default 0.01 */
  cellDeg?: number;
}

export interface HeatCell {
  lng: number;
  lat: number;
  n: number;
}

/** The positions of the range counted per grid cell: hot rows exactly, archived days whole from the roll-up. */
export function heatCells(sql: SqlStorage, q: HeatQuery): HeatCell[] {
  const factor = Math.max(1, Math.round((q.cellDeg ?? 0.01) / HEAT_CELL));
  // the hot rows walk these vehicles; the roll-up filters on the same ids, bound by the same argument
  const walk = rangeVehicles(q.vehicleIds);
  const byVehicle = q.vehicleIds === null ? "" : " AND vid IN (SELECT value FROM json_each(?))";
  const counts = new Map<string, number>();
  const add = (cx: number, cy: number, n: number) => {
    const key = `${Math.floor(cx / factor)}:${Math.floor(cy / factor)}`;
    counts.set(key, (counts.get(key) ?? 0) + n);
  };
  const hot = sql.exec<{ cx: number; cy: number; n: number }>(
    `${walk.cte} SELECT CAST((lng + 180) / ${HEAT_CELL} AS INTEGER) AS cx, CAST((lat + 90) / ${HEAT_CELL} AS INTEGER) AS cy, count(*) AS n
       FROM v CROSS JOIN pos ON pos.vid = v.vid WHERE pos.t >= ? AND pos.t <= ? GROUP BY cx, cy`,
    ...walk.args,
    q.from,
    q.to,
  );
  for (const r of hot) add(r.cx, r.cy, r.n);
  const archived = sql.exec<{ cx: number; cy: number; n: number }>(
    `SELECT cx, cy, sum(n) AS n FROM heat WHERE d >= ? AND d <= ?${byVehicle} GROUP BY cx, cy`,
    Math.floor(q.from / DAY_MS),
    Math.floor(q.to / DAY_MS),
    ...walk.args,
  );
  for (const r of archived) add(r.cx, r.cy, r.n);
  const size = HEAT_CELL * factor;
  return [...counts]
    .map(([key, n]) => {
      const [x, y] = key.split(":").map(Number) as [number, number];
      return { lng: +((x + 0.5) * size - 180).toFixed(6), lat: +((y + 0.5) * size - 90).toFixed(6), n };
    })
    .sort((a, b) => b.n - a.n)
    .slice(0, MAX_HEAT_CELLS);
}

export interface AreaQuery {
  vehicleIds: number[] | null;
  lng: number;
  lat: number;
  radiusM: number;
  from: number;
  to: number;
}

export interface AreaHit {
  vehicleId: number;
  firstT: number;
  lastT: number;
}

/** The reason an area query cannot run, or null. */
export function checkAreaQuery(q: AreaQuery): string | null {
  if (!Number.isFinite(q.lng) || !Number.isFinite(q.lat) || Math.abs(q.lng) > 180 || Math.abs(q.lat) > 90) return "centre out of range";
  if (!(q.radiusM > 0 && q.radiusM <= MAX_AREA_RADIUS_M)) return `radius must be above 0 and at most ${MAX_AREA_RADIUS_M} m`;
  if (!(Number.isFinite(q.from) && Number.isFinite(q.to) && q.from < q.to)) return "the start must be before the end";
  if (q.to - q.from > MAX_AREA_RANGE_MS) return "the range must be at most 7 days";
  return null;
}

const M_PER_DEG_LAT = 110_574;
const mPerDegLng = (lat: number) => 111_320 * Math.cos((lat * Math.PI) / 180);

/**
 * Vehicles with a position inside the circle during the range, with the first and last time seen inside. Distances
 * use the local equirectangular approximation (error far below a metre per kilometre at these radii).
 */
export async function areaHits(sql: SqlStorage, bucket: R2Bucket, tenantId: number, q: AreaQuery): Promise<AreaHit[]> {
  const kx = mPerDegLng(q.lat);
  const dLng = q.radiusM / kx;
  const dLat = q.radiusM / M_PER_DEG_LAT;
  const inside = (lng: number, lat: number) => ((lng - q.lng) * kx) ** 2 + ((lat - q.lat) * M_PER_DEG_LAT) ** 2 <= q.radiusM ** 2;
  // the hot rows walk these vehicles; the roll-up filters on the same ids, bound by the same argument
  const walk = rangeVehicles(q.vehicleIds);
  const byVehicle = q.vehicleIds === null ? "" : " AND vid IN (SELECT value FROM json_each(?))";
  const hits = new Map<number, AreaHit>();
  const note = (vid: number, t: number) => {
    const h = hits.get(vid);
    if (!h) hits.set(vid, { vehicleId: vid, firstT: t, lastT: t });
    else {
      h.firstT = Math.min(h.firstT, t);
      h.lastT = Math.max(h.lastT, t);
    }
  };
  const hot = sql.exec<{ vid: number; first: number; last: number }>(
    `${walk.cte} SELECT pos.vid AS vid, min(t) AS first, max(t) AS last FROM v CROSS JOIN pos ON pos.vid = v.vid
       WHERE pos.t >= ? AND pos.t <= ? AND lng BETWEEN ? AND ? AND lat BETWEEN ? AND ?
       AND ((lng - ?) * ?) * ((lng - ?) * ?) + ((lat - ?) * ?) * ((lat - ?) * ?) <= ? GROUP BY pos.vid`,
    ...walk.args,
    q.from,
    q.to,
    q.lng - dLng,
    q.lng + dLng,
    q.lat - dLat,
    q.lat + dLat,
    q.lng,
    kx,
    q.lng,
    kx,
    q.lat,
    M_PER_DEG_LAT,
    q.lat,
    M_PER_DEG_LAT,
    q.radiusM ** 2,
  );
  for (const r of hot) {
    note(r.vid, r.first);
    note(r.vid, r.last);
  }
  // archived days: only the vehicle-days whose roll-up cells touch the circle's box are opened
  const candidates = sql.exec<{ d: number; vid: number }>(
    `SELECT DISTINCT d, vid FROM heat WHERE d >= ? AND d <= ? AND cx BETWEEN ? AND ? AND cy BETWEEN ? AND ?${byVehicle}`,
    Math.floor(q.from / DAY_MS),
    Math.floor(q.to / DAY_MS),
    cellX(q.lng - dLng),
    cellX(q.lng + dLng),
    cellY(q.lat - dLat),
    cellY(q.lat + dLat),
    ...walk.args,
  );
  for (const { d, vid } of candidates.toArray()) {
    const from = Math.max(q.from, d * DAY_MS);
    const to = Math.min(q.to, (d + 1) * DAY_MS - 1);
    for (const p of await archivedTrack(bucket, tenantId, vid, from, to)) if (inside(p.lng, p.lat)) note(vid, p.t);
  }
  return [...hits.values()].sort((a, b) => a.firstT - b.firstT);
}
