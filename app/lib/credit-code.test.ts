import { describe, expect, it } from "vitest";
import { creditCodeCheck, isCreditCode } from "./credit-code";

describe("统一社会信用代码 (GB 32100-2015)", () => {
  it("accepts a code whose check character is right", () => {
    expect(isCreditCode("91350100M000100Y43")).toBe(true);
    expect(isCreditCode("91110108551385082Q")).toBe(true);
    expect(creditCodeCheck("91350100M000100Y4")).toBe("3");
  });
  it("refuses a wrong check character, a wrong length and letters outside the alphabet", () => {
    expect(isCreditCode("91350100M000100Y44")).toBe(false);
    expect(isCreditCode("91350100M000100Y4")).toBe(false);
    expect(isCreditCode("91350100O000100Y43")).toBe(false);
    expect(isCreditCode("91350100m000100y43")).toBe(false);
  });
});
