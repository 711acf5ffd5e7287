// The demo tenant's contracts: thirty across every kind and state on the demo fleet (25 t and 50 t truck cranes at
// ¥38,000 and ¥65,000 a month, 台班 at ¥2,800 a shift of 8 h, an 80 t crawler crane; QTZ80 tower cranes at ¥28,000
// a month with their 进场, 安拆 and 顶升附墙 fees, to be assigned later), several executing this month with machines
// on-rent now, payment plans, a sub-contract from a supplier, an amendment in force. No machine is on two live
// contracts for overlapping days: each live line takes a machine of its own. Runs after the parties part and names
// its customers; values and plans come from the same functions as the contract screen's save.
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { approvalRecords, approvalSteps, contractFees, contractLines, contractPlans, contracts, customers, documentNumbers, suppliers, tenants, users } from "../../schema";
import type { CONTRACT_KINDS, FEE_KINDS } from "../../schema/rental";
import { addDays, addMonths } from "../../../app/lib/calendar";
import { todayInZone } from "../../../app/lib/tenant-clock";
import { contractValueCents, generatePlan, type LineTerms } from "../../../app/modules/contracts/value";
import { effectiveSteps } from "../../../app/modules/workflow/approval";
import type { RentalSeedPart } from "./index";

type Kind = (typeof CONTRACT_KINDS)[number];
type Fee = [kind: (typeof FEE_KINDS)[number], yuan: number];
interface Line {
  /** a machine of the fleet (cranes first), or an equipment type to assign later */
  machine?: boolean;
  type?: string;
  spec: string;
  monthly?: number;
  daily?: number;
  shift?: number;
  hourly?: number;
  operators?: number;
  cost?: number;
  idle?: boolean;
}
interface Seed {
  name: string;
  kind: Kind;
  state: number;
  customer?: string;
  supplier?: string;
  project: string;
  site: string;
  /** the start, days from today; the planned term in months (0: open) */
  start: number;
  months: number;
  lines: Line[];
  fees?: Fee[];
  fixed?: number;
  purchase?: number;
  plan?: boolean;
  reason?: string;
  overCredit?: string;
}

const C25: Line = { machine: true, spec: "25吨汽车吊", monthly: 38_000, operators: 1 };
const C50: Line = { machine: true, spec: "50吨汽车吊", monthly: 65_000, operators: 1 };
const SHIFT: Line = { machine: true, spec: "25吨汽车吊", shift: 2_800 };
const CRAWLER: Line = { machine: true, spec: "80吨履带吊", monthly: 98_000, operators: 2 };
const SHIFT_TBA: Line = { type: "1", spec: "25吨汽车吊", shift: 2_800 };
const QTZ80: Line = { type: "3", spec: "QTZ80", monthly: 28_000, operators: 2, idle: true };
const TOWER_FEES: Fee[] = [
  ["entry", 12_000],
  ["install", 18_000],
  ["jacking", 9_500],
  ["wallTie", 6_000],
];

const SEEDS: Seed[] = [
  { name: "临港物流园一期吊装", kind: "rental", state: 3, customer: "中建八局第三建设有限公司", project: "临港物流园一期", site: "上海市浦东新区临港新片区云鹃路", start: -75, months: 6, lines: [C25, C50], fees: [["entry", 3_500]], plan: true },
  { name: "机场联络线盾构井吊装", kind: "rental", state: 3, customer: "上海隧道工程股份有限公司", project: "机场联络线 3 标", site: "上海市闵行区华泾路", start: -40, months: 8, lines: [C50, C50], fees: [["entry", 4_000], ["exit", 4_000]], plan: true },
  { name: "苏州湾数字中心钢结构", kind: "rental", state: 3, customer: "苏州金螳螂建筑装饰股份有限公司", project: "苏州湾数字中心", site: "苏州市吴江区太湖新城", start: -12, months: 3, lines: [C25], plan: true },
  { name: "前海枢纽履带吊", kind: "rental", state: 3, customer: "深圳市建安（集团）股份有限公司", project: "前海综合交通枢纽", site: "深圳市南山区前海合作区", start: -30, months: 10, lines: [CRAWLER], fees: [["transport", 26_000]], plan: true },
  { name: "吴中区安置房零星吊装", kind: "spot", state: 3, customer: "中铁十局集团第五工程有限公司", project: "吴中安置房", site: "苏州市吴中区东吴北路", start: -20, months: 0, lines: [SHIFT, SHIFT] },
  { name: "相城区厂房吊装零活", kind: "spot", state: 3, customer: "李国强", project: "相城厂房", site: "苏州市相城区元和街道", start: -5, months: 0, lines: [SHIFT] },
  { name: "川沙路市政改造吊装", kind: "bare", state: 3, customer: "上海市浦东新区建设和交通委员会", project: "川沙路改造", site: "上海市浦东新区川沙路", start: -25, months: 4, lines: [{ machine: true, spec: "25吨汽车吊", daily: 1_500 }], plan: true },
  { name: "张江厂房钢构包租", kind: "charter", state: 3, customer: "上海宏盛钢结构工程有限公司", project: "张江科学城厂房", site: "上海市浦东新区张江路", start: -18, months: 2, lines: [C50], fixed: 120_000, plan: true },
  { name: "南京鼓楼医院扩建塔吊", kind: "project", state: 3, customer: "江苏省建筑工程集团有限公司", project: "鼓楼医院扩建", site: "南京市鼓楼区中山路321号", start: -60, months: 14, lines: [QTZ80, QTZ80], fees: TOWER_FEES, plan: true },
  { name: "黄浦滨江住宅塔吊", kind: "project", state: 3, customer: "上海建工四建集团有限公司", project: "黄浦滨江 C 地块", site: "上海市黄浦区中山南路", start: -90, months: 18, lines: [QTZ80, C25], fees: TOWER_FEES, fixed: 1_080_000, plan: true },
  { name: "蛇口码头起重设备以租代售", kind: "rentToOwn", state: 3, customer: "中交第四航务工程局有限公司深圳分公司", project: "蛇口码头改造", site: "深圳市南山区蛇口工业三路", start: -45, months: 24, lines: [{ machine: true, spec: "50吨汽车吊", monthly: 42_000 }], purchase: 980_000, plan: true },
  { name: "前海枢纽履带吊租入", kind: "subcontract", state: 3, supplier: "常熟三一履带吊租赁有限公司", project: "前海综合交通枢纽", site: "深圳市南山区前海合作区", start: -28, months: 6, lines: [{ type: "2", spec: "260吨履带吊", monthly: 150_000, cost: 118_000, operators: 2 }] },
  { name: "世纪大道办公楼吊装", kind: "rental", state: 2, customer: "中建八局第三建设有限公司", project: "世纪大道 T2", site: "上海市浦东新区世纪大道1568号", start: 7, months: 5, lines: [C25], plan: true },
  { name: "太湖新城二期吊装", kind: "rental", state: 2, customer: "苏州工业园区市政工程有限公司", project: "太湖新城二期", site: "苏州市吴江区太湖新城", start: 14, months: 3, lines: [C50] },
  { name: "星湖街管廊吊装", kind: "rental", state: 1, customer: "苏州工业园区市政工程有限公司", project: "星湖街综合管廊", site: "苏州市工业园区星湖街", start: 10, months: 4, lines: [C25, SHIFT_TBA] },
  { name: "宝山钢厂检修吊装", kind: "spot", state: 1, customer: "上海建工四建集团有限公司", project: "宝钢检修", site: "上海市宝山区富锦路", start: 5, months: 1, lines: [SHIFT_TBA] },
  { name: "临港二期塔吊（超额）", kind: "project", state: 1, customer: "上海宏盛钢结构工程有限公司", project: "临港二期", site: "上海市浦东新区临港新片区", start: 20, months: 12, lines: [QTZ80, QTZ80], fees: TOWER_FEES, overCredit: "老客户，回款记录良好，总经理同意超额" },
  { name: "福田中心区地铁上盖", kind: "rental", state: 0, customer: "深圳市建安（集团）股份有限公司", project: "福田上盖", site: "深圳市福田区深南中路", start: 30, months: 6, lines: [C50] },
  { name: "昆山高新区吊装（草稿）", kind: "bare", state: 0, customer: "中铁十局集团第五工程有限公司", project: "昆山高新区", site: "昆山市高新区玉山镇", start: 25, months: 2, lines: [{ type: "1", spec: "25吨汽车吊", daily: 1_400 }] },
  { name: "浦东机场货站包租", kind: "charter", state: 0, customer: "上海隧道工程股份有限公司", project: "浦东机场西货站", site: "上海市浦东新区机场镇", start: 40, months: 1, lines: [{ type: "1", spec: "50吨汽车吊" }], fixed: 75_000 },
  { name: "金鸡湖隧道吊装", kind: "rental", state: 5, customer: "苏州金螳螂建筑装饰股份有限公司", project: "金鸡湖隧道", site: "苏州市工业园区金鸡湖大道", start: 15, months: 4, lines: [{ type: "1", spec: "25吨汽车吊", monthly: 33_000 }], reason: "月租低于公司底价，请按38,000元重新报价" },
  { name: "南山科技园吊装（作废）", kind: "rental", state: 6, customer: "中交第四航务工程局有限公司深圳分公司", project: "南山科技园", site: "深圳市南山区科技园", start: 10, months: 2, lines: [{ type: "1", spec: "25吨汽车吊", monthly: 38_000 }] },
  { name: "虹桥商务区塔吊（终止）", kind: "project", state: 7, customer: "上海建工四建集团有限公司", project: "虹桥商务区", site: "上海市闵行区申长路", start: 30, months: 10, lines: [QTZ80], fees: TOWER_FEES, reason: "业主项目暂缓，双方协商终止" },
  { name: "嘉定汽车城吊装", kind: "rental", state: 8, customer: "上海宏盛钢结构工程有限公司", project: "嘉定汽车城", site: "上海市嘉定区安亭镇", start: -50, months: 6, lines: [{ type: "1", spec: "25吨汽车吊", monthly: 38_000 }], reason: "客户欠款超过60天，暂停供机" },
  { name: "园区污水厂吊装（提前终止）", kind: "rental", state: 9, customer: "苏州工业园区市政工程有限公司", project: "园区污水厂提标", site: "苏州市工业园区港田路", start: -120, months: 6, lines: [{ type: "1", spec: "50吨汽车吊", monthly: 65_000 }], reason: "工程提前完工" },
  { name: "陆家嘴中心幕墙吊装", kind: "rental", state: 4, customer: "中建八局第三建设有限公司", project: "陆家嘴中心", site: "上海市浦东新区银城中路", start: -240, months: 5, lines: [C25, C50], plan: true },
  { name: "宝安机场 T4 塔吊", kind: "project", state: 4, customer: "深圳市建安（集团）股份有限公司", project: "宝安机场 T4", site: "深圳市宝安区机场路", start: -400, months: 12, lines: [QTZ80, QTZ80], fees: TOWER_FEES, plan: true },
  { name: "姑苏区老城改造零租", kind: "spot", state: 4, customer: "李国强", project: "姑苏老城", site: "苏州市姑苏区人民路", start: -150, months: 1, lines: [SHIFT_TBA] },
  { name: "南京南站配套光租", kind: "bare", state: 4, customer: "江苏省建筑工程集团有限公司", project: "南京南站配套", site: "南京市雨花台区", start: -200, months: 2, lines: [{ type: "1", spec: "25吨汽车吊", daily: 1_500 }] },
  { name: "徐汇滨江吊装（已变更）", kind: "rental", state: 3, customer: "上海隧道工程股份有限公司", project: "徐汇滨江", site: "上海市徐汇区龙腾大道", start: -35, months: 6, lines: [C25] },
];

/** The states whose lines hold their machine (drafts to executing): each such line takes a machine of its own. */
const LIVE = new Set([0, 1, 2, 3]);

export const seedContracts: RentalSeedPart = async (db, { tenantId, adminId, vehicleIds }) => {
  const [had] = await db.select({ id: contracts.id }).from(contracts).where(eq(contracts.tenantId, tenantId)).limit(1);
  if (had) return null;
  const [tenant] = await db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, tenantId));
  const today = todayInZone(tenant?.timeZone);
  const customerRows = await db.select({ id: customers.id, name: customers.name, orgId: customers.orgId }).from(customers).where(eq(customers.tenantId, tenantId));
  const supplierRows = await db.select({ id: suppliers.id, name: suppliers.name }).from(suppliers).where(eq(suppliers.tenantId, tenantId));
  const customerOf = new Map(customerRows.map((c) => [c.name, c]));
  const supplierOf = new Map(supplierRows.map((s) => [s.name, s.id]));
  // the fleet's cranes first (the demo models cycle 25 t, 50 t, 80 t crawler, mixer, pump), then the rest
  const machines = [...vehicleIds.filter((_, i) => i % 5 < 3), ...vehicleIds.filter((_, i) => i % 5 >= 3)];
  let nextMachine = 0;
  let spare = 0;
  const numbers = new Map<string, number>();
  const ids: number[] = [];
  // how each contract got to its state: the tenant's contract flow decided by another user (nobody approves their own)
  const flow = await db.select({ stepNo: approvalSteps.stepNo, minAmountCents: approvalSteps.minAmountCents }).from(approvalSteps).where(and(eq(approvalSteps.tenantId, tenantId), eq(approvalSteps.kind, "contract"))).orderBy(asc(approvalSteps.stepNo));
  const [other] = await db.select({ id: users.id }).from(users).where(and(eq(users.tenantId, tenantId), ne(users.id, adminId))).orderBy(asc(users.id)).limit(1);
  const approverId = other?.id ?? adminId;
  const records: (typeof approvalRecords.$inferInsert)[] = [];

  for (const s of SEEDS) {
    const live = LIVE.has(s.state);
    const startOn = addDays(today, s.start);
    const plannedEndOn = s.months ? addDays(addMonths(startOn, s.months), -1) : null;
    const signedOn = addDays(startOn, -7);
    const period = signedOn.slice(0, 7).replace("-", "");
    const seq = (numbers.get(period) ?? 0) + 1;
    numbers.set(period, seq);
    const ended = s.state === 9 ? addDays(today, -10) : s.state === 4 ? plannedEndOn : null;
    const lines: (LineTerms & { vehicleId: number | null; line: Line })[] = s.lines.map((l) => {
      // a live line takes an unused machine; one of a closed contract reuses the fleet (its days are past or void)
      const vehicleId = l.machine ? (live ? machines[nextMachine++ % machines.length]! : machines[spare++ % machines.length]!) : null;
      return {
        line: l,
        vehicleId,
        monthlyCents: l.monthly ? l.monthly * 100 : null,
        dailyCents: l.daily ? l.daily * 100 : null,
        operators: l.operators ?? 0,
        operatorMonthlyCents: l.operators && l.monthly ? 9_000_00 : null,
        costMonthlyCents: l.cost ? l.cost * 100 : null,
        onRentOn: startOn,
        offRentOn: ended ?? (s.state === 8 ? addDays(today, -3) : null),
      };
    });
    const fees = (s.fees ?? []).map(([kind, yuan]) => ({ kind, amountCents: yuan * 100 }));
    const terms = { kind: s.kind, fixedCents: s.fixed ? s.fixed * 100 : null, purchaseCents: s.purchase ? s.purchase * 100 : null, plannedEndOn, lines, fees };
    const value = contractValueCents(terms);
    const customer = s.customer ? customerOf.get(s.customer) : undefined;
    const [row] = await db
      .insert(contracts)
      .values({
        tenantId,
        orgId: customer?.orgId ?? null,
        number: `HT-${period}-${String(seq).padStart(4, "0")}`,
        kind: s.kind,
        name: s.name,
        customerId: customer?.id ?? null,
        supplierId: s.supplier ? (supplierOf.get(s.supplier) ?? null) : null,
        // the sub-contract serves the customer contract on the same site
        parentId: s.kind === "subcontract" ? (ids[SEEDS.findIndex((x) => x.site === s.site && x.kind !== "subcontract")] ?? null) : null,
        project: s.project,
        siteAddress: s.site,
        signedOn,
        startOn,
        plannedEndOn,
        endedOn: ended,
        minTermDays: s.kind === "spot" ? null : 30,
        settlementDay: 20,
        paymentDays: 30,
        depositCents: s.kind === "project" ? 5_000_000 : s.kind === "spot" ? 0 : 1_000_000,
        taxRateBp: 900,
        fixedCents: terms.fixedCents,
        purchaseCents: terms.purchaseCents,
        valueCents: value,
        salesmanId: adminId,
        remark: s.kind === "spot" ? "按出车登记的台班结算，不足4小时按半个台班" : null,
        state: s.state,
        stateReason: s.reason ?? null,
        overCreditReason: s.overCredit ?? null,
        creatorId: adminId,
      })
      .returning({ id: contracts.id });
    const id = row!.id;
    ids.push(id);
    // the steps its value takes (a step from an amount up only above it)
    records.push(...approvalHistory({ tenantId, kind: "contract", documentId: id }, s, Date.parse(`${signedOn}T02:00:00Z`), adminId, approverId, effectiveSteps(flow, value).length));
    for (const [i, l] of lines.entries()) {
      await db.insert(contractLines).values({
        tenantId,
        contractId: id,
        lineNo: i + 1,
        vehicleId: l.vehicleId,
        equipmentType: l.vehicleId ? null : (l.line.type ?? "1"),
        spec: l.line.spec,
        monthlyCents: l.monthlyCents,
        dailyCents: l.dailyCents,
        shiftCents: l.line.shift ? l.line.shift * 100 : null,
        shiftOvertimeCents: l.line.shift ? 35_000 : null,
        hourlyCents: l.line.hourly ? l.line.hourly * 100 : null,
        // a call is billed at least 4 hours, by the shift as by the hour
        minHoursPerCall: l.line.shift || l.line.hourly ? 4 : null,
        idleRateBp: l.line.idle ? 7000 : null,
        faultDeduction: l.line.monthly ? 1 : 0,
        operators: l.operators ?? 0,
        operatorMonthlyCents: l.operatorMonthlyCents,
        costMonthlyCents: l.costMonthlyCents,
        onRentOn: l.onRentOn,
        offRentOn: l.offRentOn,
      });
    }
    if (fees.length) await db.insert(contractFees).values(fees.map((f) => ({ tenantId, contractId: id, kind: f.kind, amountCents: f.amountCents, feeOn: startOn })));
    if (s.plan) {
      const plan = generatePlan(value, startOn, plannedEndOn, 20, 30);
      for (let i = 0; i < plan.length; i += 15) await db.insert(contractPlans).values(plan.slice(i, i + 15).map((p, j) => ({ tenantId, contractId: id, seq: i + j + 1, dueOn: p.dueOn, amountCents: p.amountCents })));
    }
  }

  // 徐汇滨江 was amended: its first version (¥35,000 a month) gave way to the second (¥38,000) on approval
  const amendedId = ids[ids.length - 1]!;
  const [amended] = await db.select().from(contracts).where(eq(contracts.id, amendedId));
  await db.update(contracts).set({ revision: 2 }).where(eq(contracts.id, amendedId));
  const [first] = await db
    .insert(contracts)
    .values({ ...amended!, id: undefined, revision: 1, current: 0, valueCents: amended!.valueCents - 6 * 300_000, remark: "首版：月租35,000元" })
    .returning({ id: contracts.id });
  await db.update(contracts).set({ rootId: first!.id }).where(eq(contracts.id, amendedId));
  const [firstLine] = await db.select().from(contractLines).where(eq(contractLines.contractId, amendedId));
  await db.insert(contractLines).values({ ...firstLine!, id: undefined, contractId: first!.id, monthlyCents: 3_500_000 });

  // D1 binds at most 100 parameters a statement
  for (let i = 0; i < records.length; i += 8) await db.insert(approvalRecords).values(records.slice(i, i + 8));

  // the numbering service continues after the seeded numbers
  for (const [period, n] of numbers) {
    await db
      .insert(documentNumbers)
      .values({ tenantId, kind: "contract", period, n })
      .onConflictDoUpdate({ target: [documentNumbers.tenantId, documentNumbers.kind, documentNumbers.period], set: { n: sql`max(${documentNumbers.n}, ${n})` } });
  }
  const executing = (await db.select({ n: sql<number>`count(*)` }).from(contracts).where(and(eq(contracts.tenantId, tenantId), eq(contracts.state, 3), eq(contracts.current, 1))))[0]?.n ?? 0;
  return `seeded the contracts: ${SEEDS.length} across every kind and state (${executing} executing), with their lines, fees and payment plans`;
};

/**
 * The approval records of a seeded contract, as the engine would have written them: a draft has none; in approval,
 * submitted; refused, submitted and refused at the first step with its reason; abandoned, the draft voided; every
 * state after approval (approved, executing, completed, aborted, stopped, terminated), submitted and approved at each
 * step of the flow, an aborted one then aborted with its reason. So 审批进度 of a contract in force shows its steps done.
 */
function approvalHistory(doc: { tenantId: number; kind: string; documentId: number }, s: Seed, at: number, adminId: number, approverId: number, steps: number): (typeof approvalRecords.$inferInsert)[] {
  const hour = 3_600_000;
  if (s.state === 0) return [];
  if (s.state === 6) return [{ ...doc, round: 0, action: "abandon", actorId: adminId, createdAt: at + hour }];
  const submitted = { ...doc, round: 1, action: "submit" as const, actorId: adminId, createdAt: at };
  if (s.state === 1) return [submitted];
  if (s.state === 5) return [submitted, { ...doc, round: 1, stepNo: 1, action: "refuse", actorId: approverId, note: s.reason ?? null, createdAt: at + hour }];
  const approvals = Array.from({ length: Math.max(1, steps) }, (_, i) => ({ ...doc, round: 1, stepNo: i + 1, action: "approve" as const, actorId: approverId, createdAt: at + (i + 1) * hour }));
  const aborted = s.state === 7 ? [{ ...doc, round: 1, action: "abort" as const, actorId: approverId, note: s.reason ?? null, createdAt: at + (steps + 2) * hour }] : [];
  return [submitted, ...approvals, ...aborted];
}
