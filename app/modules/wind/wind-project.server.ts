/**
 * 风电管理's server half: the project and its three lines tables, the resource (list, save with lines, audit), the
 * choices of its references and the machine (结束项目 / 重新开启). The page, the lines tables, the schema, the Excel
 * and the history are the house's, from wind-project.resource.ts.
 */
import { and, asc, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { customers, organisations, vehicles } from "../../../db/schema";
import { day, documentStamps } from "../../../db/schema/columns";
import { tenantColumn as tenant } from "../../../db/schema/tenant";
import { visibleOrgRowWhere } from "../../../db/rules/data-scope";
import { sameTenant, tenantOfOuter, tenantWhere } from "../../../db/tenant";
import type { RequestScope } from "~/modules/access/access.server";
import { assignableOrgOptions } from "~/modules/access/orgs.server";
import { documentChecks, documentLinesWrites, type DocumentDefinition } from "~/modules/resource/document.server";
import { schemaOfFields } from "~/modules/resource/field-schema";
import { containing, defineResource, withLimit, type FieldErrors } from "~/modules/resource/resource.server";
import type { Option } from "~/modules/resource/route.server";
import type { Machine } from "~/modules/workflow/engine.server";
import { visibleCustomers } from "~/modules/visits/visit.server";
import { machineChoices } from "~/modules/telematics/vehicle-choice.server";
import { TURBINE_DONE, WIND_STATE, windProjectForm, windProjectStates, windProjectView, type WindProjectStateRow } from "./wind-project.resource";

export const windProjects = sqliteTable(
  "wind_projects",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    number: text("number").notNull(),
    name: text("name").notNull(),
    ownerId: integer("owner_id").references(() => customers.id),
    orgId: integer("org_id").references(() => organisations.id),
    site: text("site").notNull(),
    turbineModel: text("turbine_model"),
    /** hundredths of a megawatt */
    capacityMw: integer("capacity_mw"),
    startOn: day("start_on").notNull(),
    plannedEndOn: day("planned_end_on"),
    /** tenths of a m/s: the cranes' limit when a crane has none of its own */
    windLimit: integer("wind_limit"),
    remark: text("remark"),
    attachments: text("attachments"),
    /** WIND_STATE: 0 in progress, 1 ended */
    state: integer("state").notNull().default(0),
    ...documentStamps(),
  },
  (t) => [uniqueIndex("wind_projects_tenant_number_uq").on(t.tenantId, t.number), index("wind_projects_tenant_created_idx").on(t.tenantId, t.createdAt), index("wind_projects_tenant_state_idx").on(t.tenantId, t.state)]
);

/** A crane of a project; its columns are named as the declaration's line fields. */
export const windProjectCranes = sqliteTable(
  "wind_project_cranes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    projectId: integer("project_id")
      .notNull()
      .references(() => windProjects.id),
    position: integer("position").notNull(),
    vehicleId: integer("vehicle_id")
      .notNull()
      .references(() => vehicles.id),
    role: text("role"),
    /** tenths of a m/s */
    windLimit: integer("wind_limit"),
    remark: text("remark"),
  },
  (t) => [index("wind_project_cranes_project_idx").on(t.tenantId, t.projectId, t.position), index("wind_project_cranes_vehicle_idx").on(t.tenantId, t.vehicleId)]
);

/** A turbine position (机位) and the installation stage it has reached. */
export const windProjectPositions = sqliteTable(
  "wind_project_positions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    projectId: integer("project_id")
      .notNull()
      .references(() => windProjects.id),
    position: integer("position").notNull(),
    positionNo: text("position_no").notNull(),
    /** tenths of a metre */
    hubHeight: integer("hub_height"),
    /** TURBINE_STAGES' value: its rank, 0 not started … 5 erected */
    stage: text("stage").notNull(),
    doneOn: day("done_on"),
    remark: text("remark"),
  },
  (t) => [index("wind_project_positions_project_idx").on(t.tenantId, t.projectId, t.position)]
);

/** A stop of the lifting (停工): the day, from and to (HH:mm; no end while it lasts), why, the wind measured. */
export const windProjectStops = sqliteTable(
  "wind_project_stops",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    projectId: integer("project_id")
      .notNull()
      .references(() => windProjects.id),
    position: integer("position").notNull(),
    stopOn: day("stop_on").notNull(),
    fromTime: text("from_time").notNull(),
    toTime: text("to_time"),
    reason: text("reason").notNull(),
    /** tenths of a m/s */
    windSpeed: integer("wind_speed"),
    remark: text("remark"),
  },
  (t) => [index("wind_project_stops_project_idx").on(t.tenantId, t.projectId, t.position)]
);

/** A user scoped to an organisation sees its subtree's projects and those that name no organisation. */
export function windScopeWhere(scope: RequestScope) {
  const within = visibleOrgRowWhere(scope, windProjects.orgId);
  return within ? or(isNull(windProjects.orgId), within) : undefined;
}

/** An ended project is kept as it was: reopen it to change it. */
function editable(row: Record<string, unknown>): boolean {
  return Number(row.state) === WIND_STATE.active;
}

/** FD-202612-0001: per tenant and month. */
export const WIND_NUMBERING = { field: "number", kind: "windProject", prefix: "FD" } as const;

const LINES = {
  cranes: { table: windProjectCranes, parent: windProjectCranes.projectId, position: windProjectCranes.position },
  positions: { table: windProjectPositions, parent: windProjectPositions.projectId, position: windProjectPositions.position },
  stops: { table: windProjectStops, parent: windProjectStops.projectId, position: windProjectStops.position },
};

/** the hours of a stop that has ended (to − from on its day); an open stop counts once it ends */
export const STOP_HOURS_SQL = (from: unknown, to: unknown) =>
  sql`(case when ${to} is not null and ${to} > ${from} then (strftime('%s', '2000-01-01 ' || ${to}) - strftime('%s', '2000-01-01 ' || ${from})) / 3600.0 else 0 end)`;

const ofProject = (table: typeof windProjectCranes | typeof windProjectPositions | typeof windProjectStops) => sql`${table.projectId} = ${windProjects.id} and ${tenantOfOuter(table, windProjects)}`;

export const windProjectResource = defineResource({
  view: windProjectView,
  table: windProjects,
  number: WIND_NUMBERING,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({
        id: windProjects.id,
        version: windProjects.version,
        number: windProjects.number,
        name: windProjects.name,
        state: windProjects.state,
        ownerName: customers.name,
        site: windProjects.site,
        positions: sql<number>`(select count(*) from ${windProjectPositions} where ${ofProject(windProjectPositions)})`.as("positions"),
        erected: sql<number>`(select count(*) from ${windProjectPositions} where ${ofProject(windProjectPositions)} and cast(${windProjectPositions.stage} as integer) = ${TURBINE_DONE})`.as("erected"),
        stageSum: sql<number>`(select coalesce(sum(cast(${windProjectPositions.stage} as integer)), 0) from ${windProjectPositions} where ${ofProject(windProjectPositions)})`.as("stage_sum"),
        cranes: sql<string | null>`(select group_concat(coalesce(${vehicles.selfNo}, ${vehicles.plate}), '、') from ${windProjectCranes} join ${vehicles} on ${vehicles.id} = ${windProjectCranes.vehicleId} and ${sameTenant(vehicles, windProjectCranes)} where ${ofProject(windProjectCranes)})`.as("crane_names"),
        stopHours: sql<number>`(select coalesce(sum(${STOP_HOURS_SQL(windProjectStops.fromTime, windProjectStops.toTime)}), 0) from ${windProjectStops} where ${ofProject(windProjectStops)})`.as("stop_hours"),
        startOn: windProjects.startOn,
        orgName: sql<string | null>`(select ${organisations.name} from ${organisations} where ${organisations.id} = ${windProjects.orgId} and ${tenantOfOuter(organisations, windProjects)})`.as("org_name"),
        createdAt: windProjects.createdAt,
      })
      .from(windProjects)
      // a join: the select's columns are written with their tables, so the subqueries' own columns never clash
      .leftJoin(customers, and(eq(customers.id, windProjects.ownerId), sameTenant(customers, windProjects)))
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  },
  mapRows: (rows) =>
    rows.map(({ stageSum, ...r }) => ({
      ...r,
      state: String(r.state),
      progress: r.positions ? `${Math.round((Number(stageSum) / (Number(r.positions) * TURBINE_DONE)) * 100)}%` : "—",
      stopHours: Math.round(Number(r.stopHours) * 10) / 10,
    })),
  filters: {
    q: (v) =>
      or(
        containing(windProjects.number, v),
        containing(windProjects.name, v),
        containing(windProjects.site, v),
        sql`exists (select 1 from ${windProjectCranes} join ${vehicles} on ${vehicles.id} = ${windProjectCranes.vehicleId} and ${sameTenant(vehicles, windProjectCranes)} where ${ofProject(windProjectCranes)} and (${containing(vehicles.plate, v)} or ${containing(vehicles.selfNo, v)}))`
      ),
    state: (v) => (/^[01]$/.test(v) ? eq(windProjects.state, Number(v)) : undefined),
  },
  sortColumns: {
    number: windProjects.number,
    name: windProjects.name,
    state: windProjects.state,
    startOn: windProjects.startOn,
    createdAt: windProjects.createdAt,
  },
  defaultOrder: [asc(windProjects.state), desc(windProjects.createdAt), desc(windProjects.id)],
  createSchema: schemaOfFields(windProjectForm),
  updateSchema: schemaOfFields(windProjectForm),
  check: async (scope, values, current) => {
    const errors = await documentChecks(windProjectView, { options: windProjectOptions, editable })(scope, values, current);
    if (Object.keys(errors).length) return errors;
    return projectRules(values as never);
  },
  toInsert: ({ cranes: _c, positions: _p, stops: _s, ...head }, scope) => ({ ...head, number: "", state: WIND_STATE.active, creatorId: scope.user.id }),
  toUpdate: ({ cranes: _c, positions: _p, stops: _s, ...head }) => head,
  sideWrites: documentLinesWrites(LINES),
  // a project is deleted with its lines (an ended one is kept: reopen it first)
  beforeDelete: async (scope, ids) => {
    const ended = await scope.db
      .select({ id: windProjects.id })
      .from(windProjects)
      .where(tenantWhere(windProjects, scope, inArray(windProjects.id, ids), eq(windProjects.state, WIND_STATE.ended)))
      .limit(1);
    if (ended.length) return { refuse: "resource:document.notEditable" };
    return { dependents: Object.values(LINES).map((store) => scope.db.delete(store.table).where(tenantWhere(store.table, scope, inArray(store.parent, ids)))) };
  },
  auditView: (row) => row,
  scopeWhere: windScopeWhere,
  fileColumns: [windProjects.attachments],
});

interface ProjectValues {
  startOn: string;
  plannedEndOn: string | null;
  positions: { stage: string; doneOn: string | null }[];
  stops: { stopOn: string; fromTime: string; toTime: string | null }[];
}

/**
 * What the declaration cannot say: the planned finish not before the start; a stop ends after it begins and falls on
 * or after the start; a position marked erected has its day, and only an erected one has one.
 */
export function projectRules(v: ProjectValues): FieldErrors {
  const errors: FieldErrors = {};
  if (v.plannedEndOn && v.plannedEndOn < v.startOn) errors.plannedEndOn = "validation.endBeforeStart";
  v.positions.forEach((p, i) => {
    const done = Number(p.stage) === TURBINE_DONE;
    if (done && !p.doneOn) errors[`positions[${i}].doneOn`] = "validation.required";
    else if (!done && p.doneOn) errors[`positions[${i}].doneOn`] = "wind:doneOnlyErected";
  });
  v.stops.forEach((s, i) => {
    if (s.stopOn < v.startOn) errors[`stops[${i}].stopOn`] = `wind:stopBeforeStart|${v.startOn}`;
    else if (s.toTime && s.toTime <= s.fromTime) errors[`stops[${i}].toTime`] = "wind:stopEndBeforeStart";
  });
  return errors;
}

/** equipment types a wind site lifts with: truck, crawler and truck-mounted cranes (spec §3; towers stand elsewhere) */
export const WIND_CRANE_TYPES = ["1", "2", "4"];

/** The choices of its references: customers in scope (the owner), assignable organisations, the cranes the user sees. */
export async function windProjectOptions(scope: RequestScope): Promise<Record<string, Option[]>> {
  const [owners, orgs, cranes] = await Promise.all([
    visibleCustomers(scope),
    assignableOrgOptions(scope),
    machineChoices(scope, WIND_CRANE_TYPES),
  ]);
  return { ownerId: owners, orgId: orgs, vehicleId: cranes };
}

export const windProjectMachine: Machine<WindProjectStateRow> = {
  view: windProjectStates,
  table: windProjects,
  stateKey: "state",
  load: (scope, ids) =>
    scope.db
      .select({ id: windProjects.id, version: windProjects.version, state: windProjects.state, number: windProjects.number })
      .from(windProjects)
      .where(tenantWhere(windProjects, scope, inArray(windProjects.id, ids), windScopeWhere(scope))),
  label: (r) => r.number,
};

export const windProjectDocument: DocumentDefinition<WindProjectStateRow> = {
  resource: windProjectResource,
  lines: LINES,
  machine: windProjectMachine,
  editable,
  options: windProjectOptions,
};
