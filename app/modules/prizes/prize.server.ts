/**
 * 提名奖励 on the server: nominations of staff for a reward on a contract (the nominee a user of the tenant, the
 * contract one the user sees, in force or done well), the amount exact to the cent, and the approval (kind
 * prizeNomination). A nomination is seen by whoever sees its contract (data scope).
 */
import { and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { contracts, customers, prizeNominations, users } from "../../../db/schema";
import { visibleOrgRowWhere } from "../../../db/rules/data-scope";
import { ofTenant, sameTenant, tenantOfOuter, tenantWhere } from "../../../db/tenant";
import { centsOf, formatCents } from "~/lib/cents";
import type { OptionDef } from "~/lib/list/types";
import type { RequestScope } from "~/modules/access/access.server";
import { visibleContractIdsSql } from "~/modules/contract-costs/cost.server";
import { CONTRACT_STATE } from "~/modules/contracts/contracts.resource";
import { containing, defineResource, type FieldErrors, referenceContaining, withLimit } from "~/modules/resource/resource.server";
import type { Option } from "~/modules/resource/route.server";
import { APPLICATION_APPROVAL_STATES, APPLICATION_EDITABLE, APPLICATION_STATE } from "~/modules/temp-crane/temp-crane.resource";
import { approvalPlan, pendingRead, type ApprovalKind } from "~/modules/workflow/approval.server";
import type { Machine } from "~/modules/workflow/engine.server";
import { PRIZE_APPROVE_CODE, prizeStates, prizeView, type PrizeStateRow } from "./prize.resource";
import { line, note } from "~/lib/form-fields";
import { ENABLED } from "~/modules/workflow/enablement";

/** The contracts a reward may be for: approved (won), in force or completed. */
export const PRIZE_CONTRACT_STATES = [CONTRACT_STATE.approved, CONTRACT_STATE.executing, CONTRACT_STATE.completed];
/** ¥1,000,000.00: a reward above it is a typing mistake, not a prize */
export const PRIZE_MAX_CENTS = 100_000_000;

const requiredId = (message: "prizes:nomineeRequired" | "prizes:contractRequired") => line().regex(/^\d{1,9}$/, message).transform(Number);

export const PrizeSchema = z.object({
  nomineeId: requiredId("prizes:nomineeRequired"),
  contractId: requiredId("prizes:contractRequired"),
  // yuan as typed (separators allowed) → cents, exactly
  amount: line()
    .refine((v) => v.length <= 20 && (centsOf(v) ?? 0) > 0, "prizes:amount")
    .refine((v) => (centsOf(v) ?? 0) <= PRIZE_MAX_CENTS, "prizes:amountTooLarge")
    .transform((v) => centsOf(v)!),
  reason: note().min(1, "prizes:reasonRequired").max(200, "prizes:tooLong|200"),
});
type PrizeValues = z.infer<typeof PrizeSchema>;

/**
 * The checks before saving: only a draft or a refused nomination is edited; the nominee is an enabled user of the
 * tenant and not the one nominating; the contract is the tenant's revision in force, in the user's data scope, and
 * approved, in force or completed.
 */
async function checkPrize(scope: RequestScope, v: PrizeValues, current?: typeof prizeNominations.$inferSelect): Promise<FieldErrors> {
  if (current && !APPLICATION_EDITABLE.includes(current.state)) return { form: "prizes:readOnly" };
  const errors: FieldErrors = {};
  const [nominee, contract] = await Promise.all([
    scope.db.select({ id: users.id, state: users.state }).from(users).where(tenantWhere(users, scope, eq(users.id, v.nomineeId))),
    scope.db
      .select({ id: contracts.id, state: contracts.state, current: contracts.current })
      .from(contracts)
      .where(tenantWhere(contracts, scope, eq(contracts.id, v.contractId), visibleOrgRowWhere(scope, contracts.orgId))),
  ]);
  if (!nominee[0] || nominee[0].state !== ENABLED) errors.nomineeId = "prizes:nomineeUnknown";
  else if (v.nomineeId === scope.user.id) errors.nomineeId = "prizes:selfNomination";
  if (!contract[0] || !contract[0].current) errors.contractId = "prizes:contractUnknown";
  else if (!(PRIZE_CONTRACT_STATES as number[]).includes(contract[0].state)) errors.contractId = "prizes:contractNotWon";
  return errors;
}

/** A nomination is seen by whoever sees its contract (undefined: the user sees the whole tenant). */
const ofVisibleContract = (scope: RequestScope) => (visibleOrgRowWhere(scope, contracts.orgId) ? sql`${prizeNominations.contractId} in (${visibleContractIdsSql(scope)})` : undefined);

const rowOf = ({ amount, ...v }: PrizeValues) => ({ ...v, amountCents: amount });
const creators = alias(users, "creators");

export const prizeResource = defineResource({
  view: prizeView,
  table: prizeNominations,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({
        id: prizeNominations.id,
        version: prizeNominations.version,
        nomineeId: prizeNominations.nomineeId,
        nomineeName: users.userName,
        contractId: prizeNominations.contractId,
        contractNumber: sql<string | null>`(select ${contracts.number} from ${contracts} where ${contracts.id} = ${prizeNominations.contractId} and ${tenantOfOuter(contracts, prizeNominations)})`.as("contract_number"),
        contractName: sql<string | null>`(select ${contracts.name} from ${contracts} where ${contracts.id} = ${prizeNominations.contractId} and ${tenantOfOuter(contracts, prizeNominations)})`.as("contract_name"),
        customerName: sql<
          string | null
        >`(select ${customers.name} from ${customers} where ${customers.id} = (select ${contracts.customerId} from ${contracts} where ${contracts.id} = ${prizeNominations.contractId} and ${tenantOfOuter(contracts, prizeNominations)}))`.as("customer_name"),
        reason: prizeNominations.reason,
        amountCents: prizeNominations.amountCents,
        state: prizeNominations.state,
        creatorId: prizeNominations.creatorId,
        creatorName: sql<string | null>`${creators.userName}`.as("creator_name"),
        createdAt: prizeNominations.createdAt,
      })
      .from(prizeNominations)
      .leftJoin(users, and(eq(users.id, prizeNominations.nomineeId), sameTenant(users, prizeNominations)))
      .leftJoin(creators, and(eq(creators.id, prizeNominations.creatorId), sameTenant(creators, prizeNominations)))
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  },
  mapRows: (rows) => rows.map((r) => ({ ...r, state: String(r.state), amountText: formatCents(r.amountCents) })),
  filters: {
    q: (v) =>
      or(
        containing(prizeNominations.reason, v),
        referenceContaining(prizeNominations.nomineeId, users, prizeNominations, v, users.userName),
        referenceContaining(prizeNominations.contractId, contracts, prizeNominations, v, contracts.number, contracts.name),
      ),
    state: (v) => (/^[0-5]$/.test(v) ? eq(prizeNominations.state, Number(v)) : undefined),
    nomineeId: (v) => (/^\d{1,9}$/.test(v) ? eq(prizeNominations.nomineeId, Number(v)) : undefined),
  },
  sortColumns: { state: prizeNominations.state, createdAt: prizeNominations.createdAt },
  defaultOrder: [desc(prizeNominations.createdAt), desc(prizeNominations.id)],
  createSchema: PrizeSchema,
  updateSchema: PrizeSchema,
  check: (scope, values, current) => checkPrize(scope, values, current),
  toInsert: (values, scope) => ({ ...rowOf(values), state: APPLICATION_STATE.draft, creatorId: scope.user.id }),
  toUpdate: (values) => rowOf(values),
  editValues: async (_scope, row) => ({ amount: formatCents(row.amountCents) }),
  beforeDelete: async (scope, ids) => {
    const moved = await scope.db
      .select({ id: prizeNominations.id })
      .from(prizeNominations)
      .where(tenantWhere(prizeNominations, scope, inArray(prizeNominations.id, ids), sql`${prizeNominations.state} <> ${APPLICATION_STATE.draft}`))
      .limit(1);
    return moved.length ? { refuse: "prizes:deleteDraftOnly" } : { dependents: [] };
  },
  auditView: (row) => row,
  scopeWhere: ofVisibleContract,
});

/** The form's choices: the tenant's enabled users, the contracts in scope a reward may be for. */
export async function prizeOptions(scope: RequestScope): Promise<Record<string, Option[]>> {
  const [people, contractRows] = await Promise.all([
    scope.db.select({ id: users.id, name: users.userName }).from(users).where(tenantWhere(users, scope, eq(users.state, ENABLED))).orderBy(asc(users.userName)).limit(2000),
    scope.db
      .select({ id: contracts.id, number: contracts.number, name: contracts.name })
      .from(contracts)
      .where(tenantWhere(contracts, scope, eq(contracts.current, 1), inArray(contracts.state, PRIZE_CONTRACT_STATES), visibleOrgRowWhere(scope, contracts.orgId)))
      .orderBy(desc(contracts.number))
      .limit(1000),
  ]);
  return { nomineeId: people.map((u) => ({ value: String(u.id), label: u.name })), contractId: contractRows.map((c) => ({ value: String(c.id), label: `${c.number} · ${c.name}` })) };
}

/** The list's nominee filter: the tenant's users. */
export async function prizeFilterOptions(scope: RequestScope): Promise<Record<string, OptionDef[]>> {
  const people = await scope.db.select({ id: users.id, name: users.userName }).from(users).where(ofTenant(users, scope)).orderBy(asc(users.userName)).limit(2000);
  return { nomineeId: people.map((u) => ({ value: String(u.id), label: { zh: u.name, en: u.name } })) };
}

/** Nominations as a kind of approved document: the to-do and 审批流程 list it. */
export const prizeApprovalKind: ApprovalKind = {
  kind: "prizeNomination",
  title: "screens:/nominatePrizes",
  href: (docId) => `/nominatePrizes?view=${docId}`,
  approveCode: PRIZE_APPROVE_CODE,
  states: APPLICATION_APPROVAL_STATES,
  pending: (scope, limit) =>
    pendingRead(
      scope.db
        .select({ id: prizeNominations.id, reason: prizeNominations.reason, amountCents: prizeNominations.amountCents, creatorId: prizeNominations.creatorId, createdAt: prizeNominations.createdAt })
        .from(prizeNominations)
        .where(
          tenantWhere(
            prizeNominations,
            scope,
            eq(prizeNominations.state, APPLICATION_STATE.inApproval),
            ofVisibleContract(scope),
          ),
        )
        .orderBy(desc(prizeNominations.createdAt), desc(prizeNominations.id))
        .limit(limit),
      (r) => ({ id: r.id, label: `¥${formatCents(r.amountCents)} ${r.reason}`.slice(0, 60), ownerId: r.creatorId, createdAt: r.createdAt }),
    ),
};

export const prizeMachine: Machine<PrizeStateRow> = {
  view: prizeStates,
  table: prizeNominations,
  stateKey: "state",
  load: (scope, ids) =>
    scope.db
      .select({ id: prizeNominations.id, version: prizeNominations.version, state: prizeNominations.state, reason: prizeNominations.reason, creatorId: prizeNominations.creatorId })
      .from(prizeNominations)
      .where(
        tenantWhere(
          prizeNominations,
          scope,
          inArray(prizeNominations.id, ids),
          ofVisibleContract(scope),
        ),
      ),
  label: (r) => r.reason.slice(0, 30),
  plan: approvalPlan<PrizeStateRow>(prizeApprovalKind),
};
