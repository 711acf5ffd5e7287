import { expect, test, type Page } from "@playwright/test";
import { signedIn } from "./support";

test.use({ storageState: signedIn("admin") });

const stamp = () => Date.now().toString(36);

async function fillUser(page: Page, account: string, name: string) {
  const form = page.getByTestId("resource-form");
  await form.getByLabel("登录账号").fill(account);
  await form.getByLabel("用户名").fill(name);
  await form.getByLabel("初始密码").fill("Passw0rd@26");
  await form.getByLabel("所属组织").selectOption({ index: 1 });
  await form.getByLabel("角色").selectOption({ label: "只读用户" });
  await form.getByLabel("手机号").fill("13900001111");
}

test.describe("user management without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("lists, filters, refuses a bad save keeping the input, saves, and edits", async ({ page }) => {
    await page.goto("/userManage");
    await expect(page.getByRole("heading", { name: "用户管理" })).toBeVisible();
    await expect(page.getByTestId("data-table")).toContainText("dispatcher");

    // filter through the GET form
    await page.getByLabel("账号/用户名/手机号").fill("dispatch");
    await page.getByRole("button", { name: "查询" }).click();
    await expect(page).toHaveURL(/q=dispatch/);
    await expect(page.getByTestId("data-table").locator("tbody tr")).toHaveCount(1);
    await expect(page.getByTestId("conditions")).toContainText("dispatch");
    await page.getByRole("link", { name: "重置" }).click();

    // a refused save comes back with the message and what was typed
    const account = `nojs${stamp()}`;
    await page.getByTestId("add").click();
    await fillUser(page, account, `无脚本${stamp()}`);
    await page.getByTestId("resource-form").getByLabel("邮箱").fill("not-an-address");
    await page.getByRole("button", { name: "保存" }).click();
    await expect(page.getByText("请输入正确的邮箱地址")).toBeVisible();
    await expect(page.getByTestId("resource-form").getByLabel("登录账号")).toHaveValue(account);

    // corrected, it saves
    await page.getByTestId("resource-form").getByLabel("邮箱").fill("nojs@example.com");
    await page.getByTestId("resource-form").getByLabel("初始密码").fill("Passw0rd@26");
    await page.getByRole("button", { name: "保存" }).click();
    await expect(page.getByText("操作成功！")).toBeVisible();
    await expect(page.getByTestId("data-table")).toContainText(account);

    // edit through the row's link
    await page.getByRole("row", { name: new RegExp(account) }).getByRole("link", { name: "编辑" }).click();
    await page.getByTestId("resource-form").getByLabel("用户名").fill(`已修改${stamp()}`);
    await page.getByRole("button", { name: "保存" }).click();
    await expect(page.getByText("操作成功！")).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(account) })).toContainText("已修改");
  });
});

test("user management with JavaScript: search as you type, and delete after confirmation", async ({ page }) => {
  await page.goto("/userManage");
  const account = `js${stamp()}`;
  await page.getByTestId("add").click();
  await fillUser(page, account, `有脚本${stamp()}`);
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("操作成功！")).toBeVisible();

  await page.getByLabel("账号/用户名/手机号").fill(account);
  await expect(page).toHaveURL(new RegExp(`q=${account}`));
  await expect(page.getByTestId("data-table").locator("tbody tr")).toHaveCount(1);

  // the row's 详情 and the sortable headers are followed in the page (no reload: the marker survives), and the URL
  // carries the state, as for a link that works without JavaScript
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page.getByTestId("data-table").locator("tbody tr").getByRole("link", { name: "详情" }).click();
  await expect(page.getByTestId("resource-detail")).toContainText(account);
  await expect(page).toHaveURL(/[?&]view=\d+/);
  await page.getByTestId("resource-detail").getByRole("link", { name: "取消" }).click();
  await page.getByTestId("data-table").getByRole("link", { name: /用户名/ }).click();
  await expect(page).toHaveURL(/[?&]sort=userName/);
  await expect(page.getByTestId("data-table").locator("tbody tr")).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  await page.getByRole("checkbox", { name: `选择 ${account}` }).check();
  await page.getByRole("button", { name: "删除", exact: true }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("确定删除吗?");
  await expect(dialog).toContainText(account);
  await dialog.getByRole("button", { name: "确定" }).click();
  await expect(page.getByText("操作成功！")).toBeVisible();
  await expect(page.getByTestId("data-table")).toContainText("暂无数据");
});

test("column panel: hide, reorder, the two refusals, and the choice survives a reload", async ({ page }) => {
  await page.goto("/userManage");
  const headers = page.getByTestId("data-table").locator("thead th[scope=col]");
  await expect(headers.first()).toHaveText("序号");
  await page.getByText("显示配置").click();
  const panel = page.getByTestId("column-panel");

  // the fixed column cannot be hidden
  await panel.getByRole("checkbox", { name: "登录账号" }).click();
  await expect(panel.getByRole("alert")).toHaveText("登录账号不可隐藏");
  await expect(panel.getByRole("checkbox", { name: "登录账号" })).toBeChecked();

  // hide 邮箱, move 用户名 above 登录账号
  await panel.getByRole("checkbox", { name: "邮箱" }).uncheck();
  await panel.getByRole("button", { name: "上移 用户名" }).click();
  await panel.getByRole("button", { name: "确定" }).click();
  await expect(headers.nth(1)).toHaveText(/用户名/);
  await expect(headers.filter({ hasText: "邮箱" })).toHaveCount(0);

  await page.reload();
  await expect(headers.nth(1)).toHaveText(/用户名/);
  await expect(headers.filter({ hasText: "邮箱" })).toHaveCount(0);

  // hiding every column is refused too: with all others off, the last one says 显示字段不能为空 and stays
  await page.getByText("显示配置").click();
  const boxes = panel.getByRole("checkbox");
  for (const box of await boxes.all()) {
    if ((await box.getAttribute("value")) !== "loginAccount" && (await box.isChecked())) await box.uncheck();
  }
  await panel.getByRole("checkbox", { name: "登录账号" }).click();
  await expect(panel.getByRole("alert")).toHaveText("显示字段不能为空");
  await expect(panel.getByRole("checkbox", { name: "登录账号" })).toBeChecked();
  await expect(panel.getByRole("checkbox", { checked: true })).toHaveCount(1);

  // put it back for other tests (the unsaved choice above is dropped by the reload)
  await page.reload();
  await page.getByText("显示配置").click();
  await panel.getByRole("checkbox", { name: "邮箱" }).check();
  await panel.getByRole("button", { name: "上移 登录账号" }).click();
  await panel.getByRole("button", { name: "确定" }).click();
  await expect(headers.nth(1)).toHaveText(/登录账号/);
});

test.describe("column panel without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server refuses hiding every column with 显示字段不能为空", async ({ page }) => {
    await page.goto("/userManage");
    await page.getByText("显示配置").click();
    const panel = page.getByTestId("column-panel");
    for (const box of await panel.getByRole("checkbox").all()) await box.uncheck();
    await panel.getByRole("button", { name: "确定" }).click();
    await expect(page.getByTestId("column-panel").getByRole("alert")).toHaveText("显示字段不能为空");
    // nothing was saved: every column is still there
    await page.goto("/userManage");
    await expect(page.getByTestId("data-table").locator("thead th[scope=col]").filter({ hasText: "邮箱" })).toHaveCount(1);
  });
});
