import { describe, expect, it } from "vitest";
import { checkAreaVisitQuery, MAX_AREA_WINDOW_MS, type AreaShape } from "./area-query";
import { insideOf, shapeBox, staysOf } from "./area-visits";

const square: AreaShape = { kind: "polygon", ring: [[121.465, 31.225], [121.475, 31.225], [121.475, 31.235], [121.465, 31.235]] };
const triangle: AreaShape = { kind: "polygon", ring: [[0, 0], [10, 0], [0, 10], [0, 0]] };
const circle: AreaShape = { kind: "circle", centre: [121.47, 31.23], radiusM: 1000 };

describe("area geometry", () => {
  it("tells inside from outside for polygons, rectangles and circles", () => {
    const sq = insideOf(square);
    expect(sq(121.47, 31.23)).toBe(true);
    expect(sq(121.476, 31.23)).toBe(false);
    const tri = insideOf(triangle);
    expect(tri(2, 2)).toBe(true);
    // inside the box, outside the triangle
    expect(tri(8, 8)).toBe(false);
    const c = insideOf(circle);
    // about 950 m and 1050 m east
    expect(c(121.47 + 950 / (111_320 * Math.cos((31.23 * Math.PI) / 180)), 31.23)).toBe(true);
    expect(c(121.47 + 1050 / (111_320 * Math.cos((31.23 * Math.PI) / 180)), 31.23)).toBe(false);
    expect(shapeBox(square)).toEqual([121.465, 31.225, 121.475, 31.235]);
  });

  it("splits a track into stays: each run of positions inside, with entry and exit, and whether it runs past the window", () => {
    const inside = insideOf(square);
    const p = (t: number, lng: number) => ({ t, lng, lat: 31.23 });
    const stays = staysOf(7, [p(1, 121.47), p(2, 121.471), p(3, 121.49), p(4, 121.46), p(5, 121.468), p(6, 121.469), p(7, 121.48), p(8, 121.472)], inside);
    expect(stays).toEqual([
      { vehicleId: 7, enterT: 1, exitT: 2, fromStart: true, toEnd: false, points: 2 },
      { vehicleId: 7, enterT: 5, exitT: 6, fromStart: false, toEnd: false, points: 2 },
      { vehicleId: 7, enterT: 8, exitT: 8, fromStart: false, toEnd: true, points: 1 },
    ]);
    expect(staysOf(7, [p(1, 121.49)], inside)).toEqual([]);
  });

  it("refuses a circle over 10,000 m, a window over 7 days, a flat polygon, a reversed window", () => {
    const now = 1_800_000_000_000;
    expect(checkAreaVisitQuery({ shape: { ...circle, radiusM: 10_000 }, from: now - MAX_AREA_WINDOW_MS, to: now })).toBeNull();
    expect(checkAreaVisitQuery({ shape: { ...circle, radiusM: 10_001 }, from: now - 1000, to: now })).toBe("radius");
    expect(checkAreaVisitQuery({ shape: square, from: now - MAX_AREA_WINDOW_MS - 1, to: now })).toBe("window");
    expect(checkAreaVisitQuery({ shape: square, from: now, to: now - 1 })).toBe("order");
    expect(checkAreaVisitQuery({ shape: { kind: "polygon", ring: [[0, 0], [1, 1], [2, 2]] }, from: now - 1, to: now })).toBe("polygon");
    expect(checkAreaVisitQuery({ shape: { kind: "polygon", ring: [[0, 0], [1, 1]] }, from: now - 1, to: now })).toBe("polygon");
    expect(checkAreaVisitQuery({ shape: { kind: "polygon", ring: [[0, 0], [200, 1], [2, 2]] }, from: now - 1, to: now })).toBe("shape");
  });
});
