import { describe, expect, it } from "vitest";
import { EMPTY_YEAR_RANGE, decadeOf, leftStartFor, markYear, parseYear, pickYear, yearPanels, yearRangeOf } from "./year-range";

describe("year-range selection state (spec §4)", () => {
  it("goes 0 → 1 → 2 and a third click restarts at 1", () => {
    const one = pickYear(EMPTY_YEAR_RANGE, 2021);
    expect(one).toEqual({ phase: 1, start: 2021, end: null });
    const two = pickYear(one, 2025);
    expect(two).toEqual({ phase: 2, start: 2021, end: 2025 });
    expect(pickYear(two, 2030)).toEqual({ phase: 1, start: 2030, end: null });
  });
  it("puts the smaller year first when the end is picked before the start", () => {
    expect(pickYear(pickYear(EMPTY_YEAR_RANGE, 2028), 2019)).toEqual({ phase: 2, start: 2019, end: 2028 });
    expect(yearRangeOf(2030, 2010)).toEqual({ phase: 2, start: 2010, end: 2030 });
  });
  it("accepts a single year as a start and the same year twice as a one-year range", () => {
    expect(yearRangeOf(null, 2024)).toEqual({ phase: 1, start: 2024, end: null });
    expect(pickYear(pickYear(EMPTY_YEAR_RANGE, 2024), 2024)).toEqual({ phase: 2, start: 2024, end: 2024 });
    expect(yearRangeOf(null, null)).toEqual(EMPTY_YEAR_RANGE);
  });
});

describe("year panels", () => {
  it("show 20 years as two decades and page by 10", () => {
    const [left, right] = yearPanels(decadeOf(2026));
    expect(left).toEqual([2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027, 2028, 2029]);
    expect(right[0]).toBe(2030);
    expect(right[9]).toBe(2039);
    expect(yearPanels(2030)[0][0]).toBe(2030);
  });
  it("open on the decade of the chosen start, else of the fallback year", () => {
    expect(leftStartFor({ phase: 2, start: 2013, end: 2024 }, 2026)).toBe(2010);
    expect(leftStartFor(EMPTY_YEAR_RANGE, 2026)).toBe(2020);
  });
});

describe("year marks and hover preview", () => {
  it("preview the range up to the hovered year while choosing the end", () => {
    const choosing = { phase: 1 as const, start: 2024, end: null };
    expect(markYear(choosing, 2022, 2021)).toEqual({ isEdge: false, inRange: true });
    expect(markYear(choosing, 2021, 2021)).toEqual({ isEdge: true, inRange: false });
    expect(markYear(choosing, 2025, 2021)).toEqual({ isEdge: false, inRange: false });
    expect(markYear(choosing, 2024)).toEqual({ isEdge: true, inRange: false });
  });
  it("ignore hover once both ends are chosen", () => {
    const done = { phase: 2 as const, start: 2020, end: 2023 };
    expect(markYear(done, 2025, 2026)).toEqual({ isEdge: false, inRange: false });
    expect(markYear(done, 2022, 2026)).toEqual({ isEdge: false, inRange: true });
    expect(markYear(done, 2023)).toEqual({ isEdge: true, inRange: false });
  });
});

describe("typed years", () => {
  it("take four digits, with or without 年", () => {
    expect(parseYear(" 2026 ")).toBe(2026);
    expect(parseYear("2026年")).toBe(2026);
    expect(parseYear("26")).toBeNull();
    expect(parseYear("")).toBeNull();
  });
});
