import Big from "big.js";
import { describe, expect, it } from "vitest";
import { permilleOf } from "./reports.server";

const byBig = (part: number, whole: number) => Number(new Big(part).times(1000).div(whole).round(0, Big.roundHalfUp).toFixed(0));

describe("permilleOf: a share in tenths of a percent, half up", () => {
  it("rounds exact halves away from zero, either sign", () => {
    expect(permilleOf(1, 8)).toBe(125);
    expect(permilleOf(1, 16)).toBe(63); // 62.5
    expect(permilleOf(-1, 16)).toBe(-63);
    expect(permilleOf(1, -16)).toBe(-63);
    expect(permilleOf(1, 2000)).toBe(1); // 0.5
    expect(permilleOf(-1, 2000)).toBe(-1);
    expect(permilleOf(0, 7)).toBe(0);
    expect(permilleOf(5, 0)).toBeNull();
  });

  it("gives what big.js gives for whole numbers of every size the reports count, and for fractions", () => {
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    for (let i = 0; i < 20_000; i++) {
      const whole = (next() % 40_000_000) + 1;
      const part = (next() % (whole * 2)) - whole;
      expect(permilleOf(part, whole), `${part} / ${whole}`).toBe(byBig(part, whole));
    }
    expect(permilleOf(1.25, 3)).toBe(byBig(1.25, 3));
    expect(permilleOf(2 ** 45, 3)).toBe(byBig(2 ** 45, 3));
  });
});
