import { describe, expect, it } from "vitest";
import { formatMoney, normalizeMoney, parseMoney, sanitizeMoneyInput } from "./money";

describe("money input while typing", () => {
  it("strips separators, drops the minus when not allowed and cuts decimals to the precision", () => {
    expect(sanitizeMoneyInput("-1,234.567", { precision: 2 })).toBe("1234.56");
  });
  it("keeps a leading minus only when negatives are allowed", () => {
    expect(sanitizeMoneyInput("-1,234.567", { precision: 2, allowNegative: true })).toBe("-1234.56");
    expect(sanitizeMoneyInput("12-3", { allowNegative: true })).toBe("123");
    expect(sanitizeMoneyInput("-", { allowNegative: true })).toBe("-");
    expect(sanitizeMoneyInput("-")).toBe("");
  });
  it("negative-only mode adds the minus for the user", () => {
    expect(sanitizeMoneyInput("58.5", { negativeOnly: true })).toBe("-58.5");
    expect(sanitizeMoneyInput("-58.5", { negativeOnly: true })).toBe("-58.5");
    expect(sanitizeMoneyInput("", { negativeOnly: true })).toBe("");
  });
  it("accepts one decimal point and none at precision 0", () => {
    expect(sanitizeMoneyInput("1.2.3")).toBe("1.23");
    expect(sanitizeMoneyInput("12.")).toBe("12.");
    expect(sanitizeMoneyInput(".5")).toBe("0.5");
    expect(sanitizeMoneyInput("12.9", { precision: 0 })).toBe("129");
  });
  it("drops letters and leading zeros, reads full-width digits from a Chinese keyboard", () => {
    expect(sanitizeMoneyInput("¥ 1a2b3")).toBe("123");
    expect(sanitizeMoneyInput("007")).toBe("7");
    expect(sanitizeMoneyInput("0")).toBe("0");
    expect(sanitizeMoneyInput("１２３．４")).toBe("123.4");
  });
  it("clamps at once only where more typing could not bring the value back", () => {
    expect(sanitizeMoneyInput("1500", { max: 1000 })).toBe("1000");
    expect(sanitizeMoneyInput("-80", { allowNegative: true, min: -50 })).toBe("-50");
    // min 100: "1" is on its way to "150", so it is left alone while typing
    expect(sanitizeMoneyInput("1", { min: 100 })).toBe("1");
  });
});

describe("money value on blur", () => {
  it("clamps to min and max", () => {
    expect(normalizeMoney("1", { min: 100 })).toBe("100");
    expect(normalizeMoney("99999", { max: 500.5 })).toBe("500.5");
    expect(normalizeMoney("-3", { negativeOnly: true, min: -2 })).toBe("-2");
    expect(normalizeMoney("500", { max: 99.999, precision: 2 })).toBe("99.99");
    expect(normalizeMoney("-1", { allowNegative: true, min: -0.001, precision: 2 })).toBe("0.00");
  });
  it("tidies intermediate states", () => {
    expect(normalizeMoney("12.")).toBe("12");
    expect(normalizeMoney("-", { allowNegative: true })).toBe("");
    expect(normalizeMoney("0", { negativeOnly: true })).toBe("0");
    expect(normalizeMoney("abc")).toBe("");
  });
  it("keeps the digits typed without float noise", () => {
    expect(normalizeMoney("12345678901234.99")).toBe("12345678901234.99");
    expect(normalizeMoney("0.10")).toBe("0.10");
  });
});

describe("display and parsing", () => {
  it("re-applies thousands separators, leaving decimals alone", () => {
    expect(formatMoney("1234567.891")).toBe("1,234,567.891");
    expect(formatMoney("-1234")).toBe("-1,234");
    expect(formatMoney("999")).toBe("999");
    expect(formatMoney("")).toBe("");
  });
  it("round-trips display text back to the plain value", () => {
    expect(sanitizeMoneyInput(formatMoney("1234567.5"))).toBe("1234567.5");
    expect(parseMoney("1,234.5")).toBe(1234.5);
    expect(parseMoney("-")).toBeNull();
    expect(parseMoney("12a")).toBeNull();
  });
});
