import { describe, expect, it } from "vitest";
import { comparedText } from "./compared-text";

// The version comparison showed amounts as the form once held them (35000.00 → 38000.00), without separators.
describe("comparedText", () => {
  it("shows amounts of the head, the lines, the fees and the plan with thousands separators", () => {
    expect(comparedText("lines.monthly", "35000.00")).toBe("35,000.00");
    expect(comparedText("deposit", "1234567.50")).toBe("1,234,567.50");
    expect(comparedText("plans.amount", "68666.67")).toBe("68,666.67");
    expect(comparedText("fees.amount", "")).toBe("");
  });

  it("leaves other fields as they are", () => {
    expect(comparedText("remark", "首版：月租35000元")).toBe("首版：月租35000元");
    expect(comparedText("lines.minHoursPerCall", "4000")).toBe("4000");
    expect(comparedText("settlementDay", "20")).toBe("20");
  });
});
