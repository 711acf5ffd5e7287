// The demo tenant's inspections (工序管理, 巡检计划, 个人巡检, 异常上报): the truck cranes' daily 点检 (出车前必检: each
// truck crane has passed today's, so its trips go out; tomorrow each needs its check again), the towers' weekly 巡检
// and the crawler cranes' 50-hour one; plans giving the administrator the tasks; a week of records, one failed three
// days ago (the hoist rope worn past its limit) whose issue is still open and whose retest passed the next day; an
// issue reported by hand and closed with its outcome, and one raised from a fault alarm. Seeds once, when the tenant
// has no procedure yet; after the certificates.
import { and, asc, count, eq, inArray } from "drizzle-orm";
import { alarms, tenants, vehicles } from "../../schema";
import { addDays } from "../../../app/lib/calendar";
import { todayInZone } from "../../../app/lib/tenant-clock";
import { numberedInsert } from "../../../app/modules/numbering/numbering.server";
import { ABNORMALITY_NUMBERING } from "../../../app/modules/inspections/abnormality.server";
import { abnormalities, inspectionPlans, inspectionRecords, inspectionTasks, planVehicles, procedureItems, procedures, recordItems } from "../../../app/modules/inspections/tables.server";
import { PLAN_NUMBERING } from "../../../app/modules/inspections/plan.server";
import { PROCEDURE_NUMBERING } from "../../../app/modules/inspections/procedure.server";
import { RECORD_NUMBERING } from "../../../app/modules/inspections/record.server";
import { TASK_STATE } from "../../../app/modules/inspections/task.server";
import { makeTasks } from "../../../app/modules/inspections/task-maker.server";
import type { Db } from "../../client";
import type { RentalSeedPart } from "./index";

type Item = Omit<typeof procedureItems.$inferInsert, "tenantId" | "procedureId" | "position">;

/** 汽车吊日常点检: what an operator checks each morning before the crane leaves the yard. */
const TRUCK_DAILY: Item[] = [
  { name: "制动系统", itemKind: "pass", standard: "行车、驻车制动灵敏可靠", required: 1 },
  { name: "液压油位", itemKind: "choice", standard: "油位在油标上下限之间", choices: "正常、偏低、缺油", failChoices: "缺油", required: 1 },
  { name: "液压系统压力", itemKind: "reading", standard: "主溢流压力 18–25 MPa", unit: "MPa", minValue: 180, maxValue: 250, required: 1 },
  { name: "力矩限制器", itemKind: "pass", standard: "显示正常，超载报警有效", required: 1 },
  { name: "起升钢丝绳", itemKind: "choice", standard: "无断丝、扭结、压扁", choices: "正常、轻微磨损、断丝超标", failChoices: "断丝超标", required: 1 },
  { name: "支腿及垫板", itemKind: "pass", standard: "支腿伸缩正常，垫板齐全", required: 1 },
  { name: "整机外观", itemKind: "photo", standard: "拍摄整机左前45°照片", required: 0 },
  { name: "操作手签字", itemKind: "signature", required: 0 },
];

/** 塔吊周检: the weekly round of a tower crane on site. */
const TOWER_WEEKLY: Item[] = [
  { name: "基础及排水", itemKind: "pass", standard: "基础无积水、无沉降裂缝", required: 1 },
  { name: "标准节连接螺栓", itemKind: "pass", standard: "螺栓齐全、预紧力矩符合要求", required: 1 },
  { name: "附着装置", itemKind: "pass", standard: "附着杆、锚固点无变形松动", required: 1 },
  { name: "塔身垂直度", itemKind: "reading", standard: "独立高度内偏差 ≤ 4‰", unit: "‰", maxValue: 40, required: 1 },
  { name: "安全装置", itemKind: "choice", standard: "力矩、重量、高度、幅度、回转限位", choices: "全部有效、部分失效", failChoices: "部分失效", required: 1 },
  { name: "起升钢丝绳", itemKind: "choice", standard: "无断丝、扭结、压扁", choices: "正常、轻微磨损、断丝超标", failChoices: "断丝超标", required: 1 },
];

/** 履带吊50小时巡检 */
const CRAWLER_50H: Item[] = [
  { name: "履带张紧度", itemKind: "pass", standard: "下垂量 30–50 mm", required: 1 },
  { name: "回转支承螺栓", itemKind: "pass", standard: "无松动、无缺失", required: 1 },
  { name: "发动机机油油位", itemKind: "choice", choices: "正常、偏低", failChoices: "偏低", required: 1 },
  { name: "臂架及拉板", itemKind: "pass", standard: "无裂纹、变形", required: 1 },
];

async function procedure(db: Db, tenantId: number, adminId: number, head: { name: string; kind: string; equipmentType: string; preUse: number }, items: Item[], at: number) {
  const [row] = await numberedInsert(db, tenantId, PROCEDURE_NUMBERING, at, "Asia/Shanghai", (number) =>
    db.insert(procedures).values({ tenantId, number: number as unknown as string, ...head, creatorId: adminId }).returning({ id: procedures.id }),
  );
  await db.insert(procedureItems).values(items.map((it, position) => ({ ...it, tenantId, procedureId: row!.id, position })));
  return { id: row!.id, items };
}

export const seedInspections: RentalSeedPart = async (db, ctx) => {
  const [have] = await db.select({ n: count() }).from(procedures).where(eq(procedures.tenantId, ctx.tenantId));
  if (have!.n > 0) return null;
  const [tenant] = await db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, ctx.tenantId));
  const timeZone = tenant?.timeZone ?? "Asia/Shanghai";
  const today = todayInZone(timeZone);
  const now = Date.now();
  const machines = await db
    .select({ id: vehicles.id, type: vehicles.vehicleType })
    .from(vehicles)
    .where(and(eq(vehicles.tenantId, ctx.tenantId), inArray(vehicles.vehicleType, ["1", "2", "3"])))
    .orderBy(asc(vehicles.id));
  const ofType = (t: string) => machines.filter((m) => m.type === t).map((m) => m.id);
  const trucks = ofType("1");
  const towers = ofType("3");
  const crawlers = ofType("2");

  const truck = await procedure(db, ctx.tenantId, ctx.adminId, { name: "汽车吊日常点检", kind: "spot", equipmentType: "1", preUse: 1 }, TRUCK_DAILY, now);
  const tower = await procedure(db, ctx.tenantId, ctx.adminId, { name: "塔吊周检", kind: "patrol", equipmentType: "3", preUse: 0 }, TOWER_WEEKLY, now);
  const crawler = await procedure(db, ctx.tenantId, ctx.adminId, { name: "履带吊50小时巡检", kind: "patrol", equipmentType: "2", preUse: 0 }, CRAWLER_50H, now);

  const plans: [string, number, string, Record<string, unknown>, number[]][] = [
    ["汽车吊每日出车前点检", truck.id, "daily", {}, trucks],
    ["塔吊每周一巡检", tower.id, "weekly", { weekday: "1" }, towers],
    ["履带吊每50小时巡检", crawler.id, "hours", { every: 50 }, crawlers],
  ];
  for (const [name, procedureId, frequency, more, ids] of plans) {
    if (!ids.length) continue;
    const [plan] = await numberedInsert(db, ctx.tenantId, PLAN_NUMBERING, now, timeZone, (number) =>
      db
        .insert(inspectionPlans)
        .values({ tenantId: ctx.tenantId, number: number as unknown as string, name, procedureId, frequency, ...more, assigneeId: ctx.adminId, startOn: addDays(today, -30), creatorId: ctx.adminId })
        .returning({ id: inspectionPlans.id }),
    );
    await db.insert(planVehicles).values(ids.map((vehicleId, position) => ({ tenantId: ctx.tenantId, planId: plan!.id, position, vehicleId })));
  }

  // a week of the truck cranes' daily checks: every one passed, but the first crane's hoist rope three days ago
  let records = 0;
  const record = async (vehicleId: number, day: string, p: { id: number; items: Item[] }, head: { name: string; kind: string; preUse: number }, failAt: number | null, retestOf: number | null = null) => {
    const at = Date.parse(`${day}T07:10:00+08:00`);
    const [row] = await numberedInsert(db, ctx.tenantId, RECORD_NUMBERING, at, timeZone, (number) =>
      db
        .insert(inspectionRecords)
        .values({ tenantId: ctx.tenantId, number: number as unknown as string, vehicleId, procedureId: p.id, procedureRevision: 1, procedureName: head.name, kind: head.kind, preUse: head.preUse, inspectorId: ctx.adminId, doneOn: day, passed: failAt === null ? 1 : 0, failedItems: failAt === null ? 0 : 1, retestOf, creatorId: ctx.adminId, createdAt: at, updatedAt: at })
        .returning({ id: inspectionRecords.id }),
    );
    const answers = p.items.map((it, position) => {
      const failed = position === failAt;
      const value = it.itemKind === "pass" ? "1" : it.itemKind === "reading" ? String(it.maxValue ? Math.min(it.maxValue - 15, 215) : 18) : it.itemKind === "choice" ? (failed ? (it.failChoices ?? "") : "正常") : null;
      return { tenantId: ctx.tenantId, recordId: row!.id, position, name: it.name, itemKind: it.itemKind, standard: it.standard ?? null, unit: it.unit ?? null, minValue: it.minValue ?? null, maxValue: it.maxValue ?? null, value, passed: it.itemKind === "photo" || it.itemKind === "signature" ? null : failed ? 0 : 1, note: failed ? "卷筒端第三圈可见断丝 6 根，超过报废标准" : null };
    });
    for (let i = 0; i < answers.length; i += 6) await db.insert(recordItems).values(answers.slice(i, i + 6));
    records++;
    return row!.id;
  };
  const truckHead = { name: "汽车吊日常点检", kind: "spot", preUse: 1 };
  let failed: number | null = null;
  for (let back = 6; back >= 0; back--) {
    const day = addDays(today, -back);
    for (const [i, vehicleId] of trucks.entries()) {
      const failing = back === 3 && i === 0;
      const id = await record(vehicleId, day, truck, truckHead, failing ? 4 : null, back === 2 && i === 0 ? failed : null);
      if (failing) failed = id;
    }
  }
  if (towers.length) await record(towers[0]!, addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7)), tower, { name: "塔吊周检", kind: "patrol", preUse: 0 }, null);

  // the tasks of today (the job's own statement), those the records above did marked done
  await makeTasks(db, ctx.tenantId, today, now);
  const todays = await db.select({ id: inspectionRecords.id, vehicleId: inspectionRecords.vehicleId }).from(inspectionRecords).where(and(eq(inspectionRecords.tenantId, ctx.tenantId), eq(inspectionRecords.doneOn, today)));
  for (const r of todays) {
    await db.update(inspectionTasks).set({ state: TASK_STATE.done, recordId: r.id }).where(and(eq(inspectionTasks.tenantId, ctx.tenantId), eq(inspectionTasks.vehicleId, r.vehicleId), eq(inspectionTasks.dueOn, today)));
  }
  if (failed !== null) {
    // the retest asked for the failed record, done the next day
    await db.insert(inspectionTasks).values({ tenantId: ctx.tenantId, vehicleId: trucks[0]!, procedureId: truck.id, assigneeId: ctx.adminId, dueOn: addDays(today, -2), retestOf: failed, state: TASK_STATE.done, createdAt: now });
  }

  // the issues: the worn rope (open), a slewing noise reported by hand (closed), a fault alarm's (open)
  const issue = (values: Omit<typeof abnormalities.$inferInsert, "tenantId" | "number">) =>
    numberedInsert(db, ctx.tenantId, ABNORMALITY_NUMBERING, now, timeZone, (number) => db.insert(abnormalities).values({ tenantId: ctx.tenantId, number: number as unknown as string, creatorId: ctx.adminId, ...values }));
  if (failed !== null) await issue({ vehicleId: trucks[0]!, source: "inspection", recordId: failed, recordItem: 4, title: "起升钢丝绳", detail: "无断丝、扭结、压扁；断丝超标；卷筒端第三圈可见断丝 6 根，超过报废标准", severity: "serious", foundOn: addDays(today, -3) });
  if (crawlers.length) await issue({ vehicleId: crawlers[0]!, source: "manual", title: "回转时有异响", detail: "回转至 90° 附近有周期性异响", severity: "normal", foundOn: addDays(today, -12), state: 1, closeReason: "已紧固回转支承螺栓并加注润滑脂，试车无异响", closedBy: ctx.adminId, closedAt: now - 10 * 86_400_000 });
  const [fault] = await db.select({ id: alarms.id, vehicleId: alarms.vehicleId, at: alarms.at }).from(alarms).where(and(eq(alarms.tenantId, ctx.tenantId), eq(alarms.kind, "fault"))).orderBy(asc(alarms.id)).limit(1);
  if (fault) await issue({ vehicleId: fault.vehicleId, source: "alarm", alarmId: fault.id, title: "故障告警", detail: "发动机故障码上报，待维修人员诊断", severity: "serious", foundOn: todayInZone(timeZone, fault.at) });
  return `seeded 3 procedures (the truck cranes' daily check required before use), ${plans.length} plans, ${records} inspection records (one failed, retested) and the issues`;
};
