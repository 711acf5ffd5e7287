import { expect, test } from "@playwright/test";
import { DEMO_USERS } from "../../db/seed/demo-identity";
import { confirmTransition, makeManager, MANAGER_PASSWORD } from "./contract-steps";
import { database, prefer, screenshot, SIGNED_OUT, signedIn, signIn, untilHydrated } from "./support";

const { admin } = DEMO_USERS;
test.use({ storageState: signedIn("admin") });

// Issue 26 §6, the month's money end to end, once per language: a contract in force since the first of last month
// with one crane whose roll-ups show four quiet days; the clerk runs its bills from the contract, accepts the
// stop-rent the evidence proposes, confirms the bill, sends the statement; the customer opens the link without an
// account and confirms it; the clerk registers the invoice and the payment, the bill is paid in full, and the final
// settlement (balance 0.00), approved by a manager, completes the contract.
const TEXTS = {
  "zh-CN": { toMobile: "短信发送至（手机号）", toEmail: "邮件发送至（邮箱）", dispute: "有异议", comment: "异议说明", disputeTicked: "对勾选的明细提出异议", disputedDone: "异议已提交，我们会尽快答复。", noDisputes: "没有待答复的异议", todoDispute: "对账单有异议待答复", answerNote: "答复说明", answer: "答复", sendAgain: "重新发送", accept: "接受", confirmBill: "确认账单", confirmYes: "确定", confirmed: "已确认", statement: "对账单", send: "发送给客户", signer: "签署人姓名", sign: "确认对账单", thanks: "对账单已确认，谢谢！", save: "保存", submit: "提交审批", approve: "通过", approved: "已通过", ok: "确定", completed: "已完成", locked: "已锁定" },
  "en-US": { toMobile: "Send by SMS to (mobile)", toEmail: "Send by e-mail to", dispute: "Dispute", comment: "What is wrong", disputeTicked: "Dispute the ticked items", disputedDone: "Your dispute is recorded; we will answer soon.", noDisputes: "No dispute to answer", todoDispute: "Statement disputed, to answer", answerNote: "Answer", answer: "Answer", sendAgain: "Send again", accept: "Accept", confirmBill: "Confirm bill", confirmYes: "Confirm", confirmed: "Confirmed", statement: "Statement", send: "Send to the customer", signer: "Your name", sign: "Confirm the statement", thanks: "The statement is confirmed. Thank you!", save: "Save", submit: "Submit for approval", approve: "Approve", approved: "Approved", ok: "Confirm", completed: "Completed", locked: "Locked" },
} as const;

/** Today in the demo tenant's zone, and last month's first and last days. */
function lastMonth() {
  const today = new Date().toLocaleDateString("sv-SE", { timeZone: "Asia/Shanghai" });
  const [y, m] = today.split("-").map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 10);
  const last = new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10);
  return { first, last, days: Number(last.slice(8)) };
}

/** The journey's contract straight into the e2e database: a customer of its own, a crane, the contract in force, a month of roll-ups. */
async function contractInForce(stamp: string) {
  const db = database();
  const { first, last, days } = lastMonth();
  const tenant = Number((await db.execute({ sql: "select tenant_id from users where login_account = ?", args: [admin.account] })).rows[0]!.tenant_id);
  const now = Date.now();
  const customer = Number((await db.execute({ sql: "insert into customers (tenant_id, name, kind, payment_days, state, version, created_at, updated_at) values (?, ?, 'enterprise', 30, 1, 1, ?, ?) returning id", args: [tenant, `账期客户${stamp}`, now, now] })).rows[0]!.id);
  const vehicle = Number((await db.execute({ sql: "insert into vehicles (tenant_id, plate, terminal_no, state, version, created_at, updated_at) values (?, ?, ?, 1, 1, ?, ?) returning id", args: [tenant, `沪J${stamp.slice(-5)}`, `JB${stamp}`.slice(0, 20), now, now] })).rows[0]!.id);
  const number = `HT-E2E-${stamp}`;
  const contract = Number(
    (await db.execute({ sql: "insert into contracts (tenant_id, number, kind, name, customer_id, start_on, settlement_day, payment_days, tax_rate_bp, state, current, version, created_at, updated_at) values (?, ?, 'rental', ?, ?, ?, 31, 30, 900, 3, 1, 1, ?, ?) returning id", args: [tenant, number, `账期旅程${stamp}`, customer, first, now, now] })).rows[0]!.id,
  );
  await db.execute({ sql: "insert into contract_lines (tenant_id, contract_id, line_no, vehicle_id, monthly_cents, shift_hours, fault_deduction, operators, on_rent_on) values (?, ?, 1, ?, 3000000, 8, 0, 0, ?)", args: [tenant, contract, vehicle, first] });
  // eight hours a day, except the 10th to the 13th: four quiet days in a row
  for (let d = 1; d <= days; d++) {
    const day = `${first.slice(0, 8)}${String(d).padStart(2, "0")}`;
    const quiet = d >= 10 && d <= 13;
    await db.execute({ sql: "insert into vehicle_daily (tenant_id, vehicle_id, day, mileage_km, engine_seconds, online_seconds, updated_at) values (?, ?, ?, ?, ?, ?, ?)", args: [tenant, vehicle, day, quiet ? 0 : 14, quiet ? 0 : 28800, 36000, now] });
  }
  return { contract, customer, number, bill: `${number}-${last.replaceAll("-", "")}`, last };
}

const money = (cents: number) => `${Math.floor(cents / 100).toLocaleString("en")}.${String(cents % 100).padStart(2, "0")}`;

for (const lang of ["zh-CN", "en-US"] as const) {
  test(`the month's bill from the evidence to a settled contract (${lang})`, async ({ page, browser }) => {
    test.setTimeout(180_000);
    const x = TEXTS[lang];
    const stamp = `${Date.now().toString(36)}${lang === "zh-CN" ? "z" : "e"}`;
    await page.setViewportSize({ width: 1280, height: 900 });
    const manager = `bm${stamp}`.slice(0, 20);
    await makeManager(manager);
    await prefer(page, lang);
    const c = await contractInForce(stamp);

    // 1. 出账 on the contract: last month's bill, with the stop-rent the four quiet days propose
    await page.goto(`/contractList/form?id=${c.contract}`);
    await untilHydrated(page.getByTestId("run-bills"));
    await page.getByTestId("run-bills").click();
    await expect(page.getByTestId("contract-bills")).toContainText(c.bill);
    await page.getByTestId("contract-bills").getByRole("link", { name: c.bill }).click();
    await expect(page.getByTestId("bill-page")).toBeVisible();
    // ¥30,000.00 for the whole month before the proposal is decided
    await expect(page.getByTestId("bill-item-table")).toContainText("30,000.00");
    const proposal = page.getByTestId("proposal");
    await expect(proposal).toHaveCount(1);
    await proposal.getByRole("button", { name: x.accept, exact: true }).click();
    // accepted: 4 days off the month, 30,000.00 × 4/30 = 4,000.00
    await expect(page.getByTestId("bill-item-table")).toContainText("-4/30");
    await expect(page.getByTestId("bill-item-table")).toContainText("-4,000.00");
    await page.getByTestId("confirm-bill").click();
    await page.getByTestId("confirm-panel").getByRole("button", { name: x.confirmYes }).click();
    await expect(page.getByTestId("bill-state")).toHaveText(x.confirmed);
    const billId = Number(new URL(page.url()).searchParams.get("id"));
    const amount = Number((await database().execute({ sql: "select amount_cents from bills where id = ?", args: [billId] })).rows[0]!.amount_cents);
    expect(amount).toBe(2_600_000);

    // 2. the statement, sent to the customer by SMS and e-mail (the demo's mail settings on; both land in the outbox)
    await page.getByTestId("open-statement").click();
    await expect(page.getByTestId("statement-desk")).toBeVisible();
    const mail = `caiwu-${stamp}@customer-e2e.cn`;
    await page.getByLabel(x.toMobile).fill("13912345678");
    await page.getByLabel(x.toEmail).fill(mail);
    await page.getByTestId("send-statement").click();
    const link = await page.getByTestId("statement-link").getAttribute("href");
    expect(link).toMatch(/\/statement\/[\w-]+\.[\w-]+\.[\w-]+$/);
    const statementUrl = page.url();
    await page.goto("/outbox");
    const sent = page.getByTestId("data-table").getByRole("row", { name: new RegExp(mail) });
    await expect(sent).toContainText(link!);
    await screenshot(page, `bills/journey-outbox-${lang}`);

    // 3. the customer, without an account, disputes the stop-rent item: a to-do on the clerk's workbench, answered there
    const outside = await browser.newContext({ locale: lang, viewport: { width: 1280, height: 900 }, storageState: SIGNED_OUT });
    await prefer(outside, lang);
    const cp = await outside.newPage();
    await cp.goto(link!);
    await expect(cp.getByTestId("statement")).toContainText(money(amount));
    await cp.getByRole("checkbox", { name: new RegExp(`^${x.dispute} .*-4,000\\.00$`) }).check();
    await cp.getByLabel(x.signer).fill("周立群");
    await cp.getByLabel(x.comment).fill("10日至13日设备在场待命");
    await cp.getByRole("button", { name: x.disputeTicked }).click();
    await expect(cp.getByText(x.disputedDone)).toBeVisible();
    await page.goto("/manageWork");
    const todo = page.getByTestId("todo-dispute");
    await expect(todo).toContainText(x.todoDispute);
    await todo.getByRole("link").click();
    await expect(page).toHaveURL(statementUrl);
    await page.getByLabel(x.answerNote, { exact: true }).fill("按GPS记录该4天未开机，维持报停");
    await page.getByRole("button", { name: x.answer, exact: true }).click();
    await expect(page.getByText(x.noDisputes)).toBeVisible();
    await page.goto("/manageWork");
    await expect(page.getByTestId("todo-dispute")).toHaveCount(0);
    // sent again (a new link), the customer confirms it: the bill locks
    await page.goto(statementUrl);
    await page.getByTestId("send-statement").click();
    // a new link: every earlier one dies
    await expect(page.getByTestId("statement-link")).not.toHaveAttribute("href", link!);
    const again = await page.getByTestId("statement-link").getAttribute("href");
    await cp.goto(again!);
    await expect(cp.getByTestId("statement")).toContainText(money(amount));
    await cp.getByLabel(x.signer).fill("周立群");
    await cp.getByRole("button", { name: x.sign }).click();
    await expect(cp.getByText(x.thanks)).toBeVisible();
    await screenshot(cp, `bills/journey-statement-${lang}`, { fullPage: true });
    await outside.close();
    await page.goto(`/contractBillReport/bill?id=${billId}`);
    await expect(page.getByTestId("bill-state")).toHaveText(x.locked);

    // 4. the invoice for the bill, then the payment of it in full
    await page.goto("/receiptsEnterList?new=1");
    const form = page.getByTestId("resource-form");
    await untilHydrated(form.locator("#field-amount"));
    await form.locator("#field-number").fill(`FP${stamp}`.slice(0, 20));
    await form.locator("#field-taxRate").selectOption("900");
    await form.locator("#field-customerId").selectOption(String(c.customer));
    await form.locator("#field-issuedOn").fill(c.last);
    await form.locator("#field-amount").fill(String(amount / 100));
    await form.getByRole("checkbox", { name: new RegExp(`^${c.bill} `) }).check();
    await form.getByRole("button", { name: x.save }).click();
    await expect(page.getByTestId("data-table")).toContainText(c.bill);
    await page.goto("/payReceiveManage?new=1");
    await untilHydrated(form.locator("#field-amount"));
    await form.locator("#field-customerId").selectOption(String(c.customer));
    await form.locator("#field-receivedOn").fill(c.last);
    await form.locator("#field-amount").fill(String(amount / 100));
    await form.locator("#field-reference").fill(`BANK-${stamp}`);
    await form.getByRole("button", { name: x.save }).click();
    await expect(page.getByTestId("data-table")).toContainText(`BANK-${stamp}`);
    const paid = (await database().execute({ sql: "select paid_cents, invoiced_cents from bills where id = ?", args: [billId] })).rows[0]!;
    expect([Number(paid.paid_cents), Number(paid.invoiced_cents)]).toEqual([amount, amount]);

    // 5. the final settlement: balance 0.00; approved by the manager, the contract is completed
    await page.goto("/contractClear?new=1");
    await untilHydrated(form.locator("#field-contractId"));
    await form.locator("#field-contractId").selectOption(String(c.contract));
    await form.locator("#field-throughOn").fill(c.last);
    await form.locator("#field-remark").fill(`结清${stamp}`);
    await form.getByRole("button", { name: x.save }).click();
    const row = page.getByTestId("data-table").getByRole("row", { name: new RegExp(`结清${stamp}`) });
    await expect(row).toContainText("0.00");
    await expect(row).toContainText(money(amount));
    await row.getByRole("button", { name: x.submit }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: x.ok }).click();
    const other = await browser.newContext({ locale: lang, viewport: { width: 1280, height: 900 }, storageState: SIGNED_OUT });
    const mp = await other.newPage();
    await signIn(mp, manager, MANAGER_PASSWORD);
    await prefer(mp, lang);
    await mp.goto(`/contractClear?q=${encodeURIComponent(c.number)}`);
    await confirmTransition(mp, x.approve, x.ok);
    await expect(mp.getByTestId("data-table").getByRole("row", { name: new RegExp(`结清${stamp}`) })).toContainText(x.approved);
    await other.close();
    await page.goto(`/contractList/form?id=${c.contract}`);
    await expect(page.getByTestId("contract-state")).toHaveText(x.completed);
    await screenshot(page, `bills/journey-contract-${lang}`, { fullPage: true });
  });
}
