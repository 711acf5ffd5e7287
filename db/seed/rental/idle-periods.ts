// The demo tenant's 停滞期申报: four declarations on the machines of its rental contracts in force, one a state. The
// one in force covers five days of the last closed settlement month of a crane, so the bill run that follows (the
// bills part) prices them at 70 % and its draft cites the declaration; one waits for the manager's approval, one is a
// draft, one was sent back with the approver's words. The administrator declares, the manager decides (nobody decides
// their own). Seeds only when the tenant has no declaration yet; runs after the contracts, before the bills.
import { and, asc, count, eq, inArray, isNotNull } from "drizzle-orm";
import { approvalRecords, contractLines, contracts, tenants, users } from "../../schema";
import { addDays } from "../../../app/lib/calendar";
import { todayInZone } from "../../../app/lib/tenant-clock";
import { duePeriods } from "../../../app/modules/billing/periods";
import { IDLE_NUMBERING } from "../../../app/modules/billing/idle-period.server";
import { idlePeriodLines, idlePeriods } from "../../../app/modules/billing/idle-period-store.server";
import { IDLE_STATE } from "../../../app/modules/billing/idle-period.resource";
import { numberedInsert } from "../../../app/modules/numbering/numbering.server";
import { CONTRACT_STATE } from "../../../app/modules/contracts/contracts.resource";
import type { RentalSeedPart } from "./index";
import { DEMO_USERS } from "../demo-identity";

export const seedIdlePeriods: RentalSeedPart = async (db, ctx) => {
  const [have] = await db.select({ n: count() }).from(idlePeriods).where(eq(idlePeriods.tenantId, ctx.tenantId));
  if (have!.n > 0) return null;
  const [tenant] = await db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, ctx.tenantId));
  const timeZone = tenant?.timeZone ?? "Asia/Shanghai";
  const today = todayInZone(timeZone);
  const lines = await db
    .select({ id: contractLines.id, contractId: contractLines.contractId, onRentOn: contractLines.onRentOn, kind: contracts.kind, startOn: contracts.startOn, settlementDay: contracts.settlementDay })
    .from(contractLines)
    .innerJoin(contracts, eq(contracts.id, contractLines.contractId))
    .where(and(eq(contractLines.tenantId, ctx.tenantId), eq(contracts.current, 1), inArray(contracts.state, [CONTRACT_STATE.executing]), eq(contracts.kind, "rental"), isNotNull(contractLines.vehicleId), isNotNull(contractLines.monthlyCents)))
    .orderBy(asc(contractLines.contractId), asc(contractLines.lineNo));
  // the bills part's still crane is the first such line: the declarations take the lines after it
  const [, first, second, third, fourth] = lines;
  if (!first || !second || !third || !fourth) return null;
  const [manager] = await db.select({ id: users.id }).from(users).where(and(eq(users.tenantId, ctx.tenantId), eq(users.loginAccount, DEMO_USERS.manager.account)));
  const approverId = manager?.id ?? ctx.adminId;
  const lastClose = duePeriods({ kind: first.kind, startOn: first.startOn, endedOn: null, settlementDay: first.settlementDay }, addDays(today, -1)).at(-1)?.to ?? addDays(today, -10);
  const within = (line: { onRentOn: string }, from: string) => (from < line.onRentOn ? line.onRentOn : from);
  const DECLARATIONS = [
    { line: first, from: within(first, addDays(lastClose, -14)), days: 5, rate: 7000, state: IDLE_STATE.approved, reason: "甲方基坑支护整改，塔吊停用待复工（监理停工令附后）" },
    { line: second, from: within(second, addDays(today, 2)), days: 7, rate: 6000, state: IDLE_STATE.inApproval, reason: "元旦前后工地停工，设备留场" },
    { line: third, from: within(third, addDays(today, 10)), days: 3, rate: 5000, state: IDLE_STATE.draft, reason: "台风预警，塔吊按规定停用" },
    { line: fourth, from: within(fourth, addDays(today, -40)), days: 4, rate: 7000, state: IDLE_STATE.refused, reason: "雨季停工", refusal: "停工期间设备有作业记录，请核实后重新申报" },
  ];
  const records: (typeof approvalRecords.$inferInsert)[] = [];
  for (const [i, d] of DECLARATIONS.entries()) {
    const at = Date.now() - (DECLARATIONS.length - i) * 3_600_000;
    const [row] = await numberedInsert(db, ctx.tenantId, IDLE_NUMBERING, at, timeZone, (value) =>
      db
        .insert(idlePeriods)
        .values({ tenantId: ctx.tenantId, number: value, contractId: d.line.contractId, fromOn: d.from, toOn: addDays(d.from, d.days - 1), rate: d.rate, reason: d.reason, state: d.state, creatorId: ctx.adminId, createdAt: at, updatedAt: at })
        .returning({ id: idlePeriods.id }),
    );
    await db.insert(idlePeriodLines).values({ tenantId: ctx.tenantId, periodId: row!.id, position: 1, lineId: d.line.id });
    const doc = { tenantId: ctx.tenantId, kind: "idlePeriod", documentId: row!.id };
    if (d.state === IDLE_STATE.draft) continue;
    records.push({ ...doc, round: 1, action: "submit", actorId: ctx.adminId, createdAt: at + 600_000 });
    if (d.state === IDLE_STATE.approved) records.push({ ...doc, round: 1, stepNo: 1, action: "approve", actorId: approverId, note: "同意，按70%计租", createdAt: at + 1_800_000 });
    if ("refusal" in d) records.push({ ...doc, round: 1, stepNo: 1, action: "refuse", actorId: approverId, note: d.refusal, createdAt: at + 1_800_000 });
  }
  await db.insert(approvalRecords).values(records);
  return `seeded ${DECLARATIONS.length} idle period declarations (停滞期申报), one in force`;
};
