/**
 * What the overdue collection tells the rest of the back office: the machines on rent under an overdue contract (the
 * live map's warning) and the urges due for the signed-in user (the workbench's to-do). Each is one statement, so the
 * map and the workbench keep their single round trip.
 */
import { alias } from "drizzle-orm/sqlite-core";
import { and, desc, eq, isNotNull, lt, sql, type SQLWrapper } from "drizzle-orm";
import { declaredAs } from "../../../db/client";
import { bills, collectionActions, contractLines, contracts } from "../../../db/schema";
import { visibleOrgRowWhere } from "../../../db/rules/data-scope";
import { sameTenant, tenantOfOuter, tenantWhere } from "../../../db/tenant";
import type { RequestScope } from "~/modules/access/access.server";
import { owedBill } from "./ageing.server";
import { ACT_STATE } from "./overdue";
import { CONTRACT_STATE } from "~/modules/contracts/contracts.resource";

const rootOf = sql`coalesce(${contracts.rootId}, ${contracts.id})`;

/** A machine on rent under a contract with a bill past due: the contract, the oldest bill's due day, an approved stop. */
export interface OverdueMachine {
  vehicleId: number;
  contractId: number;
  number: string;
  oldestDueOn: string;
  /** the day of the latest approved stop-machine proposal naming this machine on this contract, if any */
  stopApprovedOn: string | null;
}

/**
 * The machines on rent today (the line on rent, not yet off) under a contract in force (执行中) that owes a confirmed
 * bill past its due day. Read from the owed bills up (bills_owed_due_idx), so its cost follows what is overdue, not the
 * size of the fleet. The caller keeps the vehicles the user may see; no amount is given.
 */
export async function overdueMachines(scope: RequestScope, today: string): Promise<OverdueMachine[]> {
  const first = alias(contracts, "first_revision");
  const stops = alias(collectionActions, "stops");
  const rows = await scope.db
    .select({
      vehicleId: contractLines.vehicleId,
      contractId: contracts.id,
      number: contracts.number,
      oldestDueOn: sql<string>`min(${bills.dueOn})`,
      stopApprovedOn: sql<string | null>`(select max(${stops.actedOn}) from ${declaredAs(collectionActions, stops)} join ${contracts} c2 on c2.id = ${stops.contractId} where ${tenantOfOuter(stops, contracts)} and ${stops.kind} = 'stopMachine' and ${stops.state} = ${ACT_STATE.approved} and c2.number = ${contracts.number} and exists (select 1 from json_each(${stops.vehicleIds}) j where j.value = ${contractLines.vehicleId}))`,
    })
    .from(bills)
    .innerJoin(first, and(eq(first.id, bills.rootId), sameTenant(first, bills)))
    .innerJoin(contracts, and(sameTenant(contracts, first), eq(contracts.number, first.number), eq(contracts.current, 1), eq(contracts.state, CONTRACT_STATE.executing)))
    .innerJoin(contractLines, and(eq(contractLines.contractId, contracts.id), sameTenant(contractLines, contracts)))
    .where(
      tenantWhere(
        bills,
        scope,
        owedBill,
        lt(bills.dueOn, today),
        isNotNull(contractLines.vehicleId),
        sql`${contractLines.onRentOn} <= ${today}`,
        sql`(${contractLines.offRentOn} is null or ${contractLines.offRentOn} >= ${today})`,
      ),
    )
    .groupBy(contractLines.vehicleId, contracts.id);
  return rows.filter((r): r is OverdueMachine => r.vehicleId !== null);
}

/** A contract whose urge is due today for the user: the latest urge's next day has come and it still owes. */
export interface DueUrge {
  contractId: number;
  number: string;
  name: string;
  nextOn: string;
}

/**
 * The overdue contracts in the user's data scope they are responsible for (the latest approved person change, else the
 * salesman) whose latest urge's next day is today or before: the overdue list's 今日待催款 as one statement for the
 * workbench's batch, read from the urges whose next day has come (collection_actions_tenant_next_idx).
 */
export function dueUrgesRead(scope: RequestScope, today: string, limit: number) {
  const urges = alias(collectionActions, "urges");
  const acted = alias(contracts, "acted");
  const later = alias(collectionActions, "later");
  const changes = alias(collectionActions, "changes");
  const sameContract = (act: { contractId: SQLWrapper }) => sql`(select c2.number from ${contracts} c2 where c2.id = ${act.contractId}) = ${contracts.number}`;
  const responsible = sql`coalesce((select ${changes.personId} from ${declaredAs(collectionActions, changes)} where ${tenantOfOuter(changes, contracts)} and ${changes.kind} = 'personChange' and ${changes.state} = ${ACT_STATE.approved} and ${changes.personId} is not null and ${sameContract(changes)} order by ${changes.actedOn} desc, ${changes.id} desc limit 1), ${contracts.salesmanId})`;
  return scope.db
    .select({ contractId: contracts.id, number: contracts.number, name: contracts.name, nextOn: sql<string>`${urges.nextOn}` })
    .from(urges)
    .innerJoin(acted, and(eq(acted.id, urges.contractId), sameTenant(acted, urges)))
    .innerJoin(contracts, and(sameTenant(contracts, acted), eq(contracts.number, acted.number), eq(contracts.current, 1)))
    .where(
      tenantWhere(
        urges,
        scope,
        sql`${urges.nextOn} <= ${today}`,
        eq(urges.kind, "urge"),
        eq(urges.state, ACT_STATE.approved),
        // the latest urge of the contract decides (a newer urge without a next day ends the reminder)
        sql`not exists (select 1 from ${declaredAs(collectionActions, later)} where ${tenantOfOuter(later, urges)} and ${later.kind} = 'urge' and ${later.state} = ${ACT_STATE.approved} and ${sameContract(later)} and (${later.actedOn} > ${urges.actedOn} or (${later.actedOn} = ${urges.actedOn} and ${later.id} > ${urges.id})))`,
        visibleOrgRowWhere(scope, contracts.orgId),
        sql`${responsible} = ${scope.user.id}`,
        sql`exists (select 1 from ${bills} where ${tenantOfOuter(bills, contracts)} and ${bills.rootId} = ${rootOf} and ${owedBill} and ${bills.dueOn} < ${today})`,
      ),
    )
    .orderBy(urges.nextOn, desc(contracts.id))
    .limit(limit);
}
