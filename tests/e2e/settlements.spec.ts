import { expect, test } from "@playwright/test";
import { DEMO_USERS } from "../../db/seed/demo";
import { signIn } from "./support";

const { admin } = DEMO_USERS;

// 合同清算, 超期清算管理 and 清算记录 as a clerk sees them: each list in both languages and both themes at 1280 and 1920 px
// wide, its heading shown and the page never scrolling sideways; screenshots into screenshots/settlements/.
const SCREENS = [
  { path: "/contractClear", zh: "合同清算", en: "Contract Settlement" },
  { path: "/clearOvertimeManage", zh: "超期清算管理", en: "Overtime Settlements" },
  { path: "/contractClearRecord", zh: "清算记录", en: "Settlement Records" },
] as const;

test("the settlement screens at 1280 and 1920 wide, both languages and both themes", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, admin.account, admin.password);
  const root = new URL("/", page.url()).href;
  for (const lang of ["zh-CN", "en-US"] as const) {
    for (const theme of ["light", "dark"] as const) {
      await page.context().addCookies([
        { name: "derrick_lang", value: lang, url: root },
        { name: "derrick_theme", value: theme, url: root },
      ]);
      for (const s of SCREENS) {
        for (const width of [1280, 1920]) {
          await page.setViewportSize({ width, height: 900 });
          await page.goto(s.path);
          await expect(page.getByRole("heading", { name: lang === "zh-CN" ? s.zh : s.en, exact: true })).toBeVisible();
          expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), `${s.path} ${width}`).toBe(true);
          await page.screenshot({ path: `tests/e2e/screenshots/settlements/${s.path.slice(1)}-${width}-${lang}-${theme}.png`, fullPage: true });
        }
      }
    }
  }
});
