import { expect, test } from "@playwright/test";
import { prefer, screenshotsAt, signedIn, untilHydrated } from "./support";

// 证书管理 where only a browser shows it: the demo's yard tower TC-04 waits for its re-inspection (its mandatory
// inspection report expired ten days ago); the live map flags it in the tree and says why in its panel, in both
// languages, and the panel opens the certificate. The gate's refusals and the workbench's to-do are the worker
// layer's (tests/worker/certificates.test.ts).

test.use({ storageState: signedIn("admin") });

const TEXT = {
  "zh-CN": { badge: "证书过期", expired: /定期检验报告 SHTJ-DJ-\d+ 已于 \d{4}-\d{2}-\d{2} 过期，不能上合同、不能出车/, open: "查看证书", number: "证书编号" },
  "en-US": { badge: "Certificate expired", expired: /Periodic inspection report SHTJ-DJ-\d+ expired on \d{4}-\d{2}-\d{2}: no contract line, no trip/, open: "Open the certificate", number: "Certificate no." },
} as const;

for (const lang of ["zh-CN", "en-US"] as const) {
  test(`the live map flags a machine whose mandatory certificate has expired and opens the certificate (${lang})`, async ({ page }) => {
    const x = TEXT[lang];
    await page.setViewportSize({ width: 1280, height: 900 });
    await prefer(page, lang);
    await page.goto("/equipmentMonitor");
    const search = page.getByTestId("vehicle-tree").getByRole("searchbox");
    await untilHydrated(search);
    await search.fill("沪塔备2024034");
    const row = page.getByTestId("vehicle-tree").getByRole("treeitem", { name: /沪塔备2024034/ });
    await expect(row.getByTestId("tree-certificate")).toHaveText(x.badge);
    // a machine with valid certificates carries no mark
    await search.fill("沪塔备2024031");
    await expect(page.getByTestId("vehicle-tree").getByRole("treeitem", { name: /沪塔备2024031/ }).getByTestId("tree-certificate")).toHaveCount(0);
    await search.fill("沪塔备2024034");
    await row.click();
    const note = page.getByTestId("vehicle-panel-certificate");
    await expect(note).toContainText(x.expired);
    await screenshotsAt(page, page.url(), `certificates/map-${lang}`);
    await note.getByRole("link", { name: x.open }).click();
    await expect(page).toHaveURL(/\/certificate\/form\?id=\d+/);
    await expect(page.getByLabel(x.number)).toHaveValue(/SHTJ-DJ-\d+/);
  });
}
