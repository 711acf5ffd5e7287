import { describe, expect, it } from "vitest";
import { buildTrack, checkRange, detectStops, distanceM, downsample, formatLocalTime, indexAt, MAX_RANGE_MS, parseLocalTime, positionAt, summarise, type TrackPoint } from "./track";

const T0 = Date.UTC(2026, 10, 23, 0, 0, 0);
const SEC = 1000;
const MIN = 60 * SEC;

/** n points every `stepMs` going east along latitude 31.23 at `speed` km/h (100 m apart at 36 km/h every 10 s). */
function straight(n: number, start = T0, lng0 = 121.4, stepMs = 10 * SEC, speed = 36): TrackPoint[] {
  const dLng = (speed / 3.6) * (stepMs / 1000) / (111_320 * Math.cos((31.23 * Math.PI) / 180));
  return Array.from({ length: n }, (_, i) => ({ t: start + i * stepMs, lng: lng0 + i * dLng, lat: 31.23, speed, heading: 90 }));
}

describe("query range", () => {
  it("refuses a start after the end and a range over 7 days", () => {
    expect(checkRange(T0, T0 + 3600_000)).toBeNull();
    expect(checkRange(T0, T0 + MAX_RANGE_MS)).toBeNull();
    expect(checkRange(T0, T0 + MAX_RANGE_MS + 1)).toBe("tooLong");
    expect(checkRange(T0, T0)).toBe("order");
    expect(checkRange(T0 + 1, T0)).toBe("order");
    expect(checkRange(Number.NaN, T0)).toBe("invalid");
  });
  it("reads datetime-local values in Asia/Shanghai and writes them back", () => {
    expect(parseLocalTime("2026-11-23T08:00")).toBe(T0);
    expect(parseLocalTime("2026-11-23 08:00:30")).toBe(T0 + 30 * SEC);
    expect(parseLocalTime(String(T0))).toBe(T0);
    expect(parseLocalTime("2026-02-31T08:00")).toBeNaN();
    expect(parseLocalTime("yesterday")).toBeNaN();
    expect(formatLocalTime(T0)).toBe("2026-11-23T08:00");
    expect(formatLocalTime(T0 + 5 * SEC, true)).toBe("2026-11-23T08:00:05");
  });
});

describe("stops", () => {
  it("finds a standstill of at least the minimum with its start, end and duration, and ignores a short one", () => {
    const drive1 = straight(10);
    const last = drive1.at(-1)!;
    // 5 minutes standing still (a point every 30 s), then a 1-minute halt later
    const still = Array.from({ length: 11 }, (_, i) => ({ ...last, t: last.t + (i + 1) * 30 * SEC, speed: 0 }));
    const drive2 = straight(10, still.at(-1)!.t + 10 * SEC, last.lng);
    const d2last = drive2.at(-1)!;
    const halt = [0, 1, 2].map((i) => ({ ...d2last, t: d2last.t + (i + 1) * 20 * SEC, speed: 0 }));
    const drive3 = straight(3, halt.at(-1)!.t + 10 * SEC, d2last.lng);
    const stops = detectStops([...drive1, ...still, ...drive2, ...halt, ...drive3], 3 * MIN);
    expect(stops).toHaveLength(1);
    // from the first still report to the next moving one
    expect(stops[0]).toMatchObject({ start: still[0]!.t, end: drive2[0]!.t, durationMs: drive2[0]!.t - still[0]!.t, lng: last.lng, lat: 31.23 });
  });
  it("ends a stop at its last still report when the vehicle went silent", () => {
    const still = Array.from({ length: 10 }, (_, i) => ({ t: T0 + i * MIN, lng: 121, lat: 31, speed: 0, heading: null }));
    const later = { t: T0 + 3 * 3600_000, lng: 121.1, lat: 31, speed: 30, heading: null };
    expect(detectStops([...still, later])).toEqual([{ start: T0, end: T0 + 9 * MIN, durationMs: 9 * MIN, lng: 121, lat: 31 }]);
  });
});

describe("summary", () => {
  it("takes the distance from the odometer when reported, else from the positions", () => {
    const pts = straight(11); // 10 legs of 100 m
    const s = summarise(pts);
    expect(s.distanceKm).toBeCloseTo(1, 2);
    expect(s.maxSpeed).toBe(36);
    expect(s.drivingMs).toBe(100 * SEC);
    expect(s).toMatchObject({ start: pts[0]!.t, end: pts.at(-1)!.t, points: 11 });
    const withOdometer = pts.map((p, i) => ({ ...p, mileage: 5000 + i * 0.25 }));
    expect(summarise(withOdometer).distanceKm).toBe(2.5);
  });
  it("does not count a long silence or standing still as driving", () => {
    const a = straight(2);
    const b = straight(2, a[1]!.t + 2 * 3600_000, a[1]!.lng);
    const still = [{ ...b[1]!, t: b[1]!.t + MIN, speed: 0 }, { ...b[1]!, t: b[1]!.t + 2 * MIN, speed: 0 }];
    expect(summarise([...a, ...b, ...still]).drivingMs).toBe(10 * SEC + 10 * SEC + MIN);
    expect(summarise([])).toMatchObject({ distanceKm: 0, drivingMs: 0, maxSpeed: 0, start: null, end: null, points: 0 });
  });
});

describe("downsampling", () => {
  it("leaves a short track alone", () => {
    const pts = straight(100);
    expect(downsample(pts, [], 5000)).toBe(pts);
  });

  it("keeps at most the limit, the ends, turns, stop edges and alarm points, in time order", () => {
    // 20,000 points: east, a right-angle turn north in the middle, jitter everywhere, an alarm and a stop
    const east = straight(10_000);
    const corner = east.at(-1)!;
    const dLat = 100 / 111_320;
    const north = Array.from({ length: 10_000 }, (_, i) => ({ t: corner.t + (i + 1) * 10 * SEC, lng: corner.lng, lat: corner.lat + (i + 1) * dLat, speed: 36, heading: 0 }));
    const pts = [...east, ...north].map((p, i) => ({ ...p, lat: p.lat + (i % 2 ? 1e-6 : -1e-6) }));
    pts[3333] = { ...pts[3333]!, alarms: ["overspeed"] };
    const stops = [{ start: pts[15_000]!.t, end: pts[15_010]!.t, durationMs: 100 * SEC, lng: 0, lat: 0 }];
    const out = downsample(pts, stops, 5000);
    expect(out.length).toBeLessThanOrEqual(5000);
    expect(out[0]).toBe(pts[0]);
    expect(out.at(-1)).toBe(pts.at(-1));
    const kept = new Set(out);
    expect(kept.has(pts[3333]!)).toBe(true);
    expect(kept.has(pts[15_000]!)).toBe(true);
    expect(kept.has(pts[15_010]!)).toBe(true);
    // the corner (within a point, given the jitter) survives
    expect(out.some((p) => Math.abs(p.t - corner.t) <= 10 * SEC)).toBe(true);
    for (let i = 1; i < out.length; i++) expect(out[i]!.t).toBeGreaterThan(out[i - 1]!.t);
  });

  it("spreads the points it keeps along a straight run (the speed chart has no hole) and stays fast", () => {
    const pts = straight(60_000);
    const started = performance.now();
    const out = downsample(pts, [], 5000);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(out).toHaveLength(5000);
    let widest = 0;
    for (let i = 1; i < out.length; i++) widest = Math.max(widest, out[i]!.t - out[i - 1]!.t);
    // 60,000 points at 10 s kept as 5,000: about 120 s apart; never more than a few times that
    expect(widest).toBeLessThanOrEqual(4 * 120 * SEC);
  });

  it("keeps the shape: no original point strays far from the simplified line", () => {
    // a zigzag of 12,000 points with 200 m amplitude and a 50-point period
    const pts: TrackPoint[] = Array.from({ length: 12_000 }, (_, i) => {
      const phase = (i % 50) / 50;
      const tri = phase < 0.5 ? phase * 2 : 2 - phase * 2;
      return { t: T0 + i * SEC, lng: 121 + i * 1e-5, lat: 31 + (tri * 200) / 111_320, speed: 30, heading: null };
    });
    const out = downsample(pts, [], 2000);
    expect(out.length).toBeLessThanOrEqual(2000);
    // every peak and trough of the zigzag is kept (its turns), so the line stays within metres of each point
    const peaks = pts.filter((_, i) => i % 50 === 25);
    const kept = new Set(out.map((p) => p.t));
    expect(peaks.every((p) => kept.has(p.t))).toBe(true);
  });
});

describe("playing a track", () => {
  const pts: TrackPoint[] = [
    { t: T0, lng: 121, lat: 31, speed: 10, heading: null },
    { t: T0 + 10 * SEC, lng: 121.001, lat: 31, speed: 20, heading: null },
    { t: T0 + 20 * SEC, lng: 121.001, lat: 31.001, speed: 30, heading: null },
  ];
  it("finds the report at or before a time", () => {
    expect(indexAt(pts, T0 - 1)).toBe(0);
    expect(indexAt(pts, T0 + 10 * SEC)).toBe(1);
    expect(indexAt(pts, T0 + 15 * SEC)).toBe(1);
    expect(indexAt(pts, T0 + 99 * SEC)).toBe(2);
  });
  it("interpolates the position between reports with the heading of the leg", () => {
    const mid = positionAt(pts, T0 + 5 * SEC)!;
    expect(mid.lng).toBeCloseTo(121.0005, 6);
    expect(mid.heading).toBeCloseTo(90, 0);
    expect(positionAt(pts, T0 + 15 * SEC)!.heading).toBeCloseTo(0, 0);
    expect(positionAt([], T0)).toBeNull();
  });
  it("builds stops, summary and points in one go", () => {
    const built = buildTrack(pts);
    expect(built.total).toBe(3);
    expect(built.points).toHaveLength(3);
    expect(built.summary.distanceKm).toBeCloseTo((distanceM(pts[0]!, pts[1]!) + distanceM(pts[1]!, pts[2]!)) / 1000, 2);
  });
});
