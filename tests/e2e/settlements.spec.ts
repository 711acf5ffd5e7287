import { expect, test } from "@playwright/test";
import { prefer, signedIn, WIDTHS } from "./support";

test.use({ storageState: signedIn("admin") });

// 合同清算, 超期清算管理 and 清算记录 as a clerk sees them: each list in both languages at 1280 and 1920 px wide, its
// heading shown and the page never scrolling sideways (pictures in both themes: screens.gallery.ts).
const SCREENS = [
  { path: "/contractClear", zh: "合同清算", en: "Contract Settlement" },
  { path: "/clearOvertimeManage", zh: "超期清算管理", en: "Overtime Settlements" },
  { path: "/contractClearRecord", zh: "清算记录", en: "Settlement Records" },
] as const;

test("the settlement screens at 1280 and 1920 wide, both languages", async ({ page }) => {
  for (const lang of ["zh-CN", "en-US"] as const) {
    await prefer(page, lang, "light");
    for (const s of SCREENS) {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(s.path);
        await expect(page.getByRole("heading", { name: lang === "zh-CN" ? s.zh : s.en, exact: true })).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), `${s.path} ${width}`).toBe(true);
      }
    }
  }
});
