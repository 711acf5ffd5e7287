import { describe, expect, it } from "vitest";
import { averageHundredths, formatHundredths } from "./satisfaction";

describe("a satisfaction form's average", () => {
  it("is the mean in hundredths, the half rounded up, with no float drift", () => {
    expect(averageHundredths([4, 4, 5])).toBe(433);
    expect(averageHundredths([4, 5])).toBe(450);
    expect(averageHundredths([1, 2, 2])).toBe(167);
    expect(averageHundredths([5, 5, 5, 5, 5, 4])).toBe(483); // 4.8333…
    expect(averageHundredths([3, 4, 4, 4, 4, 4, 4, 4])).toBe(388); // 3.875 → 3.88
    expect(averageHundredths([1, 1, 1, 1, 1, 1, 1, 2])).toBe(113); // 1.125 → 1.13
    expect(averageHundredths([])).toBeNull();
  });
  it("shows with two decimals", () => {
    expect(formatHundredths(433)).toBe("4.33");
    expect(formatHundredths(500)).toBe("5.00");
    expect(formatHundredths(405)).toBe("4.05");
    expect(formatHundredths(null)).toBe("—");
  });
});
