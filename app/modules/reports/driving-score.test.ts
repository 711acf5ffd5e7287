import { describe, expect, it } from "vitest";
import { DRIVING_ITEMS, drivingItemOf, PASS_MARK, passes, pointsLost, scoreAfter } from "./driving-score";

describe("驾驶行为分析's scoring", () => {
  it("counts an alarm under its item by kind, and a terminal alarm only by an item's flag", () => {
    expect(drivingItemOf("overspeed", null)?.item).toBe("overspeed");
    expect(drivingItemOf("off_route", null)?.item).toBe("offRoute");
    expect(drivingItemOf("terminal", "collision")?.item).toBe("collision");
    expect(drivingItemOf("terminal", "rollover")?.points).toBe(30);
    // the terminal's own overspeed flag is the hub rule's event again; SOS and fuel are no driving
    expect(drivingItemOf("terminal", "overspeed")).toBeNull();
    expect(drivingItemOf("terminal", "sos")).toBeNull();
    expect(drivingItemOf("fuel_drop", null)).toBeNull();
  });

  it("takes each item's points per event from 100, never below 0, and passes at the mark", () => {
    expect(pointsLost({ overspeed: 2, fatigue: 1 })).toBe(20);
    expect(scoreAfter(pointsLost({ overspeed: 2, fatigue: 1 }))).toBe(80);
    expect(passes(80)).toBe(true);
    expect(passes(79)).toBe(false);
    expect(scoreAfter(pointsLost({ rollover: 3, collision: 1 }))).toBe(0);
    expect(PASS_MARK).toBe(80);
  });

  it("declares each item once, with a positive whole number of points", () => {
    expect(new Set(DRIVING_ITEMS.map((d) => d.item)).size).toBe(DRIVING_ITEMS.length);
    for (const d of DRIVING_ITEMS) expect(Number.isInteger(d.points) && d.points > 0, d.item).toBe(true);
  });
});
