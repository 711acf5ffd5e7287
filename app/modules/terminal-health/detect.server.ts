/**
 * 健康检测's detection run (docs/terminal-health.md): for each machine, its daily roll-ups over the window's days summed
 * (positions, online and engine time) and the hub's live state of its terminal, graded (grading.ts). Shared by the
 * screen (a run on demand, a retest) and the daily job (workers/jobs/terminal-health.ts), which writes what this answers.
 */
import { inArray, sql } from "drizzle-orm";
import { batch, type Db } from "../../../db/client";
import { vehicleDaily, vehicles } from "../../../db/schema";
import { tenantWhere, withTenant } from "../../../db/tenant";
import type { Env } from "../../../workers/env";
import { addDays } from "../../lib/calendar";
import { dayStartMs } from "../../lib/tenant-days";
import { hubFor } from "../../../workers/fleet-hub/client";
import type { VehicleLive } from "../../../workers/fleet-hub/protocol";
import { gradeOf, healthFindings, type HealthFinding, type HealthGrade, type HealthTrigger } from "./grading";
import { terminalHealthChecks } from "./tables.server";

/** The window a run grades: its first and last tenant day (the roll-ups read) and its instants. */
export interface HealthWindow {
  fromDay: string;
  toDay: string;
  from: number;
  to: number;
}

/** The daily job's window: the whole of the tenant's yesterday. */
export function dailyWindow(today: string, timeZone: string): HealthWindow {
  const yesterday = addDays(today, -1);
  return { fromDay: yesterday, toDay: yesterday, from: dayStartMs(yesterday, timeZone)!, to: dayStartMs(today, timeZone)! - 1 };
}

export interface Detection {
  vehicleId: number;
  grade: HealthGrade;
  findings: HealthFinding[];
}

/** D1 binds at most 100 values a statement: ids go in chunks. */
const CHUNK = 90;
const chunks = <T,>(list: T[]) => Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));

const liveInput = (v: VehicleLive | undefined) =>
  v && v.seen !== null
    ? { t: v.t, seen: v.seen, lng: v.lng, lat: v.lat, battery: v.battery, rpm: v.rpm, torque: v.torque, fuel: v.fuel, hasCrane: Boolean(v.crane), faults: v.faults?.length ?? 0 }
    : null;

/**
 * Grades the given machines of the tenant (ids not the tenant's are dropped) over the window. Throws when the hub
 * cannot be asked: a grade without the terminal's state would be a guess.
 */
export async function detect(db: Db, env: Pick<Env, "FLEET_HUB">, tenantId: number, vehicleIds: number[], window: HealthWindow): Promise<Detection[]> {
  if (!vehicleIds.length) return [];
  const sums = new Map<number, { points: number; online: number; engine: number }>();
  const own = new Set<number>();
  for (const ids of chunks(vehicleIds)) {
    const [mine, days] = await batch(db, [
      db.select({ id: vehicles.id }).from(vehicles).where(tenantWhere(vehicles, tenantId, inArray(vehicles.id, ids))),
      db
        .select({ vid: vehicleDaily.vehicleId, points: sql<number>`sum(${vehicleDaily.points})`, online: sql<number>`sum(${vehicleDaily.onlineSeconds})`, engine: sql<number>`sum(${vehicleDaily.engineSeconds})` })
        .from(vehicleDaily)
        .where(tenantWhere(vehicleDaily, tenantId, inArray(vehicleDaily.vehicleId, ids), sql`${vehicleDaily.day} between ${window.fromDay} and ${window.toDay}`))
        .groupBy(vehicleDaily.vehicleId),
    ]);
    for (const m of mine) own.add(m.id);
    for (const d of days) sums.set(d.vid, { points: Number(d.points), online: Number(d.online), engine: Number(d.engine) });
  }
  const ids = vehicleIds.filter((id) => own.has(id));
  if (!ids.length) return [];
  const live = await hubFor(env, tenantId).liveStates(tenantId, ids);
  if (!live) throw new Error("the hub refused the tenant");
  const byId = new Map(live.vehicles.map((v) => [v.id, v]));
  return ids.map((vehicleId) => {
    const s = sums.get(vehicleId) ?? { points: 0, online: 0, engine: 0 };
    const findings = healthFindings({ windowMs: window.to - window.from, points: s.points, onlineSeconds: s.online, engineSeconds: s.engine, live: liveInput(byId.get(vehicleId)) });
    return { vehicleId, grade: gradeOf(findings), findings };
  });
}

/** rows an insert: each row binds 11 values, and D1 at most 100 a statement */
const ROWS_AN_INSERT = 8;

/** The inserts of runs (to join a batch): one row a detection, a few rows a statement. */
export function checkInserts(db: Db, tenantId: number, detections: Detection[], run: { day: string; trigger: HealthTrigger; window: HealthWindow; creatorId: number | null; retestOf?: number | null }) {
  const parts = Array.from({ length: Math.ceil(detections.length / ROWS_AN_INSERT) }, (_, i) => detections.slice(i * ROWS_AN_INSERT, (i + 1) * ROWS_AN_INSERT));
  return parts.map((part) => db.insert(terminalHealthChecks).values(
    part.map((d) =>
      withTenant(tenantId, {
        vehicleId: d.vehicleId,
        day: run.day,
        trigger: run.trigger,
        windowFrom: run.window.from,
        windowTo: run.window.to,
        grade: d.grade,
        findings: d.findings,
        retestOf: run.retestOf ?? null,
        creatorId: run.creatorId,
      }),
    ),
  ).onConflictDoNothing());
}

/** Every machine of the tenant (the daily job grades them all). */
export async function tenantMachines(db: Db, tenantId: number): Promise<number[]> {
  return (await db.select({ id: vehicles.id }).from(vehicles).where(tenantWhere(vehicles, tenantId))).map((r) => r.id);
}
