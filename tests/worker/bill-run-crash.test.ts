// Issue 38, item 2 and the job half of item 3: a bill is stored whole or not at all. A run whose items' statement fails
// (a real SQLite failure: a trigger refusing one contract's items) leaves no bill without items, bills the other
// contracts and is repaired by the next run; a draft an earlier run left without items is refused confirmation through
// the bill page and replaced by the next on-demand run; ten on-demand runs at once make each bill once; the cron's
// bills and interest jobs record the tenant or contract that failed and go on with the others.
import { env } from "cloudflare:test";
import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { billNumberOf, runBills } from "../../app/modules/billing/bill-run.server";
import { billHref } from "../../app/modules/billing/bills.resource";
import { DOCUMENT_PATH } from "../../app/modules/contracts/document.server";
import { bills, contractLines, contracts, customers, jobRuns, tenants } from "../../db/schema";
import { bills as billsJob } from "../../workers/jobs/bills";
import { interest as interestJob } from "../../workers/jobs/interest";
import { runScheduled } from "../../workers/scheduled";
import { ZONE } from "./bill-fixtures";
import { db, makeTenant, postForm, signIn, unique } from "./helpers";

type Tenant = Awaited<ReturnType<typeof makeTenant>>;

/** A rental contract in force since 2026-09-21, settled on the 20th, one line without a machine at ¥3,166.68 a month. */
async function rental(tenantId: number) {
  const [customer] = await db().insert(customers).values({ tenantId, name: unique("客户"), kind: "enterprise" }).returning({ id: customers.id });
  const number = unique("HT-");
  const [c] = await db()
    .insert(contracts)
    .values({ tenantId, number, kind: "rental", name: "塔吊租赁", customerId: customer!.id, startOn: "2026-09-21", plannedEndOn: "2027-03-20", settlementDay: 20, paymentDays: 30, taxRateBp: 900, state: 3 })
    .returning({ id: contracts.id });
  await db().insert(contractLines).values({ tenantId, contractId: c!.id, lineNo: 1, monthlyCents: 316_668, onRentOn: "2026-09-21" });
  return { id: c!.id, number };
}

/** Each of the contract's bills with its items' count and sum. */
const billsOf = (contractId: number) =>
  db()
    .select({ id: bills.id, periodFrom: bills.periodFrom, amountCents: bills.amountCents, state: bills.state, items: sql<number>`(select count(*) from bill_items i where i.bill_id = bills.id)`, itemCents: sql<number>`(select sum(i.amount_cents) from bill_items i where i.bill_id = bills.id)` })
    .from(bills)
    .where(eq(bills.contractId, contractId))
    .orderBy(bills.periodFrom);

/** Bills of the tenant without a single item. */
const itemless = async (tenantId: number) => (await db().select({ n: sql<number>`count(*)` }).from(bills).where(and(eq(bills.tenantId, tenantId), sql`not exists (select 1 from bill_items i where i.bill_id = bills.id)`)))[0]!.n;

/** A real SQLite failure: a trigger that refuses the items of one contract's bills, until dropped. */
async function refuseItemsOf(contractId: number): Promise<() => Promise<void>> {
  const name = unique("test_refuse_items_");
  await env.DB.prepare(`create trigger ${name} before insert on bill_items when (select contract_id from bills where id = new.bill_id) = ${contractId} begin select raise(abort, 'items refused by the test'); end`).run();
  return async () => void (await env.DB.prepare(`drop trigger if exists ${name}`).run());
}

let t: Tenant;
let cookie: string;
beforeAll(async () => {
  t = await makeTenant({ role: "admin" });
  cookie = await signIn(t.account, t.password);
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const undo of cleanups.splice(0)) await undo();
  vi.restoreAllMocks();
});

describe("a bill is stored whole or not at all", () => {
  it("a run whose items' statement fails leaves no bill without items, bills the other contracts, and the next run bills it whole", async () => {
    const broken = await rental(t.tenantId);
    const sound = await rental(t.tenantId);
    cleanups.push(await refuseItemsOf(broken.id));
    vi.spyOn(console, "error").mockImplementation(() => {});

    const first = await runBills(db(), { tenantId: t.tenantId, timeZone: ZONE, through: "2026-11-20" });
    expect(first.failed).toEqual([{ contractId: broken.id, number: broken.number, error: expect.stringContaining("items refused by the test") }]);
    expect(await billsOf(broken.id)).toEqual([]);
    expect((await billsOf(sound.id)).map((b) => [b.periodFrom, b.items, b.itemCents, b.amountCents])).toEqual([
      ["2026-09-21", 1, 316_668, 316_668],
      ["2026-10-21", 1, 316_668, 316_668],
    ]);
    expect(await itemless(t.tenantId)).toBe(0);

    await cleanups.pop()!();
    expect(await runBills(db(), { tenantId: t.tenantId, timeZone: ZONE, through: "2026-11-20" })).toEqual({ contracts: 1, bills: 2 });
    expect((await billsOf(broken.id)).map((b) => [b.periodFrom, b.items, b.itemCents, b.amountCents])).toEqual([
      ["2026-09-21", 1, 316_668, 316_668],
      ["2026-10-21", 1, 316_668, 316_668],
    ]);
  });

  it("a draft an earlier run left without items is refused confirmation in the user's language, and the next run on demand replaces it whole", async () => {
    const c = await rental(t.tenantId);
    // what a run cut short between its batches left: the head (¥3,166.68), no item
    const [left] = await db()
      .insert(bills)
      .values({ tenantId: t.tenantId, number: billNumberOf(c.number, "2026-10-20"), contractId: c.id, rootId: c.id, periodFrom: "2026-09-21", periodTo: "2026-10-20", amountCents: 316_668, taxCents: 26_147, taxRateBp: 900, dueOn: "2026-11-19" })
      .returning({ id: bills.id });

    const zh = await postForm(billHref(left!.id), { intent: "confirm" }, { Cookie: cookie });
    expect(zh.status).toBe(409);
    expect(await zh.text()).toContain("账单明细缺失或与金额不符，不能确认");
    expect((await billsOf(c.id)).map((b) => b.state)).toEqual([0]);

    const ran = await postForm(`${DOCUMENT_PATH}?id=${c.id}`, { intent: "runBills" }, { Cookie: cookie });
    expect(ran.status).toBe(302);
    // through today: the two months to 2026-11-20 and any closed since, each whole
    const made = await billsOf(c.id);
    expect(made.slice(0, 2).map((b) => [b.periodFrom, b.items, b.itemCents, b.amountCents])).toEqual([
      ["2026-09-21", 1, 316_668, 316_668],
      ["2026-10-21", 1, 316_668, 316_668],
    ]);
    expect(made.every((b) => b.items === 1 && b.itemCents === b.amountCents)).toBe(true);
    expect(made.map((b) => b.id)).not.toContain(left!.id);
    const confirmed = await postForm(billHref(made[0]!.id), { intent: "confirm" }, { Cookie: cookie });
    expect(confirmed.status).toBe(302);
    expect((await billsOf(c.id))[0]!.state).toBe(1);
  });

  it("ten on-demand runs of one contract at once make each period's bill once, each with its items", async () => {
    const c = await rental(t.tenantId);
    const answers = await Promise.all(Array.from({ length: 10 }, () => postForm(`${DOCUMENT_PATH}?id=${c.id}`, { intent: "runBills" }, { Cookie: cookie })));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(302));
    // through today: every settlement month closed since 2026-09-21, once
    const made = await billsOf(c.id);
    expect(made.length).toBeGreaterThanOrEqual(2);
    expect(new Set(made.map((b) => b.periodFrom)).size).toBe(made.length);
    expect(made.filter((b) => b.items !== 1 || b.itemCents !== b.amountCents)).toEqual([]);
  });

  it("an on-demand run the contract's data makes fail answers the user's message, not a 500", async () => {
    const c = await rental(t.tenantId);
    cleanups.push(await refuseItemsOf(c.id));
    vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await postForm(`${DOCUMENT_PATH}?id=${c.id}`, { intent: "runBills" }, { Cookie: cookie });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain(`合同${c.number}出账失败`);
    expect(await billsOf(c.id)).toEqual([]);
  });
});

describe("the cron's jobs go on past a tenant or a contract that fails", () => {
  it("records the tenant whose zone cannot be read and the contract whose items are refused, and bills and accrues the others", async () => {
    const bad = await makeTenant();
    await rental(bad.tenantId);
    await db().update(tenants).set({ timeZone: "Mars/Olympus_Mons" }).where(eq(tenants.id, bad.tenantId));
    cleanups.push(async () => void (await db().update(tenants).set({ timeZone: ZONE }).where(eq(tenants.id, bad.tenantId))));
    const good = await makeTenant();
    const broken = await rental(good.tenantId);
    const sound = await rental(good.tenantId);
    cleanups.push(await refuseItemsOf(broken.id));
    vi.spyOn(console, "error").mockImplementation(() => {});

    // 02:00 on 2026-11-21 in Shanghai, at a second no other run of this file uses
    const at = Date.UTC(2026, 10, 20, 18) + Math.floor(Math.random() * 3000) * 1000;
    const [outcome] = await runScheduled(env, { cron: "0 * * * *", scheduledTime: at }, [billsJob]);
    expect(outcome).toMatchObject({ job: "bills", outcome: "failed" });
    expect(outcome!.error).toContain(`tenant ${bad.tenantId}: RangeError`);
    expect(outcome!.error).toMatch(new RegExp(`tenant ${good.tenantId} contract ${broken.number} \\(${broken.id}\\): Error: .*items refused by the test`));

    const [run] = await db().select().from(jobRuns).where(and(eq(jobRuns.job, "bills"), eq(jobRuns.scheduledAt, at)));
    expect(run).toMatchObject({ outcome: "failed" });
    const result = JSON.parse(run!.result!) as { tenants: number[]; failures: unknown[] };
    expect(result.tenants).toContain(good.tenantId);
    expect(result.failures).toEqual([
      { tenantId: bad.tenantId, error: expect.stringContaining("RangeError") },
      { tenantId: good.tenantId, contractId: broken.id, contract: broken.number, error: expect.stringContaining("items refused by the test") },
    ]);
    // the next tenant's, and the same tenant's other contract, billed
    expect((await billsOf(sound.id)).map((b) => [b.periodFrom, b.items])).toEqual([
      ["2026-09-21", 1],
      ["2026-10-21", 1],
    ]);
    expect(await itemless(good.tenantId)).toBe(0);

    // the interest job at the tenants' 03:00: the bad tenant recorded, the others accrued
    const [accrued] = await runScheduled(env, { cron: "0 * * * *", scheduledTime: at + 3_600_000 }, [interestJob]);
    expect(accrued).toMatchObject({ job: "interest", outcome: "failed" });
    expect(accrued!.error).toContain(`tenant ${bad.tenantId}: RangeError`);
    const [interestRun] = await db().select().from(jobRuns).where(and(eq(jobRuns.job, "interest"), eq(jobRuns.scheduledAt, at + 3_600_000)));
    expect((JSON.parse(interestRun!.result!) as { tenants: number[] }).tenants).toContain(good.tenantId);
  });
});
