import { expect, type Page } from "@playwright/test";

/** The manager who approves contracts: a second administrator (the role holds contractList:approve), made through 用户管理 in zh-CN. */
export async function makeManager(page: Page, account: string) {
  await page.goto("/userManage?new=1");
  const form = page.getByTestId("resource-form");
  // the drawer's fields come with its chunk, and once it has taken over it focuses the first field: typing before
  // that lost the user name into the account field
  await expect(form.getByLabel("登录账号")).toBeFocused();
  await form.getByLabel("登录账号").fill(account);
  await form.getByLabel("用户名").fill(`经理${account.slice(-4)}`);
  await form.getByLabel("初始密码").fill("Passw0rd@26");
  await form.getByLabel("所属组织").selectOption({ index: 1 });
  await form.getByLabel("角色").selectOption({ label: "系统管理员" });
  await form.getByLabel("手机号").fill(`139${String(Date.now()).slice(-8)}`);
  await form.getByRole("button", { name: "保存" }).click();
  await expect(page).not.toHaveURL(/new=1/);
  await page.goto(`/userManage?q=${account}`);
  await expect(page.getByTestId("data-table")).toContainText(account);
}

/** A transition of the contract document: its button, then 确定 in the confirmation. */
export async function confirmTransition(page: Page, button: string, confirm: string) {
  await page.getByRole("button", { name: button, exact: true }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: confirm }).click();
}
