import { describe, expect, it } from "vitest";
import { projectionOf } from "~/widgets/map/coords";
import { checkLocationPart, formatCoord, locationPartValue, normalizeLngLat, parseLngLat, pickedPoint, roundCoord } from "./location";

describe("location value (map picker)", () => {
  it("checks longitude, latitude and address as typed, answering widgets message keys", () => {
    expect(checkLocationPart("lng", "121.473701", true)).toBeNull();
    expect(checkLocationPart("lng", "181", true)).toBe("widgets:mapPicker.errors.lng");
    expect(checkLocationPart("lng", "121.4737011", true)).toBe("widgets:mapPicker.errors.lng");
    expect(checkLocationPart("lat", "-90.5", true)).toBe("widgets:mapPicker.errors.lat");
    expect(checkLocationPart("lat", "abc", true)).toBe("widgets:mapPicker.errors.lat");
    expect(checkLocationPart("lng", "  ", true)).toBe("widgets:mapPicker.errors.required");
    expect(checkLocationPart("lng", "", false)).toBeNull();
    expect(checkLocationPart("address", ` ${"路".repeat(100)} `, true)).toBeNull();
    expect(checkLocationPart("address", "路".repeat(101), true)).toBe("widgets:mapPicker.errors.address");
  });
  it("stores numbers rounded to 6 decimals and a trimmed address, null when empty", () => {
    expect(locationPartValue("lng", " 121.47 ")).toBe(121.47);
    expect(locationPartValue("lat", "")).toBeNull();
    expect(locationPartValue("address", "  上海市黄浦区  ")).toBe("上海市黄浦区");
    expect(locationPartValue("address", "   ")).toBeNull();
  });
  it("parses a point only when both parts pass", () => {
    expect(parseLngLat("121.47", " 31.23")).toEqual([121.47, 31.23]);
    expect(parseLngLat("121.47", "")).toBeNull();
    expect(parseLngLat("200", "31")).toBeNull();
  });
  it("formats without exponents or -0, at most 6 decimals", () => {
    expect(formatCoord(121.4737014999)).toBe("121.473701");
    expect(formatCoord(-0.0000001)).toBe("0");
    expect(formatCoord(0.000001)).toBe("0.000001");
    expect(formatCoord(-33.5)).toBe("-33.5");
    expect(roundCoord(31.2304165)).toBeCloseTo(31.230417, 6);
  });
  it("keeps a point on the map: longitude wrapped, latitude clamped", () => {
    expect(normalizeLngLat([181, 10])).toEqual([-179, 10]);
    expect(normalizeLngLat([-190.5, 10])).toEqual([169.5, 10]);
    expect(normalizeLngLat([180, 89])).toEqual([180, 85.051129]);
    expect(normalizeLngLat([121.47, -88])).toEqual([121.47, -85.051129]);
  });
  it("a point picked on a GCJ-02 base map is stored in WGS-84", () => {
    const gcj = projectionOf({ coordinateSystem: "gcj02" });
    const wgs: [number, number] = [121.473701, 31.230416];
    const shown = gcj.toDisplay(wgs);
    // the GCJ-02 offset in Shanghai is a few hundred metres
    expect(Math.abs(shown[0] - wgs[0]) + Math.abs(shown[1] - wgs[1])).toBeGreaterThan(0.002);
    const picked = pickedPoint(gcj, shown);
    expect(picked[0]).toBeCloseTo(wgs[0], 5);
    expect(picked[1]).toBeCloseTo(wgs[1], 5);
    expect(pickedPoint(projectionOf({ coordinateSystem: "wgs84" }), [121.4737014, 31.2304161])).toEqual([121.473701, 31.230416]);
    expect(pickedPoint(projectionOf({ coordinateSystem: "wgs84" }), [481.5, 31])).toEqual([121.5, 31]);
  });
});
