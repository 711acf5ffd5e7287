import { describe, expect, it } from "vitest";
import { dayBounds, dayOf, minuteOfDay } from "./rules";

const HOUR = 3_600_000;

describe("the hub's days in the tenant's zone", () => {
  it("a Berlin day's roll-up covers 23 hours in March and 25 in October", () => {
    const march = dayBounds(Date.UTC(2026, 2, 29, 12), "Europe/Berlin");
    expect(march).toEqual({ day: "2026-03-29", start: Date.UTC(2026, 2, 28, 23), end: Date.UTC(2026, 2, 29, 22) });
    const october = dayBounds(Date.UTC(2026, 9, 25, 22, 30), "Europe/Berlin");
    expect(october).toEqual({ day: "2026-10-25", start: Date.UTC(2026, 9, 24, 22), end: Date.UTC(2026, 9, 25, 23) });
    expect(october.end - october.start).toBe(25 * HOUR);
    expect(dayOf(october.end, "Europe/Berlin")).toBe("2026-10-26");
  });

  it("a Shanghai day stays 16:00 to 16:00 UTC", () => {
    expect(dayBounds(Date.UTC(2026, 10, 23, 15, 59), "Asia/Shanghai")).toEqual({ day: "2026-11-23", start: Date.UTC(2026, 10, 22, 16), end: Date.UTC(2026, 10, 23, 16) });
  });

  it("minutes of the day follow the Berlin clock after the change", () => {
    expect(minuteOfDay(Date.UTC(2026, 2, 29, 12), "Europe/Berlin")).toBe(14 * 60);
    expect(minuteOfDay(Date.UTC(2026, 9, 25, 12), "Europe/Berlin")).toBe(13 * 60);
  });
});
