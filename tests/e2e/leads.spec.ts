import { expect, test } from "@playwright/test";
import { prefer, screenshot, signedIn, untilHydrated } from "./support";

test.use({ storageState: signedIn("admin") });

const TEXT = {
  "zh-CN": { title: "业务列表", stage: "需求确认", convert: "转为合同" },
  "en-US": { title: "Business List", stage: "Needs confirmed", convert: "Convert to contract" },
} as const;

for (const [lang, theme] of [
  ["zh-CN", "light"],
  ["en-US", "dark"],
] as const) {
  test(`${lang}: open the leads, create one for a prospect and find it listed with its value, at 1280 (${theme})`, async ({ page }) => {
    const x = TEXT[lang];
    await page.setViewportSize({ width: 1280, height: 800 });
    await prefer(page, lang, theme);

    await page.goto("/businessList");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(x.title);
    // the seeded won lead with a customer offers its conversion
    await expect(page.getByTestId("lead-convert").first()).toHaveText(x.convert);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await screenshot(page, `leads/list-${lang}-${theme}`);

    await page.goto("/businessList?new=1");
    const form = page.getByTestId("resource-form");
    // the drawer's fields are the server's until the page hydrates: type once it has
    await untilHydrated(form.locator('input[name="title"]'));
    const title = `宝山物流园吊装 e2e ${lang} ${Date.now()}`.slice(0, 50);
    await form.locator('input[name="title"]').fill(title);
    await form.locator('select[name="stage"]').selectOption("1");
    await form.locator('input[name="prospect"]').fill("上海宝冶物流有限公司");
    await form.locator('input[name="expected"]').fill("286000.5");
    await form.locator('input[name="expectedStart"]').fill("2026-12-15");
    await form.locator('input[name="expectedEnd"]').fill("2027-03-15");
    await form.locator('textarea[name="equipmentWanted"]').fill("80 吨汽车吊 1 台，月租");
    await screenshot(page, `leads/form-${lang}-${theme}`);
    await form.locator('button[type="submit"]').last().click();
    await expect(page.getByTestId("resource-form")).toHaveCount(0);
    const row = page.locator("tr", { hasText: title });
    await expect(row).toContainText("286,000.50");
    await expect(row).toContainText(x.stage);
    await expect(row).toContainText("上海宝冶物流有限公司");
  });
}
