import { expect, test } from "@playwright/test";
import { database, prefer, signedIn } from "./support";

test.use({ storageState: signedIn("admin") });

const TEXT = {
  "zh-CN": { costs: "合同设备费用", margins: "最近有费用的合同毛利", marginRate: "毛利率", template: "合同模板" },
  "en-US": { costs: "Contract Equipment Costs", margins: "Margins of the contracts with the latest costs", marginRate: "Margin %", template: "Contract Template" },
} as const;

/** A seeded contract of the demo tenant (the revision in force) with its number. */
async function seededContract() {
  const rs = await database().execute("select c.id, c.number from contracts c join tenants t on t.id = c.tenant_id where t.code = 'demo' and c.current = 1 and c.kind <> 'subcontract' order by c.id limit 1");
  const row = rs.rows[0];
  if (!row) throw new Error("the demo seed has no contract");
  return { id: Number(row.id), number: String(row.number) };
}

for (const lang of ["zh-CN", "en-US"] as const) {
  test(`${lang}: a seeded contract downloads as a PDF; the cost register shows costs and margins and fits 1280 px; the template tab`, async ({ page }) => {
    const x = TEXT[lang];
    await page.setViewportSize({ width: 1280, height: 900 });
    await prefer(page, lang, "light");
    const contract = await seededContract();

    const pdf = await page.request.get(`/contractList/pdf?id=${contract.id}&download=1`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect(pdf.headers()["content-disposition"]).toContain(`attachment; filename="${contract.number}`);
    const bytes = await pdf.body();
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(bytes.length).toBeGreaterThan(10_000);
    expect((await page.request.get(`/contractList/pdf?id=999999999`)).status()).toBe(404);

    await page.goto("/contractEquipmentCost");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(x.costs);
    await expect(page.getByTestId("data-table").locator("tbody tr").first()).toBeVisible();
    const margins = page.getByTestId("cost-margins");
    await expect(margins.getByRole("heading")).toHaveText(x.margins);
    await expect(margins.getByRole("columnheader", { name: x.marginRate })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    // a contract's link narrows the register to it
    await margins.getByRole("link").first().click();
    await expect(page).toHaveURL(/contractId=\d+/);

    await page.goto("/tenantConfig/contractPdf");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(x.template);
  });
}
