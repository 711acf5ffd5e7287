import { describe, expect, it } from "vitest";
import { inPeriods } from "../../../workers/fleet-hub/rules";
import { checkPeriods, minutesOf } from "./periods";

const p = (period1Start = "", period1End = "", period2Start = "", period2End = "") => ({ period1Start, period1End, period2Start, period2End });

describe("fence periods", () => {
  it("reads HH:mm and refuses anything else", () => {
    expect(minutesOf("00:00")).toBe(0);
    expect(minutesOf("23:59")).toBe(1439);
    expect(minutesOf("24:00")).toBeNull();
    expect(minutesOf("7:30")).toBeNull();
  });

  it("accepts none, one, or two separate periods, including one across midnight", () => {
    expect(checkPeriods(p())).toBeNull();
    expect(checkPeriods(p("08:00", "12:00"))).toBeNull();
    expect(checkPeriods(p("08:00", "12:00", "13:00", "18:00"))).toBeNull();
    expect(checkPeriods(p("08:00", "12:00", "22:00", "06:00"))).toBeNull();
    // touching ends do not overlap: 12:00 belongs to the second
    expect(checkPeriods(p("08:00", "12:00", "12:00", "18:00"))).toBeNull();
  });

  it("refuses overlapping periods, also when one crosses midnight", () => {
    expect(checkPeriods(p("08:00", "12:00", "11:00", "14:00"))).toEqual({ field: "period2Start", error: "overlap" });
    expect(checkPeriods(p("22:00", "06:00", "05:00", "07:00"))).toEqual({ field: "period2Start", error: "overlap" });
    expect(checkPeriods(p("08:00", "18:00", "09:00", "10:00"))).toEqual({ field: "period2Start", error: "overlap" });
  });

  it("refuses half-filled, empty, badly written periods and a second without a first", () => {
    expect(checkPeriods(p("08:00", ""))).toEqual({ field: "period1Start", error: "incomplete" });
    expect(checkPeriods(p("08:00", "08:00"))).toEqual({ field: "period1End", error: "empty" });
    expect(checkPeriods(p("8点", "12:00"))).toEqual({ field: "period1Start", error: "format" });
    expect(checkPeriods(p("", "", "08:00", "12:00"))).toEqual({ field: "period2Start", error: "secondWithoutFirst" });
  });

  it("tells whether a minute is inside (the hub's reading of the periods the form accepts)", () => {
    expect(inPeriods([], 600)).toBe(true);
    expect(inPeriods([[480, 720]], 600)).toBe(true);
    expect(inPeriods([[480, 720]], 720)).toBe(false);
    expect(inPeriods([[1320, 360]], 60)).toBe(true);
    expect(inPeriods([[1320, 360]], 400)).toBe(false);
  });
});
