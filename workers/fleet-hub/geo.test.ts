import { describe, expect, it } from "vitest";
import { areaOf, circleArea, distanceToLineM, growBBox, haversineM, polygonArea, rectangleArea, routeOf, type LngLat } from "./geo";

// one degree of latitude is about 111.2 km
const M_PER_DEG_LAT = 111_195;

describe("haversine", () => {
  it("measures a degree of latitude and a known city distance", () => {
    expect(haversineM(121, 31, 121, 32)).toBeCloseTo(M_PER_DEG_LAT, -2);
    // People's Square, Shanghai → Hongqiao airport: about 13.6 km
    expect(haversineM(121.4737, 31.2304, 121.3364, 31.1979) / 1000).toBeCloseTo(13.5, 0);
    expect(haversineM(121.47, 31.23, 121.47, 31.23)).toBe(0);
  });
});

describe("areas", () => {
  // an L-shaped site: the notch at the north-east is outside
  const L: LngLat[] = [
    [121.0, 31.0],
    [121.02, 31.0],
    [121.02, 31.01],
    [121.01, 31.01],
    [121.01, 31.02],
    [121.0, 31.02],
  ];

  it("polygon: inside, outside, in the notch, and on the edge", () => {
    const a = polygonArea(L)!;
    expect(a.contains(121.005, 31.005)).toBe(true);
    expect(a.contains(121.015, 31.005)).toBe(true);
    expect(a.contains(121.015, 31.015)).toBe(false); // the notch: inside the box, outside the shape
    expect(a.contains(121.03, 31.005)).toBe(false);
    expect(a.contains(121.0, 31.005)).toBe(true); // the boundary counts as inside
    expect(polygonArea(L.slice(0, 2))).toBeNull();
  });

  it("polygon: a closed ring is accepted as well as an open one", () => {
    const closed = polygonArea([...L, L[0]!])!;
    expect(closed.contains(121.005, 31.015)).toBe(true);
    expect(closed.contains(121.015, 31.015)).toBe(false);
  });

  it("rectangle: two opposite corners or four corners", () => {
    const two = rectangleArea([
      [121.02, 31.02],
      [121.0, 31.0],
    ])!;
    const four = areaOf("rectangle", [
      [121.0, 31.0],
      [121.02, 31.0],
      [121.02, 31.02],
      [121.0, 31.02],
    ], null)!;
    for (const r of [two, four]) {
      expect(r.contains(121.01, 31.01)).toBe(true);
      expect(r.contains(121.021, 31.01)).toBe(false);
      expect(r.contains(121.01, 30.999)).toBe(false);
    }
  });

  it("circle: by haversine metres around the centre", () => {
    const c = circleArea([121.47, 31.23], 1000)!;
    const north = (m: number) => 31.23 + m / M_PER_DEG_LAT;
    expect(c.contains(121.47, north(990))).toBe(true);
    expect(c.contains(121.47, north(1010))).toBe(false);
    // a corner of the bounding box is outside the circle
    expect(c.contains(c.bbox[2] - 1e-6, c.bbox[3] - 1e-6)).toBe(false);
    expect(circleArea([121, 31], 0)).toBeNull();
    expect(areaOf("circle", [[121.47, 31.23]], 10_000)!.contains(121.47, north(9_900))).toBe(true);
  });

  it("refuses unusable shapes", () => {
    expect(areaOf("hexagon", L, null)).toBeNull();
    expect(areaOf("polygon", [], null)).toBeNull();
    expect(areaOf("polygon", [[121, Number.NaN], [121, 31], [122, 31]], null)).toBeNull();
  });

  it("grows a box by metres in both directions", () => {
    const [w, s, e, n] = growBBox([121, 31, 121, 31], 1000);
    expect(haversineM(121, 31, 121, n)).toBeCloseTo(1000, 0);
    expect(haversineM(121, 31, 121, s)).toBeCloseTo(1000, 0);
    expect(haversineM(121, 31, e, 31)).toBeGreaterThanOrEqual(999);
    expect(haversineM(121, 31, w, 31)).toBeGreaterThanOrEqual(999);
  });
});

describe("distance to a line", () => {
  const path: LngLat[] = [
    [121.0, 31.0],
    [121.1, 31.0],
    [121.1, 31.1],
  ];

  it("is the distance to the nearest segment, in metres", () => {
    // a segment along a parallel is a great circle: its middle bulges a metre or so away from the parallel
    expect(distanceToLineM(121.05, 31.0, path)).toBeLessThan(5);
    expect(distanceToLineM(121.05, 31.0 + 500 / M_PER_DEG_LAT, path)).toBeCloseTo(500, -1);
    // beyond the end of the first segment, nearest is the corner / second segment
    expect(distanceToLineM(121.1 + 0.01, 31.05, path)).toBeCloseTo(haversineM(121.1, 31.05, 121.11, 31.05), -1);
  });

  it("a route says far without measuring when outside its grown box", () => {
    const r = routeOf(path, 200)!;
    expect(r.far(121.05, 31.0 + 150 / M_PER_DEG_LAT)).toBe(false);
    expect(r.far(121.05, 31.0 - 300 / M_PER_DEG_LAT)).toBe(true);
    expect(r.distanceM(121.05, 31.0 - 300 / M_PER_DEG_LAT)).toBeCloseTo(300, -1);
    expect(routeOf([[121, 31]], 200)).toBeNull();
  });

  it("the route's fast planar distance agrees with the geodesic one within half a percent", () => {
    const bendy: LngLat[] = [
      [116.3, 39.9],
      [116.35, 39.95],
      [116.42, 39.93],
      [116.5, 40.0],
    ];
    const r = routeOf(bendy, 500)!;
    for (const [lng, lat] of [
      [116.32, 39.93],
      [116.36, 39.9],
      [116.45, 39.97],
      [116.52, 40.02],
      [116.29, 39.88],
      [116.4, 39.931],
    ] as LngLat[]) {
      const exact = distanceToLineM(lng, lat, bendy);
      expect(Math.abs(r.distanceM(lng, lat) - exact)).toBeLessThanOrEqual(Math.max(2, exact * 0.005));
    }
  });
});
