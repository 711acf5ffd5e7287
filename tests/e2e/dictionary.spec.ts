import { expect, test, type Page } from "@playwright/test";
import { signedIn } from "./support";

test.use({ storageState: signedIn("admin") });


const editor = (page: Page) => page.getByTestId("dictionary-editor");
const names = (page: Page) => editor(page).getByRole("textbox", { name: /^选项名称 \d+$/ });

async function expectNames(page: Page, expected: string[]) {
  await expect.poll(() => names(page).evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).toEqual(expected);
}

async function openEditor(page: Page, code: string) {
  await page.getByTestId(`options-${code}`).click();
  await expect(editor(page)).toHaveAttribute("data-hydrated", "true");
}

async function saveAndConfirm(page: Page) {
  await editor(page).getByTestId("dictionary-save").click();
  const dialog = page.getByRole("dialog", { name: "确定保存吗？" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "确定" }).click();
  await expect(page.getByText("操作成功！")).toBeVisible();
  await expect(editor(page)).toHaveCount(0);
}

test("dictionary editor: add options, reorder, save, delete", async ({ page }) => {
  await page.goto("/disData");
  await expect(page.getByRole("heading", { name: "数据字典" })).toBeVisible();

  // a system dictionary only says whom to ask
  await page.getByTestId("options-account_state").click();
  await expect(page.getByText("请联系系统管理员修改")).toBeVisible();
  await page.goto("/disData");

  // a custom dictionary of our own, made through the screen
  const code = `e2e_${Date.now().toString(36)}`;
  await page.getByTestId("add").click();
  const form = page.getByTestId("resource-form");
  await form.getByLabel("字典编码").fill(code);
  await form.getByLabel("字典名称").fill(`测试字典${code.slice(-4)}`);
  await form.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("操作成功！")).toBeVisible();

  // add three options; an empty one is refused with the 2-second hint
  await openEditor(page, code);
  await editor(page).getByRole("button", { name: "新增选项" }).click();
  await editor(page).getByTestId("dictionary-save").click();
  await expect(editor(page).getByRole("alert")).toHaveText("选项名称不能为空！");
  await expect(editor(page).getByRole("alert")).toHaveCount(0, { timeout: 3_000 });
  await names(page).nth(0).fill("履带");
  for (const name of ["轮式", "塔式"]) {
    await editor(page).getByRole("button", { name: "新增选项" }).click();
    await names(page).last().fill(name);
  }
  await saveAndConfirm(page);

  // reorder: a button moves 塔式 up, the keyboard (Alt+↑) moves it to the top
  await openEditor(page, code);
  await expectNames(page, ["履带", "轮式", "塔式"]);
  await editor(page).getByRole("button", { name: "上移 塔式" }).click();
  await expectNames(page, ["履带", "塔式", "轮式"]);
  await names(page).nth(1).press("Alt+ArrowUp");
  await expectNames(page, ["塔式", "履带", "轮式"]);
  await saveAndConfirm(page);
  await openEditor(page, code);
  await expectNames(page, ["塔式", "履带", "轮式"]);

  // delete asks 确定删除吗? first, then the save removes it
  await editor(page).getByRole("button", { name: "删除 履带" }).click();
  const ask = page.getByRole("dialog", { name: "确定删除吗?" });
  await ask.getByRole("button", { name: "确定" }).click();
  await expectNames(page, ["塔式", "轮式"]);
  await saveAndConfirm(page);
  await openEditor(page, code);
  await expectNames(page, ["塔式", "轮式"]);
  await expect(page.getByTestId("data-table")).toContainText(code);
});

test.describe("dictionary editor without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("adds, moves and saves through plain forms with the server's confirmation", async ({ page }) => {
    await page.goto("/disData");
    const code = `nojs_${Date.now().toString(36)}`;
    await page.getByTestId("add").click();
    await page.getByTestId("resource-form").getByLabel("字典编码").fill(code);
    await page.getByTestId("resource-form").getByLabel("字典名称").fill(`无脚本${code.slice(-4)}`);
    await page.getByRole("button", { name: "保存" }).click();
    await expect(page.getByText("操作成功！")).toBeVisible();

    await page.getByTestId(`options-${code}`).click();
    await editor(page).getByRole("button", { name: "新增选项" }).click();
    await names(page).last().fill("甲");
    await editor(page).getByRole("button", { name: "新增选项" }).click();
    await expectNames(page, ["甲", ""]);
    // an empty name comes back from the server next to its row
    await editor(page).getByTestId("dictionary-save").click();
    await expect(editor(page).getByRole("alert")).toHaveText("选项名称不能为空！");
    await names(page).last().fill("乙");
    await editor(page).getByRole("button", { name: "上移 2" }).click();
    await expectNames(page, ["乙", "甲"]);
    await editor(page).getByTestId("dictionary-save").click();
    const confirm = page.getByRole("alertdialog", { name: "确定保存吗？" });
    await confirm.getByRole("button", { name: "确定" }).click();
    await expect(page.getByText("操作成功！")).toBeVisible();
    await page.getByTestId(`options-${code}`).click();
    await expectNames(page, ["乙", "甲"]);
  });
});
