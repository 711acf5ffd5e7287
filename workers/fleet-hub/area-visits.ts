/**
 * 区域设备 (/areaEquipment): which vehicles were inside a drawn area during a time window, and each stay's entry and
 * exit times, from the history (the hot window and the R2 archive). The query and its checks are area-query.ts.
 */
import booleanPointInPolygon from "@turf/boolean-point-in-polygon";
import { polygon as turfPolygon, point as turfPoint } from "@turf/helpers";
import { rangeVehicles, type TrackPoint } from "./history";
import { openRing, type AreaShape, type AreaVisit, type AreaVisitQuery } from "./area-query";

export { checkAreaVisitQuery, type AreaShape, type AreaVisit, type AreaVisitQuery } from "./area-query";

const M_PER_DEG_LAT = 110_574;
const mPerDegLng = (lat: number) => 111_320 * Math.cos((lat * Math.PI) / 180);

/** The area's bounding box [west, south, east, north], for the index prefilters. */
export function shapeBox(s: AreaShape): [number, number, number, number] {
  if (s.kind === "circle") {
    const dLng = s.radiusM / mPerDegLng(s.centre[1]);
    const dLat = s.radiusM / M_PER_DEG_LAT;
    return [s.centre[0] - dLng, s.centre[1] - dLat, s.centre[0] + dLng, s.centre[1] + dLat];
  }
  const xs = s.ring.map((p) => p[0]);
  const ys = s.ring.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/**
 * Whether a position lies inside the area: a circle by the local equirectangular distance (well under a metre per
 * kilometre at these radii, as the monitor's circle search), a polygon by turf (a point on the edge counts inside).
 */
export function insideOf(s: AreaShape): (lng: number, lat: number) => boolean {
  if (s.kind === "circle") {
    const kx = mPerDegLng(s.centre[1]);
    const r2 = s.radiusM ** 2;
    return (lng, lat) => ((lng - s.centre[0]) * kx) ** 2 + ((lat - s.centre[1]) * M_PER_DEG_LAT) ** 2 <= r2;
  }
  const corners = openRing(s.ring);
  const poly = turfPolygon([[...corners, corners[0]!]]);
  const [w, so, e, n] = shapeBox(s);
  return (lng, lat) => lng >= w && lng <= e && lat >= so && lat <= n && booleanPointInPolygon(turfPoint([lng, lat]), poly);
}

/**
 * The stays of one vehicle's time-ordered track inside the area: each run of consecutive positions inside is one
 * stay, from its first to its last position inside (a gap without positions while inside does not end a stay; a
 * position outside does).
 */
export function staysOf(vehicleId: number, track: readonly Pick<TrackPoint, "t" | "lng" | "lat">[], inside: (lng: number, lat: number) => boolean): AreaVisit[] {
  const stays: AreaVisit[] = [];
  let open: AreaVisit | null = null;
  track.forEach((p, i) => {
    if (inside(p.lng, p.lat)) {
      if (open) {
        open.exitT = p.t;
        open.points++;
      } else stays.push((open = { vehicleId, enterT: p.t, exitT: p.t, fromStart: i === 0, toEnd: false, points: 1 }));
    } else open = null;
  });
  if (open) (open as AreaVisit).toEnd = true;
  return stays;
}

const cellOf = (deg: number, cell: number, offset: number) => Math.floor((deg + offset) / cell);

/**
 * The vehicles (of `vehicleIds`) with a position inside the area during the window, and their stays. Candidates
 * first, by index: the hot rows inside the area's box (pos_vid_t, vehicle by vehicle), and the archived vehicle-days
 * whose grid roll-up (`heat`, spatial.ts) touches the box; then only each candidate's track over the window is read
 * (hot and archived, so a stay is split by the positions outside it), and its stays found exactly.
 */
export async function areaVisits(
  sql: SqlStorage,
  track: (vehicleId: number, from: number, to: number) => Promise<TrackPoint[]>,
  q: AreaVisitQuery,
  heatCell: number,
): Promise<AreaVisit[]> {
  const [w, s, e, n] = shapeBox(q.shape);
  const walk = rangeVehicles(q.vehicleIds);
  const candidates = new Set<number>();
  for (const r of sql.exec<{ vid: number }>(
    `${walk.cte} SELECT DISTINCT pos.vid AS vid FROM v CROSS JOIN pos ON pos.vid = v.vid WHERE pos.t >= ? AND pos.t <= ? AND lng BETWEEN ? AND ? AND lat BETWEEN ? AND ?`,
    ...walk.args,
    q.from,
    q.to,
    w,
    e,
    s,
    n,
  ))
    candidates.add(r.vid);
  const byVehicle = q.vehicleIds === null ? "" : " AND vid IN (SELECT value FROM json_each(?))";
  for (const r of sql.exec<{ vid: number }>(
    `SELECT DISTINCT vid FROM heat WHERE d >= ? AND d <= ? AND cx BETWEEN ? AND ? AND cy BETWEEN ? AND ?${byVehicle}`,
    Math.floor(q.from / 86_400_000),
    Math.floor(q.to / 86_400_000),
    cellOf(w, heatCell, 180),
    cellOf(e, heatCell, 180),
    cellOf(s, heatCell, 90),
    cellOf(n, heatCell, 90),
    ...walk.args,
  ))
    candidates.add(r.vid);
  const inside = insideOf(q.shape);
  const visits: AreaVisit[] = [];
  for (const vid of candidates) visits.push(...staysOf(vid, await track(vid, q.from, q.to), inside));
  return visits.sort((a, b) => a.enterT - b.enterT || a.vehicleId - b.vehicleId);
}
