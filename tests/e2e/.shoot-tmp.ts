import { chromium } from "@playwright/test";
import { DEMO_USERS } from "../../db/seed/demo";
import { captchaAnswer } from "./support";

const base = "http://127.0.0.1:8832";
(async () => {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
  for (const lang of ["zh-CN", "en-US"]) for (const theme of ["light", "dark"]) {
    const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: lang });
    const page = await ctx.newPage();
    await page.goto(base + "/login");
    await page.locator("#account").fill(DEMO_USERS.admin.account);
    await page.locator("#password").fill(DEMO_USERS.admin.password);
    await page.locator("#captcha").fill(await captchaAnswer(page));
    await page.locator('button[value="password"]').click();
    await page.waitForURL(/manageWork/);
    await ctx.addCookies([{ name: "derrick_lang", value: lang, url: base }, { name: "derrick_theme", value: theme, url: base }]);
    await page.goto(base + "/deviceList/markers?new=1");
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/picker-shots/form-${lang}-${theme}.png` });
    await page.getByTestId("map-picker-open").click();
    await page.locator("[data-map-state=ready]").waitFor({ timeout: 30000 });
    const box = (await page.getByTestId("map-picker-map").boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.55, box.y + box.height * 0.45);
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/picker-shots/dialog-${lang}-${theme}.png` });
    await ctx.close();
  }
  await browser.close();
})();
