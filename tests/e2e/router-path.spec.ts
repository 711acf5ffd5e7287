import { expect, test } from "@playwright/test";
import { screenshot, signedIn } from "./support";

test.use({ storageState: signedIn("admin") });
const stamp = () => Date.now().toString(36);

test("a menu item is added under a group, refused as its own parent, and shows in the operation log", async ({ page }) => {
  await page.goto("/routerPath?q=group_system");
  await expect(page.getByRole("heading", { name: "路由管理" })).toBeVisible();

  const name = `巡检菜单${stamp()}`;
  const privisId = String(Date.now() % 1e9);
  await page.getByTestId("add").click();
  const form = page.getByTestId("resource-form");
  await form.getByLabel("菜单名称").fill(name);
  await form.getByLabel("英文名称").fill("Inspection menu");
  await form.getByLabel("菜单编号").fill(privisId);
  await form.getByLabel("权限标识").fill(`e2e_${stamp()}`);
  await form.getByLabel("上级菜单").selectOption("23");
  await form.getByLabel("路由路径").fill(`/e2e${stamp()}`);
  await screenshot(page, "router-path/form");
  await form.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("操作成功！")).toBeVisible();

  await page.goto(`/routerPath?q=${encodeURIComponent(name)}`);
  const table = page.getByTestId("data-table");
  await expect(table).toContainText("系统管理");
  await table.getByRole("checkbox", { name: new RegExp(name) }).check();
  await page.getByRole("button", { name: "编辑" }).click();
  await page.getByTestId("resource-form").getByLabel("上级菜单").selectOption(privisId);
  await page.getByTestId("resource-form").getByRole("button", { name: "保存" }).click();
  await expect(page.getByTestId("resource-form")).toContainText("上级菜单不能是自己");
  await screenshot(page, "router-path/refused");

  await page.goto("/operationLog?entity=menu");
  await expect(page.getByTestId("data-table")).toContainText(`菜单名称=${name}`);
  await expect(page.getByTestId("add")).toHaveCount(0);
  await screenshot(page, "router-path/operation-log");
});
