import { expect, test, type Page } from "@playwright/test";
import { statSync } from "node:fs";
import { DEMO_USERS } from "../../db/seed/demo-identity";
import { signedIn } from "./support";

test.use({ storageState: signedIn("admin") });

const { admin } = DEMO_USERS;
const stamp = () => Date.now().toString(36);

async function addUser(page: Page, account: string, name = `表格${account}`) {
  await page.goto("/userManage");
  await page.getByTestId("add").click();
  const form = page.getByTestId("resource-form");
  await form.getByLabel("登录账号").fill(account);
  await form.getByLabel("用户名").fill(name);
  await form.getByLabel("初始密码").fill("Passw0rd@26");
  await form.getByLabel("所属组织").selectOption({ index: 1 });
  await form.getByLabel("角色").selectOption({ label: "只读用户" });
  await form.getByLabel("状态").selectOption({ label: "停用" });
  await page.getByRole("button", { name: "保存" }).click();
}

test("header filter: the funnel sets the URL filter with the keyboard, shows it, and 重置 clears it", async ({ page }) => {
  const account = `hf${stamp()}`;
  await addUser(page, account);
  await expect(page.getByTestId("toasts").getByText("操作成功！")).toBeVisible();

  const funnel = page.getByRole("button", { name: "筛选 状态" });
  await funnel.focus();
  await page.keyboard.press("Enter");
  const panel = page.getByTestId("header-filter-panel");
  await expect(panel).toBeVisible();
  await expect(funnel).toHaveAttribute("aria-expanded", "true");
  // Escape closes and gives the focus back to the funnel
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(funnel).toBeFocused();

  // Enter again, pick 停用 with the arrow keys (全部 is focused first), Enter applies it
  await page.keyboard.press("Enter");
  await expect(panel.getByRole("radio", { name: "全部" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(panel.getByRole("radio", { name: "停用" })).toBeChecked();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/[?&]state=0/);
  await expect(panel).toBeHidden();
  const rows = page.getByTestId("data-table").locator("tbody tr");
  await expect(rows.filter({ hasText: account })).toHaveCount(1);
  // the 状态 column, found by its header (columns come and go)
  const headers = await page.getByTestId("data-table").locator("thead th").allTextContents();
  const stateColumn = headers.findIndex((h) => h.trim().startsWith("状态")) + 1;
  expect(stateColumn).toBeGreaterThan(0);
  for (const text of await rows.locator(`td:nth-child(${stateColumn})`).allTextContents()) expect(text).toBe("停用");
  // highlighted and named by its value; the search bar and the chips say the same
  const active = page.getByRole("button", { name: "筛选 状态：停用" });
  await expect(active).toHaveAttribute("data-active", "");
  await expect(page.getByRole("search").getByLabel("状态")).toHaveValue("0");
  await expect(page.getByTestId("conditions")).toContainText("状态: 停用");

  // a bookmark opens the same list
  await page.goto(page.url());
  await expect(page.getByRole("button", { name: "筛选 状态：停用" })).toBeVisible();

  // 重置 in the panel removes the filter
  await page.getByRole("button", { name: "筛选 状态：停用" }).click();
  await page.getByTestId("header-filter-panel").getByRole("link", { name: "重置" }).click();
  await expect(page).not.toHaveURL(/state=/);
  await expect(page.getByRole("button", { name: "筛选 状态" })).not.toHaveAttribute("data-active", "");
});

test("a cell's tooltip shows its whole text only when the text is cut off", async ({ page }) => {
  const account = `tt${stamp()}`;
  const long = `超长用户名${"起重机租赁调度".repeat(3)}${account}`.slice(0, 30);
  await addUser(page, account, long);
  await expect(page.getByTestId("toasts").getByText("操作成功！")).toBeVisible();
  await page.goto(`/userManage?q=${account}`);
  const row = page.getByTestId("data-table").locator("tbody tr").filter({ hasText: account });
  const nameCell = row.locator("td", { hasText: long });
  const accountCell = row.locator("td", { hasText: new RegExp(`^${account}$`) });
  // nothing before the pointer comes; then the cut-off name gets its tooltip and the short account none
  await expect(nameCell).not.toHaveAttribute("title");
  await nameCell.hover();
  await expect(nameCell).toHaveAttribute("title", long);
  await accountCell.hover();
  await expect(accountCell).not.toHaveAttribute("title");
});

test("header filter with text: the operation log filters by account as you type", async ({ page }) => {
  await page.goto("/operationLog");
  await page.getByRole("button", { name: "筛选 登录账号" }).click();
  const box = page.getByTestId("header-filter-panel").getByRole("searchbox");
  await expect(box).toBeFocused();
  await box.fill("no-such-account");
  // 500 ms after the last key, without closing the panel
  await expect(page).toHaveURL(/user=no-such-account/);
  await expect(page.getByTestId("data-table")).toContainText("暂无数据");
  await expect(box).toBeVisible();
  await box.fill(admin.account);
  await box.press("Enter");
  await expect(page).toHaveURL(new RegExp(`user=${admin.account}`));
  await expect(page.getByTestId("header-filter-panel")).toBeHidden();
  await expect(page.getByTestId("data-table").locator("tbody tr").first()).toContainText(admin.account);
});

test("expandable row: the toggle shows the change in full under the row, by mouse and keyboard", async ({ page }) => {
  const account = `ex${stamp()}`;
  await addUser(page, account);
  await expect(page.getByTestId("toasts").getByText("操作成功！")).toBeVisible();
  await page.goto(`/operationLog?entity=user`);
  const row = page.getByTestId("data-table").locator("tbody tr").first();
  const toggle = row.getByTestId("expand-row");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const more = page.getByTestId("expanded-row");
  await expect(more).toBeVisible();
  await expect(more).toContainText("变更明细");
  await expect(more).toContainText(`"loginAccount": "${account}"`);
  await expect(page.locator(`#${await toggle.getAttribute("aria-controls")}`)).toBeVisible();
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(more).toHaveCount(0);
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await page.keyboard.press("Space");
  await expect(more).toBeVisible();
});

test("操作成功！ shows as a toast after a save and goes by itself", async ({ page }) => {
  await addUser(page, `ts${stamp()}`);
  const toast = page.getByTestId("toasts").getByRole("status");
  await expect(toast).toHaveText(/操作成功！/);
  // no banner beside it: the text is on the page once
  await expect(page.getByText("操作成功！")).toHaveCount(1);
  await expect(toast).toHaveCount(0, { timeout: 8000 });
});

test("export: the button shows progress and is disabled while it works, downloads the file and comes back", async ({ page }) => {
  // a filtered list (the big-list spec may have put 10,000 users in the tenant)
  await page.goto(`/userManage?q=${admin.account}`);
  // hold the answer for a moment, as a slow link would
  await page.route("**/excel/user/export**", async (route) => {
    await new Promise((r) => setTimeout(r, 1200));
    await route.continue();
  });
  const exportLink = page.getByTestId("export");
  const download = page.waitForEvent("download");
  await exportLink.click();
  await expect(exportLink).toHaveAttribute("aria-busy", "true");
  await expect(exportLink).toContainText("导出中");
  await expect(exportLink).toHaveAttribute("aria-disabled", "true");
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^用户管理-\d{12}\.xlsx$/);
  expect(statSync(await file.path()).size).toBeGreaterThan(1000);
  await expect(exportLink).toHaveText("导出");
  await expect(exportLink).not.toHaveAttribute("aria-busy", "true");
  await expect(page.getByTestId("toasts")).toContainText("导出完成");
});

test("export failure says 下载失败 and the button comes back", async ({ page }) => {
  await page.goto("/userManage");
  await page.route("**/excel/user/export**", (route) => route.fulfill({ status: 500, contentType: "text/html", body: "<p>boom</p>" }));
  await page.getByTestId("export").click();
  await expect(page.getByTestId("toasts").getByRole("alert")).toHaveText(/下载失败/);
  await expect(page.getByTestId("export")).toHaveText("导出");
});

test("a table wider than the window keeps each row's actions in view at its right edge, on an opaque cell", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/contractList");
  const scroll = page.getByTestId("table-scroll");
  const table = page.getByTestId("data-table");
  const [header, firstActions] = [table.locator("thead th").last(), table.locator("tbody tr").first().locator("td").last()];
  await expect(header).toHaveText("操作");
  // the contract list's columns are wider than 1280 px leave for them: the table scrolls sideways
  expect(await scroll.evaluate((el) => el.scrollWidth - el.clientWidth), "the table overflows its box at 1280 px").toBeGreaterThan(100);
  const inView = async () => {
    const box = (await scroll.boundingBox())!;
    for (const cell of [header, firstActions]) {
      const b = (await cell.boundingBox())!;
      expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width + 1);
      expect(b.x).toBeGreaterThanOrEqual(box.x);
    }
  };
  await inView(); // scrolled to the start: the actions sit at the box's right edge, not past it
  await scroll.evaluate((el) => (el.scrollLeft = el.scrollWidth));
  await inView();
  await expect(firstActions.getByRole("button").or(firstActions.getByRole("link")).first()).toBeVisible();
  // the cells it covers do not show through it
  expect(await firstActions.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe("rgba(0, 0, 0, 0)");
});
