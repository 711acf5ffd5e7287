// The demo tenant's preventive maintenance (保养计划): 250小时保养 for every truck crane (汽车吊), 500小时保养 for the
// crawler cranes (every 500 h or a year), 年度保养 for the cranes on the harbour's long contract, 塔吊月度保养 for the
// towers (every 30 days); hour-meter readings taken by hand on the cranes, and services done at different times, so
// the machines' own roll-ups (the bills and towers parts wrote them) leave some overdue, some due soon, most normal.
// Then the recompute and the alarms, as the daily job makes them. Seeds once, when the tenant has no plan yet; after
// the towers and the bills.
import { and, asc, count, desc, eq, gte, inArray, sum } from "drizzle-orm";
import { tenants, vehicleDaily, vehicles } from "../../schema";
import { addDays } from "../../../app/lib/calendar";
import { todayInZone } from "../../../app/lib/tenant-clock";
import { parseZonedTime } from "../../../app/lib/tenant-days";
import { numberedInsert } from "../../../app/modules/numbering/numbering.server";
import { PLAN_NUMBERING } from "../../../app/modules/maintenance/plan.server";
import { RECORD_NUMBERING } from "../../../app/modules/maintenance/record.server";
import { meterOn, raiseMaintenanceAlarms, recomputeSchedules } from "../../../app/modules/maintenance/meters.server";
import { maintenancePlanItems, maintenancePlans, maintenancePlanVehicles, maintenanceRecordItems, maintenanceRecords, meterReadings } from "../../../app/modules/maintenance/tables.server";
import type { RentalSeedPart } from "./index";

const ITEMS: Record<string, [string, string][]> = {
  "250小时保养": [
    ["更换机油", "15W-40 柴油机油，约 18 L"],
    ["更换机油滤芯", ""],
    ["更换柴油滤芯", "含油水分离器放水"],
    ["检查液压油", "油位、油色，必要时取样"],
    ["回转支承润滑", "加注锂基润滑脂"],
    ["检查钢丝绳", "断丝、磨损、润滑"],
  ],
  "500小时保养": [
    ["更换液压油滤芯", "回油及先导滤芯"],
    ["检查履带张紧", "垂度 30–50 mm"],
    ["检查回转减速机油", ""],
    ["检查钢丝绳及吊钩", "吊钩防脱装置"],
  ],
  年度保养: [
    ["全车安全装置检测", "力矩限制器、高度限位、三圈保护器"],
    ["更换液压油", ""],
    ["结构件探伤", "主臂、转台焊缝"],
    ["年检资料整理", ""],
  ],
  塔吊月度保养: [
    ["检查标准节螺栓", "按规定力矩复紧"],
    ["检查起升钢丝绳", ""],
    ["检查制动器", "起升、回转、变幅"],
    ["润滑回转支承", ""],
    ["检查安全限位", "高度、幅度、力矩、回转"],
  ],
};

export const seedMaintenance: RentalSeedPart = async (db, ctx) => {
  const [have] = await db.select({ n: count() }).from(maintenancePlans).where(eq(maintenancePlans.tenantId, ctx.tenantId));
  if (have!.n > 0) return null;
  const [tenant] = await db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, ctx.tenantId));
  const timeZone = tenant?.timeZone ?? "Asia/Shanghai";
  const today = todayInZone(timeZone);
  const machines = await db
    .select({ id: vehicles.id, type: vehicles.vehicleType })
    .from(vehicles)
    .where(and(eq(vehicles.tenantId, ctx.tenantId), inArray(vehicles.vehicleType, ["1", "2", "3"])))
    .orderBy(asc(vehicles.id));
  const ofType = (type: string) => machines.filter((m) => m.type === type).map((m) => m.id);
  const [truckCranes, crawlers, towers] = [ofType("1"), ofType("2"), ofType("3")];

  const plan = async (name: string, values: Partial<typeof maintenancePlans.$inferInsert> & { startOn: string }, listed: number[] = []) => {
    const at = parseZonedTime(`${values.startOn}T09:00`, timeZone);
    const [row] = await numberedInsert(db, ctx.tenantId, PLAN_NUMBERING, at, timeZone, (value) =>
      db
        .insert(maintenancePlans)
        .values({ tenantId: ctx.tenantId, number: value, name, coverage: listed.length ? "machines" : "type", creatorId: ctx.adminId, ...values })
        .returning({ id: maintenancePlans.id }),
    );
    const id = row!.id;
    await db.insert(maintenancePlanItems).values(ITEMS[name]!.map(([item, description], i) => ({ tenantId: ctx.tenantId, planId: id, position: i + 1, item, description: description || null })));
    if (listed.length) await db.insert(maintenancePlanVehicles).values(listed.map((vehicleId, i) => ({ tenantId: ctx.tenantId, planId: id, position: i + 1, vehicleId })));
    return id;
  };
  const hours250 = await plan("250小时保养", { equipmentType: "1", intervalHours: 250, startOn: addDays(today, -150), remark: "按发动机小时，先到为准" });
  const hours500 = await plan("500小时保养", { equipmentType: "2", intervalHours: 500, intervalDays: 365, startOn: addDays(today, -200) });
  const yearly = await plan("年度保养", { intervalDays: 365, soonDays: 30, startOn: addDays(today, -350) }, [...truckCranes.slice(0, 3), ...crawlers.slice(0, 2)]);
  const monthly = await plan("塔吊月度保养", { equipmentType: "3", intervalDays: 30, startOn: addDays(today, -60) });

  // hour meters read by hand on the cranes before the plans began: the machines had worked before the system
  const read = (vehicleId: number, day: string, hours: number, km: number | null, remark: string | null) =>
    db.insert(meterReadings).values({ tenantId: ctx.tenantId, vehicleId, readOn: day, hours, km, source: "manual", remark, creatorId: ctx.adminId });
  for (const [i, id] of [...truckCranes, ...crawlers].entries()) {
    const day = addDays(today, -160 - (i % 5));
    const meter = await meterOn(db, ctx.tenantId, id, day);
    await read(id, day, meter.hours + 30_000 + i * 1_735, meter.km + (crawlers.includes(id) ? 0 : 42_000 + i * 3_110), i === 0 ? "接入系统时仪表盘读数" : null);
  }

  // services done: each machine's last one at a different time, the meter of its day at the service
  const service = async (planId: number, vehicleId: number, daysAgo: number, doneBy: string, costCents: number) => {
    const serviceOn = addDays(today, -daysAgo);
    const meter = await meterOn(db, ctx.tenantId, vehicleId, serviceOn);
    const at = parseZonedTime(`${serviceOn}T16:00`, timeZone);
    const [row] = await numberedInsert(db, ctx.tenantId, RECORD_NUMBERING, at, timeZone, (value) =>
      db
        .insert(maintenanceRecords)
        .values({ tenantId: ctx.tenantId, number: value, planId, vehicleId, serviceOn, hours: meter.hours, km: meter.km, doneBy, cost: costCents, creatorId: ctx.adminId, createdAt: at, updatedAt: at })
        .returning({ id: maintenanceRecords.id }),
    );
    const items = await db.select({ item: maintenancePlanItems.item }).from(maintenancePlanItems).where(eq(maintenancePlanItems.planId, planId)).orderBy(asc(maintenancePlanItems.position));
    await db.insert(maintenanceRecordItems).values(items.map((it, i) => ({ tenantId: ctx.tenantId, recordId: row!.id, position: i + 1, item: it.item, result: i === 0 ? "replaced" : daysAgo % 3 === 0 && i === 2 ? "abnormal" : "ok", note: daysAgo % 3 === 0 && i === 2 ? "有轻微渗漏，已紧固，下次复查" : null })));
    await db.insert(meterReadings).values({ tenantId: ctx.tenantId, vehicleId, readOn: serviceOn, hours: meter.hours, km: meter.km, source: "service", serviceId: row!.id, creatorId: ctx.adminId });
  };
  const crew = ["王建国", "李师傅", "张卫东", "陈志强"];
  // truck cranes, the busiest first: from two months and more ago (overdue at some 5 h a day) to a few days ago
  const busiest = await db
    .select({ id: vehicleDaily.vehicleId, secs: sum(vehicleDaily.engineSeconds) })
    .from(vehicleDaily)
    .where(and(eq(vehicleDaily.tenantId, ctx.tenantId), inArray(vehicleDaily.vehicleId, truckCranes), gte(vehicleDaily.day, addDays(today, -90))))
    .groupBy(vehicleDaily.vehicleId)
    .orderBy(desc(sum(vehicleDaily.engineSeconds)));
  const byUse = [...busiest.map((b) => b.id), ...truckCranes.filter((id) => !busiest.some((b) => b.id === id))];
  const ago = [75, 64, 55, 50, 44, 36, 28, 20, 12, 6, 3];
  for (const [i, id] of byUse.entries()) await service(hours250, id, ago[i % ago.length]!, crew[i % crew.length]!, 128_000 + i * 3_500);
  for (const [i, id] of crawlers.entries()) await service(hours500, id, 20 + (i % 5) * 25, crew[(i + 1) % crew.length]!, 356_000 + i * 12_000);
  // the year's service: one crane done in spring, one a week late; the others count from the plan's start (due soon)
  await service(yearly, truckCranes[0]!, 200, "王建国", 680_000);
  if (truckCranes[1]) await service(yearly, truckCranes[1], 372, "李师傅", 655_000);
  // towers: serviced 28, 10 and 33 days ago; the yard's tower not since the plan began (overdue)
  for (const [i, id] of towers.slice(0, 3).entries()) await service(monthly, id, [28, 10, 33][i]!, "上海建安起重设备安装有限公司", 80_000);

  await recomputeSchedules(db, ctx.tenantId, today, { planIds: [hours250, hours500, yearly, monthly] });
  const alarms = await raiseMaintenanceAlarms(db, ctx.tenantId, Date.now());
  return `seeded 4 maintenance plans with their schedules, ${truckCranes.length + crawlers.length} hour-meter readings, the services done and ${alarms} maintenance alarms`;
};
