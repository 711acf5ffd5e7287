// A fixed price billed by its payment plan on real D1 (docs/billing.md, Pricing): a charter (包租) of three settlement
// months with a three-instalment plan, its bills month by month each carrying its instalment with the tax within it;
// quiet days and a fault on its crane shown as evidence but proposing nothing; an early end whose final bill carries
// the instalments left and the deposit back, without a minimum term; a second run making nothing; a fixed price
// without a plan billed by the plan its terms give.
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runBills } from "../../app/modules/billing/bill-run.server";
import { loadBill, repriceBill } from "../../app/modules/billing/bill.server";
import { billItems, billProposals, bills, contractFees, contractLines, contractPlans, contracts, customers } from "../../db/schema";
import { billScope, craneHistory, days, ZONE } from "./bill-fixtures";
import { db, get, makeTenant, signIn, unique } from "./helpers";
import { makeVehicle } from "./telematics";

// ¥90,000.00 over 2026-09-21 → 12-20 settled on the 20th, paid 30 days after: the plan 按条款生成 gives (30, 31, 30 days of 91)
const PLAN = [
  { seq: 1, dueOn: "2026-11-19", amountCents: 2_967_033 },
  { seq: 2, dueOn: "2026-12-20", amountCents: 3_065_934 },
  { seq: 3, dueOn: "2027-01-19", amountCents: 2_967_033 },
];

/**
 * A charter (包租) in force since 2026-09-21 at a fixed ¥90,000.00 (9 % tax, a ¥10,000.00 deposit, a 120-day minimum
 * term), its plan of three instalments, a ¥3,500.00 entry fee within the price, and a crane whose line would price
 * otherwise (¥65,000.00 a month, a 70 % idle rate, the fault rule, an operator): it works 8 hours a day except ten quiet
 * days (2026-10-30 → 11-08) and has a 20-hour fault on 11-12.
 */
async function charter(plan: readonly (typeof PLAN)[number][] = PLAN, kind: "charter" | "project" = "charter") {
  const t = await makeTenant();
  const v = await makeVehicle(t.tenantId);
  const [customer] = await db().insert(customers).values({ tenantId: t.tenantId, name: unique("客户"), kind: "enterprise" }).returning({ id: customers.id });
  const number = unique("HT-");
  const [c] = await db()
    .insert(contracts)
    .values({ tenantId: t.tenantId, number, kind, name: "张江厂房包租", customerId: customer!.id, startOn: "2026-09-21", plannedEndOn: "2026-12-20", settlementDay: 20, paymentDays: 30, taxRateBp: 900, depositCents: 1_000_000, minTermDays: 120, fixedCents: 9_000_000, valueCents: 9_000_000, state: 3 })
    .returning({ id: contracts.id });
  const [line] = await db()
    .insert(contractLines)
    .values({ tenantId: t.tenantId, contractId: c!.id, lineNo: 1, vehicleId: v.id, monthlyCents: 6_500_000, idleRateBp: 7000, faultDeduction: 1, operators: 1, operatorMonthlyCents: 900_000, onRentOn: "2026-09-21" })
    .returning({ id: contractLines.id });
  await db().insert(contractFees).values({ tenantId: t.tenantId, contractId: c!.id, kind: "entry", amountCents: 350_000, feeOn: "2026-09-21" });
  if (plan.length) await db().insert(contractPlans).values(plan.map((p) => ({ tenantId: t.tenantId, contractId: c!.id, ...p })));
  await craneHistory(t.tenantId, v.id, "2026-12-20");
  return { t, contractId: c!.id, lineId: line!.id, number, scope: billScope(t.tenantId, t.userId) };
}

const run = (tenantId: number, through: string) => runBills(db(), { tenantId, timeZone: ZONE, through });
const billsOf = (tenantId: number) => db().select().from(bills).where(eq(bills.tenantId, tenantId)).orderBy(asc(bills.periodFrom));
const itemsOf = async (billId: number) =>
  (await db().select().from(billItems).where(eq(billItems.billId, billId)).orderBy(asc(billItems.seq))).map((i) => [i.rule, i.lineId, i.quantity, i.unit, i.rateCents, i.amountCents, i.taxCents, i.basis]);

describe("a fixed price billed by its payment plan", () => {
  it("bills a charter month by month: each bill its instalment, due with it, the tax within it, to the cent", async () => {
    const { t, number } = await charter();
    expect(await run(t.tenantId, "2026-10-20")).toEqual({ contracts: 1, bills: 1 });
    expect(await run(t.tenantId, "2026-11-20")).toEqual({ contracts: 1, bills: 1 });
    expect(await run(t.tenantId, "2026-12-20")).toEqual({ contracts: 1, bills: 1 });
    const made = await billsOf(t.tenantId);
    // each bill is due 30 days after its period: the day its instalment falls due
    expect(made.map((b) => [b.number, b.periodFrom, b.periodTo, b.dueOn, b.final, b.amountCents, b.taxCents])).toEqual([
      [`${number}-20261020`, "2026-09-21", "2026-10-20", "2026-11-19", 0, 2_967_033, 244_984],
      [`${number}-20261120`, "2026-10-21", "2026-11-20", "2026-12-20", 0, 3_065_934, 253_151],
      [`${number}-20261220`, "2026-11-21", "2026-12-20", "2027-01-19", 0, 2_967_033, 244_984],
    ]);
    // one item each, contract-wide, quantity 1 at the instalment's amount; tax 2,967,033 × 9/109 = 244,984.38 → 244,984,
    // 3,065,934 × 9/109 = 253,150.51 → 253,151; no monthly rent, operator, nor the entry fee (within the fixed price)
    expect(await itemsOf(made[0]!.id)).toEqual([["instalment", null, "1", "item", 2_967_033, 2_967_033, 244_984, { seq: 1, dueOn: "2026-11-19" }]]);
    expect(await itemsOf(made[1]!.id)).toEqual([["instalment", null, "1", "item", 3_065_934, 3_065_934, 253_151, { seq: 2, dueOn: "2026-12-20" }]]);
    expect(await itemsOf(made[2]!.id)).toEqual([["instalment", null, "1", "item", 2_967_033, 2_967_033, 244_984, { seq: 3, dueOn: "2027-01-19" }]]);
    // the three bills are the fixed price
    expect(made.reduce((s, b) => s + b.amountCents, 0)).toBe(9_000_000);
    expect(made.every((b) => b.taxRateBp === 900 && b.state === 0)).toBe(true);
    // the bill page names the instalment and its due day
    const cookie = await signIn(t.account, t.password);
    const page = async (lang: string) => (await (await get(`/contractBillReport/bill?id=${made[1]!.id}`, `${cookie}; derrick_lang=${lang}`)).text()).replaceAll("<!-- -->", "");
    expect(await page("zh-CN")).toContain("分期款（第 2 期，2026-12-20 到期）");
    expect(await page("en-US")).toContain("Instalment (no. 2, due 2026-12-20)");
  });

  it("keeps the quiet days and the fault as the machine's evidence, proposes nothing, and a reprice leaves the price", async () => {
    const { t, lineId, scope } = await charter();
    await run(t.tenantId, "2026-11-20");
    const bill = (await billsOf(t.tenantId)).find((b) => b.periodFrom === "2026-10-21")!;
    const loaded = (await loadBill(scope, bill.id))!;
    // the customer sees the work: 31 days, ten of them quiet, the fault's counted minutes
    expect(loaded.evidence).toHaveLength(31);
    expect(loaded.evidence.every((e) => e.lineId === lineId)).toBe(true);
    expect(loaded.evidence.filter((e) => e.engineHours === 0 && e.km === 0).map((e) => e.day)).toEqual(days("2026-10-30", "2026-11-08"));
    expect(loaded.evidence.find((e) => e.day === "2026-11-12")).toMatchObject({ engineHours: 8, faultMinutes: 240 });
    // but a fixed price stands whatever the use: no idle, stop-rent or fault proposal to decide
    expect(loaded.proposals).toEqual([]);
    expect(await db().select().from(billProposals).where(eq(billProposals.tenantId, t.tenantId))).toEqual([]);
    // even a stop-rent the clerk had accepted (an older draft's) changes nothing: the reprice bills the plan
    await db()
      .insert(billProposals)
      .values({ tenantId: t.tenantId, billId: bill.id, lineId, kind: "stopRent", days: days("2026-10-30", "2026-11-08"), state: 1, basis: {} });
    expect(await repriceBill(scope, bill.id)).toEqual({ ok: true });
    const after = (await billsOf(t.tenantId)).find((b) => b.id === bill.id)!;
    expect([after.amountCents, after.taxCents]).toEqual([3_065_934, 253_151]);
    expect((await itemsOf(bill.id)).map((i) => [i[0], i[5]])).toEqual([["instalment", 3_065_934]]);
  });

  it("bills the instalments left and the deposit back on the final bill of an early end, no minimum term; a second run makes nothing", async () => {
    const { t, contractId } = await charter();
    expect(await run(t.tenantId, "2026-10-31")).toEqual({ contracts: 1, bills: 1 });
    // terminated early on 11-10 (its 120-day minimum term runs to 2027-01-18): the final period 10-21 → 11-10
    await db().update(contracts).set({ state: 9, endedOn: "2026-11-10" }).where(eq(contracts.id, contractId));
    await db().update(contractLines).set({ offRentOn: "2026-11-10" }).where(eq(contractLines.contractId, contractId));
    expect(await run(t.tenantId, "2026-11-30")).toEqual({ contracts: 1, bills: 1 });
    const [first, last] = await billsOf(t.tenantId);
    expect(first!.amountCents).toBe(2_967_033);
    expect(last).toMatchObject({ periodFrom: "2026-10-21", periodTo: "2026-11-10", final: 1, dueOn: "2026-12-10" });
    // the second and third instalments (the third due 2027-01-19, after the bill's due day), then the deposit outside tax
    expect(await itemsOf(last!.id)).toEqual([
      ["instalment", null, "1", "item", 3_065_934, 3_065_934, 253_151, { seq: 2, dueOn: "2026-12-20" }],
      ["instalment", null, "1", "item", 2_967_033, 2_967_033, 244_984, { seq: 3, dueOn: "2027-01-19" }],
      ["deposit", null, "-1", "item", 1_000_000, -1_000_000, 0, {}],
    ]);
    // 3,065,934 + 2,967,033 − 1,000,000; tax 253,151 + 244,984
    expect([last!.amountCents, last!.taxCents]).toEqual([5_032_967, 498_135]);
    // the whole fixed price billed once, the deposit back once
    expect(first!.amountCents + last!.amountCents).toBe(9_000_000 - 1_000_000);
    // a second run (and a later one) makes nothing new
    expect(await run(t.tenantId, "2026-11-30")).toEqual({ contracts: 0, bills: 0 });
    expect(await run(t.tenantId, "2027-03-31")).toEqual({ contracts: 0, bills: 0 });
    expect(await billsOf(t.tenantId)).toHaveLength(2);
    expect((await db().select().from(billItems).where(and(eq(billItems.tenantId, t.tenantId), eq(billItems.rule, "instalment")))).length).toBe(3);
  });

  it("bills a fixed price without a plan by the plan its terms give (as 按条款生成 would): a project with a fixed price", async () => {
    const { t } = await charter([], "project");
    expect(await run(t.tenantId, "2026-12-20")).toEqual({ contracts: 1, bills: 3 });
    const made = await billsOf(t.tenantId);
    expect(made.map((b) => [b.dueOn, b.amountCents])).toEqual(PLAN.map((p) => [p.dueOn, p.amountCents]));
  });
});
