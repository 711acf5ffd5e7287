/**
 * 区域设备's query (/areaEquipment): a drawn area (a rectangle, a circle of at most 10,000 m, or a polygon) and a time
 * window of at most 7 days, and its checks. Pure and without imports: the pages refuse a query before they send it, and
 * the hub (area-visits.ts) refuses it again with the same rules.
 */
export const MAX_AREA_RADIUS_M = 10_000;
export const MAX_AREA_WINDOW_MS = 7 * 86_400_000;
/** a polygon's corners at most (a hand-drawn area; more is a pasted boundary, which we do not take) */
export const MAX_POLYGON_POINTS = 200;

export type LngLat = [number, number];
/** A drawn area in WGS-84: a rectangle is sent as the polygon of its four corners. */
export type AreaShape = { kind: "circle"; centre: LngLat; radiusM: number } | { kind: "polygon"; ring: LngLat[] };

export interface AreaVisitQuery {
  /** null: every vehicle of the hub (the caller sees all) */
  vehicleIds: number[] | null;
  shape: AreaShape;
  from: number;
  to: number;
}

/** One stay inside the area: the first and the last position inside; `fromStart` / `toEnd` when it runs past the window's edge. */
export interface AreaVisit {
  vehicleId: number;
  enterT: number;
  exitT: number;
  /** inside already at the window's first position: it entered before the window */
  fromStart: boolean;
  /** still inside at the window's last position: it left after the window, or has not left */
  toEnd: boolean;
  points: number;
}

/** Why an area query cannot run (a key of the terminal-health texts' `area.errors`), or null. */
export type AreaQueryError = "shape" | "radius" | "polygon" | "order" | "window";

const validLngLat = (p: unknown): p is LngLat => Array.isArray(p) && p.length === 2 && Number.isFinite(p[0]) && Number.isFinite(p[1]) && Math.abs(p[0] as number) <= 180 && Math.abs(p[1] as number) <= 90;

/** The reason an area query is refused, or null: circle radius above 0 and ≤ 10,000 m, 3–200 corners, window ≤ 7 days. */
export function checkAreaVisitQuery(q: Pick<AreaVisitQuery, "shape" | "from" | "to">): AreaQueryError | null {
  const s = q.shape as AreaShape | null;
  if (!s || (s.kind !== "circle" && s.kind !== "polygon")) return "shape";
  if (s.kind === "circle") {
    if (!validLngLat(s.centre)) return "shape";
    if (!(Number.isFinite(s.radiusM) && s.radiusM > 0 && s.radiusM <= MAX_AREA_RADIUS_M)) return "radius";
  } else {
    if (!Array.isArray(s.ring) || !s.ring.every(validLngLat)) return "shape";
    const corners = openRing(s.ring);
    if (corners.length < 3 || corners.length > MAX_POLYGON_POINTS || Math.abs(ringArea(corners)) < 1e-12) return "polygon";
  }
  if (!(Number.isFinite(q.from) && Number.isFinite(q.to) && q.from < q.to)) return "order";
  if (q.to - q.from > MAX_AREA_WINDOW_MS) return "window";
  return null;
}

/** The ring without its closing point (drawn rings may or may not repeat the first corner). */
export function openRing(ring: LngLat[]): LngLat[] {
  const last = ring[ring.length - 1];
  return ring.length > 1 && last && last[0] === ring[0]![0] && last[1] === ring[0]![1] ? ring.slice(0, -1) : ring;
}

/** Twice the signed area in square degrees (shoelace): a polygon whose corners lie on one line has none. */
function ringArea(ring: LngLat[]): number {
  let a = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x1, y1] = ring[i]!;
    const [x2, y2] = ring[(i + 1) % ring.length]!;
    a += x1 * y2 - x2 * y1;
  }
  return a;
}

