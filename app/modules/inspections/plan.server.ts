/**
 * 巡检计划's server half: the plan and its machines, the resource (list with each plan's open tasks, save, audit),
 * the choices (procedures in use, the tenant's enabled users, the machines the user sees) and the machine (停止 /
 * 启动). The tasks the daily job makes from the plans are inspection-tasks.server.ts's.
 */
import { and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import { users, vehicles } from "../../../db/schema";
import { visibleVehiclesWhere } from "../../../db/rules/data-scope";
import { ofTenant, sameTenant, tenantOfOuter, tenantWhere } from "../../../db/tenant";
import type { RequestScope } from "~/modules/access/access.server";
import { documentChecks, documentLinesWrites, type DocumentDefinition } from "~/modules/resource/document.server";
import { schemaOfFields } from "~/modules/resource/field-schema";
import { containing, defineResource, withLimit, type FieldErrors } from "~/modules/resource/resource.server";
import type { Option } from "~/modules/resource/route.server";
import { machineChoices } from "~/modules/telematics/vehicle-choice.server";
import type { Machine } from "~/modules/workflow/engine.server";
import { ENABLED } from "~/modules/workflow/enablement";
import { PLAN_STATE, planForm, planStates, planView, type PlanStateRow } from "./plan.resource";
import { procedureChoices } from "./procedure.server";
import { inspectionPlans, inspectionTasks, planVehicles, procedures } from "./tables.server";
import { TASK_STATE } from "./task.server";

/** XJ-202612-0001 */
export const PLAN_NUMBERING = { field: "number", kind: "inspectionPlan", prefix: "XJJH" } as const;

const LINES = { vehicles: { table: planVehicles, parent: planVehicles.planId, position: planVehicles.position } };

/** A user scoped to a department sees the plans checking a machine it sees. */
export function planScopeWhere(scope: RequestScope) {
  const visible = visibleVehiclesWhere(scope);
  return visible
    ? sql`exists (select 1 from ${planVehicles} join ${vehicles} on ${vehicles.id} = ${planVehicles.vehicleId} and ${sameTenant(vehicles, planVehicles)} where ${planVehicles.planId} = ${inspectionPlans.id} and ${tenantOfOuter(planVehicles, inspectionPlans)} and ${visible})`
    : undefined;
}

export const planResource = defineResource({
  view: planView,
  table: inspectionPlans,
  number: PLAN_NUMBERING,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({
        id: inspectionPlans.id,
        version: inspectionPlans.version,
        number: inspectionPlans.number,
        name: inspectionPlans.name,
        procedureName: procedures.name,
        frequency: inspectionPlans.frequency,
        every: inspectionPlans.every,
        machines: sql<number>`(select count(*) from ${planVehicles} where ${planVehicles.planId} = ${inspectionPlans.id} and ${tenantOfOuter(planVehicles, inspectionPlans)})`.as("machines"),
        assignee: users.userName,
        pending: sql<number>`(select count(*) from ${inspectionTasks} where ${inspectionTasks.planId} = ${inspectionPlans.id} and ${tenantOfOuter(inspectionTasks, inspectionPlans)} and ${inspectionTasks.state} = ${TASK_STATE.pending})`.as("pending"),
        state: inspectionPlans.state,
        startOn: inspectionPlans.startOn,
        endOn: inspectionPlans.endOn,
      })
      .from(inspectionPlans)
      .innerJoin(procedures, and(eq(procedures.id, inspectionPlans.procedureId), sameTenant(procedures, inspectionPlans)))
      .leftJoin(users, and(eq(users.id, inspectionPlans.assigneeId), sameTenant(users, inspectionPlans)))
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  },
  mapRows: (rows) => rows.map((r) => ({ ...r, state: String(r.state) })),
  filters: {
    q: (v) =>
      or(
        containing(inspectionPlans.number, v),
        containing(inspectionPlans.name, v),
        sql`exists (select 1 from ${planVehicles} join ${vehicles} on ${vehicles.id} = ${planVehicles.vehicleId} and ${sameTenant(vehicles, planVehicles)} where ${planVehicles.planId} = ${inspectionPlans.id} and ${tenantOfOuter(planVehicles, inspectionPlans)} and (${containing(vehicles.plate, v)} or ${containing(vehicles.selfNo, v)}))`
      ),
    state: (v) => (/^[01]$/.test(v) ? eq(inspectionPlans.state, Number(v)) : undefined),
    frequency: (v) => (/^[a-z]{1,10}$/.test(v) ? eq(inspectionPlans.frequency, v) : undefined),
  },
  sortColumns: { number: inspectionPlans.number, name: inspectionPlans.name, state: inspectionPlans.state, startOn: inspectionPlans.startOn },
  defaultOrder: [asc(inspectionPlans.state), desc(inspectionPlans.id)],
  createSchema: schemaOfFields(planForm),
  updateSchema: schemaOfFields(planForm),
  check: async (scope, values, current) => {
    const errors = await documentChecks(planView, { options: planOptions, editable: () => true })(scope, values, current);
    if (Object.keys(errors).length) return errors;
    return planRules(scope, values as never);
  },
  toInsert: ({ vehicles: _v, ...head }, scope) => ({ ...planHead(head), number: "", creatorId: scope.user.id }),
  toUpdate: ({ vehicles: _v, ...head }) => planHead(head),
  sideWrites: documentLinesWrites(LINES),
  beforeDelete: async (scope, ids) => {
    const tasks = await scope.db.select({ id: inspectionTasks.id }).from(inspectionTasks).where(tenantWhere(inspectionTasks, scope, inArray(inspectionTasks.planId, ids))).limit(1);
    // a plan that has made tasks is kept with them: stop it instead
    if (tasks.length) return { refuse: "inspection:planHasTasks" };
    return { dependents: [scope.db.delete(planVehicles).where(tenantWhere(planVehicles, scope, inArray(planVehicles.planId, ids)))] };
  },
  auditView: (row) => row,
  scopeWhere: planScopeWhere,
});

/** Only what the frequency uses is kept: a weekday for a weekly plan, an interval for one by hours or km. */
function planHead<H extends { frequency: string; weekday?: string | null; every?: number | null }>(head: H): H {
  return { ...head, weekday: head.frequency === "weekly" ? head.weekday : null, every: head.frequency === "hours" || head.frequency === "km" ? head.every : null };
}

interface PlanValues {
  procedureId: number;
  frequency: string;
  weekday: string | null;
  every: number | null;
  startOn: string;
  endOn: string | null;
  vehicles: { vehicleId: number }[];
}

/** A weekly plan names its day, one by use its interval; the end not before the start; each machine of the procedure's type. */
async function planRules(scope: RequestScope, v: PlanValues): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  if (v.frequency === "weekly" && !v.weekday) errors.weekday = "validation.required";
  if ((v.frequency === "hours" || v.frequency === "km") && !(v.every && v.every > 0)) errors.every = "validation.required";
  if (v.endOn && v.endOn < v.startOn) errors.endOn = "validation.endBeforeStart";
  const [procedure] = await scope.db.select({ equipmentType: procedures.equipmentType }).from(procedures).where(tenantWhere(procedures, scope, eq(procedures.id, v.procedureId))).limit(1);
  const ids = v.vehicles.map((l) => l.vehicleId);
  if (procedure?.equipmentType && ids.length) {
    const types = new Map<number, string | null>();
    for (let i = 0; i < ids.length; i += 90) {
      const rows = await scope.db.select({ id: vehicles.id, type: vehicles.vehicleType }).from(vehicles).where(and(ofTenant(vehicles, scope), inArray(vehicles.id, ids.slice(i, i + 90))));
      for (const r of rows) types.set(r.id, r.type);
    }
    v.vehicles.forEach((l, i) => {
      if (types.get(l.vehicleId) !== procedure.equipmentType) errors[`vehicles[${i}].vehicleId`] ??= "inspection:machineNotOfType";
    });
  }
  return errors;
}

/** The procedures in use, the tenant's enabled users, the machines the user sees. */
export async function planOptions(scope: RequestScope): Promise<Record<string, Option[]>> {
  const [procedureRows, people, machines] = await Promise.all([
    procedureChoices(scope),
    scope.db.select({ value: users.id, label: users.userName }).from(users).where(and(ofTenant(users, scope), eq(users.state, ENABLED))).orderBy(asc(users.userName)),
    machineChoices(scope),
  ]);
  return {
    procedureId: procedureRows.map(({ value, label }) => ({ value, label })),
    assigneeId: people.map((p) => ({ value: String(p.value), label: p.label })),
    vehicleId: machines,
  };
}

export const planMachine: Machine<PlanStateRow> = {
  view: planStates,
  table: inspectionPlans,
  stateKey: "state",
  load: (scope, ids) =>
    scope.db
      .select({ id: inspectionPlans.id, version: inspectionPlans.version, state: inspectionPlans.state, number: inspectionPlans.number })
      .from(inspectionPlans)
      .where(tenantWhere(inspectionPlans, scope, inArray(inspectionPlans.id, ids), planScopeWhere(scope))),
  label: (r) => r.number,
};

export const planDocument: DocumentDefinition<PlanStateRow> = {
  resource: planResource,
  lines: LINES,
  machine: planMachine,
  editable: () => true,
  options: planOptions,
  newValues: (_url, values) => ({ ...values, frequency: "daily" }),
};

export { PLAN_STATE };
