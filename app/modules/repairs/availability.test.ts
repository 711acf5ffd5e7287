import { describe, expect, it } from "vitest";
import { downHoursIn, monthlyAvailability, type MonthWindow } from "./availability";

const H = 3_600_000;
/** A 30-day month from instant 0: 720 h. */
const JUNE: MonthWindow = { month: "2026-06", start: 0, end: 720 * H };
/** The next, 31 days: 744 h. */
const JULY: MonthWindow = { month: "2026-07", start: 720 * H, end: (720 + 744) * H };
const LATER = 10_000 * H;

describe("monthlyAvailability", () => {
  it("one 24 h repair in a 30-day month", () => {
    // 720 h − 24 h = 696 h up: availability 696 / 720 = 96.666… → 96.7 %; MTBF 696 / 1 = 696 h; MTTR 24 / 1 = 24 h
    const [june] = monthlyAvailability([{ from: 100 * H, to: 124 * H }], [JUNE], LATER);
    expect(june).toEqual({ month: "2026-06", hours: 720, downHours: 24, failures: 1, mtbfHours: 696, mttrHours: 24, availabilityPct: 96.7 });
  });

  it("counts overlapping orders' downtime once, each a failure", () => {
    // 10 h–30 h and 20 h–40 h cover 10 h–40 h: 30 h down; two failures: MTBF (720 − 30) / 2 = 345 h;
    // MTTR (20 + 20) / 2 = 20 h; availability 690 / 720 = 95.833… → 95.8 %
    const [june] = monthlyAvailability(
      [
        { from: 10 * H, to: 30 * H },
        { from: 20 * H, to: 40 * H },
      ],
      [JUNE],
      LATER,
    );
    expect(june).toMatchObject({ downHours: 30, failures: 2, mtbfHours: 345, mttrHours: 20, availabilityPct: 95.8 });
  });

  it("clips a repair across two months to each; the failure and its MTTR belong to the month it began", () => {
    // 700 h → 760 h: June has 20 h down, July 40 h. June: MTBF 700 / 1 = 700 h, MTTR the whole 60 h,
    // availability 700 / 720 = 97.2 %; July: no failure (— and —), availability 704 / 744 = 94.623… → 94.6 %
    const [june, july] = monthlyAvailability([{ from: 700 * H, to: 760 * H }], [JUNE, JULY], LATER);
    expect(june).toMatchObject({ downHours: 20, failures: 1, mtbfHours: 700, mttrHours: 60, availabilityPct: 97.2 });
    expect(july).toMatchObject({ downHours: 40, failures: 0, mtbfHours: null, mttrHours: null, availabilityPct: 94.6 });
  });

  it("keeps an open order down until now and counts the month under way up to now", () => {
    // now = 360 h (half of June): 360 h counted; down 300 h → 360 h = 60 h; one failure not ended: MTTR —;
    // MTBF (360 − 60) / 1 = 300 h; availability 300 / 360 = 83.333… → 83.3 %; July not begun: no hours, no availability
    const [june, july] = monthlyAvailability([{ from: 300 * H, to: null }], [JUNE, JULY], 360 * H);
    expect(june).toEqual({ month: "2026-06", hours: 360, downHours: 60, failures: 1, mtbfHours: 300, mttrHours: null, availabilityPct: 83.3 });
    expect(july).toMatchObject({ hours: 0, downHours: 0, failures: 0, availabilityPct: null });
  });

  it("a month without repairs is wholly available", () => {
    expect(monthlyAvailability([], [JUNE], LATER)[0]).toMatchObject({ downHours: 0, failures: 0, mtbfHours: null, mttrHours: null, availabilityPct: 100 });
  });
});

describe("downHoursIn", () => {
  it("merges touching and nested intervals", () => {
    // 0–10, 10–15 (touching) and 2–4 (inside) cover 0–15 = 15 h; 50–55 adds 5 h: 20 h
    const downs = [
      { from: 0, to: 10 * H },
      { from: 10 * H, to: 15 * H },
      { from: 2 * H, to: 4 * H },
      { from: 50 * H, to: 55 * H },
    ];
    expect(downHoursIn(downs, 0, 720 * H, LATER)).toBe(20);
  });
});
