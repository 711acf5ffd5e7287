import { expect, test } from "@playwright/test";
import { database, prefer, screenshot, screenshotsAt, signedIn, TAKING_SCREENSHOTS, untilHydrated } from "./support";

test.use({ storageState: signedIn("admin") });

// 逾期合同 in both languages: the demo's overdue contracts listed with their buckets, an urge recorded on the first one
// (way, content, next urge day) and the list showing that next day; pictures of the list and the contract's page at
// 1280 and 1920 px, light and dark, into screenshots/overdue/ (npm run screenshots).
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

for (const lang of ["zh-CN", "en-US"] as const) {
  test(`an urge on a demo overdue contract, listed with its next day (${lang})`, async ({ page }) => {
    const x = TEXTS[lang];
    await page.setViewportSize({ width: 1280, height: 900 });
    await prefer(page, lang);
    await page.goto("/overdueContract");
    await expect(page.getByRole("heading", { name: x.title })).toBeVisible();
    const rows = page.getByTestId("overdue-row");
    await expect(rows.first()).toBeVisible();
    await screenshotsAt(page, "/overdueContract", `overdue/list-${lang}`, { fullPage: true });

    const first = rows.first();
    const number = (await first.getByTestId("overdue-open").textContent())!.trim();
    await first.getByTestId("overdue-open").click();
    const form = page.getByTestId("act-form");
    await untilHydrated(form.locator("#act-content"));
    const next = dayIn(lang === "zh-CN" ? 3 : 4);
    const fillUrge = async () => {
      await form.locator("#act-way").selectOption("phone");
      await form.locator("#act-nextOn").fill(next);
      await form.locator("#act-content").fill(`E2E ${lang} 电话催款，客户承诺下周付款`);
    };
    await fillUrge();
    // the pictures reload the page: its scripts take over the form again before it is filled (a slow machine
    // hydrated it under the typing and posted it empty)
    if (await screenshotsAt(page, page.url(), `overdue/contract-${lang}`, { fullPage: true })) {
      await untilHydrated(form.locator("#act-content"));
      await fillUrge();
    }
    await page.getByTestId("act-save").click();
    await expect(page.getByTestId("acts")).toContainText(`E2E ${lang}`);

    await page.goto("/overdueContract");
    const row = page.getByTestId("overdue-row").filter({ hasText: number });
    await expect(row.getByTestId("next-urge")).toHaveText(next);
  });
}

// The demo's approved stop on the largest overdue contract's machine: 合同逾期 in the monitoring tree, the panel naming
// the contract and the approval, its link to the contract's overdue page; the stop form there offering that contract's
// machines; the urge due today in the workbench's to-do. Pictures at 1280 and 1920, light and dark.
test("a machine on an overdue contract is flagged on the live map; the stop form and the workbench's urge due", async ({ page }) => {
  const rs = await database().execute(
    `select v.plate, c.id as contract_id, c.number from collection_actions a join contracts c on c.id = a.contract_id join vehicles v on v.id = json_extract(a.vehicle_ids, '$[0]')
     where a.kind = 'stopMachine' and a.state = 2 and c.tenant_id = (select id from tenants where code = 'demo') order by a.id limit 1`,
  );
  const { plate, contract_id: contractId, number } = rs.rows[0] as unknown as { plate: string; contract_id: number; number: string };
  await page.setViewportSize({ width: 1280, height: 900 });
  await prefer(page, "zh-CN");

  await page.goto("/equipmentMonitor");
  const search = page.getByTestId("vehicle-tree").getByRole("searchbox");
  await untilHydrated(search);
  await search.fill(plate);
  const row = page.getByTestId("vehicle-tree").getByRole("treeitem", { name: new RegExp(plate) });
  await expect(row.getByTestId("tree-overdue")).toHaveText("合同逾期");
  await row.click();
  const banner = page.getByTestId("vehicle-panel-overdue");
  await expect(banner).toContainText(`合同 ${number} 已逾期`);
  await expect(banner).toContainText("停机申请已于");
  if (TAKING_SCREENSHOTS) {
    for (const width of [1280, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, `overdue/map-warning-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  await banner.getByRole("link", { name: "查看逾期合同" }).click();
  await expect(page).toHaveURL(new RegExp(`/overdueContract/contract\\?id=${contractId}`));
  await expect(page.getByTestId("acts")).toContainText("停机申请");

  await page.goto(`/overdueContract/contract?id=${contractId}&kind=stopMachine`);
  await expect(page.getByTestId("act-form").getByRole("checkbox", { name: plate })).toBeVisible();
  await screenshotsAt(page, page.url(), "overdue/stop-form", { fullPage: true });

  // an urge whose next day is today on that contract (the administrator is the demo's salesman): due in their to-do
  await page.goto(`/overdueContract/contract?id=${contractId}`);
  const form = page.getByTestId("act-form");
  await untilHydrated(form.locator("#act-content"));
  await form.locator("#act-way").selectOption("visit");
  await form.locator("#act-nextOn").fill(dayIn(0));
  await form.locator("#act-content").fill("E2E 上门催款，今日再跟进");
  await page.getByTestId("act-save").click();
  await expect(page.getByTestId("acts")).toContainText("E2E 上门催款");
  await page.goto("/manageWork");
  await expect(page.getByTestId("todo-urge").filter({ hasText: number })).toContainText(`待催款 · ${number}`);
});
