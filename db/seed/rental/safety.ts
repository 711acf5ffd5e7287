// The demo tenant's site safety (安全检查, 隐患排查, 安全整改, 事故申报): four inspections (a tower crane inspection at
// 临港物流园三期 whose two failed items became a notice now being rectified, one item past its deadline; a passed truck
// crane check; a crawler crane's site whose failed footing became a hazard rectified by a notice since done; a draft
// before the holiday), hazards at each level and state, notices in five states, and two accidents: one approved with
// its insurance claim paid, one waiting for approval. Seeds once, when the tenant has no inspection yet; after the
// towers and the wind cranes.
import { and, asc, count, eq, inArray, like } from "drizzle-orm";
import { approvalRecords, contracts, organisations, tenants, users, vehicles } from "../../schema";
import { addDays } from "../../../app/lib/calendar";
import { parseZonedTime } from "../../../app/lib/tenant-days";
import { todayInZone } from "../../../app/lib/tenant-clock";
import { numberedInsert } from "../../../app/modules/numbering/numbering.server";
import { ACCIDENT_STATE } from "../../../app/modules/safety/accident.resource";
import { REFORM_STATE } from "../../../app/modules/safety/reform.resource";
import { CHECK_STATE, STANDARD_CHECKLIST } from "../../../app/modules/safety/safety-check.resource";
import {
  ACCIDENT_NUMBERING,
  CHECK_NUMBERING,
  HAZARD_NUMBERING,
  REFORM_NUMBERING,
  safetyAccidentPeople,
  safetyAccidents,
  safetyCheckItems,
  safetyChecks,
  safetyHazards,
  safetyReformItems,
  safetyReforms,
} from "../../../app/modules/safety/safety-tables.server";
import { DEMO_USERS } from "../demo-identity";
import type { RentalSeedPart } from "./index";

type Db = Parameters<RentalSeedPart>[0];
type Machine = { id: number; plate: string; orgId: number | null };
type CheckItem = Omit<typeof safetyCheckItems.$inferInsert, "tenantId" | "checkId" | "position">;
type ReformItem = Omit<typeof safetyReformItems.$inferInsert, "tenantId" | "reformId" | "position">;

export const seedSafety: RentalSeedPart = async (db, ctx) => {
  const [have] = await db.select({ n: count() }).from(safetyChecks).where(eq(safetyChecks.tenantId, ctx.tenantId));
  if (have!.n > 0) return null;
  const [tenant] = await db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, ctx.tenantId));
  const timeZone = tenant?.timeZone ?? "Asia/Shanghai";
  const today = todayInZone(timeZone);
  const at = (days: number, time = "09:30") => parseZonedTime(`${addDays(today, days)}T${time}`, timeZone) ?? Date.now();
  const people = new Map((await db.select({ id: users.id, account: users.loginAccount }).from(users).where(eq(users.tenantId, ctx.tenantId))).map((u) => [u.account, u.id]));
  const manager = people.get(DEMO_USERS.manager.account) ?? ctx.adminId;
  const dispatcher = people.get(DEMO_USERS.dispatcher.account) ?? ctx.adminId;
  const projectLead = people.get(DEMO_USERS.project.account) ?? ctx.adminId;
  const orgRows = await db.select({ id: organisations.id, name: organisations.name, parentId: organisations.parentId }).from(organisations).where(eq(organisations.tenantId, ctx.tenantId)).orderBy(asc(organisations.id));
  const orgs = new Map(orgRows.map((o) => [o.name, o.id]));
  const root = orgRows.find((o) => o.parentId === null)!.id;
  // the notices are issued to 上海项目部 (its dispatcher rectifies them), or to the company where there is none
  const shanghai = orgs.get("上海项目部") ?? root;
  const machines = await db
    .select({ id: vehicles.id, plate: vehicles.plate, orgId: vehicles.orgId, type: vehicles.vehicleType })
    .from(vehicles)
    .where(and(eq(vehicles.tenantId, ctx.tenantId), inArray(vehicles.vehicleType, ["1", "2", "3"])))
    .orderBy(asc(vehicles.id));
  const ofType = (type: string, n = 0): Machine | undefined => machines.filter((m) => m.type === type)[n];
  const [tower1, tower2, truck, crawler] = [ofType("3"), ofType("3", 1), ofType("1"), ofType("2")];
  if (!tower1 || !tower2 || !truck || !crawler) return null;
  const [towerContract] = await db.select({ id: contracts.id }).from(contracts).where(and(eq(contracts.tenantId, ctx.tenantId), like(contracts.project, "临港物流园三期%"))).limit(1);
  const base = { tenantId: ctx.tenantId };

  /** an inspection with its checklist: the standard items, as judged on the day */
  const check = async (c: Omit<typeof safetyChecks.$inferInsert, "tenantId" | "number">, items: CheckItem[], days: number) => {
    const [row] = await numberedInsert(db, ctx.tenantId, CHECK_NUMBERING, at(days), timeZone, (value) =>
      db
        .insert(safetyChecks)
        .values({ ...base, ...c, number: value, createdAt: at(days, "16:00"), updatedAt: at(days, "16:30") })
        .returning({ id: safetyChecks.id }),
    );
    await db.insert(safetyCheckItems).values(items.map((item, i) => ({ ...base, ...item, checkId: row!.id, position: i + 1 })));
    return row!.id;
  };
  /** the standard checklist on a machine, with some items judged otherwise */
  const checklist = (machine: Machine, judged: Record<string, Pick<CheckItem, "result" | "note">> = {}): CheckItem[] =>
    STANDARD_CHECKLIST.map((c) => ({ ...c, vehicleId: c.item.startsWith("作业区") || c.item.startsWith("人员") ? null : machine.id, ...(judged[c.item] ?? { result: "pass" }) }));

  const towerCheck = await check(
    { checkOn: addDays(today, -6), kind: "special", site: "临港物流园三期", contractId: towerContract?.id ?? null, orgId: shanghai, inspectorId: manager, conclusion: "两项不合格，已下发整改通知，整改完成前TC-01暂停吊装作业", state: CHECK_STATE.done, creatorId: manager },
    checklist(tower1, {
      钢丝绳: { result: "fail", note: "起升钢丝绳局部断丝超标（一个捻距内断丝6根）" },
      支腿及地基: { result: "na", note: "塔吊不适用" },
      作业区警戒: { result: "fail", note: "回转半径下方材料堆场未设警戒区" },
    }),
    -6,
  );
  await check({ checkOn: addDays(today, -3), kind: "daily", site: "浦东新区张江科学城二期", orgId: shanghai, inspectorId: ctx.adminId, conclusion: "检查合格，准予作业", state: CHECK_STATE.done, creatorId: ctx.adminId }, checklist(truck), -3);
  const footingCheck = await check(
    { checkOn: addDays(today, -20), kind: "comprehensive", site: "闵行区莘庄地铁上盖", orgId: crawler.orgId, inspectorId: manager, conclusion: "履带吊站位地基不满足要求，登记较大隐患并整改", state: CHECK_STATE.done, creatorId: manager },
    checklist(crawler, { 支腿及地基: { result: "fail", note: "站位处回填土未压实，路基箱铺设不足" } }),
    -20,
  );
  await check({ checkOn: today, kind: "holiday", site: "宝山堆场", orgId: orgs.get("设备管理中心") ?? null, inspectorId: manager, conclusion: null, creatorId: manager }, checklist(truck), 0);

  const hazard = async (h: Omit<typeof safetyHazards.$inferInsert, "tenantId" | "number">, days: number) => {
    const [row] = await numberedInsert(db, ctx.tenantId, HAZARD_NUMBERING, at(days, "11:00"), timeZone, (value) =>
      db
        .insert(safetyHazards)
        .values({ ...base, ...h, number: value, createdAt: at(days, "11:00"), updatedAt: at(days, "11:00") })
        .returning({ id: safetyHazards.id }),
    );
    return row!.id;
  };
  const footing = await hazard({ foundOn: addDays(today, -20), level: "larger", source: "check", checkId: footingCheck, place: "闵行区莘庄地铁上盖 3#站位", vehicleId: crawler.id, orgId: crawler.orgId, description: "支腿及地基：站位处回填土未压实，路基箱铺设不足", suggestion: "铺设路基箱，做地基承载力检测后方可站位", creatorId: manager }, -20);
  await hazard({ foundOn: addDays(today, -2), level: "major", source: "authority", place: "嘉定区安亭汽车城厂房西侧", vehicleId: crawler.id, orgId: crawler.orgId, description: "履带吊作业区下方有10kV架空线路，最小安全距离不足6米", suggestion: "联系供电部门停电或迁改线路，未处理前禁止在该区域吊装", creatorId: ctx.adminId }, -2);
  const anchor = await hazard({ foundOn: addDays(today, -4), level: "larger", source: "staff", place: "临港物流园三期 TC-02", vehicleId: tower2.id, orgId: shanghai, description: "TC-02第三道附着撑杆连接螺栓松动", suggestion: "按说明书力矩复紧全部附着螺栓并做标记", creatorId: projectLead }, -4);
  const extinguisher = await hazard({ foundOn: addDays(today, -1), level: "general", source: "patrol", place: "宝山堆场", vehicleId: truck.id, orgId: truck.orgId, description: "汽车吊驾驶室灭火器已过有效期", suggestion: "更换灭火器", creatorId: dispatcher }, -1);
  const helmet = await hazard({ foundOn: addDays(today, -2), level: "general", source: "special", place: "浦东新区张江科学城二期", orgId: shanghai, description: "两名司索工未系安全帽下颏带", suggestion: "现场教育并纳入班前讲话", creatorId: ctx.adminId }, -2);

  const reform = async (r: Omit<typeof safetyReforms.$inferInsert, "tenantId" | "number">, items: ReformItem[], days: number) => {
    const [row] = await numberedInsert(db, ctx.tenantId, REFORM_NUMBERING, at(days, "14:00"), timeZone, (value) =>
      db
        .insert(safetyReforms)
        .values({ ...base, ...r, number: value, createdAt: at(days, "14:00"), updatedAt: at(days, "15:00") })
        .returning({ id: safetyReforms.id }),
    );
    await db.insert(safetyReformItems).values(items.map((item, i) => ({ ...base, ...item, reformId: row!.id, position: i + 1 })));
  };
  // the tower inspection's two failed items, issued five days ago: the wire rope was due two days ago
  await reform(
    { source: "check", checkId: towerCheck, site: "临港物流园三期", orgId: shanghai, responsibleId: projectLead, remark: "整改完成前TC-01停止吊装作业", issuedOn: addDays(today, -5), state: REFORM_STATE.rectifying, creatorId: manager },
    [
      { checkItem: `钢丝绳（${tower1.plate}）`, requirement: "更换起升钢丝绳，更换后做空载和额定载荷试验", deadline: addDays(today, -2), responsible: "赵建国" },
      { checkItem: "作业区警戒", requirement: "回转半径下方材料堆场设置警戒线和警示标志，安排专人监护", deadline: addDays(today, 3), responsible: "刘明" },
    ],
    -6,
  );
  // the crawler crane's footing: rectified and rechecked (the photos are on the paper receipt filed with it)
  await reform(
    { source: "hazard", hazardId: footing, site: "闵行区莘庄地铁上盖 3#站位", orgId: crawler.orgId ?? shanghai, responsibleId: dispatcher, issuedOn: addDays(today, -19), closedOn: addDays(today, -12), state: REFORM_STATE.done, creatorId: manager },
    [{ requirement: "铺设路基箱，做地基承载力检测后方可站位", deadline: addDays(today, -13), responsible: "周建平", remark: "已铺设6块路基箱，地基承载力检测合格（检测报告及整改照片见纸质回执）" }],
    -19,
  );
  await reform({ source: "hazard", hazardId: anchor, site: "临港物流园三期 TC-02", orgId: shanghai, responsibleId: projectLead, issuedOn: addDays(today, -1), state: REFORM_STATE.issued, creatorId: manager }, [{ requirement: "按说明书力矩复紧全部附着螺栓并做防松标记", deadline: addDays(today, 2), responsible: "赵建国" }], -3);
  await reform({ source: "hazard", hazardId: extinguisher, site: "宝山堆场", orgId: truck.orgId ?? root, responsibleId: dispatcher, creatorId: dispatcher }, [{ requirement: "更换驾驶室灭火器，并检查其他设备灭火器有效期", deadline: addDays(today, 5), responsible: "王磊" }], 0);
  await reform({ source: "hazard", hazardId: helmet, site: "浦东新区张江科学城二期", orgId: shanghai, responsibleId: projectLead, state: REFORM_STATE.submitted, creatorId: ctx.adminId }, [{ requirement: "对司索工进行安全帽正确佩戴教育，班前讲话检查", deadline: addDays(today, 3), responsible: "张敏" }], -1);

  await seedAccidents(db, ctx.tenantId, { at, today, truck, crawler, applicant: dispatcher, approver: ctx.adminId, timeZone });
  return "seeded 4 safety inspections, 5 hazards, 5 rectification notices (one with an overdue item) and 2 accidents (one approved with its claim paid)";
};

/** Two accidents filed by the dispatcher: one approved by the administrator with its claim paid, one waiting. */
async function seedAccidents(db: Db, tenantId: number, s: { at: (days: number, time?: string) => number; today: string; truck: Machine; crawler: Machine; applicant: number; approver: number; timeZone: string }) {
  const accident = async (a: Omit<typeof safetyAccidents.$inferInsert, "tenantId" | "number">, people: Omit<typeof safetyAccidentPeople.$inferInsert, "tenantId" | "accidentId" | "position">[], days: number) => {
    const [row] = await numberedInsert(db, tenantId, ACCIDENT_NUMBERING, s.at(days, "17:00"), s.timeZone, (value) =>
      db
        .insert(safetyAccidents)
        .values({ tenantId, ...a, number: value, createdAt: s.at(days, "17:00"), updatedAt: s.at(days, "17:00") })
        .returning({ id: safetyAccidents.id }),
    );
    await db.insert(safetyAccidentPeople).values(people.map((p, i) => ({ tenantId, ...p, accidentId: row!.id, position: i + 1 })));
    return row!.id;
  };
  const approved = await accident(
    {
      occurredOn: addDays(s.today, -40),
      occurredAt: "10:35",
      level: "general",
      place: "青浦区徐泾物流园 B区",
      vehicleId: s.truck.id,
      orgId: s.truck.orgId,
      description: "汽车吊吊装钢结构屋架时右后支腿下陷，车身倾斜，吊物碰撞脚手架，司索工避让时扭伤脚踝",
      directLoss: 18_650_000,
      claimState: "paid",
      insurer: "中国人民财产保险股份有限公司上海市分公司",
      claimNo: "PDZA202631010000012345",
      claimedAmount: 18_650_000,
      paidAmount: 15_200_000,
      cause: "支腿下方为雨后回填土，未铺设路基箱；司机作业前未检查地基",
      investigation: "项目部组织调查：司机未按吊装方案验收地基，现场指挥未制止；对司机、指挥各处罚款并停岗培训",
      measures: "作业前地基验收签字；支腿下一律铺设路基箱；全员安全教育",
      state: ACCIDENT_STATE.approved,
      creatorId: s.applicant,
    },
    [
      { name: "孙卫东", role: "rigger", injury: "minor", remark: "右脚踝扭伤，休养两周" },
      { name: "周建平", role: "operator", injury: "none" },
      { name: "李强", role: "signaller", injury: "none" },
    ],
    -40,
  );
  const waiting = await accident(
    {
      occurredOn: addDays(s.today, -3),
      occurredAt: "15:10",
      level: "general",
      place: "嘉定区安亭汽车城厂房东侧",
      vehicleId: s.crawler.id,
      orgId: s.crawler.orgId,
      description: "履带吊吊运钢筋时吊索断裂，钢筋坠落砸坏路边停放的第三方车辆，无人员受伤",
      directLoss: 4_200_000,
      claimState: "reported",
      insurer: "中国平安财产保险股份有限公司上海分公司",
      claimNo: "PAIC-2026-SH-0087342",
      claimedAmount: 4_200_000,
      cause: "吊索磨损未及时报废，捆绑方式不当",
      state: ACCIDENT_STATE.inApproval,
      creatorId: s.applicant,
    },
    [
      { name: "王先生", role: "thirdParty", injury: "none", remark: "车主，车辆受损" },
      { name: "陈军", role: "operator", injury: "none" },
    ],
    -3,
  );
  const doc = (documentId: number) => ({ tenantId, kind: "accidentProposal", documentId, round: 1 });
  await db.insert(approvalRecords).values([
    { ...doc(approved), action: "submit", actorId: s.applicant, createdAt: s.at(-40, "17:10") },
    { ...doc(approved), stepNo: 1, action: "approve", actorId: s.approver, note: "同意，按调查结论处理", createdAt: s.at(-39, "10:00") },
    { ...doc(waiting), action: "submit", actorId: s.applicant, createdAt: s.at(-3, "17:10") },
  ]);
}
