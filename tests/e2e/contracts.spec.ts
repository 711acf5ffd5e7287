import { expect, test } from "@playwright/test";
import { confirmTransition, makeManager, MANAGER_PASSWORD } from "./contract-steps";
import { prefer, screenshot, SIGNED_OUT, signedIn, signIn, siteRoot, TAKING_SCREENSHOTS } from "./support";

test.use({ storageState: signedIn("admin") });

// A rental contract from the document to in force, in both languages: the clerk (the demo administrator) writes it
// with two machines and a payment plan generated from the terms, saves and submits it; the manager (a second
// administrator, made here) approves it from the to-do and puts it in force. Pictures of the document, light and dark.
const TEXTS = {
  "zh-CN": { kind: "合同类型", sub: "分包/租入", rental: "租赁", supplier: "供应商", name: "合同名称", customer: "客户", start: "开始日期", end: "计划结束日期", vehicle: "序号 {n} 设备", monthly: "序号 {n} 月租（元）", addLine: "添加设备", generate: "按条款生成", save: "保存", submit: "提交审批", approve: "通过", execute: "执行合同", confirm: "确定", pending: "审批中", inForce: "执行中", value: "合同金额（元）", free: "空闲" },
  "en-US": { kind: "Kind", sub: "Sub-contract", rental: "Rental", supplier: "Supplier", name: "Contract name", customer: "Customer", start: "Start", end: "Planned end", vehicle: "No. {n} Machine", monthly: "No. {n} Monthly (¥)", addLine: "Add machine", generate: "Generate from the terms", save: "Save", submit: "Submit for approval", approve: "Approve", execute: "Put in force", confirm: "Confirm", pending: "In approval", inForce: "In force", value: "Contract value (¥)", free: "Free" },
} as const;

for (const [lang, year] of [
  ["zh-CN", 2030],
  ["en-US", 2031],
] as const) {
  test(`a rental contract with two machines and a plan, submitted, approved by the manager, in force (${lang})`, async ({ page, browser }) => {
    const x = TEXTS[lang];
    const n = (s: string, i: number) => s.replace("{n}", String(i));
    // the narrowest screen the app is made for
    await page.setViewportSize({ width: 1280, height: 900 });
    const manager = `mgr${lang.slice(0, 2)}${Date.now().toString(36).slice(-5)}`;
    await makeManager(manager);
    await prefer(page, lang);

    await page.goto("/contractList/form?new=1");
    // the money inputs take typing once the page is interactive
    await expect(page.getByTestId("lines-lines")).toHaveAttribute("data-hydrated", "true");
    const name = `E2E ${lang} ${Date.now().toString(36).slice(-5)}`;
    await page.getByLabel(x.name, { exact: true }).fill(name);
    // the document scrolls inside the content pane: the window itself never does, so the header and the menu stay
    await page.mouse.move(640, 600);
    await page.mouse.wheel(0, 2000);
    await expect.poll(() => page.evaluate(() => document.querySelector("main")!.scrollTop)).toBeGreaterThan(0);
    expect(await page.evaluate(() => [window.scrollY, document.documentElement.scrollHeight - window.innerHeight])).toEqual([0, 0]);
    await page.mouse.wheel(0, -4000);
    // the kind shows the fields it needs at once: a sub-contract's supplier instead of a customer, and back
    await page.getByLabel(x.kind, { exact: true }).selectOption({ label: x.sub });
    await expect(page.getByLabel(x.supplier, { exact: true })).toBeVisible();
    await expect(page.getByLabel(x.customer, { exact: true })).toBeHidden();
    await page.getByLabel(x.kind, { exact: true }).selectOption({ label: x.rental });
    await expect(page.getByLabel(x.supplier, { exact: true })).toBeHidden();
    await expect(page.getByLabel(x.name, { exact: true })).toHaveValue(name);
    // a customer without a credit limit (the government body of the demo)
    await page.getByLabel(x.customer, { exact: true }).selectOption({ label: "上海市浦东新区建设和交通委员会" });
    await page.getByLabel(x.start, { exact: true }).fill(`${year}-01-01`);
    await page.getByLabel(x.end, { exact: true }).fill(`${year}-03-31`);
    // the fleet's last two machines (a mixer and a pump: the demo's cranes are on the seeded contracts)
    const vehicles = page.getByLabel(n(x.vehicle, 1), { exact: true });
    const count = await vehicles.locator("option").count();
    await vehicles.selectOption({ index: count - 1 });
    await page.getByLabel(n(x.monthly, 1), { exact: true }).fill("38,000");
    await page.getByRole("button", { name: x.addLine }).click();
    // the second found with 查找设备: by its plate, shown free over the contract's days, 选用 fills the line's select
    const second = page.getByLabel(n(x.vehicle, 2), { exact: true });
    const wanted = second.locator("option").nth(count - 2);
    const [plate, id] = [(await wanted.textContent())!.split("（")[0]!, await wanted.getAttribute("value")];
    await page.getByTestId("find-machine").nth(1).click();
    const finder = page.getByTestId("machine-finder");
    await finder.getByRole("textbox").fill(plate);
    const found = finder.getByTestId("machine-choice").filter({ hasText: plate });
    await expect(found).toContainText(x.free);
    await found.getByRole("button").click();
    await expect(second).toHaveValue(id!);
    await page.getByLabel(n(x.monthly, 2), { exact: true }).fill("65000");
    await page.getByRole("button", { name: x.generate }).click();
    await expect(page.getByTestId("lines-plans").locator("tbody tr")).toHaveCount(4);
    await page.getByTestId("save-contract").click();
    await expect(page).toHaveURL(/\/contractList\/form\?id=\d+/);
    // (38,000 + 65,000) × 3 months
    await expect(page.getByTestId("contract-value")).toHaveText("309,000.00");
    // pictures of the document's head and its lines, light and dark (the page, not the element: the main pane scrolls,
    // and an element taller than it came out cut below the pane with the save bar in its middle)
    if (TAKING_SCREENSHOTS) {
      const url = page.url();
      for (const theme of ["light", "dark"] as const) {
        await page.context().addCookies([{ name: "derrick_theme", value: theme, url: siteRoot() }]);
        await page.goto(url);
        await screenshot(page, `contract-document-${lang}-${theme}`);
        await page.getByTestId("lines-plans").scrollIntoViewIfNeeded();
        await screenshot(page, `contract-lines-${lang}-${theme}`);
      }
      await page.context().addCookies([{ name: "derrick_theme", value: "light", url: siteRoot() }]);
      await page.goto(url);
    }

    await confirmTransition(page, x.submit, x.confirm);
    await expect(page.getByTestId("contract-state")).toHaveText(x.pending);

    // the manager approves it from the to-do and puts it in force
    const other = await browser.newContext({ locale: lang, storageState: SIGNED_OUT });
    const mp = await other.newPage();
    await signIn(mp, manager, MANAGER_PASSWORD);
    await prefer(mp, lang);
    await mp.goto("/manageWork");
    await mp.getByTestId("todo").getByRole("link", { name: new RegExp(name) }).click();
    await expect(mp).toHaveURL(/\/contractList\/form\?id=\d+/);
    await confirmTransition(mp, x.approve, x.confirm);
    await confirmTransition(mp, x.execute, x.confirm);
    await expect(mp.getByTestId("contract-state")).toHaveText(x.inForce);
    await other.close();

    await page.goto("/contractList");
    await expect(page.getByTestId("data-table")).toContainText(name);
    await screenshot(page, `contract-list-${lang}`);
  });
}
