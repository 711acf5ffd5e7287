import { describe, expect, it } from "vitest";
import { isSilent, terminalClassOf } from "./online";

const DAY = 86_400_000;
// 2026-11-10 15:00 in Shanghai; the day began at 00:00 there
const startOfToday = Date.UTC(2026, 10, 9, 16, 0);
const now = startOfToday + 15 * 3_600_000;
const hub = { now, offlineAfterMs: 5 * 60_000, startOfToday };

describe("online classes at their boundaries", () => {
  it("online within the threshold, then today, then 1 day, 2–5 days, over 5 days; never and unknown", () => {
    expect(terminalClassOf(now - 5 * 60_000, hub)).toBe("online");
    expect(terminalClassOf(now - 5 * 60_000 - 1, hub)).toBe("today");
    expect(terminalClassOf(startOfToday, hub)).toBe("today");
    expect(terminalClassOf(startOfToday - 1, hub)).toBe("day1");
    expect(terminalClassOf(now - DAY, hub)).toBe("day1");
    expect(terminalClassOf(now - DAY - 1, hub)).toBe("days2to5");
    expect(terminalClassOf(now - 5 * DAY, hub)).toBe("days2to5");
    expect(terminalClassOf(now - 5 * DAY - 1, hub)).toBe("over5");
    expect(terminalClassOf(null, hub)).toBe("never");
    expect(terminalClassOf(now, null)).toBe("unknown");
  });

  it("calls a terminal silent past the threshold, or never heard", () => {
    expect(isSilent(now - DAY, now, DAY)).toBe(false);
    expect(isSilent(now - DAY - 1, now, DAY)).toBe(true);
    expect(isSilent(null, now, DAY)).toBe(true);
  });
});
