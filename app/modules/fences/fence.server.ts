import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { batch } from "../../../db/client";
import { fences, fenceVehicles, lineVehicles, routeLines, vehicles } from "../../../db/schema";
import { ofTenant, tenantWhere, withTenant } from "../../../db/tenant";
import { hubFor } from "../../../workers/fleet-hub/client";
import { visibleVehicleIds } from "../../../db/rules/data-scope";
import { requireScope, type RequestScope } from "~/modules/access/access.server";
import { containing, createRow, defineResource, deleteRows, postedIds, updateRow, type FieldErrors, withLimit } from "~/modules/resource/resource.server";
import { postedValues } from "~/modules/resource/form.server";
import { loadMapConfig } from "~/modules/settings/map-config.server";
import { checkPeriods, type PeriodError } from "./periods";
import { FENCE_TYPES, fenceStates, fenceView, lineStates, lineView, SCREEN, type FenceRow, type LineRow } from "./fence.resource";
import { runTransition, type Machine } from "~/modules/workflow/engine.server";
import { readForm } from "~/lib/posted-form.server";
import { line } from "~/lib/form-fields";

type Values = Record<string, unknown>;
const BAD_COORDINATE = "fences:v.coordinates";
const lngLat = z.tuple([z.number(BAD_COORDINATE).min(-180, BAD_COORDINATE).max(180, BAD_COORDINATE), z.number(BAD_COORDINATE).min(-90, BAD_COORDINATE).max(90, BAD_COORDINATE)], BAD_COORDINATE);
const coordinateList = (min: number, max: number, message: string) =>
  z
    .string()
    .transform((s, ctx) => {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
    })
    .pipe(z.array(lngLat, BAD_COORDINATE).min(min, message).max(max, message));

/** A number field that may be empty or absent (a field the form does not show for this shape). */
const optionalNumber = (min: number, max: number, message: string, int = false) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const v = (raw ?? "").trim();
      if (v === "") return null;
      const n = Number(v);
      if (!Number.isFinite(n) || n < min || n > max || (int && !Number.isInteger(n))) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return n;
    });
const flag = z
  .string()
  .optional()
  .transform((v) => (v === "1" || v === "on" ? 1 : 0));
const periodText = line().max(5).default("");
const PERIOD_MESSAGES: Record<PeriodError, string> = {
  format: "fences:v.periodFormat",
  incomplete: "fences:v.periodIncomplete",
  empty: "fences:v.periodEmpty",
  secondWithoutFirst: "fences:v.periodSecondWithoutFirst",
  overlap: "fences:v.periodOverlap",
};

/** A fence as the form posts it; geometry rules by shape, periods that do not overlap (spec §5). */
export const FenceSchema = z
  .object({
    name: line().min(1, "fences:v.name").max(30, "fences:v.name"),
    fenceType: z.enum(FENCE_TYPES, { message: "fences:v.fenceType" }),
    shape: z.enum(["polygon", "circle", "rectangle"], { message: "fences:v.shape" }),
    coordinates: coordinateList(1, 500, "fences:v.shape"),
    radius: optionalNumber(1, 10000, "fences:v.radius"),
    alarmIn: flag,
    alarmOut: flag,
    speedLimit: optionalNumber(1, 200, "fences:v.speedLimit"),
    period1Start: periodText,
    period1End: periodText,
    period2Start: periodText,
    period2End: periodText,
    dwellSeconds: optionalNumber(0, 3600, "fences:v.dwell", true).transform((v) => v ?? 30),
    level: z.enum(["1", "2", "3"], { message: "fences:v.level" }).transform(Number),
    state: z.enum(["1", "0"]).default("1").transform(Number),
  })
  .superRefine((v, ctx) => {
    const n = v.coordinates.length;
    if (v.shape === "polygon" && n < 3) ctx.addIssue({ code: "custom", path: ["coordinates"], message: "fences:v.polygon" });
    if (v.shape === "rectangle" && n !== 4) ctx.addIssue({ code: "custom", path: ["coordinates"], message: "fences:v.rectangle" });
    if (v.shape === "circle" && (n !== 1 || v.radius === null)) ctx.addIssue({ code: "custom", path: [n !== 1 ? "coordinates" : "radius"], message: n !== 1 ? "fences:v.shape" : "fences:v.radius" });
    const period = checkPeriods(v);
    if (period) ctx.addIssue({ code: "custom", path: [period.field], message: PERIOD_MESSAGES[period.error] });
    if (!v.alarmIn && !v.alarmOut && v.speedLimit === null) ctx.addIssue({ code: "custom", path: ["alarmIn"], message: "fences:v.alarms" });
  })
  .transform((v) => ({
    ...v,
    radius: v.shape === "circle" ? v.radius : null,
    period1Start: v.period1Start || null,
    period1End: v.period1End || null,
    period2Start: v.period2Start || null,
    period2End: v.period2End || null,
  }));

/** A line (route) as the form posts it: start and end named, a drawn path (spec §5: both must exist). */
export const LineSchema = z.object({
  name: line().min(1, "fences:v.name").max(30, "fences:v.name"),
  startName: line().min(1, "fences:v.startName").max(50, "fences:v.startName"),
  endName: line().min(1, "fences:v.endName").max(50, "fences:v.endName"),
  path: coordinateList(2, 1000, "fences:v.path"),
  bufferMeters: optionalNumber(10, 5000, "fences:v.buffer").transform((v) => v ?? 200),
  offRouteAlarm: flag,
  dwellSeconds: optionalNumber(0, 3600, "fences:v.dwell", true).transform((v) => v ?? 30),
  level: z.enum(["1", "2", "3"], { message: "fences:v.level" }).transform(Number),
  state: z.enum(["1", "0"]).default("1").transform(Number),
});

/** The vehicle archive changed what the hub watches: it reloads fences and lines before its next point. */
const tellHub = (scope: RequestScope) => hubFor(scope.env, scope.user.tenantId).configChanged();

export const fenceResource = defineResource({
  view: fenceView,
  table: fences,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db.select().from(fences).where(where).orderBy(...orderBy).offset(offset);
    return withLimit<typeof fences.$inferSelect>(q, limit);
  },
  filters: { q: (v) => containing(fences.name, v) },
  sortColumns: { name: fences.name, createdAt: fences.createdAt },
  defaultOrder: [asc(fences.id)],
  createSchema: FenceSchema,
  updateSchema: FenceSchema,
  unique: [{ field: "name", column: fences.name, message: "fences:v.duplicateName" }],
  toInsert: (values, scope) => ({ ...values, creatorId: scope.user.id }),
  toUpdate: (values) => values,
  auditView: (row) => row,
  beforeDelete: async (scope, ids) => ({ dependents: [scope.db.delete(fenceVehicles).where(inArray(fenceVehicles.fenceId, ids))] }),
  afterCommit: (scope) => tellHub(scope),
  afterDelete: (scope) => tellHub(scope),
});

export const lineResource = defineResource({
  view: lineView,
  table: routeLines,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db.select().from(routeLines).where(where).orderBy(...orderBy).offset(offset);
    return withLimit<typeof routeLines.$inferSelect>(q, limit);
  },
  filters: { q: (v) => containing(routeLines.name, v) },
  sortColumns: { name: routeLines.name, createdAt: routeLines.createdAt },
  defaultOrder: [asc(routeLines.id)],
  createSchema: LineSchema,
  updateSchema: LineSchema,
  unique: [{ field: "name", column: routeLines.name, message: "fences:v.duplicateName" }],
  toInsert: (values, scope) => ({ ...values, creatorId: scope.user.id }),
  toUpdate: (values) => values,
  auditView: (row) => row,
  beforeDelete: async (scope, ids) => ({ dependents: [scope.db.delete(lineVehicles).where(inArray(lineVehicles.lineId, ids))] }),
  afterCommit: (scope) => tellHub(scope),
  afterDelete: (scope) => tellHub(scope),
});

type Kind = "fence" | "line";
const BINDINGS = {
  fence: { table: fenceVehicles, owner: fenceVehicles.fenceId, resource: fenceResource },
  line: { table: lineVehicles, owner: lineVehicles.lineId, resource: lineResource },
} as const;

/** The vehicles this user may bind: the tenant's, within their data scope (spec §6). */
async function bindableVehicles(scope: RequestScope) {
  const visible = await visibleVehicleIds(scope.db, scope.user.tenantId, scope.user.id);
  const rows = await scope.db
    .select({ id: vehicles.id, plate: vehicles.plate, terminalNo: vehicles.terminalNo })
    .from(vehicles)
    .where(ofTenant(vehicles, scope.user.tenantId))
    .orderBy(asc(vehicles.plate));
  return visible === "all" ? rows : rows.filter((r) => visible.has(r.id));
}

/**
 * Replaces the vehicles bound to a fence or line with the posted ones. Only vehicles the user may see can be
 * posted; bindings to vehicles outside their scope stay as they were (they never saw them to remove them).
 */
async function saveBindings(scope: RequestScope, kind: Kind, id: number, posted: number[], visible: Set<number>) {
  const b = BINDINGS[kind];
  const current = (await scope.db.select({ vid: b.table.vehicleId }).from(b.table).where(eq(b.owner, id))).map((r) => r.vid);
  const keep = current.filter((v) => !visible.has(v));
  const next = [...new Set([...keep, ...posted])];
  const ownerKey = kind === "fence" ? "fenceId" : "lineId";
  const rows = next.map((vehicleId) => withTenant(scope, { [ownerKey]: id, vehicleId }));
  const inserts = [];
  // at most 100 bound values per D1 statement: 3 columns a row
  for (let i = 0; i < rows.length; i += 30) inserts.push(scope.db.insert(b.table).values(rows.slice(i, i + 30) as never));
  await batch(scope.db, [scope.db.delete(b.table).where(eq(b.owner, id)), ...inserts]);
}

export async function fenceLoader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: SCREEN });
  const t = scope.user.tenantId;
  // a link that opens a row for editing (?edit=<id>, a route's with tab=lines) names one of the tenant's: else nothing is there
  const url = new URL(request.url);
  const editId = Number(url.searchParams.get("edit"));
  if (Number.isSafeInteger(editId) && editId > 0) {
    const table = url.searchParams.get("tab") === "lines" ? routeLines : fences;
    const [own] = await scope.db.select({ id: table.id }).from(table).where(tenantWhere(table, scope, eq(table.id, editId)));
    if (!own) throw new Response("Not Found", { status: 404 });
  }
  const [config, fenceRows, lineRows, fenceLinks, lineLinks, bindable] = await Promise.all([
    loadMapConfig(scope.db, t),
    scope.db.select().from(fences).where(ofTenant(fences, t)).orderBy(asc(fences.id)),
    scope.db.select().from(routeLines).where(ofTenant(routeLines, t)).orderBy(asc(routeLines.id)),
    scope.db.select({ owner: fenceVehicles.fenceId, vid: fenceVehicles.vehicleId }).from(fenceVehicles).where(ofTenant(fenceVehicles, t)),
    scope.db.select({ owner: lineVehicles.lineId, vid: lineVehicles.vehicleId }).from(lineVehicles).where(ofTenant(lineVehicles, t)),
    bindableVehicles(scope),
  ]);
  const group = (links: { owner: number; vid: number }[]) => {
    const m = new Map<number, number[]>();
    for (const l of links) m.set(l.owner, [...(m.get(l.owner) ?? []), l.vid]);
    return m;
  };
  const fv = group(fenceLinks);
  const lv = group(lineLinks);
  const visible = new Set(bindable.map((v) => v.id));
  const p = scope.access.permissions;
  return {
    config,
    fences: fenceRows.map(
      (f): FenceRow => ({
        id: f.id, version: f.version, name: f.name, fenceType: f.fenceType as FenceRow["fenceType"], shape: f.shape as FenceRow["shape"], coordinates: f.coordinates, radius: f.radius,
        alarmIn: f.alarmIn, alarmOut: f.alarmOut, speedLimit: f.speedLimit, period1Start: f.period1Start, period1End: f.period1End, period2Start: f.period2Start, period2End: f.period2End,
        dwellSeconds: f.dwellSeconds, level: f.level, state: f.state, boundCount: fv.get(f.id)?.length ?? 0, vehicleIds: (fv.get(f.id) ?? []).filter((v) => visible.has(v)),
      }),
    ),
    lines: lineRows.map(
      (l): LineRow => ({
        id: l.id, version: l.version, name: l.name, startName: l.startName, endName: l.endName, path: l.path, bufferMeters: l.bufferMeters, offRouteAlarm: l.offRouteAlarm,
        dwellSeconds: l.dwellSeconds, level: l.level, state: l.state, boundCount: lv.get(l.id)?.length ?? 0, vehicleIds: (lv.get(l.id) ?? []).filter((v) => visible.has(v)),
      }),
    ),
    vehicles: bindable,
    can: { add: p.has(`${fenceView.permission}:add`), edit: p.has(`${fenceView.permission}:edit`), delete: p.has(`${fenceView.permission}:delete`) },
  };
}

export type FenceActionData = { kind: Kind; errors: FieldErrors; values: Values };

const back = (kind: Kind, id: number | null, done: string) => `${SCREEN}?tab=${kind === "fence" ? "fences" : "lines"}${id ? `&sel=${id}` : ""}&done=${done}`;

/** 启用 / 停用 of a fence or a line on the transitions engine (version-checked; the hub reloads the rules after). */
const stateMachine = (view: typeof fenceStates, table: typeof fences | typeof routeLines): Machine<{ id: number; version: number; state: number; name: string }> => ({
  view,
  table,
  stateKey: "state",
  load: (scope, ids) => scope.db.select({ id: table.id, version: table.version, state: table.state, name: table.name }).from(table).where(tenantWhere(table, scope, inArray(table.id, ids))),
  label: (r) => r.name,
  after: tellHub,
});
const STATE_MACHINES = { fence: stateMachine(fenceStates, fences), line: stateMachine(lineStates, routeLines) };

/** The generic writes of a registered resource, as this screen names them (a create or an update is its save). */
const INTENTS: Record<string, string> = { create: "save", update: "save" };

/**
 * save / state / delete of a fence or a line; every write checks its own permission code. The generic writes
 * (`create`, `update`, `delete` with `ids`) are taken too, as the house's other lists take them.
 */
export async function fenceAction({ request, context }: ActionFunctionArgs) {
  // the session and the screen before the body is read; the write's own code once the form says which
  await requireScope(request, context, { screen: SCREEN });
  const form = await readForm(request);
  const posted = String(form.get("intent") ?? "");
  const intent = INTENTS[posted] ?? posted;
  const kind: Kind = form.get("kind") === "line" ? "line" : "fence";
  const id = Number(form.get("id") ?? 0) || null;
  // a create names no row, an update one
  if ((posted === "create" && id) || (posted === "update" && !id)) return data<FenceActionData>({ kind, errors: { form: "resource:notFound" }, values: {} }, { status: 400 });
  const need = intent === "delete" ? "delete" : intent === "save" && !id ? "add" : "edit";
  const scope = await requireScope(request, context, { screen: SCREEN, permission: `${fenceView.permission}:${need}` });
  const res = BINDINGS[kind].resource;
  const { vehicleIds, ...values } = postedValues(form);

  if (intent === "save") {
    const posted = [vehicleIds ?? []].flat().map(Number);
    const bindable = await bindableVehicles(scope);
    const visible = new Set(bindable.map((v) => v.id));
    if (posted.some((v) => !visible.has(v))) return data<FenceActionData>({ kind, errors: { vehicleIds: "fences:v.vehicles" }, values }, { status: 400 });
    const result = id ? await updateRow(scope, res as never, id, values) : await createRow(scope, res as never, values);
    if (!result.ok) return data<FenceActionData>({ kind, errors: result.errors, values }, { status: result.status });
    await saveBindings(scope, kind, result.id, posted, visible);
    return redirect(back(kind, result.id, "saved"));
  }
  if (intent === "delete") {
    // one row (the screen's 删除) or the list's selection (`ids`, as the house's lists post it)
    const ids = id ? [id] : postedIds(form);
    if (!ids.length) return data<FenceActionData>({ kind, errors: { form: "resource:notFound" }, values }, { status: 404 });
    const n = await deleteRows(scope, res as never, ids);
    if (typeof n === "object") return data<FenceActionData>({ kind, errors: { form: n.refuse as FieldErrors[string] }, values }, { status: n.status ?? 400 });
    return redirect(back(kind, null, "deleted"));
  }
  if (!id) return data<FenceActionData>({ kind, errors: { form: "resource:notFound" }, values }, { status: 404 });
  if (intent === "state") {
    const state = form.get("state") === "1" ? 1 : 0;
    const result = await runTransition(scope, STATE_MACHINES[kind], state ? "enable" : "disable", [id], {}, `${id}:${Number(form.get("version"))}`);
    if (!result.ok) return data<FenceActionData>({ kind, errors: { form: result.refusal.message }, values }, { status: result.refusal.status });
    return redirect(back(kind, id, state ? "enabled" : "stopped"));
  }
  return data<FenceActionData>({ kind, errors: { form: "resource:notFound" }, values }, { status: 400 });
}
