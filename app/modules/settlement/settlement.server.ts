/**
 * Settlements on the server (issue 26 §3): a contract's final settlement and its overtime settlements, each a document
 * with its checks before saving and its approval on the engine; the figures summed by SQL inside the save's batch
 * from the bills, their adjustments, their late interest and what receipts paid of them, so they are what the
 * database held at that moment. The final one, approved, closes the contract (执行中 → 已完成, its end day set).
 */
import { and, asc, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { billItems, bills, contractLines, contracts, customers, settlements, users } from "../../../db/schema";
import { visibleOrgRowWhere } from "../../../db/rules/data-scope";
import { sameTenant, tenantOfOuter, tenantWhere } from "../../../db/tenant";
import { formatCents } from "~/lib/cents";
import { day, line, note } from "~/lib/form-fields";
import { figureWrites, SETTLEMENT_NUMBERING } from "./figures";
import type { RequestScope } from "~/modules/access/access.server";
import { CONTRACT_STATE } from "~/modules/contracts/contracts.resource";
import { containing, defineResource, type FieldErrors, referenceContaining, refusedWrites, withLimit } from "~/modules/resource/resource.server";
import type { Option } from "~/modules/resource/route.server";
import { APPLICATION_APPROVAL_STATES, APPLICATION_EDITABLE, APPLICATION_STATE } from "~/modules/temp-crane/temp-crane.resource";
import { approvalPlan, pendingRead, type ApprovalKind } from "~/modules/workflow/approval.server";
import type { Machine, Plan } from "~/modules/workflow/engine.server";
import type { Refusal } from "~/modules/workflow/machine";
import {
  OVERTIME_APPROVE_CODE,
  OVERTIME_SETTLEMENT_PATH,
  overtimeSettlementView,
  overtimeStates,
  SETTLEMENT_APPROVE_CODE,
  SETTLEMENT_PATH,
  settlementRecordView,
  settlementStates,
  settlementView,
  type SettlementStateRow,
} from "./settlement.resource";
import { BILL_STATE } from "~/modules/billing/bills.resource";

type Kind = "final" | "overtime";

/** The contracts a settlement may be made for: in force, completed, stopped, terminated early. */
export const SETTLED_CONTRACT_STATES = [CONTRACT_STATE.executing, CONTRACT_STATE.completed, CONTRACT_STATE.stopped, CONTRACT_STATE.terminated];

export const SettlementSchema = z.object({
  contractId: z.string().trim().regex(/^\d{1,9}$/, "settlements:contractRequired").transform(Number),
  // the approved settlement closes the contract on this day: a real day of the business range, or nothing is saved
  throughOn: line().min(1, "settlements:throughRequired").pipe(day({ message: "settlements:throughDay" })),
  remark: note().max(200, "settlements:tooLong|200").optional().default(""),
});
type SettlementValues = z.infer<typeof SettlementSchema>;

/**
 * The checks before saving: a draft or refused settlement only; the contract the tenant's revision in force, in the
 * user's scope, billed (not a rent-in) and in force or ended; the day not before its start; every bill up to the day
 * confirmed; one final settlement a contract (not counting void or aborted ones); an overtime settlement needs
 * overtime billed.
 */
async function checkSettlement(scope: RequestScope, kind: Kind, v: SettlementValues, current?: typeof settlements.$inferSelect): Promise<FieldErrors> {
  if (current && !APPLICATION_EDITABLE.includes(current.state)) return { form: "settlements:readOnly" };
  const [contract] = await scope.db
    .select({ id: contracts.id, rootId: sql<number>`coalesce(${contracts.rootId}, ${contracts.id})`.as("root"), state: contracts.state, current: contracts.current, kind: contracts.kind, startOn: contracts.startOn })
    .from(contracts)
    .where(tenantWhere(contracts, scope, eq(contracts.id, v.contractId), visibleOrgRowWhere(scope, contracts.orgId)));
  if (!contract || !contract.current || contract.kind === "subcontract") return { contractId: "settlements:contractUnknown" };
  if (!(SETTLED_CONTRACT_STATES as number[]).includes(contract.state)) return { contractId: "settlements:contractNotBilled" };
  if (v.throughOn < contract.startOn) return { throughOn: "settlements:throughBeforeStart" };
  const [drafts, open, overtime] = await Promise.all([
    scope.db.select({ n: sql<number>`count(*)` }).from(bills).where(tenantWhere(bills, scope, eq(bills.rootId, contract.rootId), eq(bills.state, BILL_STATE.draft), sql`${bills.periodTo} <= ${v.throughOn}`)),
    scope.db
      .select({ number: settlements.number })
      .from(settlements)
      .where(tenantWhere(settlements, scope, eq(settlements.rootId, contract.rootId), eq(settlements.kind, "final"), inArray(settlements.state, [APPLICATION_STATE.draft, APPLICATION_STATE.inApproval, APPLICATION_STATE.approved, APPLICATION_STATE.refused]), current ? sql`${settlements.id} <> ${current.id}` : undefined))
      .limit(1),
    kind === "overtime"
      ? scope.db
          .select({ n: sql<number>`count(*)` })
          .from(billItems)
          .where(and(inArray(billItems.billId, scope.db.select({ id: bills.id }).from(bills).where(tenantWhere(bills, scope, eq(bills.rootId, contract.rootId), sql`${bills.state} > ${sql.raw(String(BILL_STATE.draft))}`, sql`${bills.periodTo} <= ${v.throughOn}`))), inArray(billItems.rule, ["shiftOvertime", "allowanceOvertime"])))
      : Promise.resolve([{ n: 1 }]),
  ]);
  if (Number(drafts[0]?.n ?? 0) > 0) return { throughOn: `settlements:draftBills|${drafts[0]!.n}` };
  if (kind === "final" && open[0]) return { contractId: `settlements:alreadySettled|${open[0].number}` };
  if (kind === "overtime" && Number(overtime[0]?.n ?? 0) === 0) return { throughOn: "settlements:noOvertime" };
  return {};
}

const creators = alias(users, "creators");

/** A settlement is seen by whoever sees its organisation (the contract's). */
const scopeOf = (scope: RequestScope) => visibleOrgRowWhere(scope, settlements.orgId);

function settlementList(kind: Kind | null) {
  return (db: RequestScope["db"], where: SQL | undefined, orderBy: SQL[], limit: number | undefined, offset: number) => {
    const q = db
      .select({
        id: settlements.id,
        version: settlements.version,
        number: settlements.number,
        kind: settlements.kind,
        contractId: settlements.contractId,
        contractNumber: sql<string | null>`(select ${contracts.number} from ${contracts} where ${contracts.id} = ${settlements.contractId} and ${tenantOfOuter(contracts, settlements)})`.as("contract_number"),
        customerName: sql<string | null>`(select ${customers.name} from ${customers} where ${customers.id} = ${settlements.customerId} and ${tenantOfOuter(customers, settlements)})`.as("customer_name"),
        throughOn: settlements.throughOn,
        billedCents: settlements.billedCents,
        adjustmentsCents: settlements.adjustmentsCents,
        receivedCents: settlements.receivedCents,
        depositCents: settlements.depositCents,
        interestCents: settlements.interestCents,
        overtimeHours: settlements.overtimeHours,
        overtimeCents: settlements.overtimeCents,
        balanceCents: settlements.balanceCents,
        // what the clerk must look at before it is approved: machines on rent after the cut-off, a deposit not yet back
        onRentAfter: sql<number>`(select count(*) from ${contractLines} where ${contractLines.contractId} = ${settlements.contractId} and ${tenantOfOuter(contractLines, settlements)} and ${contractLines.onRentOn} <= ${settlements.throughOn} and (${contractLines.offRentOn} is null or ${contractLines.offRentOn} > ${settlements.throughOn}))`.as("on_rent_after"),
        depositOpen: sql<number>`(${settlements.depositCents} > 0 and not exists (select 1 from ${billItems} join ${bills} on ${bills.id} = ${billItems.billId} and ${sameTenant(bills, billItems)} where ${tenantOfOuter(billItems, settlements)} and ${bills.rootId} = ${settlements.rootId} and ${bills.state} > ${sql.raw(String(BILL_STATE.draft))} and ${bills.periodTo} <= ${settlements.throughOn} and ${billItems.rule} = 'deposit'))`.as("deposit_open"),
        state: settlements.state,
        remark: settlements.remark,
        creatorId: settlements.creatorId,
        creatorName: sql<string | null>`${creators.userName}`.as("creator_name"),
        createdAt: settlements.createdAt,
      })
      .from(settlements)
      .leftJoin(creators, and(eq(creators.id, settlements.creatorId), sameTenant(creators, settlements)))
      .where(and(where, kind ? eq(settlements.kind, kind) : eq(settlements.state, APPLICATION_STATE.approved)))
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  };
}

/** The settlement's warnings as the list's 清算提醒 column: machines still on rent after the cut-off, a deposit not returned or applied. */
const warningsOf = (r: { onRentAfter: number; depositOpen: number }) => (r.onRentAfter > 0 && r.depositOpen ? "both" : r.onRentAfter > 0 ? "onRent" : r.depositOpen ? "deposit" : "");

const shown = <R extends { billedCents: number; adjustmentsCents: number; receivedCents: number; depositCents: number; interestCents: number; overtimeCents: number; balanceCents: number; state: number; overtimeHours: string | null; onRentAfter: number; depositOpen: number }>(rows: R[]) =>
  rows.map((r) => ({
    ...r,
    state: String(r.state),
    billed: formatCents(r.billedCents),
    adjustments: formatCents(r.adjustmentsCents),
    received: formatCents(r.receivedCents),
    deposit: formatCents(r.depositCents),
    interest: formatCents(r.interestCents),
    overtime: formatCents(r.overtimeCents),
    balance: formatCents(r.balanceCents),
    overtimeHours: r.overtimeHours ?? "0.00",
    warnings: warningsOf(r),
  }));

const listFilters = {
  q: (v: string) =>
    or(
      containing(settlements.number, v),
      referenceContaining(settlements.contractId, contracts, settlements, v, contracts.number, contracts.name),
      referenceContaining(settlements.customerId, customers, settlements, v, customers.name),
    ),
  state: (v: string) => (/^[0-5]$/.test(v) ? eq(settlements.state, Number(v)) : undefined),
};

/** The insert of a settlement of a kind. */
const insertOf = (kind: Kind) => (v: SettlementValues, scope: RequestScope) => ({
  kind,
  contractId: v.contractId,
  // the contract's root, customer and organisation are read by SQL in the same batch (figureWrites)
  rootId: 0,
  throughOn: v.throughOn,
  remark: v.remark || null,
  number: "",
  state: APPLICATION_STATE.draft,
  creatorId: scope.user.id,
});

function resourceOf(kind: Kind) {
  return defineResource({
    view: kind === "final" ? settlementView : overtimeSettlementView,
    table: settlements,
    number: { field: "number", ...SETTLEMENT_NUMBERING[kind] },
    selectRows: settlementList(kind),
    mapRows: shown,
    filters: listFilters,
    sortColumns: { number: settlements.number, throughOn: settlements.throughOn, state: settlements.state, createdAt: settlements.createdAt },
    defaultOrder: [desc(settlements.createdAt), desc(settlements.id)],
    listedWhere: eq(settlements.kind, kind),
    createSchema: SettlementSchema,
    updateSchema: SettlementSchema,
    check: (scope, values, current) => checkSettlement(scope, kind, values, current),
    toInsert: insertOf(kind),
    toUpdate: (v) => ({ contractId: v.contractId, throughOn: v.throughOn, remark: v.remark || null }),
    sideWrites: (scope, { id }) => ({ writes: figureWrites(scope.db, scope, id) }),
    editValues: async (_scope, row) => ({ contractId: String(row.contractId) }),
    beforeDelete: async (scope, ids) => {
      const moved = await scope.db.select({ id: settlements.id }).from(settlements).where(tenantWhere(settlements, scope, inArray(settlements.id, ids), sql`${settlements.state} <> ${APPLICATION_STATE.draft}`)).limit(1);
      return moved.length ? { refuse: "settlements:deleteDraftOnly" } : { dependents: [] };
    },
    auditView: (row) => row,
    scopeWhere: scopeOf,
  });
}

export const settlementResource = resourceOf("final");
export const overtimeSettlementResource = resourceOf("overtime");

/** 清算记录: every approved settlement of either kind, read-only. */
export const settlementRecordResource = defineResource({
  view: settlementRecordView,
  table: settlements,
  ...refusedWrites,
  auditView: (row) => row,
  selectRows: settlementList(null),
  mapRows: shown,
  filters: { ...listFilters, kind: (v: string) => (v === "final" || v === "overtime" ? eq(settlements.kind, v) : undefined) },
  sortColumns: { number: settlements.number, throughOn: settlements.throughOn, state: settlements.state, createdAt: settlements.createdAt },
  defaultOrder: [desc(settlements.createdAt), desc(settlements.id)],
  listedWhere: eq(settlements.state, APPLICATION_STATE.approved),
  scopeWhere: scopeOf,
});

/** The form's contracts: the tenant's billed contracts in force or ended, in the user's scope. */
export async function settlementOptions(scope: RequestScope): Promise<Record<string, Option[]>> {
  const rows = await scope.db
    .select({ id: contracts.id, number: contracts.number, name: contracts.name })
    .from(contracts)
    .where(tenantWhere(contracts, scope, eq(contracts.current, 1), inArray(contracts.state, SETTLED_CONTRACT_STATES), sql`${contracts.kind} <> 'subcontract'`, visibleOrgRowWhere(scope, contracts.orgId)))
    .orderBy(asc(contracts.number))
    .limit(1000);
  return { contractId: rows.map((c) => ({ value: String(c.id), label: `${c.number} · ${c.name}` })) };
}

function approvalKindOf(kind: Kind): ApprovalKind {
  return {
    kind: kind === "final" ? "settlement" : "overtimeSettlement",
    title: kind === "final" ? `screens:${SETTLEMENT_PATH}` : `screens:${OVERTIME_SETTLEMENT_PATH}`,
    href: (docId) => `${kind === "final" ? SETTLEMENT_PATH : OVERTIME_SETTLEMENT_PATH}?view=${docId}`,
    approveCode: kind === "final" ? SETTLEMENT_APPROVE_CODE : OVERTIME_APPROVE_CODE,
    states: APPLICATION_APPROVAL_STATES,
    amountOf: (scope, ids) => scope.db.select({ id: settlements.id, cents: settlements.balanceCents }).from(settlements).where(tenantWhere(settlements, scope, inArray(settlements.id, ids))),
    pending: (scope, limit) =>
      pendingRead(
        scope.db
          .select({ id: settlements.id, number: settlements.number, balanceCents: settlements.balanceCents, creatorId: settlements.creatorId, createdAt: settlements.createdAt })
          .from(settlements)
          .where(tenantWhere(settlements, scope, eq(settlements.kind, kind), eq(settlements.state, APPLICATION_STATE.inApproval), scopeOf(scope)))
          .orderBy(desc(settlements.createdAt), desc(settlements.id))
          .limit(limit),
        (r) => ({ id: r.id, label: `${r.number} ¥${formatCents(r.balanceCents)}`, ownerId: r.creatorId, createdAt: r.createdAt }),
      ),
  };
}

export const settlementApprovalKind = approvalKindOf("final");
export const overtimeSettlementApprovalKind = approvalKindOf("overtime");

const finalPlan = approvalPlan<SettlementStateRow>(settlementApprovalKind);

/** The approval family's plan; the last approval of a final settlement closes its contract in the same batch. */
async function settlementPlan(scope: RequestScope, t: Parameters<typeof finalPlan>[1], rows: SettlementStateRow[], input: Parameters<typeof finalPlan>[3]): Promise<Plan | Refusal> {
  const planned = await finalPlan(scope, t, rows, input);
  if ("message" in planned || t.name !== "approve") return planned;
  const done = rows.filter((r) => (planned.to?.get(r.id) ?? t.to) === APPLICATION_STATE.approved).map((r) => r.id);
  if (!done.length) return planned;
  const closing = scope.db
    .update(contracts)
    .set({
      state: CONTRACT_STATE.completed,
      endedOn: sql`coalesce(${contracts.endedOn}, (select ${settlements.throughOn} from ${settlements} where ${settlements.contractId} = ${contracts.id} and ${inArray(settlements.id, done)} limit 1))`,
      updatedAt: Date.now(),
    })
    .where(tenantWhere(contracts, scope, eq(contracts.state, CONTRACT_STATE.executing), sql`${contracts.id} in (select ${settlements.contractId} from ${settlements} where ${inArray(settlements.id, done)})`));
  return { ...planned, writes: [...(planned.writes ?? []), closing] };
}

const loadOf = (scope: RequestScope, ids: number[]) =>
  scope.db
    .select({ id: settlements.id, version: settlements.version, state: settlements.state, number: settlements.number, creatorId: settlements.creatorId })
    .from(settlements)
    .where(tenantWhere(settlements, scope, inArray(settlements.id, ids), scopeOf(scope)));

export const settlementMachine: Machine<SettlementStateRow> = { view: settlementStates, table: settlements, stateKey: "state", load: loadOf, label: (r) => r.number, plan: settlementPlan };
export const overtimeSettlementMachine: Machine<SettlementStateRow> = { view: overtimeStates, table: settlements, stateKey: "state", load: loadOf, label: (r) => r.number, plan: approvalPlan<SettlementStateRow>(overtimeSettlementApprovalKind) };
