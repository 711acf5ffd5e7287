import { expect, test } from "@playwright/test";
import { signedIn } from "./support";

// a demo vehicle of 苏州项目部, outside 上海项目部's data scope (db/seed/telematics.ts spreads vehicles over the departments)
const PLATE = "沪AD0003";

test("a project dispatcher applies for a vehicle, the administrator approves, and the vehicle appears for the applicant", async ({ browser }) => {
  const applicant = await (await browser.newContext({ storageState: signedIn("project") })).newPage();
  await applicant.goto("/deviceList");
  await expect(applicant.getByTestId("data-table")).toBeVisible();
  await expect(applicant.getByTestId("data-table")).not.toContainText(PLATE);

  // apply: pick the vehicle by keyboard in the searching picker
  await applicant.goto("/dataPermission");
  await expect(applicant.getByRole("heading", { name: "数据权限" })).toBeVisible();
  await applicant.getByTestId("add").click();
  const form = applicant.getByTestId("resource-form");
  const picker = form.getByRole("combobox", { name: "申请车辆" });
  await picker.fill("AD0003");
  await expect(form.getByRole("option", { name: new RegExp(PLATE) })).toBeVisible();
  await picker.press("Enter");
  await expect(form.getByTestId("vehicle-picker-vehicles")).toContainText(PLATE);
  await form.getByLabel("申请原因").fill("苏州项目部借调，需要查看位置");
  await form.getByRole("button", { name: "保存" }).click();
  await expect(applicant.getByText("操作成功！")).toBeVisible();
  const row = applicant.getByTestId("data-table").locator("tbody tr", { hasText: PLATE });
  await expect(row).toContainText("待审批");
  // no review buttons for the applicant
  await expect(row.getByRole("button", { name: "通过" })).toHaveCount(0);

  // the administrator approves after the confirmation
  const reviewer = await (await browser.newContext({ storageState: signedIn("admin") })).newPage();
  await reviewer.goto(`/dataPermission?plate=${encodeURIComponent(PLATE)}`);
  const pending = reviewer.getByTestId("data-table").locator("tbody tr", { hasText: PLATE });
  // the row's buttons post in the page (no reload: the marker survives the confirmation and the save)
  await reviewer.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await pending.getByRole("button", { name: "通过" }).click();
  const dialog = reviewer.getByRole("alertdialog");
  await expect(dialog).toContainText("确定通过选中的数据权限申请吗？");
  await dialog.getByRole("button", { name: "确定" }).click();
  await expect(reviewer.getByText("操作成功！")).toBeVisible();
  await expect(pending).toContainText("已通过");
  await expect(pending.getByRole("button", { name: "停用" })).toBeVisible();
  expect(await reviewer.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  // the applicant now sees the vehicle
  await applicant.goto("/deviceList");
  await expect(applicant.getByTestId("data-table")).toContainText(PLATE);

  // disabled (asked first, the reason shown), it is gone again
  await pending.getByRole("button", { name: "停用" }).click();
  await expect(dialog).toContainText("苏州项目部借调，需要查看位置");
  await dialog.getByRole("button", { name: "确定" }).click();
  // the row's button turns to 启用 once the server has disabled it (the "停用" text alone is also the button's label)
  await expect(pending.getByRole("button", { name: "启用" })).toBeVisible();
  await expect(pending.getByRole("button", { name: "停用" })).toHaveCount(0);
  await applicant.goto("/deviceList");
  await expect(applicant.getByTestId("data-table")).toBeVisible();
  await expect(applicant.getByTestId("data-table")).not.toContainText(PLATE);
});
