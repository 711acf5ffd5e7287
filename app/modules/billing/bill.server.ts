/**
 * A bill as the clerk works it (issue 26 §1): read with its items, evidence and proposals; each proposal accepted or
 * rejected with a reason, and the draft repriced from the accepted ones; confirmed (then never changed: the database
 * refuses it, migration 0026); corrected by an adjustment bill that refers to it; the run on demand for one contract.
 * Every read and write is the user's tenant and data scope (the contract's organisation).
 */
import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { addDays, isBusinessDay } from "~/lib/calendar";
import { formatCents } from "~/lib/cents";
import { todayInZone } from "~/lib/tenant-clock";
import { cleanLine } from "~/lib/validators";
import type { RequestScope } from "~/modules/access/access.server";
import { runCommand, type CommandStep } from "~/modules/resource/command.server";
import { batch } from "../../../db/client";
import { visibleOrgRowWhere } from "../../../db/rules/data-scope";
import { billEvidence, billItems, billProposals, bills, contractLines, contracts, customers, tenants, vehicles } from "../../../db/schema";
import { ofTenant, sameTenant, tenantWhere, withTenant } from "../../../db/tenant";
import { BILLED_STATES, billItemsWhole, runBills, type BillRunResult } from "./bill-run.server";
import { refuse, type BillOutcome, type BillRefusal } from "./bill-terms";
import { repriceDraft, repricingWrites } from "./reprice.server";
import { taxIncludedCents } from "../contracts/value";
import { BILL_CONFIRM_CODE, BILL_STATE, billStates, proposalStates } from "./bills.resource";
import { PROPOSAL_STATE } from "../../../db/states";
import { runTransition, STALE, type Machine, type Plan } from "~/modules/workflow/engine.server";
import type { Refusal } from "~/modules/workflow/machine";

export { BILL_STATE };
export { PROPOSAL_STATE };

/** The permission of the bills screen and the clerk's acts on a bill. */
export const BILL_PERMISSION = "contractBillReport";
export { BILL_CONFIRM_CODE };

export type { BillOutcome, BillRefusal };

/** The bill's head, when it is the user's tenant's and within the data scope. */
async function visibleBill(scope: RequestScope, id: number) {
  const [bill] = await scope.db
    .select()
    .from(bills)
    .where(tenantWhere(bills, scope, eq(bills.id, id), visibleOrgRowWhere(scope, bills.orgId)));
  return bill;
}

/** A bill with everything its page shows: head, contract and customer, items, day-by-day evidence, proposals. */
export async function loadBill(scope: RequestScope, id: number) {
  const bill = await visibleBill(scope, id);
  if (!bill) return null;
  const [head, items, evidence, proposals, lines, adjustments] = await batch(scope.db, [
    scope.db
      // the customer's name aliased: in a D1 batch, rows come back as objects and two columns both called "name" collapse
      .select({ contractNumber: contracts.number, contractName: contracts.name, kind: contracts.kind, customer: sql<string | null>`${customers.name}`.as("customer_name"), settlementDay: contracts.settlementDay, dayCount: contracts.dayCount, priceTax: contracts.priceTax })
      .from(contracts)
      .leftJoin(customers, and(eq(customers.id, contracts.customerId), sameTenant(customers, contracts)))
      .where(tenantWhere(contracts, scope, eq(contracts.id, bill.contractId))),
    scope.db.select().from(billItems).where(tenantWhere(billItems, scope, eq(billItems.billId, id))).orderBy(asc(billItems.seq)),
    scope.db.select().from(billEvidence).where(and(eq(billEvidence.billId, id), ofTenant(billEvidence, scope))).orderBy(asc(billEvidence.lineId), asc(billEvidence.day)),
    scope.db.select().from(billProposals).where(tenantWhere(billProposals, scope, eq(billProposals.billId, id))).orderBy(asc(billProposals.id)),
    scope.db
      .select({ id: contractLines.id, lineNo: contractLines.lineNo, vehicleId: contractLines.vehicleId, equipmentType: contractLines.equipmentType, spec: contractLines.spec, plate: sql<string | null>`(select ${vehicles.plate} from ${vehicles} where ${vehicles.id} = ${contractLines.vehicleId})`.as("plate") })
      .from(contractLines)
      .where(tenantWhere(contractLines, scope, eq(contractLines.contractId, bill.contractId)))
      .orderBy(asc(contractLines.lineNo)),
    scope.db.select({ id: bills.id, number: bills.number, amountCents: bills.amountCents, state: bills.state }).from(bills).where(tenantWhere(bills, scope, eq(bills.adjustsId, id))).orderBy(asc(bills.id)),
  ]);
  return { bill, contract: head[0] ?? null, items, evidence, proposals, lines, adjustments };
}

export type LoadedBill = NonNullable<Awaited<ReturnType<typeof loadBill>>>;

/** Accepts or rejects a proposal of a draft bill (a rejection needs its reason), then reprices the draft. */
export async function decideProposal(scope: RequestScope, billId: number, proposalId: number, accept: boolean, reason: string): Promise<BillOutcome> {
  const text = cleanLine(reason).trim();
  if (!accept && !text) return refuse(400, "bills:reasonRequired");
  if (text.length > 200) return refuse(400, "bills:reasonTooLong");
  const bill = await visibleBill(scope, billId);
  if (!bill) return refuse(404, "bills:notFound");
  if (bill.state !== BILL_STATE.draft) return refuse(409, "bills:confirmedFixed");
  const [proposal] = await scope.db.select().from(billProposals).where(tenantWhere(billProposals, scope, eq(billProposals.id, proposalId), eq(billProposals.billId, billId)));
  if (!proposal) return refuse(404, "bills:proposalNotFound");
  // the decision, its record and the bill priced again with it in one batch, taken only while the bill is still the
  // same draft
  const decided = await runTransition(scope, proposalMachine, accept ? "accept" : "reject", [proposalId], { reason: text });
  // a decision or a confirmation taken meanwhile: the page shows the bill as it is now
  if (!decided.ok) return (decided.refusal.message as string) === STALE ? refuse(409, "bills:stale") : { ok: false, status: decided.refusal.status, message: decided.refusal.message };
  return { ok: true };
}

/** What a clerk may add to a draft: days the machine stood idle (billed at the line's idle rate) or was off rent. */
export const CLERK_DAY_KINDS = ["idle", "stopRent"] as const;
export type ClerkDayKind = (typeof CLERK_DAY_KINDS)[number];

/**
 * 补录天数: the clerk adds days to a draft that the telemetry did not propose (a machine idle by the customer's letter, a
 * terminal that said nothing), with the reason. Stored as a proposal already accepted, the clerk its decider and
 * `basis.source = "clerk"`, and the bill priced again with it, in one batch with its audit record; the days must lie
 * in the bill's period, and idle days need the line's idle rate. A day the telemetry proposed is corrected by
 * rejecting that proposal (with its reason) and adding the right days here.
 */
export async function addClerkDays(scope: RequestScope, billId: number, input: { lineId: number; kind: string; from: string; to: string; reason: string }): Promise<BillOutcome> {
  const text = cleanLine(input.reason).trim();
  if (!(CLERK_DAY_KINDS as readonly string[]).includes(input.kind)) return refuse(400, "bills:clerkKind");
  if (!isBusinessDay(input.from) || !isBusinessDay(input.to) || input.to < input.from) return refuse(400, "bills:clerkDays");
  if (!text) return refuse(400, "bills:reasonRequired");
  if (text.length > 200) return refuse(400, "bills:reasonTooLong");
  const bill = await visibleBill(scope, billId);
  if (!bill) return refuse(404, "bills:notFound");
  if (bill.state !== BILL_STATE.draft || bill.kind !== "regular") return refuse(409, "bills:confirmedFixed");
  if (input.from < bill.periodFrom || input.to > bill.periodTo) return refuse(400, `bills:clerkOutsidePeriod|${bill.periodFrom} ～ ${bill.periodTo}`);
  const [line] = await scope.db.select({ id: contractLines.id, idleRateBp: contractLines.idleRateBp }).from(contractLines).where(tenantWhere(contractLines, scope, eq(contractLines.id, input.lineId), eq(contractLines.contractId, bill.contractId)));
  if (!line) return refuse(400, "bills:clerkLine");
  if (input.kind === "idle" && line.idleRateBp == null) return refuse(400, "bills:clerkNoIdleRate");
  const days: string[] = [];
  for (let d = input.from; d <= input.to; d = addDays(d, 1)) days.push(d);
  const kind = input.kind as ClerkDayKind;
  const basis = { source: "clerk", from: input.from, to: input.to, days: days.length };
  const priced = await repricingWrites(scope.db, scope.user.tenantId, bill, { added: [{ lineId: line.id, kind, days, basis }] });
  if (!priced.ok) return priced;
  const now = Date.now();
  const done = await runCommand(
    scope,
    [scope.db.insert(billProposals).values(withTenant(scope, { billId, lineId: line.id, kind, days, basis, state: PROPOSAL_STATE.accepted, reason: text, decidedBy: scope.user.id, decidedAt: now })), ...priced.writes],
    { entity: "bill", action: "addDays", id: billId, after: { lineId: line.id, kind, from: input.from, to: input.to, days: days.length, reason: text } },
  );
  return done.ok ? { ok: true } : refuse(409, "bills:stale");
}

type ProposalRow = { id: number; version: number; state: number; billId: number; billState: number; billNumber: string };
const billIsDraft = sql`exists (select 1 from ${bills} where ${and(eq(bills.id, billProposals.billId), sameTenant(bills, billProposals), eq(bills.state, BILL_STATE.draft))})`;

/**
 * 接受 / 驳回 of a proposal through the engine (proposalStates): once each (an open proposal only), while its bill is a
 * draft (checked on the row read and again in the write), the bills the user may see only. The bill is priced again
 * with the decision in the same batch (`repricingWrites`, behind the bill's version): a decision never stands on a bill
 * priced without it, and two decisions on one bill at the same moment are one taken, the other refused as stale.
 */
export const proposalMachine: Machine<ProposalRow> = {
  view: proposalStates,
  table: billProposals,
  stateKey: "state",
  load: (scope, ids) =>
    scope.db
      .select({ id: billProposals.id, version: billProposals.version, state: billProposals.state, billId: billProposals.billId, billState: bills.state, billNumber: bills.number })
      .from(billProposals)
      .innerJoin(bills, and(eq(bills.id, billProposals.billId), sameTenant(bills, billProposals)))
      .where(tenantWhere(billProposals, scope, inArray(billProposals.id, ids), visibleOrgRowWhere(scope, bills.orgId))),
  label: (r) => r.billNumber,
  missing: { message: "bills:proposalNotFound", status: 404 },
  set: (scope, _t, input, now) => ({ reason: input.reason || null, decidedBy: scope.user.id, decidedAt: now }),
  plan: async (scope, t, rows): Promise<Plan | Refusal> => {
    if (rows.some((r) => r.billState !== BILL_STATE.draft)) return { message: "bills:confirmedFixed", status: 409 };
    const writes: PromiseLike<unknown>[] = [];
    for (const billId of new Set(rows.map((r) => r.billId))) {
      const [bill] = await scope.db.select().from(bills).where(tenantWhere(bills, scope, eq(bills.id, billId)));
      if (!bill) return { message: "bills:notFound", status: 404 };
      const priced = await repricingWrites(scope.db, scope.user.tenantId, bill, { decided: new Map(rows.filter((r) => r.billId === billId).map((r) => [r.id, t.name === "accept"])) });
      if (!priced.ok) return { message: priced.message, status: priced.status };
      writes.push(...priced.writes);
    }
    return { writes };
  },
  where: () => billIsDraft,
};

/** Prices a draft bill again from its stored evidence and its accepted proposals (a fixed price: from its plan, as the run); replaces its items in one batch. */
export async function repriceBill(scope: RequestScope, billId: number): Promise<BillOutcome> {
  const bill = await visibleBill(scope, billId);
  if (!bill) return refuse(404, "bills:notFound");
  return repriceDraft(scope.db, scope.user.tenantId, bill);
}

type BillMachineRow = { id: number; version: number; state: number; number: string };

/** The server half of a bill's confirmation: the user's bills (tenant and data scope), checked and written by the engine. */
export const billMachine: Machine<BillMachineRow> = {
  view: billStates,
  table: bills,
  stateKey: "state",
  load: (scope, ids) =>
    scope.db
      .select({ id: bills.id, version: bills.version, state: bills.state, number: bills.number })
      .from(bills)
      .where(tenantWhere(bills, scope, inArray(bills.id, ids), visibleOrgRowWhere(scope, bills.orgId))),
  label: (r) => r.number,
  missing: { message: "bills:notFound", status: 404 },
  set: (scope, _t, _input, now) => ({ confirmedBy: scope.user.id, confirmedAt: now }),
  // every proposal decided, the items whole (a bill with no item is confirmed only at 0)
  plan: async (scope, _t, rows): Promise<Plan | Refusal> => {
    const [check] = await scope.db
      .select({ open: sql<number>`(select count(*) from bill_proposals p where p.bill_id = bills.id and p.state = ${PROPOSAL_STATE.open})`, whole: billItemsWhole })
      .from(bills)
      .where(tenantWhere(bills, scope, eq(bills.id, rows[0]!.id)));
    if (check && check.open > 0) return { message: `bills:proposalsOpen|${check.open}`, status: 409 };
    if (!check?.whole) return { message: "bills:itemsIncomplete", status: 409 };
    return {};
  },
  // the items checked again in the write: a bill is never confirmed without them
  where: () => billItemsWhole,
};

/**
 * Confirms a draft bill through the engine (billMachine): every proposal decided first, and its items whole. Once
 * confirmed it is never changed.
 */
export async function confirmBill(scope: RequestScope, billId: number): Promise<BillOutcome> {
  const result = await runTransition(scope, billMachine, "confirm", [billId], {});
  if (result.ok) return { ok: true };
  // a bill changed meanwhile is worded as the bill page words it
  if ((result.refusal.message as string) === STALE) return refuse(409, "bills:stale");
  return { ok: false, status: result.refusal.status, message: result.refusal.message };
}

/**
 * The largest charge one adjustment may add: ¥10,000,000.00, far above any one period's correction, so a slip of
 * the keyboard (or a script) cannot put a figure on a customer's account that no report can add up.
 */
export const ADJUSTMENT_CEILING_CENTS = 1_000_000_000;

/**
 * A correction of a confirmed bill: an adjustment bill of one item (a charge or, negative, a credit) with its reason,
 * numbered after the bill (…-A1, -A2), confirmed as it is made, taxed at the bill's rate.
 */
export async function adjustBill(scope: RequestScope, billId: number, amountCents: number, reason: string, alongside: (made: SQL) => CommandStep[] = () => []): Promise<BillOutcome<{ id: number }>> {
  const text = cleanLine(reason).trim();
  if (!Number.isSafeInteger(amountCents) || amountCents === 0) return refuse(400, "bills:adjustmentAmount");
  if (amountCents > ADJUSTMENT_CEILING_CENTS) return refuse(400, `bills:adjustmentCeiling|${formatCents(ADJUSTMENT_CEILING_CENTS)}`);
  if (!text) return refuse(400, "bills:reasonRequired");
  if (text.length > 200) return refuse(400, "bills:reasonTooLong");
  const bill = await visibleBill(scope, billId);
  if (!bill) return refuse(404, "bills:notFound");
  if (bill.kind !== "regular") return refuse(409, "bills:adjustRegularOnly");
  if (bill.state === BILL_STATE.draft) return refuse(409, "bills:adjustConfirmedOnly");
  if (amountCents < 0) {
    // a credit takes back at most what the bill still charges after its earlier adjustments
    const [earlier] = await scope.db.select({ cents: sql<number>`coalesce(sum(${bills.amountCents}), 0)` }).from(bills).where(tenantWhere(bills, scope, eq(bills.adjustsId, billId)));
    const left = bill.amountCents + Number(earlier?.cents ?? 0);
    if (-amountCents > left) return refuse(400, `bills:adjustmentCredit|${formatCents(Math.max(left, 0))}`);
  }
  const now = Date.now();
  const taxCents = taxIncludedCents(amountCents, bill.taxRateBp);
  const next = sql`(select count(*) + 1 from ${bills} where ${bills.adjustsId} = ${billId} and ${ofTenant(bills, scope)})`;
  const [tenantRow] = await scope.db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, scope.user.tenantId));
  const today = todayInZone(tenantRow?.timeZone);
  // the head, its item, its confirmation, what the caller adds (a statement's answer) and the audit record in one batch
  // (one transaction): an adjustment is never seen without its item, nor without its record
  const made = sql`(select max(${bills.id}) from ${bills} where ${bills.adjustsId} = ${billId} and ${ofTenant(bills, scope)})`;
  const done = await runCommand(scope, [
    scope.db
      .insert(bills)
      .values(
        withTenant(scope, {
          orgId: bill.orgId,
          number: sql`${bill.number} || '-A' || ${next}`,
          kind: "adjustment" as const,
          contractId: bill.contractId,
          rootId: bill.rootId,
          customerId: bill.customerId,
          periodFrom: bill.periodFrom,
          periodTo: bill.periodTo,
          adjustsId: billId,
          amountCents,
          taxCents,
          taxRateBp: bill.taxRateBp,
          dueOn: today > bill.dueOn ? today : bill.dueOn,
          remark: text,
          creatorId: scope.user.id,
        }),
      )
      .returning({ id: bills.id }),
    scope.db
      .insert(billItems)
      .values(withTenant(scope, { billId: made, seq: 1, lineId: null, rule: "adjustment", quantity: "1", unit: "item", rateCents: amountCents, amountCents, taxRateBp: bill.taxRateBp, taxCents, basis: { adjusts: bill.number }, note: text })),
    scope.db
      .update(bills)
      .set({ state: BILL_STATE.confirmed, confirmedBy: scope.user.id, confirmedAt: now })
      .where(tenantWhere(bills, scope, sql`${bills.id} = ${made}`)),
    ...alongside(made),
  ], { entity: "bill", action: "adjust", id: billId, after: sql`json_object('adjustment', ${made}, 'amountCents', ${amountCents}, 'reason', ${text})` });
  if (!done.ok) return refuse(409, "resource:stale");
  const [inserted] = done.results[0] as { id: number }[];
  return { ok: true, id: inserted!.id };
}

/**
 * The contracts' draft bills priced again after new evidence was stored (an approved idle period, a repair's downtime).
 * The evidence is already stored: a run that fails here is the nightly run's to do again, not the user's error, so it
 * is logged with `why` and the others go on.
 */
export async function repriceContracts(scope: RequestScope, contractIds: Iterable<number>, why: string): Promise<void> {
  for (const contractId of new Set(contractIds)) {
    try {
      await runContractBills(scope, contractId);
    } catch (error) {
      console.error(`${why}: bills of contract ${contractId} not priced again`, error);
    }
  }
}

/** The run on demand for one contract the user may see (its periods closed by today, in the tenant's zone). */
export async function runContractBills(scope: RequestScope, contractId: number): Promise<BillOutcome<BillRunResult>> {
  const [contract] = await scope.db
    .select({ id: contracts.id, state: contracts.state, timeZone: tenants.timeZone })
    .from(contracts)
    .innerJoin(tenants, eq(tenants.id, contracts.tenantId))
    .where(tenantWhere(contracts, scope, eq(contracts.id, contractId), visibleOrgRowWhere(scope, contracts.orgId)));
  if (!contract) return refuse(404, "bills:contractNotFound");
  if (!(BILLED_STATES as readonly number[]).includes(contract.state)) return refuse(409, "bills:contractNotBilled");
  const result = await runBills(scope.db, { tenantId: scope.user.tenantId, timeZone: contract.timeZone, through: todayInZone(contract.timeZone), contractId, userId: scope.user.id });
  // the contract's data the run could not bill (logged with the error by the run): said in the user's language, not a 500
  const failed = result.failed?.[0];
  if (failed) return refuse(409, `bills:runFailed|${failed.number}`);
  return { ok: true, ...result };
}

/** A contract's bills (every revision's, adjustments too), newest period first: the contract document's bills tab. */
export async function contractBills(scope: RequestScope, contractId: number) {
  const root = sql`(select coalesce(c.root_id, c.id) from contracts c where c.id = ${contractId})`;
  return scope.db
    .select({ id: bills.id, number: bills.number, kind: bills.kind, periodFrom: bills.periodFrom, periodTo: bills.periodTo, dueOn: bills.dueOn, amountCents: bills.amountCents, paidCents: bills.paidCents, state: bills.state })
    .from(bills)
    .where(tenantWhere(bills, scope, sql`${bills.rootId} = ${root}`, visibleOrgRowWhere(scope, bills.orgId)))
    .orderBy(sql`${bills.periodTo} desc`, sql`${bills.id} desc`)
    .limit(200);
}
