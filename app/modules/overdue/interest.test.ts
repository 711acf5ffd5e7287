import { describe, expect, it } from "vitest";
import { interestSchedule } from "./interest";

// ¥10,000.00 due 27 Oct at 0.3 % a day
const BILL = { amountCents: 1_000_000, dueOn: "2026-10-27", rateBp: 30 };

describe("interest by the value date of the money", () => {
  it("accrues on the whole amount from the day after due, across a month end", () => {
    // 28 Oct → 3 Nov is 7 days × 3,000 = 21,000
    expect(interestSchedule({ ...BILL, payments: [] }, "2026-11-03")).toEqual([{ fromOn: "2026-10-28", toOn: "2026-11-03", days: 7, baseCents: 1_000_000, cents: 21_000 }]);
  });

  it("lowers the base after the day the money came, that day still counted, and stops when paid off", () => {
    // ¥4,000.00 received on 1 Nov, the rest on 5 Nov
    const schedule = interestSchedule({ ...BILL, payments: [{ on: "2026-11-01", cents: 400_000 }, { on: "2026-11-05", cents: 600_000 }] }, "2026-11-20");
    // 28 Oct → 1 Nov: 5 days × 3,000 = 15,000; 2 → 5 Nov: 4 days × 6,000.00 × 0.3 % = 7,200; nothing after
    expect(schedule).toEqual([
      { fromOn: "2026-10-28", toOn: "2026-11-01", days: 5, baseCents: 1_000_000, cents: 15_000 },
      { fromOn: "2026-11-02", toOn: "2026-11-05", days: 4, baseCents: 600_000, cents: 7_200 },
    ]);
  });

  it("counts nothing for money received by the due day, and nothing without a rate", () => {
    expect(interestSchedule({ ...BILL, payments: [{ on: "2026-10-27", cents: 1_000_000 }] }, "2026-11-20")).toEqual([]);
    expect(interestSchedule({ ...BILL, rateBp: 0, payments: [] }, "2026-11-20")).toEqual([]);
    expect(interestSchedule({ ...BILL, payments: [] }, "2026-10-27")).toEqual([]);
  });

  it("rounds each run half up once: ¥333.33 at 0.05 % for 3 days is 49.9995 → 50 fen", () => {
    expect(interestSchedule({ amountCents: 33_333, dueOn: "2026-10-27", rateBp: 5, payments: [] }, "2026-10-30")).toEqual([{ fromOn: "2026-10-28", toOn: "2026-10-30", days: 3, baseCents: 33_333, cents: 50 }]);
  });
});
