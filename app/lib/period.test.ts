import { describe, expect, it } from "vitest";
import { formatQuarter, isQuarterDisabled, parseQuarter, quarterDays, quarterOfMonth } from "./period";

describe("quarters", () => {
  it("start in January, April, July and October", () => {
    expect([1, 3, 4, 6, 7, 9, 10, 12].map(quarterOfMonth)).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
    expect(quarterDays({ year: 2026, quarter: 1 })).toEqual({ start: "2026-01-01", end: "2026-03-31" });
    expect(quarterDays({ year: 2026, quarter: 2 })).toEqual({ start: "2026-04-01", end: "2026-06-30" });
    expect(quarterDays({ year: 2026, quarter: 4 })).toEqual({ start: "2026-10-01", end: "2026-12-31" });
  });
  it("travel as yyyy-Qn", () => {
    expect(formatQuarter({ year: 2026, quarter: 3 })).toBe("2026-Q3");
    expect(parseQuarter("2026-Q3")).toEqual({ year: 2026, quarter: 3 });
    expect(parseQuarter("2026-Q5")).toBeNull();
    expect(parseQuarter("")).toBeNull();
  });
  it("are disabled only when every day is disabled", () => {
    const noFuture = (d: string) => d > "2026-11-23";
    expect(isQuarterDisabled({ year: 2026, quarter: 4 }, noFuture)).toBe(false);
    expect(isQuarterDisabled({ year: 2027, quarter: 1 }, noFuture)).toBe(true);
    const noPast = (d: string) => d < "2026-05-15";
    expect(isQuarterDisabled({ year: 2026, quarter: 1 }, noPast)).toBe(true);
    expect(isQuarterDisabled({ year: 2026, quarter: 2 }, noPast)).toBe(false);
    expect(isQuarterDisabled({ year: 2026, quarter: 2 })).toBe(false);
  });
});
