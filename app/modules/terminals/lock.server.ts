/**
 * 锁车任务's server half: the list (each task with what its command shows), a new task (one a machine), the lock
 * approval (kind `lockTask`: a lock of a machine on rent waits for it, and its last approval queues the command in the
 * same batch), and an overdue contract's approved 停机申请 turned into lock tasks by hand. docs/terminals.md.
 */
import { and, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { collectionActions, contracts, terminalCommands, users, vehicles } from "../../../db/schema";
import { visibleOrgRowWhere, visibleVehicleIdWhere } from "../../../db/rules/data-scope";
import { ofTenant, sameTenant, tenantOfOuter, tenantWhere, withTenant } from "../../../db/tenant";
import { line, note } from "~/lib/form-fields";
import { stampInZone, todayInZone } from "~/lib/tenant-clock";
import type { RequestScope } from "~/modules/access/access.server";
import { runCommand, type CommandStep } from "~/modules/resource/command.server";
import { containing, defineResource, fieldErrors, refusedWrites, withLimit, type FieldErrors } from "~/modules/resource/resource.server";
import { takeNumber } from "~/modules/numbering/numbering.server";
import { ACT_STATE } from "~/modules/overdue/overdue";
import { machineMatches, parsePlates, resolvePlates } from "~/modules/telematics/vehicle-choice.server";
import { approvalPlan, pendingRead, type ApprovalKind } from "~/modules/workflow/approval.server";
import { runTransition, type Machine } from "~/modules/workflow/engine.server";
import { commandsQueued, commandTargets, latestCommandOf, machinesOnRent, queueCommand, type OnRent } from "./commands.server";
import { lockTaskView } from "./lock.resource";
import { lockTasks } from "./tables.server";
import {
  COMMAND_STATE,
  isLocking,
  LOCK_APPROVE_CODE,
  LOCK_APPROVAL_STATES,
  LOCK_COMMAND_TTL_MS,
  LOCK_OPERATIONS,
  LOCK_PATH,
  LOCK_TASK_STATE,
  lockTaskStates,
  type LockOperation,
  type LockTaskShown,
  type LockTaskStateRow,
} from "./terminals";

/** SC-202612-0001 */
export const LOCK_NUMBERING = { kind: "lockTask", prefix: "SC" } as const;
/** How many machines one lock act may name. */
export const LOCK_VEHICLES_MAX = 50;

const C = terminalCommands;
/** A task is seen with its machine. */
const inScope = (scope: Pick<RequestScope, "user">) => visibleVehicleIdWhere(scope, lockTasks.vehicleId);

/** What a task shows: its approval until it is approved, then its command's state. */
const shownState = sql<LockTaskShown>`case ${lockTasks.state} when ${LOCK_TASK_STATE.approved} then coalesce(${C.state}, ${COMMAND_STATE.pending}) when ${LOCK_TASK_STATE.inApproval} then 'inApproval' when ${LOCK_TASK_STATE.refused} then 'refused' when ${LOCK_TASK_STATE.abandoned} then 'abandoned' else 'draft' end`;
const APPROVAL_SHOWN: Record<string, number> = { draft: LOCK_TASK_STATE.draft, inApproval: LOCK_TASK_STATE.inApproval, refused: LOCK_TASK_STATE.refused, abandoned: LOCK_TASK_STATE.abandoned };
const COMMAND_SHOWN: readonly string[] = Object.values(COMMAND_STATE);
const creatorName = sql<string | null>`(select ${users.userName} from ${users} where ${users.id} = ${lockTasks.creatorId} and ${tenantOfOuter(users, lockTasks)})`;
const contractNumber = sql<string | null>`(select ${contracts.number} from ${contracts} where ${contracts.id} = ${lockTasks.contractId} and ${tenantOfOuter(contracts, lockTasks)})`;

const listed = {
  id: lockTasks.id,
  version: lockTasks.version,
  number: lockTasks.number,
  vehicleId: lockTasks.vehicleId,
  plate: vehicles.plate,
  terminalNo: vehicles.terminalNo,
  operation: lockTasks.operation,
  state: lockTasks.state,
  shown: shownState.as("shown"),
  contractNumber: contractNumber.as("contract_number"),
  stopActId: lockTasks.stopActId,
  reason: lockTasks.reason,
  creatorId: lockTasks.creatorId,
  creatorName: creatorName.as("creator_name"),
  createdAt: lockTasks.createdAt,
  sentAt: C.sentAt,
  doneAt: C.doneAt,
  expiresAt: C.expiresAt,
  result: C.result,
};

export const lockTaskResource = defineResource({
  view: lockTaskView,
  table: lockTasks,
  selectRows: (db, where, orderBy, limit, offset) =>
    withLimit(
      db
        .select(listed)
        .from(lockTasks)
        .innerJoin(vehicles, and(eq(vehicles.id, lockTasks.vehicleId), sameTenant(vehicles, lockTasks)))
        .leftJoin(C, and(eq(C.id, lockTasks.commandId), sameTenant(C, lockTasks)))
        .where(where)
        .orderBy(...orderBy)
        .offset(offset),
      limit,
    ),
  // the list's total is counted from the tasks alone: every condition reads the task or an exists
  filters: {
    q: (v) => or(containing(lockTasks.number, v), machineMatches(lockTasks.vehicleId, lockTasks, v), sql`exists (select 1 from ${vehicles} where ${vehicles.id} = ${lockTasks.vehicleId} and ${tenantOfOuter(vehicles, lockTasks)} and ${containing(vehicles.terminalNo, v)})`),
    operation: (v) => ((LOCK_OPERATIONS as readonly string[]).includes(v) ? eq(lockTasks.operation, v) : undefined),
    shown: (v) => {
      if (v in APPROVAL_SHOWN) return eq(lockTasks.state, APPROVAL_SHOWN[v]!);
      if (!COMMAND_SHOWN.includes(v)) return undefined;
      return and(eq(lockTasks.state, LOCK_TASK_STATE.approved), sql`exists (select 1 from ${C} where ${C.id} = ${lockTasks.commandId} and ${tenantOfOuter(C, lockTasks)} and ${C.state} = ${v})`);
    },
  },
  sortColumns: { number: lockTasks.number, createdAt: lockTasks.createdAt },
  defaultOrder: [desc(lockTasks.createdAt), desc(lockTasks.id)],
  ...refusedWrites,
  // the detail (?view=): the times in the tenant's zone, the stop it came from
  editValues: async (scope, row) => {
    const [task] = await scope.db
      .select(listed)
      .from(lockTasks)
      .innerJoin(vehicles, and(eq(vehicles.id, lockTasks.vehicleId), sameTenant(vehicles, lockTasks)))
      .leftJoin(C, and(eq(C.id, lockTasks.commandId), sameTenant(C, lockTasks)))
      .where(tenantWhere(lockTasks, scope, eq(lockTasks.id, row.id)));
    const at = (ms: number | null | undefined) => (ms ? stampInZone(ms, scope.user.timeZone, false) : null);
    return { ...task, stopAct: task?.stopActId ? `#${task.stopActId}` : null, createdText: at(task?.createdAt), sentText: at(task?.sentAt), doneText: at(task?.doneAt), expiresText: at(task?.expiresAt) };
  },
  auditView: (row) => row,
  scopeWhere: inScope,
});

/** The task's command, to join the batch that approves it (or makes it): queued, and named on the task. */
function queueLockWrites(scope: RequestScope, task: { id: number | SQL; vehicleId: number; operation: LockOperation }, now: number): CommandStep[] {
  return [
    queueCommand(scope, task.vehicleId, "lock", { operation: task.operation }, LOCK_COMMAND_TTL_MS, now),
    scope.db
      .update(lockTasks)
      .set({ commandId: latestCommandOf(scope.user.tenantId, task.vehicleId, "lock") })
      .where(tenantWhere(lockTasks, scope, sql`${lockTasks.id} = ${task.id}`)),
  ];
}


/** Locks of machines on rent as a kind of approved document: the to-do and 审批流程 list them. */
export const lockApprovalKind: ApprovalKind = {
  kind: "lockTask",
  title: "screens:/lockCarManage",
  href: (id) => `${LOCK_PATH}?view=${id}`,
  approveCode: LOCK_APPROVE_CODE,
  states: LOCK_APPROVAL_STATES,
  pending: (scope, limit) =>
    pendingRead(
      scope.db
        .select({ id: lockTasks.id, number: lockTasks.number, plate: sql<string>`${vehicles.plate}`.as("lock_plate"), operation: lockTasks.operation, creatorId: lockTasks.creatorId, createdAt: lockTasks.createdAt })
        .from(lockTasks)
        .innerJoin(vehicles, and(eq(vehicles.id, lockTasks.vehicleId), sameTenant(vehicles, lockTasks)))
        .where(tenantWhere(lockTasks, scope, eq(lockTasks.state, LOCK_TASK_STATE.inApproval), inScope(scope)))
        .orderBy(desc(lockTasks.createdAt), desc(lockTasks.id))
        .limit(limit),
      // the number and the machine: a label is one text for both languages (the operation is on the task's page)
      (r) => ({ id: r.id, label: `${r.number} ${r.plate}`, ownerId: r.creatorId, createdAt: r.createdAt }),
    ),
};

type LockTaskRow = LockTaskStateRow & { vehicleId: number; operation: LockOperation; number: string };

const approvalOfLocks = approvalPlan<LockTaskRow>(lockApprovalKind);

export const lockTaskMachine: Machine<LockTaskRow> = {
  view: lockTaskStates,
  table: lockTasks,
  stateKey: "state",
  load: (scope, ids) =>
    scope.db
      .select({ id: lockTasks.id, version: lockTasks.version, state: lockTasks.state, creatorId: lockTasks.creatorId, vehicleId: lockTasks.vehicleId, operation: sql<LockOperation>`${lockTasks.operation}`, number: lockTasks.number })
      .from(lockTasks)
      .where(tenantWhere(lockTasks, scope, inArray(lockTasks.id, ids), inScope(scope))),
  label: (r) => r.number,
  // the last approval queues the lock's command in the approval's own batch: approved and queued, or neither
  plan: async (scope, t, rows, input) => {
    const planned = await approvalOfLocks(scope, t, rows, input);
    if ("message" in planned || t.name !== "approve") return planned;
    const now = Date.now();
    const queued = rows.filter((r) => planned.to?.get(r.id) === LOCK_TASK_STATE.approved);
    return { ...planned, writes: [...(planned.writes ?? []), ...queued.flatMap((r) => queueLockWrites(scope, r, now) as PromiseLike<unknown>[])] };
  },
  after: async (scope, t, rows) => {
    if (t.name !== "approve") return;
    const queued = await scope.db
      .select({ vehicleId: lockTasks.vehicleId })
      .from(lockTasks)
      .where(tenantWhere(lockTasks, scope, inArray(lockTasks.id, rows.map((r) => r.id)), eq(lockTasks.state, LOCK_TASK_STATE.approved)));
    await commandsQueued(scope, queued.map((q) => q.vehicleId));
  },
};

/** The posted lock: the machines by plate (one a line), the operation, the reason (required for a lock). */
export const LockSchema = z
  .object({
    plates: z
      .string()
      .default("")
      .transform(parsePlates)
      .pipe(z.array(z.string()).min(1, "terminals:platesRequired").max(LOCK_VEHICLES_MAX, `terminals:tooManyVehicles|${LOCK_VEHICLES_MAX}`)),
    operation: z.enum(LOCK_OPERATIONS, { message: "terminals:operationRequired" }),
    reason: note().max(200, "terminals:tooLong|200").default(""),
    stopActId: line()
      .default("")
      .refine((v) => v === "" || /^\d{1,9}$/.test(v), "terminals:stopUnknown")
      .transform((v) => (v === "" ? null : Number(v))),
  })
  .superRefine((v, ctx) => {
    if (isLocking(v.operation) && !v.reason) ctx.addIssue({ code: "custom", path: ["reason"], message: "terminals:reasonRequired" });
  });

/** An approved 停机申请 of an overdue contract the user sees: its contract and machines. */
export async function approvedStop(scope: RequestScope, actId: number) {
  const [act] = await scope.db
    .select({ id: collectionActions.id, contractId: collectionActions.contractId, vehicleIds: collectionActions.vehicleIds, number: contracts.number })
    .from(collectionActions)
    .innerJoin(contracts, and(eq(contracts.id, collectionActions.contractId), sameTenant(contracts, collectionActions)))
    .where(tenantWhere(collectionActions, scope, eq(collectionActions.id, actId), eq(collectionActions.kind, "stopMachine"), eq(collectionActions.state, ACT_STATE.approved), visibleOrgRowWhere(scope, collectionActions.orgId)));
  if (!act) return null;
  const ids = (JSON.parse(act.vehicleIds ?? "[]") as unknown[]).filter((x): x is number => Number.isSafeInteger(x));
  const plates = ids.length
    ? await scope.db
        .select({ id: vehicles.id, plate: vehicles.plate })
        .from(vehicles)
        .where(tenantWhere(vehicles, scope, inArray(vehicles.id, ids)))
    : [];
  return { id: act.id, contractId: act.contractId, contractNumber: act.number, vehicles: plates };
}

export type LockOutcome =
  | { ok: true; queued: number; inApproval: number }
  /** a lock of machines on rent, not yet confirmed: each named with its contract, to type its plate again */
  | { ok: false; status: 400 | 409; errors: FieldErrors; confirm?: OnRent[] };

/** The typed plates of the second confirmation, `confirm_<vehicleId>`, matched case-blind. */
function confirmedAll(form: FormData, onRent: readonly OnRent[]): boolean {
  return onRent.every((m) => String(form.get(`confirm_${m.vehicleId}`) ?? "").trim().toUpperCase() === m.plate.toUpperCase());
}

/**
 * Lock tasks for the machines posted, one a machine. A machine on rent today (a contract in force) that the operation
 * would lock asks a second confirmation (its plate typed again) and then waits for approval; unless the task comes
 * from the contract's approved 停机申请 naming that machine, whose approval stands for it. Everything else is queued
 * at once: the tasks, their commands and the audit record in one batch, the hub told after it.
 */
export async function createLockTasks(scope: RequestScope, form: FormData, values: Record<string, unknown>): Promise<LockOutcome> {
  const parsed = LockSchema.safeParse(values);
  if (!parsed.success) return { ok: false, status: 400, errors: fieldErrors(parsed.error) };
  const v = parsed.data;
  const { vehicles: found, refused } = await resolvePlates(scope, v.plates, "visible");
  if (refused.length) return { ok: false, status: 400, errors: { plates: `terminals:platesRefused|${refused.join("、")}` } };
  const targets = await commandTargets(scope, found.map((f) => f.id));
  if ("refusal" in targets) return { ok: false, status: 400, errors: { plates: targets.refusal } };
  const stop = v.stopActId === null ? null : await approvedStop(scope, v.stopActId);
  if (v.stopActId !== null) {
    if (!stop) return { ok: false, status: 400, errors: { form: "terminals:stopUnknown" } };
    if (!isLocking(v.operation) || v.operation === "close") return { ok: false, status: 400, errors: { operation: "terminals:stopOperation" } };
    const named = new Set(stop.vehicles.map((m) => m.id));
    const outside = targets.targets.find((m) => !named.has(m.id));
    if (outside) return { ok: false, status: 400, errors: { plates: `terminals:notInStop|${outside.plate}` } };
  }
  const onRent = isLocking(v.operation) ? await machinesOnRent(scope, targets.targets.map((m) => m.id), todayInZone(scope.user.timeZone)) : [];
  if (onRent.length && !confirmedAll(form, onRent)) return { ok: false, status: 409, errors: form.has("confirming") ? { confirm: "terminals:confirmPlates" } : {}, confirm: onRent };

  const now = Date.now();
  const rented = new Map(onRent.map((m) => [m.vehicleId, m]));
  const steps: CommandStep[] = [];
  const waiting: number[] = [];
  for (const m of targets.targets) {
    const contract = rented.get(m.id);
    // a lock of a machine on rent needs its approval, unless the contract's approved stop names it
    const needsApproval = Boolean(contract) && !stop;
    const { bump, value } = takeNumber(scope.db, scope.user.tenantId, LOCK_NUMBERING, now, scope.user.timeZone);
    steps.push(
      bump,
      scope.db
        .insert(lockTasks)
        .values(withTenant(scope, { number: value, vehicleId: m.id, operation: v.operation, reason: v.reason || null, contractId: contract?.contractId ?? stop?.contractId ?? null, stopActId: stop?.id ?? null, state: needsApproval ? LOCK_TASK_STATE.draft : LOCK_TASK_STATE.approved, creatorId: scope.user.id, createdAt: now, updatedAt: now }))
        .returning({ id: lockTasks.id }),
    );
    if (needsApproval) waiting.push(steps.length - 1);
    else steps.push(...queueLockWrites(scope, { id: sql`(select max(${lockTasks.id}) from ${lockTasks} where ${ofTenant(lockTasks, scope)})`, vehicleId: m.id, operation: v.operation }, now));
  }
  const done = await runCommand(scope, steps, {
    entity: "lockTask",
    action: "create",
    id: sql`(select max(${lockTasks.id}) from ${lockTasks} where ${ofTenant(lockTasks, scope)})`,
    after: { plates: targets.targets.map((m) => m.plate).join("、"), operation: v.operation, reason: v.reason || null, stopActId: stop?.id ?? null },
  });
  if (!done.ok) return { ok: false, status: 409, errors: { form: "resource:stale" } };
  const draftIds = waiting.map((i) => (done.results[i] as { id: number }[])[0]!.id);
  if (draftIds.length) {
    const submitted = await runTransition(scope, lockTaskMachine, "submit", draftIds, {});
    if (!submitted.ok) return { ok: false, status: 409, errors: { form: submitted.refusal.message } };
  }
  const queued = targets.targets.filter((m) => !rented.has(m.id) || stop);
  await commandsQueued(scope, queued.map((m) => m.id));
  return { ok: true, queued: queued.length, inApproval: draftIds.length };
}
