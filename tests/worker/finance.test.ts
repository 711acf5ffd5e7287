// Invoices, receipts and the collection per machine on real D1 (issue 26 §3): a part payment spread oldest due first
// across two bills, an over-payment kept as credit and used on a bill confirmed later, an invoice above the bill
// refused (and of two concurrent ones that together exceed it only one stored), a draft bill not invoiced, a void
// giving the amount back, another tenant's bill and customer refused, the data scope of the document's organisation,
// the collection shared pro rata over a bill's machines, and the demo seed part running once.
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { readSheet } from "read-excel-file/universal";
import { describe, expect, it } from "vitest";
import { hashPassword } from "../../app/lib/password";
import { allocateOldestFirst, invoiceSplit } from "../../app/modules/finance/money";
import { bills, customers, invoices, receiptAllocations, receipts, tenants, userRoles, users } from "../../db/schema";
import { seedReceipts } from "../../db/seed/rental/receipts";
import { db, get, makeTenant, postForm, signIn, unique } from "./helpers";
import { makeContract, makeDepartment } from "./rent-fixtures";
import { makeVehicle } from "./telematics";

const INVOICES = "/receiptsEnterList";
const RECEIPTS = "/payReceiveManage";

/** A bill of the contract: draft first (its items go in), then confirmed unless asked otherwise. */
async function makeBill(tenantId: number, c: { id: number; customerId: number }, o: { amountCents: number; dueOn: string; state?: number; orgId?: number | null; periodTo?: string; taxRateBp?: number; items?: { lineId: number; amountCents: number }[] }) {
  const periodTo = o.periodTo ?? o.dueOn;
  const rate = o.taxRateBp ?? 900;
  const [bill] = await db()
    .insert(bills)
    .values({ tenantId, orgId: o.orgId ?? null, number: unique("ZD-"), contractId: c.id, rootId: c.id, customerId: c.customerId, periodFrom: periodTo, periodTo, amountCents: o.amountCents, taxCents: invoiceSplit(o.amountCents, rate).taxCents, taxRateBp: rate, dueOn: o.dueOn, state: 0 })
    .returning({ id: bills.id, number: bills.number });
  for (const [i, item] of (o.items ?? []).entries())
    await env.DB.prepare("insert into bill_items (tenant_id, bill_id, seq, line_id, rule, quantity, unit, rate_cents, amount_cents, tax_rate_bp, tax_cents) values (?, ?, ?, ?, 'monthly', '1', 'month', ?, ?, 900, 0)")
      .bind(tenantId, bill!.id, i + 1, item.lineId, item.amountCents, item.amountCents)
      .run();
  if ((o.state ?? 1) !== 0) await db().update(bills).set({ state: o.state ?? 1 }).where(eq(bills.id, bill!.id));
  return bill!;
}

async function billOf(id: number) {
  const [b] = await db().select({ paid: bills.paidCents, invoiced: bills.invoicedCents }).from(bills).where(eq(bills.id, id));
  return b!;
}

const invoiceForm = (customerId: number, amount: string, lines: { billId: number; amount: string }[], more: Record<string, string> = {}) => ({
  intent: "create",
  number: unique("FP"),
  kind: "special",
  taxRate: "900",
  customerId: String(customerId),
  contractId: "",
  issuedOn: "2026-11-20",
  amount,
  remark: "",
  ...Object.fromEntries(lines.flatMap((l, i) => [[`bills[${i}].billId`, String(l.billId)], [`bills[${i}].on`, "1"], [`bills[${i}].amount`, l.amount]])),
  ...more,
});

const receiptForm = (customerId: number, amount: string, more: Record<string, string> = {}) => ({
  intent: "create",
  direction: "in",
  customerId: String(customerId),
  supplierId: "",
  contractId: "",
  receivedOn: "2026-11-21",
  amount,
  method: "transfer",
  reference: unique("BANK"),
  allocation: "auto",
  remark: "",
  ...more,
});

async function admin() {
  const t = await makeTenant({ role: "admin" });
  return { ...t, cookie: await signIn(t.account, t.password) };
}

describe("the arithmetic", () => {
  it("takes the tax out of an amount half up and spreads a payment oldest due first", () => {
    // 9 % of ¥10,900.00 is ¥900.00; 13 % of ¥1,000.00 is 115.044… → ¥115.04; 6 % of ¥0.53 is 0.03 (0.0300…)
    expect(invoiceSplit(1_090_000, 900)).toEqual({ taxCents: 90_000, netCents: 1_000_000 });
    expect(invoiceSplit(100_000, 1300)).toEqual({ taxCents: 11_504, netCents: 88_496 });
    expect(invoiceSplit(53, 600)).toEqual({ taxCents: 3, netCents: 50 });
    expect(
      allocateOldestFirst(
        [
          { id: 2, dueOn: "2026-10-31", openCents: 500_000 },
          { id: 1, dueOn: "2026-09-30", openCents: 300_000 },
        ],
        450_050,
      ),
    ).toEqual({ allocations: [{ billId: 1, cents: 300_000 }, { billId: 2, cents: 150_050 }], creditCents: 0 });
  });
});

describe("receipts", () => {
  it("allocates a part payment oldest due first across two bills, keeps an over-payment as credit and uses it later", async () => {
    const t = await admin();
    const c = await makeContract(t.tenantId, { state: 3, lines: [{ vehicleId: null, from: "2026-08-01" }] });
    const older = await makeBill(t.tenantId, c, { amountCents: 3_000_000, dueOn: "2026-09-30" });
    const newer = await makeBill(t.tenantId, c, { amountCents: 2_500_050, dueOn: "2026-10-31" });

    // ¥40,000.25 pays the September bill whole and ¥10,000.25 of October's
    expect((await postForm(RECEIPTS, receiptForm(c.customerId, "40,000.25"), { Cookie: t.cookie })).status).toBe(302);
    expect(await billOf(older.id)).toMatchObject({ paid: 3_000_000 });
    expect(await billOf(newer.id)).toMatchObject({ paid: 1_000_025 });
    const [first] = await db().select().from(receipts).where(eq(receipts.customerId, c.customerId));
    expect(first!.number).toMatch(/^SK-\d{6}-0001$/);
    expect(first!.allocatedCents).toBe(4_000_025);

    // ¥20,000.00 more: ¥15,000.25 closes October, ¥4,999.75 stays credit
    expect((await postForm(RECEIPTS, receiptForm(c.customerId, "20000"), { Cookie: t.cookie })).status).toBe(302);
    expect(await billOf(newer.id)).toMatchObject({ paid: 2_500_050 });
    const second = (await db().select().from(receipts).where(eq(receipts.customerId, c.customerId))).find((r) => r.id !== first!.id)!;
    expect(second.number).toMatch(/^SK-\d{6}-0002$/);
    expect(second.amountCents - second.allocatedCents).toBe(499_975);
    const page = await (await get(`${RECEIPTS}?customerId=${c.customerId}`, t.cookie)).text();
    expect(page).toContain("4,999.75"); // the credit, in the list and the customer's balance
    expect(page).toContain("55,000.50"); // billed

    // November's bill is confirmed later: the credit goes on it
    const november = await makeBill(t.tenantId, c, { amountCents: 800_000, dueOn: "2026-11-30" });
    expect((await postForm(RECEIPTS, { intent: "allocate", id: String(second.id) }, { Cookie: t.cookie })).status).toBe(302);
    expect(await billOf(november.id)).toMatchObject({ paid: 499_975 });
    const [after] = await db().select().from(receipts).where(eq(receipts.id, second.id));
    expect(after!.allocatedCents).toBe(2_000_000);

    // deleting the first receipt gives its money back to the bills
    expect((await postForm(RECEIPTS, { intent: "delete", ids: String(first!.id) }, { Cookie: t.cookie })).status).toBe(302);
    expect(await billOf(older.id)).toMatchObject({ paid: 0 });
    expect(await billOf(newer.id)).toMatchObject({ paid: 1_500_025 });
    expect(await db().select().from(receiptAllocations).where(eq(receiptAllocations.receiptId, first!.id))).toEqual([]);

    // a payment to a supplier is numbered FK and touches no bill
    const [supplier] = await env.DB.prepare("insert into suppliers (tenant_id, name, kind, version, created_at, updated_at) values (?, ?, 'enterprise', 1, ?, ?) returning id")
      .bind(t.tenantId, unique("分包商"), Date.now(), Date.now())
      .all<{ id: number }>()
      .then((r) => r.results);
    expect((await postForm(RECEIPTS, receiptForm(c.customerId, "5000", { direction: "out", customerId: "", supplierId: String(supplier!.id) }), { Cookie: t.cookie })).status).toBe(302);
    const [out] = await db().select().from(receipts).where(and(eq(receipts.tenantId, t.tenantId), eq(receipts.direction, "out")));
    expect(out!.number).toMatch(/^FK-\d{6}-0001$/);
    expect(out!.allocatedCents).toBe(0);
  });

  it("refuses a hand allocation above the bill and another tenant's customer or bill", async () => {
    const t = await admin();
    const other = await admin();
    const c = await makeContract(t.tenantId, { state: 3, lines: [{ vehicleId: null, from: "2026-08-01" }] });
    const bill = await makeBill(t.tenantId, c, { amountCents: 100_000, dueOn: "2026-09-30" });
    const theirs = await makeContract(other.tenantId, { state: 3, lines: [{ vehicleId: null, from: "2026-08-01" }] });
    const theirBill = await makeBill(other.tenantId, theirs, { amountCents: 100_000, dueOn: "2026-09-30" });
    const manual = (billId: number, amount: string) => ({ allocation: "manual", "bills[0].billId": String(billId), "bills[0].on": "1", "bills[0].amount": amount });
    const over = await postForm(RECEIPTS, receiptForm(c.customerId, "2000", manual(bill.id, "1000.01")), { Cookie: t.cookie });
    expect(over.status).toBe(409);
    expect(await over.text()).toContain("核销金额超过账单未收金额");
    const foreignBill = await postForm(RECEIPTS, receiptForm(c.customerId, "100", manual(theirBill.id, "100")), { Cookie: t.cookie });
    expect(foreignBill.status).toBe(409);
    expect(await foreignBill.text()).toContain("账单不存在、不在您的数据权限内或不属于该客户");
    const foreignCustomer = await postForm(RECEIPTS, receiptForm(theirs.customerId, "100"), { Cookie: `${t.cookie}; derrick_lang=en-US` });
    expect(foreignCustomer.status).toBe(409);
    expect(await foreignCustomer.text()).toContain("The customer does not exist or is outside your data scope");
    expect(await billOf(theirBill.id)).toMatchObject({ paid: 0 });
    expect(await db().select().from(receipts).where(eq(receipts.tenantId, t.tenantId))).toEqual([]);
  });
});

describe("invoices", () => {
  it("stores tax and net, refuses more than the bill, a draft bill, a wrong sum and another tenant's bill; a void releases", async () => {
    const t = await admin();
    const other = await admin();
    const c = await makeContract(t.tenantId, { state: 3, lines: [{ vehicleId: null, from: "2026-08-01" }] });
    const bill = await makeBill(t.tenantId, c, { amountCents: 1_090_000, dueOn: "2026-09-30" });
    const draft = await makeBill(t.tenantId, c, { amountCents: 50_000, dueOn: "2026-10-31", state: 0 });
    const theirs = await makeContract(other.tenantId, { state: 3, lines: [{ vehicleId: null, from: "2026-08-01" }] });
    const theirBill = await makeBill(other.tenantId, theirs, { amountCents: 100_000, dueOn: "2026-09-30" });

    const above = await postForm(INVOICES, invoiceForm(c.customerId, "10,900.01", [{ billId: bill.id, amount: "10,900.01" }]), { Cookie: t.cookie });
    expect(above.status).toBe(409);
    expect(await above.text()).toContain("开票金额超过账单未开票金额");
    const english = await postForm(INVOICES, invoiceForm(c.customerId, "10,900.01", [{ billId: bill.id, amount: "10,900.01" }]), { Cookie: `${t.cookie}; derrick_lang=en-US` });
    expect(await english.text()).toContain("The amount invoiced is more than the bill&#x27;s uninvoiced remainder");
    const drafted = await postForm(INVOICES, invoiceForm(c.customerId, "500", [{ billId: draft.id, amount: "500" }]), { Cookie: t.cookie });
    expect(drafted.status).toBe(409);
    expect(await drafted.text()).toContain("草稿账单不能开票，请先确认账单");
    const sum = await postForm(INVOICES, invoiceForm(c.customerId, "600", [{ billId: bill.id, amount: "500" }]), { Cookie: t.cookie });
    expect(sum.status).toBe(400);
    expect(await sum.text()).toContain("所选账单的开票金额合计须等于发票金额");
    const foreign = await postForm(INVOICES, invoiceForm(c.customerId, "100", [{ billId: theirBill.id, amount: "100" }]), { Cookie: t.cookie });
    expect(foreign.status).toBe(409);
    expect(await foreign.text()).toContain("账单不存在或不在您的数据权限内");
    const foreignCustomer = await postForm(INVOICES, invoiceForm(theirs.customerId, "100", [{ billId: theirBill.id, amount: "100" }]), { Cookie: t.cookie });
    expect(foreignCustomer.status).toBe(409);
    expect(await db().select().from(invoices).where(eq(invoices.tenantId, t.tenantId))).toEqual([]);
    expect(await billOf(theirBill.id)).toMatchObject({ invoiced: 0 });

    // the whole bill: 9 % of ¥10,900.00 is ¥900.00
    const whole = invoiceForm(c.customerId, "10,900.00", [{ billId: bill.id, amount: "10900" }]);
    expect((await postForm(INVOICES, whole, { Cookie: t.cookie })).status).toBe(302);
    const [stored] = await db().select().from(invoices).where(eq(invoices.number, whole.number));
    expect(stored).toMatchObject({ amountCents: 1_090_000, taxCents: 90_000, netCents: 1_000_000, state: 0 });
    expect(await billOf(bill.id)).toMatchObject({ invoiced: 1_090_000 });
    const again = await postForm(INVOICES, invoiceForm(c.customerId, "0.01", [{ billId: bill.id, amount: "0.01" }], { number: whole.number }), { Cookie: t.cookie });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("该发票号码已登记");

    // 作废 (the invoice machine's transition) gives the amount back, audited as a void; a second void is refused, and
    // another tenant's administrator finds no such invoice
    const voidIt = (cookie: string) => postForm(INVOICES, { intent: "transition:void", ids: String(stored!.id) }, { Cookie: cookie });
    expect((await voidIt(other.cookie)).status).toBe(404);
    expect(await billOf(bill.id)).toMatchObject({ invoiced: 1_090_000 });
    expect((await voidIt(t.cookie)).status).toBe(302);
    expect(await billOf(bill.id)).toMatchObject({ invoiced: 0 });
    expect((await db().select({ state: invoices.state }).from(invoices).where(eq(invoices.id, stored!.id)))[0]!.state).toBe(1);
    expect(await env.DB.prepare("select action, entity from audit_logs where entity = 'invoice' and action = 'void' and entity_id = ?").bind(String(stored!.id)).all()).toMatchObject({ results: [{ action: "void", entity: "invoice" }] });
    const voidAgain = await voidIt(t.cookie);
    expect(voidAgain.status).toBe(409);
    expect(await billOf(bill.id)).toMatchObject({ invoiced: 0 });
    // and an invoice is voided, never deleted
    await postForm(INVOICES, { intent: "delete", ids: String(stored!.id) }, { Cookie: t.cookie });
    expect(await db().select({ id: invoices.id }).from(invoices).where(eq(invoices.id, stored!.id))).toHaveLength(1);
  });

  it("carries exactly the tax of the whole bills it covers, and refuses a bill taxed at another rate", async () => {
    const t = await admin();
    const c = await makeContract(t.tenantId, { state: 3, lines: [{ vehicleId: null, from: "2026-08-01" }] });
    // by hand: 9 % out of ¥30,000.01 is 30,000.01 × 9 / 109 = 2,477.065… → ¥2,477.07 and out of ¥30,000.02 → ¥2,477.07,
    // ¥4,954.14 together; taken out of their sum ¥60,000.03 it would be 4,954.131… → ¥4,954.13, a fen short of the bills
    const first = await makeBill(t.tenantId, c, { amountCents: 3_000_001, dueOn: "2026-09-30" });
    const second = await makeBill(t.tenantId, c, { amountCents: 3_000_002, dueOn: "2026-10-31" });
    const both = invoiceForm(c.customerId, "60,000.03", [
      { billId: first.id, amount: "30,000.01" },
      { billId: second.id, amount: "30,000.02" },
    ]);
    expect((await postForm(INVOICES, both, { Cookie: t.cookie })).status).toBe(302);
    const [stored] = await db().select().from(invoices).where(eq(invoices.number, both.number));
    expect(stored).toMatchObject({ amountCents: 6_000_003, taxCents: 495_414, netCents: 5_504_589 });
    // the list's export holds its money as numbers (a sum in the sheet adds up), its number as text
    const sheet = await readSheet(await (await get(`/excel/invoice/export`, t.cookie)).arrayBuffer());
    const header = sheet[0]!.map(String);
    const row = sheet.find((r) => r.includes(both.number))!;
    expect([row[header.indexOf("价税合计(元)")], row[header.indexOf("税额(元)")], row[header.indexOf("不含税(元)")]]).toEqual([60000.03, 4954.14, 55045.89]);

    // a 13 % bill (machinery sold with its service) cannot go on a 9 % invoice, in either language
    const thirteen = await makeBill(t.tenantId, c, { amountCents: 1_130_000, dueOn: "2026-11-30", taxRateBp: 1300 });
    const wrong = invoiceForm(c.customerId, "11,300.00", [{ billId: thirteen.id, amount: "11,300.00" }]);
    const refused = await postForm(INVOICES, wrong, { Cookie: t.cookie });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(`账单${thirteen.number}的税率与发票税率不同`);
    const english = await postForm(INVOICES, wrong, { Cookie: `${t.cookie}; derrick_lang=en-US` });
    expect(await english.text()).toContain(`Bill ${thirteen.number} is taxed at another rate than this invoice`);
    expect(await billOf(thirteen.id)).toMatchObject({ invoiced: 0 });
    // at its own rate it goes through: 13 % out of ¥11,300.00 is ¥1,300.00
    const right = { ...wrong, number: unique("FP"), taxRate: "1300" };
    expect((await postForm(INVOICES, right, { Cookie: t.cookie })).status).toBe(302);
    expect((await db().select().from(invoices).where(eq(invoices.number, right.number)))[0]).toMatchObject({ taxCents: 130_000, netCents: 1_000_000 });
  });

  it("offers a new invoice its own confirmed bills as fixed lines, each at its uninvoiced remainder, and keeps them through a refusal", async () => {
    const t = await admin();
    const other = await admin();
    const c = await makeContract(t.tenantId, { state: 3, lines: [{ vehicleId: null, from: "2026-08-01" }] });
    const bill = await makeBill(t.tenantId, c, { amountCents: 1_090_000, dueOn: "2026-09-30" });
    await db().update(bills).set({ invoicedCents: 90_000 }).where(eq(bills.id, bill.id));
    const draft = await makeBill(t.tenantId, c, { amountCents: 50_000, dueOn: "2026-10-31", state: 0 });
    const theirs = await makeContract(other.tenantId, { state: 3, lines: [{ vehicleId: null, from: "2026-08-01" }] });
    const theirBill = await makeBill(other.tenantId, theirs, { amountCents: 100_000, dueOn: "2026-09-30" });
    const page = await (await get(`${INVOICES}?new=1`, t.cookie)).text();
    // one line: the bill's number shown and posted along, its id and customer posted, the amount ¥10,000.00 left to invoice
    expect(page).toContain('name="bills[0].billId" value="' + bill.id + '"');
    expect(page).toContain('name="bills[0].customerId" value="' + c.customerId + '"');
    expect(page).toContain(bill.number);
    expect(page).toMatch(/name="bills\[0\]\.amount"[^>]*value="10000\.00"/);
    expect(page).toContain(`aria-label="${bill.number} 选择"`);
    expect(page).not.toContain("bills[1].billId");
    expect(page).not.toContain(draft.number);
    expect(page).not.toContain(theirBill.number);
    // refused (the sum is not the invoice's amount): the line comes back as posted, the message over the table
    const posted = { ...invoiceForm(c.customerId, "600", [{ billId: bill.id, amount: "500" }]), "bills[0].number": bill.number, "bills[0].customerId": String(c.customerId), "bills[0].open": "10000.00" };
    const refused = await (await postForm(`${INVOICES}?new=1`, posted, { Cookie: t.cookie })).text();
    expect(refused).toContain("所选账单的开票金额合计须等于发票金额");
    expect(refused).toContain(bill.number);
    expect(refused).toMatch(/name="bills\[0\]\.amount"[^>]*value="500"/);
  });

  it("stores only one of two concurrent invoices that together exceed the bill", async () => {
    const t = await admin();
    const c = await makeContract(t.tenantId, { state: 3, lines: [{ vehicleId: null, from: "2026-08-01" }] });
    const bill = await makeBill(t.tenantId, c, { amountCents: 1_000_000, dueOn: "2026-09-30" });
    const results = await Promise.all([0, 1, 2, 3].map(() => postForm(INVOICES, invoiceForm(c.customerId, "6000", [{ billId: bill.id, amount: "6000" }]), { Cookie: t.cookie })));
    expect(results.map((r) => r.status).sort()).toEqual([302, 409, 409, 409]);
    expect(await db().select().from(invoices).where(eq(invoices.tenantId, t.tenantId))).toHaveLength(1);
    expect(await billOf(bill.id)).toMatchObject({ invoiced: 600_000 });
  });

  it("shows a user only the invoices and receipts of their organisations", async () => {
    const t = await admin();
    const east = await makeDepartment(t.tenantId, t.rootOrgId);
    const west = await makeDepartment(t.tenantId, t.rootOrgId);
    const mine = await makeContract(t.tenantId, { orgId: east, state: 3, lines: [{ vehicleId: null, from: "2026-08-01" }] });
    const theirs = await makeContract(t.tenantId, { orgId: west, state: 3, lines: [{ vehicleId: null, from: "2026-08-01" }] });
    const myBill = await makeBill(t.tenantId, mine, { amountCents: 100_000, dueOn: "2026-09-30", orgId: east });
    const theirBill = await makeBill(t.tenantId, theirs, { amountCents: 100_000, dueOn: "2026-09-30", orgId: west });
    const own = invoiceForm(mine.customerId, "1000", [{ billId: myBill.id, amount: "1000" }], { contractId: String(mine.id) });
    const sibling = invoiceForm(theirs.customerId, "1000", [{ billId: theirBill.id, amount: "1000" }], { contractId: String(theirs.id) });
    expect((await postForm(INVOICES, own, { Cookie: t.cookie })).status).toBe(302);
    expect((await postForm(INVOICES, sibling, { Cookie: t.cookie })).status).toBe(302);
    const ownReceipt = receiptForm(mine.customerId, "100", { contractId: String(mine.id) });
    const siblingReceipt = receiptForm(theirs.customerId, "100", { contractId: String(theirs.id) });
    expect((await postForm(RECEIPTS, ownReceipt, { Cookie: t.cookie })).status).toBe(302);
    expect((await postForm(RECEIPTS, siblingReceipt, { Cookie: t.cookie })).status).toBe(302);

    const account = unique("east");
    const [user] = await db()
      .insert(users)
      .values({ tenantId: t.tenantId, orgId: east, loginAccount: account, userName: "华东出纳", passwordHash: await hashPassword("Passw0rd@2026"), isAdmin: 0 })
      .returning({ id: users.id });
    const [role] = await db().select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, t.userId));
    await db().insert(userRoles).values({ tenantId: t.tenantId, userId: user!.id, roleId: role!.roleId });
    const scoped = await signIn(account, "Passw0rd@2026");
    const invoiceList = await (await get(`${INVOICES}?size=100`, scoped)).text();
    expect(invoiceList).toContain(own.number);
    expect(invoiceList).not.toContain(sibling.number);
    const receiptList = await (await get(`${RECEIPTS}?size=100`, scoped)).text();
    expect(receiptList).toContain(ownReceipt.reference);
    expect(receiptList).not.toContain(siblingReceipt.reference);
    // nor may they invoice the sibling's bill
    const refused = await postForm(INVOICES, invoiceForm(theirs.customerId, "1", [{ billId: theirBill.id, amount: "1" }]), { Cookie: scoped });
    expect(refused.status).toBe(409);
  });
});

describe("equipment payment collection", () => {
  it("shares each bill's payments over its machines in proportion to their items", async () => {
    const t = await admin();
    const plate = () => `沪C${String(Math.floor(Math.random() * 1e5)).padStart(5, "0")}`;
    const crane = { ...(await makeVehicle(t.tenantId, { plate: plate() })) };
    const lift = { ...(await makeVehicle(t.tenantId, { plate: plate() })) };
    const [cranePlate, liftPlate] = (await env.DB.prepare("select plate from vehicles where id in (?, ?) order by id").bind(crane.id, lift.id).all<{ plate: string }>()).results.map((r) => r.plate);
    const c = await makeContract(t.tenantId, { state: 3, lines: [{ vehicleId: crane.id, from: "2026-08-01" }, { vehicleId: lift.id, from: "2026-08-01" }] });
    const lineIds = (await env.DB.prepare("select id from contract_lines where contract_id = ? order by line_no").bind(c.id).all<{ id: number }>()).results.map((r) => r.id);
    // ¥30,000.00 of crane and ¥10,000.00 of lift; ¥10,000.01 paid: crane 7,500.0075 → 7,500.01, lift 2,500.0025 → 2,500.00
    const bill = await makeBill(t.tenantId, c, { amountCents: 4_000_000, dueOn: "2026-09-30", periodTo: "2026-08-31", items: [{ lineId: lineIds[0]!, amountCents: 3_000_000 }, { lineId: lineIds[1]!, amountCents: 1_000_000 }] });
    await db().update(bills).set({ paidCents: 1_000_001 }).where(eq(bills.id, bill.id));
    const page = await (await get("/equipmentPaymentCollection?from=2026-08-01&to=2026-08-31", t.cookie)).text();
    expect(page).toContain(cranePlate!);
    expect(page).toContain("7,500.01");
    expect(page).toContain("22,499.99");
    expect(page).toContain("2,500.00");
    expect(page).toContain("7,500.00");
    const filtered = await (await get(`/equipmentPaymentCollection?from=2026-08-01&to=2026-08-31&plate=${encodeURIComponent(liftPlate!)}`, t.cookie)).text();
    expect(filtered).not.toContain(cranePlate!);
    const sheet = await get("/equipmentPaymentCollection/export?from=2026-08-01&to=2026-08-31", t.cookie);
    expect(sheet.status).toBe(200);
    expect(sheet.headers.get("Content-Type")).toContain("spreadsheetml");
    // hostile text in every parameter answers without a server error (the page's own search: searchText, then containing)
    for (const key of ["plate", "from", "to", "customerId"])
      for (const text of ["%_\\'\"--", "\u0000\u001f%", "吊".repeat(40), "2026-13-45", "-1", "9".repeat(30)]) {
        const res = await get(`/equipmentPaymentCollection?${key}=${encodeURIComponent(text)}`, t.cookie);
        expect(res.status, `${key}=${text}`).toBeLessThan(500);
      }
    // another tenant sees nothing of it
    const other = await admin();
    expect(await (await get("/equipmentPaymentCollection?from=2026-08-01&to=2026-08-31", other.cookie)).text()).not.toContain(cranePlate!);
  });
});

describe("the demo seed part", () => {
  it("invoices and pays the demo's confirmed bills once, leaving overdue bills of every age", async () => {
    const t = await makeTenant({ role: "admin" });
    const today = new Date().toISOString().slice(0, 10);
    const back = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
    const c = await makeContract(t.tenantId, { state: 3, lines: [{ vehicleId: null, from: "2025-01-01" }] });
    for (const days of [200, 170, 140, 110, 80, 50, 20, 5]) await makeBill(t.tenantId, c, { amountCents: 1_000_000 + days, dueOn: back(days) });
    await db().update(tenants).set({ timeZone: "UTC" }).where(eq(tenants.id, t.tenantId));
    const said = await seedReceipts(db(), { tenantId: t.tenantId, adminId: t.userId, vehicleIds: [] });
    expect(said).toMatch(/\d/);
    expect(await seedReceipts(db(), { tenantId: t.tenantId, adminId: t.userId, vehicleIds: [] })).toBeNull();
    const all = await db().select().from(bills).where(eq(bills.tenantId, t.tenantId));
    const paidFull = all.filter((b) => b.paidCents === b.amountCents);
    const partly = all.filter((b) => b.paidCents > 0 && b.paidCents < b.amountCents);
    expect(paidFull.length).toBeGreaterThan(0);
    expect(partly.length).toBe(1);
    const unpaidAge = all.filter((b) => b.paidCents < b.amountCents).map((b) => (Date.parse(today) - Date.parse(b.dueOn)) / 86_400_000);
    for (const [lo, hi] of [[0, 30], [31, 60], [61, 90], [91, 10_000]]) expect(unpaidAge.some((d) => d >= lo! && d <= hi!), `${lo}-${hi}`).toBe(true);
    expect((await db().select().from(invoices).where(eq(invoices.tenantId, t.tenantId))).length).toBeGreaterThan(0);
    const [customer] = await db().select({ id: customers.id }).from(customers).where(eq(customers.id, c.customerId));
    expect(customer).toBeDefined();
  });
});
