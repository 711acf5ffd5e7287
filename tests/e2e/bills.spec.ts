import { expect, test } from "@playwright/test";
import { DEMO_USERS } from "../../db/seed/demo-identity";
import { database, prefer, screenshotsAt, signIn } from "./support";

const { admin } = DEMO_USERS;

// 合同账单报表 and one bill, in both languages: the list shows the demo's bills with money as 1,234.50; a draft bill shows its
// items and its machines' day-by-day evidence; rejecting a proposal without a reason is refused in the user's language;
// once every proposal is decided the bill is confirmed (after the confirmation step) and then offers 新增调整 and no
// 接受 / 驳回. Pictures of the list and the bill at 1280 and 1920 px, light and dark, into screenshots/bills/ (npm run
// screenshots).
//
// The test signs in through the form rather than starting from the shared signed-in state: the grant below changes the
// tenant's access version, and a session the server read in the last 5 s (its session cache, ADR 006) would still
// carry the old one into the bill's page.
const TEXTS = {
  "zh-CN": { reasonRequired: "请填写原因", reject: "驳回", accept: "接受", confirm: "确定", confirmed: "已确认", adjust: "新增调整", items: "账单明细", amount: "调整金额(元)", reason: "原因", save: "保存" },
  "en-US": { reasonRequired: "Please give a reason", reject: "Reject", accept: "Accept", confirm: "Confirm", confirmed: "Confirmed", adjust: "Add adjustment", items: "Items", amount: "Adjustment (¥)", reason: "Reason", save: "Save" },
} as const;

const MONEY = /^-?\d{1,3}(,\d{3})*\.\d{2}$/;

/**
 * The demo administrator's roles get 账单确认 (contractBillReport:confirm), which the seed does not grant yet (the screen's
 * extra function code is not declared in EXTRA_PERMISSION_ACTIONS); the tenant's access version is bumped so the
 * next sign-in reads it.
 */
async function grantConfirm() {
  const db = database();
  await db.execute({
    sql: "insert or ignore into role_permissions (tenant_id, role_id, code) select ur.tenant_id, ur.role_id, 'contractBillReport:confirm' from user_roles ur join users u on u.id = ur.user_id where u.login_account = ?",
    args: [admin.account],
  });
  await db.execute({ sql: "update tenants set access_version = access_version + 1 where id = (select tenant_id from users where login_account = ?)", args: [admin.account] });
}

/** A draft regular bill of the admin's tenant with at least one open proposal (else any draft), not yet taken by this run. */
async function draftBill(): Promise<number | null> {
  const rs = await database().execute({
    sql: `select b.id from bills b join users u on u.tenant_id = b.tenant_id and u.login_account = ?
          where b.state = 0 and b.kind = 'regular'
          order by exists (select 1 from bill_proposals p where p.bill_id = b.id and p.state = 0) desc, b.id limit 1`,
    args: [admin.account],
  });
  return rs.rows[0] ? Number(rs.rows[0].id) : null;
}

for (const lang of ["zh-CN", "en-US"] as const) {
  test(`the bills list and a bill: items, evidence, a refused rejection, confirm, then adjustments (${lang})`, async ({ page }) => {
    const x = TEXTS[lang];
    await grantConfirm();
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, admin.account, admin.password);
    await prefer(page, lang);

    await page.goto("/contractBillReport");
    const rows = page.getByTestId("data-table").locator("tbody tr").filter({ has: page.locator('a[href*="view="]') });
    test.skip((await rows.count()) === 0, "no demo bills");
    // 金额(元), 税额(元), 已收(元): two decimals with thousands separators
    const header = page.getByTestId("data-table").locator("thead th");
    const heads = (await header.allInnerTexts()).map((s) => s.trim());
    const amountAt = heads.findIndex((h) => h.startsWith(lang === "zh-CN" ? "金额" : "Amount"));
    expect(amountAt).toBeGreaterThan(0);
    await expect(rows.first().locator("td").nth(amountAt)).toHaveText(MONEY);
    await screenshotsAt(page, "/contractBillReport", `bills/list-${lang}`);
    // a row's 详情 opens its bill's page
    await rows.first().locator('a[href*="view="]').click();
    await expect(page).toHaveURL(/\/contractBillReport\/bill\?id=\d+/);
    await expect(page.getByTestId("bill-page")).toBeVisible();

    const id = await draftBill();
    test.skip(id === null, "no draft demo bill left");
    const url = `/contractBillReport/bill?id=${id}`;
    await page.goto(url);
    await expect(page.getByRole("heading", { name: x.items })).toBeVisible();
    await expect(page.getByTestId("bill-item").first()).toBeVisible();
    await expect(page.getByTestId("bill-amount")).toHaveText(MONEY);
    const evidence = await database().execute({ sql: "select count(*) as n from bill_evidence where bill_id = ?", args: [id] });
    if (Number(evidence.rows[0]!.n) > 0) {
      await expect(page.getByTestId("evidence-table").first().locator("tbody tr").first()).toBeVisible();
      await expect(page.getByRole("img", { name: lang === "zh-CN" ? /每日发动机小时/ : /Engine hours per day/ }).first()).toBeVisible();
    }
    await screenshotsAt(page, url, `bills/bill-draft-${lang}`, { sections: ["bill-proposals", "bill-evidence"] });

    // a rejection needs its reason: refused in the user's language, next to the proposal
    const forms = page.getByTestId("decide-form");
    if ((await forms.count()) > 0) {
      await forms.first().getByRole("button", { name: x.reject }).click();
      await expect(page.getByTestId("decide-form").first().getByRole("alert")).toHaveText(x.reasonRequired);
      // every proposal accepted, one at a time (each reprices the draft)
      for (let left = await forms.count(); left > 0; left--) {
        await forms.first().getByRole("button", { name: x.accept }).click();
        await expect(forms).toHaveCount(left - 1);
      }
    }

    await page.getByTestId("confirm-bill").click();
    await expect(page.getByTestId("confirm-panel")).toBeVisible();
    await page.getByTestId("confirm-panel").getByRole("button", { name: x.confirm }).click();
    await expect(page.getByTestId("bill-state")).toHaveText(x.confirmed);
    await expect(page.getByTestId("adjust-form")).toBeVisible();
    await expect(page.getByRole("heading", { name: x.adjust })).toBeVisible();
    await expect(page.getByTestId("decide-form")).toHaveCount(0);
    await expect(page.getByRole("button", { name: x.accept, exact: true })).toHaveCount(0);
    // an adjustment: refused without a reason, then a credit of ¥100.50 listed under the bill
    const adjust = page.getByTestId("adjust-form");
    await adjust.getByLabel(x.amount).fill("-100.50");
    await adjust.getByLabel(x.reason, { exact: true }).fill(" ");
    await adjust.getByRole("button", { name: x.save }).click();
    await expect(page.getByTestId("adjust-form").getByText(x.reasonRequired)).toBeVisible();
    await page.getByTestId("adjust-form").getByLabel(x.reason, { exact: true }).fill("E2E");
    await page.getByTestId("adjust-form").getByRole("button", { name: x.save }).click();
    await expect(page.getByTestId("adjustments")).toContainText("-100.50");
    await screenshotsAt(page, url, `bills/bill-confirmed-${lang}`, { sections: ["bill-adjustments"] });
  });
}
