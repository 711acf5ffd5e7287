import { expect, test, type Page, type Request } from "@playwright/test";
import { DEMO_BUSINESS_INFO } from "../../db/seed/demo-identity";
import { stampInZone } from "../../app/lib/tenant-clock";
import { database, prefer, registryScreens, SIGNED_OUT, signedIn, siteRoot } from "./support";

// issue 24 §4: the rough edges a walk through every screen found, in both languages
test.use({ storageState: signedIn("admin") });
const LANGS = ["zh-CN", "en-US"] as const;
type Lang = (typeof LANGS)[number];

const TEXT = {
  "zh-CN": { more: "更多页签", closeOthers: "关闭其他", closeAll: "关闭全部", alarms: "告警信息", sos: "终端报警：紧急报警", fault: "故障 SPN 110（发动机冷却液温度），FMI 0（高于正常范围）", importLabel: "导入", exportLabel: "导出", pageConfigMenu: "用户管理", clearCrumb: "清空面包屑" },
  "en-US": { more: "All open pages", closeOthers: "Close others", closeAll: "Close all", alarms: "Alarm Information", sos: "Terminal alarm: emergency (SOS)", fault: "Fault SPN 110 (engine coolant temperature) FMI 0 (above normal range)", importLabel: "Import", exportLabel: "Export", pageConfigMenu: "User Management", clearCrumb: "Clear the breadcrumb" },
} satisfies Record<Lang, Record<string, string>>;

const noPageScroll = (page: Page) => page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));

/** every built screen of the registry behind the sign-in, with a real id where the path needs one */
async function builtScreens(): Promise<string[]> {
  const rs = await database().execute("select v.id from vehicles v join tenants t on t.id = v.tenant_id where t.code = 'demo' order by v.id limit 1");
  const vehicleId = String(rs.rows[0]?.id ?? 1);
  const paths = registryScreens().filter((s) => s.status === "built" && s.layout === "app").map((s) => s.path.replace(":id", vehicleId));
  // the 设备列表 screen's own tabs are lists of their own
  return [...paths, "/deviceList/models", "/deviceList/owners", "/deviceList/drivers", "/deviceList/markers", "/deviceList/markerTypes", "/outbox"];
}

/**
 * A tab that measures how wide a screen's page is once the screen has settled: its document loaded, React has taken
 * it over, every request it made answered (what networkidle waits for, without networkidle's half second of quiet
 * after the last one), and two frames drawn for the effects that lay it out after that.
 */
function widthOfSettled(page: Page) {
  const open = new Set<Request>();
  page.on("request", (r) => void open.add(r));
  page.on("requestfinished", (r) => void open.delete(r));
  page.on("requestfailed", (r) => void open.delete(r));
  return async (path: string) => {
    await page.goto(path);
    await page.waitForFunction(() => Object.keys(document.body).some((k) => k.startsWith("__reactFiber")));
    await expect.poll(() => open.size, { message: `${path}: every request answered`, intervals: [50] }).toBe(0);
    await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
    return noPageScroll(page);
  };
}

/** Measures each path in one of `tabs` pages, the tabs taking the next path as they finish one; the paths that scroll sideways. */
async function tooWide(tabs: Page[], paths: string[]): Promise<string[]> {
  const queue = [...paths];
  const wide: string[] = [];
  await Promise.all(
    tabs.map(async (tab) => {
      const measure = widthOfSettled(tab);
      for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
        const { scroll, client } = await measure(path);
        if (scroll > client) wide.push(`${path}: ${scroll} > ${client}`);
      }
    }),
  );
  return wide.sort();
}

for (const lang of LANGS) {
  test(`every built screen fits 1280 × 620 without the page scrolling sideways (${lang})`, async ({ browser }) => {
    test.setTimeout(240_000);
    const viewport = { width: 1280, height: 620 };
    // two tabs at once: one waits for the server while the other lays out
    const signedInContext = await browser.newContext({ viewport, locale: lang, storageState: signedIn("admin") });
    await prefer(signedInContext, lang, "light");
    const wide = await tooWide([await signedInContext.newPage(), await signedInContext.newPage()], await builtScreens());
    await signedInContext.close();
    // the sign-in screens, signed out
    const signedOut = await browser.newContext({ viewport, locale: lang, storageState: SIGNED_OUT });
    await prefer(signedOut, lang, "light");
    wide.push(...(await tooWide([await signedOut.newPage()], ["/login", "/loginAdmin", "/resetPassword"])));
    await signedOut.close();
    expect(wide).toEqual([]);
  });
}

for (const lang of LANGS) {
  test(`the tab strip with 15 open tabs: the active tab in view, hidden ones reachable, close others and all (${lang})`, async ({ page }) => {
    test.setTimeout(120_000);
    const t = TEXT[lang];
    await page.setViewportSize({ width: 1280, height: 620 });
    await prefer(page, lang, "light");
    const paths = registryScreens().filter((s) => s.status === "built" && s.layout === "app" && s.inMenu && !s.path.includes(":") && s.path !== "/manageWork")
      .map((s) => s.path)
      .slice(0, 15);
    expect(paths).toHaveLength(15);
    const strip = page.getByTestId("tabs");
    for (const path of paths) {
      await page.goto(path);
      // the tab opens once the page has hydrated (tabs live in this browser's storage)
      await expect(strip.locator(`a[href="${path}"][aria-current="page"]`)).toHaveCount(1);
    }
    await expect(strip.locator("li")).toHaveCount(16);

    // the strip overflows: it scrolls inside, the page does not, and the active (last opened) tab is in view
    const inView = async (item: ReturnType<Page["locator"]>) => {
      const box = (await strip.boundingBox())!;
      const tab = (await item.boundingBox())!;
      return tab.x >= box.x - 1 && tab.x + tab.width <= box.x + box.width + 1;
    };
    expect(await strip.evaluate((ul) => ul.scrollWidth > ul.clientWidth)).toBe(true);
    const active = strip.locator('a[aria-current="page"]');
    await expect(active).toHaveCount(1);
    expect(await inView(active.locator(".."))).toBe(true);
    expect((await noPageScroll(page)).scroll).toBeLessThanOrEqual((await noPageScroll(page)).client);

    // the first opened tab is scrolled out of sight; the scroll buttons bring it back
    const first = strip.locator(`a[href="${paths[0]}"]`).locator("..");
    expect(await inView(first)).toBe(false);
    const [left] = await page.getByTestId("tabs-scroll").all();
    for (let i = 0; i < 10 && !(await inView(first)); i++) await left!.click();
    expect(await inView(first)).toBe(true);

    // the menu lists every open page; picking a hidden one opens it and scrolls it into view (keyboard only)
    await page.getByRole("button", { name: t.more }).focus();
    await page.keyboard.press("Enter");
    const menu = page.getByTestId("tabs-menu");
    await expect(menu.getByRole("link")).toHaveCount(15);
    await menu.locator(`a[href="${paths[1]}"]`).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${paths[1]}$`, "i"));
    await expect(menu).toHaveCount(0);
    await expect.poll(() => inView(strip.locator(`a[href="${paths[1]}"]`).locator(".."))).toBe(true);

    // 关闭其他 keeps the active tab (and the workbench); 关闭全部 goes back to the workbench
    await page.getByRole("button", { name: t.more }).click();
    await menu.getByRole("button", { name: t.closeOthers }).click();
    await expect(strip.locator("li")).toHaveCount(2);
    await expect(page).toHaveURL(new RegExp(`${paths[1]}$`, "i"));
    await expect(page.getByTestId("tabs-scroll")).toHaveCount(0);
    await page.getByRole("button", { name: t.more }).click();
    await page.keyboard.press("Escape");
    await expect(menu).toHaveCount(0);
    await expect(page.getByRole("button", { name: t.more })).toBeFocused();
    await page.keyboard.press("Enter");
    await menu.getByRole("button", { name: t.closeAll }).click();
    await expect(page).toHaveURL(/\/manageWork$/);
    await expect(strip.locator("li")).toHaveCount(1);
  });
}

/** A terminal of the demo tenant reporting one point with the given faults and flags through the real ingest. */
async function reportAlarms(page: Page) {
  const stamp = Date.now().toString(36).toUpperCase().slice(-6);
  const terminal = { terminalNo: `E2ERE${stamp}`.slice(0, 10).padEnd(10, "0"), plate: `沪R${stamp}`, secret: `e2e-rough-secret-${stamp}` };
  const origin = new URL(siteRoot()).origin;
  expect((await page.request.post("/api/device/provision", { headers: { Origin: origin }, data: { terminals: [terminal] } })).status()).toBe(200);
  const auth = await page.request.post("/ingest/v1/auth", { data: { terminalNo: terminal.terminalNo, secret: terminal.secret } });
  const { token } = (await auth.json()) as { token: string };
  const res = await page.request.post("/ingest/v1/telemetry", {
    headers: { Authorization: `Bearer ${token}` },
    data: { points: [{ seq: 1, t: Date.now() - 1000, lng: 121.48, lat: 31.23, speed: 20, alarms: ["sos"], faults: [{ spn: 110, fmi: 0, count: 1 }] }] },
  });
  expect(res.status()).toBe(200);
  await expect
    .poll(async () => Number((await database().execute({ sql: "select count(*) as n from alarms a join vehicles v on v.id = a.vehicle_id where v.terminal_no = ?", args: [terminal.terminalNo] })).rows[0]?.n ?? 0), { timeout: 15_000 })
    .toBe(2);
  return terminal;
}

test("alarm details read as sentences in both languages, faults named from the J1939 dictionary", async ({ page }) => {
  const terminal = await reportAlarms(page);
  for (const lang of LANGS) {
    await prefer(page, lang, "light");
    await page.goto(`/alarmMessage?q=${encodeURIComponent(terminal.plate)}`);
    const table = page.getByTestId("data-table");
    await expect(table.locator("tbody tr")).toHaveCount(2);
    await expect(table).toContainText(TEXT[lang].sos);
    await expect(table).toContainText(TEXT[lang].fault);
    await expect(table).not.toContainText("flag:");
    await expect(table).not.toContainText("spn:");
  }
});

for (const lang of LANGS) {
  test(`/equipmentMonitor's organisation tree takes in a vehicle registered after the page loaded, with 全部 (${lang})`, async ({ page }) => {
    await prefer(page, lang, "light");
    await page.goto("/equipmentMonitor");
    await expect(page.getByTestId("monitor-connection")).toHaveAttribute("data-state", "open");
    const all = page.getByTestId("count-all-value");
    await expect(all).not.toHaveText("—");
    const before = Number(await all.textContent());
    const rootCount = page.getByRole("treeitem", { level: 1 }).first();
    const rootBefore = Number((await rootCount.textContent())?.match(/(\d+)\s*$/)?.[1]);
    const terminal = await reportAlarms(page);
    // no reload: the count and the tree follow the hub
    await expect(all).toHaveText(String(before + 1), { timeout: 15_000 });
    await expect.poll(async () => Number((await rootCount.textContent())?.match(/(\d+)\s*$/)?.[1])).toBe(rootBefore + 1);
    await page.getByTestId("vehicle-tree").locator("input").fill(terminal.plate);
    await expect(page.getByTestId("vehicle-tree").getByRole("treeitem", { name: new RegExp(terminal.plate) })).toHaveCount(1);
  });
}

test.describe("the watermark", () => {
  // a browser in New York, a tenant in Shanghai: the watermark follows the tenant, as every time on the page does
  test.use({ timezoneId: "America/New_York" });
  test("shows the time in the tenant's zone, not the browser's or UTC", async ({ page }) => {
    await page.context().addCookies([{ name: "derrick_watermark", value: "1", url: siteRoot() }]);
    const rs = await database().execute("select time_zone from tenants where code = 'demo'");
    const zone = String(rs.rows[0]?.time_zone ?? "Asia/Shanghai");
    const before = Date.now();
    await page.goto("/userManage");
    const line = page.getByTestId("watermark").locator(":scope > div").first().locator("div").nth(1);
    await expect(line).not.toBeEmpty();
    const text = (await line.textContent()) ?? "";
    const after = Date.now();
    expect([stampInZone(before, zone, false), stampInZone(after, zone, false)]).toContain(text.trim());
    expect(text.trim()).not.toBe(stampInZone(before, "UTC", false));
  });
});

test("the smaller mends: 企业信息 seeded, English menu names on /pageConfig, type names on /routerPath, 导入 as tall as its neighbours", async ({ page }) => {
  await page.goto("/bussinessinfo");
  await expect(page.locator("#companyName, [name=companyName]").first()).toHaveValue(DEMO_BUSINESS_INFO.companyName);
  await expect(page.locator("[name=phone]").first()).toHaveValue(DEMO_BUSINESS_INFO.phone);
  for (const lang of LANGS) {
    const t = TEXT[lang];
    await prefer(page, lang, "light");
    await page.goto("/pageConfig");
    await expect(page.getByLabel(t.pageConfigMenu, { exact: true })).toHaveCount(1);
    await page.goto("/routerPath");
    const table = page.getByTestId("data-table");
    await expect(table).toContainText(t.clearCrumb);
    await expect(table).not.toContainText(`0 ${t.clearCrumb}`);
    await page.goto("/deviceList");
    const importBox = await page.locator("summary", { hasText: t.importLabel }).boundingBox();
    const exportBox = await page.getByTestId("export").boundingBox();
    expect(importBox!.height).toBe(exportBox!.height);
    // at 1440 px the vehicle list's 操作 column is in view without scrolling the table
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.reload();
    const scroller = (await page.getByTestId("table-scroll").boundingBox())!;
    const actions = (await page.getByTestId("data-table").locator("thead th").last().boundingBox())!;
    expect(actions.x + actions.width).toBeLessThanOrEqual(scroller.x + scroller.width + 1);
  }
});
