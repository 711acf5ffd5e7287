import { describe, expect, it } from "vitest";
import { stepRotation, stepZoom, ZOOM_MAX, ZOOM_MIN } from "./previewer";

describe("previewer steps (spec §4, §9)", () => {
  it("zooms in 25 % steps between 25 % and 400 %", () => {
    expect(stepZoom(1, 1)).toBe(1.25);
    expect(stepZoom(1, -1)).toBe(0.75);
    expect(stepZoom(ZOOM_MIN, -1)).toBe(0.25);
    expect(stepZoom(ZOOM_MAX, 1)).toBe(4);
    let z = 1;
    for (let i = 0; i < 20; i++) z = stepZoom(z, 1);
    expect(z).toBe(4);
    for (let i = 0; i < 20; i++) z = stepZoom(z, -1);
    expect(z).toBe(0.25);
  });
  it("rotates by 90 degrees and wraps at 360", () => {
    expect([0, 90, 180, 270].map(stepRotation)).toEqual([90, 180, 270, 0]);
  });
});
