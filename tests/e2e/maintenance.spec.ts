import { expect, test } from "@playwright/test";
import { prefer, screenshotsAt, signedIn, untilHydrated } from "./support";

// 保养计划 (/maintenancePlan) where only a browser shows it, on the demo's plans (db/seed/rental/maintenance.ts): the due
// list's tabs, overdue first; 登记保养 from an overdue row opens the service record with its plan, machine and items
// filled in, and saved, the machine starts its next cycle (正常); on 表读数, 录入读数 in the drawer by keyboard and 作废
// with a reason in the confirmation. Both languages, pictures at 1280 and 1920 wide. The rules and their refusals are
// the worker layer's (tests/worker/maintenance.test.ts).

test.use({ storageState: signedIn("admin") });

const TEXT = {
  "zh-CN": { tabs: ["到期提醒", "保养计划", "保养记录", "表读数"], overdue: "已超期", record: "登记保养", item: "保养项目 1", doneBy: "保养人", machine: "设备", hours: "发动机小时", remark: "备注", void: "作废", reason: "作废原因", confirm: "确定", voided: "已作废", below: /发动机小时不能小于该设备当日表读数 [\d,]+\.\d 小时/ },
  "en-US": { tabs: ["Due list", "Plans", "Service records", "Meter readings"], overdue: "Overdue", record: "Record a service", item: "Item 1", doneBy: "Done by", machine: "Machine", hours: "Engine hours", remark: "Remark", void: "Void", reason: "Reason for voiding", confirm: "Confirm", voided: "Void", below: /The engine hours cannot be below the machine's meter that day, [\d,]+\.\d h/ },
} as const;

for (const lang of ["zh-CN", "en-US"] as const) {
  test(`the due list puts the overdue first, and a service recorded from it starts the next cycle (${lang})`, async ({ page }) => {
    const x = TEXT[lang];
    await page.setViewportSize({ width: 1280, height: 900 });
    await prefer(page, lang);
    await page.goto("/maintenancePlan");
    const tabs = page.getByRole("navigation", { name: lang === "zh-CN" ? "保养计划" : "Maintenance plans" });
    for (const tab of x.tabs) await expect(tabs.getByRole("link", { name: tab })).toBeVisible();
    const rows = page.locator("tbody tr");
    await expect(rows.first()).toContainText(x.overdue);
    await screenshotsAt(page, "/maintenancePlan", `maintenance/due-${lang}`);
    // the first overdue machine and plan: serviced now
    const link = rows.first().getByRole("link", { name: x.record });
    const [, planId] = /planId=(\d+)/.exec((await link.getAttribute("href")) ?? "")!;
    const overdueOfPlan = async () => {
      await page.goto(`/maintenancePlan?planId=${planId}&dueState=2&size=100`);
      return page.locator("tbody tr").filter({ hasText: x.overdue }).count();
    };
    const before = await overdueOfPlan();
    await page.locator("tbody tr").first().getByRole("link", { name: x.record }).click();
    await expect(page).toHaveURL(new RegExp(`/maintenancePlan/records/form\\?new=1&planId=${planId}&vehicleId=\\d+`));
    // the plan's items to check, each 正常 until told
    await expect(page.getByRole("textbox", { name: x.item, exact: true })).not.toHaveValue("");
    if (await screenshotsAt(page, page.url(), `maintenance/record-${lang}`, { fullPage: true })) await page.waitForLoadState();
    const doneBy = page.getByLabel(x.doneBy);
    await untilHydrated(doneBy);
    await doneBy.fill(`e2e ${lang}`);
    await page.getByTestId("document-save").click();
    await expect(page).toHaveURL(/\/maintenancePlan\/records\/form\?id=\d+/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/BY-\d{6}-\d{4}/);
    // its schedule is no longer overdue
    expect(await overdueOfPlan()).toBe(before - 1);
  });

  test(`a reading is entered in the drawer by keyboard, a backwards one refused, and voided with a reason (${lang})`, async ({ page }) => {
    const x = TEXT[lang];
    await page.setViewportSize({ width: 1280, height: 900 });
    await prefer(page, lang);
    await page.goto("/maintenancePlan/readings?new=1");
    const form = page.getByTestId("resource-form");
    const machine = form.getByLabel(x.machine);
    await untilHydrated(machine);
    await machine.selectOption({ index: 1 });
    // a reading of 1 h today is below the meter of a machine that has worked: refused, naming the meter, typed instead
    await form.getByLabel(x.hours).fill("1.0");
    await form.getByLabel(x.remark).fill(`e2e ${lang}`);
    await form.getByLabel(x.remark).press("Enter");
    const refusal = page.getByTestId("resource-form").getByText(x.below);
    await expect(refusal).toBeVisible();
    const meter = /([\d,]+\.\d)/.exec((await refusal.innerText()).match(x.below)![0])![1]!;
    await page.getByTestId("resource-form").getByLabel(x.hours).fill(meter);
    await page.getByTestId("resource-form").getByLabel(x.hours).press("Enter");
    await expect(page.getByTestId("resource-form")).toHaveCount(0);
    const row = page.locator("tbody tr").filter({ hasText: `e2e ${lang}` });
    await expect(row).toHaveCount(1);
    await screenshotsAt(page, "/maintenancePlan/readings", `maintenance/readings-${lang}`);
    await row.getByRole("button", { name: x.void }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByLabel(x.reason).fill("读错表");
    await dialog.getByRole("button", { name: x.confirm }).click();
    await expect(page.locator("tbody tr").filter({ hasText: `e2e ${lang}` })).toContainText(x.voided);
  });
}
