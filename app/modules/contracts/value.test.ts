import { describe, expect, it } from "vitest";
import { centsOf, formatCents, percentOfBp } from "~/lib/cents";
import { contractValueCents, daysBetween, generatePlan, lineRentCents, marginOf, taxIncludedCents, termOf } from "./value";

describe("cents text", () => {
  it("reads posted amounts exactly and shows them with two decimals and separators", () => {
    expect(centsOf("38,000")).toBe(3_800_000);
    expect(centsOf("¥ 2,800.5")).toBe(280_050);
    expect(centsOf("0.07")).toBe(7);
    expect(centsOf("-12.30")).toBe(-1230);
    expect(centsOf("1.005")).toBeNull();
    expect(centsOf("abc")).toBeNull();
    expect(formatCents(3_800_050)).toBe("38,000.50");
    expect(formatCents(-5)).toBe("-0.05");
    expect(formatCents(123_456_789_01)).toBe("123,456,789.01");
    expect(centsOf("9")).toBe(900);
    expect(percentOfBp(7050)).toBe("70.5");
    expect(percentOfBp(900)).toBe("9");
  });
});

describe("a contract's value (to the cent)", () => {
  it("counts terms as whole months and days, both ends counted", () => {
    expect(daysBetween("2026-11-01", "2026-11-30")).toBe(30);
    expect(termOf("2026-11-01", "2026-11-30")).toEqual({ months: 1, days: 0 });
    expect(termOf("2026-11-01", "2026-12-15")).toEqual({ months: 1, days: 15 });
    // a month from the 31st ends the day before the next month's last day (addMonths clamps)
    expect(termOf("2026-01-31", "2026-02-27")).toEqual({ months: 1, days: 0 });
    expect(termOf("2026-01-31", "2026-02-26")).toEqual({ months: 0, days: 27 });
    expect(termOf("2026-01-31", "2026-03-30")).toEqual({ months: 2, days: 0 });
    expect(termOf("2026-03-15", "2027-03-14")).toEqual({ months: 12, days: 0 });
  });

  it("prices a monthly line as months plus days over 30, rounded half up once", () => {
    // a 25 t truck crane at ¥38,000.00 a month for 1 month and 15 days: 38,000 + 19,000
    expect(lineRentCents({ monthlyCents: 3_800_000, onRentOn: "2026-11-01", offRentOn: "2026-12-15" }, null)).toBe(5_700_000);
    // ¥100.01 a month for 1 day: 3.333… → ¥3.33; ¥100.05 for 1 day: 3.335 → ¥3.34 (half up)
    expect(lineRentCents({ monthlyCents: 10_001, onRentOn: "2026-11-01", offRentOn: "2026-11-01" }, null)).toBe(333);
    expect(lineRentCents({ monthlyCents: 10_005, onRentOn: "2026-11-01", offRentOn: "2026-11-01" }, null)).toBe(334);
    // the contract's planned end when the line has none; nothing when open-ended
    expect(lineRentCents({ monthlyCents: 6_500_000, onRentOn: "2026-11-01" }, "2027-01-31")).toBe(19_500_000);
    expect(lineRentCents({ monthlyCents: 6_500_000, onRentOn: "2026-11-01" }, null)).toBe(0);
    // daily, and two operators at ¥9,000.00 a month each
    expect(lineRentCents({ dailyCents: 150_000, onRentOn: "2026-11-01", offRentOn: "2026-11-10" }, null)).toBe(1_500_000);
    expect(lineRentCents({ monthlyCents: 3_800_000, operators: 2, operatorMonthlyCents: 900_000, onRentOn: "2026-11-01", offRentOn: "2026-11-30" }, null)).toBe(5_600_000);
  });

  it("is the fixed price for charter, fixed-price project and rent-to-own, else rent plus fees", () => {
    const lines = [{ monthlyCents: 2_800_000, onRentOn: "2026-11-01", offRentOn: "2027-04-30" }];
    const fees = [{ amountCents: 1_200_000 }, { amountCents: 850_000 }];
    expect(contractValueCents({ kind: "rental", lines, fees })).toBe(6 * 2_800_000 + 2_050_000);
    expect(contractValueCents({ kind: "charter", fixedCents: 12_345_678, lines, fees })).toBe(12_345_678);
    expect(contractValueCents({ kind: "project", fixedCents: 99_00, lines })).toBe(9900);
    expect(contractValueCents({ kind: "project", lines })).toBe(6 * 2_800_000);
    expect(contractValueCents({ kind: "rentToOwn", purchaseCents: 88_000_000, lines })).toBe(88_000_000);
    expect(contractValueCents({ kind: "spot", lines: [{ onRentOn: "2026-11-01", offRentOn: "2026-11-03" }] })).toBe(0);
  });

  it("tax and margin", () => {
    expect(taxIncludedCents(1_090_000, 900)).toBe(90_000);
    expect(taxIncludedCents(100, 1300)).toBe(12); // 11.504… → 12
    expect(marginOf(3_800_000, 3_000_000)).toEqual({ cents: 800_000, bp: 2105 });
  });
});

describe("a payment plan", () => {
  it("cuts the term at each settlement day and adds up to the value exactly", () => {
    const plan = generatePlan(10_000_000, "2026-11-01", "2027-01-31", 20, 30);
    expect(plan.map((p) => p.dueOn)).toEqual(["2026-12-20", "2027-01-19", "2027-02-19", "2027-03-02"]);
    expect(plan.reduce((s, p) => s + p.amountCents, 0)).toBe(10_000_000);
    // 20 of 92 days first: 2,173,913.04… → 2,173,913
    expect(plan[0]!.amountCents).toBe(2_173_913);
    // the 31st is each month's last day; no end: one instalment
    expect(generatePlan(300, "2026-02-01", "2026-04-30", 31, 0).map((p) => [p.dueOn, p.amountCents])).toEqual([
      ["2026-02-28", 94],
      ["2026-03-31", 104],
      ["2026-04-30", 102],
    ]);
    expect(generatePlan(500, "2026-02-01", null, 31, 10)).toEqual([{ dueOn: "2026-02-11", amountCents: 500 }]);
  });
});
