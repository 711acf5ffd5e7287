import { describe, expect, it } from "vitest";
import { checkV1Point } from "../workers/telematics/point";
import { historyUnits, unitPoints } from "./demo-fleet-history";
import { DEMO_FENCED, DEMO_FLEET_SIZE, historyDay, liveIndexes, liveVehicle, PLANT_FENCE_M, terminalNoOf, towerPoint, windCranePoint } from "./demo-fleet-model";
import { metresBetween, PLACES, stepVehicle } from "./simulator-model";

const START = Date.UTC(2026, 10, 26, 2, 0, 0);
const HOUR = 3600_000;

/** The first minute of vehicle `index` as the live driver sends it, a point a second. */
const firstMinute = (index: number) => {
  const v = liveVehicle(index);
  return Array.from({ length: 60 }, (_, s) => stepVehicle(v, START + s * 1000, 1));
};
const fromPlant = (p: { lng: number; lat: number }) => metresBetween([p.lng, p.lat], PLACES.plant);

describe("the demo fleet's first minute", () => {
  it("moves most of the fleet, and leaves the last few silent", () => {
    const live = liveIndexes();
    expect(live).toHaveLength(DEMO_FLEET_SIZE - 3);
    expect(terminalNoOf(0)).toBe("DRK0000001");
    const moved = live.filter((i) => {
      const points = firstMinute(i);
      return metresBetween([points[0]!.lng, points[0]!.lat], [points[59]!.lng, points[59]!.lat]) > 200;
    });
    expect(moved.length).toBeGreaterThanOrEqual(20);
  });

  it("crosses the mixing plant's fence both ways with fenced vehicles", () => {
    for (const i of [0, 1]) {
      const points = firstMinute(i);
      expect(fromPlant(points[0]!)).toBeGreaterThan(PLANT_FENCE_M);
      expect(fromPlant(points[59]!)).toBeLessThan(PLANT_FENCE_M);
    }
    const leaving = firstMinute(2);
    expect(fromPlant(leaving[0]!)).toBeLessThan(PLANT_FENCE_M);
    expect(fromPlant(leaving[59]!)).toBeGreaterThan(PLANT_FENCE_M);
    expect(DEMO_FENCED).toBe(10);
  });

  it("shows an overspeed of more than 10 s, a fault code and an idling engine", () => {
    expect(firstMinute(DEMO_FENCED).filter((p) => p.speed > 80).length).toBeGreaterThan(10);
    expect(firstMinute(DEMO_FENCED + 1)[0]!.faults).toEqual([{ spn: 110, fmi: 0, count: 1 }]);
    const idling = firstMinute(DEMO_FENCED + 2);
    expect(idling.every((p) => p.speed === 0 && p.status.acc && p.rpm > 0)).toBe(true);
  });
});

describe("the demo fleet's history", () => {
  const day = historyUnits([{ id: 1, index: 0, terminalNo: "DRK0000001" }], START + 30 * HOUR, 1, "Asia/Shanghai")[0]!;

  it("is the same on every run, valid for the terminal API, and never jumps", () => {
    const points = historyDay(0, day.start, day.end);
    expect(historyDay(0, day.start, day.end)).toEqual(points);
    for (const [i, p] of points.entries()) {
      expect(checkV1Point(p, day.end).ok).toBe(true);
      expect(p.t % 1000).toBe(0);
      expect(p.t).toBeGreaterThanOrEqual(day.start);
      expect(p.t).toBeLessThan(day.end);
      if (i > 0) {
        expect(p.t).toBeGreaterThan(points[i - 1]!.t);
        expect(metresBetween([p.lng, p.lat], [points[i - 1]!.lng, points[i - 1]!.lat])).toBeLessThan(1500);
      }
    }
    expect(historyDay(0, day.start, day.end, day.start + 12 * HOUR)).toEqual(points.filter((p) => p.t < day.start + 12 * HOUR));
  });

  it("sleeps at the yard, works the day with long stops, passes through the fence and goes home", () => {
    const points = historyDay(0, day.start, day.end);
    const yard = (p: { lng: number; lat: number }) => metresBetween([p.lng, p.lat], PLACES.yard) < 2000;
    expect(yard(points[0]!) && yard(points.at(-1)!)).toBe(true);
    expect(points.filter((p) => p.t < day.start + 5 * HOUR).every((p) => p.speed === 0 && !p.status.acc)).toBe(true);
    const moving = points.filter((p) => p.speed > 5);
    expect(moving.length).toBeGreaterThan(100);
    expect(points.some((p) => fromPlant(p) < PLANT_FENCE_M)).toBe(true);
    // a few hundred to a few thousand points a vehicle-day, not one a second
    expect(points.length).toBeGreaterThan(300);
    expect(points.length).toBeLessThan(3000);
  });

  it("goes on overnight with the odometer and fuel of the day before", () => {
    const days = unitPoints(historyUnits([{ id: 1, index: 3, terminalNo: "DRK0000004" }], START + 30 * HOUR, 3, "Asia/Shanghai"));
    for (let i = 1; i < days.length; i++) {
      const [evening, morning] = [days[i - 1]!.at(-1)!, days[i]![0]!];
      expect(morning.mileage).toBeCloseTo(evening.mileage, 1);
      expect(morning.fuel).toBeCloseTo(evening.fuel, 0);
      expect(morning.mileage).toBeGreaterThan(days[i - 1]![0]!.mileage);
    }
  });

  it("covers today up to now and the days before it, per vehicle", () => {
    const now = START + 30 * HOUR;
    const units = historyUnits([{ id: 7, index: 6, terminalNo: "DRK0000007" }], now, 3, "Asia/Shanghai");
    expect(units.map((u) => u.day)).toEqual(["2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27"]);
    expect(units.at(-1)!.until).toBe(now);
    for (let i = 1; i < units.length; i++) expect(units[i]!.start).toBe(units[i - 1]!.end);
  });
});

describe("a demo tower's monitor", () => {
  const site = { lng: 121.9, lat: 30.9 };
  // 2026-11-23 10:00 in Shanghai
  const day = Date.UTC(2026, 10, 23, 2, 0, 0);

  it("lifts in cycles during the working day, within 95 % of the rated moment, and stands idle at night", () => {
    const points = Array.from({ length: 600 }, (_, i) => towerPoint(1, site, day + i * 1000));
    const loads = points.map((p) => p.can.craneLoad);
    expect(Math.max(...loads)).toBeGreaterThan(1);
    expect(loads.filter((l) => l === 0).length).toBeGreaterThan(100);
    expect(Math.max(...points.map((p) => p.can.craneMoment))).toBeLessThanOrEqual(95);
    expect(points.every((p) => p.speed === 0 && p.status.acc && p.can.windSpeed >= 3 && p.can.windSpeed <= 9)).toBe(true);
    const night = towerPoint(1, site, Date.UTC(2026, 10, 23, 15, 0, 0));
    expect(night.status.acc).toBe(false);
    expect(night.can.craneLoad).toBe(0);
  });
});

describe("a demo wind crane's anemometer", () => {
  const site = { lng: 121.05, lat: 32.55 };
  const hour = Date.UTC(2026, 10, 23, 2, 0, 0);

  it("blows 5–9 m/s with a gust each hour that crosses the main crane's 9 m/s and the alarm rules' 10.8, then falls back", () => {
    const points = Array.from({ length: 60 }, (_, m) => windCranePoint(0, site, hour + m * 60_000));
    const winds = points.map((p) => p.can.windSpeed);
    expect(Math.max(...winds.slice(0, 6))).toBeGreaterThanOrEqual(10.8);
    expect(Math.max(...winds.slice(10))).toBeLessThan(9.1);
    expect(Math.min(...winds)).toBeGreaterThanOrEqual(5);
    // each point passes the terminal API's own checks
    for (const p of points) expect(checkV1Point({ seq: 1, ...p }, p.t).ok).toBe(true);
  });
});
