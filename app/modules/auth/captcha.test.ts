import { describe, expect, it } from "vitest";
import { CAPTCHA_FONT_PX, drawCaptcha } from "./captcha.server";

describe("drawCaptcha", () => {
  it("keeps every glyph, the widest in the last place too, inside the 120 × 40 image", () => {
    for (let run = 0; run < 200; run++) {
      const svg = drawCaptcha("WMWM");
      const glyphs = [...svg.matchAll(/<text x="(\d+)" y="(\d+)" text-anchor="middle"[^>]*font-size="(\d+)"[^>]*>(\w)<\/text>/g)];
      expect(glyphs.map((g) => g[4]).join("")).toBe("WMWM");
      for (const [, x, , size] of glyphs) {
        // a bold W is about one em wide: half of it either side of the centre
        expect(Number(x) - Number(size) / 2).toBeGreaterThanOrEqual(0);
        expect(Number(x) + Number(size) / 2).toBeLessThanOrEqual(120);
        expect(Number(size)).toBeLessThanOrEqual(CAPTCHA_FONT_PX.max);
      }
    }
  });
});
