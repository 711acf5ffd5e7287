import { chromium } from "playwright";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const [, , ...jobs] = process.argv;
for (const job of jobs) {
  const [path, lang, theme, width, name, sel] = job.split("|");
  const ctx = await b.newContext({ baseURL: "http://localhost:8840", viewport: { width: Number(width), height: 1000 } });
  await ctx.addCookies([{ name: "derrick_lang", value: lang, url: "http://localhost:8840" }, { name: "derrick_theme", value: theme, url: "http://localhost:8840" }]);
  const page = await ctx.newPage();
  const errs = [];
  page.on("console", (m) => { if (m.type() === "error") errs.push(m.text().slice(0, 150)); });
  await page.goto("/login");
  await page.fill("#account", "admin"); await page.fill("#password", "Admin@2026");
  await page.click('button[value="password"]'); await page.waitForURL(/manageWork/);
  await page.goto(path); await page.waitForTimeout(1500);
  if (sel) { await page.locator(sel).scrollIntoViewIfNeeded(); await page.locator(sel).screenshot({ path: `/tmp/shots/${name}.png` }); }
  else await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: false });
  console.log(name, errs);
  await ctx.close();
}
await b.close();
