import { expect, test, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { DEMO_USERS } from "../../db/seed/demo";
import { signIn } from "./support";

const { admin } = DEMO_USERS;
type Lang = "zh-CN" | "en-US";

const TEXT = {
  "zh-CN": { visits: "客户回访", research: "客户调研", figures: "满意度统计", average: "本表平均分" },
  "en-US": { visits: "Customer Follow-Up Visits", research: "Customer Research", figures: "Satisfaction figures", average: "This form's average" },
} as const;

const setLanguage = (page: Page, lang: Lang, theme: "light" | "dark" = "light") =>
  page.context().addCookies([
    { name: "derrick_lang", value: lang, url: page.url() },
    { name: "derrick_theme", value: theme, url: page.url() },
  ]);

for (const lang of ["zh-CN", "en-US"] as const) {
  test(`${lang}: record a visit with a photo and see it listed; fill a satisfaction form and see its average`, async ({ page }) => {
    const x = TEXT[lang];
    await signIn(page, admin.account, admin.password);
    await setLanguage(page, lang);

    await page.goto("/customerVisit?new=1");
    // the drawer's fields are the server's until the page hydrates: type once it has
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(x.visits);
    const form = page.getByTestId("resource-form");
    await form.locator('select[name="customerId"]').selectOption({ index: 1 });
    await form.locator('select[name="purpose"]').selectOption("collection");
    const content = `对账催款 e2e ${lang} ${Date.now()}`;
    await form.locator('textarea[name="content"]').fill(content);
    await form.locator('textarea[name="nextStep"]').fill("20号前跟进付款");
    await form.getByTestId("upload").locator('input[type="file"]').setInputFiles("tests/e2e/fixtures/logo.png");
    await expect(form.locator('input[type="hidden"][name="photos"]')).toHaveCount(1);
    await form.locator('button[type="submit"]').last().click();
    await expect(page.getByTestId("resource-form")).toHaveCount(0);
    await expect(page.getByText(content)).toBeVisible();

    await page.goto("/customerresearch?new=1");
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(x.research);
    const survey = page.getByTestId("resource-form");
    await survey.locator('select[name="customerId"]').selectOption({ index: 1 });
    const respondent = `e2e ${lang} ${Date.now()}`.slice(0, 30);
    await survey.locator('input[name="respondent"]').fill(respondent);
    const rows = survey.getByTestId("score-fields").locator("fieldset");
    const n = await rows.count();
    expect(n).toBeGreaterThan(1);
    // all 4 but the first question 5: the average shows as the scores are chosen
    for (let i = 0; i < n; i++) await rows.nth(i).locator(`input[type="radio"][value="${i === 0 ? 5 : 4}"]`).check();
    const expected = (Math.floor((200 * (5 + 4 * (n - 1)) + n) / (2 * n)) / 100).toFixed(2);
    await expect(survey.getByTestId("form-average")).toContainText(`${x.average}: ${expected}`);
    await survey.locator('button[type="submit"]').last().click();
    await expect(page.getByTestId("resource-form")).toHaveCount(0);
    const row = page.locator("tr", { hasText: respondent });
    await expect(row).toContainText(expected);
    await expect(page.getByTestId("survey-figures")).toContainText(x.figures);
  });
}

test("screenshots of the visits and the research screens at 1280 wide, both languages and both themes", async ({ page }) => {
  mkdirSync("tests/e2e/screenshots/visits", { recursive: true });
  await signIn(page, admin.account, admin.password);
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const lang of ["zh-CN", "en-US"] as const) {
    for (const theme of ["light", "dark"] as const) {
      await setLanguage(page, lang, theme);
      await page.goto("/customerVisit");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(TEXT[lang].visits);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      await page.screenshot({ path: `tests/e2e/screenshots/visits/visits-${lang}-${theme}.png` });
      await page.goto("/customerresearch");
      await expect(page.getByTestId("survey-figures")).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      await page.screenshot({ path: `tests/e2e/screenshots/visits/research-${lang}-${theme}.png`, fullPage: true });
      await page.goto("/customerresearch?new=1");
      await expect(page.getByTestId("score-fields")).toBeVisible();
      await page.screenshot({ path: `tests/e2e/screenshots/visits/survey-form-${lang}-${theme}.png` });
    }
  }
});
