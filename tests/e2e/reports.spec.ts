import { statSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { DEMO_USERS } from "../../db/seed/demo";
import { signIn, untilHydrated } from "./support";

const { admin } = DEMO_USERS;

// The four reports in both languages on the demo tenant: each opened, a quick range chosen (the chip marked current,
// the period shown, the chart named for screen readers, the table there), 合同收入 grouped by customer and exported
// (an .xlsx named after the report and its days); screenshots of each at 1280 and 1920 px, light and dark, into
// screenshots/reports/.
const TEXTS = {
  "zh-CN": { year: "最近一年", lastMonth: "上月", customer: "客户", revenue: "合同收入", file: "合同收入" },
  "en-US": { year: "Last 365 days", lastMonth: "Last month", customer: "Customer", revenue: "Contract Revenue", file: "Contract Revenue" },
} as const;

const REPORTS = [
  { path: "/contractRevenue", name: "contract-revenue" },
  { path: "/customerZeroRentReport", name: "customer-zero-rent" },
  { path: "/overtimeReport", name: "overtime" },
  { path: "/operateDataReport", name: "operate-data" },
] as const;

async function shoot(page: Page, url: string, name: string) {
  const root = new URL("/", page.url()).href;
  for (const width of [1280, 1920]) {
    for (const theme of ["light", "dark"] as const) {
      await page.context().addCookies([{ name: "derrick_theme", value: theme, url: root }]);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(url);
      await page.screenshot({ path: `tests/e2e/screenshots/reports/${name}-${width}-${theme}.png`, fullPage: true });
    }
  }
  await page.context().addCookies([{ name: "derrick_theme", value: "light", url: root }]);
  await page.setViewportSize({ width: 1280, height: 900 });
}

for (const lang of ["zh-CN", "en-US"] as const) {
  test(`the four reports with a quick range, 合同收入 exported (${lang})`, async ({ page }) => {
    const x = TEXTS[lang];
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, admin.account, admin.password);
    await page.context().addCookies([{ name: "derrick_lang", value: lang, url: page.url() }]);

    for (const r of REPORTS) {
      await page.goto(r.path);
      await expect(page.getByTestId("report-table")).toBeVisible();
      const chip = page.getByTestId("quick-ranges").getByRole("link", { name: x.year, exact: true });
      await chip.click();
      await expect(page).toHaveURL(/range=recently365/);
      await expect(page.getByTestId("quick-ranges").getByRole("link", { name: x.year, exact: true })).toHaveAttribute("aria-current", "true");
      await expect(page.getByTestId("report-range")).toContainText("~");
      await expect(page.getByTestId("report-table")).toBeVisible();
      // the chart, when there is something to draw, is one named image
      const svg = page.getByTestId("report-chart").locator("svg[role=img]");
      if (await svg.count()) await expect(svg).toHaveAttribute("aria-label", /.+/);
      await shoot(page, page.url(), `${r.name}-${lang}`);
    }

    // 合同收入 by customer over the last year, then its Excel file
    await page.goto("/contractRevenue?range=recently365");
    await page.getByTestId("group-by").getByRole("link", { name: x.customer, exact: true }).click();
    await expect(page).toHaveURL(/by=customer/);
    await expect(page).toHaveURL(/range=recently365/);
    await expect(page.getByTestId("report-table").locator("thead")).toContainText(x.customer);
    const exportLink = page.getByTestId("export");
    await untilHydrated(exportLink);
    const download = page.waitForEvent("download");
    await exportLink.click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^${x.file}-\\d{4}-\\d{2}-\\d{2}-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
    expect(statSync(await file.path()).size).toBeGreaterThan(1000);

    // typed days keep the grouping
    await page.getByRole("textbox", { name: lang === "zh-CN" ? "开始日期" : "From", exact: true }).fill("2026-01-01");
    await page.getByRole("textbox", { name: lang === "zh-CN" ? "结束日期" : "To", exact: true }).fill("2026-06-30");
    await page.getByRole("button", { name: lang === "zh-CN" ? "查询" : "Search" }).click();
    await expect(page).toHaveURL(/by=customer/);
    await expect(page.getByTestId("report-range")).toContainText("2026-01-01 ~ 2026-06-30");
  });
}
