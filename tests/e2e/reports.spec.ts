import { statSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { prefer, screenshotsAt, signedIn, untilHydrated } from "./support";

test.use({ storageState: signedIn("admin") });

// The reports in both languages on the demo tenant: each opened, a quick range chosen (the chip marked current,
// the period shown, the chart named for screen readers, the table there), 合同收入 grouped by customer and exported
// (an .xlsx named after the report and its days); pictures of each at 1280 and 1920 px, light and dark, into
// screenshots/reports/ (npm run screenshots).
const TEXTS = {
  "zh-CN": { year: "最近一年", lastMonth: "上月", customer: "客户", revenue: "合同收入", file: "合同收入" },
  "en-US": { year: "Last 365 days", lastMonth: "Last month", customer: "Customer", revenue: "Contract Revenue", file: "Contract Revenue" },
} as const;

const REPORTS = [
  { path: "/contractRevenue", name: "contract-revenue" },
  { path: "/customerZeroRentReport", name: "customer-zero-rent" },
  { path: "/overtimeReport", name: "overtime" },
  { path: "/operateDataReport", name: "operate-data" },
  { path: "/operationReport", name: "operation" },
  { path: "/oilWearReport", name: "oil-wear" },
  { path: "/hdReport", name: "hd" },
  { path: "/tjwsWorkingReport", name: "tjws" },
  { path: "/performanceReport", name: "performance" },
  { path: "/engineeringEquipment", name: "equipment" },
  { path: "/engineeringEquipmentList", name: "equipment-list" },
  { path: "/mileageReport", name: "mileage" },
  { path: "/onlineReport", name: "online" },
  { path: "/drivingBehaviorReport", name: "driving-behaviour" },
] as const;

for (const lang of ["zh-CN", "en-US"] as const) {
  test(`the reports with a quick range, 合同收入 exported (${lang})`, async ({ page }) => {
    const x = TEXTS[lang];
    await page.setViewportSize({ width: 1280, height: 900 });
    await prefer(page, lang);

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
      await screenshotsAt(page, page.url(), `reports/${r.name}-${lang}`, { fullPage: true });
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
