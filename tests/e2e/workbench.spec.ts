import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { DEMO_USERS } from "../../db/seed/demo-identity";
import { screenshot, signIn, TAKING_SCREENSHOTS } from "./support";

const { admin } = DEMO_USERS;

const TEXT = {
  "zh-CN": { fleet: "今日车队", alarms: "今日告警", todo: "我的待办", toHandle: "待处理告警", planned: "在菜单中显示规划中的页面", training: "培训管理", menu: "主菜单", sos: "终端告警" },
  "en-US": { fleet: "Today's fleet", alarms: "Alarms today", todo: "My to-dos", toHandle: "Alarms to handle", planned: "Show planned screens in the menu", training: "Training Management", menu: "Main menu", sos: "Terminal alarm" },
} as const;

/** A terminal registered for the demo tenant through the provisioning API (as the simulator does). */
async function provision(page: Page, prefix: string) {
  const stamp = Date.now().toString(36).toUpperCase().slice(-6);
  const terminal = { terminalNo: `${prefix}${stamp}`.slice(0, 10).padEnd(10, "0"), plate: `沪W${stamp}`, secret: `e2e-workbench-${stamp}` };
  const res = await page.request.post("/api/device/provision", { headers: { Origin: new URL(page.url()).origin }, data: { terminals: [terminal] } });
  expect(res.status()).toBe(200);
  return terminal;
}

/** One position through the real terminal API (auth, then telemetry), moving at `speed`; `alarms` are the terminal's own flags. */
async function report(request: APIRequestContext, terminal: { terminalNo: string; secret: string }, seq: number, speed: number, alarms: string[] = []) {
  const auth = await request.post("/ingest/v1/auth", { data: { terminalNo: terminal.terminalNo, secret: terminal.secret } });
  expect(auth.status()).toBe(200);
  const { token } = (await auth.json()) as { token: string };
  const res = await request.post("/ingest/v1/telemetry", {
    headers: { Authorization: `Bearer ${token}` },
    data: { points: [{ seq, t: Date.now() - 500, lng: 121.47 + seq / 1000, lat: 31.23, speed, alarms }] },
  });
  expect(res.status()).toBe(200);
}

const numberOf = async (page: Page, testId: string) => Number(await page.getByTestId(testId).innerText());

for (const lang of ["zh-CN", "en-US"] as const) {
  test(`${lang}: the workbench's figures follow the fleet live, a new alarm reaches today's alarms and the to-do`, async ({ page }) => {
    const x = TEXT[lang];
    await signIn(page, admin.account, admin.password);
    await page.context().addCookies([{ name: "derrick_lang", value: lang, url: page.url() }]);
    await page.goto("/manageWork");
    await expect(page.getByRole("heading", { name: x.fleet })).toBeVisible();
    await expect(page.getByRole("heading", { name: x.alarms })).toBeVisible();
    await expect(page.getByRole("heading", { name: x.todo })).toBeVisible();
    await expect(page.getByTestId("fleet-live")).toHaveAttribute("data-state", "open");
    await expect(page.getByTestId("fleet-online")).not.toHaveText("—");

    // a new vehicle joins the fleet (offline until it reports), then reports moving: online and running go up by one
    const terminal = await provision(page, lang === "zh-CN" ? "E2EWZ" : "E2EWE");
    const online = await numberOf(page, "fleet-online");
    const running = await numberOf(page, "fleet-running");
    await report(page.request, terminal, 1, 42);
    await expect(page.getByTestId("fleet-running")).toHaveText(String(running + 1));
    await expect(page.getByTestId("fleet-online")).toHaveText(String(online + 1));

    // it raises an alarm (sos: level one): today's level-one count, the newest alarms and the to-do follow
    const level1 = await numberOf(page, "alarms-level-1");
    const todoAlarms = page.getByTestId("todo-alarms");
    await report(page.request, terminal, 2, 42, ["sos"]);
    await expect(page.getByTestId("alarms-level-1")).toHaveText(String(level1 + 1), { timeout: 20_000 });
    const newest = page.getByTestId("newest-alarms").getByRole("link").first();
    await expect(newest).toContainText(terminal.plate);
    await expect(newest).toContainText(x.sos);
    await expect(todoAlarms).toContainText(x.toHandle);

    // keyboard: the newest alarm opens its vehicle's alarms of the day
    await newest.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/alarmMessage\?vehicleId=\d+&kind=terminal/);
    await expect(page.getByTestId("data-table")).toContainText(terminal.plate);
  });

  test(`${lang}: a menu administrator shows planned screens in their own menu with the keyboard, and hides them again`, async ({ page }) => {
    const x = TEXT[lang];
    await signIn(page, admin.account, admin.password);
    await page.context().addCookies([{ name: "derrick_lang", value: lang, url: page.url() }]);
    await page.goto("/manageWork");
    const menu = page.getByRole("navigation", { name: x.menu });
    const training = menu.getByRole("button", { name: x.training });
    await expect(training).toHaveCount(0);
    const toggle = page.getByRole("switch", { name: x.planned });
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await toggle.focus();
    await page.keyboard.press("Space");
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await expect(training).toBeVisible();
    await page.reload();
    await expect(training).toBeVisible();
    await page.getByRole("switch", { name: x.planned }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("switch", { name: x.planned })).toHaveAttribute("aria-checked", "false");
    await expect(training).toHaveCount(0);
    // the shortcuts never lead to a planned screen
    await expect(page.getByTestId("shortcuts").locator('a[href="/trainingNotice"]')).toHaveCount(0);
  });
}

test("the workbench at 1280 and 1920 wide in both languages: no sideways scroll, every shortcut title whole (pictures with npm run screenshots)", async ({ page }) => {
  mkdirSync("tests/e2e/screenshots", { recursive: true });
  await signIn(page, admin.account, admin.password);
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 1080 });
    for (const lang of ["zh-CN", "en-US"] as const) {
      // the dark theme changes colours only: its pictures come with npm run screenshots
      for (const theme of TAKING_SCREENSHOTS ? (["light", "dark"] as const) : (["light"] as const)) {
        await page.context().addCookies([
          { name: "derrick_lang", value: lang, url: page.url() },
          { name: "derrick_theme", value: theme, url: page.url() },
        ]);
        await page.goto("/manageWork");
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        await expect(page.getByTestId("fleet-live")).toHaveAttribute("data-state", "open");
        // the page itself never scrolls sideways
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
        // every shortcut shows its whole title (long English ones wrap)
        const cut = await page.getByTestId("shortcuts").locator("li a").evaluateAll((links) => links.filter((a) => a.scrollWidth > a.clientWidth || a.scrollHeight > a.clientHeight).map((a) => a.textContent));
        expect(cut, `${width} ${lang}`).toEqual([]);
        await screenshot(page, `workbench-${width}-${lang}-${theme}`, { fullPage: true });
      }
    }
  }
  await page.context().addCookies([
    { name: "derrick_lang", value: "zh-CN", url: page.url() },
    { name: "derrick_theme", value: "light", url: page.url() },
  ]);
});
