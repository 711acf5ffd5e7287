import { describe, expect, it } from "vitest";
import { progressOf, windVerdict } from "./wind";
import { stopHours } from "./wind-wall.server";

describe("a crane's wind against its limit", () => {
  it("stops at the limit, warns from 90 % of it, says so without a reading", () => {
    expect(windVerdict(9, 9)).toBe("over");
    expect(windVerdict(8.99, 9)).toBe("near");
    expect(windVerdict(8.1, 9)).toBe("near");
    expect(windVerdict(8.09, 9)).toBe("ok");
    expect(windVerdict(0, 9)).toBe("ok");
    expect(windVerdict(null, 9)).toBe("none");
    expect(windVerdict(undefined, 9)).toBe("none");
  });
});

describe("a project's progress and a stop's hours", () => {
  it("counts the stages reached over all the stages, whole percent; nothing without positions", () => {
    expect(progressOf([{ stage: 5 }, { stage: 4 }, { stage: 1 }, { stage: 0 }])).toBe(50);
    expect(progressOf([{ stage: 1 }, { stage: 1 }, { stage: 0 }])).toBe(13);
    expect(progressOf([])).toBe(0);
  });

  it("counts a stop from its beginning to its end, to the tenth of an hour; an open or backwards one as none", () => {
    expect(stopHours("08:00", "14:30")).toBe(6.5);
    expect(stopHours("13:15", "15:30")).toBe(2.3);
    expect(stopHours("09:10", "09:13")).toBe(0.1);
    expect(stopHours("10:00", null)).toBe(0);
    expect(stopHours("10:00", "09:00")).toBe(0);
  });
});
