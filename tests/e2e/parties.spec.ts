import { expect, test } from "@playwright/test";
import { prefer, screenshot, signedIn } from "./support";

test.use({ storageState: signedIn("admin") });

const TEXTS = {
  "zh-CN": { name: "客户名称", code: "统一社会信用代码", limit: "信用额度(元)", contactName: "姓名", phone: "电话", role: "职务", add: "添加联系人", save: "保存", saved: "操作成功！", detail: "详情", exposure: "信用敞口" },
  "en-US": { name: "Customer", code: "Unified social credit code", limit: "Credit limit (¥)", contactName: "Name", phone: "Phone", role: "Role", add: "Add contact", save: "Save", saved: "Saved successfully.", detail: "Detail", exposure: "Credit exposure" },
} as const;

for (const [lang, theme] of [["zh-CN", "light"], ["en-US", "dark"]] as const) {
  test(`creates a customer with two contacts and sees it in the list and its detail (${lang}, ${theme})`, async ({ page }) => {
    const x = TEXTS[lang];
    await prefer(page, lang, theme);
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto("/customerContract?new=1");
    const form = page.getByTestId("resource-form");
    const lines = form.getByTestId("lines-contacts");
    // type once the drawer is interactive (it is server-rendered first, then its chunk takes over)
    await expect(lines).toHaveAttribute("data-hydrated", "true");
    const name = `上海测试建设${lang.slice(0, 2)}${Date.now().toString(36)}有限公司`;
    await form.getByRole("textbox", { name: x.name, exact: true }).fill(name);
    await form.getByLabel(x.code).fill("91310000MA1FP8QD5W");
    await lines.getByLabel(`${x.contactName} 1`).fill("王建平");
    await lines.getByLabel(`${x.phone} 1`).fill("13501893276");
    await lines.getByLabel(`${x.role} 1`).fill("项目经理");
    await lines.getByRole("button", { name: x.add }).click();
    await lines.getByLabel(`${x.contactName} 2`).fill("林佩珊");
    await lines.getByLabel(`${x.phone} 2`).fill("0755-8236471");
    // the money input after the page is interactive (the add button above needed it): it posts through its hidden input then
    await form.getByLabel(x.limit).fill("800000");
    await screenshot(page, `parties/form-${lang}-${theme}`);
    await form.getByRole("button", { name: x.save }).click();
    await expect(page.getByText(x.saved)).toBeVisible();

    await page.goto(`/customerContract?q=${encodeURIComponent(name)}`);
    const row = page.getByRole("row", { name: new RegExp(name) });
    await expect(row).toContainText("王建平");
    await expect(row).toContainText("800,000.00");
    await screenshot(page, `parties/list-${lang}-${theme}`);
    await row.getByRole("link", { name: x.detail }).click();
    const detail = page.getByTestId("resource-detail");
    await expect(detail.getByTestId("customer-contacts")).toContainText("林佩珊");
    await expect(detail.getByTestId("customer-contacts")).toContainText("0755-8236471");
    await expect(detail.getByTestId("customer-exposure")).toContainText(x.exposure);
    await screenshot(page, `parties/detail-${lang}-${theme}`);
  });
}
