/**
 * Approval as a family of transitions on the engine: submit (start approval), approve, refuse, recall, abandon,
 * abort. A tenant configures per document kind who decides each step (a role or a named user, in order; table
 * approval_steps); without steps, anyone holding the kind's approve code decides in one step. A step may apply only
 * from an amount up: a document worth less skips it, so everything below reads the document's effective flow
 * (documentFlows). The document keeps its own state column; what happened on its way is in approval_records, from which its current step, the to-do of whoever
 * must act and the history shown on the document are read.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { batch, batchableSelect, type Db } from "../../../db/client";
import { approvalRecords, approvalSteps, roles, users } from "../../../db/schema";
import { ofTenant } from "../../../db/tenant";
import type { RequestScope } from "~/modules/access/access.server";
import { APPROVAL_ACTIONS, effectiveSteps, type ApprovalAction, type ApprovalStates } from "./approval";
import type { Refusal, TransitionDef } from "./machine";
import type { Input, Plan, StatefulRow } from "./engine.server";

/** A kind of document that goes through approval. */
export interface ApprovalKind {
  kind: string;
  /** message key naming the kind (审批流程 settings, the to-do) */
  title: string;
  /** where a document opens (its detail) */
  href(id: number): string;
  /** the code of approve, refuse and abort (configured approvers must hold it too) */
  approveCode: string;
  states: ApprovalStates;
  /**
   * the tenant's pending documents the user may see, newest first, at most `limit`: for the to-do. A read not yet run
   * (pendingRead), so the to-do reads every kind and the flows in one round trip.
   */
  pending(scope: RequestScope, limit: number): PendingRead;
  /**
   * the documents' amounts in cents (e.g. a contract's value), read by id: steps with a threshold apply from it up. A
   * kind without it ignores thresholds: every step applies.
   */
  amountOf?(scope: RequestScope, ids: number[]): PromiseLike<{ id: number; cents: number | null }[]>;
}

/** A pending document as the to-do needs it. `ownerId` is who submitted (nobody decides their own document), null when it came from outside (an app user's application). */
export interface PendingDoc {
  id: number;
  label: string;
  ownerId: number | null;
  createdAt: number;
}

/** A kind's read of its pending documents: the query (a drizzle select, not yet awaited) and how its rows become documents. */
export interface PendingRead {
  query: PromiseLike<unknown[]>;
  docs(rows: unknown[]): PendingDoc[];
}

export function pendingRead<R>(query: PromiseLike<R[]>, doc: (row: R) => PendingDoc): PendingRead {
  return { query, docs: (rows) => (rows as R[]).map(doc) };
}

export interface FlowStep {
  stepNo: number;
  approverType: "role" | "user";
  approverId: number;
  /** the step applies to documents of at least this amount (cents); null: to every document */
  minAmountCents: number | null;
}

/** The tenant's flow for a kind, steps in order (empty: one step by the approve code), thresholds not yet applied. */
export async function flowOf(db: Db, tenantId: number, kind: string): Promise<FlowStep[]> {
  return db
    .select({ stepNo: approvalSteps.stepNo, approverType: approvalSteps.approverType, approverId: approvalSteps.approverId, minAmountCents: approvalSteps.minAmountCents })
    .from(approvalSteps)
    .where(and(ofTenant(approvalSteps, tenantId), eq(approvalSteps.kind, kind)))
    .orderBy(asc(approvalSteps.stepNo));
}

/** The tenant's flows for several kinds in one select (kind → steps in order), not yet run. */
function flowsOf(db: Db, tenantId: number, kinds: string[]) {
  return db
    .select({ kind: approvalSteps.kind, stepNo: approvalSteps.stepNo, approverType: approvalSteps.approverType, approverId: approvalSteps.approverId, minAmountCents: approvalSteps.minAmountCents })
    .from(approvalSteps)
    .where(and(ofTenant(approvalSteps, tenantId), inArray(approvalSteps.kind, kinds)))
    .orderBy(asc(approvalSteps.kind), asc(approvalSteps.stepNo));
}

async function amountsOf(scope: RequestScope, kind: ApprovalKind, ids: number[]): Promise<Map<number, number | null>> {
  const amounts = new Map<number, number | null>();
  if (!kind.amountOf) return amounts;
  // D1 binds at most 100 parameters a statement
  for (let i = 0; i < ids.length; i += 90) for (const r of await kind.amountOf(scope, ids.slice(i, i + 90))) amounts.set(r.id, r.cents);
  return amounts;
}

const hasThresholds = (kind: ApprovalKind, flow: readonly FlowStep[]) => Boolean(kind.amountOf) && flow.some((s) => s.minAmountCents !== null);

/**
 * Each document's effective flow: the tenant's steps (read here unless given) less those from an amount above the
 * document's. The amounts are read only when a step has a threshold and the kind has an amount.
 */
export async function documentFlows(scope: RequestScope, kind: ApprovalKind, ids: number[], flow?: FlowStep[]): Promise<Map<number, FlowStep[]>> {
  const steps = flow ?? (await flowOf(scope.db, scope.user.tenantId, kind.kind));
  const amounts = hasThresholds(kind, steps) ? await amountsOf(scope, kind, ids) : new Map<number, number | null>();
  return new Map(ids.map((id) => [id, effectiveSteps(steps, amounts.get(id))]));
}

export type ApprovalRecord = { documentId: number; round: number; stepNo: number | null; action: ApprovalAction; actorId: number; note: string | null; createdAt: number };

async function recordsOf(db: Db, tenantId: number, kind: string, ids: number[]): Promise<ApprovalRecord[]> {
  if (!ids.length) return [];
  const rows: ApprovalRecord[] = [];
  // D1 binds at most 100 parameters a statement
  for (let i = 0; i < ids.length; i += 90) {
    rows.push(
      ...(await db
        .select({ documentId: approvalRecords.documentId, round: approvalRecords.round, stepNo: approvalRecords.stepNo, action: approvalRecords.action, actorId: approvalRecords.actorId, note: approvalRecords.note, createdAt: approvalRecords.createdAt })
        .from(approvalRecords)
        .where(and(ofTenant(approvalRecords, tenantId), eq(approvalRecords.kind, kind), inArray(approvalRecords.documentId, ids.slice(i, i + 90))))
        .orderBy(asc(approvalRecords.id))),
    );
  }
  return rows;
}

/** Where a document stands: its round (submissions counted; 0 for one created pending) and its current step. */
export interface Progress {
  round: number;
  /** the step that decides next, from 1 */
  step: number;
  records: ApprovalRecord[];
}

export function progressOf(records: ApprovalRecord[]): Progress {
  const round = records.reduce((r, x) => (x.action === "submit" ? Math.max(r, x.round) : r), 0);
  const approvals = records.filter((x) => x.round === round && x.action === "approve").length;
  return { round, step: approvals + 1, records };
}

async function progressByDocument(db: Db, tenantId: number, kind: string, ids: number[]): Promise<Map<number, Progress>> {
  const records = await recordsOf(db, tenantId, kind, ids);
  const byDoc = new Map<number, ApprovalRecord[]>();
  for (const r of records) {
    const list = byDoc.get(r.documentId);
    if (list) list.push(r);
    else byDoc.set(r.documentId, [r]);
  }
  return new Map(ids.map((id) => [id, progressOf(byDoc.get(id) ?? [])]));
}

/** Whether the user decides this step: the named user, a holder of the named role, or (no flow) a holder of the code. */
export function decides(step: FlowStep | undefined, actor: { id: number; roleIds: readonly number[]; codes: ReadonlySet<string> }, approveCode: string): boolean {
  if (!actor.codes.has(approveCode)) return false;
  if (!step) return true;
  return step.approverType === "user" ? step.approverId === actor.id : actor.roleIds.includes(step.approverId);
}

const actorOf = (scope: RequestScope) => ({ id: scope.user.id, roleIds: scope.access.roleIds, codes: scope.access.permissions });

/**
 * The machine's `plan` for the approval transitions (by name: approve, refuse, submit, recall, abandon, abort; others
 * pass): the step's approver is checked, the state is decided per document (an approval that is not the last step
 * leaves it pending), and the record of what happened joins the batch.
 */
export function approvalPlan<Row extends StatefulRow>(kind: ApprovalKind) {
  return async (scope: RequestScope, t: TransitionDef<Row>, rows: Row[], input: Input): Promise<Plan | Refusal> => {
    const action = t.name as ApprovalAction;
    if (!APPROVAL_ACTIONS.includes(action)) return {};
    const tenantId = scope.user.tenantId;
    const ids = rows.map((r) => r.id);
    const [flows, progress] = await Promise.all([documentFlows(scope, kind, ids), progressByDocument(scope.db, tenantId, kind.kind, ids)]);
    const to = new Map<number, number>();
    const records: (typeof approvalRecords.$inferInsert)[] = [];
    const note = input.reason ?? input.refuseReason ?? input.note ?? null;
    for (const r of rows) {
      const p = progress.get(r.id)!;
      if (action === "approve" || action === "refuse") {
        const flow = flows.get(r.id)!;
        const step = flow[p.step - 1];
        // (a flow shortened after some approvals has no step left: holders of the code finish it)
        if (!decides(step, actorOf(scope), kind.approveCode)) return { message: "workflow:notYourStep", status: 403 };
        if (action === "approve") to.set(r.id, p.step >= flow.length ? kind.states.approved : kind.states.pending);
        records.push({ tenantId, kind: kind.kind, documentId: r.id, round: p.round, stepNo: p.step, action, actorId: scope.user.id, note: note || null });
      } else {
        records.push({ tenantId, kind: kind.kind, documentId: r.id, round: action === "submit" ? p.round + 1 : p.round, stepNo: null, action, actorId: scope.user.id, note: note || null });
      }
    }
    // D1 binds at most 100 parameters a statement: nine a record
    const writes = [];
    for (let i = 0; i < records.length; i += 10) writes.push(scope.db.insert(approvalRecords).values(records.slice(i, i + 10)));
    return { to, writes };
  };
}

/** One thing waiting on the user: a document whose current step they decide. */
export interface TodoItem {
  kind: string;
  title: string;
  id: number;
  label: string;
  step: number;
  steps: number;
  href: string;
  createdAt: number;
}

/**
 * The to-do's reads, not yet run: every kind's pending documents and the flows (none when the user holds no kind's
 * approve code), and how their rows become the to-do. A page that reads more (the workbench) puts them in its own
 * batch, so the whole page is one round trip; `todoFor` runs them alone.
 */
export function todoReads(scope: RequestScope, kinds: readonly ApprovalKind[], limit = 50) {
  const actor = actorOf(scope);
  const mine = kinds.filter((k) => actor.codes.has(k.approveCode));
  const reads = mine.map((k) => k.pending(scope, limit));
  const flowsQuery = flowsOf(scope.db, scope.user.tenantId, mine.map((k) => k.kind));
  const queries: PromiseLike<unknown[]>[] = mine.length ? [flowsQuery, ...reads.map((r) => r.query)] : [];
  /** the to-do from the queries' rows, in their order (a multi-step flow reads its documents' progress after) */
  async function finish(rows: unknown[][]): Promise<TodoItem[]> {
    if (!mine.length) return [];
    const [flowRows, ...pendingRows] = rows;
    const lists = await Promise.all(
      mine.map(async (k, i) => {
        const flow: FlowStep[] = (flowRows as Awaited<typeof flowsQuery>).filter((s) => s.kind === k.kind);
        const pending = reads[i]!.docs(pendingRows[i]!).filter((d) => d.ownerId !== scope.user.id);
        if (!pending.length) return [];
        const ids = pending.map((d) => d.id);
        // a flow of one step (or none) needs no progress: step 1 decides; without thresholds every document takes the flow
        const [progress, flows] = await Promise.all([flow.length > 1 ? progressByDocument(scope.db, scope.user.tenantId, k.kind, ids) : null, hasThresholds(k, flow) ? documentFlows(scope, k, ids, flow) : null]);
        const stepOf = (id: number) => progress?.get(id)!.step ?? 1;
        const flowOfDoc = (id: number) => flows?.get(id) ?? flow;
        return pending
          .filter((d) => decides(flowOfDoc(d.id)[stepOf(d.id) - 1], actor, k.approveCode))
          .map((d) => ({ kind: k.kind, title: k.title, id: d.id, label: d.label, step: stepOf(d.id), steps: Math.max(1, flowOfDoc(d.id).length), href: k.href(d.id), createdAt: d.createdAt }));
      }),
    );
    return lists.flat().sort((a, b) => b.createdAt - a.createdAt);
  }
  return { queries, finish };
}

/** What waits on the user across the registered kinds, newest first (at most `limit` a kind): one round trip. */
export async function todoFor(scope: RequestScope, kinds: readonly ApprovalKind[], limit = 50): Promise<TodoItem[]> {
  const { queries, finish } = todoReads(scope, kinds, limit);
  if (!queries.length) return finish([]);
  // each select alone when one cannot join a D1 batch
  const rows = queries.every(batchableSelect) ? await batch(scope.db, queries as [PromiseLike<unknown[]>, ...PromiseLike<unknown[]>[]]) : await Promise.all(queries);
  return finish(rows as unknown[][]);
}

/** One step of a document's approval as the page shows it (app/ui/steps.tsx). */
export interface StepView {
  /** the approver: a role's or a user's name, or null for "holders of the approve code" */
  approver: string | null;
  approverType: "role" | "user" | "code";
  state: "done" | "current" | "refused" | "waiting";
  who?: string;
  at?: number;
  note?: string;
}

/** A document's approval as shown on it: the steps of its current round and everything recorded. */
export interface ApprovalHistory {
  steps: StepView[];
  records: { action: ApprovalAction; who: string; at: number; note: string | null; stepNo: number | null; round: number }[];
}

/** A document's approval as shown on it: the steps that apply to it (its effective flow) and every record. */
export async function historyOf(scope: RequestScope, kind: ApprovalKind, id: number, state: number): Promise<ApprovalHistory> {
  const tenantId = scope.user.tenantId;
  const [flows, progress] = await Promise.all([documentFlows(scope, kind, [id]), progressByDocument(scope.db, tenantId, kind.kind, [id])]);
  const flow = flows.get(id)!;
  const p = progress.get(id)!;
  const userIds = [...new Set([...p.records.map((r) => r.actorId), ...flow.filter((s) => s.approverType === "user").map((s) => s.approverId)])];
  const roleIds = flow.filter((s) => s.approverType === "role").map((s) => s.approverId);
  const [userRows, roleRows] = await Promise.all([
    userIds.length ? scope.db.select({ id: users.id, name: users.userName }).from(users).where(and(ofTenant(users, tenantId), inArray(users.id, userIds))) : Promise.resolve([]),
    roleIds.length ? scope.db.select({ id: roles.id, name: roles.name }).from(roles).where(and(ofTenant(roles, tenantId), inArray(roles.id, roleIds))) : Promise.resolve([]),
  ]);
  const userName = new Map(userRows.map((u) => [u.id, u.name]));
  const roleName = new Map(roleRows.map((r) => [r.id, r.name]));
  const decisions = new Map(p.records.filter((r) => r.round === p.round && (r.action === "approve" || r.action === "refuse")).map((r) => [r.stepNo!, r]));
  const plan: (FlowStep | null)[] = flow.length ? flow : [null];
  const steps = plan.map((s, i): StepView => {
    const no = i + 1;
    const d = decisions.get(no);
    const base = { approver: s ? ((s.approverType === "user" ? userName.get(s.approverId) : roleName.get(s.approverId)) ?? `#${s.approverId}`) : null, approverType: s ? s.approverType : ("code" as const) };
    if (d) return { ...base, state: d.action === "approve" ? "done" : "refused", who: userName.get(d.actorId) ?? `#${d.actorId}`, at: d.createdAt, note: d.note ?? undefined };
    return { ...base, state: state === kind.states.pending && no === p.step ? "current" : "waiting" };
  });
  return { steps, records: p.records.map((r) => ({ action: r.action, who: userName.get(r.actorId) ?? `#${r.actorId}`, at: r.createdAt, note: r.note, stepNo: r.stepNo, round: r.round })) };
}
