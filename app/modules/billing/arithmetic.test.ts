import { describe, expect, it } from "vitest";
import { itemArithmetic } from "./arithmetic";

describe("a bill item's arithmetic", () => {
  it("writes the divisor of the day count, the days and the share, as the customer would redo it", () => {
    expect(itemArithmetic({ quantity: "-10/31", rateCents: 3_000_000, amountCents: -290_323, taxCents: -23_972, basis: { shareBp: 3000 } })).toBe("30,000.00 ÷ 31 × -10 × 30% = -2,903.23");
    expect(itemArithmetic({ quantity: "1", rateCents: 2_800_000, amountCents: 2_800_000, taxCents: 231_193, basis: {} })).toBe("28,000.00 × 1 = 28,000.00");
  });

  it("adds the tax of a price without tax after its net", () => {
    expect(itemArithmetic({ quantity: "-1/30", rateCents: 2_800_000, amountCents: -101_733, taxCents: -8_400, basis: { priceTax: "excluded" } })).toBe("28,000.00 ÷ 30 × -1 = -933.33 + -84.00 = -1,017.33");
  });
});
