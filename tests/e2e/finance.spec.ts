import { expect, test } from "@playwright/test";
import { DEMO_USERS } from "../../db/seed/demo-identity";
import { database, prefer, screenshotsAt, signedIn, untilHydrated } from "./support";

const { admin } = DEMO_USERS;
test.use({ storageState: signedIn("admin") });

// 发票登记, 收付款管理 and 设备回款 in both languages: an invoice registered for a demo confirmed bill (its tax shown as it
// is typed, the bill ticked with its whole uninvoiced remainder), a receipt allocated by hand to the same bill, and the
// bill's page showing what was paid; pictures of the three screens and the forms at 1280 and 1920 px, light and
// dark, into screenshots/finance/ (npm run screenshots).
const TEXTS = {
  "zh-CN": { add: "新增", save: "保存", split: "税额", paid: "已收", balances: "客户往来", pick: "选择", thisReceipt: "本次核销(元)" },
  "en-US": { add: "Add", save: "Save", split: "Tax", paid: "Paid", balances: "Customer balances", pick: "Pick", thisReceipt: "Paid here (CNY)" },
} as const;

/** A confirmed bill of the admin's tenant with nothing invoiced or paid yet, not taken by an earlier run. */
async function openBill(): Promise<{ id: number; customerId: number; amountCents: number; number: string } | null> {
  const rs = await database().execute({
    sql: `select b.id, b.customer_id, b.amount_cents, b.number from bills b join users u on u.tenant_id = b.tenant_id and u.login_account = ?
          where b.state in (1, 2) and b.customer_id is not null and b.amount_cents > 100 and b.invoiced_cents = 0 and b.paid_cents = 0 order by b.due_on desc limit 1`,
    args: [admin.account],
  });
  const r = rs.rows[0];
  return r ? { id: Number(r.id), customerId: Number(r.customer_id), amountCents: Number(r.amount_cents), number: String(r.number) } : null;
}

const yuan = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
const money = (cents: number) => yuan(cents).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

for (const lang of ["zh-CN", "en-US"] as const) {
  test(`an invoice and a receipt for a demo bill, the bill paid, the collection per machine (${lang})`, async ({ page }) => {
    const x = TEXTS[lang];
    await page.setViewportSize({ width: 1280, height: 900 });
    await prefer(page, lang);
    const bill = await openBill();
    test.skip(bill === null, "no confirmed demo bill left");

    // 发票登记: the invoice for the whole bill
    await page.goto("/receiptsEnterList?new=1");
    const form = page.getByTestId("resource-form");
    await untilHydrated(form.locator("#field-amount"));
    const number = `E2E${Date.now()}`.slice(0, 20);
    const fillInvoice = async () => {
      await form.locator("#field-number").fill(number);
      await form.locator("#field-taxRate").selectOption("900");
      await form.locator("#field-customerId").selectOption(String(bill!.customerId));
      // the contract list follows the customer: that customer's contracts in force only, after 请选择
      const theirs = await database().execute({ sql: "select count(*) as n from contracts where customer_id = ? and current = 1", args: [bill!.customerId] });
      await expect(form.locator("#field-contractId option")).toHaveCount(1 + Number(theirs.rows[0]!.n));
      await form.locator("#field-issuedOn").fill("2026-11-20");
      await form.locator("#field-amount").fill(yuan(bill!.amountCents));
      await expect(page.getByTestId("invoice-split")).toContainText(x.split);
      // a bill's tick is named by its number (the table shows the chosen customer's bills only)
      await form.getByRole("checkbox", { name: `${bill!.number} ${x.pick}`, exact: true }).check();
    };
    await fillInvoice();
    // the pictures reload the form: then it is filled again
    if (await screenshotsAt(page, page.url(), `finance/invoice-form-${lang}`)) await fillInvoice();
    await form.getByRole("button", { name: x.save }).click();
    await expect(page.getByTestId("data-table")).toContainText(number);
    await expect(page.getByTestId("data-table")).toContainText(bill!.number);
    await screenshotsAt(page, "/receiptsEnterList", `finance/invoices-${lang}`);

    // 收付款管理: ¥100.00 received, allocated by hand to that bill
    await page.goto("/payReceiveManage?new=1");
    await untilHydrated(form.locator("#field-amount"));
    const reference = `E2E-${Date.now()}`;
    await form.locator("#field-customerId").selectOption(String(bill!.customerId));
    await form.locator("#field-receivedOn").fill("2026-11-21");
    await form.locator("#field-amount").fill("100");
    await form.locator("#field-reference").fill(reference);
    await form.locator("#field-allocation").selectOption("manual");
    await form.getByRole("checkbox", { name: `${bill!.number} ${x.pick}`, exact: true }).check();
    await form.getByRole("textbox", { name: `${bill!.number} ${x.thisReceipt}`, exact: true }).fill("100");
    await form.getByRole("button", { name: x.save }).click();
    await expect(page.getByTestId("data-table")).toContainText(reference);
    await expect(page.getByTestId("receipt-balances")).toContainText(x.balances);
    await screenshotsAt(page, "/payReceiveManage", `finance/receipts-${lang}`);
    const paid = await database().execute({ sql: "select paid_cents, invoiced_cents from bills where id = ?", args: [bill!.id] });
    expect(Number(paid.rows[0]!.paid_cents)).toBe(10_000);
    expect(Number(paid.rows[0]!.invoiced_cents)).toBe(bill!.amountCents);

    // the bill's own page shows what was paid
    await page.goto(`/contractBillReport/bill?id=${bill!.id}`);
    await expect(page.locator("body")).toContainText(x.paid);
    await expect(page.locator("body")).toContainText("100.00");
    expect(money(10_000)).toBe("100.00");

    // 设备回款 over the demo's year
    await screenshotsAt(page, "/equipmentPaymentCollection", `finance/collection-${lang}`);
    await page.goto("/equipmentPaymentCollection");
    await expect(page.getByTestId("collection-table")).toBeVisible();
  });
}
