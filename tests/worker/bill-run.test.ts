// The bill run on real D1 (issue 26 §1 and §6): a monthly line from the 21st to the 20th with a quiet stretch and a
// fault, priced from the contract and its machine's roll-ups and alarms; the proposals accepted; a second run making
// nothing; a confirmed bill refused for change (by the code and by the database); an adjustment; tenants kept apart;
// the cron billing a tenant at its 02:00.
import { env } from "cloudflare:test";
import { and, count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runBills } from "../../app/modules/billing/bill-run.server";
import { addClerkDays, adjustBill, confirmBill, decideProposal, loadBill, runContractBills } from "../../app/modules/billing/bill.server";
import { parseZonedTime } from "../../app/lib/tenant-days";
import { alarms, billItems, billProposals, bills, contractLines, contracts, customers, fences } from "../../db/schema";
import { runScheduled } from "../../workers/scheduled";
import { bills as billsJob } from "../../workers/jobs/bills";
import { billScope, days, rentalWithHistory, ZONE } from "./bill-fixtures";
import { db, get, insertDaily, makeTenant, postForm, signIn, unique } from "./helpers";
import { makeVehicle } from "./telematics";

/** What the database answered a write: its error's own message (drizzle wraps it), or "stored". */
async function refusal(write: PromiseLike<unknown>): Promise<string> {
  try {
    await write;
    return "stored";
  } catch (error) {
    const e = error as { cause?: { message?: string }; message?: string };
    return e.cause?.message ?? e.message ?? String(error);
  }
}

const billOf = async (tenantId: number, periodFrom: string) => (await db().select().from(bills).where(and(eq(bills.tenantId, tenantId), eq(bills.periodFrom, periodFrom))))[0]!;

describe("the bill run", () => {
  it("bills each closed settlement month once, from the contract's terms, with the evidence and its proposals", async () => {
    const { t, lineId, number, scope } = await rentalWithHistory();
    const first = await runBills(db(), { tenantId: t.tenantId, timeZone: ZONE, through: "2026-11-20" });
    expect(first).toEqual({ contracts: 1, bills: 2 });
    // a second run of the same days makes nothing new
    expect(await runBills(db(), { tenantId: t.tenantId, timeZone: ZONE, through: "2026-11-25" })).toEqual({ contracts: 0, bills: 0 });
    const [{ n }] = (await db().select({ n: count() }).from(bills).where(eq(bills.tenantId, t.tenantId))) as [{ n: number }];
    expect(n).toBe(2);

    const bill = await billOf(t.tenantId, "2026-10-21");
    expect(bill).toMatchObject({ number: `${number}-20261120`, periodTo: "2026-11-20", dueOn: "2026-12-20", state: 0, amountCents: 2_800_000 });
    const loaded = (await loadBill(scope, bill.id))!;
    // a whole settlement month: one month at the monthly rate; tax included = 2,800,000 × 9 / 109 = 231,192.66 → 231,193
    expect(loaded.items.map((i) => [i.rule, i.quantity, i.rateCents, i.amountCents, i.taxCents])).toEqual([["monthly", "1", 2_800_000, 2_800_000, 231_193]]);
    expect(loaded.evidence).toHaveLength(31);
    expect(loaded.evidence.find((e) => e.day === "2026-11-12")).toMatchObject({ engineHours: 8, faultMinutes: 240 });
    expect(loaded.evidence.find((e) => e.day === "2026-11-13")).toMatchObject({ faultMinutes: 360 });
    const proposals = loaded.proposals.map((p) => [p.kind, p.days.length, p.hours]);
    expect(proposals).toEqual([
      ["idle", 10, null],
      ["fault", 2, 10],
    ]);
    expect(loaded.proposals.every((p) => p.lineId === lineId && p.state === 0)).toBe(true);
  });

  it("prices the accepted proposals: ten idle days at 70 % and a day off for 10 counted fault hours, to the cent", async () => {
    const { t, scope } = await rentalWithHistory();
    await runBills(db(), { tenantId: t.tenantId, timeZone: ZONE, through: "2026-11-20" });
    const bill = await billOf(t.tenantId, "2026-10-21");
    const [idle, fault] = (await loadBill(scope, bill.id))!.proposals;
    // rejecting needs a reason, in the user's language
    expect(await decideProposal(scope, bill.id, fault!.id, false, "  ")).toEqual({ ok: false, status: 400, message: "bills:reasonRequired" });
    expect(await decideProposal(scope, bill.id, idle!.id, true, "")).toEqual({ ok: true });
    // 2,800,000 − 2,800,000 × 10/30 × 30 % = 2,800,000 − 280,000
    expect((await billOf(t.tenantId, "2026-10-21")).amountCents).toBe(2_520_000);
    expect(await decideProposal(scope, bill.id, fault!.id, true, "")).toEqual({ ok: true });
    // and one day's rent off: 2,800,000 × 1/30 = 93,333.33 → 93,333
    const after = (await loadBill(scope, bill.id))!;
    expect(after.items.map((i) => [i.rule, i.quantity, i.amountCents])).toEqual([
      ["monthly", "1", 2_800_000],
      ["idle", "-10/30", -280_000],
      ["faultDeduction", "-1/30", -93_333],
    ]);
    expect(after.bill.amountCents).toBe(2_426_667);
    // tax of each item, half up: 231,193 − 23,119 − 7,706
    expect(after.bill.taxCents).toBe(231_193 - 23_119 - 7_706);
  });

  it("decides a proposal once: twenty decisions at once (accept and reject mixed) store and audit one, a second is refused", async () => {
    const { t, scope } = await rentalWithHistory();
    await runBills(db(), { tenantId: t.tenantId, timeZone: ZONE, through: "2026-11-20" });
    const bill = await billOf(t.tenantId, "2026-10-21");
    const [idle] = (await loadBill(scope, bill.id))!.proposals;
    const all = await Promise.all(Array.from({ length: 20 }, (_, i) => decideProposal(scope, bill.id, idle!.id, i % 2 === 0, i % 2 ? "现场核实：设备在岗" : "")));
    expect(all.filter((r) => r.ok)).toHaveLength(1);
    expect(all.filter((r) => !r.ok).every((r) => !r.ok && r.status === 409 && ["bills:proposalDecided", "bills:stale"].includes(r.message))).toBe(true);
    const audits = await env.DB.prepare("select action, user_id from audit_logs where entity = 'billProposal' and entity_id = ?").bind(String(idle!.id)).all<{ action: string; user_id: number }>();
    expect(audits.results).toHaveLength(1);
    const [stored] = await db().select().from(billProposals).where(eq(billProposals.id, idle!.id));
    expect(stored!.state).toBe(audits.results[0]!.action === "acceptProposal" ? 1 : 2);
    expect(audits.results[0]!.user_id).toBe(t.userId);
    // the bill is priced by the decision that stood: 10 idle days at 70 % only when accepted
    expect((await billOf(t.tenantId, "2026-10-21")).amountCents).toBe(stored!.state === 1 ? 2_520_000 : 2_800_000);
    expect(await decideProposal(scope, bill.id, idle!.id, true, "")).toEqual({ ok: false, status: 409, message: "bills:proposalDecided" });
  });

  it("decides two proposals of one bill twenty times at once: each decision that stood is priced in its own batch, none without the other", async () => {
    const { t, scope } = await rentalWithHistory();
    await runBills(db(), { tenantId: t.tenantId, timeZone: ZONE, through: "2026-11-20" });
    const bill = await billOf(t.tenantId, "2026-10-21");
    const [idle, fault] = (await loadBill(scope, bill.id))!.proposals;
    const all = await Promise.all(Array.from({ length: 20 }, (_, i) => decideProposal(scope, bill.id, (i % 2 ? fault : idle)!.id, true, "")));
    expect(all.every((r) => r.ok || (r.status === 409 && ["bills:proposalDecided", "bills:stale"].includes(r.message)))).toBe(true);
    // whichever stood: the bill carries exactly the accepted ones (−280,000 for the idle days, −93,333 for the fault)
    const states = new Map((await db().select().from(billProposals).where(eq(billProposals.billId, bill.id))).map((p) => [p.id, p.state]));
    const after = (await loadBill(scope, bill.id))!;
    const expected = 2_800_000 - (states.get(idle!.id) === 1 ? 280_000 : 0) - (states.get(fault!.id) === 1 ? 93_333 : 0);
    expect(after.bill.amountCents).toBe(expected);
    expect(after.items.reduce((sum, i) => sum + i.amountCents, 0)).toBe(expected);
    expect(after.items.some((i) => i.rule === "idle")).toBe(states.get(idle!.id) === 1);
    expect(after.items.some((i) => i.rule === "faultDeduction")).toBe(states.get(fault!.id) === 1);
    // a stale one is taken when asked again
    for (const p of [idle!, fault!]) if (states.get(p.id) === 0) expect(await decideProposal(scope, bill.id, p.id, true, "")).toEqual({ ok: true });
    expect((await billOf(t.tenantId, "2026-10-21")).amountCents).toBe(2_426_667);
  });

  it("takes days the clerk adds to a draft with a reason, billed as the contract says, and refuses days it cannot bill", async () => {
    const { t, scope, lineId } = await rentalWithHistory();
    await runBills(db(), { tenantId: t.tenantId, timeZone: ZONE, through: "2026-11-20" });
    const bill = await billOf(t.tenantId, "2026-10-21");
    const add = (o: Partial<{ lineId: number; kind: string; from: string; to: string; reason: string }>) => addClerkDays(scope, bill.id, { lineId, kind: "idle", from: "2026-11-12", to: "2026-11-13", reason: "客户书面通知停工", ...o });
    expect(await add({ from: "2026-10-20" })).toEqual({ ok: false, status: 400, message: "bills:clerkOutsidePeriod|2026-10-21 ～ 2026-11-20" });
    expect(await add({ to: "2026-11-11" })).toEqual({ ok: false, status: 400, message: "bills:clerkDays" });
    expect(await add({ from: "2026-02-30" })).toEqual({ ok: false, status: 400, message: "bills:clerkDays" });
    expect(await add({ kind: "fault" })).toEqual({ ok: false, status: 400, message: "bills:clerkKind" });
    expect(await add({ reason: "  " })).toEqual({ ok: false, status: 400, message: "bills:reasonRequired" });
    const other = await rentalWithHistory();
    expect(await add({ lineId: other.lineId })).toEqual({ ok: false, status: 400, message: "bills:clerkLine" });
    expect(await billOf(t.tenantId, "2026-10-21")).toMatchObject({ amountCents: 2_800_000, version: bill.version });

    // two idle days at 70 %: 2,800,000 × 2/30 × 30 % = 56,000
    expect(await add({})).toEqual({ ok: true });
    const after = (await loadBill(scope, bill.id))!;
    expect(after.bill.amountCents).toBe(2_744_000);
    expect(after.items.map((i) => [i.rule, i.quantity, i.amountCents])).toEqual([
      ["monthly", "1", 2_800_000],
      ["idle", "-2/30", -56_000],
    ]);
    const added = after.proposals.find((p) => p.basis?.source === "clerk")!;
    expect(added).toMatchObject({ kind: "idle", days: ["2026-11-12", "2026-11-13"], state: 1, reason: "客户书面通知停工", lineId });
    expect(await env.DB.prepare("select count(*) n from audit_logs where entity = 'bill' and action = 'addDays' and entity_id = ?").bind(String(bill.id)).first("n")).toBe(1);
    // the telemetry's ten days accepted beside them: twelve days in all, 2,800,000 × 12/30 × 30 % = 336,000
    const idle = after.proposals.find((p) => p.kind === "idle" && p.state === 0)!;
    expect(await decideProposal(scope, bill.id, idle.id, true, "")).toEqual({ ok: true });
    expect((await billOf(t.tenantId, "2026-10-21")).amountCents).toBe(2_464_000);

    // through the bill page: the clerk's form; a read-only user is refused and nothing is added
    const viewer = await makeTenant({ role: "viewer" });
    const refused = await postForm(`/contractBillReport/bill?id=${bill.id}`, { intent: "addDays", lineId: String(lineId), kind: "stopRent", from: "2026-11-14", to: "2026-11-14", reason: "x" }, { Cookie: await signIn(viewer.account, viewer.password) });
    expect(refused.status).not.toBe(200);
    const admin = await signIn(t.account, t.password);
    const outside = await postForm(`/contractBillReport/bill?id=${bill.id}`, { intent: "addDays", lineId: String(lineId), kind: "stopRent", from: "2026-11-21", to: "2026-11-21", reason: "退场" }, { Cookie: admin });
    expect(outside.status).toBe(400);
    expect(await outside.text()).toContain("补录的日期须在账单期间内（2026-10-21 ～ 2026-11-20）");
    expect((await billOf(t.tenantId, "2026-10-21")).amountCents).toBe(2_464_000);

    // confirmed, it takes no more days
    for (const p of (await loadBill(scope, bill.id))!.proposals.filter((x) => x.state === 0)) await decideProposal(scope, bill.id, p.id, false, "现场核实");
    expect(await confirmBill(scope, bill.id)).toEqual({ ok: true });
    expect(await add({ from: "2026-11-15", to: "2026-11-15" })).toEqual({ ok: false, status: 409, message: "bills:confirmedFixed" });
  });

  it("proposes evidence that came after a bill was confirmed on the next draft, bills it once accepted, and never twice", async () => {
    const { t, scope, lineId } = await rentalWithHistory();
    await runBills(db(), { tenantId: t.tenantId, timeZone: ZONE, through: "2026-11-20" });
    const first = await billOf(t.tenantId, "2026-09-21");
    expect(await confirmBill(scope, first.id)).toEqual({ ok: true });
    const draft = await billOf(t.tenantId, "2026-10-21");
    // a 20-hour fault in the confirmed month (10 counted: 18–22 and 08–14), reported only now
    const at = parseZonedTime("2026-10-05T18:00", ZONE);
    const [{ vehicleId }] = (await db().select({ vehicleId: contractLines.vehicleId }).from(contractLines).where(eq(contractLines.id, lineId))) as [{ vehicleId: number }];
    await db().insert(alarms).values({ tenantId: t.tenantId, vehicleId, hubKey: unique("late"), kind: "fault", at, handleState: 1, handledAt: at + 20 * 3_600_000 });
    const run = await runBills(db(), { tenantId: t.tenantId, timeZone: ZONE, through: "2026-11-20" });
    expect(run.late).toBe(1);
    // the confirmed bill stands; the next draft holds the proposal: a day's rent off, 2,800,000 ÷ 30 = 93,333.33 → 93,333,
    // its tax the same 7,706 the deduction would have carried on the confirmed bill
    expect((await billOf(t.tenantId, "2026-09-21")).amountCents).toBe(first.amountCents);
    const late = (await loadBill(scope, draft.id))!.proposals.find((p) => p.kind === "late")!;
    expect(late).toMatchObject({ lineId, state: 0, days: ["2026-10-05", "2026-10-06"], basis: { forBill: first.number, of: "fault", amountCents: -93_333, taxCents: -7_706 } });
    expect((await billOf(t.tenantId, "2026-10-21")).amountCents).toBe(draft.amountCents);
    // a second run proposes nothing more
    expect((await runBills(db(), { tenantId: t.tenantId, timeZone: ZONE, through: "2026-11-20" })).late).toBeUndefined();
    // accepted, it is an adjustment item on the draft citing the confirmed bill
    expect(await decideProposal(scope, draft.id, late.id, true, "")).toEqual({ ok: true });
    const after = (await loadBill(scope, draft.id))!;
    expect(after.items.filter((i) => i.rule === "adjustment").map((i) => [i.amountCents, i.taxCents, i.basis])).toEqual([[-93_333, -7_706, { adjusts: first.number, late: "fault" }]]);
    expect(after.bill.amountCents).toBe(draft.amountCents - 93_333);
    // and, taken, it is not proposed again
    expect((await runBills(db(), { tenantId: t.tenantId, timeZone: ZONE, through: "2026-11-20" })).late).toBeUndefined();
    expect((await loadBill(scope, draft.id))!.proposals.filter((p) => p.kind === "late")).toHaveLength(1);
    // the page says what it is, in the reader's words
    const page = await (await get(`/contractBillReport/bill?id=${draft.id}`, await signIn(t.account, t.password))).text();
    expect(page).toContain(`账单${first.number}确认后到达的证据（故障扣减），调整-933.33元`);
    expect(page.replaceAll("<!-- -->", "")).toContain(`调整（账单${first.number}确认后到达的证据：故障扣减）`);
  });

  it("confirms a bill only with its proposals decided, then refuses every change; a correction is an adjustment", async () => {
    const { t, scope } = await rentalWithHistory();
    await runBills(db(), { tenantId: t.tenantId, timeZone: ZONE, through: "2026-11-20" });
    const bill = await billOf(t.tenantId, "2026-10-21");
    expect(await confirmBill(scope, bill.id)).toEqual({ ok: false, status: 409, message: "bills:proposalsOpen|2" });
    for (const p of (await loadBill(scope, bill.id))!.proposals) await decideProposal(scope, bill.id, p.id, false, "现场核实：设备在岗待命");
    // items that no longer add up to the amount are refused (checked again in the engine's guarded write)
    await env.DB.prepare("update bills set amount_cents = amount_cents + 1 where id = ?").bind(bill.id).run();
    expect(await confirmBill(scope, bill.id)).toEqual({ ok: false, status: 409, message: "bills:itemsIncomplete" });
    await env.DB.prepare("update bills set amount_cents = amount_cents - 1 where id = ?").bind(bill.id).run();
    // twenty confirmations at once: one is stored and audited, the others are told it is confirmed or changed
    const all = await Promise.all(Array.from({ length: 20 }, () => confirmBill(scope, bill.id)));
    expect(all.filter((r) => r.ok)).toHaveLength(1);
    expect(all.filter((r) => !r.ok).every((r) => !r.ok && r.status === 409 && ["bills:alreadyConfirmed", "bills:stale"].includes(r.message))).toBe(true);
    expect(await env.DB.prepare("select count(*) n from audit_logs where entity = 'bill' and action = 'confirm' and entity_id = ?").bind(String(bill.id)).first("n")).toBe(1);
    expect((await billOf(t.tenantId, "2026-10-21")).state).toBe(1);
    // the code refuses, and so does the database whatever writes
    const proposal = (await loadBill(scope, bill.id))!.proposals[0]!;
    expect(await decideProposal(scope, bill.id, proposal.id, true, "")).toEqual({ ok: false, status: 409, message: "bills:confirmedFixed" });
    expect(await refusal(db().update(bills).set({ amountCents: 1 }).where(eq(bills.id, bill.id)))).toMatch(/bill confirmed/);
    expect(await refusal(db().delete(billItems).where(eq(billItems.billId, bill.id)))).toMatch(/bill confirmed/);
    expect(await refusal(db().insert(billItems).values({ tenantId: t.tenantId, billId: bill.id, seq: 9, rule: "adjustment", quantity: "1", unit: "item", rateCents: 1, amountCents: 1, taxRateBp: 0, taxCents: 0 }))).toMatch(/bill confirmed/);
    // a run again leaves it alone
    expect(await runBills(db(), { tenantId: t.tenantId, timeZone: ZONE, through: "2026-11-20" })).toEqual({ contracts: 0, bills: 0 });
    // an adjustment refers to it: −¥1,090.00 with its tax at 9 % (90.00)
    const adjusted = await adjustBill(scope, bill.id, -109_000, "第10天实际未进场");
    expect(adjusted.ok).toBe(true);
    const [adj] = await db().select().from(bills).where(eq(bills.adjustsId, bill.id));
    expect(adj).toMatchObject({ kind: "adjustment", number: `${bill.number}-A1`, amountCents: -109_000, taxCents: -9_000, state: 1 });
    expect((await loadBill(scope, bill.id))!.adjustments.map((a) => a.number)).toEqual([`${bill.number}-A1`]);
    expect(await adjustBill(scope, bill.id, 0, "x")).toEqual({ ok: false, status: 400, message: "bills:adjustmentAmount" });
    const again = await adjustBill(scope, bill.id, 5_000, "补收吊装辅助费");
    expect(again.ok).toBe(true);
    expect((await db().select({ number: bills.number }).from(bills).where(eq(bills.adjustsId, bill.id)).orderBy(bills.id)).map((b) => b.number)).toEqual([`${bill.number}-A1`, `${bill.number}-A2`]);
  });

  it("keeps tenants apart: another tenant's bill, proposal and contract are not found", async () => {
    const { t, contractId } = await rentalWithHistory();
    await runBills(db(), { tenantId: t.tenantId, timeZone: ZONE, through: "2026-11-20" });
    const bill = await billOf(t.tenantId, "2026-10-21");
    const [proposal] = await db().select().from(billProposals).where(eq(billProposals.billId, bill.id));
    const other = await makeTenant();
    const stranger = billScope(other.tenantId, other.userId);
    expect(await loadBill(stranger, bill.id)).toBeNull();
    expect(await decideProposal(stranger, bill.id, proposal!.id, true, "")).toEqual({ ok: false, status: 404, message: "bills:notFound" });
    expect(await confirmBill(stranger, bill.id)).toEqual({ ok: false, status: 404, message: "bills:notFound" });
    expect(await adjustBill(stranger, bill.id, 100, "x")).toEqual({ ok: false, status: 404, message: "bills:notFound" });
    expect(await runContractBills(stranger, contractId)).toEqual({ ok: false, status: 404, message: "bills:contractNotFound" });
    // and the run for the other tenant bills none of this one's contracts
    expect(await runBills(db(), { tenantId: other.tenantId, timeZone: ZONE, through: "2026-11-20" })).toEqual({ contracts: 0, bills: 0 });
  });

  it("the cron bills a tenant at its local 02:00, through its yesterday, and not at another hour", async () => {
    const { t } = await rentalWithHistory();
    // 2026-11-21 03:00 UTC is 11:00 in Shanghai: not the tenant's hour
    const noon = await runScheduled(env, { cron: "0 * * * *", scheduledTime: Date.UTC(2026, 10, 21, 3) }, [billsJob]);
    expect(noon).toEqual([{ job: "bills", outcome: "ok" }]);
    expect((await db().select({ n: count() }).from(bills).where(eq(bills.tenantId, t.tenantId)))[0]!.n).toBe(0);
    // 2026-11-20 18:00 UTC is 02:00 on the 21st in Shanghai: the 20th is complete, the period to the 20th is billed
    await runScheduled(env, { cron: "0 * * * *", scheduledTime: Date.UTC(2026, 10, 20, 18) }, [billsJob]);
    const made = await db().select({ periodTo: bills.periodTo }).from(bills).where(eq(bills.tenantId, t.tenantId)).orderBy(bills.periodTo);
    expect(made.map((b) => b.periodTo)).toEqual(["2026-10-20", "2026-11-20"]);
  });

  it("bills the minimum term on an early end and applies the deposit to the last bill", async () => {
    const t = await makeTenant();
    const v = await makeVehicle(t.tenantId);
    const [customer] = await db().insert(customers).values({ tenantId: t.tenantId, name: unique("客户"), kind: "enterprise" }).returning({ id: customers.id });
    const [c] = await db()
      .insert(contracts)
      .values({ tenantId: t.tenantId, number: unique("HT-"), kind: "rental", name: "提前退场", customerId: customer!.id, startOn: "2026-09-01", plannedEndOn: "2027-02-28", endedOn: "2026-11-10", minTermDays: 90, depositCents: 500_000, settlementDay: 31, taxRateBp: 900, state: 9 })
      .returning({ id: contracts.id });
    await db().insert(contractLines).values({ tenantId: t.tenantId, contractId: c!.id, lineNo: 1, vehicleId: v.id, monthlyCents: 3_000_000, onRentOn: "2026-09-01", offRentOn: "2026-11-10" });
    expect(await runBills(db(), { tenantId: t.tenantId, timeZone: ZONE, through: "2026-11-30" })).toEqual({ contracts: 1, bills: 3 });
    const last = await billOf(t.tenantId, "2026-11-01");
    expect(last.final).toBe(1);
    const items = await db().select().from(billItems).where(eq(billItems.billId, last.id)).orderBy(billItems.seq);
    // 10 days on rent: 3,000,000 × 10/30; the minimum term to 11-29: 19 days × 3,000,000/30; the deposit back
    expect(items.map((i) => [i.rule, i.quantity, i.amountCents])).toEqual([
      ["monthly", "10/30", 1_000_000],
      ["minTerm", "19/30", 1_900_000],
      ["deposit", "-1", -500_000],
    ]);
    expect(last.amountCents).toBe(2_400_000);
    expect((await db().select({ n: sql<number>`count(*)` }).from(bills).where(and(eq(bills.tenantId, t.tenantId), eq(bills.final, 1))))[0]!.n).toBe(1);
  });
});

describe("on- and off-rent from the site fence", () => {
  it("is a switch of the contract, kept only with a site fence, and the run proposes the first entry as the on-rent day", async () => {
    const t = await makeTenant({ role: "admin" });
    const cookie = await signIn(t.account, t.password);
    const [customer] = await db().insert(customers).values({ tenantId: t.tenantId, name: unique("围栏客户"), kind: "enterprise" }).returning({ id: customers.id });
    const [fence] = await db().insert(fences).values({ tenantId: t.tenantId, name: unique("工地"), shape: "polygon", coordinates: [[121.5, 31.2], [121.51, 31.2], [121.51, 31.21], [121.5, 31.21]], alarmIn: 1, alarmOut: 1 }).returning({ id: fences.id });
    const post = (more: Record<string, string>) =>
      postForm("/contractList/form?new=1", { intent: "createDoc", kind: "rental", name: unique("围栏合同"), customerId: String(customer!.id), startOn: "2026-10-01", settlementDay: "31", paymentDays: "30", taxRate: "9", "lines[0].equipmentType": "1", "lines[0].monthly": "30000", "lines[0].onRentOn": "2026-10-01", ...more }, { Cookie: cookie });
    const saved = async (more: Record<string, string>) => {
      const res = await post(more);
      expect(res.status).toBe(302);
      const id = Number(new URL(res.headers.get("Location")!, "http://x").searchParams.get("id"));
      return (await db().select({ fenceRentDates: contracts.fenceRentDates }).from(contracts).where(eq(contracts.id, id)))[0]!.fenceRentDates;
    };
    expect(await saved({ siteFenceId: String(fence!.id), fenceRentDates: "1" })).toBe(1);
    // without a fence there is nothing to read the days from: the switch is not kept
    expect(await saved({ siteFenceId: "", fenceRentDates: "1" })).toBe(0);

    // a machine that first entered the fence on 10-06: the run proposes 10-06 as its on-rent day
    const v = await makeVehicle(t.tenantId);
    const [c] = await db()
      .insert(contracts)
      .values({ tenantId: t.tenantId, number: unique("HT-"), kind: "rental", name: "围栏起租", customerId: customer!.id, startOn: "2026-10-01", settlementDay: 31, siteFenceId: fence!.id, fenceRentDates: 1, state: 3 })
      .returning({ id: contracts.id });
    await db().insert(contractLines).values({ tenantId: t.tenantId, contractId: c!.id, lineNo: 1, vehicleId: v.id, monthlyCents: 3_000_000, onRentOn: "2026-10-01" });
    const rows = days("2026-10-01", "2026-10-31").map((day) => ({ tenantId: t.tenantId, vehicleId: v.id, day, engineSeconds: day < "2026-10-06" ? 0 : 8 * 3600, mileageKm: day < "2026-10-06" ? 0 : 10 }));
    await insertDaily(rows);
    await db().insert(alarms).values({ tenantId: t.tenantId, vehicleId: v.id, hubKey: unique("in"), kind: "fence_in", refId: fence!.id, at: parseZonedTime("2026-10-06T09:30", ZONE) });
    await runBills(db(), { tenantId: t.tenantId, timeZone: ZONE, through: "2026-10-31" });
    const bill = await billOf(t.tenantId, "2026-10-01");
    const proposals = await db().select().from(billProposals).where(eq(billProposals.billId, bill.id));
    expect(proposals.find((p) => p.kind === "onRent")).toMatchObject({ day: "2026-10-06" });
    // accepted, the line is billed from 10-06: 26 days of 30,000.00 a month
    const onRent = proposals.find((p) => p.kind === "onRent")!;
    const scope = billScope(t.tenantId, t.userId);
    for (const p of proposals) if (p.id !== onRent.id) await decideProposal(scope, bill.id, p.id, false, "开工前的待命期");
    expect(await decideProposal(scope, bill.id, onRent.id, true, "")).toEqual({ ok: true });
    const items = await db().select().from(billItems).where(eq(billItems.billId, bill.id));
    expect(items.map((i) => [i.rule, i.quantity, i.amountCents])).toEqual([["monthly", "26/30", 2_600_000]]);
  });
});
