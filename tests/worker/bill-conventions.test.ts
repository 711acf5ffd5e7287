// Rental III §1 on real D1: the contract's conventions decide the bill. Each figure is checked to the cent against a
// hand calculation written beside it: the two day counts over a 31-day settlement month with ten idle days, a price
// without tax, a six-month minimum term ended after four, and a fault across two nights under calendar days.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseZonedTime } from "../../app/lib/tenant-days";
import { runBills } from "../../app/modules/billing/bill-run.server";
import { confirmBill, decideProposal, loadBill } from "../../app/modules/billing/bill.server";
import { alarms, billEvidence, bills, contractLines, contracts, customers, outcarRecords, vehicleDaily } from "../../db/schema";
import { statementView } from "../../app/modules/billing/statement.server";
import { billScope, craneHistory, days, ZONE } from "./bill-fixtures";
import { db, get, insertDaily, makeTenant, postForm, signIn, unique } from "./helpers";
import { makeVehicle } from "./telematics";

type Terms = Partial<typeof contracts.$inferInsert>;

/** A contract in force from `startOn`, settled on the 20th at 9 %, one crane (its history optional) at ¥28,000.00 a month, 70 % idle, the fault rule. */
async function contractWith(terms: Terms, opts: { vehicle?: boolean } = {}) {
  const t = await makeTenant();
  const v = opts.vehicle === false ? null : await makeVehicle(t.tenantId);
  const [customer] = await db().insert(customers).values({ tenantId: t.tenantId, name: unique("客户"), kind: "enterprise" }).returning({ id: customers.id });
  const [c] = await db()
    .insert(contracts)
    .values({ tenantId: t.tenantId, number: unique("HT-"), kind: "rental", name: "浦东塔吊", customerId: customer!.id, startOn: "2026-09-21", settlementDay: 20, paymentDays: 30, taxRateBp: 900, state: 3, ...terms })
    .returning({ id: contracts.id });
  const [line] = await db()
    .insert(contractLines)
    .values({ tenantId: t.tenantId, contractId: c!.id, lineNo: 1, vehicleId: v?.id ?? null, equipmentType: v ? null : "tower", monthlyCents: 2_800_000, idleRateBp: 7000, faultDeduction: 1, onRentOn: terms.startOn ?? "2026-09-21" })
    .returning({ id: contractLines.id });
  return { t, v, contractId: c!.id, lineId: line!.id, scope: billScope(t.tenantId, t.userId) };
}

const billOf = async (tenantId: number, periodFrom: string) => (await db().select().from(bills).where(and(eq(bills.tenantId, tenantId), eq(bills.periodFrom, periodFrom))))[0]!;

/** Runs the bills through `through`, accepts every proposal of the bill from `periodFrom`, and gives its items. */
async function billAccepted(c: Awaited<ReturnType<typeof contractWith>>, periodFrom: string, through: string) {
  await runBills(db(), { tenantId: c.t.tenantId, timeZone: ZONE, through });
  const bill = await billOf(c.t.tenantId, periodFrom);
  for (const p of (await loadBill(c.scope, bill.id))!.proposals) expect(await decideProposal(c.scope, bill.id, p.id, true, "")).toEqual({ ok: true });
  return (await loadBill(c.scope, bill.id))!;
}

const rows = (loaded: NonNullable<Awaited<ReturnType<typeof loadBill>>>) => loaded.items.map((i) => [i.rule, i.quantity, i.amountCents, i.taxCents]);

describe("the day count (计日方式)", () => {
  it("takes a day's rent as the monthly rate ÷ 30, or ÷ 31 for the settlement month 21 Oct – 20 Nov, on ten idle days at 70 %", async () => {
    for (const dayCount of ["thirty", "calendar"] as const) {
      const c = await contractWith({ dayCount });
      // ten quiet days (30 Oct → 8 Nov) in the month 21 Oct – 20 Nov, and a fault of 10 counted hours
      await craneHistory(c.t.tenantId, c.v!.id, "2026-11-20");
      const loaded = await billAccepted(c, "2026-10-21", "2026-11-20");
      if (dayCount === "thirty") {
        // idle: 2,800,000 × −10/30 × 30 % = −280,000; tax −280,000 × 9/109 = −23,119.27 → −23,119
        // fault: 10 h → 1 day: 2,800,000 × −1/30 = −93,333.33 → −93,333; tax −7,706.24 → −7,706
        expect(rows(loaded)).toEqual([
          ["monthly", "1", 2_800_000, 231_193],
          ["idle", "-10/30", -280_000, -23_119],
          ["faultDeduction", "-1/30", -93_333, -7_706],
        ]);
        expect(loaded.bill.amountCents).toBe(2_426_667);
      } else {
        // idle: 2,800,000 × −10/31 × 30 % = −270,967.74 → −270,968; tax −270,968 × 9/109 = −22,373.65 → −22,374
        // fault: 2,800,000 × −1/31 = −90,322.58 → −90,323; tax −90,323 × 9/109 = −7,457.86 → −7,458
        expect(rows(loaded)).toEqual([
          ["monthly", "1", 2_800_000, 231_193],
          ["idle", "-10/31", -270_968, -22_374],
          ["faultDeduction", "-1/31", -90_323, -7_458],
        ]);
        expect(loaded.bill.amountCents).toBe(2_800_000 - 270_968 - 90_323);
        expect(loaded.bill.taxCents).toBe(231_193 - 22_374 - 7_458);
      }
    }
  });

  it("divides a part month by its whole settlement month's days under calendar days", async () => {
    // on rent from 25 Oct: 25 Oct → 20 Nov is 27 days of the 31-day month 21 Oct – 20 Nov
    const c = await contractWith({ dayCount: "calendar", startOn: "2026-10-25" }, { vehicle: false });
    await runBills(db(), { tenantId: c.t.tenantId, timeZone: ZONE, through: "2026-11-20" });
    const loaded = (await loadBill(c.scope, (await billOf(c.t.tenantId, "2026-10-25")).id))!;
    // 2,800,000 × 27/31 = 2,438,709.68 → 2,438,710; tax 2,438,710 × 9/109 = 201,361.38 → 201,361
    expect(rows(loaded)).toEqual([["monthly", "27/31", 2_438_710, 201_361]]);
  });

  it("takes a fault across two nights under calendar days: only 08:00–22:00 counts, a day's rent off each whole 8 hours", async () => {
    const c = await contractWith({ dayCount: "calendar" });
    const v = c.v!;
    const history = days("2026-10-21", "2026-11-20").map((day) => ({ tenantId: c.t.tenantId, vehicleId: v.id, day, engineSeconds: 8 * 3600, mileageKm: 12 }));
    await insertDaily(history);
    // from 20:00 on 11-02 to 07:00 on 11-04 (35 hours): counted 20–22 on the 2nd (2 h) and 08–22 on the 3rd (14 h) = 16 h
    const at = parseZonedTime("2026-11-02T20:00", ZONE);
    await db().insert(alarms).values({ tenantId: c.t.tenantId, vehicleId: v.id, hubKey: unique("f"), kind: "fault", at, handleState: 1, handledAt: at + 35 * 3_600_000 });
    const loaded = await billAccepted(c, "2026-10-21", "2026-11-20");
    expect(loaded.proposals.map((p) => [p.kind, p.hours])).toEqual([["fault", 16]]);
    // 16 h → 2 days: 2,800,000 × −2/31 = −180,645.16 → −180,645; tax × 9/109 = −14,915.92 → −14,916
    expect(rows(loaded)).toEqual([
      ["monthly", "1", 2_800_000, 231_193],
      ["faultDeduction", "-2/31", -180_645, -14_916],
    ]);
  });
});

describe("prices without tax (不含税价)", () => {
  it("adds each item's tax at the rate, half up at the fen, and the bill's tax is the sum of its items'", async () => {
    const c = await contractWith({ priceTax: "excluded" });
    await craneHistory(c.t.tenantId, c.v!.id, "2026-11-20");
    const loaded = await billAccepted(c, "2026-10-21", "2026-11-20");
    // monthly: net 2,800,000, tax 2,800,000 × 9 % = 252,000, amount 3,052,000
    // idle: net 2,800,000 × −10/30 × 30 % = −280,000, tax −25,200, amount −305,200
    // fault: net 2,800,000 × −1/30 = −93,333.33 → −93,333, tax −8,399.97 → −8,400, amount −101,733
    expect(rows(loaded)).toEqual([
      ["monthly", "1", 3_052_000, 252_000],
      ["idle", "-10/30", -305_200, -25_200],
      ["faultDeduction", "-1/30", -101_733, -8_400],
    ]);
    expect(loaded.items.every((i) => i.basis?.priceTax === "excluded")).toBe(true);
    expect(loaded.bill.amountCents).toBe(3_052_000 - 305_200 - 101_733);
    expect(loaded.bill.taxCents).toBe(252_000 - 25_200 - 8_400);
  });
});

describe("the minimum term (最短租期)", () => {
  it("tops up a six-month term ended after four as two months at the monthly rate, citing its clause", async () => {
    // six months from 1 June end on 30 November; the contract ended early on 30 September; settled at each month's end
    const c = await contractWith({ startOn: "2026-06-01", settlementDay: 31, minTermMonths: 6, minTermClause: "第5条", state: 9, endedOn: "2026-09-30" }, { vehicle: false });
    await runBills(db(), { tenantId: c.t.tenantId, timeZone: ZONE, through: "2026-10-05" });
    const final = await billOf(c.t.tenantId, "2026-09-01");
    expect(final.final).toBe(1);
    const loaded = (await loadBill(c.scope, final.id))!;
    // September: one month; the rest of the term (1 Oct → 30 Nov) is two whole months: 2 × 2,800,000 = 5,600,000
    // (not 61 days ÷ 30 = 5,693,333.33); tax 5,600,000 × 9/109 = 462,385.32 → 462,385
    expect(rows(loaded)).toEqual([
      ["monthly", "1", 2_800_000, 231_193],
      ["minTerm", "2", 5_600_000, 462_385],
    ]);
    expect(loaded.items[1]!.basis).toMatchObject({ clause: "第5条", months: 2, endedOn: "2026-09-30", minTermEndOn: "2026-11-30" });
  });

  it("bills the days left of a term in months over their own month under calendar days", async () => {
    // ended on 15 September: the rest is 16 Sep → 30 Nov, two months (to 15 Nov) and 15 days of the 30-day 16 Nov – 15 Dec
    const c = await contractWith({ startOn: "2026-06-01", settlementDay: 31, dayCount: "calendar", minTermMonths: 6, state: 9, endedOn: "2026-09-15" }, { vehicle: false });
    await runBills(db(), { tenantId: c.t.tenantId, timeZone: ZONE, through: "2026-10-05" });
    const loaded = (await loadBill(c.scope, (await billOf(c.t.tenantId, "2026-09-01")).id))!;
    // September 1–15 of 30 days: 2,800,000 × 15/30 = 1,400,000; the top-up 2 × 2,800,000 and 2,800,000 × 15/30
    expect(rows(loaded).map(([rule, q, amount]) => [rule, q, amount])).toEqual([
      ["monthly", "15/30", 1_400_000],
      ["minTerm", "2", 5_600_000],
      ["minTerm", "15/30", 1_400_000],
    ]);
  });
});

describe("the contract document keeps its conventions", () => {
  it("stores the day count, the prices without tax (the value then counts their tax) and a term in months with its clause", async () => {
    const t = await makeTenant({ role: "admin" });
    const cookie = await signIn(t.account, t.password);
    const [customer] = await db().insert(customers).values({ tenantId: t.tenantId, name: unique("客户"), kind: "enterprise" }).returning({ id: customers.id });
    // three months (1 Nov → 31 Jan) at ¥10,000.00 a month, without tax at 9 %
    const fields = { intent: "createDoc", kind: "rental", name: unique("合同").slice(0, 40), customerId: String(customer!.id), startOn: "2026-11-01", plannedEndOn: "2027-01-31", settlementDay: "20", paymentDays: "30", taxRate: "9", dayCount: "calendar", priceTax: "excluded", minTermMonths: "2", minTermClause: "第5条", "lines[0].equipmentType": "1", "lines[0].monthly": "10000" };
    const post = (extra: Record<string, string>) => postForm("/contractList/form?new=1", { ...fields, ...extra }, { Cookie: cookie });
    const both = await post({ minTermDays: "60" });
    expect(both.status).toBe(400);
    expect(await both.text()).toContain("最短租期请只填月数或天数其中一项");
    expect((await post({ dayCount: "weekly" })).status).toBe(400);
    const saved = await post({});
    expect(saved.status).toBe(302);
    const id = Number(new URL(saved.headers.get("Location")!, "http://x").searchParams.get("id"));
    const [row] = await db().select().from(contracts).where(eq(contracts.id, id));
    // 3 × 1,000,000 = 3,000,000 net, + 9 % = 270,000: the customer pays 3,270,000
    expect(row).toMatchObject({ dayCount: "calendar", priceTax: "excluded", minTermMonths: 2, minTermDays: null, minTermClause: "第5条", valueCents: 3_270_000 });
  });
});

describe("no data is not idle", () => {
  it("proposes nothing for days the terminal sent nothing, keeps them apart from quiet days, and counts an out-car record as work", async () => {
    const c = await contractWith({});
    const v = c.v!;
    // 21 Oct – 20 Nov: no roll-up at all 30 Oct → 8 Nov (the terminal offline); 10–13 Nov reported quiet, with an
    // out-car record on the 11th; every other day 8 hours
    const missing = new Set(days("2026-10-30", "2026-11-08"));
    const quiet = new Set(days("2026-11-10", "2026-11-13"));
    const rollups = days("2026-10-21", "2026-11-20")
      .filter((day) => !missing.has(day))
      .map((day) => ({ tenantId: c.t.tenantId, vehicleId: v.id, day, engineSeconds: quiet.has(day) ? 0 : 8 * 3600, mileageKm: quiet.has(day) ? 0 : 12, points: 100 }));
    await insertDaily(rollups);
    await db().insert(outcarRecords).values({ tenantId: c.t.tenantId, contractId: c.contractId, lineId: c.lineId, vehicleId: v.id, tripOn: "2026-11-11", engineHoursStart: 100, engineHoursEnd: 104 });
    await runBills(db(), { tenantId: c.t.tenantId, timeZone: ZONE, through: "2026-11-20" });
    const bill = await billOf(c.t.tenantId, "2026-10-21");
    const loaded = (await loadBill(c.scope, bill.id))!;
    // ten days without data are no idle run; the quiet 10, 12, 13 Nov are broken by the out-car record of the 11th
    expect(loaded.proposals).toEqual([]);
    expect(rows(loaded)).toEqual([["monthly", "1", 2_800_000, 231_193]]);
    const stored = await db().select().from(billEvidence).where(eq(billEvidence.billId, bill.id));
    expect(stored.filter((e) => e.noData === 1).map((e) => e.day)).toEqual([...missing]);
    expect(stored.find((e) => e.day === "2026-11-11")).toMatchObject({ noData: 0, calls: 1, engineHours: 0 });

    // the bill page shows them as 无数据, not as 0.0 hours
    const cookie = await signIn(c.t.account, c.t.password);
    const page = await (await get(`/contractBillReport/bill?id=${bill.id}`, cookie)).text();
    expect(page.match(/data-no-data="true"/g)).toHaveLength(10);
    expect(page).toContain("无数据");

    // the customer's statement says the days without data apart: of 31 days, worked 18 (21 days at 8 hours less the 3
    // quiet, the 11th counted by its out-car record: 31 − 10 − 3 = 18), 10 without data
    expect(await confirmBill(c.scope, bill.id)).toEqual({ ok: true });
    const view = (await statementView(db(), c.t.tenantId, await statementIdFor(c, bill.id)))!;
    expect(view.evidence.map((e) => [Number(e.days), Number(e.activeDays), Number(e.noDataDays)])).toEqual([[31, 18, 10]]);
  });
});

/** The statement of a bill, made as the clerk's 对账单 button makes it. */
async function statementIdFor(c: Awaited<ReturnType<typeof contractWith>>, billId: number): Promise<number> {
  const { statementForBill } = await import("../../app/modules/billing/statement.server");
  const made = await statementForBill(billScope(c.t.tenantId, c.t.userId, ["contractBillReport:confirm", "contractBillReport:edit", "contractBillReport:send"]), billId);
  if (!("id" in made)) throw new Error(JSON.stringify(made));
  return made.id;
}

describe("late evidence on a draft", () => {
  it("re-evaluates a draft when a fault alarm arrives or closes later: new proposals appear, decided ones stay decided", async () => {
    const c = await contractWith({});
    const v = c.v!;
    // every day at 8 hours except ten quiet days, 30 Oct → 8 Nov; no fault yet
    const quiet = new Set(days("2026-10-30", "2026-11-08"));
    const rollups = days("2026-10-21", "2026-11-20").map((day) => ({ tenantId: c.t.tenantId, vehicleId: v.id, day, engineSeconds: quiet.has(day) ? 0 : 8 * 3600, mileageKm: quiet.has(day) ? 0 : 12 }));
    await insertDaily(rollups);
    const run = () => runBills(db(), { tenantId: c.t.tenantId, timeZone: ZONE, through: "2026-11-20" });
    // two periods: 21 Sep – 20 Oct (no roll-ups: no data, nothing proposed) and 21 Oct – 20 Nov
    expect(await run()).toEqual({ contracts: 1, bills: 2 });
    const bill = await billOf(c.t.tenantId, "2026-10-21");
    const [idle] = (await loadBill(c.scope, bill.id))!.proposals;
    expect(idle).toMatchObject({ kind: "idle", state: 0 });
    expect(await decideProposal(c.scope, bill.id, idle!.id, true, "")).toEqual({ ok: true });
    // nothing new: the next run changes nothing
    expect(await run()).toEqual({ contracts: 0, bills: 0 });

    // a fault reported late: from 18:00 on 12 Nov, 20 hours (10 counted: 18–22 and 08–14)
    const at = parseZonedTime("2026-11-12T18:00", ZONE);
    const [alarm] = await db().insert(alarms).values({ tenantId: c.t.tenantId, vehicleId: v.id, hubKey: unique("f"), kind: "fault", at, handleState: 1, handledAt: at + 20 * 3_600_000 }).returning({ id: alarms.id });
    expect(await run()).toEqual({ contracts: 0, bills: 0, refreshed: 1 });
    let loaded = (await loadBill(c.scope, bill.id))!;
    expect(loaded.proposals.map((p) => [p.id === idle!.id, p.kind, p.state, p.hours])).toEqual([
      [true, "idle", 1, null],
      [false, "fault", 0, 10],
    ]);
    expect(loaded.evidence.find((e) => e.day === "2026-11-12")).toMatchObject({ faultMinutes: 240 });
    // the accepted idle days still priced: 2,800,000 − 280,000
    expect(loaded.bill.amountCents).toBe(2_520_000);
    const fault = loaded.proposals[1]!;
    expect(await decideProposal(c.scope, bill.id, fault.id, true, "")).toEqual({ ok: true });
    // one day off for 10 hours: 2,800,000 × 1/30 = 93,333.33 → 93,333
    expect((await loadBill(c.scope, bill.id))!.bill.amountCents).toBe(2_520_000 - 93_333);

    // the alarm closed later than first reported: 18:00 on 12 Nov to 22:00 on 13 Nov, 18 counted hours: the 8 more are proposed
    await db().update(alarms).set({ handledAt: at + 28 * 3_600_000 }).where(eq(alarms.id, alarm!.id));
    expect(await run()).toEqual({ contracts: 0, bills: 0, refreshed: 1 });
    loaded = (await loadBill(c.scope, bill.id))!;
    const more = loaded.proposals.find((p) => p.state === 0)!;
    expect(more).toMatchObject({ kind: "fault", hours: 8, basis: { hours: 8, decidedHours: 10, totalHours: 18 } });
    expect(await decideProposal(c.scope, bill.id, more.id, true, "")).toEqual({ ok: true });
    // 18 hours accepted in all: two days off, 2,800,000 × 2/30 = 186,666.67 → 186,667
    expect((await loadBill(c.scope, bill.id))!.items.map((i) => [i.rule, i.quantity, i.amountCents])).toEqual([
      ["monthly", "1", 2_800_000],
      ["idle", "-10/30", -280_000],
      ["faultDeduction", "-2/30", -186_667],
    ]);

    // confirmed, the bill never changes: a roll-up corrected afterwards leaves it as it is
    expect(await confirmBill(c.scope, bill.id)).toEqual({ ok: true });
    await db().update(vehicleDaily).set({ engineSeconds: 3600 }).where(and(eq(vehicleDaily.vehicleId, v.id), eq(vehicleDaily.day, "2026-11-01")));
    expect(await run()).toEqual({ contracts: 0, bills: 0 });
  });

  it("drops an open proposal the corrected evidence no longer bears out, and counts an out-car record entered late as work", async () => {
    const c = await contractWith({});
    const v = c.v!;
    const quiet = new Set(days("2026-11-10", "2026-11-13"));
    const rollups = days("2026-10-21", "2026-11-20").map((day) => ({ tenantId: c.t.tenantId, vehicleId: v.id, day, engineSeconds: quiet.has(day) ? 0 : 8 * 3600, mileageKm: quiet.has(day) ? 0 : 12 }));
    await insertDaily(rollups);
    const run = () => runBills(db(), { tenantId: c.t.tenantId, timeZone: ZONE, through: "2026-11-20" });
    await run();
    const bill = await billOf(c.t.tenantId, "2026-10-21");
    expect((await loadBill(c.scope, bill.id))!.proposals.map((p) => [p.kind, p.days.length])).toEqual([["idle", 4]]);
    // the clerk enters the out-car record of 11 Nov late: 10 and 12–13 Nov are runs too short to propose
    await db().insert(outcarRecords).values({ tenantId: c.t.tenantId, contractId: c.contractId, lineId: c.lineId, vehicleId: v.id, tripOn: "2026-11-11", engineHoursStart: 100, engineHoursEnd: 104 });
    expect(await run()).toEqual({ contracts: 0, bills: 0, refreshed: 1 });
    const loaded = (await loadBill(c.scope, bill.id))!;
    expect(loaded.proposals).toEqual([]);
    expect(loaded.evidence.find((e) => e.day === "2026-11-11")).toMatchObject({ calls: 1 });
    // with no proposal open, the draft can be confirmed at its month
    expect(await confirmBill(c.scope, bill.id)).toEqual({ ok: true });
  });
});

describe("台班 (by the shift)", () => {
  it("bills each call at least its minimum hours, and the bill page shows each day: hours, shifts, overtime and amount", async () => {
    const t = await makeTenant({ role: "admin" });
    const v = await makeVehicle(t.tenantId);
    const [customer] = await db().insert(customers).values({ tenantId: t.tenantId, name: unique("客户"), kind: "enterprise" }).returning({ id: customers.id });
    const [c] = await db()
      .insert(contracts)
      .values({ tenantId: t.tenantId, number: unique("HT-"), kind: "spot", name: "汽车吊台班", customerId: customer!.id, startOn: "2026-11-02", settlementDay: 31, paymentDays: 30, taxRateBp: 900, state: 3 })
      .returning({ id: contracts.id });
    // ¥2,500.00 a shift of 8 hours, ¥350.00 an hour above it, each call at least 4 hours
    const [line] = await db()
      .insert(contractLines)
      .values({ tenantId: t.tenantId, contractId: c!.id, lineNo: 1, vehicleId: v.id, shiftCents: 250_000, shiftHours: 8, shiftOvertimeCents: 35_000, minHoursPerCall: 4, onRentOn: "2026-11-02" })
      .returning({ id: contractLines.id });
    // Monday 2 Nov: a 2-hour call (billed as 4); Tuesday 3 Nov: 10 hours (a shift and 2 overtime hours)
    await db().insert(outcarRecords).values([
      { tenantId: t.tenantId, contractId: c!.id, lineId: line!.id, vehicleId: v.id, tripOn: "2026-11-02", engineHoursStart: 100, engineHoursEnd: 102 },
      { tenantId: t.tenantId, contractId: c!.id, lineId: line!.id, vehicleId: v.id, tripOn: "2026-11-03", engineHoursStart: 102, engineHoursEnd: 112 },
    ]);
    // spot hire is billed by the week: Monday 2 → Sunday 8 November
    await runBills(db(), { tenantId: t.tenantId, timeZone: ZONE, through: "2026-11-08" });
    const bill = await billOf(t.tenantId, "2026-11-02");
    const scope = billScope(t.tenantId, t.userId);
    // (4 + 8)/8 × 250,000 = 375,000; 2 × 35,000 = 70,000
    expect(rows((await loadBill(scope, bill.id))!).map(([rule, q, amount]) => [rule, q, amount])).toEqual([
      ["shift", "12/8", 375_000],
      ["shiftOvertime", "2", 70_000],
    ]);
    const cookie = await signIn(t.account, t.password);
    const page = await (await get(`/contractBillReport/bill?id=${bill.id}`, cookie)).text();
    expect(page).toContain("台班明细");
    expect(page).toContain("每次出车至少按4小时计");
    const table = /data-testid="shift-table"[\s\S]*?<\/table>/.exec(page)?.[0] ?? "";
    // 2 Nov: 4 h, half a shift, 1,250.00; 3 Nov: 10 h, a shift and 2 h over, 2,500.00 + 700.00 = 3,200.00
    expect(table.replace(/<!-- -->/g, "")).toMatch(/2026-11-02[\s\S]*?>4<[\s\S]*?>0\.5<[\s\S]*?>1,250\.00</);
    expect(table.replace(/<!-- -->/g, "")).toMatch(/2026-11-03[\s\S]*?>10<[\s\S]*?>1<[\s\S]*?>2<[\s\S]*?>3,200\.00</);
  });
});
