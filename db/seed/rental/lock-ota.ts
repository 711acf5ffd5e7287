// The demo tenant's 锁车管理 (docs/terminals.md): lock tasks in every state a task shows (待发送, 已发送, 已完成, 任务失败,
// 发送失败, and a lock of a machine on rent waiting for the administrator's approval, asked by the dispatcher), the
// lock record of a machine locked, unlocked and once unlocked by an emergency code; two version packages (tiny real
// ZIPs, which `putDemoOtaFiles` puts into R2 from scripts/seed-local.ts: the seed itself has no bucket) and two upgrade
// tasks, one finished and one in mixed progress. Seeds once, when the tenant has no lock task yet; after the
// collection (its approved stop-machine request is the machine on rent).
import { and, asc, count, eq, inArray, isNotNull, like, sql } from "drizzle-orm";
import { zipSync, strToU8 } from "fflate";
import type { Db } from "../../client";
import { approvalRecords, collectionActions, contractLines, contracts, tenants, terminalCommands, users, vehicles } from "../../schema";
import { COMMAND_STATE, type CommandState } from "../../states";
import { DEMO_USERS } from "../demo-identity";
import { todayInZone } from "../../../app/lib/tenant-clock";
import { numberedInsert } from "../../../app/modules/numbering/numbering.server";
import { LOCK_NUMBERING } from "../../../app/modules/terminals/lock.server";
import { OTA_NUMBERING } from "../../../app/modules/terminals/ota-task.server";
import { packageLink } from "../../../app/modules/terminals/ota-link.server";
import { lockEmergencies, lockTasks, otaPackages, otaTasks, otaTaskVehicles } from "../../../app/modules/terminals/tables.server";
import { LOCK_COMMAND_TTL_MS, LOCK_TASK_STATE, OTA_COMMAND_TTL_MS, OTA_LINK_TTL_MS, type LockOperation } from "../../../app/modules/terminals/terminals";
import type { RentalSeedPart } from "./index";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Where the seeded upgrade commands' links point until the local start signs them (putDemoOtaFiles). */
const DEMO_ORIGIN = "http://localhost:8787";
const UNSIGNED = "/ota/unsigned-demo-link.zip";
/** the demo terminals that never report (scripts/demo-fleet-model.ts: the last DEMO_SILENT of DEMO_FLEET_SIZE) */
const SILENT = ["DRK0000028", "DRK0000029", "DRK0000030"];

/** A tiny but real firmware ZIP of a version: a manifest and a few bytes standing for the image, the same bytes each time. */
export function demoOtaZip(version: string): Uint8Array {
  const image = new Uint8Array(4096).map((_, i) => (i * 31 + version.length) % 256);
  return zipSync({ "manifest.json": strToU8(JSON.stringify({ version, target: "DRK-T10 terminal", minHardware: "HW3.0" })), "firmware/app.bin": image }, { mtime: new Date("2026-11-20T00:00:00Z"), level: 6 });
}
const demoKey = (tenantId: number, version: string) => `tenant/${tenantId}/ota/demo-${version}.zip`;

export const seedLockOta: RentalSeedPart = async (db, ctx) => {
  const [have] = await db.select({ n: count() }).from(lockTasks).where(eq(lockTasks.tenantId, ctx.tenantId));
  if (have!.n > 0 || ctx.vehicleIds.length < 8) return null;
  const [tenant] = await db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, ctx.tenantId));
  const timeZone = tenant?.timeZone ?? "Asia/Shanghai";
  const today = todayInZone(timeZone);
  const now = Date.now();
  const [dispatcher] = await db.select({ id: users.id }).from(users).where(and(eq(users.tenantId, ctx.tenantId), eq(users.loginAccount, DEMO_USERS.dispatcher.account)));
  // machines on rent today under contracts in force: a lock of one waits for approval
  const onRent = await db
    .select({ vehicleId: sql<number>`${contractLines.vehicleId}`, contractId: contracts.id })
    .from(contractLines)
    .innerJoin(contracts, and(eq(contracts.id, contractLines.contractId), eq(contracts.current, 1), eq(contracts.state, 3)))
    .where(and(eq(contractLines.tenantId, ctx.tenantId), isNotNull(contractLines.vehicleId), sql`${contractLines.onRentOn} <= ${today}`, sql`(${contractLines.offRentOn} is null or ${contractLines.offRentOn} >= ${today})`))
    .orderBy(asc(contractLines.id));
  const [stop] = await db.select({ id: collectionActions.id, vehicleIds: collectionActions.vehicleIds }).from(collectionActions).where(and(eq(collectionActions.tenantId, ctx.tenantId), eq(collectionActions.kind, "stopMachine"), eq(collectionActions.state, 2))).limit(1);
  const stopped = new Set<number>(stop?.vehicleIds ? (JSON.parse(stop.vehicleIds) as number[]) : []);
  const rented = new Set(onRent.map((r) => r.vehicleId));
  // the demo fleet (scripts/demo-fleet.ts) answers every command it is handed at once: what waits for its terminal
  // waits on one of the three silent terminals (DEMO_SILENT of scripts/demo-fleet-model.ts), which never report
  const silentRows = await db.select({ id: vehicles.id }).from(vehicles).where(and(eq(vehicles.tenantId, ctx.tenantId), inArray(vehicles.terminalNo, SILENT))).orderBy(asc(vehicles.terminalNo));
  const silent = silentRows.map((v) => v.id);
  const idle = ctx.vehicleIds.filter((id) => !rented.has(id) && !silent.includes(id));
  const [a, b, c, e, f] = idle.length >= 5 ? idle : ctx.vehicleIds;
  const d = silent[0] ?? ctx.vehicleIds[6]!;
  const asked = onRent.find((r) => !stopped.has(r.vehicleId));

  const command = async (vehicleId: number, kind: "lock" | "ota", payload: Record<string, unknown>, state: CommandState, at: number, o: { sentAfter?: number; doneAfter?: number; acked?: boolean; result?: string; ttl: number }) => {
    const [row] = await db
      .insert(terminalCommands)
      .values({
        tenantId: ctx.tenantId,
        vehicleId,
        kind,
        payload,
        state,
        creatorId: ctx.adminId,
        createdAt: at,
        expiresAt: at + o.ttl,
        sentAt: o.sentAfter !== undefined ? at + o.sentAfter : null,
        ackedAt: o.acked ? at + (o.sentAfter ?? 0) + 20_000 : null,
        doneAt: o.doneAfter !== undefined ? at + o.doneAfter : null,
        result: o.result ?? null,
      })
      .returning({ id: terminalCommands.id });
    return row!.id;
  };
  const task = async (vehicleId: number, operation: LockOperation, reason: string | null, at: number, shown: CommandState | "inApproval", o: { contractId?: number; creatorId?: number; result?: string } = {}) => {
    const commandId =
      shown === "inApproval"
        ? null
        : await command(vehicleId, "lock", { operation }, shown, at, {
            ttl: LOCK_COMMAND_TTL_MS,
            sentAfter: shown === COMMAND_STATE.pending || shown === COMMAND_STATE.sendFailed ? undefined : 40_000,
            doneAfter: shown === COMMAND_STATE.done || shown === COMMAND_STATE.failed ? 95_000 : shown === COMMAND_STATE.sendFailed ? LOCK_COMMAND_TTL_MS + 1_800_000 : undefined,
            result: o.result ?? (shown === COMMAND_STATE.done ? "ok" : shown === COMMAND_STATE.sendFailed ? "expired" : undefined),
          });
    const [row] = await numberedInsert(db, ctx.tenantId, LOCK_NUMBERING, at, timeZone, (number) =>
      db
        .insert(lockTasks)
        .values({ tenantId: ctx.tenantId, number: number as unknown as string, vehicleId, operation, reason, contractId: o.contractId ?? null, commandId, state: shown === "inApproval" ? LOCK_TASK_STATE.inApproval : LOCK_TASK_STATE.approved, creatorId: o.creatorId ?? ctx.adminId, createdAt: at, updatedAt: at })
        .returning({ id: lockTasks.id }),
    );
    return row!.id;
  };

  await task(b!, "activate", null, now - 12 * DAY, COMMAND_STATE.done);
  await task(a!, "lock1", "客户拖欠两期租金，暂停使用", now - 5 * DAY, COMMAND_STATE.done);
  await task(a!, "unlock", null, now - 4 * DAY, COMMAND_STATE.done);
  await task(c!, "lock2", "设备未按约定退场，停机待处理", now - 1 * HOUR, COMMAND_STATE.sent);
  await task(d, "unlock", null, now - 20 * 60_000, COMMAND_STATE.pending);
  await task(e!, "lock1", "年检到期未检，暂停使用", now - 2 * DAY, COMMAND_STATE.failed, { result: "终端拒绝：车辆行驶中，未执行锁车" });
  await task(f!, "lock1", "维修期间防止误用", now - 4 * DAY, COMMAND_STATE.sendFailed);
  if (asked) {
    const id = await task(asked.vehicleId, "lock1", "合同约定的付款节点已过15天，申请锁车", now - 3 * HOUR, "inApproval", { contractId: asked.contractId, creatorId: dispatcher?.id ?? ctx.adminId });
    await db.insert(approvalRecords).values({ tenantId: ctx.tenantId, kind: "lockTask", documentId: id, round: 1, stepNo: null, action: "submit", actorId: dispatcher?.id ?? ctx.adminId, note: null, createdAt: now - 3 * HOUR });
  }
  // the machine locked five days ago was unlocked by a code the day before its unlock went through
  await db.insert(lockEmergencies).values([
    { tenantId: ctx.tenantId, vehicleId: a!, deviceTime: deviceTimeAt(now - 4 * DAY - 3 * HOUR, timeZone), reason: "客户已付款，设备在地下室无信号，现场司机急需作业", creatorId: ctx.adminId, createdAt: now - 4 * DAY - 3 * HOUR },
    { tenantId: ctx.tenantId, vehicleId: f!, deviceTime: deviceTimeAt(now - 1 * DAY, timeZone), reason: "隧道内无信号，锁车指令未送达前已误锁，应急恢复", creatorId: ctx.adminId, createdAt: now - 1 * DAY },
  ]);

  // two packages and their upgrade tasks: V2.3.0 finished on three machines, V2.3.1 under way on six
  const packages: { id: number; version: string }[] = [];
  for (const [version, description, at] of [
    ["V2.3.0", "修复CAN总线断线后不重连；优化离线缓存", now - 30 * DAY],
    ["V2.3.1", "新增二级锁车延时执行；修复北斗定位漂移", now - 6 * DAY],
  ] as const) {
    const zip = demoOtaZip(version);
    const [row] = await db
      .insert(otaPackages)
      .values({ tenantId: ctx.tenantId, versionCode: version, description, fileName: `DRK-T10_${version}.zip`, size: zip.length, r2Key: demoKey(ctx.tenantId, version), uploadedAt: at, creatorId: ctx.adminId, createdAt: at, updatedAt: at })
      .returning({ id: otaPackages.id });
    packages.push({ id: row!.id, version });
  }
  const upgrade = async (pkg: { id: number; version: string }, at: number, machines: { vehicleId: number; state: CommandState; acked?: boolean; result?: string }[]) => {
    const [row] = await numberedInsert(db, ctx.tenantId, OTA_NUMBERING, at, timeZone, (number) =>
      db
        .insert(otaTasks)
        .values({ tenantId: ctx.tenantId, number: number as unknown as string, packageId: pkg.id, upgradeType: "terminal", remark: null, creatorId: ctx.adminId, createdAt: at, updatedAt: at })
        .returning({ id: otaTasks.id }),
    );
    for (const m of machines) {
      const waiting = m.state === COMMAND_STATE.pending || m.state === COMMAND_STATE.sent;
      const commandId = await command(m.vehicleId, "ota", { url: `${DEMO_ORIGIN}${UNSIGNED}`, version: pkg.version, packageId: pkg.id, taskId: row!.id }, m.state, at, {
        ttl: OTA_COMMAND_TTL_MS,
        sentAfter: m.state === COMMAND_STATE.pending ? undefined : 5 * 60_000,
        acked: m.acked,
        doneAfter: waiting ? undefined : 40 * 60_000,
        result: m.result,
      });
      await db.insert(otaTaskVehicles).values({ tenantId: ctx.tenantId, taskId: row!.id, vehicleId: m.vehicleId, commandId, attempts: 1 });
    }
  };
  const fleet = ctx.vehicleIds;
  await upgrade(packages[0]!, now - 28 * DAY, fleet.slice(0, 3).map((vehicleId) => ({ vehicleId, state: COMMAND_STATE.done, acked: true, result: "升级成功 V2.3.0" })));
  await upgrade(packages[1]!, now - 5 * DAY, [
    { vehicleId: fleet[0]!, state: COMMAND_STATE.done, acked: true, result: "升级成功 V2.3.1" },
    { vehicleId: fleet[1]!, state: COMMAND_STATE.done, acked: true, result: "升级成功 V2.3.1" },
    { vehicleId: fleet[2]!, state: COMMAND_STATE.failed, acked: true, result: "校验失败：文件MD5不一致" },
    { vehicleId: fleet[3]!, state: COMMAND_STATE.sent, acked: true },
    { vehicleId: fleet[4]!, state: COMMAND_STATE.sent },
    { vehicleId: silent[1] ?? fleet[5]!, state: COMMAND_STATE.pending },
  ]);
  return `lock and OTA: 8 lock tasks in every state${asked ? " (1 awaiting approval)" : ""}, 2 emergency unlocks, 2 version packages, 2 upgrade tasks`;
};

/** The hour a machine's display showed at `ms`: YYMMDDHH in the tenant's zone. */
function deviceTimeAt(ms: number, timeZone: string): string {
  const parts = Object.fromEntries(new Intl.DateTimeFormat("en-GB", { timeZone, year: "2-digit", month: "2-digit", day: "2-digit", hour: "2-digit", hourCycle: "h23" }).formatToParts(ms).map((p) => [p.type, p.value]));
  return `${parts.year}${parts.month}${parts.day}${parts.hour}`;
}

/**
 * For a local start: puts the demo packages' ZIPs into R2 where they are missing, and signs the links of the demo
 * upgrade commands still waiting (the seed cannot: it has no secret), with the secret and origin the local server uses.
 */
export async function putDemoOtaFiles(db: Db, bucket: R2Bucket, env: { SESSION_SECRET?: string; APP_ENV?: string }, origin = DEMO_ORIGIN): Promise<number> {
  const rows = await db.select({ id: otaPackages.id, tenantId: otaPackages.tenantId, versionCode: otaPackages.versionCode, r2Key: otaPackages.r2Key }).from(otaPackages).where(like(otaPackages.r2Key, "tenant/%/ota/demo-%"));
  let put = 0;
  // without the server's secret (a checkout with no .dev.vars, where wrangler.toml says production: the e2e server, CI)
  // the links are left as the seed made them; the files still go in
  const canSign = !!env.SESSION_SECRET || env.APP_ENV !== "production";
  for (const p of rows) {
    if (!(await bucket.head(p.r2Key))) {
      await bucket.put(p.r2Key, demoOtaZip(p.versionCode), { httpMetadata: { contentType: "application/zip" }, customMetadata: { tenantId: String(p.tenantId) } });
      put++;
    }
    if (!canSign) continue;
    const url = await packageLink(env, origin, p.tenantId, p.id, Date.now() + OTA_LINK_TTL_MS);
    await db
      .update(terminalCommands)
      .set({ payload: sql`json_set(${terminalCommands.payload}, '$.url', ${url})` })
      .where(and(eq(terminalCommands.tenantId, p.tenantId), eq(terminalCommands.kind, "ota"), sql`json_extract(${terminalCommands.payload}, '$.packageId') = ${p.id}`, sql`${terminalCommands.state} in ('pending', 'sent')`));
  }
  return put;
}

