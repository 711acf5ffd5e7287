import { expect, test } from "@playwright/test";
import { database, signedIn } from "./support";

test.use({ storageState: signedIn("admin") });


test("vehicle archive: a bad VIN is refused with its message, the fixed vehicle is listed, then stopped after a confirmation", async ({ page }) => {
  await page.goto("/deviceList");
  await expect(page.getByRole("heading", { name: "车辆管理" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "档案" }).getByRole("link", { name: "车型" })).toBeVisible();

  const stamp = Date.now().toString(36).toUpperCase();
  const plate = `沪E${stamp.slice(-5)}`;
  const terminal = `E2E${stamp.slice(-7).padStart(7, "0")}`;
  await page.getByTestId("add").click();
  const form = page.getByTestId("resource-form");
  await form.getByRole("textbox", { name: "车牌号", exact: true }).fill(plate);
  await form.getByRole("textbox", { name: "终端号", exact: true }).fill(terminal);
  await form.getByRole("textbox", { name: "VIN码", exact: true }).fill("LZZ1CLSB0000000IO");
  await form.getByRole("combobox", { name: "所属组织" }).selectOption({ index: 1 });
  await form.getByRole("button", { name: "保存" }).click();
  await expect(page.getByTestId("resource-form")).toContainText("VIN码须为17位字母或数字，且不含 I、O、Q");
  // what was typed is still there
  await expect(page.getByTestId("resource-form").getByRole("textbox", { name: "车牌号", exact: true })).toHaveValue(plate);

  await page.getByTestId("resource-form").getByRole("textbox", { name: "VIN码", exact: true }).fill("LZZ1CLSB000000777");
  await page.getByTestId("resource-form").getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("操作成功！")).toBeVisible();
  await expect(page.getByTestId("resource-form")).toHaveCount(0);

  await page.getByLabel("车牌号/终端号/自编号/VIN码").fill(plate);
  await page.getByRole("button", { name: "查询" }).click();
  // the new vehicle is already on the first page: wait for the search itself, or its answer replaces the table
  // (and the dialog opened from it) under the test
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByTestId("loading-mask")).toHaveCount(0);
  const row = page.getByTestId("data-table").locator("tbody tr", { hasText: plate });
  await expect(row).toContainText(terminal);
  await expect(row).toContainText("启用");

  await row.getByRole("button", { name: "停用" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("确定停用所选车辆吗？");
  await expect(dialog).toContainText(plate);
  await dialog.getByRole("button", { name: "确定" }).click();
  // the row's state is what stays on screen (the 操作成功！ flash can be gone by the time a loaded machine looks):
  // a stopped vehicle offers 启用 instead of 停用
  await expect(page.getByTestId("data-table").locator("tbody tr", { hasText: plate }).getByRole("button", { name: "启用" })).toBeVisible();
  const rs = await database().execute({ sql: "select state, vin from vehicles where plate = ?", args: [plate] });
  expect(rs.rows[0]).toMatchObject({ state: 0, vin: "LZZ1CLSB000000777" });
});
