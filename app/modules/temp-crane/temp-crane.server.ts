/**
 * 临时吊车 on the server: the application resource (numbered LD-202611-0001), the judge-status checks before saving,
 * the approval kind and the transitions. Approved, an application becomes a draft zero-rent (零租) contract with one
 * line of the crane for its days, or a line on the project contract it names while that contract is still a draft;
 * either way in the approval's own batch, and `result_contract_id` names the contract.
 */
import { auditRecord } from "~/modules/resource/command.server";
import { and, desc, eq, gte, inArray, lte, or, sql } from "drizzle-orm";
import { z } from "zod";
import { contractLines, contracts, customers, organisations, tempCraneApplications } from "../../../db/schema";
import { expectChanges } from "../../../db/guard";
import { visibleOrgRowWhere } from "../../../db/rules/data-scope";
import { sameTenant, tenantOfOuter, tenantWhere, withTenant } from "../../../db/tenant";
import { formatCents } from "~/lib/cents";
import { parseDay } from "~/lib/calendar";
import type { Message } from "~/i18n/keys";
import type { RequestScope } from "~/modules/access/access.server";
import { CONTRACT_STATE, EDITABLE_STATES } from "~/modules/contracts/contracts.resource";
import { CONTRACT_NUMBERING } from "~/modules/contracts/contracts.server";
import { takeNumber } from "~/modules/numbering/numbering.server";
import { customerExposure } from "~/modules/parties/exposure.server";
import { mayAssignOrg } from "~/modules/access/orgs.server";
import { partyOptions } from "~/modules/parties/party.server";
import { type BatchItem, containing, defineResource, type FieldErrors, referenceContaining, withLimit } from "~/modules/resource/resource.server";
import type { Option } from "~/modules/resource/route.server";
import { visibleCustomers } from "~/modules/visits/visit.server";
import { approvalPlan, pendingRead, type ApprovalKind } from "~/modules/workflow/approval.server";
import type { Machine, Plan } from "~/modules/workflow/engine.server";
import type { Refusal } from "~/modules/workflow/machine";
import { APPLICATION_APPROVAL_STATES, APPLICATION_EDITABLE, APPLICATION_STATE, CRANE_TYPES, TEMP_CRANE_APPROVE_CODE, tempCraneStates, tempCraneView, type TempCraneStateRow } from "./temp-crane.resource";
import { day, line, note } from "~/lib/form-fields";
import { ENABLED } from "~/modules/workflow/enablement";

export const TEMP_CRANE_NUMBERING = { field: "number", kind: "tempCrane", prefix: "LD" } as const;

/** The contract states a project contract may still be named in (draft to executing, or sent back). */
const LIVE_CONTRACT_STATES = [CONTRACT_STATE.draft, CONTRACT_STATE.inApproval, CONTRACT_STATE.approved, CONTRACT_STATE.executing, CONTRACT_STATE.refused];

const text = (max: number) =>
  z
    .string()
    .default("")
    .pipe(line().max(max, `tempCrane:tooLong|${max}`))
    .transform((v) => v || null);
const id = (message: Message) =>
  z
    .string()
    .default("")
    .pipe(line())
    .refine((v) => v === "" || /^\d{1,9}$/.test(v), message)
    .transform((v) => (v === "" ? null : Number(v)));
const dayField = z.string().default("").pipe(day());

export const TempCraneSchema = z
  .object({
    customerId: line().regex(/^\d{1,9}$/, "tempCrane:customerRequired").transform(Number),
    contractId: id("tempCrane:projectUnknown"),
    equipmentType: z.enum(CRANE_TYPES.map((t) => t.value) as [string, ...string[]], { message: "tempCrane:typeRequired" }),
    spec: text(30),
    fromOn: dayField,
    toOn: dayField,
    site: text(100),
    orgId: id("tempCrane:notFound"),
    reason: note().min(1, "tempCrane:reasonRequired").max(200, "tempCrane:tooLong|200"),
  })
  .superRefine((v, ctx) => {
    if (v.toOn < v.fromOn) ctx.addIssue({ code: "custom", path: ["toOn"], message: "tempCrane:datesOrder" });
  });
type TempCraneValues = z.infer<typeof TempCraneSchema>;

/**
 * The judge-status checks (spec §5) that need the database: the customer is the tenant's, within the user's data scope,
 * enabled and not over its credit limit (the application carries no price, so it cannot ask for an over-limit reason
 * as a contract does: finance raises the limit or the customer pays first); a project contract named is the same
 * customer's revision in force, still live; the organisation one the user may assign; only a draft or a refused
 * application is edited.
 */
export async function checkTempCrane(scope: RequestScope, v: TempCraneValues, current?: typeof tempCraneApplications.$inferSelect): Promise<FieldErrors> {
  if (current && !APPLICATION_EDITABLE.includes(current.state)) return { form: "tempCrane:readOnly" };
  const errors: FieldErrors = {};
  const [customer, project, orgOk, exposures] = await Promise.all([
    scope.db
      .select({ id: customers.id, state: customers.state })
      .from(customers)
      .where(tenantWhere(customers, scope, eq(customers.id, v.customerId), visibleOrgRowWhere(scope, customers.orgId))),
    v.contractId === null
      ? Promise.resolve([])
      : scope.db
          .select({ id: contracts.id, kind: contracts.kind, customerId: contracts.customerId, state: contracts.state, current: contracts.current })
          .from(contracts)
          .where(tenantWhere(contracts, scope, eq(contracts.id, v.contractId), visibleOrgRowWhere(scope, contracts.orgId))),
    v.orgId === null ? Promise.resolve(true) : mayAssignOrg(scope, v.orgId),
    customerExposure(scope, [v.customerId]),
  ]);
  const found = customer[0];
  if (!found) errors.customerId = "tempCrane:customerOutOfScope";
  else if (found.state !== ENABLED) errors.customerId = "tempCrane:customerDisabled";
  else {
    const exposure = exposures.get(v.customerId);
    if (exposure?.over) errors.customerId = `tempCrane:overCredit|${formatCents(exposure.exposureCents)} / ${formatCents(exposure.limitCents)}`;
  }
  const p = project[0];
  if (v.contractId !== null) {
    if (!p || p.kind !== "project" || !p.current) errors.contractId = "tempCrane:projectUnknown";
    else if (p.customerId !== v.customerId) errors.contractId = "tempCrane:projectOfOther";
    else if (!(LIVE_CONTRACT_STATES as number[]).includes(p.state)) errors.contractId = "tempCrane:projectClosed";
  }
  if (!orgOk) errors.orgId = "tempCrane:notFound";
  return errors;
}

const resultNumber = sql<string | null>`(select ${contracts.number} from ${contracts} where ${contracts.id} = ${tempCraneApplications.resultContractId} and ${tenantOfOuter(contracts, tempCraneApplications)})`;

export const tempCraneResource = defineResource({
  view: tempCraneView,
  table: tempCraneApplications,
  number: TEMP_CRANE_NUMBERING,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({
        id: tempCraneApplications.id,
        version: tempCraneApplications.version,
        number: tempCraneApplications.number,
        customerId: tempCraneApplications.customerId,
        customerName: sql<string | null>`(select ${customers.name} from ${customers} where ${customers.id} = ${tempCraneApplications.customerId} and ${tenantOfOuter(customers, tempCraneApplications)})`.as("customer_name"),
        contractId: tempCraneApplications.contractId,
        projectNumber: sql<string | null>`(select ${contracts.number} from ${contracts} where ${contracts.id} = ${tempCraneApplications.contractId} and ${tenantOfOuter(contracts, tempCraneApplications)})`.as("project_number"),
        equipmentType: tempCraneApplications.equipmentType,
        spec: tempCraneApplications.spec,
        site: tempCraneApplications.site,
        fromOn: tempCraneApplications.fromOn,
        toOn: tempCraneApplications.toOn,
        days: sql<number>`cast(julianday(${tempCraneApplications.toOn}) - julianday(${tempCraneApplications.fromOn}) + 1 as integer)`.as("days"),
        reason: tempCraneApplications.reason,
        state: tempCraneApplications.state,
        resultContractId: tempCraneApplications.resultContractId,
        resultNumber: resultNumber.as("result_number"),
        orgName: organisations.name,
        creatorId: tempCraneApplications.creatorId,
        createdAt: tempCraneApplications.createdAt,
      })
      .from(tempCraneApplications)
      .leftJoin(organisations, and(eq(organisations.id, tempCraneApplications.orgId), sameTenant(organisations, tempCraneApplications)))
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  },
  mapRows: (rows) => rows.map((r) => ({ ...r, state: String(r.state) })),
  filters: {
    q: (v) =>
      or(
        containing(tempCraneApplications.number, v),
        containing(tempCraneApplications.site, v),
        containing(tempCraneApplications.reason, v),
        referenceContaining(tempCraneApplications.customerId, customers, tempCraneApplications, v, customers.name),
      ),
    state: (v) => (/^[0-5]$/.test(v) ? eq(tempCraneApplications.state, Number(v)) : undefined),
    day: (v) => (parseDay(v) ? and(lte(tempCraneApplications.fromOn, v), gte(tempCraneApplications.toOn, v)) : undefined),
  },
  sortColumns: { number: tempCraneApplications.number, fromOn: tempCraneApplications.fromOn, state: tempCraneApplications.state, createdAt: tempCraneApplications.createdAt },
  defaultOrder: [desc(tempCraneApplications.createdAt), desc(tempCraneApplications.id)],
  createSchema: TempCraneSchema,
  updateSchema: TempCraneSchema,
  check: (scope, values, current) => checkTempCrane(scope, values, current),
  toInsert: (values, scope) => ({ ...values, number: "", state: APPLICATION_STATE.draft, creatorId: scope.user.id }),
  toUpdate: (values) => values,
  // only drafts are deleted: an application on its way keeps its record
  beforeDelete: async (scope, ids) => {
    const moved = await scope.db
      .select({ id: tempCraneApplications.id })
      .from(tempCraneApplications)
      .where(tenantWhere(tempCraneApplications, scope, inArray(tempCraneApplications.id, ids), sql`${tempCraneApplications.state} <> ${APPLICATION_STATE.draft}`))
      .limit(1);
    return moved.length ? { refuse: "tempCrane:deleteDraftOnly" } : { dependents: [] };
  },
  auditView: (row) => row,
  scopeWhere: (scope) => visibleOrgRowWhere(scope, tempCraneApplications.orgId),
});

/** The form's choices: customers the user may see, the live project contracts in scope, organisations they may assign. */
export async function tempCraneOptions(scope: RequestScope): Promise<Record<string, Option[]>> {
  const [customerId, party, projects] = await Promise.all([
    visibleCustomers(scope),
    partyOptions(scope),
    scope.db
      .select({ id: contracts.id, number: contracts.number, name: contracts.name, customer: sql<string | null>`(select ${customers.name} from ${customers} where ${customers.id} = ${contracts.customerId} and ${tenantOfOuter(customers, contracts)})` })
      .from(contracts)
      .where(tenantWhere(contracts, scope, eq(contracts.kind, "project"), eq(contracts.current, 1), inArray(contracts.state, LIVE_CONTRACT_STATES), visibleOrgRowWhere(scope, contracts.orgId)))
      .orderBy(desc(contracts.number))
      .limit(500),
  ]);
  return { customerId, orgId: party.orgId ?? [], contractId: projects.map((c) => ({ value: String(c.id), label: `${c.number} · ${c.customer ?? ""} · ${c.name}` })) };
}

/** Temporary crane applications as a kind of approved document: the to-do and 审批流程 list it. */
export const tempCraneApprovalKind: ApprovalKind = {
  kind: "tempCrane",
  // a shell namespace: the to-do on the workbench shows it without this screen's texts
  title: "screens:/tempCrane",
  href: (docId) => `/tempCrane?view=${docId}`,
  approveCode: TEMP_CRANE_APPROVE_CODE,
  states: APPLICATION_APPROVAL_STATES,
  pending: (scope, limit) =>
    pendingRead(
      scope.db
        .select({ id: tempCraneApplications.id, number: tempCraneApplications.number, site: tempCraneApplications.site, creatorId: tempCraneApplications.creatorId, createdAt: tempCraneApplications.createdAt })
        .from(tempCraneApplications)
        .where(tenantWhere(tempCraneApplications, scope, eq(tempCraneApplications.state, APPLICATION_STATE.inApproval), visibleOrgRowWhere(scope, tempCraneApplications.orgId)))
        .orderBy(desc(tempCraneApplications.createdAt), desc(tempCraneApplications.id))
        .limit(limit),
      (r) => ({ id: r.id, label: r.site ? `${r.number} ${r.site}` : r.number, ownerId: r.creatorId, createdAt: r.createdAt }),
    ),
};

/** What the engine reads of an application: its state and what the contract it becomes is made of. */
export type TempCraneRow = TempCraneStateRow & Pick<typeof tempCraneApplications.$inferSelect, "customerId" | "contractId" | "orgId" | "equipmentType" | "spec" | "site" | "fromOn" | "toOn">;

/** A line added to a project contract carries the application's number, so an abort finds it again. */
const lineMark = (number: string) => `临时吊车 ${number}`;
/** The id a batch has just inserted into contracts (ids are AUTOINCREMENT and a batch is one transaction). */
const newContractId = sql`(select max(${contracts.id}) from ${contracts})`;

/** The contract rows named by these ids (the tenant's), by id. */
async function contractsById(scope: RequestScope, ids: number[]) {
  if (!ids.length) return new Map<number, { id: number; number: string; state: number; current: number; kind: string }>();
  const rows = await scope.db
    .select({ id: contracts.id, number: contracts.number, state: contracts.state, current: contracts.current, kind: contracts.kind })
    .from(contracts)
    .where(tenantWhere(contracts, scope, inArray(contracts.id, ids)));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The contract an approved application becomes, as statements of the approval's batch: a line on its project contract
 * while that is a draft (or sent back; its version is bumped with the state in the WHERE, so a contract submitted
 * meanwhile rolls the approval back, and an editor open on it saves nothing over the line), otherwise a new draft
 * zero-rent contract numbered by the contract numbering, owned by the applicant, with the crane as its one line.
 */
async function contractWrites(scope: RequestScope, rows: TempCraneRow[]): Promise<BatchItem[]> {
  const targets = await contractsById(scope, [...new Set(rows.map((r) => r.contractId).filter((x): x is number => x !== null))]);
  const writes: BatchItem[] = [];
  const now = Date.now();
  for (const r of rows) {
    const line = { equipmentType: r.equipmentType, spec: r.spec, onRentOn: r.fromOn, offRentOn: r.toOn, remark: lineMark(r.number) };
    const target = r.contractId === null ? undefined : targets.get(r.contractId);
    if (target && target.current && EDITABLE_STATES.includes(target.state)) {
      writes.push(
        scope.db
          .update(contracts)
          .set({ version: sql`${contracts.version} + 1`, updatedAt: now })
          .where(tenantWhere(contracts, scope, eq(contracts.id, target.id), inArray(contracts.state, [...EDITABLE_STATES]), eq(contracts.current, 1))),
        expectChanges(scope.db, 1),
        scope.db.insert(contractLines).values(
          withTenant(scope, {
            ...line,
            contractId: target.id,
            lineNo: sql`(select coalesce(max(${contractLines.lineNo}), 0) + 1 from ${contractLines} where ${contractLines.contractId} = ${target.id})`,
          }),
        ),
        scope.db
          .update(tempCraneApplications)
          .set({ resultContractId: target.id })
          .where(tenantWhere(tempCraneApplications, scope, eq(tempCraneApplications.id, r.id))),
      );
      continue;
    }
    const { bump, value } = takeNumber(scope.db, scope.user.tenantId, CONTRACT_NUMBERING, now, scope.user.timeZone);
    const name = `临时吊车 ${r.number}${r.site ? ` · ${r.site}` : ""}`.slice(0, 50);
    writes.push(
      bump,
      scope.db.insert(contracts).values(
        withTenant(scope, {
          number: value,
          kind: "spot" as const,
          name,
          orgId: r.orgId,
          customerId: r.customerId,
          siteAddress: r.site,
          startOn: r.fromOn,
          plannedEndOn: r.toOn,
          state: CONTRACT_STATE.draft,
          revision: 1,
          current: 1,
          valueCents: 0,
          creatorId: r.creatorId,
          remark: `由临时吊车申请 ${r.number} 生成`,
          createdAt: now,
          updatedAt: now,
        }),
      ),
      scope.db.insert(contractLines).values(withTenant(scope, { ...line, contractId: newContractId, lineNo: 1 })),
      scope.db
        .update(tempCraneApplications)
        .set({ resultContractId: newContractId })
        .where(tenantWhere(tempCraneApplications, scope, eq(tempCraneApplications.id, r.id))),
      auditRecord(scope, { entity: "contract", action: "create", id: newContractId, after: { kind: "spot", name, fromTempCrane: r.number } }),
    );
  }
  return writes;
}

/**
 * 终止 of an approved application undoes what it made while that is still a draft: the zero-rent contract is voided,
 * the line on the project contract removed. A contract already submitted or in force is refused, named: it is ended
 * on the contract's own screen.
 */
async function undoWrites(scope: RequestScope, rows: TempCraneRow[]): Promise<BatchItem[] | Refusal> {
  const made = rows.filter((r) => r.state === APPLICATION_STATE.approved && r.resultContractId !== null);
  const targets = await contractsById(scope, made.map((r) => r.resultContractId!));
  const writes: BatchItem[] = [];
  const now = Date.now();
  for (const r of made) {
    const c = targets.get(r.resultContractId!);
    if (!c) continue;
    if (!EDITABLE_STATES.includes(c.state)) return { message: `tempCrane:contractMovedOn|${c.number}`, status: 409 };
    const editable = tenantWhere(contracts, scope, eq(contracts.id, c.id), inArray(contracts.state, [...EDITABLE_STATES]));
    if (r.contractId === c.id) {
      writes.push(
        scope.db.update(contracts).set({ version: sql`${contracts.version} + 1`, updatedAt: now }).where(editable),
        expectChanges(scope.db, 1),
        scope.db.delete(contractLines).where(tenantWhere(contractLines, scope, eq(contractLines.contractId, c.id), eq(contractLines.remark, lineMark(r.number)))),
      );
    } else {
      writes.push(
        scope.db
          .update(contracts)
          .set({ state: CONTRACT_STATE.abandoned, stateReason: `临时吊车申请 ${r.number} 已终止`, version: sql`${contracts.version} + 1`, updatedAt: now })
          .where(editable),
        expectChanges(scope.db, 1),
      );
    }
  }
  return writes;
}

const basePlan = approvalPlan<TempCraneRow>(tempCraneApprovalKind);

/** The approval family's plan, and what an application adds: the contract made on the last approval, undone on 终止. */
async function tempCranePlan(scope: RequestScope, t: Parameters<typeof basePlan>[1], rows: TempCraneRow[], input: Parameters<typeof basePlan>[3]): Promise<Plan | Refusal> {
  const planned = await basePlan(scope, t, rows, input);
  if ("message" in planned) return planned;
  const writes = [...(planned.writes ?? [])];
  if (t.name === "approve") writes.push(...(await contractWrites(scope, rows.filter((r) => (planned.to?.get(r.id) ?? t.to) === APPLICATION_STATE.approved))));
  if (t.name === "abort") {
    const undo = await undoWrites(scope, rows);
    if ("message" in undo) return undo;
    writes.push(...undo);
  }
  return { ...planned, writes };
}

export const tempCraneMachine: Machine<TempCraneRow> = {
  view: tempCraneStates,
  table: tempCraneApplications,
  stateKey: "state",
  load: (scope, ids) =>
    scope.db
      .select({
        id: tempCraneApplications.id,
        version: tempCraneApplications.version,
        state: tempCraneApplications.state,
        number: tempCraneApplications.number,
        creatorId: tempCraneApplications.creatorId,
        resultContractId: tempCraneApplications.resultContractId,
        customerId: tempCraneApplications.customerId,
        contractId: tempCraneApplications.contractId,
        orgId: tempCraneApplications.orgId,
        equipmentType: tempCraneApplications.equipmentType,
        spec: tempCraneApplications.spec,
        site: tempCraneApplications.site,
        fromOn: tempCraneApplications.fromOn,
        toOn: tempCraneApplications.toOn,
      })
      .from(tempCraneApplications)
      .where(tenantWhere(tempCraneApplications, scope, inArray(tempCraneApplications.id, ids), visibleOrgRowWhere(scope, tempCraneApplications.orgId))),
  label: (r) => r.number,
  plan: tempCranePlan,
};

