/**
 * 设备维修's server half: the order and its labour and parts lines, the resource (list with downtime and cost, save
 * with lines, its own rules), the approval kind (its amount: the order's total, so a step may apply above a limit),
 * the machine (approval, then 完工) and the downtime the bill run reads (`repairDowntimeRead`).
 */
import { and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import { contractLines, contracts, suppliers, vehicles } from "../../../db/schema";
import { visibleVehicleIdWhere } from "../../../db/rules/data-scope";
import { ofTenant, sameTenant, tenantOfOuter, tenantWhere } from "../../../db/tenant";
import { formatCents } from "~/lib/cents";
import { parseZonedTime } from "~/lib/tenant-days";
import { todayInZone } from "~/lib/tenant-clock";
import type { RequestScope } from "~/modules/access/access.server";
import { repriceContracts } from "~/modules/billing/bill.server";
import { ABNORMALITY_STATE } from "~/modules/inspections/abnormality.resource";
import { abnormalities } from "~/modules/inspections/tables.server";
import { documentChecks, documentLinesWrites, type DocumentDefinition } from "~/modules/resource/document.server";
import { documentHref } from "~/lib/list/types";
import { schemaOfFields } from "~/modules/resource/field-schema";
import { containing, defineResource, withLimit, type FieldErrors } from "~/modules/resource/resource.server";
import type { Option } from "~/modules/resource/route.server";
import { machineChoices, machineLabel, machineMatches } from "~/modules/telematics/vehicle-choice.server";
import { approvalPlan, pendingRead, type ApprovalKind } from "~/modules/workflow/approval.server";
import type { Machine } from "~/modules/workflow/engine.server";
import { ENABLED } from "~/modules/workflow/enablement";
import { repairLabour, repairOrders, repairParts } from "./tables.server";
import { REPAIR_APPROVAL_STATES, REPAIR_APPROVE_CODE, REPAIR_EDITABLE, REPAIR_STATE, repairForm, repairStates, repairView, type RepairStateRow } from "./repair.resource";

/** WX-202612-0001 */
export const REPAIR_NUMBERING = { field: "number", kind: "repair", prefix: "WX" } as const;

const LINES = {
  labour: { table: repairLabour, parent: repairLabour.repairId, position: repairLabour.position },
  parts: { table: repairParts, parent: repairParts.repairId, position: repairParts.position },
};

/** A repair is seen with its machine. */
export const repairScopeWhere = (scope: Pick<RequestScope, "user">) => visibleVehicleIdWhere(scope, repairOrders.vehicleId);

interface RepairValues {
  vehicleId: number;
  abnormalityId: number | null;
  repairKind: string;
  supplierId: number | null;
  downFromOn: string;
  downFromTime: string;
  downToOn: string | null;
  downToTime: string | null;
  deductRent: number | null;
  outsideCents: number | null;
  labour: { hours: number; rate: number }[];
  parts: { quantity: number; price: number }[];
}

/** Labour (hours × rate), parts (quantity × price), both in tenths rounded half up to the cent, and outside costs. */
export function repairTotal(v: Pick<RepairValues, "labour" | "parts" | "outsideCents">): number {
  const tenths = (n: number, cents: number) => Math.round((n * cents) / 10);
  return v.labour.reduce((s, l) => s + tenths(l.hours, l.rate), 0) + v.parts.reduce((s, p) => s + tenths(p.quantity, p.price), 0) + (v.outsideCents ?? 0);
}

/** The head as stored: the downtime's instants in the tenant's zone, the supplier only for an outside repair, the total. */
function headOf<V extends RepairValues>(v: V, timeZone: string) {
  const { labour: _l, parts: _p, ...head } = v;
  const downTo = v.downToOn && v.downToTime ? parseZonedTime(`${v.downToOn}T${v.downToTime}`, timeZone) : null;
  return {
    ...head,
    supplierId: v.repairKind === "outside" ? v.supplierId : null,
    deductRent: v.deductRent ?? 0,
    downFrom: parseZonedTime(`${v.downFromOn}T${v.downFromTime}`, timeZone),
    downTo,
    totalCents: repairTotal(v),
  };
}

const abnormalityNumber = () => sql<string | null>`(select ${abnormalities.number} from ${abnormalities} where ${abnormalities.id} = ${repairOrders.abnormalityId} and ${tenantOfOuter(abnormalities, repairOrders)})`;

export const repairResource = defineResource({
  view: repairView,
  table: repairOrders,
  number: REPAIR_NUMBERING,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({
        id: repairOrders.id,
        version: repairOrders.version,
        number: repairOrders.number,
        plate: machineLabel,
        state: repairOrders.state,
        repairKind: repairOrders.repairKind,
        fault: repairOrders.fault,
        downFrom: repairOrders.downFrom,
        downTo: repairOrders.downTo,
        totalCents: repairOrders.totalCents,
        abnormalityNumber: abnormalityNumber().as("abnormality_number"),
        createdAt: repairOrders.createdAt,
      })
      .from(repairOrders)
      .innerJoin(vehicles, and(eq(vehicles.id, repairOrders.vehicleId), sameTenant(vehicles, repairOrders)))
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  },
  mapRows: (rows) => rows.map(({ totalCents, ...r }) => ({ ...r, state: String(r.state), total: formatCents(totalCents), downHours: r.downTo ? Math.round((r.downTo - r.downFrom) / 360_000) / 10 : null })),
  filters: {
    q: (v) =>
      or(
        containing(repairOrders.number, v),
        containing(repairOrders.fault, v),
        machineMatches(repairOrders.vehicleId, repairOrders, v)
      ),
    state: (v) => (/^[0-4]$/.test(v) ? eq(repairOrders.state, Number(v)) : undefined),
    repairKind: (v) => (/^[a-z]{1,10}$/.test(v) ? eq(repairOrders.repairKind, v) : undefined),
  },
  sortColumns: { number: repairOrders.number, state: repairOrders.state, downFrom: repairOrders.downFrom, createdAt: repairOrders.createdAt },
  defaultOrder: [desc(repairOrders.createdAt), desc(repairOrders.id)],
  createSchema: schemaOfFields(repairForm),
  updateSchema: schemaOfFields(repairForm),
  check: async (scope, values, current) => {
    const errors = await documentChecks(repairView, { options: repairOptions, editable })(scope, values, current);
    if (Object.keys(errors).length) return errors;
    return repairRules(scope, values as never, current);
  },
  toInsert: (values, scope) => ({ ...headOf(values, scope.user.timeZone), number: "", creatorId: scope.user.id }),
  // what raised it stays as it was
  toUpdate: (values, scope) => {
    const { abnormalityId: _a, ...head } = headOf(values, scope.user.timeZone);
    return head;
  },
  sideWrites: (scope, save) => {
    const lines = documentLinesWrites(LINES)(scope, save);
    const from = (save.values as { abnormalityId?: number | null }).abnormalityId;
    if (save.before || !from) return lines;
    // the abnormality it answers is turned into this repair, in the same batch
    return {
      writes: [
        ...lines.writes,
        scope.db
          .update(abnormalities)
          .set({ state: ABNORMALITY_STATE.repair, repairId: save.id as never, updatedAt: Date.now() })
          .where(tenantWhere(abnormalities, scope, eq(abnormalities.id, from), eq(abnormalities.state, ABNORMALITY_STATE.open))),
      ],
    };
  },
  beforeDelete: async (scope, ids) => {
    const moved = await scope.db.select({ id: repairOrders.id }).from(repairOrders).where(tenantWhere(repairOrders, scope, inArray(repairOrders.id, ids), sql`${repairOrders.state} <> ${REPAIR_STATE.draft}`)).limit(1);
    if (moved.length) return { refuse: "resource:document.notEditable" };
    return { dependents: Object.values(LINES).map((store) => scope.db.delete(store.table).where(tenantWhere(store.table, scope, inArray(store.parent, ids)))) };
  },
  auditView: (row) => row,
  scopeWhere: repairScopeWhere,
  fileColumns: [repairOrders.attachments],
});

function editable(row: Record<string, unknown>): boolean {
  return REPAIR_EDITABLE.includes(Number(row.state));
}

/**
 * The downtime in order (its end after its start, given as a day and a time together, not in the future); an
 * abnormality of the same machine, still open (a new order only); an outside repair names its station; under repair,
 * the total within what was approved.
 */
async function repairRules(scope: RequestScope, v: RepairValues, current?: Record<string, unknown>): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const timeZone = scope.user.timeZone;
  if (!!v.downToOn !== !!v.downToTime) errors[v.downToOn ? "downToTime" : "downToOn"] = "validation.required";
  const from = parseZonedTime(`${v.downFromOn}T${v.downFromTime}`, timeZone);
  if (v.downFromOn > todayInZone(timeZone)) errors.downFromOn = "repairs:downInFuture";
  if (v.downToOn && v.downToTime && parseZonedTime(`${v.downToOn}T${v.downToTime}`, timeZone) <= from) errors.downToOn = "repairs:downEndBeforeStart";
  if (v.repairKind === "outside" && !v.supplierId) errors.supplierId = "validation.required";
  if (v.abnormalityId && !current) {
    const [a] = await scope.db.select({ vehicleId: abnormalities.vehicleId, state: abnormalities.state, number: abnormalities.number }).from(abnormalities).where(tenantWhere(abnormalities, scope, eq(abnormalities.id, v.abnormalityId))).limit(1);
    if (!a || a.vehicleId !== v.vehicleId) errors.abnormalityId = "repairs:abnormalityOtherMachine";
    else if (a.state !== ABNORMALITY_STATE.open) errors.abnormalityId = `repairs:abnormalityNotOpen|${a.number}`;
  }
  if (current && Number(current.state) === REPAIR_STATE.repairing && current.approvedCents != null && repairTotal(v) > Number(current.approvedCents)) errors.form = `repairs:overApproved|${formatCents(Number(current.approvedCents))}`;
  return errors;
}

/** The machines the user sees, their open abnormalities (and those turned into repairs, which an order shows), the enabled suppliers. */
export async function repairOptions(scope: RequestScope): Promise<Record<string, Option[]>> {
  const [machines, open, stations] = await Promise.all([
    machineChoices(scope),
    scope.db
      .select({ id: abnormalities.id, number: abnormalities.number, title: abnormalities.title, vehicleId: abnormalities.vehicleId })
      .from(abnormalities)
      .where(tenantWhere(abnormalities, scope, inArray(abnormalities.state, [ABNORMALITY_STATE.open, ABNORMALITY_STATE.repair]), visibleVehicleIdWhere(scope, abnormalities.vehicleId)))
      .orderBy(desc(abnormalities.id))
      .limit(500),
    scope.db.select({ id: suppliers.id, name: suppliers.name }).from(suppliers).where(and(ofTenant(suppliers, scope), eq(suppliers.state, ENABLED))).orderBy(asc(suppliers.name)),
  ]);
  return {
    vehicleId: machines,
    abnormalityId: open.map((a) => ({ value: String(a.id), label: `${a.number} ${a.title}`, parent: String(a.vehicleId) })),
    supplierId: stations.map((s) => ({ value: String(s.id), label: s.name })),
  };
}

export const repairApprovalKind: ApprovalKind = {
  kind: "equipmentRepair",
  title: "screens:/equipmentRepair",
  href: (id) => documentHref(repairView.path, id),
  approveCode: REPAIR_APPROVE_CODE,
  states: REPAIR_APPROVAL_STATES,
  pending: (scope, limit) =>
    pendingRead(
      scope.db
        .select({ id: repairOrders.id, number: repairOrders.number, totalCents: repairOrders.totalCents, creatorId: repairOrders.creatorId, createdAt: repairOrders.createdAt })
        .from(repairOrders)
        .where(tenantWhere(repairOrders, scope, eq(repairOrders.state, REPAIR_STATE.inApproval), repairScopeWhere(scope)))
        .orderBy(desc(repairOrders.createdAt), desc(repairOrders.id))
        .limit(limit),
      (r) => ({ id: r.id, label: `${r.number} ¥${formatCents(r.totalCents)}`, ownerId: r.creatorId, createdAt: r.createdAt }),
    ),
  // the order's total: a step with an amount applies to orders from it up (the cost above a limit)
  amountOf: (scope, ids) => scope.db.select({ id: repairOrders.id, cents: repairOrders.totalCents }).from(repairOrders).where(tenantWhere(repairOrders, scope, inArray(repairOrders.id, ids))),
};

export const repairMachine: Machine<RepairStateRow> = {
  view: repairStates,
  table: repairOrders,
  stateKey: "state",
  load: (scope, ids) =>
    scope.db
      .select({ id: repairOrders.id, version: repairOrders.version, state: repairOrders.state, number: repairOrders.number, creatorId: repairOrders.creatorId, downTo: repairOrders.downTo })
      .from(repairOrders)
      .where(tenantWhere(repairOrders, scope, inArray(repairOrders.id, ids), repairScopeWhere(scope))),
  label: (r) => r.number,
  plan: approvalPlan<RepairStateRow>(repairApprovalKind),
  // the total approved is the most it may cost while under repair
  set: (_scope, t) => (t.name === "approve" ? { approvedCents: sql`${repairOrders.totalCents}` } : {}),
  // the downtime counts on a bill once the order is sent: the contracts its machine is on are priced again
  after: async (scope, t, rows) => {
    if (t.name !== "submit" && t.name !== "complete") return;
    const on = await scope.db
      .selectDistinct({ contractId: contractLines.contractId })
      .from(repairOrders)
      .innerJoin(contractLines, and(eq(contractLines.vehicleId, repairOrders.vehicleId), sameTenant(contractLines, repairOrders)))
      .innerJoin(contracts, and(eq(contracts.id, contractLines.contractId), sameTenant(contracts, contractLines), eq(contracts.current, 1)))
      .where(tenantWhere(repairOrders, scope, inArray(repairOrders.id, rows.map((r) => r.id)), eq(repairOrders.deductRent, 1)));
    await repriceContracts(scope, on.map((r) => r.contractId), "repair");
  },
};

export const repairDocument: DocumentDefinition<RepairStateRow> = {
  resource: repairResource,
  lines: LINES,
  machine: repairMachine,
  approval: repairApprovalKind,
  editable,
  options: repairOptions,
  // 转维修 from an issue (`?abnormalityId=`): its machine and its fault; or a machine's page (`?vehicleId=`)
  newValues: (url, values, options) => {
    const base = { ...values, repairKind: "inhouse", deductRent: "1", downFromOn: todayInZone(), downFromTime: "08:00" };
    const issue = url.searchParams.get("abnormalityId");
    const picked = issue ? options.abnormalityId?.find((o) => o.value === issue) : undefined;
    if (picked) return { ...base, abnormalityId: picked.value, vehicleId: picked.parent ?? "", fault: picked.label.replace(/^\S+\s/, "") };
    const asked = url.searchParams.get("vehicleId");
    return asked && options.vehicleId?.some((o) => o.value === asked) ? { ...base, vehicleId: asked } : base;
  },
};
