/**
 * A draft bill priced again (the clerk's decision on a proposal, the run's re-evaluation of a draft on late evidence):
 * its items from its stored evidence, its accepted proposals and the contract's terms, written in one batch only while
 * it is still the same draft. No user: the caller has read the bill in its scope.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { batch, type Db } from "../../../db/client";
import { expectChanges, isGuardFailure } from "../../../db/guard";
import { billEvidence, billItems, billProposals, bills, contractFees, contractLines, contractPlans, contracts, outcarRecords } from "../../../db/schema";
import { PROPOSAL_STATE } from "../../../db/states";
import { ofTenant, tenantWhere, withTenant } from "../../../db/tenant";
import { contractItems, minTermOf, refuse, taxTermsOf, tripHours, type BillOutcome } from "./bill-terms";
import { BILL_STATE } from "./bills.resource";
import { decisionsOf, storedProposal, type Proposal } from "./evidence";
import { billPeriod } from "./periods";
import { billTotals, declaredFor, fixedPricePlan, priceLine } from "./pricing";
import { declaredIdle } from "./idle-period-store.server";
import type { BillItem, BillLineTerms, EvidenceDay } from "./types";

/** The terms the bill's lines are priced on, with an accepted on-rent or off-rent day from the fence in place of the contract's. */
function withFenceDates(line: BillLineTerms, accepted: readonly Proposal[]): BillLineTerms {
  const onRent = accepted.find((p) => p.lineId === line.id && p.kind === "onRent")?.day;
  const offRent = accepted.find((p) => p.lineId === line.id && p.kind === "offRent")?.day;
  return { ...line, onRentOn: onRent ?? line.onRentOn, offRentOn: offRent ?? line.offRentOn };
}

/** What a re-evaluation of the draft brings to its repricing: its evidence as it now stands, and the writes that store it. */
export interface DraftRefresh {
  evidence: readonly { lineId: number; days: readonly EvidenceDay[] }[];
  /** written in the repricing's own batch, behind its guard (the bill still the same draft) */
  writes: readonly PromiseLike<unknown>[];
}

/**
 * repriceBill's work on a bill already read (the clerk's, in their scope; or the run's, re-evaluating a draft on late
 * evidence): its items again from its evidence (stored, or the refresh's), accepted proposals and the contract's terms,
 * written in one batch (with the refresh's own writes) only while it is still the same draft.
 */
export async function repriceDraft(db: Db, tenantId: number, bill: typeof bills.$inferSelect, refresh?: DraftRefresh): Promise<BillOutcome> {
  const priced = await repricingWrites(db, tenantId, bill, { refresh });
  if (!priced.ok) return priced;
  try {
    await batch(db, priced.writes);
  } catch (error) {
    if (isGuardFailure(error)) return refuse(409, "bills:stale");
    throw error;
  }
  return { ok: true };
}

/**
 * The writes that price a draft again, for a batch of the caller's: the bill's amount behind its version (a bill
 * changed meanwhile rolls the whole batch back), its items anew. `decided` prices it as if those open proposals were
 * already accepted (true) or rejected (false): the decision's own batch carries its repricing (proposalMachine).
 */
export async function repricingWrites(db: Db, tenantId: number, bill: typeof bills.$inferSelect, o: PricingOptions = {}): Promise<BillOutcome<{ writes: [PromiseLike<unknown>, ...PromiseLike<unknown>[]] }>> {
  const billId = bill.id;
  if (bill.state !== BILL_STATE.draft || bill.kind !== "regular") return refuse(409, "bills:confirmedFixed");
  const priced = await pricedItems(db, tenantId, bill, o);
  if (!priced.ok) return priced;
  const { items } = priced;
  const totals = billTotals(items);
  return {
    ok: true,
    writes: [
      db
        .update(bills)
        .set({ amountCents: totals.amountCents, taxCents: totals.taxCents, version: sql`${bills.version} + 1`, updatedAt: Date.now() })
        .where(tenantWhere(bills, tenantId, eq(bills.id, billId), eq(bills.state, BILL_STATE.draft), eq(bills.version, bill.version))),
      expectChanges(db, 1),
      ...(o.refresh?.writes ?? []),
      db.delete(billItems).where(tenantWhere(billItems, tenantId, eq(billItems.billId, billId))),
      ...items.map((it, i) =>
        db.insert(billItems).values(
          withTenant(tenantId, { billId, seq: i + 1, lineId: it.lineId, rule: it.rule, quantity: it.quantity, unit: it.unit, rateCents: it.rateCents, amountCents: it.amountCents, taxRateBp: it.taxRateBp, taxCents: it.taxCents, basis: it.basis }),
        ),
      ),
    ],
  };
}

/** How a bill is priced again: its evidence as it now stands, open proposals taken as decided, proposals added. */
export interface PricingOptions {
  refresh?: DraftRefresh;
  decided?: ReadonlyMap<number, boolean>;
  added?: readonly Proposal[];
}

/**
 * A regular bill's items as its period prices now (any state: a confirmed one is priced to see what late evidence
 * would change, never rewritten): its evidence (stored, or the refresh's), its accepted proposals (and those decided
 * or added here), the contract's terms and its approved idle declarations; an accepted late adjustment (a proposal of
 * kind `late`, evidence that came after an earlier bill was confirmed) is its own adjustment item.
 */
export async function pricedItems(db: Db, tenantId: number, bill: typeof bills.$inferSelect, o: PricingOptions = {}): Promise<BillOutcome<{ items: BillItem[] }>> {
  const priced = await pricedVariants(db, tenantId, bill, o, [o.added ?? []]);
  return priced.ok ? { ok: true, items: priced.variants[0]! } : priced;
}

/**
 * `pricedItems` for several sets of added proposals at once, the bill's rows read once: what late evidence would
 * change, priced without any new finding and with each on its own (the bill run's late pass).
 */
export async function pricedVariants(db: Db, tenantId: number, bill: typeof bills.$inferSelect, o: Omit<PricingOptions, "added">, variants: readonly (readonly Proposal[])[]): Promise<BillOutcome<{ variants: BillItem[][] }>> {
  const { refresh, decided } = o;
  const billId = bill.id;
  const [contractRows, lineRows, evidenceRows, proposalRows, feeRows, planRows, previousRows, tripRows, declaredRows] = await batch(db, [
    db.select().from(contracts).where(tenantWhere(contracts, tenantId, eq(contracts.id, bill.contractId))),
    db.select().from(contractLines).where(tenantWhere(contractLines, tenantId, eq(contractLines.contractId, bill.contractId))).orderBy(asc(contractLines.lineNo)),
    db.select().from(billEvidence).where(and(eq(billEvidence.billId, billId), ofTenant(billEvidence, tenantId))).orderBy(asc(billEvidence.day)),
    db.select().from(billProposals).where(tenantWhere(billProposals, tenantId, eq(billProposals.billId, billId), decided?.size ? inArray(billProposals.state, [PROPOSAL_STATE.accepted, PROPOSAL_STATE.open]) : eq(billProposals.state, PROPOSAL_STATE.accepted))),
    db.select().from(contractFees).where(tenantWhere(contractFees, tenantId, eq(contractFees.contractId, bill.contractId))),
    db
      .select({ seq: contractPlans.seq, dueOn: contractPlans.dueOn, amountCents: contractPlans.amountCents })
      .from(contractPlans)
      .where(tenantWhere(contractPlans, tenantId, eq(contractPlans.contractId, bill.contractId))),
    // the due day of the contract's bill before this one: a fixed price's instalments after it come on this bill
    db
      .select({ dueOn: sql<string | null>`max(${bills.dueOn})` })
      .from(bills)
      .where(tenantWhere(bills, tenantId, eq(bills.rootId, bill.rootId), eq(bills.kind, "regular"), sql`${bills.periodFrom} < ${bill.periodFrom}`)),
    db
      .select({ id: outcarRecords.id, lineId: outcarRecords.lineId, tripOn: outcarRecords.tripOn, departAt: outcarRecords.departAt, returnAt: outcarRecords.returnAt, hoursStart: outcarRecords.engineHoursStart, hoursEnd: outcarRecords.engineHoursEnd })
      .from(outcarRecords)
      .where(tenantWhere(outcarRecords, tenantId, eq(outcarRecords.contractId, bill.contractId), sql`${outcarRecords.tripOn} between ${bill.periodFrom} and ${bill.periodTo}`)),
    declaredIdle(db, tenantId, [bill.contractId], bill.periodFrom, bill.periodTo),
  ]);
  const contract = contractRows[0];
  if (!contract) return refuse(404, "bills:notFound");
  const decisions: Proposal[] = proposalRows.filter((p) => decided?.get(p.id) ?? p.state === PROPOSAL_STATE.accepted).map(storedProposal);
  const period = billPeriod(contract, { from: bill.periodFrom, to: bill.periodTo, final: bill.final === 1 });
  // the bill's own rate (an amendment keeps what the bill was made at), the contract's way of carrying it
  const tax = { ...taxTermsOf(contract), rateBp: bill.taxRateBp };
  const minTerm = minTermOf(contract, period);
  const plan = fixedPricePlan(contract, planRows);
  const evidenceOf = (lineId: number): EvidenceDay[] =>
    refresh
      ? [...(refresh.evidence.find((e) => e.lineId === lineId)?.days ?? [])]
      : evidenceRows.filter((e) => e.lineId === lineId).map((e) => ({ day: e.day, engineHours: e.engineHours, km: e.km, onSiteMinutes: e.onSiteMinutes, faultMinutes: e.faultMinutes, noData: e.noData === 1, calls: e.calls }));
  // each variant: the decisions, and what it adds (the clerk's own days, a late finding)
  const priceWith = (added: readonly Proposal[]): BillItem[] => {
    const accepted = [...decisions, ...added];
    const items: BillItem[] = [];
    // a fixed price: no line is priced, whatever was accepted (the run proposes nothing for it)
    for (const row of plan ? [] : lineRows) {
      const line = withFenceDates(row as BillLineTerms, accepted);
      const days = evidenceOf(row.id);
      const calls = tripRows.filter((t) => t.lineId === row.id).map((t) => ({ id: t.id, day: t.tripOn, hours: tripHours(t) }));
      const mine = accepted.filter((p) => p.lineId === row.id);
      const declared = declaredFor(declaredRows, bill.contractId, row.lineNo, period);
      items.push(...priceLine({ line, period, tax, evidence: days, calls, decisions: mine.length ? decisionsOf(mine) : undefined, minTerm, declared }));
    }
    items.push(...contractItems(contract, feeRows, plan ? { plan, previousDueOn: previousRows[0]?.dueOn ?? null, dueOn: bill.dueOn } : null, period, tax));
    items.push(...lateItems(accepted, bill.taxRateBp));
    return items;
  };
  return { ok: true, variants: variants.map(priceWith) };
}

/** The accepted late adjustments as items: each the difference its evidence makes to the confirmed bill it names. */
function lateItems(accepted: readonly Proposal[], taxRateBp: number): BillItem[] {
  return accepted
    .filter((p) => p.kind === "late" && typeof p.basis.amountCents === "number")
    .map((p) => {
      const amount = Number(p.basis.amountCents);
      return { lineId: p.lineId || null, rule: "adjustment" as const, quantity: "1", unit: "item" as const, rateCents: amount, amountCents: amount, taxRateBp, taxCents: Number(p.basis.taxCents ?? 0), basis: { adjusts: String(p.basis.forBill ?? ""), late: String(p.basis.of ?? "") } };
    });
}

