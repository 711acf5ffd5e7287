import { describe, expect, it } from "vitest";
import { dayOf } from "~/lib/tenant-clock";
import { dayStartMs as startOfDay } from "~/lib/tenant-days";
import { alarmRange } from "./alarm.view";

const at = (iso: string) => Date.parse(iso);

describe("alarmRange", () => {
  it("is today in China time when nothing is chosen (also just after midnight there, still the day before in UTC)", () => {
    const now = at("2026-03-01T16:30:00Z"); // 00:30 on 2 March in Shanghai
    expect(alarmRange({}, now)).toMatchObject({ fromDay: "2026-03-02", toDay: "2026-03-02", from: at("2026-03-01T16:00:00Z"), to: at("2026-03-02T16:00:00Z") - 1, error: null });
  });

  it("takes one chosen end for both, and allows 31 days but not 32", () => {
    expect(alarmRange({ from: "2026-01-05" })).toMatchObject({ fromDay: "2026-01-05", toDay: "2026-01-05", error: null });
    expect(alarmRange({ from: "2026-01-01", to: "2026-01-31" }).error).toBeNull();
    expect(alarmRange({ from: "2026-01-01", to: "2026-02-01" }).error).toBe("rangeTooLong");
    expect(alarmRange({ from: "2026-02-01", to: "2026-01-01" }).error).toBe("fromAfterTo");
    expect(alarmRange({ from: "2026-02-30" }).error).toBe("badDate");
    expect(alarmRange({ to: "yesterday" }).error).toBe("badDate");
  });

  it("converts days both ways", () => {
    expect(startOfDay("2026-11-23")).toBe(at("2026-11-22T16:00:00Z"));
    expect(dayOf(at("2026-11-22T16:00:00Z"))).toBe("2026-11-23");
    expect(dayOf(at("2026-11-22T15:59:59Z"))).toBe("2026-11-22");
  });
});
