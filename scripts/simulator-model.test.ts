import { describe, expect, it } from "vitest";
import { checkV1Point } from "../workers/telematics/point";
import { createRoute, metresBetween, PLACES, stepVehicle } from "./simulator-model";

describe("simulator model", () => {
  it("is repeatable for a seed and differs between vehicles", () => {
    expect(createRoute(3, 7).route).toEqual(createRoute(3, 7).route);
    expect(createRoute(3, 7).route).not.toEqual(createRoute(4, 7).route);
  });

  it("drives along its route, stops at waypoints and always sends valid points", () => {
    const v = createRoute(0, 1);
    v.dwell = 0;
    const start = Date.UTC(2026, 10, 23, 0, 0, 0);
    let moved = 0;
    let stopped = 0;
    let last: [number, number] | null = null;
    let maxSpeed = 0;
    for (let s = 0; s < 3600; s++) {
      const p = stepVehicle(v, start + s * 1000, 1);
      const check = checkV1Point({ seq: s, ...p }, start + s * 1000);
      expect(check.ok).toBe(true);
      if (p.speed >= 1) moved++;
      else stopped++;
      maxSpeed = Math.max(maxSpeed, p.speed);
      if (last) expect(metresBetween(last, [p.lng, p.lat])).toBeLessThan(40); // never jumps
      last = [p.lng, p.lat];
      // stays around Shanghai
      expect(metresBetween([p.lng, p.lat], PLACES.yard)).toBeLessThan(40_000);
    }
    expect(moved).toBeGreaterThan(1000);
    expect(stopped).toBeGreaterThan(30);
    expect(maxSpeed).toBeLessThan(120);
  });
});
