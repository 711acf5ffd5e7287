import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { overdueContracts } from "../../app/modules/overdue/ageing.server";
import { ActSchema, collectionMachine, saveAct } from "../../app/modules/overdue/collection.server";
import { todayInZone } from "../../app/lib/tenant-clock";
import { todoFor } from "../../app/modules/workflow/approval.server";
import { approvalKinds } from "../../app/modules/resource/registry.server";
import { runTransition } from "../../app/modules/workflow/engine.server";
import { accrueInterest, interestThrough, plusDays } from "../../workers/jobs/interest";
import { db, get, makeTenant, postForm, signIn, unique } from "./helpers";
import { billOf, CODES, overdueContract, scopeOf, ZONE } from "./overdue-fixtures";
import { makeDepartment } from "./rent-fixtures";
import { seedCollection } from "../../db/seed/rental/collection";

// 逾期合同 on real D1: the ageing buckets to the cent, late interest across a month end (idempotent) and by the value
// date of the money (a backdated receipt recomputing it, a bill paid off stopping, a receipt deleted restoring it), every judge-status refusal of the collection acts, a bad-debt transfer's
// approval round through the to-do, tenant isolation and data scope; the pages over HTTP in both languages.

const act = (contractId: number, kind: string, more: Record<string, string> = {}) => ActSchema.parse({ kind, contractId: String(contractId), content: unique("处理"), ...more });

describe("ageing", () => {
  it("puts each bill's unpaid amount in its bucket by its own due day; drafts, paid and not-yet-due bills stay out", async () => {
    const t = await makeTenant();
    const c = await overdueContract(t.tenantId);
    const today = todayInZone(ZONE);
    await billOf(c, plusDays(today, -10), 100000);
    await billOf(c, plusDays(today, -45), 200000, { paid: 50000 });
    await billOf(c, plusDays(today, -75), 300000);
    await billOf(c, plusDays(today, -120), 400000);
    await billOf(c, plusDays(today, -200), 500000, { state: 0 });
    await billOf(c, plusDays(today, -230), 600000, { paid: 600000 });
    await billOf(c, today, 700000);
    const [row, ...rest] = await overdueContracts(scopeOf(t.tenantId, t.userId));
    expect(rest).toEqual([]);
    expect(row!.buckets).toEqual({ d30: 100000, d60: 150000, d90: 300000, over90: 400000 });
    expect(row!.totalCents).toBe(950000);
    expect(row!.maxDays).toBe(120);
    const only90 = await overdueContracts(scopeOf(t.tenantId, t.userId), { q: "", bucket: "over90", customerId: c.customerId, personId: null });
    expect(only90.map((r) => r.contractId)).toEqual([c.id]);
    const otherCustomer = await overdueContracts(scopeOf(t.tenantId, t.userId), { q: "", bucket: "", customerId: c.customerId + 1, personId: null });
    expect(otherCustomer).toEqual([]);
  });
});

describe("one overdue figure", () => {
  it("agrees between 逾期合同 and 收付款管理, each saying what it counts", async () => {
    const t = await makeTenant({ role: "admin" });
    const cookie = await signIn(t.account, t.password);
    const c = await overdueContract(t.tenantId, { lateRateBp: 30 });
    const today = todayInZone(ZONE);
    await billOf(c, plusDays(today, -10), 100000);
    await billOf(c, plusDays(today, -45), 200000, { paid: 50000 });
    await billOf(c, plusDays(today, 5), 700000); // not yet due
    await billOf(c, plusDays(today, -20), 300000, { state: 0 }); // a draft owes nothing yet
    await accrueInterest(db(), { tenantId: t.tenantId, timeZone: ZONE, through: plusDays(today, -1) });
    // 1,000.00 + 1,500.00 = 2,500.00 overdue on both pages; the interest apart on the overdue page only
    const overdue = await (await get("/overdueContract", cookie)).text();
    expect(/data-testid="overdue-cards"[\s\S]*?<\/section>|data-testid="overdue-cards"[\s\S]*/.exec(overdue)?.[0]).toContain("2,500.00");
    expect(overdue).toContain("滞纳金另列，不计入逾期");
    const balances = await (await get("/payReceiveManage", cookie)).text();
    const section = /data-testid="receipt-balances"[\s\S]*?<\/section>/.exec(balances)?.[0] ?? "";
    expect(section).toContain("与“逾期合同”合计一致");
    // the customer's row: billed 10,000.00 (the three confirmed bills), paid 500.00, overdue 2,500.00
    expect(section).toMatch(/10,000\.00[\s\S]*?500\.00[\s\S]*?2,500\.00/);
  });
});

describe("late interest", () => {
  it("accrues 30 bp a day on ¥10,000.00 across a month end, once; a contract without a rate accrues nothing", async () => {
    const t = await makeTenant();
    const c = await overdueContract(t.tenantId, { lateRateBp: 30 });
    const billId = await billOf(c, "2026-10-27", 1000000);
    const run = (through: string) => accrueInterest(db(), { tenantId: t.tenantId, timeZone: ZONE, through });
    const rows = async () => (await env.DB.prepare("select from_on, to_on, base_cents, rate_bp, cents from bill_interest where bill_id = ? order by from_on").bind(billId).all()).results;

    // 28 Oct → 3 Nov: 7 days × ¥10,000.00 × 0.3 % = 7 × 3,000 = 21,000
    expect(await run("2026-11-03")).toEqual({ bills: 1, cents: 21000 });
    expect(await rows()).toEqual([{ from_on: "2026-10-28", to_on: "2026-11-03", base_cents: 1000000, rate_bp: 30, cents: 21000 }]);
    expect(await run("2026-11-03")).toEqual({ bills: 0, cents: 0 });
    expect(await rows()).toHaveLength(1);
    // the next day carries the same run on: 8 days, 24,000
    expect(await run("2026-11-04")).toEqual({ bills: 1, cents: 24000 });
    expect(await rows()).toEqual([{ from_on: "2026-10-28", to_on: "2026-11-04", base_cents: 1000000, rate_bp: 30, cents: 24000 }]);

    // a bill of a contract without a rate accrues nothing (the rated bill alone moves on: 14 days, 42,000)
    const plain = await overdueContract(t.tenantId);
    const plainBill = await billOf(plain, "2026-10-01", 500000);
    expect(await run("2026-11-10")).toEqual({ bills: 1, cents: 42000 });
    expect(await env.DB.prepare("select count(*) n from bill_interest where bill_id = ?").bind(plainBill).first("n")).toBe(0);
  });

  it("runs to the value date of the money: a receipt dated before it was entered takes back the days since, at once", async () => {
    const t = await makeTenant({ role: "admin" });
    const cookie = await signIn(t.account, t.password);
    const c = await overdueContract(t.tenantId, { lateRateBp: 30 });
    // ¥10,000.00 due 30 days ago; the job ran through yesterday: 29 days × 3,000 = 87,000
    const today = todayInZone(ZONE);
    const due = plusDays(today, -30);
    const yesterday = plusDays(today, -1);
    const billId = await billOf(c, due, 1000000);
    const rows = async () => (await env.DB.prepare("select from_on, to_on, base_cents, cents from bill_interest where bill_id = ? order by from_on").bind(billId).all()).results;
    expect(await accrueInterest(db(), { tenantId: t.tenantId, timeZone: ZONE, through: yesterday })).toEqual({ bills: 1, cents: 87000 });

    // ¥4,000.00 that came 5 days after due, entered only today: the save itself recomputes the interest
    const receipt = (amount: string, on: string) => postForm("/payReceiveManage", { intent: "create", direction: "in", customerId: String(c.customerId), supplierId: "", contractId: "", receivedOn: on, amount, method: "transfer", reference: unique("BANK"), allocation: "auto", remark: "" }, { Cookie: cookie });
    expect((await receipt("4000", plusDays(due, 5))).status).toBe(302);
    // due+1 → due+5, the money's day counted: 5 × 3,000 = 15,000; then 24 days on ¥6,000.00: 24 × 1,800 = 43,200
    expect(await rows()).toEqual([
      { from_on: plusDays(due, 1), to_on: plusDays(due, 5), base_cents: 1000000, cents: 15000 },
      { from_on: plusDays(due, 6), to_on: yesterday, base_cents: 600000, cents: 43200 },
    ]);
    // the job of the same day finds nothing to change
    expect(await accrueInterest(db(), { tenantId: t.tenantId, timeZone: ZONE, through: yesterday })).toEqual({ bills: 0, cents: 0 });

    // the rest, received 10 days after due: paid off, interest stops after that day: 15,000 + 5 × 1,800 = 24,000
    expect((await receipt("6000", plusDays(due, 10))).status).toBe(302);
    expect(await rows()).toEqual([
      { from_on: plusDays(due, 1), to_on: plusDays(due, 5), base_cents: 1000000, cents: 15000 },
      { from_on: plusDays(due, 6), to_on: plusDays(due, 10), base_cents: 600000, cents: 9000 },
    ]);
    expect(await accrueInterest(db(), { tenantId: t.tenantId, timeZone: ZONE, through: today })).toEqual({ bills: 0, cents: 0 });

    // the second receipt deleted (entered by mistake): the interest runs on ¥6,000.00 again, through yesterday
    const second = await env.DB.prepare("select r.id from receipts r join receipt_allocations a on a.receipt_id = r.id where a.bill_id = ? and r.amount_cents = 600000").bind(billId).first<number>("id");
    expect((await postForm("/payReceiveManage", { intent: "delete", ids: String(second) }, { Cookie: cookie })).status).toBe(302);
    expect((await rows()).map((r) => r.cents)).toEqual([15000, 43200]);

    // the contract's overdue page shows each run: its days, its base and its interest
    const page = await (await get(`/overdueContract/contract?id=${c.id}`, cookie)).text();
    expect(page).toContain("滞纳金明细");
    expect(page).toContain(`${plusDays(due, 1)} 至 ${plusDays(due, 5)}（5天）`);
    expect(page).toContain("6,000.00");
    expect(page).toContain("432.00");
  });

  it("the job acts at each tenant's local 03:00, through its yesterday", () => {
    expect(interestThrough(Date.UTC(2026, 10, 3, 19, 0), ZONE)).toBe("2026-11-03"); // 03:00 on the 4th in Shanghai
    expect(interestThrough(Date.UTC(2026, 10, 3, 18, 0), ZONE)).toBeNull();
    expect(interestThrough(Date.UTC(2026, 10, 4, 3, 0), "UTC")).toBe("2026-11-03");
  });
});

describe("collection acts", () => {
  it("refuses each judge-status check, and records an urge as done", async () => {
    const t = await makeTenant();
    const scope = scopeOf(t.tenantId, t.userId);
    const today = todayInZone(ZONE);
    const c = await overdueContract(t.tenantId);
    await billOf(c, plusDays(today, -40), 300000);
    const clean = await overdueContract(t.tenantId);

    for (const kind of ["urge", "delay", "badDebt", "lawsuit"]) {
      const more: Record<string, string> = ({ urge: { way: "phone", personId: String(t.userId) }, delay: { untilOn: plusDays(today, 10) }, badDebt: { amount: "1.00" }, lawsuit: { court: "浦东法院", caseNumber: unique("(2026)沪0115民初"), amount: "1.00", stage: "filed" } } as Record<string, Record<string, string>>)[kind]!;
      expect(await saveAct(scope, act(clean.id, kind, more))).toEqual({ errors: { contractId: "overdue:notOverdue" } });
    }
    expect(await saveAct(scope, act(c.id, "delay", { untilOn: today }))).toEqual({ errors: { untilOn: "overdue:delayAfterToday" } });
    expect(await saveAct(scope, act(c.id, "badDebt", { amount: "3,000.01" }))).toEqual({ errors: { amount: "overdue:badDebtAboveUnpaid|3,000.00" } });
    const [disabled] = await env.DB.prepare("select id from users where tenant_id = ?").bind(t.tenantId).all<{ id: number }>().then((r) => r.results);
    await env.DB.prepare("update users set state = 0 where id = ?").bind(disabled!.id).run();
    expect(await saveAct(scope, act(c.id, "personChange", { personId: String(disabled!.id) }))).toEqual({ errors: { personId: "overdue:personUnknown" } });
    await env.DB.prepare("update users set state = 1 where id = ?").bind(disabled!.id).run();

    const caseNumber = unique("(2026)沪0115民初");
    const lawsuit = await saveAct(scope, act(c.id, "lawsuit", { court: "浦东法院", caseNumber, amount: "3,000.00", stage: "filed" }));
    expect(lawsuit).toHaveProperty("id");
    const other = await overdueContract(t.tenantId);
    await billOf(other, plusDays(today, -5), 100000);
    expect(await saveAct(scope, act(other.id, "lawsuit", { court: "浦东法院", caseNumber, amount: "1.00", stage: "filed" }))).toEqual({ errors: { caseNumber: "overdue:caseTaken" } });
    // a second open lawsuit on the same contract
    expect(await saveAct(scope, act(c.id, "lawsuit", { court: "浦东法院", caseNumber: unique("案"), amount: "1.00", stage: "trial" }))).toEqual({ errors: { kind: "overdue:alreadyOpen" } });

    const urge = await saveAct(scope, act(c.id, "urge", { way: "visit", personId: String(t.userId), nextOn: plusDays(today, 3), promisedOn: plusDays(today, 7), promised: "1,000.00" }));
    const stored = await env.DB.prepare("select state, way, promised_cents, next_on from collection_actions where id = ?").bind((urge as { id: number }).id).first();
    expect(stored).toEqual({ state: 2, way: "visit", promised_cents: 100000, next_on: plusDays(today, 3) });
    // an urge is a record: no verb of the approval family takes it
    const aborted = await runTransition(scope, collectionMachine, "abort", [(urge as { id: number }).id], { reason: "撤销" });
    expect(aborted).toMatchObject({ ok: false, refusal: { message: "overdue:urgeIsRecord" } });
    const [row] = await overdueContracts(scope, undefined, [c.id]);
    expect(row!.lastUrgeOn).toBe(today);
    expect(row!.nextUrgeOn).toBe(plusDays(today, 3));
    expect(ActSchema.safeParse({ kind: "urge", contractId: String(c.id), content: "x" }).success).toBe(false);
  });

  it("a bad-debt transfer goes through approval: submitted, in the approver's to-do, approved; the person change sets who is responsible", async () => {
    const t = await makeTenant();
    const clerk = scopeOf(t.tenantId, t.userId);
    const approver = scopeOf(t.tenantId, t.userId + 500000, { codes: ["overdueContract:approve"] });
    const c = await overdueContract(t.tenantId);
    await billOf(c, plusDays(todayInZone(ZONE), -100), 800000);
    const saved = (await saveAct(clerk, act(c.id, "badDebt", { amount: "8,000.00" }))) as { id: number };
    const state = async () => (await env.DB.prepare("select state from collection_actions where id = ?").bind(saved.id).first<number>("state"))!;
    expect(await state()).toBe(1);
    expect((await todoFor(clerk, approvalKinds())).some((i) => i.kind === "collection" && i.id === saved.id)).toBe(false); // never one's own
    const todo = (await todoFor(approver, approvalKinds())).find((i) => i.kind === "collection" && i.id === saved.id);
    expect(todo?.href).toBe(`/overdueContract/contract?act=${saved.id}`);
    const refused = await runTransition(clerk, collectionMachine, "approve", [saved.id], {});
    expect(refused.ok).toBe(false);
    expect((await runTransition(approver, collectionMachine, "approve", [saved.id], { note: "同意" })).ok).toBe(true);
    expect(await state()).toBe(2);

    const change = (await saveAct(clerk, act(c.id, "personChange", { personId: String(t.userId) }))) as { id: number };
    expect((await overdueContracts(clerk, undefined, [c.id]))[0]!.responsibleId).toBeNull();
    expect((await runTransition(approver, collectionMachine, "approve", [change.id], {})).ok).toBe(true);
    expect((await overdueContracts(clerk, undefined, [c.id]))[0]!.responsibleId).toBe(t.userId);
  });

  it("keeps tenants and data scopes apart", async () => {
    const a = await makeTenant();
    const b = await makeTenant();
    const deptA = await makeDepartment(a.tenantId, a.rootOrgId);
    const deptB = await makeDepartment(a.tenantId, a.rootOrgId);
    const c = await overdueContract(a.tenantId, { orgId: deptA });
    await billOf(c, plusDays(todayInZone(ZONE), -50), 100000);
    const theirs = scopeOf(b.tenantId, b.userId);
    expect(await overdueContracts(theirs)).toEqual([]);
    expect(await saveAct(theirs, act(c.id, "urge", { way: "phone", personId: String(b.userId) }))).toEqual({ errors: { contractId: "overdue:contractUnknown" } });
    const mine = (await saveAct(scopeOf(a.tenantId, a.userId), act(c.id, "delay", { untilOn: plusDays(todayInZone(ZONE), 9) }))) as { id: number };
    const foreign = await runTransition(scopeOf(b.tenantId, b.userId + 1, { codes: CODES }), collectionMachine, "approve", [mine.id], {});
    expect(foreign.ok).toBe(false);

    const inA = scopeOf(a.tenantId, a.userId, { orgId: deptA });
    const inB = scopeOf(a.tenantId, a.userId, { orgId: deptB });
    expect((await overdueContracts(inA)).map((r) => r.contractId)).toContain(c.id);
    expect((await overdueContracts(inB)).map((r) => r.contractId)).not.toContain(c.id);
    expect(await saveAct(inB, act(c.id, "urge", { way: "phone", personId: String(a.userId) }))).toEqual({ errors: { contractId: "overdue:contractUnknown" } });
  });
});

describe("the demo part", () => {
  it("seedCollection urges the largest overdue contracts once, the first due today", async () => {
    const t = await makeTenant();
    const today = todayInZone(ZONE);
    const c = await overdueContract(t.tenantId);
    await billOf(c, plusDays(today, -70), 900000);
    expect(await seedCollection(db(), { tenantId: t.tenantId, adminId: t.userId, vehicleIds: [] })).toContain("1 urges");
    expect(await seedCollection(db(), { tenantId: t.tenantId, adminId: t.userId, vehicleIds: [] })).toBeNull();
    const [row] = await overdueContracts(scopeOf(t.tenantId, t.userId), undefined, [c.id]);
    expect(row!.nextUrgeOn).toBe(today);
  });
});

describe("the pages", () => {
  it("the urge's person defaults to the signed-in user even with more than 1,000 colleagues named before them", async () => {
    const t = await makeTenant();
    const c = await overdueContract(t.tenantId);
    await billOf(c, plusDays(todayInZone(ZONE), -20), 5000);
    // 1,001 enabled colleagues whose names sort before "User …": the person list holds 1,000
    await env.DB.prepare(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < 1001)
       insert into users (tenant_id, login_account, user_name, password_hash, state, version, created_at, updated_at)
       select ?, 'aaa-' || ? || '-' || i, 'Aaa ' || printf('%04d', i), 'x', 1, 1, 0, 0 from n`,
    )
      .bind(t.tenantId, t.account)
      .run();
    const html = await (await get(`/overdueContract/contract?id=${c.id}`, await signIn(t.account, t.password))).text();
    const select = /<select name="personId"[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1] ?? "";
    expect(select).toContain(`value="${t.userId}" selected`);
    expect(select.match(/<option /g)?.length).toBe(1 + 1000); // "choose" and the 1,000 people
  });

  it("list, export, record an urge over HTTP, refusals in both languages", async () => {
    const t = await makeTenant();
    const cookie = await signIn(t.account, t.password);
    const today = todayInZone(ZONE);
    const c = await overdueContract(t.tenantId);
    await billOf(c, plusDays(today, -20), 123456);
    const clean = await overdueContract(t.tenantId);
    const number = (await env.DB.prepare("select number from contracts where id = ?").bind(c.id).first<string>("number"))!;

    const list = await get("/overdueContract", `${cookie}; derrick_lang=zh-CN`);
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).toContain(number);
    expect(html).toContain("1,234.56");
    const sheet = await get("/overdueContract/export", cookie);
    expect(sheet.status).toBe(200);
    expect(sheet.headers.get("Content-Type")).toContain("spreadsheetml");

    const page = `/overdueContract/contract?id=${c.id}`;
    expect((await get(page, cookie)).status).toBe(200);
    const fields = { intent: "create", kind: "urge", contractId: String(c.id), actedOn: today, way: "phone", personId: String(t.userId), nextOn: plusDays(today, 2), content: "电话催款，客户答应月底付" };
    const saved = await postForm(page, fields, { Cookie: cookie });
    expect(saved.status).toBe(302);
    expect(await (await get("/overdueContract", cookie)).text()).toContain(plusDays(today, 2));

    const zh = await postForm(`/overdueContract/contract?id=${clean.id}`, { ...fields, contractId: String(clean.id) }, { Cookie: `${cookie}; derrick_lang=zh-CN` });
    expect(zh.status).toBe(409);
    expect(await zh.text()).toContain("该合同没有逾期未收款项，不能办理");
    const en = await postForm(`/overdueContract/contract?id=${clean.id}`, { ...fields, contractId: String(clean.id) }, { Cookie: `${cookie}; derrick_lang=en-US` });
    expect(await en.text()).toContain("Nothing on this contract is overdue: it cannot be done");
    const other = await makeTenant();
    expect((await get(`/overdueContract/contract?id=${c.id}`, await signIn(other.account, other.password))).status).toBe(404);
  });
});
