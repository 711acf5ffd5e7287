/**
 * 锁车记录's server half: one row a machine that has a lock task or an emergency unlock, derived from them (its lock
 * now, the completed operations counted, the last times, the last emergency reason; nothing stored twice), and 应急解锁
 * (an unlock code from the time on the machine's display and a reason, recorded and counted). docs/terminals.md.
 */
import { and, asc, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { terminalCommands, users, vehicles } from "../../../db/schema";
import { visibleVehiclesWhere } from "../../../db/rules/data-scope";
import { ofTenant, sameTenant, tenantOfOuter, tenantWhere, withTenant } from "../../../db/tenant";
import type { Env } from "../../../workers/env";
import { note } from "~/lib/form-fields";
import { parseZonedTime } from "~/lib/tenant-days";
import { stampInZone } from "~/lib/tenant-clock";
import type { RequestScope } from "~/modules/access/access.server";
import { runCommand } from "~/modules/resource/command.server";
import { containing, defineResource, fieldErrors, refusedWrites, withLimit, type FieldErrors } from "~/modules/resource/resource.server";
import { resolvePlates } from "~/modules/telematics/vehicle-choice.server";
import { commandTargets } from "./commands.server";
import { lockRecordView } from "./lock.resource";
import { lockEmergencies, lockTasks } from "./tables.server";
import { COMMAND_STATE, DEVICE_TIME_WINDOW_MS, deviceTimeOf, LOCK_LEVEL_OPTIONS, type LockOperation } from "./terminals";
import { unlockCode } from "./unlock-code";

const C = terminalCommands;
const E = lockEmergencies;
/**
 * A correlated subquery as one piece of the select: the list reads the vehicles table alone, and in a one-table select
 * drizzle writes the select's own columns bare (`"id"`), which inside a subquery would name the subquery's table; a
 * piece nested in another keeps every column named by its table.
 */
const whole = <T>(q: SQL<T>) => sql<T>`${q}`;
/** the machine's completed lock commands, joined to their tasks (a correlated subquery of the vehicles row) */
const doneOps = (what: SQL, operations?: readonly LockOperation[]) =>
  sql`(select ${what} from ${lockTasks} join ${C} on ${C.id} = ${lockTasks.commandId} and ${tenantOfOuter(C, lockTasks)} where ${tenantOfOuter(lockTasks, vehicles)} and ${lockTasks.vehicleId} = ${vehicles.id} and ${C.state} = ${COMMAND_STATE.done}${operations ? sql` and ${lockTasks.operation} in (${sql.join(operations.map((o) => sql`${o}`), sql`, `)})` : sql``})`;
const countOf = (op: LockOperation) => whole(doneOps(sql`count(*)`, [op])).mapWith(Number);
const emergencies = (what: SQL) => sql`(select ${what} from ${E} where ${tenantOfOuter(E, vehicles)} and ${E.vehicleId} = ${vehicles.id})`;
const lastOp = sql<LockOperation | null>`(select ${lockTasks.operation} from ${lockTasks} join ${C} on ${C.id} = ${lockTasks.commandId} and ${tenantOfOuter(C, lockTasks)} where ${tenantOfOuter(lockTasks, vehicles)} and ${lockTasks.vehicleId} = ${vehicles.id} and ${C.state} = ${COMMAND_STATE.done} order by ${C.doneAt} desc, ${C.id} desc limit 1)`;
const lastEmergencyAt = emergencies(sql`max(${E.createdAt})`);
/** the lock now: the last completed operation, or an emergency unlock given after it */
const level = sql<string>`case when coalesce(${lastEmergencyAt}, 0) > coalesce(${doneOps(sql`max(${C.doneAt})`)}, 0) then 'emergency' else coalesce(${lastOp}, 'none') end`;
const LEVELS: readonly string[] = LOCK_LEVEL_OPTIONS.map((o) => o.value);

/** A machine has a record once it has a lock task or an emergency unlock. */
const hasRecord = sql`(exists (select 1 from ${lockTasks} where ${tenantOfOuter(lockTasks, vehicles)} and ${lockTasks.vehicleId} = ${vehicles.id}) or exists (select 1 from ${E} where ${tenantOfOuter(E, vehicles)} and ${E.vehicleId} = ${vehicles.id}))`;

export const lockRecordResource = defineResource({
  view: lockRecordView,
  table: vehicles,
  selectRows: (db, where, orderBy, limit, offset) =>
    withLimit(
      db
        .select({
          id: vehicles.id,
          plate: vehicles.plate,
          terminalNo: vehicles.terminalNo,
          level: whole(level).as("lock_level"),
          activateCount: countOf("activate").as("activate_count"),
          lock1Count: countOf("lock1").as("lock1_count"),
          lock2Count: countOf("lock2").as("lock2_count"),
          unlockCount: countOf("unlock").as("unlock_count"),
          closeCount: countOf("close").as("close_count"),
          emergencyCount: whole(emergencies(sql`count(*)`)).mapWith(Number).as("emergency_count"),
          lastLockAt: whole(doneOps(sql`max(${C.doneAt})`, ["lock1", "lock2"])).mapWith(Number).as("last_lock_at"),
          lastUnlockAt: whole(doneOps(sql`max(${C.doneAt})`, ["unlock"])).mapWith(Number).as("last_unlock_at"),
          lastEmergencyAt: whole(lastEmergencyAt).mapWith(Number).as("last_emergency_at"),
          lastEmergencyReason: whole(sql<string | null>`(select ${E.reason} from ${E} where ${tenantOfOuter(E, vehicles)} and ${E.vehicleId} = ${vehicles.id} order by ${E.createdAt} desc, ${E.id} desc limit 1)`).as("last_emergency_reason"),
        })
        .from(vehicles)
        .where(where)
        .orderBy(...orderBy)
        .offset(offset),
      limit,
    ),
  // an empty time is none (mapWith(Number) would read 0)
  mapRows: (rows) => rows.map((r) => ({ ...r, lastLockAt: r.lastLockAt || null, lastUnlockAt: r.lastUnlockAt || null, lastEmergencyAt: r.lastEmergencyAt || null })),
  listedWhere: hasRecord,
  filters: {
    q: (v) => or(containing(vehicles.plate, v), containing(vehicles.terminalNo, v), containing(vehicles.selfNo, v)),
    level: (v) => (LEVELS.includes(v) ? sql`${level} = ${v}` : undefined),
  },
  sortColumns: { plate: vehicles.plate },
  defaultOrder: [asc(vehicles.plate), asc(vehicles.id)],
  ...refusedWrites,
  editValues: async (scope, row) => {
    const [r] = await scope.db.select({ level: whole(level) }).from(vehicles).where(tenantWhere(vehicles, scope, eq(vehicles.id, row.id)));
    return { terminalNo: row.terminalNo, level: r?.level ?? "none" };
  },
  auditView: (row) => ({ id: row.id, plate: row.plate }),
  scopeWhere: (scope) => visibleVehiclesWhere(scope),
});

/** A machine's emergency unlocks, newest first: its record's detail. */
export async function emergenciesOf(scope: RequestScope, vehicleId: number) {
  const rows = await scope.db
    .select({ id: E.id, deviceTime: E.deviceTime, reason: E.reason, createdAt: E.createdAt, creatorName: sql<string | null>`(select ${users.userName} from ${users} where ${users.id} = ${E.creatorId} and ${tenantOfOuter(users, E)})` })
    .from(E)
    .innerJoin(vehicles, and(eq(vehicles.id, E.vehicleId), sameTenant(vehicles, E)))
    .where(tenantWhere(E, scope, eq(E.vehicleId, vehicleId), visibleVehiclesWhere(scope)))
    .orderBy(desc(E.createdAt), desc(E.id))
    .limit(50);
  return rows.map((r) => ({ ...r, at: stampInZone(r.createdAt, scope.user.timeZone, false) }));
}

/**
 * The secret the unlock codes are derived from: LOCK_CODE_SECRET, which the terminal vendor derives each terminal's
 * key from (never SESSION_SECRET in production: it would leave the platform). Outside production, SESSION_SECRET or a
 * development value stands in.
 */
export function lockCodeSecret(env: Pick<Env, "LOCK_CODE_SECRET" | "SESSION_SECRET" | "APP_ENV">): string {
  if (env.LOCK_CODE_SECRET) return env.LOCK_CODE_SECRET;
  if (env.APP_ENV === "production") throw new Error("LOCK_CODE_SECRET is not set");
  return env.SESSION_SECRET ?? "derrick-local-lock-code-secret";
}

/** The posted emergency unlock: the machine's plate, its display's time (YYMMDDHH), why. */
export const EmergencySchema = z.object({
  plate: z.string().default("").transform((v) => v.trim()).pipe(z.string().min(1, "terminals:plateRequired").max(20, "terminals:plateUnknown")),
  deviceTime: z.string().default("").transform((v) => v.trim()).pipe(z.string().min(1, "terminals:deviceTimeRequired").refine((v) => deviceTimeOf(v) !== null, "terminals:deviceTimeInvalid")),
  reason: note().default("").pipe(z.string().min(1, "terminals:emergencyReasonRequired").max(200, "terminals:tooLong|200")),
});

export type EmergencyOutcome = { ok: true; code: string; plate: string; terminalNo: string; deviceTime: string } | { ok: false; status: 400; errors: FieldErrors };

/**
 * 应急解锁: the code a driver types into a locked machine that cannot be reached, from the machine's terminal number and
 * the hour its display shows; recorded (the machine, the device time, the reason, who, when) with its audit record in
 * one batch, and answered once. The code itself is never stored.
 */
export async function emergencyUnlock(scope: RequestScope, values: Record<string, unknown>, now = Date.now()): Promise<EmergencyOutcome> {
  const parsed = EmergencySchema.safeParse(values);
  if (!parsed.success) return { ok: false, status: 400, errors: fieldErrors(parsed.error) };
  const v = parsed.data;
  const at = parseZonedTime(deviceTimeOf(v.deviceTime)!, scope.user.timeZone);
  if (!(Math.abs(at - now) <= DEVICE_TIME_WINDOW_MS)) return { ok: false, status: 400, errors: { deviceTime: "terminals:deviceTimeFar" } };
  const { vehicles: found } = await resolvePlates(scope, [v.plate], "visible");
  if (!found.length) return { ok: false, status: 400, errors: { plate: "terminals:plateUnknown" } };
  const targets = await commandTargets(scope, [found[0]!.id]);
  if ("refusal" in targets) return { ok: false, status: 400, errors: { plate: targets.refusal } };
  const machine = targets.targets[0]!;
  const code = await unlockCode(lockCodeSecret(scope.env), machine.terminalNo, v.deviceTime);
  const record = withTenant(scope, { vehicleId: machine.id, deviceTime: v.deviceTime, reason: v.reason, creatorId: scope.user.id, createdAt: now });
  await runCommand(scope, [scope.db.insert(E).values(record)], {
    entity: "lockEmergency",
    action: "emergencyUnlock",
    id: sql`(select max(${E.id}) from ${E} where ${ofTenant(E, scope)})`,
    after: { plate: machine.plate, deviceTime: v.deviceTime, reason: v.reason },
  });
  return { ok: true, code, plate: machine.plate, terminalNo: machine.terminalNo, deviceTime: v.deviceTime };
}
