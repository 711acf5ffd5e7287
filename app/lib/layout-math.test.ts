import { describe, expect, it } from "vitest";
import { baseFontSize } from "./layout-math";

describe("spec §9 base font size", () => {
  it("is width / 14.4, never below the 1280 minimum", () => {
    expect(baseFontSize(1366, 768)).toBeCloseTo(94.86, 1);
    expect(baseFontSize(1024, 600)).toBeCloseTo(1280 / 14.4, 5);
  });
  it("is fixed at 100 from 1440 to 1800", () => {
    expect(baseFontSize(1440, 900)).toBe(100);
    expect(baseFontSize(1799, 900)).toBe(100);
  });
  it("is 80 % of the computed value at 1800 and above", () => {
    expect(baseFontSize(1920, 1080)).toBeCloseTo((1920 / 14.4) * 0.8, 5);
    expect(baseFontSize(2560, 1440)).toBeCloseTo((2560 / 14.4) * 0.8, 5);
  });
});
