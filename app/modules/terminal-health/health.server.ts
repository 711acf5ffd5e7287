/**
 * 健康检测 (/stateReport/health): the runs of the machines the user sees, newest first, with their health alarms; a run
 * on demand for chosen machines, handling an alarm (a description is required, spec §5) and a retest (复检: the
 * machine is tested again, the new run names the old one, both are kept). Every write is one command with its audit
 * record; writes need `stateReport:edit`.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { alias } from "drizzle-orm/sqlite-core";
import { and, desc, eq, inArray, isNull, like, sql } from "drizzle-orm";
import { users, vehicles } from "../../../db/schema";
import { sameTenant, tenantWhere } from "../../../db/tenant";
import { visibleVehicleIdWhere, visibleVehiclesWhere } from "../../../db/rules/data-scope";
import { addDays } from "~/lib/calendar";
import { readForm } from "~/lib/posted-form.server";
import { todayInZone } from "~/lib/tenant-clock";
import { dayStartMs } from "~/lib/tenant-days";
import { requireScope, type RequestScope } from "~/modules/access/access.server";
import { flashCookie } from "~/modules/auth/session.server";
import { runCommand } from "~/modules/resource/command.server";
import { checkInserts, detect, type HealthWindow } from "./detect.server";
import { HEALTH_GRADES, raisesAlarm, type HealthGrade } from "./grading";
import { terminalHealthChecks } from "./tables.server";

export const STATE_REPORT_PATH = "/stateReport";
export const HEALTH_PATH = `${STATE_REPORT_PATH}/health`;
/** writes (a run, handling, a retest) need the screen's edit code */
export const HEALTH_EDIT = "stateReport:edit";
/** at most this many machines a run on demand, and runs listed */
export const MAX_RUN_MACHINES = 50;
export const HEALTH_PAGE = 200;
export const NOTE_MAX = 200;
const ENTITY = "terminalHealth";

/** A run on demand grades yesterday and today so far: the last day's data, whatever the hour. */
export function demandWindow(timeZone: string, now: number): HealthWindow & { today: string } {
  const today = todayInZone(timeZone, now);
  const fromDay = addDays(today, -1);
  return { today, fromDay, toDay: today, from: dayStartMs(fromDay, timeZone)!, to: now };
}

export type HealthError = "pickVehicles" | "tooMany" | "unavailable" | "noteRequired" | "noteTooLong" | "notFound" | "notAlarm" | "alreadyHandled";

const handler = alias(users, "handler");

/** The runs listed: the user's machines, of a grade, only open alarms, a plate's text. */
export async function listRuns(scope: RequestScope, filters: { grade: HealthGrade | null; open: boolean; q: string }) {
  const c = terminalHealthChecks;
  const original = alias(terminalHealthChecks, "original");
  return scope.db
    .select({
      id: c.id,
      vehicleId: c.vehicleId,
      plate: vehicles.plate,
      createdAt: c.createdAt,
      trigger: c.trigger,
      grade: c.grade,
      findings: c.findings,
      retestOf: c.retestOf,
      retestOfAt: original.createdAt,
      retested: sql<number>`exists (select 1 from terminal_health_checks r where r.retest_of = ${c.id})`,
      handledAt: c.handledAt,
      handleNote: c.handleNote,
      handler: handler.userName,
      version: c.version,
    })
    .from(c)
    .innerJoin(vehicles, and(eq(vehicles.id, c.vehicleId), sameTenant(vehicles, c)))
    .leftJoin(original, and(eq(original.id, c.retestOf), sameTenant(original, c)))
    .leftJoin(handler, and(eq(handler.id, c.handlerId), sameTenant(handler, c)))
    .where(
      tenantWhere(
        c,
        scope.user,
        visibleVehicleIdWhere(scope, c.vehicleId),
        filters.grade ? eq(c.grade, filters.grade) : undefined,
        filters.open ? and(isNull(c.handledAt), sql`${c.grade} <> 'healthy'`) : undefined,
        filters.q ? like(vehicles.plate, `%${filters.q.replace(/[%_]/g, "")}%`) : undefined,
      ),
    )
    .orderBy(desc(c.createdAt), desc(c.id))
    .limit(HEALTH_PAGE);
}

/** The machines the user may choose for a run (at most 500, by plate). */
export function machineChoices(scope: RequestScope) {
  return scope.db.select({ id: vehicles.id, plate: vehicles.plate }).from(vehicles).where(tenantWhere(vehicles, scope.user, visibleVehiclesWhere(scope))).orderBy(vehicles.plate).limit(500);
}

export async function healthLoader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: STATE_REPORT_PATH });
  const url = new URL(request.url);
  const gradeParam = url.searchParams.get("grade") ?? "";
  const grade = (HEALTH_GRADES as readonly string[]).includes(gradeParam) ? (gradeParam as HealthGrade) : null;
  const open = url.searchParams.get("open") === "1";
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 30);
  const [runs, machines] = await Promise.all([listRuns(scope, { grade, open, q }), machineChoices(scope)]);
  return { runs, machines, filters: { grade, open, q }, canEdit: scope.access.permissions.has(HEALTH_EDIT), max: MAX_RUN_MACHINES, noteMax: NOTE_MAX };
}

const refuse = (error: HealthError, extra: Record<string, unknown> = {}) => data({ error, ...extra }, { status: error === "notFound" ? 404 : error === "unavailable" ? 503 : error === "alreadyHandled" ? 409 : 400 });
const done = (request: Request) => redirect(new URL(request.url).pathname + new URL(request.url).search, { headers: { "Set-Cookie": flashCookie("saved") } });

/** Runs the detection for the machines and stores the runs (one command, one audit record). */
async function runFor(scope: RequestScope, vehicleIds: number[], trigger: "manual" | "retest", retestOf: number | null) {
  const window = demandWindow(scope.user.timeZone, Date.now());
  const detections = await detect(scope.db, scope.env, scope.user.tenantId, vehicleIds, window);
  if (!detections.length) return false;
  const inserts = checkInserts(scope.db, scope.user.tenantId, detections, { day: window.today, trigger, window, creatorId: scope.user.id, retestOf });
  await runCommand(scope, inserts, {
    entity: ENTITY,
    action: trigger === "retest" ? "retest" : "run",
    id: retestOf ?? detections[0]!.vehicleId,
    after: { machines: detections.map((d) => d.vehicleId), grades: detections.map((d) => d.grade) },
  });
  return true;
}

export async function healthAction({ request, context }: ActionFunctionArgs) {
  const scope = await requireScope(request, context, { screen: STATE_REPORT_PATH, permission: HEALTH_EDIT });
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const c = terminalHealthChecks;

  if (intent === "run") {
    const ids = [...new Set(form.getAll("vehicleId").map(Number).filter((n) => Number.isSafeInteger(n) && n > 0))];
    if (!ids.length) return refuse("pickVehicles");
    if (ids.length > MAX_RUN_MACHINES) return refuse("tooMany");
    // only the machines the user sees
    const visible = await scope.db.select({ id: vehicles.id }).from(vehicles).where(tenantWhere(vehicles, scope.user, inArray(vehicles.id, ids), visibleVehiclesWhere(scope)));
    if (!visible.length) return refuse("pickVehicles");
    try {
      await runFor(scope, visible.map((v) => v.id), "manual", null);
    } catch (error) {
      console.error("health run", error);
      return refuse("unavailable");
    }
    return done(request);
  }

  const id = Number(form.get("id"));
  const [run] = Number.isSafeInteger(id) && id > 0 ? await scope.db.select().from(c).where(tenantWhere(c, scope.user, eq(c.id, id), visibleVehicleIdWhere(scope, c.vehicleId))) : [];
  if (!run) return refuse("notFound");

  if (intent === "handle") {
    const note = String(form.get("note") ?? "").trim();
    if (!raisesAlarm(run.grade)) return refuse("notAlarm", { id });
    if (!note) return refuse("noteRequired", { id });
    if (note.length > NOTE_MAX) return refuse("noteTooLong", { id, note });
    if (run.handledAt !== null) return refuse("alreadyHandled", { id });
    const now = Date.now();
    const result = await runCommand(
      scope,
      [scope.db.update(c).set({ handledAt: now, handlerId: scope.user.id, handleNote: note, version: run.version + 1 }).where(tenantWhere(c, scope.user, eq(c.id, id), isNull(c.handledAt), eq(c.version, run.version))), { expect: 1 }],
      { entity: ENTITY, action: "handle", id, before: { handledAt: null }, after: { handledAt: now, handleNote: note } },
    );
    if (!result.ok) return refuse("alreadyHandled", { id });
    return done(request);
  }

  if (intent === "retest") {
    try {
      await runFor(scope, [run.vehicleId], "retest", run.id);
    } catch (error) {
      console.error("health retest", error);
      return refuse("unavailable");
    }
    return done(request);
  }
  return data({ error: "notFound" as HealthError }, { status: 400 });
}
