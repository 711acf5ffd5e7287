/**
 * 保养计划's server half: the resource (list with its machines and their states, save with its two lines tables,
 * audit), the rules the declaration cannot say (an interval at least), the choices (the machines the user sees) and
 * the machine (启用提醒 / 停止提醒). A save recomputes the plan's schedules at once (meters.server.ts).
 */
import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { desc, eq, inArray, or, sql } from "drizzle-orm";
import { tenantOfOuter, tenantWhere } from "../../../db/tenant";
import { labelOf } from "~/lib/list/types";
import { todayInZone } from "~/lib/tenant-clock";
import { requireScope, type RequestScope } from "~/modules/access/access.server";
import { documentChecks, documentLinesWrites, documentLoader, type DocumentDefinition } from "~/modules/resource/document.server";
import { schemaOfFields } from "~/modules/resource/field-schema";
import { containing, defineResource, withLimit, type FieldErrors } from "~/modules/resource/resource.server";
import type { Option } from "~/modules/resource/route.server";
import { machineChoices } from "~/modules/telematics/vehicle-choice.server";
import { VEHICLE_TYPES } from "~/modules/telematics/vehicle-types";
import type { Machine } from "~/modules/workflow/engine.server";
import { DUE_STATE, intervalLabel, kmText, MAINTENANCE_PATH, PLAN_COVERAGE } from "./maintenance";
import { recomputeSchedules } from "./meters.server";
import { planForm, planStates, planView, type PlanStateRow } from "./plan.resource";
import { planScheduleRows } from "./schedule.server";
import { maintenancePlanItems, maintenancePlans, maintenancePlanVehicles, maintenanceRecords, maintenanceSchedules } from "./tables.server";

/** BP-202612-0001: per tenant and month. */
export const PLAN_NUMBERING = { field: "number", kind: "maintenancePlan", prefix: "BP" } as const;

const LINES = {
  vehicles: { table: maintenancePlanVehicles, parent: maintenancePlanVehicles.planId, position: maintenancePlanVehicles.position },
  items: { table: maintenancePlanItems, parent: maintenancePlanItems.planId, position: maintenancePlanItems.position },
};

// the listed plan's id, named by its table: in a single-table select drizzle writes its own columns bare,
// which a subquery would read as its own table's
const planId = sql`${sql.identifier("maintenance_plans")}.${sql.identifier("id")}`;
const ofPlan = (table: typeof maintenanceSchedules | typeof maintenancePlanVehicles) => sql`${table.planId} = ${planId} and ${tenantOfOuter(table, maintenancePlans)}`;
const schedulesOf = (state?: number) =>
  sql<number>`(select count(*) from ${maintenanceSchedules} where ${ofPlan(maintenanceSchedules)}${state === undefined ? sql`` : sql` and ${maintenanceSchedules.dueState} = ${state}`})`;

export const planResource = defineResource({
  view: planView,
  table: maintenancePlans,
  number: PLAN_NUMBERING,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({
        id: maintenancePlans.id,
        version: maintenancePlans.version,
        number: maintenancePlans.number,
        name: maintenancePlans.name,
        coverage: maintenancePlans.coverage,
        equipmentType: maintenancePlans.equipmentType,
        intervalDays: maintenancePlans.intervalDays,
        intervalHours: maintenancePlans.intervalHours,
        intervalKm: maintenancePlans.intervalKm,
        soonDays: maintenancePlans.soonDays,
        soonHours: maintenancePlans.soonHours,
        soonKm: maintenancePlans.soonKm,
        state: maintenancePlans.state,
        startOn: maintenancePlans.startOn,
        createdAt: maintenancePlans.createdAt,
        listed: sql<number>`(select count(*) from ${maintenancePlanVehicles} where ${ofPlan(maintenancePlanVehicles)})`.as("listed"),
        machines: schedulesOf().as("machines"),
        overdue: schedulesOf(DUE_STATE.overdue).as("overdue"),
        soon: schedulesOf(DUE_STATE.soon).as("soon"),
      })
      .from(maintenancePlans)
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  },
  mapRows: (rows) =>
    rows.map(({ listed, coverage, equipmentType, intervalDays, intervalHours, intervalKm, soonDays, soonHours, soonKm, ...r }) => {
      const type = VEHICLE_TYPES.find((t) => t.value === equipmentType)?.label;
      return {
        ...r,
        state: String(r.state),
        coverageText: coverage === PLAN_COVERAGE.type ? { zh: `${type?.zh ?? equipmentType}（全部）`, en: `Every ${type ? labelOf(type, "en").toLowerCase() : equipmentType}` } : { zh: `指定设备 ${listed} 台`, en: `${listed} listed machine${listed === 1 ? "" : "s"}` },
        intervalText: intervalLabel({ intervalDays, intervalHours, intervalKm }),
        soonText: { zh: `${soonDays}天 / ${soonHours}小时 / ${kmText(soonKm)}公里`, en: `${soonDays} days / ${soonHours} h / ${kmText(soonKm)} km` },
      };
    }),
  filters: {
    q: (v) => or(containing(maintenancePlans.number, v), containing(maintenancePlans.name, v)),
    state: (v) => (/^[01]$/.test(v) ? eq(maintenancePlans.state, Number(v)) : undefined),
  },
  sortColumns: { number: maintenancePlans.number, name: maintenancePlans.name, state: maintenancePlans.state, startOn: maintenancePlans.startOn, createdAt: maintenancePlans.createdAt },
  defaultOrder: [desc(maintenancePlans.createdAt), desc(maintenancePlans.id)],
  createSchema: schemaOfFields(planForm),
  updateSchema: schemaOfFields(planForm),
  unique: [{ field: "name", column: maintenancePlans.name, message: "validation.duplicateName" }],
  check: async (scope, values, current) => {
    const errors: FieldErrors = await documentChecks(planView, { options: planOptions, editable: () => true })(scope, values, current);
    if (values.intervalDays === null && values.intervalHours === null && values.intervalKm === null) errors.intervalDays ??= "maintenance:intervalRequired";
    for (const key of ["intervalDays", "intervalHours", "intervalKm"] as const) if (values[key] === 0) errors[key] ??= "maintenance:positive";
    return errors;
  },
  toInsert: ({ vehicles: _v, items: _i, ...head }, scope) => ({ ...head, number: "", creatorId: scope.user.id }),
  toUpdate: ({ vehicles: _v, items: _i, ...head }) => head,
  sideWrites: (scope, save) => {
    const { writes } = documentLinesWrites(LINES)(scope, save);
    // a start day moved: the plan's machines count their first cycle from the new day (measured again by the recompute)
    if (save.before && save.before.startOn !== save.values.startOn && typeof save.id === "number")
      writes.push(scope.db.update(maintenanceSchedules).set({ startOn: save.values.startOn, startHours: null, startKm: null }).where(tenantWhere(maintenanceSchedules, scope, eq(maintenanceSchedules.planId, save.id))));
    return { writes };
  },
  // its machines' schedules follow at once: those it now covers, those it no longer does, the start and the due days
  afterCommit: (scope, id) => recomputeSchedules(scope.db, scope.user.tenantId, todayInZone(scope.user.timeZone), { planIds: [id] }),
  // a plan goes with its schedules and lines, but not once a service was recorded under it
  beforeDelete: async (scope, ids) => {
    const [serviced] = await scope.db
      .select({ number: maintenancePlans.number })
      .from(maintenancePlans)
      .where(tenantWhere(maintenancePlans, scope, inArray(maintenancePlans.id, ids), sql`exists (select 1 from ${maintenanceRecords} where ${maintenanceRecords.planId} = ${maintenancePlans.id} and ${tenantOfOuter(maintenanceRecords, maintenancePlans)})`))
      .limit(1);
    if (serviced) return { refuse: `maintenance:planHasRecords|${serviced.number}` };
    return {
      dependents: [
        scope.db.delete(maintenanceSchedules).where(tenantWhere(maintenanceSchedules, scope, inArray(maintenanceSchedules.planId, ids))),
        ...Object.values(LINES).map((store) => scope.db.delete(store.table).where(tenantWhere(store.table, scope, inArray(store.parent, ids)))),
      ],
    };
  },
  auditView: (row) => row,
});

/** The choices of its references: the machines the user sees. */
export async function planOptions(scope: RequestScope): Promise<Record<string, Option[]>> {
  return { vehicleId: await machineChoices(scope) };
}

export const planMachine: Machine<PlanStateRow> = {
  view: planStates,
  table: maintenancePlans,
  stateKey: "state",
  load: (scope, ids) =>
    scope.db
      .select({ id: maintenancePlans.id, version: maintenancePlans.version, state: maintenancePlans.state, number: maintenancePlans.number })
      .from(maintenancePlans)
      .where(tenantWhere(maintenancePlans, scope, inArray(maintenancePlans.id, ids))),
  label: (r) => r.number,
};

export const planDocument: DocumentDefinition<PlanStateRow> = {
  resource: planResource,
  lines: LINES,
  machine: planMachine,
  editable: () => true,
  options: planOptions,
  // a new plan counts from today and starts with one item to fill in
  newValues: (_url, values) => ({ ...values, startOn: todayInZone() }),
};

/** The plan's page: the document, and under it the machines it covers (those the user sees) and when each is due. */
export async function planLoader(args: LoaderFunctionArgs) {
  const page = await documentLoader(args, planDocument);
  const id = page.data.doc?.id;
  const scope = id ? await requireScope(args.request, args.context, { screen: MAINTENANCE_PATH }) : null;
  return data({ ...page.data, schedules: scope && id ? await planScheduleRows(scope, id) : null }, page.init ?? undefined);
}
