// The demo tenant's 临时吊车 applications and 提名奖励 nominations, in several states with their approval records: a
// draft, one in approval, two approved (one became a draft zero-rent contract with its crane line, numbered by the
// contract numbering; one named an executing project contract and so became a zero-rent contract too), one refused,
// one void; rewards on approved, executing and completed contracts. Runs after the contracts part; each half seeds
// only when the tenant has none of its rows yet.
import { and, asc, count, eq, inArray, ne } from "drizzle-orm";
import { approvalRecords, contractLines, contracts, customers, prizeNominations, tempCraneApplications, tenants, users } from "../../schema";
import { addDays } from "../../../app/lib/calendar";
import { todayInZone } from "../../../app/lib/tenant-clock";
import { CONTRACT_NUMBERING } from "../../../app/modules/contracts/contracts.server";
import { numberedInsert } from "../../../app/modules/numbering/numbering.server";
import { TEMP_CRANE_NUMBERING } from "../../../app/modules/temp-crane/temp-crane.server";
import type { Db } from "../../client";
import type { RentalSeedContext, RentalSeedPart } from "./index";

type Record = typeof approvalRecords.$inferInsert;

const APPLICATIONS = [
  { state: 0, type: "1", spec: "25吨", site: "浦东新区张江科学城二期", from: 5, days: 4, reason: "钢结构屋面吊装，现有吊车不够用，需临时增加一台25吨汽车吊" },
  { state: 1, type: "2", spec: "80吨", site: "嘉定区安亭汽车城厂房", from: 10, days: 11, reason: "设备基础施工提前，需一台80吨履带吊配合大型设备就位" },
  { state: 2, type: "1", spec: "50吨", site: "闵行区莘庄地铁上盖", from: 2, days: 3, reason: "预制梁临时吊装三天，客户要求加急" },
  { state: 2, type: "3", spec: "QTZ80", site: "苏州工业园区星湖街项目", from: 15, days: 30, reason: "主体结构赶工期，项目部申请临时增加一台塔吊", project: true },
  { state: 3, type: "4", spec: "12吨", site: "青浦区徐泾物流园", from: 7, days: 2, reason: "货架卸车需随车吊两天", refusal: "物流园已有随车吊在场，请协调现场设备" },
  { state: 4, type: "1", spec: "70吨", site: "宝山区杨行镇仓库", from: 20, days: 5, reason: "仓库钢构吊装（客户已取消）" },
] as const;

const PRIZES = [
  { state: 0, cents: 200_000, reason: "项目部提前10天完成设备进场，客户书面表扬" },
  { state: 1, cents: 500_000, reason: "谈成年度框架合同，合同金额超过预期" },
  { state: 2, cents: 128_850, reason: "连续三个月零故障停机，获客户续租" },
  { state: 3, cents: 300_000, reason: "协助回款，提前收回两期租金", refusal: "回款属岗位职责，不另行奖励" },
  { state: 2, cents: 80_000, reason: "夜间抢修恢复塔吊运行，保障客户浇筑" },
] as const;

async function seedApplications(db: Db, ctx: RentalSeedContext, timeZone: string, approverId: number): Promise<number> {
  const [have] = await db.select({ n: count() }).from(tempCraneApplications).where(eq(tempCraneApplications.tenantId, ctx.tenantId));
  if (have!.n > 0) return 0;
  const [parties, projects] = await Promise.all([
    db.select({ id: customers.id, orgId: customers.orgId, limit: customers.creditLimitCents }).from(customers).where(and(eq(customers.tenantId, ctx.tenantId), eq(customers.state, 1))).orderBy(asc(customers.id)).limit(8),
    db
      .select({ id: contracts.id, customerId: contracts.customerId, orgId: contracts.orgId })
      .from(contracts)
      .where(and(eq(contracts.tenantId, ctx.tenantId), eq(contracts.kind, "project"), eq(contracts.current, 1), inArray(contracts.state, [2, 3])))
      .limit(1),
  ]);
  // customers without a credit limit: an application is refused for one over it
  const open = parties.filter((c) => c.limit === null);
  const pool = open.length ? open : parties;
  if (!pool.length) return 0;
  const today = todayInZone(timeZone);
  const records: Record[] = [];
  for (const [i, a] of APPLICATIONS.entries()) {
    const project = "project" in a && projects[0]?.customerId ? projects[0] : null;
    const customer = project ? { id: project.customerId!, orgId: project.orgId } : pool[i % pool.length]!;
    const fromOn = addDays(today, a.from);
    const toOn = addDays(fromOn, a.days - 1);
    const at = Date.now() - (APPLICATIONS.length - i) * 86_400_000;
    const [row] = await numberedInsert(db, ctx.tenantId, TEMP_CRANE_NUMBERING, at, timeZone, (value) =>
      db
        .insert(tempCraneApplications)
        .values({ tenantId: ctx.tenantId, orgId: customer.orgId, number: value, customerId: customer.id, contractId: project?.id ?? null, equipmentType: a.type, spec: a.spec, site: a.site, fromOn, toOn, reason: a.reason, state: a.state, creatorId: ctx.adminId, createdAt: at, updatedAt: at })
        .returning({ id: tempCraneApplications.id, number: tempCraneApplications.number }),
    );
    const doc = { tenantId: ctx.tenantId, kind: "tempCrane", documentId: row!.id };
    if (a.state === 4) records.push({ ...doc, round: 0, action: "abandon", actorId: ctx.adminId, createdAt: at + 3_600_000 });
    if (a.state === 0 || a.state === 4) continue;
    records.push({ ...doc, round: 1, action: "submit", actorId: ctx.adminId, createdAt: at + 600_000 });
    if (a.state === 3) records.push({ ...doc, round: 1, stepNo: 1, action: "refuse", actorId: approverId, note: "refusal" in a ? a.refusal : null, createdAt: at + 7_200_000 });
    if (a.state !== 2) continue;
    records.push({ ...doc, round: 1, stepNo: 1, action: "approve", actorId: approverId, createdAt: at + 7_200_000 });
    // what approval made: a draft zero-rent contract with the crane for those days (the project contract is in force)
    const name = `临时吊车 ${row!.number} · ${a.site}`.slice(0, 50);
    const [contract] = await numberedInsert(db, ctx.tenantId, CONTRACT_NUMBERING, at, timeZone, (value) =>
      db
        .insert(contracts)
        .values({ tenantId: ctx.tenantId, orgId: customer.orgId, number: value, kind: "spot", name, customerId: customer.id, siteAddress: a.site, startOn: fromOn, plannedEndOn: toOn, state: 0, valueCents: 0, creatorId: ctx.adminId, remark: `由临时吊车申请 ${row!.number} 生成` })
        .returning({ id: contracts.id }),
    );
    await db.insert(contractLines).values({ tenantId: ctx.tenantId, contractId: contract!.id, lineNo: 1, equipmentType: a.type, spec: a.spec, onRentOn: fromOn, offRentOn: toOn, remark: `临时吊车 ${row!.number}` });
    await db.update(tempCraneApplications).set({ resultContractId: contract!.id }).where(eq(tempCraneApplications.id, row!.id));
  }
  // D1 binds at most 100 parameters a statement
  for (let i = 0; i < records.length; i += 8) await db.insert(approvalRecords).values(records.slice(i, i + 8));
  return APPLICATIONS.length;
}

async function seedNominations(db: Db, ctx: RentalSeedContext, approverId: number): Promise<number> {
  const [have] = await db.select({ n: count() }).from(prizeNominations).where(eq(prizeNominations.tenantId, ctx.tenantId));
  if (have!.n > 0) return 0;
  const [won, staff] = await Promise.all([
    db
      .select({ id: contracts.id })
      .from(contracts)
      .where(and(eq(contracts.tenantId, ctx.tenantId), eq(contracts.current, 1), inArray(contracts.state, [2, 3, 4])))
      .orderBy(asc(contracts.id))
      .limit(PRIZES.length),
    db.select({ id: users.id }).from(users).where(and(eq(users.tenantId, ctx.tenantId), ne(users.id, ctx.adminId), eq(users.state, 1))).orderBy(asc(users.id)),
  ]);
  if (!won.length) return 0;
  const records: Record[] = [];
  for (const [i, p] of PRIZES.entries()) {
    const at = Date.now() - (PRIZES.length - i) * 2 * 86_400_000;
    const [row] = await db
      .insert(prizeNominations)
      .values({ tenantId: ctx.tenantId, nomineeId: staff.length ? staff[i % staff.length]!.id : ctx.adminId, contractId: won[i % won.length]!.id, reason: p.reason, amountCents: p.cents, state: p.state, creatorId: ctx.adminId, createdAt: at, updatedAt: at })
      .returning({ id: prizeNominations.id });
    const doc = { tenantId: ctx.tenantId, kind: "prizeNomination", documentId: row!.id };
    if (p.state === 0) continue;
    records.push({ ...doc, round: 1, action: "submit", actorId: ctx.adminId, createdAt: at + 600_000 });
    if (p.state === 2) records.push({ ...doc, round: 1, stepNo: 1, action: "approve", actorId: approverId, createdAt: at + 3_600_000 });
    if (p.state === 3) records.push({ ...doc, round: 1, stepNo: 1, action: "refuse", actorId: approverId, note: "refusal" in p ? p.refusal : null, createdAt: at + 3_600_000 });
  }
  for (let i = 0; i < records.length; i += 8) await db.insert(approvalRecords).values(records.slice(i, i + 8));
  return PRIZES.length;
}

export const seedTempCranes: RentalSeedPart = async (db, ctx) => {
  const [tenant] = await db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, ctx.tenantId));
  // the decisions are another user's (nobody decides their own document); the administrator when alone
  const [other] = await db.select({ id: users.id }).from(users).where(and(eq(users.tenantId, ctx.tenantId), ne(users.id, ctx.adminId))).orderBy(asc(users.id)).limit(1);
  const approverId = other?.id ?? ctx.adminId;
  const applications = await seedApplications(db, ctx, tenant?.timeZone ?? "Asia/Shanghai", approverId);
  const nominations = await seedNominations(db, ctx, approverId);
  if (!applications && !nominations) return null;
  return `seeded ${applications} temporary crane applications and ${nominations} prize nominations`;
};
