import { chromium } from "@playwright/test";
import { createClient } from "@libsql/client";
import { readdirSync } from "node:fs";
const dir = "/work/wt-archive/.wrangler/e2e/v3/d1/miniflare-D1DatabaseObject";
const file = readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
const db = createClient({ url: `file:${dir}/${file}` });
const base = "http://127.0.0.1:8791";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "zh-CN" });
const page = await ctx.newPage();
await page.goto(base + "/login");
const id = await page.locator('input[name="captchaId"]').inputValue();
const ans = (await db.execute({ sql: "select answer from captchas where id = ?", args: [id] })).rows[0].answer;
await page.locator("#account").fill("admin");
await page.locator("#password").fill(process.env.PW);
await page.locator("#captcha").fill(String(ans));
await page.locator('button[value="password"]').click();
await page.waitForURL(/manageWork/);
const shots = [["list", "/deviceList"], ["models", "/deviceList/models"], ["markers", "/deviceList/markers"], ["details", "/deviceDetails?id=1"], ["new", "/deviceList?new=1"]];
for (const lang of ["zh-CN", "en-US"]) for (const theme of ["light", "dark"]) {
  await ctx.addCookies([{ name: "derrick_lang", value: lang, url: base }, { name: "derrick_theme", value: theme, url: base }]);
  for (const [name, path] of shots) {
    await page.goto(base + path);
    await page.screenshot({ path: `/tmp/archive-shots/${name}-${lang}-${theme}.png` });
  }
}
// the install panel and a refused save
await ctx.addCookies([{ name: "derrick_lang", value: "zh-CN", url: base }, { name: "derrick_theme", value: "light", url: base }]);
await page.goto(base + "/deviceList?new=1");
await page.getByRole("button", { name: "保存" }).click();
await page.waitForTimeout(800);
await page.screenshot({ path: `/tmp/archive-shots/refused.png` });
await page.goto(base + "/deviceList");
await page.locator("tbody tr").first().getByRole("button", { name: "拆除" }).click();
await page.waitForTimeout(800);
await page.screenshot({ path: `/tmp/archive-shots/uninstall.png` });
await browser.close();
