// The demo tenant's collection record on its overdue contracts (逾期合同): a phone urge on each of the three largest,
// the oldest with a promise to pay and its next urge day today (so the administrator, their salesman, finds it among the
// urges due on the overdue page), the others a week out; on the largest, an approved proposal to stop one of its machines
// (停机申请: a record the live map shows, never a command). Runs after the bills and receipts parts; does nothing when
// the tenant has collection acts.
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { bills, collectionActions, contractLines, contracts, tenants } from "../../schema";
import { addDays } from "../../../app/lib/calendar";
import { todayInZone } from "../../../app/lib/tenant-clock";
import { accrueInterest } from "../../../workers/jobs/interest";
import type { RentalSeedPart } from "./index";

export const seedCollection: RentalSeedPart = async (db, ctx) => {
  const [have] = await db.select({ n: count() }).from(collectionActions).where(eq(collectionActions.tenantId, ctx.tenantId));
  if (have!.n > 0) return null;
  const [tenant] = await db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, ctx.tenantId));
  const today = todayInZone(tenant?.timeZone ?? "Asia/Shanghai");
  const everyOwed = await db
    .select({ contractId: contracts.id, orgId: contracts.orgId, unpaid: sql<number>`sum(${bills.amountCents} - ${bills.paidCents})`, oldest: sql<string>`min(${bills.dueOn})` })
    .from(bills)
    .innerJoin(contracts, and(eq(contracts.tenantId, bills.tenantId), sql`coalesce(${contracts.rootId}, ${contracts.id}) = ${bills.rootId}`, eq(contracts.current, 1)))
    .where(and(eq(bills.tenantId, ctx.tenantId), inArray(bills.state, [1, 2]), sql`${bills.amountCents} > ${bills.paidCents}`, sql`${bills.dueOn} < ${today}`))
    .groupBy(contracts.id)
    .orderBy(sql`3 desc`, asc(contracts.id))
    .limit(50);
  const owed = everyOwed.slice(0, 3);
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
  // the largest with a machine on rent (a contract in force) also has an approved proposal to stop that machine
  const [machine] = await db
    .select({ vehicleId: contractLines.vehicleId, contractId: contractLines.contractId })
    .from(contractLines)
    .innerJoin(contracts, eq(contracts.id, contractLines.contractId))
    .where(and(eq(contractLines.tenantId, ctx.tenantId), inArray(contractLines.contractId, everyOwed.map((c) => c.contractId)), eq(contracts.state, 3), sql`${contractLines.vehicleId} is not null`, sql`${contractLines.onRentOn} <= ${today}`, sql`(${contractLines.offRentOn} is null or ${contractLines.offRentOn} >= ${today})`))
    .orderBy(asc(contractLines.lineNo))
    .limit(1);
  const stopped = everyOwed.find((c) => c.contractId === machine?.contractId);
  if (machine?.vehicleId && stopped) {
    await db.insert(collectionActions).values({
      tenantId: ctx.tenantId,
      orgId: stopped.orgId,
      contractId: stopped.contractId,
      kind: "stopMachine",
      actedOn: addDays(today, -2),
      vehicleIds: JSON.stringify([machine.vehicleId]),
      content: "欠款逾期超过 60 天且承诺未兑现，申请对在场设备停机，待客户付款后恢复",
      state: 2,
      creatorId: ctx.adminId,
      createdAt: now,
      updatedAt: now,
      doneAt: now,
    });
  }
  // their contracts charge late interest at 每日万分之五 (0.05 % a day on what is unpaid), accrued to yesterday as the
  // daily job would have
  await db.update(contracts).set({ lateRateBp: 5 }).where(and(eq(contracts.tenantId, ctx.tenantId), inArray(contracts.id, owed.map((c) => c.contractId))));
  const interest = await accrueInterest(db, { tenantId: ctx.tenantId, timeZone: tenant?.timeZone ?? "Asia/Shanghai", through: addDays(today, -1) });
  return `collection: ${owed.length} urges on the largest overdue contracts${machine?.vehicleId && stopped ? ", 1 approved stop" : ""}, ¥${(interest.cents / 100).toFixed(2)} late interest on ${interest.bills} bills`;
};
