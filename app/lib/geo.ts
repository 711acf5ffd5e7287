/** Small geometry for the browser's map screens (the hub's rules use turf on the server). */

export type LngLat = [number, number];

const R = 6371008.8;
const rad = (d: number) => (d * Math.PI) / 180;

/** Great-circle distance in metres. */
export function distanceM(a: LngLat, b: LngLat): number {
  const dLat = rad(b[1] - a[1]);
  const dLng = rad(b[0] - a[0]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[1])) * Math.cos(rad(b[1])) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A closed ring approximating a circle of `radiusM` metres around `center`, for drawing. */
export function circleRing(center: LngLat, radiusM: number, steps = 64): LngLat[] {
  const ring: LngLat[] = [];
  const dLat = (radiusM / R) * (180 / Math.PI);
  const dLng = dLat / Math.cos(rad(center[1]));
  for (let i = 0; i <= steps; i++) {
    const a = (i / steps) * 2 * Math.PI;
    ring.push([center[0] + dLng * Math.cos(a), center[1] + dLat * Math.sin(a)]);
  }
  return ring;
}

/** The closed ring of a rectangle given two opposite corners. */
export function rectangleRing(a: LngLat, b: LngLat): LngLat[] {
  return [a, [b[0], a[1]], b, [a[0], b[1]], a];
}

/** [west, south, east, north] of a set of points, or null for none. */
export function bounds(points: LngLat[]): [number, number, number, number] | null {
  if (!points.length) return null;
  let w = Infinity, s = Infinity, e = -Infinity, n = -Infinity;
  for (const [x, y] of points) {
    if (x < w) w = x;
    if (x > e) e = x;
    if (y < s) s = y;
    if (y > n) n = y;
  }
  return [w, s, e, n];
}
