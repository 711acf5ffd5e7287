import { expect, test } from "@playwright/test";
import { DEMO_USERS } from "../../db/seed/demo-identity";
import { database, signedIn, signIn } from "./support";

const { dispatcher, viewer } = DEMO_USERS;

test("sign in, open three screens as tabs, close one, switch language, theme and watermark, sign out", async ({ page }) => {
  await signIn(page, dispatcher.account, dispatcher.password);
  await expect(page.getByRole("heading", { name: `欢迎回来，${dispatcher.name}` })).toBeVisible();

  const menu = page.getByRole("navigation", { name: "主菜单" });
  await expect(menu).toBeVisible();
  // planned screens are not in the side menu (培训管理 holds only planned ones): built screens are
  await expect(menu.getByRole("button", { name: "培训管理" })).toHaveCount(0);
  await menu.getByRole("button", { name: "数据报表" }).click();
  await menu.getByRole("link", { name: "告警信息" }).click();
  await expect(page.getByRole("heading", { name: "告警信息" })).toBeVisible();
  await menu.getByRole("button", { name: "设备管理" }).click();
  await menu.getByRole("link", { name: "数据权限" }).click();
  await expect(page.getByRole("heading", { name: "数据权限" })).toBeVisible();
  await menu.getByRole("link", { name: "围栏管理" }).click();
  await expect(page.getByRole("heading", { name: "围栏管理" })).toBeVisible();

  const tabs = page.getByTestId("tabs");
  await expect(tabs.getByRole("link")).toHaveText(["工作台", "告警信息", "数据权限", "围栏管理"]);
  await expect(page.getByTestId("breadcrumb")).toContainText("设备管理");
  await tabs.getByRole("button", { name: "关闭 围栏管理" }).click();
  await expect(tabs.getByRole("link")).toHaveText(["工作台", "告警信息", "数据权限"]);
  await expect(page).toHaveURL(/\/dataPermission$/);

  // keyboard: arrow keys move between tabs, Delete closes the focused one
  await tabs.getByRole("link", { name: "告警信息" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(tabs.getByRole("link", { name: "数据权限" })).toBeFocused();
  await page.keyboard.press("Delete");
  await expect(tabs.getByRole("link")).toHaveText(["工作台", "告警信息"]);

  // language: texts change and survive a reload
  await page.getByTestId("lang-switch").click();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
  await expect(page.getByTestId("tabs").getByRole("link", { name: "Alarm Messages" })).toBeVisible();

  // theme: colours change and survive a reload
  const canvas = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await canvas();
  await page.getByTestId("theme-switch").click();
  await expect(page.locator("body")).toHaveClass(/theme2/);
  expect(await canvas()).not.toBe(light);
  await page.reload();
  await expect(page.locator("body")).toHaveClass(/theme2/);
  expect(await canvas()).not.toBe(light);

  // watermark
  await expect(page.getByTestId("watermark")).toHaveCount(0);
  await page.getByTestId("watermark-switch").click();
  const watermark = page.getByTestId("watermark");
  await expect(watermark).toBeVisible();
  await expect(watermark.locator(":scope > div")).toHaveCount(12);
  await expect(watermark).toContainText(`${dispatcher.name} ${dispatcher.account}`);
  await page.getByTestId("watermark-switch").click();
  await expect(page.getByTestId("watermark")).toHaveCount(0);

  // back to Chinese and light for the other tests, then sign out
  await page.getByTestId("theme-switch").click();
  await page.getByTestId("lang-switch").click();
  await page.getByRole("button", { name: "退出登录" }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText("您已安全退出")).toBeVisible();
  await page.goto("/contractList");
  await expect(page).toHaveURL(/\/login\?l=f/);
});

test("an expired session lands on /login with the message, once", async ({ page }) => {
  await signIn(page, viewer.account, viewer.password);
  // this test's own session, the newest: others of the same user (the shared signed-in state) go on
  await database().execute({
    sql: "update sessions set expires_at = ? where id = (select s.id from sessions s join users u on u.id = s.user_id where u.login_account = ? order by s.created_at desc limit 1)",
    args: [Date.now() - 1000, viewer.account],
  });
  const menu = page.getByRole("navigation", { name: "主菜单" });
  await menu.getByRole("button", { name: "数据报表" }).click();
  await menu.getByRole("link", { name: "告警信息" }).click();
  await expect(page).toHaveURL(/\/login\?l=f/);
  await expect(page.getByText("会话失效,请重新登录")).toBeVisible();
  await page.reload();
  await expect(page.getByText("会话失效,请重新登录")).toHaveCount(0);
});

test.describe("as the viewer", () => {
  test.use({ storageState: signedIn("viewer") });

  test("a screen guarded by a missing permission shows 权限不足！", async ({ page }) => {
    const res = await page.goto("/userManage");
    expect(res?.status()).toBe(403);
    await expect(page.getByRole("alert")).toContainText("权限不足！");
    // the shell stays, so the user can go elsewhere
    await expect(page.getByRole("navigation", { name: "主菜单" })).toBeVisible();
  });
});
