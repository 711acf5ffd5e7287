// The demo tenant's 设备调拨: five transfers of the demo fleet between the tenant's organisations and sites, one a
// state (a draft, one in approval, two approved, one sent back), each with its machines, hand-over hours and
// freight, and their approval records. Seeds only when the tenant has no transfer yet.
import { and, asc, count, eq } from "drizzle-orm";
import { approvalRecords, organisations, tenants, users } from "../../schema";
import { addDays } from "../../../app/lib/calendar";
import { todayInZone } from "../../../app/lib/tenant-clock";
import { numberedInsert } from "../../../app/modules/numbering/numbering.server";
import { equipmentTransferLines, equipmentTransfers, TRANSFER_NUMBERING } from "../../../app/modules/transfers/transfer.server";
import type { RentalSeedPart } from "./index";
import { DEMO_USERS } from "../demo-identity";

const TRANSFERS = [
  { state: 0, from: "宝山堆场", to: "浦东新区张江科学城二期", days: 6, carrier: "沪运重载物流", reason: "张江二期钢结构开吊，调两台汽车吊进场", machines: [[0, 15205, 350_000], [1, 9870, 280_000]] },
  { state: 1, from: "嘉定区安亭汽车城厂房", to: "苏州工业园区星湖街项目", days: 3, carrier: "苏沪大件运输", reason: "安亭厂房主体完工，塔吊转场至星湖街项目", machines: [[2, 20110, 1_250_000]] },
  { state: 2, from: "宝山堆场", to: "闵行区莘庄地铁上盖", days: -12, carrier: "沪运重载物流", reason: "莘庄上盖预制梁吊装", machines: [[3, 4420, 180_000], [4, 6015, 180_000], [5, 3380, 95_050]] },
  { state: 2, from: "青浦区徐泾物流园", to: "宝山堆场", days: -30, carrier: "", reason: "物流园项目退场，设备回堆场保养", machines: [[6, 11250, 120_000]] },
  { state: 3, from: "宝山堆场", to: "松江区九亭镇住宅项目", days: 9, carrier: "沪运重载物流", reason: "九亭项目申请调一台履带吊", refusal: "九亭项目场地未具备进场条件，下周再申请", machines: [[7, 7730, 420_000]] },
] as const;

export const seedTransfers: RentalSeedPart = async (db, ctx) => {
  const [have] = await db.select({ n: count() }).from(equipmentTransfers).where(eq(equipmentTransfers.tenantId, ctx.tenantId));
  if (have!.n > 0 || ctx.vehicleIds.length < 8) return null;
  const [tenant] = await db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, ctx.tenantId));
  const timeZone = tenant?.timeZone ?? "Asia/Shanghai";
  // the dispatcher applies and the administrator (who holds equipmentTransfer:approve) decides: nobody decides their own
  // document, so the one in approval waits in the administrator's to-do; the administrator applies when alone
  const [dispatcher] = await db.select({ id: users.id }).from(users).where(and(eq(users.tenantId, ctx.tenantId), eq(users.loginAccount, DEMO_USERS.dispatcher.account)));
  const applicantId = dispatcher?.id ?? ctx.adminId;
  const approverId = ctx.adminId;
  const orgs = (await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.tenantId, ctx.tenantId)).orderBy(asc(organisations.id)).limit(3)).map((o) => o.id);
  const today = todayInZone(timeZone);
  const records: (typeof approvalRecords.$inferInsert)[] = [];
  for (const [i, t] of TRANSFERS.entries()) {
    const at = Date.now() - (TRANSFERS.length - i) * 86_400_000;
    const [row] = await numberedInsert(db, ctx.tenantId, TRANSFER_NUMBERING, at, timeZone, (value) =>
      db
        .insert(equipmentTransfers)
        .values({ tenantId: ctx.tenantId, number: value, fromOrgId: orgs[0] ?? null, toOrgId: orgs[(i % 2) + 1] ?? orgs[0] ?? null, fromSite: t.from, toSite: t.to, transferOn: addDays(today, t.days), carrier: t.carrier || null, reason: t.reason, state: t.state, creatorId: applicantId, createdAt: at, updatedAt: at })
        .returning({ id: equipmentTransfers.id }),
    );
    await db.insert(equipmentTransferLines).values(t.machines.map(([v, hours, freight], n) => ({ tenantId: ctx.tenantId, transferId: row!.id, position: n + 1, vehicleId: ctx.vehicleIds[v]!, engineHours: hours, freight })));
    const doc = { tenantId: ctx.tenantId, kind: "equipmentTransfer", documentId: row!.id };
    if (t.state === 0) continue;
    records.push({ ...doc, round: 1, action: "submit", actorId: applicantId, createdAt: at + 600_000 });
    if (t.state === 2) records.push({ ...doc, round: 1, stepNo: 1, action: "approve", actorId: approverId, createdAt: at + 7_200_000 });
    if ("refusal" in t) records.push({ ...doc, round: 1, stepNo: 1, action: "refuse", actorId: approverId, note: t.refusal, createdAt: at + 7_200_000 });
  }
  for (let i = 0; i < records.length; i += 8) await db.insert(approvalRecords).values(records.slice(i, i + 8));
  return `seeded ${TRANSFERS.length} equipment transfers with their machines and approvals`;
};
