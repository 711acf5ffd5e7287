/**
 * The collection acts on an overdue contract (催款记录, 负责人变更, 延期申请, 超期付款, 坏账转出, 诉讼, 停机申请): the posted form's
 * schema, the judge-status checks before saving (spec §5), the save (an urge recorded as approved; the others saved
 * and submitted into approval on the engine, kind `collection`), the machine and the approval kind.
 */
import { auditRecord } from "~/modules/resource/command.server";
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { batch } from "../../../db/client";
import { isUniqueFailure } from "../../../db/guard";
import { collectionActions, contractLines, contracts, users } from "../../../db/schema";
import { visibleOrgRowWhere } from "../../../db/rules/data-scope";
import { ofTenant, tenantWhere, withTenant } from "../../../db/tenant";
import { centsOf, formatCents } from "~/lib/cents";
import { todayInZone } from "~/lib/tenant-clock";
import type { Message } from "~/i18n/keys";
import type { RequestScope } from "~/modules/access/access.server";
import { allTenantFiles } from "~/modules/files/files.server";
import type { FieldErrors } from "~/modules/resource/resource.server";
import { approvalPlan, pendingRead, type ApprovalKind } from "~/modules/workflow/approval.server";
import { runTransition, type Machine } from "~/modules/workflow/engine.server";
import { overdueContracts } from "./ageing.server";
import { ACT_APPROVAL_STATES, ACT_KINDS, ACT_STATE, LAWSUIT_STAGES, OPEN_ACT_STATES, OVERDUE_APPROVE_CODE, URGE_WAYS, collectionStates, type ActKind, type ActStateRow } from "./overdue";
import { line, note, optionalDay } from "~/lib/form-fields";
import { ENABLED } from "~/modules/workflow/enablement";

const text = (max: number) =>
  z
    .string()
    .default("")
    .pipe(line().max(max, `overdue:tooLong|${max}`))
    .transform((v) => v || null);
const optionalCents = z
  .string()
  .default("")
  .pipe(line())
  .refine((v) => v === "" || (centsOf(v) ?? -1) > 0, "overdue:amountInvalid")
  .transform((v) => (v === "" ? null : centsOf(v)));
const optionalId = z
  .string()
  .default("")
  .pipe(line())
  .refine((v) => v === "" || /^\d{1,9}$/.test(v), "overdue:personUnknown")
  .transform((v) => (v === "" ? null : Number(v)));

/** The posted act: every kind's fields, the kind's own required ones checked after. */
export const ActSchema = z
  .object({
    kind: z.enum(ACT_KINDS, { message: "overdue:kindUnknown" }),
    contractId: line().regex(/^\d{1,9}$/, "overdue:contractUnknown").transform(Number),
    actedOn: optionalDay(),
    way: z.enum(["", ...URGE_WAYS]).default(""),
    personId: optionalId,
    promisedOn: optionalDay(),
    promised: optionalCents,
    nextOn: optionalDay(),
    untilOn: optionalDay(),
    amount: optionalCents,
    court: text(100),
    caseNumber: text(50),
    stage: z.enum(["", ...LAWSUIT_STAGES]).default(""),
    content: note().min(1, "overdue:contentRequired").max(500, "overdue:tooLong|500"),
    // the upload widget's files: this tenant's file ids only (checked in checkAct), never free text
    attachments: line()
      .default("")
      .refine((v) => v === "" || /^\d{1,12}(,\d{1,12}){0,19}$/.test(v), "overdue:files")
      .transform((v) => (v === "" ? [] : [...new Set(v.split(",").map(Number))])),
    /** a stop-machine proposal's machines, posted as checkboxes (joined by commas) */
    vehicleIds: z
      .string()
      .default("")
      .pipe(line())
      .refine((v) => v === "" || /^\d{1,9}(,\d{1,9}){0,99}$/.test(v), "overdue:machineNotOnContract")
      .transform((v) => (v === "" ? [] : [...new Set(v.split(",").map(Number))])),
  })
  .superRefine((v, ctx) => {
    const need = (path: string, ok: unknown, message: Message) => {
      if (ok === null || ok === "" || ok === undefined) ctx.addIssue({ code: "custom", path: [path], message });
    };
    if (v.kind === "urge") {
      need("way", v.way, "overdue:wayRequired");
      need("personId", v.personId, "overdue:personRequired");
    }
    if (v.kind === "personChange") need("personId", v.personId, "overdue:personRequired");
    if (v.kind === "delay") need("untilOn", v.untilOn, "overdue:untilRequired");
    if (v.kind === "badDebt" || v.kind === "overtimePayment") need("amount", v.amount, "overdue:amountRequired");
    if (v.kind === "lawsuit") {
      need("court", v.court, "overdue:courtRequired");
      need("caseNumber", v.caseNumber, "overdue:caseRequired");
      need("amount", v.amount, "overdue:amountRequired");
      need("stage", v.stage, "overdue:stageRequired");
    }
    if (v.kind === "stopMachine" && !v.vehicleIds.length) ctx.addIssue({ code: "custom", path: ["vehicleIds"], message: "overdue:machinesRequired" });
  });
export type ActValues = z.infer<typeof ActSchema>;

/** The kinds that need the contract overdue: a delay, a bad debt, a lawsuit or a stop of nothing owed makes no sense. */
const NEEDS_OVERDUE: readonly ActKind[] = ["urge", "delay", "badDebt", "lawsuit", "stopMachine"];

/** The machines on the contract's lines today (on rent, not yet off rent): what a stop-machine proposal may name. */
export async function machinesOnContract(scope: RequestScope, contractId: number, today: string) {
  return scope.db
    .select({ id: contractLines.vehicleId, plate: sql<string>`(select v.plate from vehicles v where v.id = ${contractLines.vehicleId})` })
    .from(contractLines)
    .where(tenantWhere(contractLines, scope, eq(contractLines.contractId, contractId), sql`${contractLines.vehicleId} is not null`, sql`${contractLines.onRentOn} <= ${today}`, sql`(${contractLines.offRentOn} is null or ${contractLines.offRentOn} >= ${today})`))
    .orderBy(contractLines.lineNo) as Promise<{ id: number; plate: string }[]>;
}

/** The contract (revision in force) a user may act on: the tenant's, inside their data scope. */
export async function actContract(scope: RequestScope, id: number) {
  const [row] = await scope.db
    .select({ id: contracts.id, number: contracts.number, name: contracts.name, orgId: contracts.orgId, rootId: sql<number>`coalesce(${contracts.rootId}, ${contracts.id})`, current: contracts.current })
    .from(contracts)
    .where(tenantWhere(contracts, scope, eq(contracts.id, id), visibleOrgRowWhere(scope, contracts.orgId)));
  return row ?? null;
}

/**
 * The judge-status checks before saving (spec §5), each refused next to its field in the user's language: the contract
 * is the tenant's, in scope and in force; it is overdue (an urge, a delay, a bad debt or a lawsuit); a delay's day is
 * after today; a bad debt is not above what is unpaid; a lawsuit's case number is new in the tenant; the person is an
 * enabled user of the tenant; a stop names only machines on the contract's lines today; no other act of the kind is open
 * (draft or in approval) on the contract.
 */
export async function checkAct(scope: RequestScope, v: ActValues): Promise<FieldErrors> {
  const contract = await actContract(scope, v.contractId);
  if (!contract || !contract.current) return { contractId: "overdue:contractUnknown" };
  const today = todayInZone(scope.user.timeZone);
  const errors: FieldErrors = {};
  const [overdue, person, open, sameCase, machines] = await Promise.all([
    overdueContracts(scope, undefined, [contract.id]),
    v.personId === null
      ? Promise.resolve([])
      : scope.db
          .select({ id: users.id })
          .from(users)
          .where(tenantWhere(users, scope, eq(users.id, v.personId), eq(users.state, ENABLED))),
    v.kind === "urge"
      ? Promise.resolve([])
      : scope.db
          .select({ id: collectionActions.id })
          .from(collectionActions)
          .innerJoin(contracts, eq(contracts.id, collectionActions.contractId))
          .where(tenantWhere(collectionActions, scope, eq(collectionActions.kind, v.kind), inArray(collectionActions.state, [...OPEN_ACT_STATES]), sql`coalesce(${contracts.rootId}, ${contracts.id}) = ${contract.rootId}`))
          .limit(1),
    v.kind === "lawsuit" && v.caseNumber
      ? scope.db
          .select({ id: collectionActions.id })
          .from(collectionActions)
          .where(tenantWhere(collectionActions, scope, eq(collectionActions.kind, "lawsuit"), eq(collectionActions.caseNumber, v.caseNumber), ne(collectionActions.state, ACT_STATE.abandoned)))
          .limit(1)
      : Promise.resolve([]),
    v.kind === "stopMachine" ? machinesOnContract(scope, contract.id, today) : Promise.resolve([]),
  ]);
  const unpaid = overdue[0]?.totalCents ?? 0;
  if (NEEDS_OVERDUE.includes(v.kind) && unpaid <= 0) return { contractId: "overdue:notOverdue" };
  if (v.kind === "delay" && v.untilOn !== null && v.untilOn <= today) errors.untilOn = "overdue:delayAfterToday";
  if (v.kind === "badDebt" && v.amount !== null && v.amount > unpaid) errors.amount = `overdue:badDebtAboveUnpaid|${formatCents(unpaid)}`;
  if (v.kind === "lawsuit" && sameCase.length) errors.caseNumber = "overdue:caseTaken";
  if (v.kind === "stopMachine" && v.vehicleIds.some((id) => !machines.some((m) => m.id === id))) errors.vehicleIds = "overdue:machineNotOnContract";
  if (v.personId !== null && !person.length) errors.personId = "overdue:personUnknown";
  if (open.length) errors.kind = "overdue:alreadyOpen";
  if (v.actedOn !== null && v.actedOn > today) errors.actedOn = "overdue:actedInFuture";
  if (!(await allTenantFiles(scope.db, scope.user.tenantId, v.attachments))) errors.attachments = "overdue:files";
  return errors;
}

/**
 * Saves an act after its checks: an urge as approved (done), the others as a draft submitted at once into approval on
 * the engine (the submit writes the approval record of the round). Answers the act's id, or the refusals.
 */
export async function saveAct(scope: RequestScope, v: ActValues): Promise<{ id: number } | { errors: FieldErrors }> {
  const errors = await checkAct(scope, v);
  if (Object.keys(errors).length) return { errors };
  const contract = (await actContract(scope, v.contractId))!;
  const now = Date.now();
  const urge = v.kind === "urge";
  const values = withTenant(scope, {
    orgId: contract.orgId,
    contractId: contract.id,
    kind: v.kind,
    actedOn: v.actedOn ?? todayInZone(scope.user.timeZone),
    way: v.way || null,
    personId: v.personId,
    promisedOn: v.promisedOn,
    promisedCents: v.promised,
    nextOn: v.nextOn,
    untilOn: v.untilOn,
    amountCents: v.amount,
    court: v.court,
    caseNumber: v.caseNumber,
    stage: v.stage || null,
    content: v.content,
    attachments: v.attachments.length ? v.attachments.join(",") : null,
    vehicleIds: v.kind === "stopMachine" ? JSON.stringify(v.vehicleIds) : null,
    state: urge ? ACT_STATE.approved : ACT_STATE.draft,
    creatorId: scope.user.id,
    createdAt: now,
    updatedAt: now,
    doneAt: urge ? now : null,
  });
  let inserted: { id: number }[];
  try {
    [inserted] = await batch(scope.db, [
      scope.db.insert(collectionActions).values(values).returning({ id: collectionActions.id }),
      auditRecord(scope, { entity: "collectionAction", action: "create", id: sql`(select max(${collectionActions.id}) from ${collectionActions})`, after: values }),
    ]);
  } catch (error) {
    // a concurrent save took the rule first (migration 0033: one open act of a kind, one lawsuit a case number): the
    // checks, run again, now see it and word the refusal
    if (!isUniqueFailure(error)) throw error;
    const again = await checkAct(scope, v);
    if (Object.keys(again).length) return { errors: again };
    throw error;
  }
  const id = inserted[0]!.id;
  if (!urge) {
    const submitted = await runTransition(scope, collectionMachine, "submit", [id], {});
    if (!submitted.ok) return { errors: { form: submitted.refusal.message } };
  }
  return { id };
}

/** A contract's acts, newest first, with the names of the people and of who recorded them. */
export async function actsOf(scope: RequestScope, rootId: number) {
  return scope.db
    .select({
      id: collectionActions.id,
      version: collectionActions.version,
      kind: collectionActions.kind,
      state: collectionActions.state,
      actedOn: collectionActions.actedOn,
      way: collectionActions.way,
      personId: collectionActions.personId,
      personName: sql<string | null>`(select u.user_name from users u where u.id = ${collectionActions.personId})`,
      promisedOn: collectionActions.promisedOn,
      promisedCents: collectionActions.promisedCents,
      nextOn: collectionActions.nextOn,
      untilOn: collectionActions.untilOn,
      amountCents: collectionActions.amountCents,
      court: collectionActions.court,
      caseNumber: collectionActions.caseNumber,
      stage: collectionActions.stage,
      content: collectionActions.content,
      attachments: collectionActions.attachments,
      plates: sql<string | null>`(select group_concat(v.plate, '、') from vehicles v where v.id in (select value from json_each(${collectionActions.vehicleIds})))`,
      creatorId: collectionActions.creatorId,
      creatorName: sql<string | null>`(select u.user_name from users u where u.id = ${collectionActions.creatorId})`,
    })
    .from(collectionActions)
    .innerJoin(contracts, eq(contracts.id, collectionActions.contractId))
    .where(and(ofTenant(collectionActions, scope), sql`coalesce(${contracts.rootId}, ${contracts.id}) = ${rootId}`, visibleOrgRowWhere(scope, collectionActions.orgId)))
    .orderBy(desc(collectionActions.actedOn), desc(collectionActions.id))
    .limit(200);
}
export type ActRow = Awaited<ReturnType<typeof actsOf>>[number];

/** The contract an act belongs to (the to-do links to an act). */
export async function contractOfAct(scope: RequestScope, actId: number): Promise<number | null> {
  const [row] = await scope.db
    .select({ contractId: collectionActions.contractId })
    .from(collectionActions)
    .where(tenantWhere(collectionActions, scope, eq(collectionActions.id, actId), visibleOrgRowWhere(scope, collectionActions.orgId)));
  return row?.contractId ?? null;
}

/** Collection acts as a kind of approved document: the to-do and 审批流程 list them; a bad debt's or lawsuit's amount meets the thresholds. */
export const collectionApprovalKind: ApprovalKind = {
  kind: "collection",
  title: "screens:/overdueContract",
  href: (docId) => `/overdueContract/contract?act=${docId}`,
  approveCode: OVERDUE_APPROVE_CODE,
  states: ACT_APPROVAL_STATES,
  pending: (scope, limit) =>
    pendingRead(
      scope.db
        .select({ id: collectionActions.id, kind: collectionActions.kind, number: contracts.number, creatorId: collectionActions.creatorId, createdAt: collectionActions.createdAt })
        .from(collectionActions)
        .innerJoin(contracts, eq(contracts.id, collectionActions.contractId))
        .where(tenantWhere(collectionActions, scope, eq(collectionActions.state, ACT_STATE.inApproval), visibleOrgRowWhere(scope, collectionActions.orgId)))
        .orderBy(desc(collectionActions.createdAt), desc(collectionActions.id))
        .limit(limit),
      (r) => ({ id: r.id, label: `${r.number} ${KIND_LABEL[r.kind]}`, ownerId: r.creatorId, createdAt: r.createdAt }),
    ),
  amountOf: (scope, ids) =>
    scope.db
      .select({ id: collectionActions.id, cents: collectionActions.amountCents })
      .from(collectionActions)
      .where(tenantWhere(collectionActions, scope, inArray(collectionActions.id, ids))),
};

/** The to-do's label names the act in both languages (it has no number of its own). */
const KIND_LABEL: Record<ActKind, string> = {
  urge: "催款记录 / Urge",
  personChange: "负责人变更 / Person change",
  delay: "延期申请 / Delay",
  overtimePayment: "超期付款 / Overtime payment",
  badDebt: "坏账转出 / Bad debt",
  lawsuit: "诉讼 / Lawsuit",
  stopMachine: "停机申请 / Stop machines",
};

export const collectionMachine: Machine<ActStateRow> = {
  view: collectionStates,
  table: collectionActions,
  stateKey: "state",
  load: (scope, ids) =>
    scope.db
      .select({ id: collectionActions.id, version: collectionActions.version, state: collectionActions.state, kind: collectionActions.kind, creatorId: collectionActions.creatorId })
      .from(collectionActions)
      .where(tenantWhere(collectionActions, scope, inArray(collectionActions.id, ids), visibleOrgRowWhere(scope, collectionActions.orgId))),
  label: (r) => `${KIND_LABEL[r.kind]} #${r.id}`,
  plan: approvalPlan<ActStateRow>(collectionApprovalKind),
  // a refused act submitted again while another of its kind is open on the contract (migration 0033)
  conflicts: [{ rule: "collection_actions.one_open", refusal: { message: "overdue:alreadyOpen", status: 409 } }],
};
