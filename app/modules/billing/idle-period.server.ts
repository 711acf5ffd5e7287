/**
 * 停滞期申报's server half: the resource (list, save with lines, audit), its own rules, the approval kind and the
 * machine. Once a declaration is approved its contract's open draft bills are priced again at once (the on-demand bill
 * run of that contract, which re-evaluates a draft whose declarations changed); the nightly run would find them too.
 * The tables and what a bill reads of them are idle-period-store.server.ts.
 */
import { and, asc, desc, eq, inArray, isNotNull, ne, or, sql } from "drizzle-orm";
import { contractLines, contracts, customers, users, vehicles } from "../../../db/schema";
import { visibleOrgRowWhere } from "../../../db/rules/data-scope";
import { sameTenant, tenantOfOuter, tenantWhere } from "../../../db/tenant";
import { parseDay } from "~/lib/calendar";
import { percentOfBp } from "~/lib/cents";
import { documentHref } from "~/lib/list/types";
import type { RequestScope } from "~/modules/access/access.server";
import { LINE_END } from "~/modules/contracts/availability.server";
import { CONTRACT_STATE } from "~/modules/contracts/contracts.resource";
import { documentChecks, documentLinesWrites, type DocumentDefinition } from "~/modules/resource/document.server";
import { schemaOfFields } from "~/modules/resource/field-schema";
import { containing, defineResource, withLimit, type FieldErrors } from "~/modules/resource/resource.server";
import type { Option } from "~/modules/resource/route.server";
import { approvalPlan, pendingRead, type ApprovalKind } from "~/modules/workflow/approval.server";
import type { Machine } from "~/modules/workflow/engine.server";
import { repriceContracts } from "./bill.server";
import { idlePeriodLines, idlePeriods } from "./idle-period-store.server";
import { IDLE_APPROVAL_STATES, IDLE_APPROVE_CODE, IDLE_EDITABLE, IDLE_STATE, idlePeriodForm, idlePeriodStates, idlePeriodView, type IdlePeriodStateRow } from "./idle-period.resource";

/** A user scoped to an organisation sees the declarations of its contracts (the contract's organisation in their subtree). */
function inScope(scope: RequestScope) {
  const visible = visibleOrgRowWhere(scope, contracts.orgId);
  if (!visible) return undefined;
  return sql`exists (select 1 from ${contracts} where ${contracts.id} = ${idlePeriods.contractId} and ${tenantOfOuter(contracts, idlePeriods)} and ${visible})`;
}

function editable(row: Record<string, unknown>): boolean {
  return IDLE_EDITABLE.includes(Number(row.state));
}

/** TZ-202612-0001: per tenant and month. */
export const IDLE_NUMBERING = { field: "number", kind: "idlePeriod", prefix: "TZ" } as const;

const LINES = {
  lines: {
    table: idlePeriodLines,
    parent: idlePeriodLines.periodId,
    position: idlePeriodLines.position,
  },
};

const lineOf = sql`${idlePeriodLines.periodId} = ${idlePeriods.id} and ${tenantOfOuter(idlePeriodLines, idlePeriods)}`;
const declaredMachines = sql<string | null>`(select group_concat(coalesce(${vehicles.plate}, '#' || ${contractLines.lineNo}), '、') from ${idlePeriodLines} join ${contractLines} on ${contractLines.id} = ${idlePeriodLines.lineId} and ${sameTenant(
  contractLines,
  idlePeriodLines,
)} left join ${vehicles} on ${vehicles.id} = ${contractLines.vehicleId} and ${sameTenant(vehicles, contractLines)} where ${lineOf})`;


export const idlePeriodResource = defineResource({
  view: idlePeriodView,
  table: idlePeriods,
  number: IDLE_NUMBERING,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({
        id: idlePeriods.id,
        version: idlePeriods.version,
        number: idlePeriods.number,
        state: idlePeriods.state,
        contractId: idlePeriods.contractId,
        contractNumber: contracts.number,
        customerName: customers.name,
        fromOn: idlePeriods.fromOn,
        toOn: idlePeriods.toOn,
        rateBp: idlePeriods.rate,
        machines: declaredMachines.as("machines"),
        reason: idlePeriods.reason,
        creatorId: idlePeriods.creatorId,
        creatorName: users.userName,
        createdAt: idlePeriods.createdAt,
      })
      .from(idlePeriods)
      .leftJoin(contracts, and(eq(contracts.id, idlePeriods.contractId), sameTenant(contracts, idlePeriods)))
      .leftJoin(customers, and(eq(customers.id, contracts.customerId), sameTenant(customers, contracts)))
      .leftJoin(users, and(eq(users.id, idlePeriods.creatorId), sameTenant(users, idlePeriods)))
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  },
  mapRows: (rows) =>
    rows.map(({ rateBp, ...r }) => ({
      ...r,
      state: String(r.state),
      days: Math.round((Date.parse(r.toOn) - Date.parse(r.fromOn)) / 86_400_000) + 1,
      rate: `${percentOfBp(rateBp)}%`,
    })),
  filters: {
    q: (v) =>
      or(
        containing(idlePeriods.number, v),
        containing(idlePeriods.reason, v),
        sql`exists (select 1 from ${contracts} where ${contracts.id} = ${idlePeriods.contractId} and ${tenantOfOuter(contracts, idlePeriods)} and ${containing(contracts.number, v)})`,
        sql`exists (select 1 from ${idlePeriodLines} join ${contractLines} on ${contractLines.id} = ${idlePeriodLines.lineId} and ${sameTenant(contractLines, idlePeriodLines)} join ${vehicles} on ${vehicles.id} = ${contractLines.vehicleId} and ${sameTenant(
          vehicles,
          contractLines,
        )} where ${lineOf} and ${containing(vehicles.plate, v)})`,
      ),
    state: (v) => (/^[0-3]$/.test(v) ? eq(idlePeriods.state, Number(v)) : undefined),
    day: (v) => (parseDay(v) ? and(sql`${idlePeriods.fromOn} <= ${v}`, sql`${idlePeriods.toOn} >= ${v}`) : undefined),
  },
  sortColumns: {
    number: idlePeriods.number,
    state: idlePeriods.state,
    fromOn: idlePeriods.fromOn,
    createdAt: idlePeriods.createdAt,
  },
  defaultOrder: [desc(idlePeriods.createdAt), desc(idlePeriods.id)],
  createSchema: schemaOfFields(idlePeriodForm),
  updateSchema: schemaOfFields(idlePeriodForm),
  check: async (scope, values, current) => {
    const errors = await documentChecks(idlePeriodView, { options: idlePeriodOptions, editable })(scope, values, current);
    if (Object.keys(errors).length) return errors;
    return declarationRules(scope, values as never, (current?.id as number | undefined) ?? null);
  },
  toInsert: ({ lines: _lines, ...head }, scope) => ({
    ...head,
    number: "",
    state: IDLE_STATE.draft,
    creatorId: scope.user.id,
  }),
  toUpdate: ({ lines: _lines, ...head }) => head,
  sideWrites: documentLinesWrites(LINES),
  // a declaration sent or in force keeps its record: only drafts are deleted, with their lines
  beforeDelete: async (scope, ids) => {
    const sent = await scope.db
      .select({ id: idlePeriods.id })
      .from(idlePeriods)
      .where(tenantWhere(idlePeriods, scope, inArray(idlePeriods.id, ids), ne(idlePeriods.state, IDLE_STATE.draft)))
      .limit(1);
    if (sent.length) return { refuse: "resource:document.notEditable" };
    return {
      dependents: [scope.db.delete(idlePeriodLines).where(tenantWhere(idlePeriodLines, scope, inArray(idlePeriodLines.periodId, ids)))],
    };
  },
  auditView: (row) => row,
  scopeWhere: inScope,
  fileColumns: [idlePeriods.attachments],
});

/**
 * A declaration's own rules, beyond its fields': the last day not before the first; each machine a line of the chosen
 * contract, on rent over the declared days; and no machine declared twice for a day (another declaration of it, not
 * refused, meeting the days), named by its number.
 */
async function declarationRules(scope: RequestScope, v: { contractId: number; fromOn: string; toOn: string; lines: { lineId: number }[] }, self: number | null): Promise<FieldErrors> {
  if (v.toOn < v.fromOn) return { toOn: "validation.endBeforeStart" };
  const ids = v.lines.map((l) => l.lineId);
  const [lines, others] = await Promise.all([
    scope.db
      .select({ id: contractLines.id, contractId: contractLines.contractId, onRentOn: contractLines.onRentOn, endOn: LINE_END.as("end_on") })
      .from(contractLines)
      .innerJoin(contracts, and(eq(contracts.id, contractLines.contractId), sameTenant(contracts, contractLines)))
      .where(tenantWhere(contractLines, scope, inArray(contractLines.id, ids))),
    scope.db
      .select({ lineId: idlePeriodLines.lineId, number: idlePeriods.number })
      .from(idlePeriodLines)
      .innerJoin(idlePeriods, and(eq(idlePeriods.id, idlePeriodLines.periodId), sameTenant(idlePeriods, idlePeriodLines)))
      .where(
        tenantWhere(
          idlePeriodLines,
          scope,
          inArray(idlePeriodLines.lineId, ids),
          ne(idlePeriods.state, IDLE_STATE.refused),
          self === null ? undefined : ne(idlePeriods.id, self),
          sql`${idlePeriods.fromOn} <= ${v.toOn}`,
          sql`${idlePeriods.toOn} >= ${v.fromOn}`,
        ),
      ),
  ]);
  const errors: FieldErrors = {};
  v.lines.forEach((l, i) => {
    const key = `lines[${i}].lineId`;
    const line = lines.find((x) => x.id === l.lineId);
    if (!line || line.contractId !== v.contractId) errors[key] = "validation.lineNotOfContract";
    else if (v.fromOn < line.onRentOn || (line.endOn !== null && v.toOn > line.endOn)) errors[key] = `validation.outsideRentTerm|${line.onRentOn} – ${line.endOn ?? ""}`;
    else {
      const clash = others.find((o) => o.lineId === l.lineId);
      if (clash) errors[key] = `validation.overlapsDocument|${clash.number}`;
    }
  });
  return errors;
}

/**
 * The contracts a declaration may be made on (in force, the user's data scope; and those declared on before, so an old
 * declaration reads by its contract's number) and their machines (lines with a machine), grouped by contract.
 */
export async function idlePeriodOptions(scope: RequestScope): Promise<Record<string, Option[]>> {
  const chosen = or(eq(contracts.state, CONTRACT_STATE.executing), sql`${contracts.id} in (select ${idlePeriods.contractId} from ${idlePeriods} where ${tenantOfOuter(idlePeriods, contracts)})`);
  const where = tenantWhere(contracts, scope, eq(contracts.current, 1), ne(contracts.kind, "subcontract"), chosen, visibleOrgRowWhere(scope, contracts.orgId));
  const [heads, lines] = await Promise.all([
    scope.db
      .select({ id: contracts.id, number: contracts.number, customer: customers.name })
      .from(contracts)
      .leftJoin(customers, and(eq(customers.id, contracts.customerId), sameTenant(customers, contracts)))
      .where(where)
      .orderBy(desc(contracts.number)),
    scope.db
      .select({ id: contractLines.id, lineNo: contractLines.lineNo, contractId: contractLines.contractId, number: contracts.number, plate: vehicles.plate, selfNo: vehicles.selfNo, onRentOn: contractLines.onRentOn })
      .from(contractLines)
      .innerJoin(contracts, and(eq(contracts.id, contractLines.contractId), sameTenant(contracts, contractLines)))
      .innerJoin(vehicles, and(eq(vehicles.id, contractLines.vehicleId), sameTenant(vehicles, contractLines)))
      .where(and(where, isNotNull(contractLines.vehicleId)))
      .orderBy(desc(contracts.number), asc(contractLines.lineNo)),
  ]);
  return {
    contractId: heads.map((c) => ({ value: String(c.id), label: c.customer ? `${c.number} ${c.customer}` : c.number })),
    lineId: lines.map((l) => ({ value: String(l.id), label: `${l.number} #${l.lineNo} ${l.plate}${l.selfNo ? `（${l.selfNo}）` : ""}`, group: l.number, parent: String(l.contractId) })),
  };
}

export const idlePeriodApprovalKind: ApprovalKind = {
  kind: "idlePeriod",
  title: "screens:/idlePeriod",
  href: (id) => documentHref(idlePeriodView.path, id),
  approveCode: IDLE_APPROVE_CODE,
  states: IDLE_APPROVAL_STATES,
  pending: (scope, limit) =>
    pendingRead(
      scope.db
        .select({ id: idlePeriods.id, number: idlePeriods.number, fromOn: idlePeriods.fromOn, toOn: idlePeriods.toOn, creatorId: idlePeriods.creatorId, createdAt: idlePeriods.createdAt })
        .from(idlePeriods)
        .where(tenantWhere(idlePeriods, scope, eq(idlePeriods.state, IDLE_STATE.inApproval), inScope(scope)))
        .orderBy(desc(idlePeriods.createdAt), desc(idlePeriods.id))
        .limit(limit),
      (r) => ({ id: r.id, label: `${r.number} ${r.fromOn} – ${r.toOn}`, ownerId: r.creatorId, createdAt: r.createdAt }),
    ),
};

export const idlePeriodMachine: Machine<IdlePeriodStateRow> = {
  view: idlePeriodStates,
  table: idlePeriods,
  stateKey: "state",
  load: (scope, ids) =>
    scope.db
      .select({ id: idlePeriods.id, version: idlePeriods.version, state: idlePeriods.state, number: idlePeriods.number, creatorId: idlePeriods.creatorId, contractId: idlePeriods.contractId })
      .from(idlePeriods)
      .where(tenantWhere(idlePeriods, scope, inArray(idlePeriods.id, ids), inScope(scope))),
  label: (r) => r.number,
  plan: approvalPlan<IdlePeriodStateRow>(idlePeriodApprovalKind),
  // in force now: the contract's draft bills of those days are priced again (a contract the approver may not see, or
  // one not billed, waits for the nightly run, which finds the declaration approved since its drafts were made)
  after: async (scope, t, rows) => {
    if (t.name !== "approve") return;
    const approved = await scope.db
      .select({ contractId: idlePeriods.contractId })
      .from(idlePeriods)
      .where(tenantWhere(idlePeriods, scope, inArray(idlePeriods.id, rows.map((r) => r.id)), eq(idlePeriods.state, IDLE_STATE.approved)));
    await repriceContracts(scope, approved.map((r) => r.contractId), "idle period approved");
  },
};

export const idlePeriodDocument: DocumentDefinition<IdlePeriodStateRow> = {
  resource: idlePeriodResource,
  lines: LINES,
  machine: idlePeriodMachine,
  approval: idlePeriodApprovalKind,
  editable,
  options: idlePeriodOptions,
  // 申报停滞期 from a contract's page: its contract chosen (one the user may declare on), its machines to pick
  newValues: (url, values, options) => {
    const contractId = url.searchParams.get("contractId") ?? "";
    return options.contractId?.some((o) => o.value === contractId) ? { ...values, contractId } : values;
  },
};
