import { describe, expect, it } from "vitest";
import { daysBetween, monthsAndEdges, monthsOf, quickRange, rangeFromUrl } from "./quick-range";

// 2026-11-27 is a Friday
const TODAY = "2026-11-27";

describe("report quick ranges (spec §9)", () => {
  it("takes a week Monday to Sunday", () => {
    expect(quickRange("theWeek", TODAY)).toEqual({ from: "2026-11-23", to: "2026-11-29" });
    expect(quickRange("lastWeek", TODAY)).toEqual({ from: "2026-11-16", to: "2026-11-22" });
    // a Sunday belongs to the week that began six days before, a Monday starts its own
    expect(quickRange("theWeek", "2026-11-29")).toEqual({ from: "2026-11-23", to: "2026-11-29" });
    expect(quickRange("theWeek", "2026-11-30")).toEqual({ from: "2026-11-30", to: "2026-12-06" });
    // across a year's end
    expect(quickRange("lastWeek", "2026-01-02")).toEqual({ from: "2025-12-22", to: "2025-12-28" });
  });

  it("takes whole calendar months, and the previous one across January", () => {
    expect(quickRange("theMonth", TODAY)).toEqual({ from: "2026-11-01", to: "2026-11-30" });
    expect(quickRange("lastMonth", TODAY)).toEqual({ from: "2026-10-01", to: "2026-10-31" });
    expect(quickRange("lastMonth", "2026-01-15")).toEqual({ from: "2025-12-01", to: "2025-12-31" });
    expect(quickRange("lastMonth", "2024-03-31")).toEqual({ from: "2024-02-01", to: "2024-02-29" });
  });

  it("counts trailing days and months through today", () => {
    expect(quickRange("today", TODAY)).toEqual({ from: TODAY, to: TODAY });
    expect(quickRange("yesterday", "2026-03-01")).toEqual({ from: "2026-02-28", to: "2026-02-28" });
    expect(quickRange("last7", TODAY)).toEqual({ from: "2026-11-21", to: TODAY });
    expect(quickRange("last10", TODAY)).toEqual({ from: "2026-11-18", to: TODAY });
    expect(quickRange("last31", TODAY)).toEqual({ from: "2026-10-28", to: TODAY });
    expect(quickRange("recently30", TODAY)).toEqual({ from: "2026-10-29", to: TODAY });
    expect(daysBetween(quickRange("recently365", TODAY).from, TODAY)).toBe(365);
    expect(quickRange("last3Months", TODAY)).toEqual({ from: "2026-08-28", to: TODAY });
    expect(quickRange("last6Months", TODAY)).toEqual({ from: "2026-05-28", to: TODAY });
    // 31 May less 3 months is cut to 28 Feb, the range starts the day after
    expect(quickRange("last3Months", "2026-05-31")).toEqual({ from: "2026-03-01", to: "2026-05-31" });
  });

  it("ends the previous year's range on 1 December, as §9 says", () => {
    expect(quickRange("lastYear", TODAY)).toEqual({ from: "2025-01-01", to: "2025-12-01" });
    expect(quickRange("theYear", TODAY)).toEqual({ from: "2026-01-01", to: "2026-12-31" });
  });

  it("reads the URL: a quick range wins, typed days are ordered and capped, nothing falls back", () => {
    expect(rangeFromUrl(new URLSearchParams("range=lastMonth&from=2020-01-01&to=2020-01-02"), TODAY)).toEqual({ range: "lastMonth", from: "2026-10-01", to: "2026-10-31" });
    expect(rangeFromUrl(new URLSearchParams("from=2026-09-30&to=2026-09-01"), TODAY)).toEqual({ range: null, from: "2026-09-01", to: "2026-09-30" });
    expect(rangeFromUrl(new URLSearchParams("from=2000-01-01&to=2026-09-01"), TODAY).from > "2024-01-01").toBe(true);
    expect(rangeFromUrl(new URLSearchParams("range=nope&from=x"), TODAY)).toEqual({ range: "theMonth", from: "2026-11-01", to: "2026-11-30", refused: "invalid" });
    expect(rangeFromUrl(new URLSearchParams("from=2026-01-01&to=9999-12-31"), TODAY)).toEqual({ range: "theMonth", from: "2026-11-01", to: "2026-11-30", refused: "invalid" });
    expect(rangeFromUrl(new URLSearchParams("from=2026-02-30&to=2026-03-01"), TODAY).refused).toBe("invalid");
    expect(monthsOf({ from: "2025-11-15", to: "2026-02-01" })).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
  });
});

describe("monthsAndEdges: a range as whole months and days (the telematics reports' roll-ups)", () => {
  it("takes the whole months inside, and a month in part as its days when they are at most half of it", () => {
    expect(monthsAndEdges("2026-09-20", "2026-12-03")).toEqual([
      { sign: 1, days: ["2026-09-20", "2026-09-30"] },
      { sign: 1, months: ["2026-10", "2026-11"] },
      { sign: 1, days: ["2026-12-01", "2026-12-03"] },
    ]);
    expect(monthsAndEdges("2026-10-01", "2026-10-31")).toEqual([{ sign: 1, months: ["2026-10", "2026-10"] }]);
    // February of a leap year ends on the 29th
    expect(monthsAndEdges("2028-02-01", "2028-02-29")).toEqual([{ sign: 1, months: ["2028-02", "2028-02"] }]);
  });

  it("takes a month mostly in the range as the month less the days outside it", () => {
    // a year through 3 December: December 2025 from its 4th is December less its first three days
    expect(monthsAndEdges("2025-12-04", "2026-12-03")).toEqual([
      { sign: 1, months: ["2025-12", "2025-12"] },
      { sign: -1, days: ["2025-12-01", "2025-12-03"] },
      { sign: 1, months: ["2026-01", "2026-11"] },
      { sign: 1, days: ["2026-12-01", "2026-12-03"] },
    ]);
    expect(monthsAndEdges("2028-02-01", "2028-02-28")).toEqual([
      { sign: 1, months: ["2028-02", "2028-02"] },
      { sign: -1, days: ["2028-02-29", "2028-02-29"] },
    ]);
  });

  it("keeps a short range as days, and splits the ends of two months without a whole one", () => {
    expect(monthsAndEdges("2026-10-01", "2026-10-03")).toEqual([{ sign: 1, days: ["2026-10-01", "2026-10-03"] }]);
    expect(monthsAndEdges("2026-10-02", "2026-10-02")).toEqual([{ sign: 1, days: ["2026-10-02", "2026-10-02"] }]);
    expect(monthsAndEdges("2026-10-05", "2026-11-14")).toEqual([
      { sign: 1, months: ["2026-10", "2026-10"] },
      { sign: -1, days: ["2026-10-01", "2026-10-04"] },
      { sign: 1, days: ["2026-11-01", "2026-11-14"] },
    ]);
  });
});
