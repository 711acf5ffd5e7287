// The statement and its signed link on real D1 through the Worker (issue 26 §2 and §6): made from a confirmed bill,
// sent, opened by the customer without an account, confirmed (its bills lock) or disputed by item and answered with an
// adjustment; the link valid, expired, revoked, forged and another tenant's; the PDF.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { runBills } from "../../app/modules/billing/bill-run.server";
import { confirmBill, decideProposal, loadBill } from "../../app/modules/billing/bill.server";
import { answerDispute, revokeStatementLink, sendStatement, statementForBill, statementToken } from "../../app/modules/billing/statement.server";
import { accrueInterest } from "../../workers/jobs/interest";
import { billItems, bills, contractLines, contracts, customerContacts, customers, outbox, statementEvents, statements, tenantSettings } from "../../db/schema";
import { billScope, days } from "./bill-fixtures";
import { db, get, insertDaily, installTestFonts, makeTenant, postForm, signIn, unique } from "./helpers";
import { makeVehicle } from "./telematics";

const billScopeOf = (tenantId: number, userId: number) => billScope(tenantId, userId, ["contractBillReport:confirm", "contractBillReport:edit"]);

beforeAll(async () => {
  await installTestFonts();
});

/** A rental contract with one crane at ¥30,000.00 a month since 2026-09-01 (settled at the month's end), its September bill confirmed. */
async function confirmedBill() {
  const t = await makeTenant();
  const v = await makeVehicle(t.tenantId);
  const customerName = unique("浦东建工");
  const [customer] = await db().insert(customers).values({ tenantId: t.tenantId, name: customerName, kind: "enterprise" }).returning({ id: customers.id });
  const [c] = await db()
    .insert(contracts)
    .values({ tenantId: t.tenantId, number: unique("HT-"), kind: "rental", name: "陆家嘴吊装", customerId: customer!.id, startOn: "2026-09-01", settlementDay: 31, taxRateBp: 900, state: 3 })
    .returning({ id: contracts.id });
  await db().insert(contractLines).values({ tenantId: t.tenantId, contractId: c!.id, lineNo: 1, vehicleId: v.id, monthlyCents: 3_000_000, onRentOn: "2026-09-01" });
  await runBills(db(), { tenantId: t.tenantId, timeZone: "Asia/Shanghai", through: "2026-09-30" });
  const [bill] = await db().select().from(bills).where(eq(bills.tenantId, t.tenantId));
  const scope = billScopeOf(t.tenantId, t.userId);
  // no roll-ups: the whole month is without data, which is not idle, so nothing is proposed (any proposal rejected); confirmed
  for (const p of (await loadBill(scope, bill!.id))!.proposals) await decideProposal(scope, bill!.id, p.id, false, "设备在场待命，按月计费");
  expect(await confirmBill(scope, bill!.id)).toEqual({ ok: true });
  return { t, scope, billId: bill!.id, customerName };
}

async function sentStatement() {
  const made = await confirmedBill();
  const s = await statementForBill(made.scope, made.billId);
  if (!s.ok) throw new Error(s.message);
  const sent = await sendStatement(made.scope, s.id);
  if (!sent.ok) throw new Error(sent.message);
  return { ...made, statementId: s.id, path: sent.path };
}

describe("the statement", () => {
  it("is made once per contract and period, only from a confirmed bill", async () => {
    const { scope, billId } = await confirmedBill();
    const first = await statementForBill(scope, billId);
    const again = await statementForBill(scope, billId);
    expect(first.ok && again.ok && first.id === again.id).toBe(true);
    const [row] = await db().select().from(statements).where(eq(statements.id, (first as { id: number }).id));
    expect(row).toMatchObject({ amountCents: 3_000_000, periodFrom: "2026-09-01", periodTo: "2026-09-30", state: 0 });
    const other = await makeTenant();
    expect(await statementForBill(billScopeOf(other.tenantId, other.userId), billId)).toEqual({ ok: false, status: 404, message: "bills:notFound" });
  });

  it("reaches the customer through its link without an account, who confirms it: the bills lock", async () => {
    const { statementId, path, billId, customerName } = await sentStatement();
    const page = await get(path);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toContain("no-store");
    const html = await page.text();
    expect(html).toContain(customerName);
    expect(html).toContain("30,000.00");
    expect((await db().select().from(statementEvents).where(eq(statementEvents.statementId, statementId))).map((e) => e.kind)).toEqual(["created", "sent", "viewed"]);
    // a name is needed, in the reader's language
    const nameless = await postForm(path, { intent: "confirm", name: " " });
    expect(nameless.status).toBe(400);
    expect(await nameless.text()).toContain("请填写签署人姓名");
    expect((await postForm(path, { intent: "confirm", name: "王建国" })).status).toBeLessThan(400);
    const [s] = await db().select().from(statements).where(eq(statements.id, statementId));
    expect(s).toMatchObject({ state: 2, confirmedName: "王建国" });
    const [bill] = await db().select().from(bills).where(eq(bills.id, billId));
    expect(bill!.state).toBe(2);
    // confirmed once: a second answer is refused
    expect((await postForm(path, { intent: "confirm", name: "王建国" })).status).toBe(409);
  });

  it("takes a dispute of named items with a comment; the clerk answers with an adjustment and sends it again", async () => {
    const { scope, statementId, path, billId } = await sentStatement();
    const [item] = await db().select().from(billItems).where(eq(billItems.billId, billId));
    expect((await postForm(path, { intent: "dispute", name: "王建国", comment: "", items: String(item!.id) })).status).toBe(400);
    expect((await postForm(path, { intent: "dispute", name: "王建国", comment: "9月30日设备已退场", items: "999999999" })).status).toBe(400);
    expect((await postForm(path, { intent: "dispute", name: "王建国", comment: "9月30日设备已退场", items: String(item!.id) })).status).toBeLessThan(400);
    expect((await db().select().from(statements).where(eq(statements.id, statementId)))[0]!.state).toBe(3);
    // a disputed statement cannot be confirmed until it is sent again
    expect((await postForm(path, { intent: "confirm", name: "王建国" })).status).toBe(409);
    expect(await answerDispute(scope, statementId, item!.id, "同意扣减1天", -100_000)).toEqual({ ok: true });
    const [adj] = await db().select().from(bills).where(eq(bills.adjustsId, billId));
    expect(adj).toMatchObject({ kind: "adjustment", amountCents: -100_000, state: 1 });
    const again = await sendStatement(scope, statementId);
    expect(again.ok).toBe(true);
    const [s] = await db().select().from(statements).where(eq(statements.id, statementId));
    // the statement now carries the adjustment: 30,000.00 − 1,000.00
    expect(s).toMatchObject({ state: 1, amountCents: 2_900_000 });
    const kinds = (await db().select().from(statementEvents).where(eq(statementEvents.statementId, statementId))).map((e) => e.kind);
    // (the refused posts showed the page: its first look is recorded)
    expect(kinds).toEqual(["created", "sent", "viewed", "disputed", "answered", "sent"]);
  });

  it("answered twenty times at once through one link (confirm and dispute mixed): one answer stands, written and audited once", async () => {
    const { statementId, path, billId } = await sentStatement();
    const [item] = await db().select().from(billItems).where(eq(billItems.billId, billId));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => postForm(path, i % 2 ? { intent: "confirm", name: `签署人${i}` } : { intent: "dispute", name: `签署人${i}`, comment: "9月30日设备已退场", items: String(item!.id) })),
    );
    expect(answers.filter((a) => a.status < 400)).toHaveLength(1);
    expect(answers.filter((a) => a.status >= 400).every((a) => a.status === 409)).toBe(true);
    const [s] = await db().select().from(statements).where(eq(statements.id, statementId));
    const events = (await db().select().from(statementEvents).where(eq(statementEvents.statementId, statementId))).filter((e) => e.kind === "confirmed" || e.kind === "disputed");
    expect(events).toHaveLength(1);
    expect(s!.state).toBe(events[0]!.kind === "confirmed" ? 2 : 3);
    // its bills lock only when the customer confirmed
    const [bill] = await db().select().from(bills).where(eq(bills.id, billId));
    expect(bill!.state).toBe(events[0]!.kind === "confirmed" ? 2 : 1);
    // the customer's act is in the operation log, with no user: the name signed is in its record
    const audit = await env.DB.prepare("select action, user_id, after from audit_logs where entity = 'statement' and entity_id = ? and action in ('confirm', 'dispute')").bind(String(statementId)).all<{ action: string; user_id: number | null; after: string }>();
    expect(audit.results).toHaveLength(1);
    expect(audit.results[0]).toMatchObject({ action: events[0]!.kind === "confirmed" ? "confirm" : "dispute", user_id: null });
    expect(JSON.parse(audit.results[0]!.after)).toMatchObject({ signer: events[0]!.customerName });
  });

  it("are listed under the bill list for the clerk, the disputed first with the items to answer; another tenant's never", async () => {
    const { t, statementId, path, billId } = await sentStatement();
    const cookie = await signIn(t.account, t.password);
    const list = async (c = cookie) => (await get("/contractBillReport/statements", c)).text();
    const [s] = await db().select().from(statements).where(eq(statements.id, statementId));
    expect(await list()).toContain(s!.number);
    expect(await list()).toContain("已发送");
    const [item] = await db().select().from(billItems).where(eq(billItems.billId, billId));
    expect((await postForm(path, { intent: "dispute", name: "王建国", comment: "9月30日设备已退场", items: String(item!.id) })).status).toBeLessThan(400);
    const disputed = await list();
    expect(disputed).toContain("客户有异议");
    expect(/data-testid="data-table"[\s\S]*?<tbody[\s\S]*?<\/tbody>/.exec(disputed)?.[0]).toMatch(new RegExp(`${s!.number}[\\s\\S]*?客户有异议[\\s\\S]*?>1<`));
    // a mark on the bill list (and its filter), and a to-do on the workbench of the clerk who made the statement
    const bill = await db().select({ number: bills.number }).from(bills).where(eq(bills.id, billId));
    const marked = await (await get("/contractBillReport?disputed=1", cookie)).text();
    expect(/data-testid="data-table"[\s\S]*?<tbody[\s\S]*?<\/tbody>/.exec(marked)?.[0]).toMatch(new RegExp(`${bill[0]!.number}[\\s\\S]*?有异议待答复`));
    const workbench = async () => (await get("/manageWork", cookie)).text();
    expect(await workbench()).toMatch(new RegExp(`data-testid="todo-dispute"[\\s\\S]*?对账单有异议待答复 · ${s!.number}[\\s\\S]*?1项异议`));
    // answered on the statement's page, as the clerk does
    expect((await postForm(`/contractBillReport/statement?id=${statementId}`, { intent: "answer", itemId: String(item!.id), note: "核实后同意", amount: "" }, { Cookie: cookie })).status).toBe(302);
    expect(/data-testid="data-table"[\s\S]*?<tbody[\s\S]*?<\/tbody>/.exec(await list())?.[0]).toMatch(new RegExp(`${s!.number}[\\s\\S]*?客户有异议[\\s\\S]*?>0<`));
    expect(await workbench()).not.toContain('data-testid="todo-dispute"');
    expect(/data-testid="data-table"[\s\S]*?<tbody[\s\S]*?<\/tbody>/.exec(await (await get("/contractBillReport?disputed=1", cookie)).text())?.[0] ?? "").not.toContain(bill[0]!.number);
    // 详情 opens the statement's own page; another tenant's is not there
    const opened = await get(`/contractBillReport/statements?view=${statementId}`, cookie);
    expect([opened.status, opened.headers.get("Location")]).toEqual([302, `/contractBillReport/statement?id=${statementId}`]);
    const other = await makeTenant();
    const stranger = await signIn(other.account, other.password);
    expect(await list(stranger)).not.toContain(s!.number);
    expect((await get(`/contractBillReport/statements?view=${statementId}`, stranger)).status).toBe(404);
  });

  it("is sent to the customer for real: an SMS to the main contact's mobile and an e-mail through the mail settings, both in the outbox", async () => {
    const { t, billId } = await confirmedBill();
    const cookie = await signIn(t.account, t.password);
    const [bill] = await db().select({ customerId: bills.customerId }).from(bills).where(eq(bills.id, billId));
    await db().insert(customerContacts).values({ tenantId: t.tenantId, customerId: bill!.customerId!, name: "王建国", phone: "13800138000", isMain: 1 });
    const made = await postForm(`/contractBillReport/statement?bill=${billId}`, { intent: "open" }, { Cookie: cookie });
    const desk = made.headers.get("Location")!;
    // the main contact's mobile is offered
    expect(await (await get(desk, cookie)).text()).toMatch(/name="mobile"[^>]*value="13800138000"|value="13800138000"[^>]*name="mobile"/);
    const send = (fields: Record<string, string>) => postForm(desk, { intent: "send", mobile: "", email: "", ...fields }, { Cookie: cookie });
    const outboxOf = async () => db().select().from(outbox).where(eq(outbox.tenantId, t.tenantId));
    // a bad mobile, and an e-mail while the mail push is off: refused at their fields, nothing sent
    const bad = await send({ mobile: "1380013800", email: "finance@customer.cn" });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("请输入正确的手机号");
    expect(html).toContain("邮件推送未开启");
    expect(await outboxOf()).toEqual([]);
    await db().insert(tenantSettings).values({ tenantId: t.tenantId, key: "mail", value: { enabled: "1", senderName: "上海塔吊租赁财务部", senderAddress: "finance@lessor.cn", subjectPrefix: "[对账]", recipients: "" } });
    expect((await send({ mobile: "13800138000", email: "finance@customer.cn" })).status).toBe(302);
    const sent = await outboxOf();
    const [s] = await db().select().from(statements).where(eq(statements.tenantId, t.tenantId));
    const sms = sent.find((m) => m.channel === "sms")!;
    const mail = sent.find((m) => m.channel === "email")!;
    expect(sms.recipient).toBe("13800138000");
    expect(sms.body).toMatch(new RegExp(`对账单${s!.number}金额¥30,000.00，请查看并确认：http://[^ ]+/statement/`));
    expect(mail).toMatchObject({ recipient: "finance@customer.cn", subject: `[对账] 对账单 ${s!.number}（2026-09-01 至 2026-09-30）` });
    expect(mail.body).toContain("上海塔吊租赁财务部");
    // the link sent is the one in force: it opens the statement
    const link = /\/statement\/[^\s]+/.exec(sms.body)![0];
    expect((await get(link)).status).toBe(200);
    // the link alone (no recipient): nothing more in the outbox
    expect((await send({})).status).toBe(302);
    expect(await outboxOf()).toHaveLength(2);
  });

  it("refuses an expired, a revoked, a forged and another tenant's link", async () => {
    const { scope, statementId, path } = await sentStatement();
    // revoked: the old link dies, a new one works
    expect(await revokeStatementLink(scope, statementId)).toEqual({ ok: true });
    expect((await get(path)).status).toBe(404);
    const resent = await sendStatement(scope, statementId);
    expect(resent.ok && (await get(resent.path)).status).toBe(200);
    expect((await get(path)).status).toBe(404);
    // expired: past its day in the database (and a token whose own time has passed)
    await db().update(statements).set({ linkExpiresAt: Date.now() - 1000 }).where(eq(statements.id, statementId));
    const expired = await get((resent as { path: string }).path);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain("链接已过期");
    // forged: a token signed with another key, and one changed by a character
    const [row] = await db().select().from(statements).where(eq(statements.id, statementId));
    const forged = await new SignJWT({ tid: scope.user.tenantId, sid: statementId, n: row!.linkNonce })
      .setProtectedHeader({ alg: "HS256" })
      .setAudience("derrick-statement")
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("not-the-secret-not-the-secret-123"));
    expect((await get(`/statement/${forged}`)).status).toBe(404);
    const token = (resent as { path: string }).path.split("/").pop()!;
    // (a character inside the signature: the last one carries padding bits, and a changed one may decode the same)
    const changed = token.slice(-10, -9) === "A" ? "B" : "A";
    expect((await get(`/statement/${token.slice(0, -10)}${changed}${token.slice(-9)}`)).status).toBe(404);
    // a validly signed link naming this statement under another tenant finds nothing
    const other = await sentStatement();
    const live = await sendStatement(scope, statementId);
    const [now] = await db().select().from(statements).where(eq(statements.id, statementId));
    expect(live.ok).toBe(true);
    const crossed = await statementToken(env, { tenantId: other.t.tenantId, statementId, nonce: now!.linkNonce!, expiresAt: now!.linkExpiresAt! });
    expect((await get(`/statement/${crossed}`)).status).toBe(404);
    expect((await postForm(`/statement/${crossed}`, { intent: "confirm", name: "x" })).status).toBe(404);
    expect((await get(other.path)).status).toBe(200);
  });

  it("shows the customer what changed the money and the late interest's days and base, on its page and in its PDF", async () => {
    const t = await makeTenant();
    const plate = unique("沪A·");
    const v = await makeVehicle(t.tenantId, { plate });
    const [customer] = await db().insert(customers).values({ tenantId: t.tenantId, name: unique("浦东建工"), kind: "enterprise" }).returning({ id: customers.id });
    const [c] = await db()
      .insert(contracts)
      .values({ tenantId: t.tenantId, number: unique("HT-"), kind: "rental", name: "陆家嘴吊装", customerId: customer!.id, startOn: "2026-09-01", settlementDay: 31, paymentDays: 30, taxRateBp: 900, lateRateBp: 30, state: 3 })
      .returning({ id: contracts.id });
    await db().insert(contractLines).values({ tenantId: t.tenantId, contractId: c!.id, lineNo: 1, vehicleId: v.id, monthlyCents: 3_000_000, idleRateBp: 7000, onRentOn: "2026-09-01" });
    // September: 8 engine hours a day, nothing from the 10th to the 19th
    const rows = days("2026-09-01", "2026-09-30").map((day) => ({ tenantId: t.tenantId, vehicleId: v.id, day, engineSeconds: day >= "2026-09-10" && day <= "2026-09-19" ? 0 : 8 * 3600, mileageKm: day >= "2026-09-10" && day <= "2026-09-19" ? 0 : 12 }));
    await insertDaily(rows);
    await runBills(db(), { tenantId: t.tenantId, timeZone: "Asia/Shanghai", through: "2026-09-30" });
    const [bill] = await db().select().from(bills).where(eq(bills.tenantId, t.tenantId));
    const scope = billScopeOf(t.tenantId, t.userId);
    for (const p of (await loadBill(scope, bill!.id))!.proposals) expect(await decideProposal(scope, bill!.id, p.id, p.kind === "idle", "现场停工")).toEqual({ ok: true });
    expect(await confirmBill(scope, bill!.id)).toEqual({ ok: true });
    const made = await statementForBill(scope, bill!.id);
    if (!made.ok) throw new Error(made.message);
    const sent = await sendStatement(scope, made.id);
    if (!sent.ok) throw new Error(sent.message);
    // 30,000.00 − 30,000.00 × 10/30 × 30 % = 27,000.00, due 30 days after the period; unpaid 5 days after it:
    // 27,000.00 × 0.30 % × 5 = 405.00
    expect(bill!.dueOn).toBe("2026-10-30");
    await accrueInterest(db(), { tenantId: t.tenantId, timeZone: "Asia/Shanghai", through: "2026-11-04" });

    const page = await (await get(sent.path)).text();
    expect(page).toContain("计费依据（已接受的系统建议）");
    expect(page).toContain(`${plate}：停滞期 2026-09-10 至 2026-09-19，共10天`);
    expect(page).toContain("滞纳金明细");
    expect(page).toContain(`${bill!.number}：2026-10-31 至 2026-11-04，27,000.00 × 日利率0.30% × 5天 = 405.00`);
    // the rows the sentences were made from stay on the server
    expect(page).not.toContain('"decisions"');
    const en = await (await get(sent.path, "derrick_lang=en-US")).text();
    expect(en).toContain(`${bill!.number}: 2026-10-31 to 2026-11-04, 27,000.00 × 0.30% a day × 5 days = 405.00`);

    const res = await get(`${sent.path}/pdf?lang=zh-CN`);
    const flat = (await extractText(await getDocumentProxy(new Uint8Array(await res.arrayBuffer())), { mergePages: true })).text.replace(/\s+/g, "");
    expect(flat).toContain("停滞期2026-09-10至2026-09-19，共10天");
    expect(flat).toContain(`${bill!.number}：2026-10-31至2026-11-04，27,000.00×日利率0.30%×5天=405.00`);
  });

  it("prints as a PDF in the reader's language", async () => {
    const { path, customerName } = await sentStatement();
    const res = await get(`${path}/pdf?lang=en-US`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    const pdf = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()));
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain("Statement");
    expect(text).toContain(customerName);
    expect(text.replace(/\s+/g, " ")).toContain("30,000.00");
    // what the money stands on: here nothing changed it
    expect(text.replace(/\s+/g, " ")).toContain("What the bill stands on (accepted proposals)");
    expect(text.replace(/\s+/g, " ")).toContain("No proposal changed this bill");
  });
});
