import { expect, test, type Page } from "@playwright/test";
import { prefer, screenshot, SIGNED_OUT, signedIn, signIn, THEMES, untilHydrated, WIDTHS } from "./support";
import { makeManager, MANAGER_PASSWORD } from "./contract-steps";

test.use({ storageState: signedIn("admin") });

// 临时吊车 from the application to the contract it becomes, in both languages: the clerk (the demo administrator)
// applies for a crane for three days and submits; a manager (a second administrator, made here) finds it in the
// to-do and approves it; the row then links the draft zero-rent contract. The lists at 1280 and 1920 (pictures of them
// and of the form in light and dark: npm run screenshots), and 提名奖励 with its seeded nominations.
const TEXT = {
  "zh-CN": { title: "临时吊车", prizes: "提名奖励", submit: "提交审批", approve: "通过", confirm: "确定", draft: "草稿", pending: "审批中", approved: "已通过", open: "查看合同", kind: "零租", save: "保存" },
  "en-US": { title: "Temporary Cranes", prizes: "Prize Nominations", submit: "Submit for approval", approve: "Approve", confirm: "Confirm", draft: "Draft", pending: "In approval", approved: "Approved", open: "Open contract", kind: "Spot hire", save: "Save" },
} as const;

async function confirmInRow(page: Page, row: ReturnType<Page["locator"]>, button: string, confirm: string) {
  await row.getByRole("button", { name: button, exact: true }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: confirm }).click();
}

for (const lang of ["zh-CN", "en-US"] as const) {
  test(`${lang}: apply for a temporary crane, submit, approve as the manager, open the zero-rent contract; the lists at 1280 and 1920`, async ({ page, browser }) => {
    const x = TEXT[lang];
    const shots = "temp-crane";
    await page.setViewportSize({ width: 1280, height: 800 });
    const manager = `tc${lang.slice(0, 2)}${Date.now().toString(36).slice(-5)}`;
    await makeManager(manager);

    // the lists with the seeded rows at both widths
    for (const theme of THEMES) {
      await prefer(page, lang, theme);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto("/tempCrane");
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(x.title);
        await expect(page.getByTestId("temp-crane-contract").first()).toHaveText(x.open);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
        await screenshot(page, `${shots}/list-${lang}-${theme}-${width}`);
        await page.goto("/nominatePrizes");
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(x.prizes);
        await expect(page.getByTestId("data-table")).toContainText("1,288.50");
        await screenshot(page, `${shots}/prizes-${lang}-${theme}-${width}`);
      }
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await prefer(page, lang, "light");

    // the application: a 50 t truck crane for three days for the government customer (no credit limit)
    await page.goto("/tempCrane?new=1");
    const form = page.getByTestId("resource-form");
    const reason = `e2e ${lang} 预制梁吊装 ${Date.now().toString(36)}`;
    // the drawer's fields are the server's until the page hydrates: type once it has
    await untilHydrated(form.locator('select[name="customerId"]'));
    await expect(form.locator('select[name="customerId"]')).toBeEnabled();
    await form.locator('select[name="customerId"]').selectOption({ label: "上海市浦东新区建设和交通委员会" });
    await form.locator('select[name="equipmentType"]').selectOption("1");
    await form.locator('input[name="spec"]').fill("50吨");
    await form.locator('input[name="fromOn"]').fill(lang === "zh-CN" ? "2030-05-06" : "2031-05-06");
    await form.locator('input[name="toOn"]').fill(lang === "zh-CN" ? "2030-05-08" : "2031-05-08");
    await form.locator('input[name="site"]').fill("浦东新区川沙路");
    await form.locator('textarea[name="reason"]').fill(reason);
    await screenshot(page, `${shots}/form-${lang}-light-1280`);
    await form.locator('button[type="submit"]').last().click();
    await expect(page.getByTestId("resource-form")).toHaveCount(0);
    const row = page.locator("tr", { hasText: reason });
    await expect(row).toContainText(x.draft);
    const number = (await row.textContent())!.match(/LD-\d{6}-\d{4}/)![0];

    await confirmInRow(page, row, x.submit, x.confirm);
    await expect(page.locator("tr", { hasText: reason })).toContainText(x.pending);

    // the manager finds it in the to-do, sees its approval, and approves it in the list
    const other = await browser.newContext({ locale: lang, storageState: SIGNED_OUT });
    const mp = await other.newPage();
    await mp.setViewportSize({ width: 1280, height: 800 });
    await signIn(mp, manager, MANAGER_PASSWORD);
    await prefer(mp, lang, "dark");
    await mp.goto("/manageWork");
    await mp.getByTestId("todo").getByRole("link", { name: new RegExp(number) }).click();
    await expect(mp).toHaveURL(/\/tempCrane\?view=\d+/);
    await expect(mp.getByTestId("approval-history")).toBeVisible();
    await screenshot(mp, `${shots}/detail-${lang}-dark-1280`);
    await mp.goto(`/tempCrane?q=${number}`);
    const theirs = mp.locator("tr", { hasText: reason });
    await confirmInRow(mp, theirs, x.approve, x.confirm);
    await expect(mp.locator("tr", { hasText: reason })).toContainText(x.approved);
    await other.close();

    // the clerk opens the draft zero-rent contract it became
    await page.goto(`/tempCrane?q=${number}`);
    const done = page.locator("tr", { hasText: reason });
    await expect(done).toContainText(x.approved);
    await expect(done).toContainText(/HT-\d{6}-\d{4}/);
    await done.getByTestId("temp-crane-contract").click();
    await expect(page).toHaveURL(/\/contractList\/form\?id=\d+/);
    await expect(page.locator('[name="name"]')).toHaveValue(new RegExp(number));
  });
}
