/**
 * 升级任务's server half: the list with each task's progress read from its machines' commands (finished / total,
 * succeeded / failed, waiting for download, upgrading; finished when none is waiting or upgrading), a new task (its
 * number, machines and an `ota` command each, with a signed download link, in one batch), a retry (a new command for
 * each failed machine only) and a task's machines. docs/terminals.md, "Upgrade tasks".
 */
import { and, desc, eq, inArray, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { z } from "zod";
import { terminalCommands, users, vehicles } from "../../../db/schema";
import { visibleVehicleIdWhere } from "../../../db/rules/data-scope";
import { ofTenant, sameTenant, tenantOfOuter, tenantWhere, withTenant } from "../../../db/tenant";
import { line, note } from "~/lib/form-fields";
import { stampInZone } from "~/lib/tenant-clock";
import type { RequestScope } from "~/modules/access/access.server";
import { runCommand, type CommandStep } from "~/modules/resource/command.server";
import { containing, defineResource, fieldErrors, refusedWrites, withLimit, type FieldErrors } from "~/modules/resource/resource.server";
import { takeNumber } from "~/modules/numbering/numbering.server";
import { parsePlates, resolvePlates } from "~/modules/telematics/vehicle-choice.server";
import { commandsQueued, commandTargets } from "./commands.server";
import { otaTaskView } from "./ota.resource";
import { packageLink } from "./ota-link.server";
import { holdPackage, readyPackage } from "./package.server";
import { otaPackages, otaTasks as T, otaTaskVehicles as TV } from "./tables.server";
import { COMMAND_STATE, OTA_COMMAND_TTL_MS, OTA_LINK_TTL_MS, otaProgressOf, TASK_VEHICLES_MAX, UPGRADE_TYPES } from "./terminals";

/** SJ-202612-0001 */
export const OTA_NUMBERING = { kind: "otaTask", prefix: "SJ" } as const;

const C = terminalCommands;
const OPEN = sql.raw(`'${COMMAND_STATE.pending}', '${COMMAND_STATE.sent}'`);
const FAILED = sql.raw(`'${COMMAND_STATE.failed}', '${COMMAND_STATE.sendFailed}'`);

/** How many of the task's machines have a command that meets the condition. */
const counted = (condition: SQL) =>
  sql<number>`(select count(*) from ${TV} join ${C} on ${C.id} = ${TV.commandId} and ${tenantOfOuter(C, TV)} where ${tenantOfOuter(TV, T)} and ${TV.taskId} = ${T.id} and ${condition})`.mapWith(Number);
const openCommands = sql`exists (select 1 from ${TV} join ${C} on ${C.id} = ${TV.commandId} and ${tenantOfOuter(C, TV)} where ${tenantOfOuter(TV, T)} and ${TV.taskId} = ${T.id} and ${C.state} in (${OPEN}))`;

/** A task is seen when one of its machines is. */
const inScope = (scope: Pick<RequestScope, "user">): SQL | undefined => {
  const visible = visibleVehicleIdWhere(scope, TV.vehicleId);
  return visible ? sql`exists (select 1 from ${TV} where ${tenantOfOuter(TV, T)} and ${TV.taskId} = ${T.id} and ${visible})` : undefined;
};

/** A page of tasks with their progress, read from their machines' commands. */
const listTasks = (db: Db, where: SQL | undefined, orderBy: SQL[], limit: number | undefined, offset: number | Placeholder) =>
    withLimit(
      db
        .select({
          id: T.id,
          number: T.number,
          packageId: T.packageId,
          versionCode: otaPackages.versionCode,
          upgradeType: T.upgradeType,
          remark: T.remark,
          createdAt: T.createdAt,
          creatorName: sql<string | null>`(select ${users.userName} from ${users} where ${users.id} = ${T.creatorId} and ${tenantOfOuter(users, T)})`.as("creator_name"),
          total: sql<number>`(select count(*) from ${TV} where ${tenantOfOuter(TV, T)} and ${TV.taskId} = ${T.id})`.mapWith(Number).as("total"),
          success: counted(sql`${C.state} = ${COMMAND_STATE.done}`).as("success"),
          fail: counted(sql`${C.state} in (${FAILED})`).as("fail"),
          waiting: counted(sql`${C.state} in (${OPEN}) and ${C.ackedAt} is null`).as("waiting"),
          upgrading: counted(sql`${C.state} in (${OPEN}) and ${C.ackedAt} is not null`).as("upgrading"),
        })
        .from(T)
        .innerJoin(otaPackages, and(eq(otaPackages.id, T.packageId), sameTenant(otaPackages, T)))
        .where(where)
        .orderBy(...orderBy)
        .offset(offset),
      limit,
    );

/** A task's counts as the list shows them, and its state: finished when every machine succeeded or failed. */
const shownTasks = (rows: Awaited<ReturnType<typeof listTasks>>) =>
    rows.map((r) => ({ ...r, progress: `${r.success + r.fail}/${r.total}`, outcome: `${r.success}/${r.fail}`, taskState: r.total > 0 && r.success + r.fail === r.total ? "finished" : "unfinished" }));

export const otaTaskResource = defineResource({
  view: otaTaskView,
  table: T,
  selectRows: listTasks,
  mapRows: shownTasks,
  filters: {
    q: (v) => or(containing(T.number, v), sql`exists (select 1 from ${otaPackages} where ${otaPackages.id} = ${T.packageId} and ${tenantOfOuter(otaPackages, T)} and ${containing(otaPackages.versionCode, v)})`),
    taskState: (v) => (v === "unfinished" ? openCommands : v === "finished" ? sql`not ${openCommands}` : undefined),
    upgradeType: (v) => ((UPGRADE_TYPES as readonly string[]).includes(v) ? eq(T.upgradeType, v) : undefined),
  },
  sortColumns: { number: T.number, createdAt: T.createdAt },
  defaultOrder: [desc(T.createdAt), desc(T.id)],
  ...refusedWrites,
  editValues: async (scope, row) => {
    const [shown] = shownTasks(await listTasks(scope.db, tenantWhere(T, scope, eq(T.id, row.id)), [], 1, 0));
    return { ...shown, createdText: stampInZone(row.createdAt, scope.user.timeZone, false) };
  },
  auditView: (row) => row,
  scopeWhere: inScope,
});

/** A task's machines the user sees, with each one's progress. */
export async function taskVehicles(scope: RequestScope, taskId: number) {
  const rows = await scope.db
    .select({ id: TV.id, vehicleId: TV.vehicleId, plate: vehicles.plate, terminalNo: vehicles.terminalNo, attempts: TV.attempts, state: C.state, ackedAt: C.ackedAt, sentAt: C.sentAt, doneAt: C.doneAt, result: C.result })
    .from(TV)
    .innerJoin(vehicles, and(eq(vehicles.id, TV.vehicleId), sameTenant(vehicles, TV)))
    .leftJoin(C, and(eq(C.id, TV.commandId), sameTenant(C, TV)))
    .where(tenantWhere(TV, scope, eq(TV.taskId, taskId), visibleVehicleIdWhere(scope, TV.vehicleId)))
    .orderBy(vehicles.plate)
    .limit(TASK_VEHICLES_MAX);
  const at = (ms: number | null) => (ms ? stampInZone(ms, scope.user.timeZone, false) : null);
  return rows.map((r) => ({ ...r, progress: otaProgressOf(r.state ?? COMMAND_STATE.pending, r.ackedAt), sentText: at(r.sentAt), doneText: at(r.doneAt) }));
}
export type TaskVehicle = Awaited<ReturnType<typeof taskVehicles>>[number];

/** The posted upgrade task: a ready package, the type, the machines by plate (one a line), a remark. */
export const OtaTaskSchema = z.object({
  packageId: line().pipe(z.string().regex(/^\d{1,9}$/, "terminals:packageRequired")).transform(Number),
  upgradeType: z.enum(UPGRADE_TYPES, { message: "terminals:upgradeTypeRequired" }),
  plates: z
    .string()
    .default("")
    .transform(parsePlates)
    .pipe(z.array(z.string()).min(1, "terminals:platesRequired").max(TASK_VEHICLES_MAX, `terminals:tooManyVehicles|${TASK_VEHICLES_MAX}`)),
  remark: note().max(200, "terminals:tooLong|200").default(""),
});

const theTask = (scope: RequestScope) => sql`(select max(${T.id}) from ${T} where ${ofTenant(T, scope)})`;

/** Items of a list in groups of `n`: D1 binds at most 100 parameters a statement. */
const groups = <T>(list: readonly T[], n: number) => Array.from({ length: Math.ceil(list.length / n) }, (_, i) => list.slice(i * n, i * n + n));

/** The `ota` commands of machines of a task (its id, or the SQL naming the task the same batch makes), eight a statement. */
function queueOtaCommands(scope: RequestScope, taskId: SQL | number, vehicleIds: readonly number[], pkg: { id: number; versionCode: string }, url: string, now: number) {
  const payload = sql`json_object('url', ${url}, 'version', ${pkg.versionCode}, 'packageId', ${pkg.id}, 'taskId', ${taskId})`;
  return groups(vehicleIds, 8).map((ids) =>
    scope.db.insert(C).values(ids.map((vehicleId) => withTenant(scope, { vehicleId, kind: "ota", payload: payload as unknown as Record<string, unknown>, state: COMMAND_STATE.pending, creatorId: scope.user.id, createdAt: now, expiresAt: now + OTA_COMMAND_TTL_MS }))),
  );
}
/** Each machine's row names the command just queued for it. */
const latestOta = sql`(select max(${C.id}) from ${C} where ${tenantOfOuter(C, TV)} and ${C.vehicleId} = ${TV.vehicleId} and ${C.kind} = 'ota')`;

export type OtaOutcome = { ok: true; id: number; vehicles: number } | { ok: false; status: 400 | 404 | 409; errors: FieldErrors };

/**
 * A new upgrade task: the package held (still there and ready), its number, its machines (the user's, each with a
 * terminal) and an `ota` command each with a signed link to the ZIP, the audit record: one batch. The hub is told after.
 */
export async function createOtaTask(scope: RequestScope, values: Record<string, unknown>, origin: string): Promise<OtaOutcome> {
  const parsed = OtaTaskSchema.safeParse(values);
  if (!parsed.success) return { ok: false, status: 400, errors: fieldErrors(parsed.error) };
  const v = parsed.data;
  const pkg = await readyPackage(scope, v.packageId);
  if (!pkg) return { ok: false, status: 400, errors: { packageId: "terminals:packageUnknown" } };
  const { vehicles: found, refused } = await resolvePlates(scope, v.plates, "visible");
  if (refused.length) return { ok: false, status: 400, errors: { plates: `terminals:platesRefused|${refused.slice(0, 10).join("、")}` } };
  const targets = await commandTargets(scope, found.map((f) => f.id));
  if ("refusal" in targets) return { ok: false, status: 400, errors: { plates: targets.refusal } };
  const now = Date.now();
  const url = await packageLink(scope.env, origin, scope.user.tenantId, pkg.id, now + OTA_LINK_TTL_MS);
  const { bump, value } = takeNumber(scope.db, scope.user.tenantId, OTA_NUMBERING, now, scope.user.timeZone);
  const ids = targets.targets.map((m) => m.id);
  const task = theTask(scope);
  const steps: CommandStep[] = [
    holdPackage(scope, pkg.id),
    { expect: 1 },
    bump,
    scope.db.insert(T).values(withTenant(scope, { number: value, packageId: pkg.id, upgradeType: v.upgradeType, remark: v.remark || null, creatorId: scope.user.id, createdAt: now, updatedAt: now })).returning({ id: T.id }),
    ...groups(ids, 20).map((group) => scope.db.insert(TV).values(group.map((vehicleId) => withTenant(scope, { taskId: task, vehicleId, attempts: 1 })))),
    ...queueOtaCommands(scope, task, ids, pkg, url, now),
    scope.db.update(TV).set({ commandId: latestOta }).where(tenantWhere(TV, scope, sql`${TV.taskId} = ${task}`)),
  ];
  const done = await runCommand(scope, steps, { entity: "otaTask", action: "create", id: task, after: { versionCode: pkg.versionCode, upgradeType: v.upgradeType, plates: targets.targets.map((m) => m.plate).join("、"), remark: v.remark || null } });
  if (!done.ok) return { ok: false, status: 409, errors: { packageId: "terminals:packageUnknown" } };
  await commandsQueued(scope, targets.targets.map((m) => m.id));
  return { ok: true, id: (done.results[3] as { id: number }[])[0]!.id, vehicles: targets.targets.length };
}

/** The failed machines of a task the user sees: their command failed or was never handed over. */
const failedOf = (scope: RequestScope) =>
  and(sql`(select ${C.state} from ${C} where ${C.id} = ${TV.commandId} and ${tenantOfOuter(C, TV)}) in (${FAILED})`, visibleVehicleIdWhere(scope, TV.vehicleId));

export type RetryOutcome = { ok: true; retried: number } | { ok: false; status: 400 | 404 | 409; message: string };

/**
 * 重试: each failed machine of the tasks (their command failed, or expired unsent) gets a new command with a fresh
 * link; the rest are left as they are. One batch; of two retries at once the second finds nothing failed.
 */
export async function retryFailed(scope: RequestScope, taskIds: number[], origin: string): Promise<RetryOutcome> {
  const unique = [...new Set(taskIds)].slice(0, 50);
  if (!unique.length) return { ok: false, status: 400, message: "resource:selectRows" };
  const tasks = await scope.db
    .select({ id: T.id, number: T.number, packageId: T.packageId, versionCode: otaPackages.versionCode })
    .from(T)
    .innerJoin(otaPackages, and(eq(otaPackages.id, T.packageId), sameTenant(otaPackages, T)))
    .where(tenantWhere(T, scope, inArray(T.id, unique), inScope(scope)));
  if (tasks.length !== unique.length) return { ok: false, status: 404, message: "resource:notFound" };
  const failed = await scope.db
    .select({ vehicleId: TV.vehicleId, taskId: TV.taskId })
    .from(TV)
    .where(tenantWhere(TV, scope, inArray(TV.taskId, unique), failedOf(scope)));
  if (!failed.length) return { ok: false, status: 409, message: "terminals:nothingToRetry" };
  const now = Date.now();
  const steps: CommandStep[] = [];
  for (const t of tasks) {
    const machines = failed.filter((f) => f.taskId === t.id).map((f) => f.vehicleId);
    if (!machines.length) continue;
    const url = await packageLink(scope.env, origin, scope.user.tenantId, t.packageId, now + OTA_LINK_TTL_MS);
    steps.push(
      ...queueOtaCommands(scope, t.id, machines, { id: t.packageId, versionCode: t.versionCode }, url, now),
      // read against each row's command before it: the machines whose command failed move to the new one; a retry
      // that ran meanwhile moved some already, and then this one stores nothing (its new commands with it)
      scope.db
        .update(TV)
        .set({ commandId: latestOta, attempts: sql`${TV.attempts} + 1` })
        .where(tenantWhere(TV, scope, eq(TV.taskId, t.id), failedOf(scope))),
      { expect: machines.length },
    );
  }
  const done = await runCommand(scope, steps, { entity: "otaTask", action: "retry", id: tasks.map((t) => t.id).join(","), after: { tasks: tasks.map((t) => t.number).join("、"), machines: failed.length } });
  if (!done.ok) return { ok: false, status: 409, message: "terminals:nothingToRetry" };
  await commandsQueued(scope, failed.map((f) => f.vehicleId));
  return { ok: true, retried: failed.length };
}
