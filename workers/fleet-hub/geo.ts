/**
 * Geometry for the alarm rules (pure): haversine distance, point in polygon / rectangle / circle, and the distance
 * from a point to a polyline, all on WGS-84 lng/lat in degrees with distances in metres. Shapes are compiled once
 * (bounding box first) so a point far from a fence costs four comparisons.
 */
import booleanPointInPolygon from "@turf/boolean-point-in-polygon";
import { lineString, polygon } from "@turf/helpers";
import pointToLineDistance from "@turf/point-to-line-distance";

export type LngLat = [number, number];
/** [west, south, east, north] */
export type BBox = [number, number, number, number];

const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;
/** metres per degree of latitude (and of longitude at the equator) */
const M_PER_DEG = EARTH_RADIUS_M * RAD;

/** Great-circle distance in metres. */
export function haversineM(lng1: number, lat1: number, lng2: number, lat2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLng = (lng2 - lng1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

export function bboxOf(coords: LngLat[]): BBox {
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [lng, lat] of coords) {
    if (lng < w) w = lng;
    if (lng > e) e = lng;
    if (lat < s) s = lat;
    if (lat > n) n = lat;
  }
  return [w, s, e, n];
}

/** The box grown by `m` metres on every side. */
export function growBBox([w, s, e, n]: BBox, m: number): BBox {
  const dLat = m / M_PER_DEG;
  const maxAbsLat = Math.min(89, Math.max(Math.abs(s), Math.abs(n)) + dLat);
  const dLng = m / (M_PER_DEG * Math.cos(maxAbsLat * RAD));
  return [w - dLng, s - dLat, e + dLng, n + dLat];
}

export const inBBox = (b: BBox, lng: number, lat: number) => lng >= b[0] && lng <= b[2] && lat >= b[1] && lat <= b[3];

/** A shape ready for many containment tests. */
export interface Area {
  bbox: BBox;
  contains(lng: number, lat: number): boolean;
}

/** A closed ring from the stored coordinates (the first point repeated at the end when missing). */
function ringOf(coords: LngLat[]): LngLat[] {
  const ring = coords.map(([lng, lat]) => [lng, lat] as LngLat);
  const [first, last] = [ring[0]!, ring[ring.length - 1]!];
  if (first[0] !== last[0] || first[1] !== last[1]) ring.push([first[0], first[1]]);
  return ring;
}

/** A polygon (at least three corners); the boundary counts as inside. */
export function polygonArea(coords: LngLat[]): Area | null {
  if (coords.length < 3) return null;
  const feature = polygon([ringOf(coords)]);
  const bbox = bboxOf(coords);
  return { bbox, contains: (lng, lat) => inBBox(bbox, lng, lat) && booleanPointInPolygon([lng, lat], feature) };
}

/** A rectangle given by two opposite corners, or by its four (or five, closed) corners: its bounding box. */
export function rectangleArea(coords: LngLat[]): Area | null {
  if (coords.length < 2) return null;
  const bbox = bboxOf(coords);
  return { bbox, contains: (lng, lat) => inBBox(bbox, lng, lat) };
}

/** A circle of `radiusM` metres around a centre (haversine). */
export function circleArea(centre: LngLat, radiusM: number): Area | null {
  if (!(radiusM > 0)) return null;
  const [clng, clat] = centre;
  const bbox = growBBox([clng, clat, clng, clat], radiusM);
  return { bbox, contains: (lng, lat) => inBBox(bbox, lng, lat) && haversineM(clng, clat, lng, lat) <= radiusM };
}

/** The area of a stored fence shape; null when its geometry is unusable. */
export function areaOf(shape: string, coords: LngLat[], radiusM: number | null): Area | null {
  if (!Array.isArray(coords) || !coords.length || !coords.every((c) => Array.isArray(c) && Number.isFinite(c[0]) && Number.isFinite(c[1]))) return null;
  if (shape === "circle") return circleArea(coords[0]!, radiusM ?? 0);
  if (shape === "rectangle") return rectangleArea(coords);
  if (shape === "polygon") return polygonArea(coords);
  return null;
}

/** A polyline ready for distance tests: `far(lng, lat)` is true when the point is surely more than `bufferM` away. */
export interface Route {
  bbox: BBox;
  /** distance in metres from the point to the nearest point of the line */
  distanceM(lng: number, lat: number): number;
  /** outside the line's box grown by the buffer: certainly off the route, without measuring */
  far(lng: number, lat: number): boolean;
}

export function routeOf(path: LngLat[], bufferM: number): Route | null {
  if (!Array.isArray(path) || path.length < 2 || !path.every((c) => Array.isArray(c) && Number.isFinite(c[0]) && Number.isFinite(c[1]))) return null;
  const xs = Float64Array.from(path, (c) => c[0]);
  const ys = Float64Array.from(path, (c) => c[1]);
  const grown = growBBox(bboxOf(path), Math.max(0, bufferM));
  return { bbox: bboxOf(path), distanceM: (lng, lat) => nearDistanceM(xs, ys, lng, lat), far: (lng, lat) => !inBBox(grown, lng, lat) };
}

/**
 * Distance from a point to a polyline on a plane tangent at the point (equirectangular metres): within a fraction
 * of a percent of the geodesic distance (turf's) at the scale of route buffers, and some twenty times faster, which
 * matters because it runs for every position of every vehicle bound to a line.
 */
function nearDistanceM(xs: Float64Array, ys: Float64Array, lng: number, lat: number): number {
  const kx = M_PER_DEG * Math.cos(lat * RAD);
  const ky = M_PER_DEG;
  let best = Infinity;
  let ax = (xs[0]! - lng) * kx;
  let ay = (ys[0]! - lat) * ky;
  for (let i = 1; i < xs.length; i++) {
    const bx = (xs[i]! - lng) * kx;
    const by = (ys[i]! - lat) * ky;
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    // the point is the origin: project it on the segment a→b
    const u = len2 > 0 ? Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2)) : 0;
    const px = ax + u * dx;
    const py = ay + u * dy;
    const d2 = px * px + py * py;
    if (d2 < best) best = d2;
    ax = bx;
    ay = by;
  }
  return Math.sqrt(best);
}

/** Distance in metres from a point to a polyline (geodesic, turf): for the detail of an alarm and for checks. */
export function distanceToLineM(lng: number, lat: number, path: LngLat[]): number {
  return pointToLineDistance([lng, lat], lineString(path), { units: "meters" });
}
