// The demo tenant's wind-farm lifting (风电管理, 风电监控大屏, 风电业主大屏): three cranes with anemometers (terminals
// DRW0000001…3, the demo fleet drives them: scripts/demo-fleet-model.ts windCranePoint) on 如东洋口风电场三期, sixteen
// turbine positions at every stage from not started to erected, ten days of the stop-work log (wind, rain); and an
// ended project erected last year. Seeds once, when the tenant has no wind project yet.
import { and, asc, count, eq } from "drizzle-orm";
import { customers, organisations, tenants, vehicleModels, vehicles } from "../../schema";
import { addDays } from "../../../app/lib/calendar";
import { parseZonedTime } from "../../../app/lib/tenant-days";
import { todayInZone } from "../../../app/lib/tenant-clock";
import { numberedInsert } from "../../../app/modules/numbering/numbering.server";
import { WIND_NUMBERING, windProjectCranes, windProjectPositions, windProjects, windProjectStops } from "../../../app/modules/wind/wind-project.server";
import { sha256Hex } from "../../../workers/telematics/secret";
import { demoTerminalSecret } from "../telematics";
import { DEMO_WIND_CRANES, windTerminalOf } from "../demo-wind";
import type { RentalSeedPart } from "./index";

const CRANES = [
  { model: "SCC8000A 履带起重机", type: "2", plate: "苏FW0801", selfNo: "WD-01", role: "main", limit: 90, made: "2021-06-01" },
  { model: "QUY260 履带起重机", type: "2", plate: "苏FW0802", selfNo: "WD-02", role: "tail", limit: 120, made: "2019-09-01" },
  { model: "QY130K 汽车起重机", type: "1", plate: "苏FQ1307", selfNo: "WD-03", role: "assist", limit: null, made: "2022-03-01" },
] as const;

/** positions F01…F16: six erected, then every stage once or more, the last two not started */
const STAGES = [5, 5, 5, 5, 5, 5, 4, 4, 3, 2, 2, 1, 1, 1, 0, 0];

export const seedWind: RentalSeedPart = async (db, ctx) => {
  const [have] = await db.select({ n: count() }).from(windProjects).where(eq(windProjects.tenantId, ctx.tenantId));
  if (have!.n > 0) return null;
  const [tenant] = await db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, ctx.tenantId));
  const timeZone = tenant?.timeZone ?? "Asia/Shanghai";
  const today = todayInZone(timeZone);
  const [org] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.tenantId, ctx.tenantId)).orderBy(asc(organisations.parentId), asc(organisations.id)).limit(1);
  const [owner] = await db.select({ id: customers.id }).from(customers).where(and(eq(customers.tenantId, ctx.tenantId), eq(customers.state, 1))).orderBy(asc(customers.id)).limit(1).offset(1);
  const craneIds: number[] = [];
  for (const [i, c] of CRANES.entries()) {
    const [model] = await db.insert(vehicleModels).values({ tenantId: ctx.tenantId, name: c.model, fuelAlarm: 0, idleCoefficient: 0, creatorId: ctx.adminId }).returning({ id: vehicleModels.id });
    const terminalNo = windTerminalOf(i);
    const [row] = await db
      .insert(vehicles)
      .values({
        tenantId: ctx.tenantId,
        orgId: org?.id ?? null,
        plate: c.plate,
        terminalNo,
        terminalSecretHash: await sha256Hex(demoTerminalSecret(terminalNo)),
        modelId: model!.id,
        selfNo: c.selfNo,
        manufactureDate: c.made,
        vehicleType: c.type,
        installed: 1,
        terminalFactory: "德瑞克力矩限制器",
        hardwareVersion: "LMI2.1",
        softwareVersion: "FW3.1.0",
        state: 1,
        creatorId: ctx.adminId,
      })
      .returning({ id: vehicles.id });
    craneIds.push(row!.id);
  }
  if (craneIds.length !== DEMO_WIND_CRANES) throw new Error("the demo's wind cranes and their terminals disagree");
  const startOn = addDays(today, -75);
  const project = await insertProject(db, ctx, timeZone, {
    name: "如东洋口风电场三期吊装",
    ownerId: owner?.id ?? null,
    orgId: org?.id ?? null,
    site: "江苏省南通市如东县洋口镇风电场三期",
    turbineModel: "EN-200/6.25",
    capacityMw: 625,
    startOn,
    plannedEndOn: addDays(today, 45),
    windLimit: 100,
    remark: "叶轮吊装风速不超过9 m/s；塔筒与机舱按设备限值执行",
    state: 0,
  });
  await db.insert(windProjectCranes).values(CRANES.map((c, i) => ({ tenantId: ctx.tenantId, projectId: project, position: i + 1, vehicleId: craneIds[i]!, role: c.role, windLimit: c.limit })));
  await insertPositions(db, STAGES.map((stage, i) => ({ tenantId: ctx.tenantId, projectId: project, position: i + 1, positionNo: `F${String(i + 1).padStart(2, "0")}`, hubHeight: 1150, stage: String(stage), doneOn: stage === 5 ? addDays(startOn, 12 + i * 9) : null })));
  // the last ten days' stops: mornings of strong wind, a rainy afternoon; each with the wind the site measured
  const stops = [
    { d: 9, from: "09:10", to: "15:40", reason: "wind", wind: 128 },
    { d: 7, from: "13:20", to: "17:30", reason: "rain", wind: null },
    { d: 5, from: "07:00", to: "11:30", reason: "wind", wind: 112 },
    { d: 4, from: "14:00", to: "16:15", reason: "wind", wind: 104 },
    { d: 2, from: "08:30", to: "12:00", reason: "wind", wind: 135 },
    { d: 1, from: "15:10", to: "18:00", reason: "lightning", wind: 86 },
  ];
  await db.insert(windProjectStops).values(stops.map((s, i) => ({ tenantId: ctx.tenantId, projectId: project, position: i + 1, stopOn: addDays(today, -s.d), fromTime: s.from, toTime: s.to, reason: s.reason, windSpeed: s.wind })));
  // last year's project, ended: ten turbines erected
  const oldStart = addDays(today, -420);
  const ended = await insertProject(db, ctx, timeZone, { name: "通榆风电场一期吊装", ownerId: owner?.id ?? null, orgId: org?.id ?? null, site: "吉林省白城市通榆县新兴乡", turbineModel: "GW155-4.5", capacityMw: 450, startOn: oldStart, plannedEndOn: addDays(oldStart, 120), windLimit: 100, remark: null, state: 1 });
  await insertPositions(db, Array.from({ length: 10 }, (_, i) => ({ tenantId: ctx.tenantId, projectId: ended, position: i + 1, positionNo: `T${String(i + 1).padStart(2, "0")}`, hubHeight: 1000, stage: "5", doneOn: addDays(oldStart, 10 + i * 10) })));
  return `seeded 2 wind projects (16 turbine positions at 如东洋口, 3 cranes with anemometers, ${stops.length} stops)`;
};

async function insertProject(db: Parameters<RentalSeedPart>[0], ctx: Parameters<RentalSeedPart>[1], timeZone: string, head: Omit<typeof windProjects.$inferInsert, "tenantId" | "number" | "creatorId">): Promise<number> {
  const at = parseZonedTime(`${head.startOn}T09:00`, timeZone) ?? Date.now();
  const [row] = await numberedInsert(db, ctx.tenantId, WIND_NUMBERING, at, timeZone, (value) =>
    db
      .insert(windProjects)
      .values({ ...head, tenantId: ctx.tenantId, number: value, creatorId: ctx.adminId })
      .returning({ id: windProjects.id }),
  );
  return row!.id;
}

/** D1 binds at most 100 values a statement: ten positions at a time */
async function insertPositions(db: Parameters<RentalSeedPart>[0], rows: (typeof windProjectPositions.$inferInsert)[]) {
  for (let i = 0; i < rows.length; i += 10) await db.insert(windProjectPositions).values(rows.slice(i, i + 10));
}
