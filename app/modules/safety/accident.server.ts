/**
 * 事故申报's server half: the resource (list with the casualties counted from the people involved, save with them,
 * audit), its rules (the day not after today; the claim's fields as its state needs them; the level at least what the
 * casualties and the loss make it), the approval kind (a step may apply from a direct loss up) and the machine.
 */
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import { users, vehicles } from "../../../db/schema";
import { sameTenant, tenantOfOuter, tenantWhere } from "../../../db/tenant";
import { formatCents } from "~/lib/cents";
import { documentHref } from "~/lib/list/types";
import { todayInZone } from "~/lib/tenant-clock";
import type { RequestScope } from "~/modules/access/access.server";
import { assignableOrgOptions } from "~/modules/access/orgs.server";
import { documentChecks, documentLinesWrites, type DocumentDefinition } from "~/modules/resource/document.server";
import { schemaOfFields } from "~/modules/resource/field-schema";
import { containing, defineResource, referenceContaining, withLimit, type FieldErrors } from "~/modules/resource/resource.server";
import type { Option } from "~/modules/resource/route.server";
import { machineChoices } from "~/modules/telematics/vehicle-choice.server";
import { approvalPlan, pendingRead, type ApprovalKind } from "~/modules/workflow/approval.server";
import type { Machine } from "~/modules/workflow/engine.server";
import {
  ACCIDENT_APPROVAL_STATES,
  ACCIDENT_APPROVE_CODE,
  ACCIDENT_EDITABLE,
  ACCIDENT_LEVELS,
  ACCIDENT_STATE,
  accidentForm,
  accidentStates,
  accidentView,
  CLAIM_STATE,
  CLAIM_STATES,
  INJURY,
  type AccidentStateRow,
} from "./accident.resource";
import { checkOwnFiles, contractChoices } from "./safety-options.server";
import { ACCIDENT_NUMBERING, accidentScope, safetyAccidentPeople, safetyAccidents } from "./safety-tables.server";

function editable(row: Record<string, unknown>): boolean {
  return ACCIDENT_EDITABLE.includes(Number(row.state));
}

const LINES = { people: { table: safetyAccidentPeople, parent: safetyAccidentPeople.accidentId, position: safetyAccidentPeople.position } };

const ofAccident = sql`${safetyAccidentPeople.accidentId} = ${safetyAccidents.id} and ${tenantOfOuter(safetyAccidentPeople, safetyAccidents)}`;
const injured = (injury: string) => sql<number>`(select count(*) from ${safetyAccidentPeople} where ${ofAccident} and ${safetyAccidentPeople.injury} = ${injury})`;

export const accidentResource = defineResource({
  view: accidentView,
  table: safetyAccidents,
  number: ACCIDENT_NUMBERING,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({
        id: safetyAccidents.id,
        version: safetyAccidents.version,
        number: safetyAccidents.number,
        state: safetyAccidents.state,
        occurredOn: safetyAccidents.occurredOn,
        occurredAt: safetyAccidents.occurredAt,
        level: safetyAccidents.level,
        place: safetyAccidents.place,
        plate: sql<string | null>`(select ${vehicles.plate} from ${vehicles} where ${vehicles.id} = ${safetyAccidents.vehicleId} and ${tenantOfOuter(vehicles, safetyAccidents)})`.as("plate"),
        dead: injured(INJURY.death).as("dead"),
        serious: injured(INJURY.serious).as("serious"),
        minor: injured(INJURY.minor).as("minor"),
        directLossCents: safetyAccidents.directLoss,
        claimState: safetyAccidents.claimState,
        paidCents: safetyAccidents.paidAmount,
        creatorId: safetyAccidents.creatorId,
        creatorName: users.userName,
        createdAt: safetyAccidents.createdAt,
      })
      .from(safetyAccidents)
      // a join: the select's columns are written with their tables, so the subqueries' own columns never clash
      .leftJoin(users, and(eq(users.id, safetyAccidents.creatorId), sameTenant(users, safetyAccidents)))
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  },
  mapRows: (rows) =>
    rows.map(({ directLossCents, paidCents, ...r }) => ({
      ...r,
      state: String(r.state),
      occurredOn: `${r.occurredOn} ${r.occurredAt}`,
      directLoss: directLossCents === null ? null : formatCents(directLossCents),
      paidAmount: paidCents === null ? null : formatCents(paidCents),
    })),
  filters: {
    q: (v) =>
      or(
        containing(safetyAccidents.number, v),
        containing(safetyAccidents.place, v),
        referenceContaining(safetyAccidents.vehicleId, vehicles, safetyAccidents, v, vehicles.plate, vehicles.selfNo)
      ),
    state: (v) => (/^[0-3]$/.test(v) ? eq(safetyAccidents.state, Number(v)) : undefined),
    level: (v) => (ACCIDENT_LEVELS.some((o) => o.value === v) ? eq(safetyAccidents.level, v) : undefined),
    claimState: (v) => (CLAIM_STATES.some((o) => o.value === v) ? eq(safetyAccidents.claimState, v) : undefined),
  },
  sortColumns: { number: safetyAccidents.number, state: safetyAccidents.state, occurredOn: safetyAccidents.occurredOn, createdAt: safetyAccidents.createdAt },
  defaultOrder: [desc(safetyAccidents.occurredOn), desc(safetyAccidents.id)],
  createSchema: schemaOfFields(accidentForm),
  updateSchema: schemaOfFields(accidentForm),
  check: async (scope, values, current) => {
    const errors: FieldErrors = await documentChecks(accidentView, { options: accidentOptions, editable })(scope, values, current);
    if (errors.form) return errors;
    if (values.occurredOn > todayInZone(scope.user.timeZone)) errors.occurredOn ??= "safety:futureDay";
    for (const [field, message] of Object.entries(accidentRules(values))) errors[field] ??= message;
    await checkOwnFiles(scope, { attachments: values.attachments }, errors);
    return errors;
  },
  toInsert: ({ people: _people, ...head }, scope) => ({ ...head, number: "", creatorId: scope.user.id }),
  toUpdate: ({ people: _people, ...head }) => head,
  sideWrites: documentLinesWrites(LINES),
  // a filed accident keeps its record: only drafts are deleted, with their people
  beforeDelete: async (scope, ids) => {
    const filed = await scope.db
      .select({ id: safetyAccidents.id })
      .from(safetyAccidents)
      .where(tenantWhere(safetyAccidents, scope, inArray(safetyAccidents.id, ids), sql`${safetyAccidents.state} <> ${ACCIDENT_STATE.draft}`))
      .limit(1);
    if (filed.length) return { refuse: "resource:document.notEditable" };
    return { dependents: [scope.db.delete(safetyAccidentPeople).where(tenantWhere(safetyAccidentPeople, scope, inArray(safetyAccidentPeople.accidentId, ids)))] };
  },
  auditView: (row) => row,
  scopeWhere: accidentScope,
  fileColumns: [safetyAccidents.attachments],
});

interface AccidentValues {
  level: string;
  directLoss: number | null;
  claimState: string;
  insurer: string | null;
  claimNo: string | null;
  claimedAmount: number | null;
  paidAmount: number | null;
  people: { injury: string }[];
}

/**
 * 生产安全事故等级 by its worst measure (国务院令第493号): the deaths, the serious injuries, the direct loss in cents;
 * the lowest level each threshold makes it, highest first.
 */
const LEVEL_FLOORS = [
  { level: "grave", dead: 30, serious: 100, lossCents: 100_000_000 * 100 },
  { level: "major", dead: 10, serious: 50, lossCents: 50_000_000 * 100 },
  { level: "larger", dead: 3, serious: 10, lossCents: 10_000_000 * 100 },
] as const;
const rank = (level: string) => ACCIDENT_LEVELS.findIndex((o) => o.value === level);

/** The casualties as counted from the people involved. */
export function casualtiesOf(people: { injury: string }[]) {
  const count = (injury: string) => people.filter((p) => p.injury === injury).length;
  return { dead: count(INJURY.death), serious: count(INJURY.serious), minor: count(INJURY.minor) };
}

/** What the declaration cannot say: the level the casualties and the loss make it at least, and the claim's fields by its state. */
export function accidentRules(v: AccidentValues): FieldErrors {
  const errors: FieldErrors = {};
  const { dead, serious } = casualtiesOf(v.people);
  const floor = LEVEL_FLOORS.find((f) => dead >= f.dead || serious >= f.serious || (v.directLoss ?? 0) >= f.lossCents);
  if (floor && rank(v.level) < rank(floor.level)) errors.level = `safety:accident.levelAtLeast.${floor.level}`;
  if (v.claimState !== CLAIM_STATE.none) {
    if (!v.insurer) errors.insurer = "safety:accident.insurerRequired";
    if (!v.claimNo) errors.claimNo = "safety:accident.claimNoRequired";
  }
  if (v.claimState === CLAIM_STATE.paid && v.paidAmount === null) errors.paidAmount = "safety:accident.paidRequired";
  else if (v.claimState !== CLAIM_STATE.paid && v.paidAmount !== null) errors.paidAmount = "safety:accident.paidOnlyWhenPaid";
  else if (v.paidAmount !== null && v.claimedAmount !== null && v.paidAmount > v.claimedAmount) errors.paidAmount = "safety:accident.paidOverClaimed";
  return errors;
}

/** The choices of its references: the machines, contracts and organisations the user has. */
export async function accidentOptions(scope: RequestScope): Promise<Record<string, Option[]>> {
  const [machines, contracts, orgs] = await Promise.all([machineChoices(scope), contractChoices(scope), assignableOrgOptions(scope)]);
  return { vehicleId: machines, contractId: contracts, orgId: orgs };
}

/** Accidents as a kind of approved document: the to-do and 审批流程 list it; a step may apply from a direct loss up. */
export const accidentApprovalKind: ApprovalKind = {
  kind: "accidentProposal",
  title: "screens:/accidentProposal",
  href: (id) => documentHref(accidentView.path, id),
  approveCode: ACCIDENT_APPROVE_CODE,
  states: ACCIDENT_APPROVAL_STATES,
  pending: (scope, limit) =>
    pendingRead(
      scope.db
        .select({ id: safetyAccidents.id, number: safetyAccidents.number, place: safetyAccidents.place, occurredOn: safetyAccidents.occurredOn, creatorId: safetyAccidents.creatorId, createdAt: safetyAccidents.createdAt })
        .from(safetyAccidents)
        .where(tenantWhere(safetyAccidents, scope, eq(safetyAccidents.state, ACCIDENT_STATE.inApproval), accidentScope(scope)))
        .orderBy(desc(safetyAccidents.createdAt), desc(safetyAccidents.id))
        .limit(limit),
      (r) => ({ id: r.id, label: `${r.number} ${r.occurredOn} ${r.place}`, ownerId: r.creatorId, createdAt: r.createdAt })
    ),
  amountOf: (scope, ids) => scope.db.select({ id: safetyAccidents.id, cents: safetyAccidents.directLoss }).from(safetyAccidents).where(tenantWhere(safetyAccidents, scope, inArray(safetyAccidents.id, ids))),
};

export const accidentMachine: Machine<AccidentStateRow> = {
  view: accidentStates,
  table: safetyAccidents,
  stateKey: "state",
  load: (scope, ids) =>
    scope.db
      .select({ id: safetyAccidents.id, version: safetyAccidents.version, state: safetyAccidents.state, number: safetyAccidents.number, creatorId: safetyAccidents.creatorId })
      .from(safetyAccidents)
      .where(tenantWhere(safetyAccidents, scope, inArray(safetyAccidents.id, ids), accidentScope(scope))),
  label: (r) => r.number,
  plan: approvalPlan<AccidentStateRow>(accidentApprovalKind),
};

export const accidentDocument: DocumentDefinition<AccidentStateRow> = {
  resource: accidentResource,
  lines: LINES,
  machine: accidentMachine,
  approval: accidentApprovalKind,
  editable,
  options: accidentOptions,
};
