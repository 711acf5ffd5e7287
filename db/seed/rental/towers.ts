// The demo tenant's tower cranes (塔吊大屏, 塔吊工作报表): a QTZ125 model, four towers with safety monitors (terminals
// DRT0000001…4, the demo fleet drives them: scripts/demo-fleet-model.ts towerPoint), three on rent to one customer on
// an executing contract at 临港物流园三期 and one in the yard; the last ten days' lifts and peak load moments, an
// overload two days ago and a gust yesterday. Seeds once, when the tenant has no tower crane yet; runs last, so the
// demo's bills stay those of the rental part.
import { and, asc, count, eq } from "drizzle-orm";
import { alarms, contractLines, contracts, customers, organisations, tenants, vehicleDaily, vehicleModels, vehicles } from "../../schema";
import { addDays } from "../../../app/lib/calendar";
import { parseZonedTime } from "../../../app/lib/tenant-days";
import { todayInZone } from "../../../app/lib/tenant-clock";
import { CONTRACT_NUMBERING } from "../../../app/modules/contracts/contracts.server";
import { numberedInsert } from "../../../app/modules/numbering/numbering.server";
import { sha256Hex } from "../../../workers/telematics/secret";
import { demoTerminalSecret } from "../telematics";
import { DEMO_TOWERS, TOWER_SITE, towerTerminalOf } from "../demo-towers";
import { TOWER_DOC_NUMBERING, towerDocRecords, towerDocs } from "../../../app/modules/tower-docs/tower-doc.server";
import type { RentalSeedPart } from "./index";

const SITE_NAME = "临港物流园三期";

export const seedTowers: RentalSeedPart = async (db, ctx) => {
  const [have] = await db.select({ n: count() }).from(vehicles).where(and(eq(vehicles.tenantId, ctx.tenantId), eq(vehicles.vehicleType, "3")));
  if (have!.n > 0) return null;
  const [tenant] = await db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, ctx.tenantId));
  const timeZone = tenant?.timeZone ?? "Asia/Shanghai";
  const today = todayInZone(timeZone);
  const [org] = await db.select({ id: organisations.id }).from(organisations).where(and(eq(organisations.tenantId, ctx.tenantId))).orderBy(asc(organisations.parentId), asc(organisations.id)).limit(2).offset(1);
  const [customer] = await db.select({ id: customers.id, orgId: customers.orgId }).from(customers).where(and(eq(customers.tenantId, ctx.tenantId), eq(customers.state, 1))).orderBy(asc(customers.id)).limit(1);
  if (!customer) return null;
  const [model] = await db
    .insert(vehicleModels)
    .values({ tenantId: ctx.tenantId, name: "QTZ125(TC6015)塔吊", length: 60, width: 6, height: 45, fuelAlarm: 0, idleCoefficient: 0, energyType: "electric", creatorId: ctx.adminId })
    .returning({ id: vehicleModels.id });
  const towerIds: number[] = [];
  for (let i = 0; i < DEMO_TOWERS; i++) {
    const terminalNo = towerTerminalOf(i);
    const [row] = await db
      .insert(vehicles)
      .values({
        tenantId: ctx.tenantId,
        orgId: org?.id ?? null,
        plate: `沪塔备${String(2024031 + i)}`,
        terminalNo,
        terminalSecretHash: await sha256Hex(demoTerminalSecret(terminalNo)),
        modelId: model!.id,
        selfNo: `TC-0${i + 1}`,
        manufactureDate: `20${19 + i}-0${3 + i}-01`,
        vehicleType: "3",
        energyType: "electric",
        installed: 1,
        terminalFactory: "德瑞克塔机黑匣子",
        hardwareVersion: "TBX1.2",
        softwareVersion: "FW2.0.3",
        state: 1,
        creatorId: ctx.adminId,
      })
      .returning({ id: vehicles.id });
    towerIds.push(row!.id);
  }
  const startOn = addDays(today, -60);
  const at = parseZonedTime(`${startOn}T09:00`, timeZone) ?? Date.now();
  const [contract] = await numberedInsert(db, ctx.tenantId, CONTRACT_NUMBERING, at, timeZone, (value) =>
    db
      .insert(contracts)
      .values({ tenantId: ctx.tenantId, orgId: customer.orgId, number: value, kind: "rental", name: `${SITE_NAME}塔吊租赁`, customerId: customer.id, project: SITE_NAME, siteAddress: "上海市浦东新区临港新片区物流园三期", siteLng: TOWER_SITE.lng, siteLat: TOWER_SITE.lat, signedOn: addDays(startOn, -5), startOn, plannedEndOn: addDays(today, 240), state: 3, valueCents: 3 * 10 * 4_500_000, creatorId: ctx.adminId })
      .returning({ id: contracts.id }),
  );
  await db.insert(contractLines).values(towerIds.slice(0, 3).map((vehicleId, n) => ({ tenantId: ctx.tenantId, contractId: contract!.id, lineNo: n + 1, vehicleId, equipmentType: "3", spec: "QTZ125", monthlyCents: 4_500_000, onRentOn: startOn })));
  // ten days of work on the three rented towers: 60–110 lifts a day, peaks of 70–96 % (103 % the day of the overload)
  const days: (typeof vehicleDaily.$inferInsert)[] = [];
  for (let d = 9; d >= 0; d--) {
    const day = addDays(today, -d);
    const sunday = new Date(`${day}T00:00:00Z`).getUTCDay() === 0;
    for (const [n, vehicleId] of towerIds.slice(0, 3).entries()) {
      if (sunday || d === 0) continue;
      const lifts = 60 + ((d * 17 + n * 23) % 50);
      const peak = d === 2 && n === 0 ? 103 : 70 + ((d * 7 + n * 11) % 26);
      days.push({ tenantId: ctx.tenantId, vehicleId, day, engineSeconds: (8 + (n % 2)) * 3600, onlineSeconds: 10 * 3600, lifts, peakMoment: peak, points: 3000 });
    }
  }
  for (let i = 0; i < days.length; i += 6) await db.insert(vehicleDaily).values(days.slice(i, i + 6)).onConflictDoNothing();
  const overloadAt = (parseZonedTime(`${addDays(today, -2)}T14:26`, timeZone) ?? Date.now()) as number;
  const gustAt = Date.now() - 5 * 3_600_000;
  await db.insert(alarms).values([
    { tenantId: ctx.tenantId, vehicleId: towerIds[0]!, hubKey: `seed:overload:${overloadAt}`, kind: "overload", level: 1, at: overloadAt, lng: TOWER_SITE.lng, lat: TOWER_SITE.lat, detail: { moment: 103, load: 6.2, radius: 38.5, limitPercent: 100 }, handleState: 1, handleNote: "司机违规超吊，已停机培训", handlerId: ctx.adminId, handledAt: overloadAt + 40 * 60_000 },
    { tenantId: ctx.tenantId, vehicleId: towerIds[1]!, hubKey: `seed:wind:${gustAt}`, kind: "wind", level: 2, at: gustAt, lng: TOWER_SITE.lng, lat: TOWER_SITE.lat, detail: { wind: 12.4, limitMs: 10.8 } },
  ]);
  await seedTowerFiles(db, ctx, timeZone, towerIds, startOn);
  return `seeded ${DEMO_TOWERS} tower cranes (three on rent at ${SITE_NAME}, with their files) with ten days of lifts and two crane alarms`;
};

/**
 * The towers' files (塔吊档案): the three on site registered, notified, installed at 40.5 m and accepted before going
 * on rent, the first two jacked to 52.2 m since; the yard's tower dismantled from its last site forty days ago.
 */
async function seedTowerFiles(db: Parameters<RentalSeedPart>[0], ctx: Parameters<RentalSeedPart>[1], timeZone: string, towerIds: number[], startOn: string) {
  const file = async (i: number, site: string, records: (Omit<typeof towerDocRecords.$inferInsert, "tenantId" | "docId" | "position">)[], recordNo = records[0]!.docNo) => {
    const at = parseZonedTime(`${records[0]!.doneOn}T10:00`, timeZone) ?? Date.now();
    const [doc] = await numberedInsert(db, ctx.tenantId, TOWER_DOC_NUMBERING, at, timeZone, (value) =>
      db
        .insert(towerDocs)
        .values({ tenantId: ctx.tenantId, number: value, vehicleId: towerIds[i]!, recordNo, site, ownerUnit: "德瑞克起重设备租赁有限公司", installUnit: "上海建安起重设备安装有限公司", useUnit: "中建八局第三建设有限公司", armLength: 600, maxLoad: 100, creatorId: ctx.adminId })
        .returning({ id: towerDocs.id }),
    );
    for (const [n, r] of records.entries()) await db.insert(towerDocRecords).values({ ...r, tenantId: ctx.tenantId, docId: doc!.id, position: n + 1 });
  };
  for (let i = 0; i < 3; i++) {
    const records: (Omit<typeof towerDocRecords.$inferInsert, "tenantId" | "docId" | "position">)[] = [
      { stage: "1", doneOn: addDays(startOn, -20), docNo: `沪建备塔2026-${String(311 + i).padStart(4, "0")}`, agency: "上海市建设工程安全质量监督总站" },
      { stage: "2", doneOn: addDays(startOn, -10), docNo: `浦建安告〔2026〕${58 + i}号`, agency: "浦东新区建设和交通委员会" },
      { stage: "3", doneOn: addDays(startOn, -3), height: 405, sections: 12, agency: "上海建安起重设备安装有限公司" },
      { stage: "4", doneOn: addDays(startOn, -1), docNo: `SHTJ-2026-${String(1204 + i)}`, agency: "上海市特种设备监督检验技术研究院" },
    ];
    if (i < 2) records.push({ stage: "5", doneOn: addDays(startOn, 25 + i * 3), height: 522, sections: 16, agency: "上海建安起重设备安装有限公司", remark: "加4节" });
    await file(i, SITE_NAME, records);
  }
  const was = addDays(startOn, -300);
  await file(3, "闵行区莘庄商务区二期", [
    { stage: "1", doneOn: was, docNo: "沪建备塔2025-0877", agency: "上海市建设工程安全质量监督总站" },
    { stage: "2", doneOn: addDays(was, 8), agency: "闵行区建设和管理委员会" },
    { stage: "3", doneOn: addDays(was, 15), height: 364, sections: 11 },
    { stage: "4", doneOn: addDays(was, 17), docNo: "SHTJ-2025-0931", agency: "上海市特种设备监督检验技术研究院" },
    { stage: "6", doneOn: addDays(startOn, 20), agency: "上海建安起重设备安装有限公司", remark: "主体结构封顶后拆除，退回堆场" },
  ]);
}
