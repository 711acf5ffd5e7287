/**
 * The bill run (issue 26 §1): every contract in force or ended gets a bill for each period that has closed and has none
 * yet: its lines priced (pricing.ts) with the day-by-day telemetry behind them (evidence.ts) and what that evidence
 * proposes for the clerk. It runs from the cron for every tenant (workers/jobs/bills.ts) and on demand for one contract.
 *
 * Idempotent: a period that has a regular bill is skipped, and the unique index on (tenant, contract root, period
 * start) drops a bill a concurrent run made first (`on conflict do nothing`; its items are then not written). A
 * confirmed bill is never touched here; drafts are repriced by the clerk's decisions (bill.server.ts).
 *
 * Whole or not at all: a bill's head is written in the same batch (one transaction) as its items, evidence and
 * proposals, so a run cut short (a crash, a failed statement) leaves each bill whole or absent. A draft an earlier run
 * left half-done (`halfDoneBill`) is removed and its period billed again.
 *
 * One contract's failure (data the run cannot read, a statement refused) is recorded in the answer (`failed`: which
 * contract, the error) and never stops the others.
 *
 * A fixed price (包租, a project with a fixed price, 以租代售) is billed by its payment plan's instalments, not from its
 * lines: its machines' evidence is kept, but nothing is proposed (whatever the use, the price stands).
 *
 * It works in chunks of contracts: one batch reads the chunk's lines, fees, plans, trips, daily roll-ups and alarms,
 * then one batch per group of whole bills writes their heads, items, evidence and proposals (JSON rows through
 * json_each: D1 binds at most 100 parameters a statement).
 */
import { eq, gte, inArray, lt, ne, sql, type SQL } from "drizzle-orm";
import { alias, SQLiteAsyncDialect, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import { addDays } from "~/lib/calendar";
import { dayOf } from "~/lib/tenant-clock";
import { daysToMs } from "~/lib/tenant-days";
import { batch, changedRows, d1Binding, declaredAs, idList, type Db } from "../../../db/client";
import { alarms, billEvidence, billItems, billProposals, bills, contractFees, contractLines, contractPlans, contracts, outcarRecords, vehicleDaily } from "../../../db/schema";
import { ofTenant, sameTenant, tenantOfOuter, tenantWhere, withTenant } from "../../../db/tenant";
import { evidenceDays, faultMinutesByDay, mergeProposals, onSiteMinutesByDay, proposalsFor, storedProposal, type Proposal } from "./evidence";
import { pricedVariants, repriceDraft } from "./reprice.server";
import { PROPOSAL_STATE } from "../../../db/states";
import { billPeriod, duePeriods, isWholeMonth, previousDueDays, type DuePeriod } from "./periods";
import { isFixedPrice } from "../contracts/value";
import { allowanceOvertimeHours, billTotals, declaredDays, declaredFor, fixedPricePlan, priceLine } from "./pricing";
import { declaredIdle, idlePeriodLines, idlePeriods } from "./idle-period-store.server";
import { repairDowntimeRead } from "~/modules/repairs/downtime.server";
import { repairOrders } from "~/modules/repairs/tables.server";
import type { BillItem, BillLineTerms, Call, EvidenceDay } from "./types";
import { CONTRACT_STATE } from "~/modules/contracts/contracts.resource";
import { BILL_STATE } from "./bills.resource";
import { IDLE_STATE } from "./idle-period.resource";
import { contractItems, endedOf, minTermOf, taxTermsOf, tripHours } from "./bill-terms";

export { contractItems, minTermOf, taxTermsOf, tripHours };

/** The states a contract is billed in: in force, completed, stopped, terminated early. */
export const BILLED_STATES = [CONTRACT_STATE.executing, CONTRACT_STATE.completed, CONTRACT_STATE.stopped, CONTRACT_STATE.terminated] as const;

const CHUNK = 100;
const ids = (list: readonly number[]) => sql`(select value from json_each(${JSON.stringify(list)}))`;

export interface BillRunOptions {
  tenantId: number;
  timeZone: string;
  /** the last day that may be billed: periods ending on or before it are (the cron: the tenant's yesterday, a day complete) */
  through: string;
  /** one contract (its root id, or any revision's id): the on-demand run */
  contractId?: number;
  /** who asked; null: the cron */
  userId?: number | null;
}

/** A contract the run could not bill: its id and number, and the error (the others were billed). */
export interface BillRunFailure {
  contractId: number;
  number: string;
  error: string;
}

export interface BillRunResult {
  contracts: number;
  bills: number;
  /** drafts re-evaluated on evidence that came or changed since they were made (present when any) */
  refreshed?: number;
  /** late adjustments proposed on next drafts for evidence that came after a bill was confirmed (present when any) */
  late?: number;
  /** present when some contract could not be billed */
  failed?: BillRunFailure[];
}

type ContractRow = Awaited<ReturnType<typeof billableContracts>>[number];
type LineRow = BillLineTerms & { contractId: number; vehicleId: number | null };
type FeeRow = { id: number; contractId: number; lineId: number | null; kind: string; amountCents: number; feeOn: string | null };

function billableContracts(db: Db, o: BillRunOptions) {
  const root = sql<number>`coalesce(${contracts.rootId}, ${contracts.id})`;
  return db
    .select({
      id: contracts.id,
      rootId: root.as("root"),
      number: contracts.number,
      kind: contracts.kind,
      orgId: contracts.orgId,
      customerId: contracts.customerId,
      startOn: contracts.startOn,
      endedOn: contracts.endedOn,
      state: contracts.state,
      minTermDays: contracts.minTermDays,
      minTermMonths: contracts.minTermMonths,
      minTermClause: contracts.minTermClause,
      dayCount: contracts.dayCount,
      priceTax: contracts.priceTax,
      settlementDay: contracts.settlementDay,
      paymentDays: contracts.paymentDays,
      depositCents: contracts.depositCents,
      fixedCents: contracts.fixedCents,
      purchaseCents: contracts.purchaseCents,
      plannedEndOn: contracts.plannedEndOn,
      taxRateBp: contracts.taxRateBp,
      siteFenceId: contracts.siteFenceId,
      fenceRentDates: contracts.fenceRentDates,
    })
    .from(contracts)
    .where(
      tenantWhere(
        contracts,
        o.tenantId,
        eq(contracts.current, 1),
        inArray(contracts.state, [...BILLED_STATES]),
        ne(contracts.kind, "subcontract"),
        sql`${contracts.customerId} is not null`,
        o.contractId === undefined ? undefined : sql`${root} = (select coalesce(c.root_id, c.id) from contracts c where c.id = ${o.contractId})`,
      ),
    )
    .orderBy(contracts.id);
}

/** A regular bill's due day: the payment days after its period. */
const dueOnOf = (c: Pick<ContractRow, "paymentDays">, period: Pick<DuePeriod, "to">) => addDays(period.to, c.paymentDays);

/** The tenant's local hour the cron bills at: its day complete, its staff not yet at work. */
export const BILL_RUN_HOUR = 2;

/** The cron's `through` for a tenant at a moment: its yesterday when its local hour is BILL_RUN_HOUR, else null (not its hour). */
export function billRunThrough(ms: number, timeZone: string): string | null {
  const hour = Number(new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", hourCycle: "h23" }).format(ms));
  return hour === BILL_RUN_HOUR ? addDays(dayOf(ms, timeZone), -1) : null;
}

/**
 * Whether a bill's items add up to its amount: the sum of its items, or with none, 0 only when it carries proposals
 * (a period whose only use is outside the rent days bills nothing until the clerk accepts). A bill with no item and no
 * proposal, or with items that do not make its amount, is not whole and is never confirmed.
 */
// raw and qualified: in a single-table select drizzle writes a field's columns unqualified, which a subquery would read
// as its own table's
export const billItemsWhole = sql<number>`${sql.raw(`(coalesce((select sum(i.amount_cents) from bill_items i where i.bill_id = bills.id), case when exists (select 1 from bill_proposals p where p.bill_id = bills.id) then 0 end) is bills.amount_cents)`)}`;

/**
 * A regular draft an earlier run left half-done (a run before bills were written whole, cut short between its
 * batches): no proposal (they were written last), and its items missing or not making its amount, or no day of
 * evidence though its contract has a machine (every line with a machine has a row a day). The run removes it and bills
 * the period again; a clerk had decided nothing on it.
 */
const halfDoneBill = sql<number>`${sql.raw(`(bills.state = ${BILL_STATE.draft} and not exists (select 1 from bill_proposals p where p.bill_id = bills.id) and (not `)}${billItemsWhole}${sql.raw(` or (not exists (select 1 from bill_evidence e where e.bill_id = bills.id) and exists (select 1 from contract_lines l where l.contract_id = bills.contract_id and l.vehicle_id is not null))))`)}`;

/**
 * A draft whose evidence may have changed since it was made: a roll-up of its machines in its period written since, an
 * alarm of them (a fault, a fence entry or exit) reported or handled since, about its period (a day's margin for the
 * zone), an out-car record of its contract in its period entered or edited since, an idle declaration of its
 * contract's lines about its period approved since, or a repair order of its machines whose downtime meets its period
 * saved or moved since (设备维修: downtime is fault time). Only these are re-evaluated: a
 * second run over 10,000 untouched drafts reads nothing more.
 */
const lineOf = alias(contractLines, "l");
const dailyOf = alias(vehicleDaily, "d");
const alarmOf = alias(alarms, "a");
const outcarOf = alias(outcarRecords, "o");
const declarationOf = alias(idlePeriods, "ip");
const declaredLineOf = alias(idlePeriodLines, "il");
const declaredOnOf = alias(contractLines, "dl");
const declaredContractOf = alias(contracts, "dc");
const repairOf = alias(repairOrders, "ro");
/** The end of a day column as epoch ms (UTC) plus a day, and its start less a day: the zone's day, with a margin. */
const endsAfterMs = (day: SQLiteColumn) => sql`(julianday(${day}) - 2440586.5 + 1) * 86400000`;
const startsBeforeMs = (day: SQLiteColumn) => sql`(julianday(${day}) - 2440587.5 - 1) * 86400000`;
// a where condition (not a selected field): there drizzle names every column by its table, so the aliases and the outer
// bill stay apart
/** `lateEvidence` measured from a bill's column (its making; for a confirmed bill, its confirmation). */
const evidenceSince = (at: SQLiteColumn) => sql`(
  exists (select 1 from ${contractLines} ${sql.identifier("l")} join ${vehicleDaily} ${sql.identifier("d")} on ${dailyOf.vehicleId} = ${lineOf.vehicleId} and ${sameTenant(dailyOf, lineOf)} where ${lineOf.contractId} = ${bills.contractId} and ${tenantOfOuter(lineOf, bills)} and ${dailyOf.day} between ${bills.periodFrom} and ${bills.periodTo} and ${dailyOf.updatedAt} >= ${at})
  or exists (select 1 from ${contractLines} ${sql.identifier("l")} join ${alarms} ${sql.identifier("a")} on ${alarmOf.vehicleId} = ${lineOf.vehicleId} and ${sameTenant(alarmOf, lineOf)} where ${lineOf.contractId} = ${bills.contractId} and ${tenantOfOuter(lineOf, bills)} and (${alarmOf.createdAt} >= ${at} or ${alarmOf.handledAt} >= ${at}) and ${alarmOf.at} < ${endsAfterMs(bills.periodTo)} and coalesce(${alarmOf.handledAt}, ${alarmOf.at}) >= ${startsBeforeMs(bills.periodFrom)})
  or exists (select 1 from ${contractLines} ${sql.identifier("l")} join ${repairOrders} ${sql.identifier("ro")} on ${repairOf.vehicleId} = ${lineOf.vehicleId} and ${sameTenant(repairOf, lineOf)} where ${lineOf.contractId} = ${bills.contractId} and ${tenantOfOuter(lineOf, bills)} and ${repairOf.updatedAt} >= ${at} and ${repairOf.downFrom} < ${endsAfterMs(bills.periodTo)} and coalesce(${repairOf.downTo}, ${endsAfterMs(bills.periodTo)}) >= ${startsBeforeMs(bills.periodFrom)})
  or exists (select 1 from ${outcarRecords} ${sql.identifier("o")} where ${outcarOf.contractId} = ${bills.contractId} and ${tenantOfOuter(outcarOf, bills)} and ${outcarOf.tripOn} between ${bills.periodFrom} and ${bills.periodTo} and ${outcarOf.updatedAt} >= ${at})
  or exists (select 1 from ${idlePeriods} ${sql.identifier("ip")} join ${idlePeriodLines} ${sql.identifier("il")} on ${declaredLineOf.periodId} = ${declarationOf.id} and ${sameTenant(declaredLineOf, declarationOf)} join ${contractLines} ${sql.identifier("dl")} on ${declaredOnOf.id} = ${declaredLineOf.lineId} and ${sameTenant(declaredOnOf, declaredLineOf)} join ${contracts} ${sql.identifier("dc")} on ${declaredContractOf.id} = ${declaredOnOf.contractId} and ${sameTenant(declaredContractOf, declaredOnOf)} where coalesce(${declaredContractOf.rootId}, ${declaredContractOf.id}) = ${bills.rootId} and ${tenantOfOuter(declarationOf, bills)} and ${declarationOf.state} = ${IDLE_STATE.approved} and ${declarationOf.updatedAt} >= ${at} and ${declarationOf.fromOn} <= ${bills.periodTo} and ${declarationOf.toOn} >= ${bills.periodFrom}))`;
const lateEvidence = evidenceSince(bills.createdAt);

/** Of the given drafts, those whose evidence may have changed since they were made (`lateEvidence`). */
async function draftsWithLateEvidence(db: Db, tenantId: number, drafts: number[]): Promise<number[]> {
  if (!drafts.length) return [];
  const rows = await db.select({ id: bills.id }).from(bills).where(tenantWhere(bills, tenantId, inArray(bills.id, ids(drafts)), lateEvidence));
  return rows.map((r) => r.id);
}

const failureOf = (c: Pick<ContractRow, "id" | "number">, error: unknown): BillRunFailure => ({ contractId: c.id, number: c.number, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });

/** Runs the bills of a tenant (or of one contract) through `through`. */
export async function runBills(db: Db, o: BillRunOptions): Promise<BillRunResult> {
  const all = await billableContracts(db, o);
  const tally = { bills: 0, refreshed: 0, late: 0 };
  const failed: BillRunFailure[] = [];
  let touched = 0;
  for (let i = 0; i < all.length; i += CHUNK) {
    const chunk = all.slice(i, i + CHUNK);
    const found = await db
      .select({ id: bills.id, rootId: bills.rootId, periodFrom: bills.periodFrom, dueOn: bills.dueOn, state: bills.state, halfDone: halfDoneBill.as("half_done") })
      .from(bills)
      .where(tenantWhere(bills, o.tenantId, eq(bills.kind, "regular"), inArray(bills.rootId, ids(chunk.map((c) => c.rootId)))));
    const halfDone = found.filter((b) => b.halfDone).map((b) => b.id);
    if (halfDone.length) await removeHalfDone(db, o.tenantId, halfDone);
    const billed = found.filter((b) => !b.halfDone);
    // the drafts already made: evidence may have come or changed since (a fault closed later, an out-car record
    // entered late, a roll-up corrected)
    const drafts = await draftsWithLateEvidence(db, o.tenantId, billed.filter((b) => b.state === BILL_STATE.draft).map((b) => b.id));
    if (drafts.length) tally.refreshed += await refreshDrafts(db, o, chunk, drafts, failed);
    const have = new Set(billed.map((b) => `${b.rootId}|${b.periodFrom}`));
    // a fixed price's next bill takes the instalments falling due after the due day of its bill before
    const madeBy = new Map<number, typeof billed>();
    for (const b of billed) {
      const list = madeBy.get(b.rootId);
      if (list) list.push(b);
      else madeBy.set(b.rootId, [b]);
    }
    const work: Work[] = [];
    for (const c of chunk) {
      try {
        const periods = duePeriods({ kind: c.kind, startOn: c.startOn, endedOn: endedOf(c), settlementDay: c.settlementDay }, o.through).filter((p) => !have.has(`${c.rootId}|${p.from}`));
        if (periods.length) work.push({ contract: c, periods, previousDueOn: isFixedPrice(c) ? previousDueDays(periods, madeBy.get(c.rootId) ?? [], c.paymentDays) : [] });
      } catch (error) {
        failed.push(failureOf(c, error));
      }
    }
    if (work.length) {
      touched += work.length;
      await billEach(db, o, work, tally, failed);
    }
    tally.late += await lateAdjustments(db, o, chunk, failed);
  }
  return { contracts: touched, bills: tally.bills, ...(tally.refreshed ? { refreshed: tally.refreshed } : {}), ...(tally.late ? { late: tally.late } : {}), ...(failed.length ? { failed } : {}) };
}

/** A stored bill's period as the run prices it. */
const periodOf = (h: Pick<typeof bills.$inferSelect, "periodFrom" | "periodTo" | "final">, c: ContractRow): DuePeriod => ({ from: h.periodFrom, to: h.periodTo, wholeMonth: isWholeMonth(c.kind, c.settlementDay, h.periodFrom, h.periodTo), final: h.final === 1 });

/** A bill's stored proposals the evidence is merged with (a late adjustment is another period's, it stays as it is). */
const heldFor = (stored: readonly (typeof billProposals.$inferSelect)[], billId: number) => stored.filter((p) => p.billId === billId && p.kind !== "late").map(storedProposal);

/** Two evidence days alike (the real columns read back as they were written, within a rounding of their last place). */
const close = (a: number | null, b: number | null) => (a === null || b === null ? a === b : Math.abs(a - b) < 1e-6);
const sameDay = (a: EvidenceDay, b: typeof billEvidence.$inferSelect) =>
  a.day === b.day && close(a.engineHours, b.engineHours) && close(a.km, b.km) && close(a.onSiteMinutes, b.onSiteMinutes) && close(a.faultMinutes, b.faultMinutes) && (a.noData ? 1 : 0) === b.noData && (a.calls ?? 0) === b.calls;

/**
 * Re-evaluates the chunk's drafts on the evidence as it now stands (Rental III §2, late evidence): a draft whose
 * evidence changed gets it stored anew, its open proposals replaced by what the evidence now proposes beyond the clerk's
 * decisions (mergeProposals: decided ones stay decided), and its items repriced, all in one batch while it is still the
 * same draft. A draft of an earlier revision (the contract amended since) stays as it was made. Answers how many changed.
 */
async function refreshDrafts(db: Db, o: BillRunOptions, chunk: readonly ContractRow[], draftIds: readonly number[], failed: BillRunFailure[]): Promise<number> {
  const [heads, storedEvidence, storedProposals] = await batch(db, [
    db.select().from(bills).where(tenantWhere(bills, o.tenantId, inArray(bills.id, idList(draftIds)), eq(bills.state, BILL_STATE.draft))),
    db.select().from(billEvidence).where(tenantWhere(billEvidence, o.tenantId, inArray(billEvidence.billId, idList(draftIds)))),
    db.select().from(billProposals).where(tenantWhere(billProposals, o.tenantId, inArray(billProposals.billId, idList(draftIds)))),
  ]);
  const contractOf = new Map(chunk.map((c) => [c.id, c]));
  const work: Work[] = [];
  for (const h of heads) {
    const c = contractOf.get(h.contractId);
    if (!c) continue;
    const w = work.find((x) => x.contract.id === c.id);
    if (w) w.periods.push(periodOf(h, c));
    else work.push({ contract: c, periods: [periodOf(h, c)], previousDueOn: [] });
  }
  if (!work.length) return 0;
  const data = await readChunk(db, o, work);
  let changed = 0;
  for (const h of heads) {
    const c = contractOf.get(h.contractId);
    if (!c) continue;
    const fresh = draftBill(o, c, periodOf(h, c), data);
    const before = storedEvidence.filter((e) => e.billId === h.id);
    const after = fresh.evidence.flatMap((e) => e.days.map((d) => ({ lineId: e.lineId, d })));
    const evidenceChanged = before.length !== after.length || after.some(({ lineId, d }) => !before.some((b) => b.lineId === lineId && sameDay(d, b)));
    const held = heldFor(storedProposals, h.id);
    const merged = mergeProposals(fresh.proposals, held);
    // an idle declaration approved since changes the price by itself
    const declared = data.declared.some((d) => d.contractId === c.id && d.fromOn <= h.periodTo && d.toOn >= h.periodFrom);
    if (!evidenceChanged && !merged.add.length && !merged.drop.length && !declared) continue;
    const writes: PromiseLike<unknown>[] = [];
    if (evidenceChanged) {
      writes.push(db.delete(billEvidence).where(tenantWhere(billEvidence, o.tenantId, eq(billEvidence.billId, h.id))));
      // D1 binds at most 100 parameters a statement: 10 columns a row
      for (let i = 0; i < after.length; i += 9)
        writes.push(
          db.insert(billEvidence).values(
            after.slice(i, i + 9).map(({ lineId, d }) => withTenant(o.tenantId, { billId: h.id, lineId, day: d.day, engineHours: d.engineHours, km: d.km, onSiteMinutes: d.onSiteMinutes, faultMinutes: d.faultMinutes, noData: d.noData ? 1 : 0, calls: d.calls ?? 0 })),
          ),
        );
    }
    if (merged.drop.length) writes.push(db.delete(billProposals).where(tenantWhere(billProposals, o.tenantId, inArray(billProposals.id, idList(merged.drop)), eq(billProposals.state, PROPOSAL_STATE.open))));
    for (const p of merged.add) writes.push(db.insert(billProposals).values(withTenant(o.tenantId, { billId: h.id, lineId: p.lineId, kind: p.kind, days: p.days, hours: p.hours ?? null, day: p.day ?? null, basis: p.basis })));
    try {
      const done = await repriceDraft(db, o.tenantId, h, { evidence: fresh.evidence, writes });
      if (done.ok) changed++;
    } catch (error) {
      console.error(`bill run: draft ${h.number} of tenant ${o.tenantId} not re-evaluated`, error);
      failed.push(failureOf(c, error));
    }
  }
  return changed;
}

const nextDraft = alias(bills, "nb");
/** A confirmed bill of a contract that has a later draft: where late evidence about it can still be proposed. */
const hasNextDraft = sql`exists (select 1 from ${bills} ${sql.identifier("nb")} where ${nextDraft.rootId} = ${bills.rootId} and ${tenantOfOuter(nextDraft, bills)} and ${nextDraft.kind} = 'regular' and ${nextDraft.state} = ${BILL_STATE.draft} and ${nextDraft.periodFrom} > ${bills.periodTo})`;
/** The confirmed bills the late pass reads at most per chunk of contracts (the newest confirmations first). */
const LATE_MAX = 50;

/**
 * Evidence that came after a bill was confirmed (Rental III §2): a confirmed bill never changes, so what the evidence
 * now says of its period is proposed on the contract's next draft, as a `late` proposal the clerk accepts (an
 * adjustment item of that amount on the draft) or rejects: one a new proposal the evidence makes for the period (a fault
 * reported late: its deduction), and one for what the changed evidence alone changes (an out-car record entered late
 * on a 台班 line, a declared idle period approved late). Each amount is the period priced now less the bill as
 * confirmed and what earlier late adjustments of it accepted. A proposal already made, accepted or rejected is not made
 * again; an open one the evidence no longer supports is withdrawn. Answers how many were proposed.
 */
async function lateAdjustments(db: Db, o: BillRunOptions, chunk: readonly ContractRow[], failed: BillRunFailure[]): Promise<number> {
  const roots = chunk.map((c) => c.rootId);
  const confirmed = await db
    .select()
    .from(bills)
    .where(tenantWhere(bills, o.tenantId, eq(bills.kind, "regular"), ne(bills.state, BILL_STATE.draft), inArray(bills.rootId, ids(roots)), sql`${bills.confirmedAt} is not null`, evidenceSince(bills.confirmedAt), hasNextDraft))
    .orderBy(sql`${bills.confirmedAt} desc`)
    .limit(LATE_MAX);
  if (!confirmed.length) return 0;
  const contractOf = new Map(chunk.map((c) => [c.id, c]));
  const mine = confirmed.filter((h) => contractOf.has(h.contractId));
  if (!mine.length) return 0;
  const work: Work[] = mine.map((h) => ({ contract: contractOf.get(h.contractId)!, periods: [periodOf(h, contractOf.get(h.contractId)!)], previousDueOn: [] }));
  const [data, stored, drafts] = await Promise.all([
    readChunk(db, o, work),
    db.select().from(billProposals).where(tenantWhere(billProposals, o.tenantId, inArray(billProposals.billId, sql`(select ${bills.id} from ${bills} where ${inArray(bills.rootId, ids(mine.map((h) => h.rootId)))} and ${ofTenant(bills, o.tenantId)})`))),
    db
      .select({ id: bills.id, rootId: bills.rootId, periodFrom: bills.periodFrom })
      .from(bills)
      .where(tenantWhere(bills, o.tenantId, eq(bills.kind, "regular"), eq(bills.state, BILL_STATE.draft), inArray(bills.rootId, ids(mine.map((h) => h.rootId)))))
      .orderBy(bills.periodFrom),
  ]);
  let proposed = 0;
  for (const h of mine) {
    const c = contractOf.get(h.contractId)!;
    const target = drafts.find((d) => d.rootId === h.rootId && d.periodFrom > h.periodTo);
    if (!target) continue;
    try {
      const fresh = draftBill(o, c, periodOf(h, c), data);
      const held = heldFor(stored, h.id);
      const added = mergeProposals(fresh.proposals, held).add;
      // the period as it prices now, and with each new finding on its own: the bill's rows read once
      const priced = await pricedVariants(db, o.tenantId, h, { refresh: { evidence: fresh.evidence, writes: [] } }, [[], ...added.map((p) => [p])]);
      if (!priced.ok) continue;
      const totals = priced.variants.map(billTotals);
      const [now, withEach] = [totals[0]!, totals.slice(1)];
      const lateOf = stored.filter((p) => p.kind === "late" && p.basis?.forBill === h.number);
      // what the changed evidence alone was already adjusted by (a proposal's own adjustment is matched as itself)
      const taken = lateOf.filter((p) => p.state === PROPOSAL_STATE.accepted && p.basis?.of === "evidence");
      const takenAmount = taken.reduce((sum, p) => sum + Number(p.basis?.amountCents ?? 0), 0);
      const takenTax = taken.reduce((sum, p) => sum + Number(p.basis?.taxCents ?? 0), 0);
      const wanted: Proposal[] = [];
      const amountCents = now.amountCents - h.amountCents - takenAmount;
      if (amountCents !== 0) wanted.push({ lineId: fresh.evidence[0]?.lineId ?? 0, kind: "late", days: [], basis: { forBill: h.number, of: "evidence", amountCents, taxCents: now.taxCents - h.taxCents - takenTax } });
      added.forEach((p, i) => {
        const t = withEach[i]!;
        if (t.amountCents !== now.amountCents) wanted.push({ lineId: p.lineId, kind: "late", days: p.days, hours: p.hours, basis: { forBill: h.number, of: p.kind, amountCents: t.amountCents - now.amountCents, taxCents: t.taxCents - now.taxCents } });
      });
      const same = (a: { lineId: number; days: readonly string[]; basis: Record<string, string | number> | null }, b: Proposal) => a.lineId === b.lineId && a.basis?.of === b.basis.of && a.basis?.amountCents === b.basis.amountCents && a.days.join() === b.days.join();
      const add = wanted.filter((w) => !lateOf.some((p) => same(p, w)));
      const drop = lateOf.filter((p) => p.state === PROPOSAL_STATE.open && !wanted.some((w) => same(p, w))).map((p) => p.id);
      if (!add.length && !drop.length) continue;
      const writes: PromiseLike<unknown>[] = [];
      if (drop.length) writes.push(db.delete(billProposals).where(tenantWhere(billProposals, o.tenantId, inArray(billProposals.id, idList(drop)), eq(billProposals.state, PROPOSAL_STATE.open))));
      for (const p of add) writes.push(db.insert(billProposals).values(withTenant(o.tenantId, { billId: target.id, lineId: p.lineId, kind: p.kind, days: [...p.days], hours: p.hours ?? null, day: null, basis: p.basis })));
      await batch(db, writes as [PromiseLike<unknown>, ...PromiseLike<unknown>[]]);
      proposed += add.length;
    } catch (error) {
      console.error(`bill run: late evidence of ${h.number} of tenant ${o.tenantId} not proposed`, error);
      failed.push(failureOf(c, error));
    }
  }
  return proposed;
}

/** Removes half-done drafts (by id, still drafts) with their rows, in one batch. */
async function removeHalfDone(db: Db, tenantId: number, billIds: readonly number[]) {
  const drafts = db.select({ id: bills.id }).from(bills).where(tenantWhere(bills, tenantId, inArray(bills.id, idList(billIds)), eq(bills.state, BILL_STATE.draft)));
  await batch(db, [
    db.delete(billItems).where(tenantWhere(billItems, tenantId, inArray(billItems.billId, drafts))),
    db.delete(billEvidence).where(tenantWhere(billEvidence, tenantId, inArray(billEvidence.billId, drafts))),
    db.delete(billProposals).where(tenantWhere(billProposals, tenantId, inArray(billProposals.billId, drafts))),
    db.delete(bills).where(tenantWhere(bills, tenantId, inArray(bills.id, idList(billIds)), eq(bills.state, BILL_STATE.draft))),
  ]);
}

/**
 * Bills a chunk's work; when that fails, each contract on its own, so one contract's failure (recorded in `failed`)
 * leaves the others billed. What a failed attempt wrote is whole (each batch is), and a retry skips it.
 */
async function billEach(db: Db, o: BillRunOptions, work: readonly Work[], tally: { bills: number }, failed: BillRunFailure[]): Promise<void> {
  try {
    await billChunk(db, o, work, tally);
  } catch (error) {
    if (work.length === 1) {
      console.error(`bill run: contract ${work[0]!.contract.number} (${work[0]!.contract.id}) of tenant ${o.tenantId} failed`, error);
      failed.push(failureOf(work[0]!.contract, error));
      return;
    }
    for (const w of work) await billEach(db, o, [w], tally, failed);
  }
}

interface Work {
  contract: ContractRow;
  periods: DuePeriod[];
  /** a fixed price's: for each period, the due day of the contract's bill before it (null: none) */
  previousDueOn: (string | null)[];
}

/** What one chunk's bills are made from, read in one batch. */
async function readChunk(db: Db, o: BillRunOptions, work: readonly Work[]) {
  const contractIds = work.map((w) => w.contract.id);
  const from = work.reduce((m, w) => (w.periods[0]!.from < m ? w.periods[0]!.from : m), "9999-12-31");
  const to = work.reduce((m, w) => (w.periods.at(-1)!.to > m ? w.periods.at(-1)!.to : m), "0000-01-01");
  const lines = (await db
    .select({
      id: contractLines.id,
      contractId: contractLines.contractId,
      lineNo: contractLines.lineNo,
      vehicleId: contractLines.vehicleId,
      monthlyCents: contractLines.monthlyCents,
      dailyCents: contractLines.dailyCents,
      shiftCents: contractLines.shiftCents,
      shiftHours: contractLines.shiftHours,
      shiftOvertimeCents: contractLines.shiftOvertimeCents,
      hourlyCents: contractLines.hourlyCents,
      minHoursPerCall: contractLines.minHoursPerCall,
      allowanceHours: contractLines.allowanceHours,
      allowancePer: contractLines.allowancePer,
      allowanceOvertimeCents: contractLines.allowanceOvertimeCents,
      idleRateBp: contractLines.idleRateBp,
      faultDeduction: contractLines.faultDeduction,
      operators: contractLines.operators,
      operatorMonthlyCents: contractLines.operatorMonthlyCents,
      onRentOn: contractLines.onRentOn,
      offRentOn: contractLines.offRentOn,
    })
    .from(contractLines)
    .where(tenantWhere(contractLines, o.tenantId, inArray(contractLines.contractId, ids(contractIds))))
    .orderBy(contractLines.contractId, contractLines.lineNo)) as LineRow[];
  const vehicleIds = [...new Set(lines.map((l) => l.vehicleId).filter((v): v is number => v != null))];
  const fenceIds = [...new Set(work.map((w) => w.contract.siteFenceId).filter((f): f is number => f != null))];
  const [fromMs, toMs] = daysToMs(from, to, o.timeZone);
  const fenceKinds = inArray(alarms.kind, ["fence_in", "fence_out"]);
  const fixedIds = work.filter((w) => isFixedPrice(w.contract)).map((w) => w.contract.id);
  const [fees, plans, trips, daily, fenceEvents, fenceBefore, faults, declared, downtime] = await batch(db, [
    db
      .select({ id: contractFees.id, contractId: contractFees.contractId, lineId: contractFees.lineId, kind: contractFees.kind, amountCents: contractFees.amountCents, feeOn: contractFees.feeOn })
      .from(contractFees)
      .where(tenantWhere(contractFees, o.tenantId, inArray(contractFees.contractId, ids(contractIds)))),
    // the payment plans of the fixed prices (the others are priced from their lines)
    db
      .select({ contractId: contractPlans.contractId, seq: contractPlans.seq, dueOn: contractPlans.dueOn, amountCents: contractPlans.amountCents })
      .from(contractPlans)
      .where(tenantWhere(contractPlans, o.tenantId, inArray(contractPlans.contractId, ids(fixedIds)))),
    db
      .select({ id: outcarRecords.id, lineId: outcarRecords.lineId, tripOn: outcarRecords.tripOn, departAt: outcarRecords.departAt, returnAt: outcarRecords.returnAt, hoursStart: outcarRecords.engineHoursStart, hoursEnd: outcarRecords.engineHoursEnd })
      .from(outcarRecords)
      .where(tenantWhere(outcarRecords, o.tenantId, inArray(outcarRecords.contractId, ids(contractIds)), gte(outcarRecords.tripOn, from), sql`${outcarRecords.tripOn} <= ${to}`)),
    db
      .select({ vehicleId: vehicleDaily.vehicleId, day: vehicleDaily.day, engineSeconds: vehicleDaily.engineSeconds, mileageKm: vehicleDaily.mileageKm })
      .from(vehicleDaily)
      .where(tenantWhere(vehicleDaily, o.tenantId, inArray(vehicleDaily.vehicleId, ids(vehicleIds)), gte(vehicleDaily.day, from), sql`${vehicleDaily.day} <= ${to}`)),
    db
      .select({ vehicleId: alarms.vehicleId, fenceId: alarms.refId, kind: alarms.kind, at: alarms.at })
      .from(alarms)
      .where(tenantWhere(alarms, o.tenantId, fenceKinds, inArray(alarms.vehicleId, ids(vehicleIds)), inArray(alarms.refId, ids(fenceIds)), gte(alarms.at, fromMs), lt(alarms.at, toMs)))
      .orderBy(alarms.at),
    // where each machine was as the chunk's first period began: its last entry or exit before
    db
      .select({ vehicleId: alarms.vehicleId, fenceId: alarms.refId, kind: alarms.kind, at: sql<number>`max(${alarms.at})`.as("last_at") })
      .from(alarms)
      .where(tenantWhere(alarms, o.tenantId, fenceKinds, inArray(alarms.vehicleId, ids(vehicleIds)), inArray(alarms.refId, ids(fenceIds)), lt(alarms.at, fromMs)))
      .groupBy(alarms.vehicleId, alarms.refId),
    // faults open during the chunk's days: raised before its end and not handled (or handled) before its start
    db
      .select({ vehicleId: alarms.vehicleId, at: alarms.at, handleState: alarms.handleState, handledAt: alarms.handledAt })
      .from(alarms)
      .where(
        tenantWhere(alarms, o.tenantId, eq(alarms.kind, "fault"), inArray(alarms.vehicleId, ids(vehicleIds)), lt(alarms.at, toMs), ne(alarms.handleState, 2), sql`(${alarms.handledAt} is null or ${alarms.handledAt} > ${fromMs})`),
      ),
    // the approved 停滞期 declarations of the chunk's lines in its days: billed as declared
    declaredIdle(db, o.tenantId, contractIds, from, to),
    // the machines' downtime of repair orders that take rent off (设备维修): fault time like a fault alarm's
    repairDowntimeRead(db, o.tenantId, ids(vehicleIds), fromMs, toMs),
  ]);
  return { lines, fees: fees as FeeRow[], plans, trips, daily, fenceEvents, fenceBefore, faults, declared, downtime };
}

type ChunkData = Awaited<ReturnType<typeof readChunk>>;

/** A bill as the run makes it: head, items, evidence and proposals, before it is stored. */
export interface DraftBill {
  contract: ContractRow;
  period: DuePeriod;
  items: BillItem[];
  evidence: { lineId: number; days: EvidenceDay[] }[];
  proposals: Proposal[];
}

/** Prices one contract's period from the chunk's rows (no decisions yet: the proposals wait for the clerk). */
export function draftBill(o: Pick<BillRunOptions, "timeZone">, contract: ContractRow, period: DuePeriod, data: ChunkData, previousDueOn: string | null = null): DraftBill {
  const lines = data.lines.filter((l) => l.contractId === contract.id);
  const [fromMs, toMs] = daysToMs(period.from, period.to, o.timeZone);
  const items: BillItem[] = [];
  const evidence: DraftBill["evidence"] = [];
  const proposals: Proposal[] = [];
  const minTerm = minTermOf(contract, period);
  const priced = billPeriod(contract, period);
  const plan = fixedPricePlan(contract, data.plans.filter((p) => p.contractId === contract.id));
  const fixed = plan ? { plan, previousDueOn, dueOn: dueOnOf(contract, period) } : null;
  for (const line of lines) {
    const days = lineEvidence(o.timeZone, contract, line, period, fromMs, toMs, data);
    if (line.vehicleId != null) evidence.push({ lineId: line.id, days });
    // a fixed price stands whatever the use: the machines' work is shown, not priced, and nothing is proposed
    if (plan) continue;
    const calls: Call[] = data.trips.filter((t) => t.lineId === line.id && t.tripOn >= period.from && t.tripOn <= period.to).map((t) => ({ id: t.id, day: t.tripOn, hours: tripHours(t) }));
    const overtimeHours = allowanceOvertimeHours(line, priced, days);
    const declared = declaredFor(data.declared, contract.id, line.lineNo, period);
    items.push(...priceLine({ line, period: priced, tax: taxTermsOf(contract), evidence: days, calls, minTerm, declared }));
    if (line.vehicleId != null) {
      const declaredSet = new Set(declaredDays(declared).flatMap((d) => d.days));
      proposals.push(...proposalsFor({ line, from: period.from, to: period.to, evidence: days, overtimeHours, rentDatesFromFence: contract.fenceRentDates === 1 && contract.siteFenceId != null, declared: declaredSet }));
    }
  }
  const fees = data.fees.filter((f) => f.contractId === contract.id);
  items.push(...contractItems(contract, fees, fixed, period, taxTermsOf(contract)));
  return { contract, period, items, evidence, proposals };
}

/** A line's day-by-day evidence for the period: its machine's roll-ups, minutes on the site fence, counted fault minutes. */
function lineEvidence(timeZone: string, contract: ContractRow, line: LineRow, period: DuePeriod, fromMs: number, toMs: number, data: ChunkData): EvidenceDay[] {
  const daily = new Map<string, { engineSeconds: number; mileageKm: number }>();
  if (line.vehicleId != null) for (const d of data.daily) if (d.vehicleId === line.vehicleId && d.day >= period.from && d.day <= period.to) daily.set(d.day, d);
  let onSite: Map<string, number> | null = null;
  if (contract.siteFenceId != null && line.vehicleId != null) {
    const mine = (e: { vehicleId: number; fenceId: number | null }) => e.vehicleId === line.vehicleId && e.fenceId === contract.siteFenceId;
    const events = data.fenceEvents.filter((e) => mine(e) && e.at >= fromMs && e.at < toMs).map((e) => ({ at: e.at, kind: e.kind === "fence_in" ? ("in" as const) : ("out" as const) }));
    // inside at the start: the last event before the period (in the chunk's days, else before them)
    const earlier = data.fenceEvents.filter((e) => mine(e) && e.at < fromMs).at(-1) ?? data.fenceBefore.find(mine);
    onSite = onSiteMinutesByDay(events, earlier?.kind === "fence_in", fromMs, toMs, timeZone);
  }
  // a fault lasts to its handling, a repair's downtime to the machine running again (overlaps count once)
  const intervals = [
    ...data.faults.filter((f) => f.vehicleId === line.vehicleId).map((f) => ({ from: Math.max(f.at, fromMs), to: Math.min(f.handledAt ?? toMs, toMs) })),
    ...data.downtime.filter((r) => r.vehicleId === line.vehicleId).map((r) => ({ from: Math.max(r.downFrom, fromMs), to: Math.min(r.downTo ?? toMs, toMs) })),
  ].filter((i) => i.to > i.from);
  const calls = new Map<string, number>();
  for (const t of data.trips) if (t.lineId === line.id && t.tripOn >= period.from && t.tripOn <= period.to) calls.set(t.tripOn, (calls.get(t.tripOn) ?? 0) + 1);
  return evidenceDays(period.from, period.to, daily, onSite, faultMinutesByDay(intervals, timeZone), calls);
}

/** The bill's number: the contract's and the period's last day (HT-202611-0009-20261120). */
export const billNumberOf = (contractNumber: string, periodTo: string) => `${contractNumber}-${periodTo.replaceAll("-", "")}`;

/** Rows a write batch holds at most (50 statements of 500), whole bills each: a bill bigger than that goes alone. */
const ROWS_PER_BATCH = 25_000;

/** Prices and stores the bills of one chunk, counting those stored in `tally` (a period a concurrent run billed first is not). */
async function billChunk(db: Db, o: BillRunOptions, work: readonly Work[], tally: { bills: number }): Promise<void> {
  const data = await readChunk(db, o, work);
  // a period with nothing to bill (a week of spot hire without a trip) makes no bill
  const drafts = work.flatMap((w) => w.periods.map((p, k) => draftBill(o, w.contract, p, data, w.previousDueOn[k] ?? null))).filter((d) => d.items.length > 0 || d.proposals.length > 0);
  const now = Date.now();
  let group: BillRows = { heads: [], items: [], evidence: [], proposals: [] };
  let rows = 0;
  for (const d of drafts) {
    const totals = billTotals(d.items);
    const c = d.contract;
    const number = billNumberOf(c.number, d.period.to);
    const size = 1 + d.items.length + d.proposals.length + d.evidence.reduce((n, e) => n + e.days.length, 0);
    if (rows > 0 && rows + size > ROWS_PER_BATCH) {
      tally.bills += await writeBills(db, o.tenantId, group);
      group = { heads: [], items: [], evidence: [], proposals: [] };
      rows = 0;
    }
    rows += size;
    group.heads.push([o.tenantId, c.orgId, number, c.id, c.rootId, c.customerId, d.period.from, d.period.to, d.period.final ? 1 : 0, totals.amountCents, totals.taxCents, c.taxRateBp, dueOnOf(c, d.period), o.userId ?? null, now]);
    d.items.forEach((it, seq) => group.items.push([o.tenantId, number, seq + 1, it.lineId, it.rule, it.quantity, it.unit, it.rateCents, it.amountCents, it.taxRateBp, it.taxCents, JSON.stringify(it.basis)]));
    for (const e of d.evidence) for (const day of e.days) group.evidence.push([o.tenantId, number, e.lineId, day.day, day.engineHours, day.km, day.onSiteMinutes, day.faultMinutes, day.noData ? 1 : 0, day.calls ?? 0]);
    for (const p of d.proposals) group.proposals.push([o.tenantId, number, p.lineId, p.kind, JSON.stringify(p.days), p.hours ?? null, p.day ?? null, JSON.stringify(p.basis)]);
  }
  if (group.heads.length) tally.bills += await writeBills(db, o.tenantId, group);
}

/** A group of whole bills as JSON rows; the items, evidence and proposals name their bill by its number (column 1). */
interface BillRows {
  heads: unknown[][];
  items: unknown[][];
  evidence: unknown[][];
  proposals: unknown[][];
}

/**
 * Writes a group of bills in one batch, so each is stored whole or not at all: the heads go in unseen (version 0, a
 * state no committed bill is in: the batch is one transaction), the rows join their head by (tenant, number) and
 * version 0 (a head a concurrent run stored first is not theirs: it is left as it is), then the heads are revealed
 * (version 1). Answers how many heads were stored.
 */
const DIALECT = new SQLiteAsyncDialect();

async function writeBills(db: Db, tenantId: number, group: BillRows): Promise<number> {
  const b = alias(bills, "b");
  // the head of a row (column 1 the bill's number) stored by this batch
  const ownHead = sql`join ${declaredAs(bills, b)} on ${ofTenant(b, tenantId)} and ${b.number} = j.value ->> 1 and ${b.version} = 0`;
  const statements: SQL[] = [];
  const json = (rows: readonly unknown[][], per: number, statement: (rows: string) => SQL) => {
    for (let i = 0; i < rows.length; i += per) statements.push(statement(JSON.stringify(rows.slice(i, i + per))));
  };
  json(group.heads, 200, (rows) => sql`insert into bills (tenant_id, org_id, number, kind, contract_id, root_id, customer_id, period_from, period_to, final, amount_cents, tax_cents, tax_rate_bp, due_on, creator_id, version, created_at, updated_at)
    select j.value ->> 0, j.value ->> 1, j.value ->> 2, 'regular', j.value ->> 3, j.value ->> 4, j.value ->> 5, j.value ->> 6, j.value ->> 7, j.value ->> 8, j.value ->> 9, j.value ->> 10, j.value ->> 11, j.value ->> 12, j.value ->> 13, 0, j.value ->> 14, j.value ->> 14
    from json_each(${rows}) j where true
    on conflict do nothing`);
  json(group.items, 500, (rows) => sql`insert into bill_items (tenant_id, bill_id, seq, line_id, rule, quantity, unit, rate_cents, amount_cents, tax_rate_bp, tax_cents, basis)
    select j.value ->> 0, ${b.id}, j.value ->> 2, j.value ->> 3, j.value ->> 4, j.value ->> 5, j.value ->> 6, j.value ->> 7, j.value ->> 8, j.value ->> 9, j.value ->> 10, j.value ->> 11 from json_each(${rows}) j ${ownHead}`);
  json(group.evidence, 500, (rows) => sql`insert into bill_evidence (tenant_id, bill_id, line_id, day, engine_hours, km, on_site_minutes, fault_minutes, no_data, calls)
    select j.value ->> 0, ${b.id}, j.value ->> 2, j.value ->> 3, j.value ->> 4, j.value ->> 5, j.value ->> 6, j.value ->> 7, j.value ->> 8, j.value ->> 9 from json_each(${rows}) j ${ownHead}`);
  json(group.proposals, 500, (rows) => sql`insert into bill_proposals (tenant_id, bill_id, line_id, kind, days, hours, day, basis)
    select j.value ->> 0, ${b.id}, j.value ->> 2, j.value ->> 3, j.value ->> 4, j.value ->> 5, j.value ->> 6, j.value ->> 7 from json_each(${rows}) j ${ownHead}`);
  // the heads revealed last: the batch's last change count is the number of bills this group made
  statements.push(sql`update ${bills} set ${sql.identifier(bills.version.name)} = 1 where ${tenantWhere(bills, tenantId, inArray(bills.number, sql`(select value from json_each(${JSON.stringify(group.heads.map((h) => h[2]))}))`), eq(bills.version, 0))}`);
  // one batch, one transaction: every bill of the group whole, or none of them (drizzle's D1 batch takes no raw
  // statement, so D1 gets them prepared from the same SQL)
  const d1 = d1Binding(db);
  const results: unknown[] = d1
    ? await d1.batch(statements.map((statement) => {
        const q = DIALECT.sqlToQuery(statement);
        return d1.prepare(q.sql).bind(...q.params);
      }))
    : await batch(db, statements.map((statement) => db.run(statement)) as [ReturnType<Db["run"]>, ...ReturnType<Db["run"]>[]]);
  return changedRows(results.at(-1));
}

/**
 * Rows written through statements of one JSON parameter (`json_each(?)`), 500 rows a statement: on D1 fifty
 * statements a round trip (one batch, one transaction each), on libSQL (or a D1 not from getDb) one after another.
 */
export async function writeJsonRows(db: Db, writes: readonly (readonly [statement: string, rows: readonly unknown[][]])[], per = 500): Promise<void> {
  const statements: [string, string][] = [];
  for (const [statement, rows] of writes) for (let i = 0; i < rows.length; i += per) statements.push([statement, JSON.stringify(rows.slice(i, i + per))]);
  const d1 = d1Binding(db);
  for (let i = 0; i < statements.length; i += 50) {
    const part = statements.slice(i, i + 50);
    if (d1) await d1.batch(part.map(([statement, json]) => d1.prepare(statement).bind(json)));
    else for (const [statement, json] of part) await db.run(sql`${sql.raw(statement.split("?")[0]!)}${json}${sql.raw(statement.split("?")[1]!)}`);
  }
}

