// The demo tenant's collection record on its overdue contracts (逾期合同): a phone urge on each of the three largest,
// the oldest with a promise to pay and its next urge day today (so the administrator, their salesman, finds it among the
// urges due on the overdue page), the others a week out. Runs after the bills and receipts parts; does nothing when the
// tenant has collection acts.
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { bills, collectionActions, contracts, tenants } from "../../schema";
import { addDays } from "../../../app/lib/calendar";
import { todayInZone } from "../../../app/lib/tenant-clock";
import { accrueInterest } from "../../../workers/jobs/interest";
import type { RentalSeedPart } from "./index";

export const seedCollection: RentalSeedPart = async (db, ctx) => {
  const [have] = await db.select({ n: count() }).from(collectionActions).where(eq(collectionActions.tenantId, ctx.tenantId));
  if (have!.n > 0) return null;
  const [tenant] = await db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, ctx.tenantId));
  const today = todayInZone(tenant?.timeZone ?? "Asia/Shanghai");
  const owed = await db
    .select({ contractId: contracts.id, orgId: contracts.orgId, unpaid: sql<number>`sum(${bills.amountCents} - ${bills.paidCents})`, oldest: sql<string>`min(${bills.dueOn})` })
    .from(bills)
    .innerJoin(contracts, and(eq(contracts.tenantId, bills.tenantId), sql`coalesce(${contracts.rootId}, ${contracts.id}) = ${bills.rootId}`, eq(contracts.current, 1)))
    .where(and(eq(bills.tenantId, ctx.tenantId), inArray(bills.state, [1, 2]), sql`${bills.amountCents} > ${bills.paidCents}`, sql`${bills.dueOn} < ${today}`))
    .groupBy(contracts.id)
    .orderBy(sql`3 desc`, asc(contracts.id))
    .limit(3);
  if (!owed.length) return null;
  const now = Date.now();
  await db.insert(collectionActions).values(
    owed.map((c, i) => ({
      tenantId: ctx.tenantId,
      orgId: c.orgId,
      contractId: c.contractId,
      kind: "urge" as const,
      actedOn: addDays(today, -7),
      way: i === 0 ? "visit" : "phone",
      personId: ctx.adminId,
      promisedOn: i === 0 ? addDays(today, 3) : null,
      promisedCents: i === 0 ? Math.min(c.unpaid, 5_000_000) : null,
      nextOn: i === 0 ? today : addDays(today, 7),
      content: i === 0 ? `上门催收，最早一笔 ${c.oldest} 到期；财务答应月底前先付一部分` : "电话催款，对方称款项在审批中",
      state: 2,
      creatorId: ctx.adminId,
      createdAt: now,
      updatedAt: now,
      doneAt: now,
    })),
  );
  // their contracts charge late interest at 每日万分之五 (0.05 % a day on what is unpaid), accrued to yesterday as the
  // daily job would have
  await db.update(contracts).set({ lateRateBp: 5 }).where(and(eq(contracts.tenantId, ctx.tenantId), inArray(contracts.id, owed.map((c) => c.contractId))));
  const interest = await accrueInterest(db, { tenantId: ctx.tenantId, timeZone: tenant?.timeZone ?? "Asia/Shanghai", through: addDays(today, -1) });
  return `collection: ${owed.length} urges on the largest overdue contracts, ¥${(interest.cents / 100).toFixed(2)} late interest on ${interest.bills} bills`;
};
