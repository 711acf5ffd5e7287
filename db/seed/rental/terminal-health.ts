// The demo tenant's health tests (健康检测, /stateReport/health): yesterday's daily runs of six machines — healthy,
// sub-healthy (positions missing, a fault code), serious (no fix, no positions) — one sub-healthy alarm handled with its
// description, another sent back for a retest this morning that came back healthy (both kept), and a serious one
// still open. The findings are the grading's own (app/modules/terminal-health/grading.ts) over crafted inputs. Seeds
// once, when the tenant has no run yet.
import { asc, count, eq } from "drizzle-orm";
import { tenants, vehicles } from "../../schema";
import { addDays } from "../../../app/lib/calendar";
import { todayInZone } from "../../../app/lib/tenant-clock";
import { dayStartMs } from "../../../app/lib/tenant-days";
import { gradeOf, healthFindings, type HealthInput } from "../../../app/modules/terminal-health/grading";
import { terminalHealthChecks } from "../../../app/modules/terminal-health/tables.server";
import type { RentalSeedPart } from "./index";

const HOUR = 3_600_000;

export const seedTerminalHealth: RentalSeedPart = async (db, ctx) => {
  const [have] = await db.select({ n: count() }).from(terminalHealthChecks).where(eq(terminalHealthChecks.tenantId, ctx.tenantId));
  if (have!.n > 0) return null;
  const [tenant] = await db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, ctx.tenantId));
  const tz = tenant?.timeZone ?? "Asia/Shanghai";
  const today = todayInZone(tz);
  const yesterday = addDays(today, -1);
  const from = dayStartMs(yesterday, tz)!;
  const to = dayStartMs(today, tz)! - 1;
  const runAt = dayStartMs(today, tz)! + 5 * HOUR;
  const machines = (await db.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.tenantId, ctx.tenantId)).orderBy(asc(vehicles.id)).limit(6)).map((v) => v.id);
  if (machines.length < 6) return null;
  const live = (over: Partial<NonNullable<HealthInput["live"]>> = {}): HealthInput["live"] => ({ t: to - 60_000, seen: to - 55_000, lng: 121.47, lat: 31.23, battery: 24.8, rpm: 1150, torque: 38, fuel: 62, hasCrane: false, faults: 0, ...over });
  const inputs: HealthInput[] = [
    { windowMs: to - from, points: 640, onlineSeconds: 11 * 3600, engineSeconds: 6 * 3600, live: live() },
    { windowMs: to - from, points: 530, onlineSeconds: 10 * 3600, engineSeconds: 5 * 3600, live: live({ battery: 12.9 }) },
    // positions half missing: sub-healthy, handled (antenna cable reseated)
    { windowMs: to - from, points: 290, onlineSeconds: 10 * 3600, engineSeconds: 4 * 3600, live: live() },
    // a fault code and low voltage: sub-healthy, sent back for a retest
    { windowMs: to - from, points: 600, onlineSeconds: 10 * 3600, engineSeconds: 5 * 3600, live: live({ faults: 1, battery: 22 }) },
    // no fix and hardly any positions: serious, open
    { windowMs: to - from, points: 40, onlineSeconds: 9 * 3600, engineSeconds: 2 * 3600, live: live({ lng: 0, lat: 0 }) },
    { windowMs: to - from, points: 700, onlineSeconds: 12 * 3600, engineSeconds: 7 * 3600, live: live({ rpm: null, torque: null, fuel: null, hasCrane: true }) },
  ];
  const rows = machines.map((vehicleId, i) => {
    const findings = healthFindings(inputs[i]!);
    return { tenantId: ctx.tenantId, vehicleId, day: today, trigger: "daily" as const, windowFrom: from, windowTo: to, grade: gradeOf(findings), findings, creatorId: null, createdAt: runAt + i * 1000 };
  });
  const made = await db.insert(terminalHealthChecks).values(rows).returning({ id: terminalHealthChecks.id });
  await db.update(terminalHealthChecks).set({ handledAt: runAt + 2 * HOUR, handlerId: ctx.adminId, handleNote: "现场检查天线接头松动，已重新紧固，定位恢复正常", version: 2 }).where(eq(terminalHealthChecks.id, made[2]!.id));
  // the retest this morning: the fault cleared, the battery charged
  const retest = healthFindings({ ...inputs[3]!, live: live({ battery: 25.1 }) });
  await db.insert(terminalHealthChecks).values({ tenantId: ctx.tenantId, vehicleId: machines[3]!, day: today, trigger: "retest", windowFrom: dayStartMs(yesterday, tz)!, windowTo: runAt + 3 * HOUR, grade: gradeOf(retest), findings: retest, retestOf: made[3]!.id, creatorId: ctx.adminId, createdAt: runAt + 3 * HOUR });
  return `seeded ${rows.length + 1} terminal health runs (one alarm handled, one retest)`;
};
