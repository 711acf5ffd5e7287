import { expect, test, type Page } from "@playwright/test";
import { DEMO_USERS } from "../../db/seed/demo";
import { signIn, untilHydrated } from "./support";

const { admin } = DEMO_USERS;

// 逾期合同 in both languages: the demo's overdue contracts listed with their buckets, an urge recorded on the first one
// (way, content, next urge day) and the list showing that next day; screenshots of the list and the contract's page at
// 1280 and 1920 px, light and dark, into screenshots/overdue/.
const TEXTS = {
  "zh-CN": { title: "逾期合同", save: "保存", phone: "phone" },
  "en-US": { title: "Overdue Contracts", save: "Save", phone: "phone" },
} as const;

const dayIn = (offset: number) => {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

async function shoot(page: Page, url: string, name: string) {
  const root = new URL("/", page.url()).href;
  for (const width of [1280, 1920]) {
    for (const theme of ["light", "dark"] as const) {
      await page.context().addCookies([{ name: "derrick_theme", value: theme, url: root }]);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(url);
      await page.screenshot({ path: `tests/e2e/screenshots/overdue/${name}-${width}-${theme}.png`, fullPage: true });
    }
  }
  await page.context().addCookies([{ name: "derrick_theme", value: "light", url: root }]);
  await page.setViewportSize({ width: 1280, height: 900 });
}

for (const lang of ["zh-CN", "en-US"] as const) {
  test(`an urge on a demo overdue contract, listed with its next day (${lang})`, async ({ page }) => {
    const x = TEXTS[lang];
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, admin.account, admin.password);
    await page.context().addCookies([{ name: "derrick_lang", value: lang, url: page.url() }]);
    await page.goto("/overdueContract");
    await expect(page.getByRole("heading", { name: x.title })).toBeVisible();
    const rows = page.getByTestId("overdue-row");
    await expect(rows.first()).toBeVisible();
    await shoot(page, "/overdueContract", `list-${lang}`);

    const first = rows.first();
    const number = (await first.getByTestId("overdue-open").textContent())!.trim();
    await first.getByTestId("overdue-open").click();
    const form = page.getByTestId("act-form");
    await untilHydrated(form.locator("#act-content"));
    const next = dayIn(lang === "zh-CN" ? 3 : 4);
    await form.locator("#act-way").selectOption("phone");
    await form.locator("#act-nextOn").fill(next);
    await form.locator("#act-content").fill(`E2E ${lang} 电话催款，客户承诺下周付款`);
    await shoot(page, page.url(), `contract-${lang}`);
    // the screenshots reloaded the page: its scripts take over the form again before it is filled (a slow machine
    // hydrated it under the typing and posted it empty)
    await untilHydrated(form.locator("#act-content"));
    await form.locator("#act-way").selectOption("phone");
    await form.locator("#act-nextOn").fill(next);
    await form.locator("#act-content").fill(`E2E ${lang} 电话催款，客户承诺下周付款`);
    await page.getByTestId("act-save").click();
    await expect(page.getByTestId("acts")).toContainText(`E2E ${lang}`);

    await page.goto("/overdueContract");
    const row = page.getByTestId("overdue-row").filter({ hasText: number });
    await expect(row.getByTestId("next-urge")).toHaveText(next);
  });
}
