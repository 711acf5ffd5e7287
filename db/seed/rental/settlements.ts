// The demo tenant's settlement (合同清算): a final settlement drafted for the contract with the most confirmed bills and
// none still a draft (a completed contract first), counted through its last billed day, for a clerk to check and submit;
// its figures are summed by the same SQL as a clerk's save (app/modules/settlement/figures.ts). No overtime settlement:
// the demo's overtime is on bills still in draft. Runs after the bills, receipts and collection parts (the interest);
// does nothing when the tenant has settlements.
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { bills, contracts, settlements, tenants } from "../../schema";
import { batch } from "../../client";
import { takeNumber } from "../../../app/modules/numbering/numbering.server";
import { figureWrites, SETTLEMENT_NUMBERING } from "../../../app/modules/settlement/figures";
import type { RentalSeedPart } from "./index";

export const seedSettlements: RentalSeedPart = async (db, ctx) => {
  const [have] = await db.select({ n: count() }).from(settlements).where(eq(settlements.tenantId, ctx.tenantId));
  if (have!.n > 0) return null;
  const [tenant] = await db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, ctx.tenantId));
  const timeZone = tenant?.timeZone ?? "Asia/Shanghai";
  // contracts in force or completed with confirmed bills and no draft bill: the settlement's check would refuse a draft
  const [contract] = await db
    .select({ id: contracts.id, throughOn: sql<string>`max(${bills.periodTo})` })
    .from(contracts)
    .innerJoin(bills, and(eq(bills.tenantId, contracts.tenantId), sql`${bills.rootId} = coalesce(${contracts.rootId}, ${contracts.id})`, sql`${bills.state} > 0`))
    .where(
      and(
        eq(contracts.tenantId, ctx.tenantId),
        eq(contracts.current, 1),
        inArray(contracts.state, [3, 4]),
        sql`${contracts.kind} <> 'subcontract'`,
        sql`not exists (select 1 from ${bills} d where d.tenant_id = ${contracts.tenantId} and d.root_id = coalesce(${contracts.rootId}, ${contracts.id}) and d.state = 0)`,
      ),
    )
    .groupBy(contracts.id)
    .orderBy(desc(contracts.state), desc(sql`count(*)`), contracts.id)
    .limit(1);
  if (!contract) return null;
  const { bump, value } = takeNumber(db, ctx.tenantId, SETTLEMENT_NUMBERING.final, Date.now(), timeZone);
  await batch(db, [
    bump,
    db.insert(settlements).values({
      tenantId: ctx.tenantId,
      kind: "final",
      contractId: contract.id,
      // the contract's root, customer and organisation are read by SQL in the same batch (figureWrites)
      rootId: 0,
      number: value,
      throughOn: contract.throughOn,
      remark: "合同已完工，清算至最后一期账单，待核对押金与尾款后提交审批",
      state: 0,
      creatorId: ctx.adminId,
    }),
    ...figureWrites(db, ctx.tenantId, sql`(select max(${settlements.id}) from ${settlements} where ${settlements.tenantId} = ${ctx.tenantId})`),
  ]);
  return `settlements: one final settlement drafted, through ${contract.throughOn}`;
};
