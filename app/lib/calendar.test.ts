import { afterEach, describe, expect, it } from "vitest";
import { addDays, addMonths, countByDay, monthGrid, moveByKey, parseDay, pickRangeDay, todayIn, weekHeader } from "./calendar";

const dates = (cells: { date: string }[]) => cells.map((c) => c.date);

describe("month grid (42 cells, Monday first by default)", () => {
  it("a month starting on Sunday leads with six days of the previous month when weeks start Monday", () => {
    const cells = monthGrid(2026, 11); // 1 Nov 2026 is a Sunday
    expect(cells).toHaveLength(42);
    expect(dates(cells).slice(0, 7)).toEqual(["2026-10-26", "2026-10-27", "2026-10-28", "2026-10-29", "2026-10-30", "2026-10-31", "2026-11-01"]);
    expect(cells.slice(0, 6).every((c) => c.place === "previous")).toBe(true);
    expect(cells[6]).toMatchObject({ day: 1, place: "current", weekday: 0 });
    expect(cells[35]).toMatchObject({ date: "2026-11-30", place: "current" });
    expect(cells[36]).toMatchObject({ date: "2026-12-01", place: "next" });
    expect(cells[41].date).toBe("2026-12-06");
  });
  it("a month starting on Monday has no leading days", () => {
    const cells = monthGrid(2026, 6); // 1 Jun 2026 is a Monday
    expect(cells[0]).toMatchObject({ date: "2026-06-01", place: "current", weekday: 1 });
    expect(cells.filter((c) => c.place === "current")).toHaveLength(30);
    expect(cells.filter((c) => c.place === "next")).toHaveLength(12);
  });
  it("February of a leap year has 29 days and crosses into March", () => {
    const cells = monthGrid(2024, 2); // 1 Feb 2024 is a Thursday
    expect(cells[0].date).toBe("2024-01-29");
    const current = cells.filter((c) => c.place === "current");
    expect(current).toHaveLength(29);
    expect(current.at(-1)).toMatchObject({ date: "2024-02-29", weekday: 4 });
    expect(cells[32].date).toBe("2024-03-01");
    expect(cells[41].date).toBe("2024-03-10");
    expect(monthGrid(2100, 2).filter((c) => c.place === "current")).toHaveLength(28);
    expect(monthGrid(2000, 2).filter((c) => c.place === "current")).toHaveLength(29);
  });
  it("the first weekday is configurable: Sunday-first weeks", () => {
    expect(weekHeader()).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(weekHeader(0)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(monthGrid(2026, 11, { weekStart: 0 })[0].date).toBe("2026-11-01");
    expect(monthGrid(2026, 6, { weekStart: 0 })[0].date).toBe("2026-05-31");
    expect(monthGrid(2026, 6, { weekStart: 6 })[0].date).toBe("2026-05-30");
  });
  it("marks today, the selected day and a range", () => {
    const single = monthGrid(2026, 11, { today: "2026-11-23", selected: "2026-11-05" });
    expect(single.filter((c) => c.isToday).map((c) => c.date)).toEqual(["2026-11-23"]);
    expect(single.filter((c) => c.isSelected).map((c) => c.date)).toEqual(["2026-11-05"]);
    const range = monthGrid(2026, 11, { selected: ["2026-11-12", "2026-11-09"] });
    expect(range.filter((c) => c.isSelected).map((c) => c.date)).toEqual(["2026-11-09", "2026-11-12"]);
    expect(range.filter((c) => c.inRange).map((c) => c.date)).toEqual(["2026-11-10", "2026-11-11"]);
  });
  it("shows counts only when a calendar list is supplied", () => {
    expect(monthGrid(2026, 11)[10].count).toBeNull();
    const counts = countByDay([{ day: "2026-11-03 08:00" }, { day: "2026-11-03" }, { day: "2026-11-04" }], (e) => e.day);
    const cells = monthGrid(2026, 11, { counts });
    expect(cells.find((c) => c.date === "2026-11-03")?.count).toBe(2);
    expect(cells.find((c) => c.date === "2026-11-05")?.count).toBe(0);
  });
  it("refuses an invalid month or first weekday (spec §8: internal error)", () => {
    expect(() => monthGrid(2026, 13)).toThrow(RangeError);
    expect(() => monthGrid(2026, 1, { weekStart: 7 as never })).toThrow(RangeError);
  });
});

describe("calendar dates are not shifted by the machine's time zone", () => {
  const original = process.env.TZ;
  afterEach(() => {
    process.env.TZ = original;
  });
  it("gives the same grid west and east of UTC", () => {
    process.env.TZ = "America/Los_Angeles";
    const west = dates(monthGrid(2026, 3));
    process.env.TZ = "Pacific/Kiritimati";
    const east = dates(monthGrid(2026, 3));
    expect(west).toEqual(east);
    expect(west[0]).toBe("2026-02-23");
    expect(addDays("2026-03-08", 1)).toBe("2026-03-09"); // US daylight-saving change day
  });
  it("today is the tenant's day, not the server's", () => {
    const lateUtc = new Date(Date.UTC(2026, 10, 22, 17, 30)); // 01:30 on the 23rd in Shanghai
    expect(todayIn("Asia/Shanghai", lateUtc)).toBe("2026-11-23");
    expect(todayIn("UTC", lateUtc)).toBe("2026-11-22");
  });
});

describe("day arithmetic and parsing", () => {
  it("parses only real days", () => {
    expect(parseDay("2024-02-29")).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseDay("2026-02-29")).toBeNull();
    expect(parseDay("2026-1-5")).toBeNull();
  });
  it("adds months keeping the day where it exists", () => {
    expect(addMonths("2024-01-31", 1)).toBe("2024-02-29");
    expect(addMonths("2026-01-15", -1)).toBe("2025-12-15");
    expect(addMonths("2026-12-31", 14)).toBe("2028-02-29");
  });
});

describe("keyboard movement", () => {
  it("arrows move by day and week across month ends", () => {
    expect(moveByKey("2026-11-30", "ArrowRight")).toBe("2026-12-01");
    expect(moveByKey("2026-03-01", "ArrowLeft")).toBe("2026-02-28");
    expect(moveByKey("2026-11-03", "ArrowUp")).toBe("2026-10-27");
    expect(moveByKey("2026-12-28", "ArrowDown")).toBe("2027-01-04");
  });
  it("Home and End go to the ends of the week as the grid shows it", () => {
    // Wed 25 Nov 2026
    expect(moveByKey("2026-11-25", "Home")).toBe("2026-11-23");
    expect(moveByKey("2026-11-25", "End")).toBe("2026-11-29");
    expect(moveByKey("2026-11-25", "Home", 0)).toBe("2026-11-22");
    expect(moveByKey("2026-11-25", "End", 0)).toBe("2026-11-28");
  });
  it("PageUp and PageDown change month", () => {
    expect(moveByKey("2026-03-31", "PageUp")).toBe("2026-02-28");
    expect(moveByKey("2026-11-23", "PageDown")).toBe("2026-12-23");
  });
});

describe("range selection within one month", () => {
  it("first click starts, second click in the same month ends, earlier day first", () => {
    const started = pickRangeDay([null, null], "2026-11-20");
    expect(started).toEqual(["2026-11-20", null]);
    expect(pickRangeDay(started, "2026-11-03")).toEqual(["2026-11-03", "2026-11-20"]);
  });
  it("a second click in another month starts again there", () => {
    expect(pickRangeDay(["2026-11-20", null], "2026-12-02")).toEqual(["2026-12-02", null]);
  });
  it("a click after a complete range starts a new one", () => {
    expect(pickRangeDay(["2026-11-03", "2026-11-20"], "2026-11-10")).toEqual(["2026-11-10", null]);
  });
});
