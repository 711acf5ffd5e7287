import { expect, test } from "@playwright/test";
import { prefer, screenshot, signedIn, untilHydrated } from "./support";

// The house's document page (设备调拨, /equipmentTransfer/form) where only a browser can show it: once the page has
// hydrated, a row is added, moved and removed at once, without a request; the freight's total follows what is typed;
// a bad amount is named under its cell when the clerk leaves it, before any save; the saved transfer comes back with
// its number and its lines. The server's answers without JavaScript are the worker layer's (tests/worker/transfers.test.ts).

test.use({ storageState: signedIn("admin") });

const TEXT = {
  "zh-CN": { draft: "草稿", freight: "运费(元)", hours: "交接工作小时", badHours: "请输入正确的数量（最多1位小数）", up: (n: number) => `第 ${n} 行上移`, remove: (n: number) => `删除第 ${n} 行` },
  "en-US": { draft: "Draft", freight: "Freight (¥)", hours: "Engine hours at handover", badHours: "Enter a quantity (at most 1 after the decimal point)", up: (n: number) => `Move line ${n} up`, remove: (n: number) => `Remove line ${n}` },
} as const;

for (const [lang, theme] of [
  ["zh-CN", "light"],
  ["en-US", "dark"],
] as const) {
  test(`${lang}: a transfer's lines are added, moved and totalled in the page, its refusals shown as typed, and it saves (${theme})`, async ({ page }) => {
    const x = TEXT[lang];
    await page.setViewportSize({ width: 1280, height: 900 });
    await prefer(page, lang, theme);
    await page.goto("/equipmentTransfer/form?new=1");
    const rows = page.getByTestId("lines-row");
    // a new transfer starts with the one line it needs
    await expect(rows).toHaveCount(1);
    await untilHydrated(page.getByTestId("add-lines"));

    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    await page.getByTestId("add-lines").click();
    await page.getByTestId("add-lines").click();
    await expect(rows).toHaveCount(3);
    expect(posts).toEqual([]);

    await page.locator('input[name="transferOn"]').fill("2026-12-09");
    await page.locator('input[name="toSite"]').fill(`e2e 张江工地 ${lang}`);
    for (const [i, plate] of [0, 1, 2].entries()) await rows.nth(i).locator("select").selectOption({ index: plate + 1 });
    const freight = (i: number) => rows.nth(i).getByLabel(`${x.freight} ${i + 1}`);
    await freight(0).fill("3500");
    await freight(1).fill("1200.5");
    await freight(2).fill("0.25");
    await page.locator('input[name="toSite"]').click();
    await expect(page.getByTestId("lines-totals")).toContainText("4,700.75");

    // the third line moves up to first, then goes; the total follows
    await rows.nth(2).getByRole("button", { name: x.up(3) }).click();
    await rows.nth(1).getByRole("button", { name: x.up(2) }).click();
    await expect(freight(0)).toHaveValue("0.25");
    await rows.nth(0).getByRole("button", { name: x.remove(1) }).click();
    await expect(rows).toHaveCount(2);
    await expect(page.getByTestId("lines-totals")).toContainText("4,700.50");
    expect(posts).toEqual([]);

    // hours with two decimals are named under its cell as soon as the clerk leaves it
    await rows.nth(1).getByLabel(`${x.hours} 2`).fill("12.34");
    await page.locator('input[name="toSite"]').click();
    await expect(rows.nth(1)).toContainText(x.badHours);
    expect(posts).toEqual([]);
    await rows.nth(1).getByLabel(`${x.hours} 2`).fill("12.5");
    await screenshot(page, `documents/transfer-${lang}-${theme}`, { fullPage: true });

    await page.getByTestId("document-save").click();
    await expect(page).toHaveURL(/\/equipmentTransfer\/form\?id=\d+/);
    await expect(page.getByTestId("document-state")).toHaveText(x.draft);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/DB-\d{6}-\d{4}/);
    await expect(rows).toHaveCount(2);
    await expect(page.getByTestId("lines-totals")).toContainText("4,700.50");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  });
}

test("the demo's transfer in approval waits in the administrator's to-do and opens on its page with 通过 and 拒绝", async ({ page }) => {
  // the dispatcher applied (db/seed/rental/transfers.ts): the administrator holds equipmentTransfer:approve
  await prefer(page, "zh-CN", "light");
  await page.goto("/manageWork");
  const entry = page.getByRole("link", { name: /设备调拨.*苏州工业园区星湖街项目/ });
  await expect(entry).toBeVisible();
  await entry.click();
  await expect(page).toHaveURL(/\/equipmentTransfer\/form\?id=\d+/);
  await expect(page.getByTestId("document-state")).toHaveText("审批中");
  await expect(page.getByRole("button", { name: "通过" })).toBeVisible();
  await expect(page.getByRole("button", { name: "拒绝" })).toBeVisible();
});
