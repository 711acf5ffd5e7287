import { expect, test, type Page } from "@playwright/test";
import { prefer, screenshot, signedIn, untilHydrated, type Lang } from "./support";

test.use({ storageState: signedIn("admin") });

const SIZES = [
  [1920, 1080],
  [3840, 2160],
  [1280, 720],
] as const;

/** The wall fills the window and nothing spills: no scrollbar, and no two of its blocks overlap. */
async function expectFits(page: Page, blocks: string[]) {
  const fit = await page.evaluate(() => ({ w: document.documentElement.scrollWidth, h: document.documentElement.scrollHeight, vw: innerWidth, vh: innerHeight }));
  expect(fit.w).toBeLessThanOrEqual(fit.vw);
  expect(fit.h).toBeLessThanOrEqual(fit.vh);
  const boxes = [];
  for (const id of blocks) {
    const box = await page.getByTestId(id).boundingBox();
    expect(box, id).not.toBeNull();
    expect(box!.x + box!.width, id).toBeLessThanOrEqual(fit.vw + 0.5);
    expect(box!.y + box!.height, id).toBeLessThanOrEqual(fit.vh + 0.5);
    boxes.push({ id, ...box! });
  }
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i]!, boxes[j]!];
      const overlap = a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;
      expect(overlap, `${a.id} overlaps ${b.id}`).toBe(false);
    }
}

/** The screen again in English, at the three sizes: nothing spills, no two blocks overlap. */
async function fitsInEnglish(page: Page, blocks: string[], name: string) {
  await prefer(page.context(), "en-US");
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await expectFits(page, blocks);
    await screenshot(page, `${name}-en-US-${width}`);
  }
  await prefer(page.context(), "zh-CN");
}

const HOMEWORK_BLOCKS = ["wall-counts", "wall-online", "wall-ages", "wall-today", "wall-trend", "wall-alarm-kinds"];

for (const lang of ["zh-CN", "en-US"] as Lang[]) {
  test(`作业大屏 fits 1920×1080, 3840×2160 and 1280×720 without overlap or scrollbars (${lang})`, async ({ page }) => {
    await prefer(page.context(), lang);
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      await page.goto("/homeworkScreen");
      await expect(page.getByTestId("wall-connection")).toHaveAttribute("data-state", "open");
      await expect(page.getByTestId("kpi-total")).not.toContainText("—");
      await expectFits(page, HOMEWORK_BLOCKS);
      // the type follows the window: 100 px to the rem at 1920×1080
      const rem = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
      expect(rem).toBeCloseTo(Math.min(width / 19.2, height / 10.8), 0);
      await screenshot(page, `homework-${lang}-${width}`);
    }
  });
}

test("客户大屏: staff choose a customer; the screen shows only that customer's machines, and fits the three sizes", async ({ page }) => {
  await page.goto("/customerScreen");
  await expect(page.getByText("请选择要查看的客户")).toBeVisible();
  const select = page.locator("#wall-customer");
  // the demo's first customer with a machine on rent
  const options = await select.locator("option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
  let shown = false;
  for (const id of options.slice(0, 10)) {
    await page.goto(`/customerScreen?customer=${id}`);
    if ((await page.getByTestId("customer-machines").locator("tbody tr").count()) > 0) {
      shown = true;
      break;
    }
  }
  expect(shown).toBe(true);
  const rows = await page.getByTestId("customer-machines").locator("tbody tr").count();
  // the live counts are the customer's machines, not the fleet's
  await expect(page.getByTestId("kpi-total")).toHaveText(new RegExp(`${rows}$`));
  await expect(page.getByTestId("wall-connection")).toHaveAttribute("data-state", "open");
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await expectFits(page, ["wall-counts", "kpi-hours-month", "kpi-owed", "customer-statement", "customer-machines", "wall-trend"]);
  }
  await fitsInEnglish(page, ["wall-counts", "kpi-hours-month", "kpi-owed", "customer-statement", "customer-machines", "wall-trend"], "customer");
});

test("a screen made through a link resumes after a dropped link, and goes dark once revoked", async ({ page, browser }) => {
  // the administrator makes an operations-screen link for the whole tenant
  await page.goto("/tenantConfig/screenLinks");
  await page.getByLabel("名称").fill(`场地电视 ${Date.now().toString(36)}`);
  await page.locator("#sl-screen").selectOption("/homeworkScreen");
  await page.locator("#sl-org").selectOption({ index: 1 });
  await page.getByRole("button", { name: "新建链接" }).click();
  const url = (await page.getByTestId("screen-link-url").textContent())!;
  expect(url).toMatch(/\/screen\/[A-Za-z0-9_-]{43}$/);

  // the wall has no account: a new browser context, and its socket through a proxy the test can cut
  const wall = await browser.newContext({ storageState: { cookies: [], origins: [] }, viewport: { width: 1920, height: 1080 } });
  const screen = await wall.newPage();
  let sockets = 0;
  let cut: (() => Promise<void>) | null = null;
  await screen.routeWebSocket(/\/hub\?link=/, (ws) => {
    sockets++;
    const server = ws.connectToServer();
    cut = () => server.close();
  });
  await screen.goto(url);
  const asOf = screen.getByTestId("wall-as-of");
  await expect(screen.getByTestId("wall-connection")).toHaveAttribute("data-state", "open");
  await expect(screen.getByTestId("kpi-total")).not.toContainText("—");
  const total = await screen.getByTestId("kpi-total").textContent();
  await expect(asOf).toHaveAttribute("data-stale", "0");
  // the link drops: the screen says so, reconnects by itself (no reload) and resumes
  // a mark on the page: still there after the reconnect, so the page was not loaded again
  await screen.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7));
  await cut!();
  await expect(screen.getByTestId("wall-connection")).not.toHaveAttribute("data-state", "open");
  await expect(screen.getByTestId("wall-connection")).toHaveAttribute("data-state", "open", { timeout: 15_000 });
  expect(sockets).toBe(2);
  expect(await screen.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(7);
  await expect(screen.getByTestId("kpi-total")).toHaveText(total!);

  // revoked: the open screen goes dark at once
  await page.goto("/tenantConfig/screenLinks");
  await page.locator("tr", { hasText: "有效" }).first().getByRole("button", { name: "撤销" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "确定" }).click();
  await expect(screen.getByTestId("screen-link-gone")).toBeVisible({ timeout: 15_000 });
  await wall.close();
});

test("塔吊大屏 shows the demo's towers with where each stands, and fits the three sizes; 竞赛大屏 says it has no scores yet", async ({ page }) => {
  await page.goto("/towerScreen");
  const cards = page.getByTestId("tower-cards").locator("li");
  await expect(cards).toHaveCount(4);
  await expect(cards.filter({ hasText: "临港物流园三期" })).toHaveCount(3);
  await expect(cards.filter({ hasText: "在库" })).toHaveCount(1);
  // each tower's stage from its file (塔吊档案): two jacked, one accepted, the yard's dismantled
  await expect(cards.getByTestId("tower-stage").filter({ hasText: "顶升加节" })).toHaveCount(2);
  await expect(cards.filter({ hasText: "在库" }).getByTestId("tower-stage")).toContainText("已拆卸");
  await expect(page.getByTestId("kpi-towers")).toContainText("4");
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await expectFits(page, ["tower-counts", "tower-cards", "kpi-overloads", "tower-stages", "tower-alarms", "wall-trend"]);
    await screenshot(page, `tower-${width}`);
  }
  await fitsInEnglish(page, ["tower-counts", "tower-cards", "kpi-overloads", "tower-stages", "tower-alarms", "wall-trend"], "tower");
  await page.goto("/competitionScreen");
  await expect(page.getByTestId("competition-empty")).toContainText("暂无操作员评分");
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await expectFits(page, ["competition-empty"]);
  }
  await fitsInEnglish(page, ["competition-empty"], "competition");
});

test("风电: the clerk marks a turbine erected on its project; the wall and the owner's screen count it, and the wall fits the three sizes in both languages", async ({ page }) => {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(new Date());
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/windManage");
  await page.getByRole("row", { name: /如东洋口风电场三期吊装/ }).getByRole("link", { name: "详情" }).click();
  await expect(page).toHaveURL(/\/windManage\/form\?id=\d+/);
  await untilHydrated(page.getByTestId("add-positions"));
  await expect(page.getByTestId("positions-row")).toHaveCount(16);
  // F07 had its rotor lifted: now erected, today
  await page.locator('select[name="positions[6].stage"]').selectOption("5");
  await page.locator('input[name="positions[6].doneOn"]').fill(today);
  await page.getByRole("button", { name: "保存", exact: true }).click();
  await expect(page.locator('select[name="positions[6].stage"]')).toHaveValue("5");
  await expect(page.getByRole("alert")).toHaveCount(0);

  await page.goto("/windScreen");
  await expect(page.getByTestId("kpi-erected")).toContainText("7");
  await expect(page.getByTestId("wind-projects").locator('[data-stage="5"]')).toHaveCount(7);
  await expect(page.getByTestId("wind-cranes").locator("li")).toHaveCount(3);
  const blocks = ["wind-counts", "wind-projects", "kpi-winds", "wind-stages", "wind-stops"];
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await expectFits(page, blocks);
    await screenshot(page, `wind-zh-CN-${width}`);
  }
  await fitsInEnglish(page, blocks, "wind");

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/windScreenOwner");
  await expect(page.getByTestId("wind-owner-positions").locator("tbody tr")).toHaveCount(16);
  await expect(page.getByTestId("wind-owner-kpis")).toContainText("7/16 台");
  await expect(page.getByTestId("wind-owner-cranes").locator("li")).toHaveCount(3);
  await screenshot(page, "wind-owner-zh-CN-1280");
});
