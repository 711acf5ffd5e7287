import { and, desc, eq, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { contracts, customers, statementEvents, statements } from "../../../db/schema";
import { visibleOrgRowWhere } from "../../../db/rules/data-scope";
import { sameTenant, tenantOfOuter, tenantWhere } from "../../../db/tenant";
import type { RequestScope } from "~/modules/access/access.server";
import { STATEMENT_STATE } from "../../../db/states";
import { formatCents } from "~/lib/cents";
import { containing, defineResource, refusedWrites, withLimit } from "~/modules/resource/resource.server";
import { statementListView } from "./bills.resource";

const answered = alias(statementEvents, "answered");

/** A dispute (the event row in the query) its clerk has not answered since. */
export const unanswered = sql`${statementEvents.kind} = 'disputed' and not exists (select 1 from ${statementEvents} ${sql.identifier("answered")} where ${sameTenant(answered, statementEvents)} and ${answered.statementId} = ${statementEvents.statementId} and ${answered.kind} = 'answered' and ${answered.billItemId} = ${statementEvents.billItemId} and ${answered.at} >= ${statementEvents.at})`;

/** A statement's disputed items its clerk has not answered since (the customer's 有异议 waiting for 答复). */
export const openDisputes = sql<number>`(select count(*) from ${statementEvents} where ${tenantOfOuter(statementEvents, statements)} and ${statementEvents.statementId} = ${statements.id} and ${unanswered})`;

/**
 * The disputes waiting on the user (the workbench's to-do): statements the customer disputed with items still to
 * answer, of the contracts the user made the statement for or sells (业务员), in their data scope; none without the
 * right to answer them (`limit` 0).
 */
export function disputesDueRead(scope: RequestScope, limit: number) {
  return scope.db
    // aliased: in the workbench's D1 batch rows come back as objects, and two columns called "number" would collapse
    .select({ id: statements.id, number: statements.number, contractNumber: sql<string>`${contracts.number}`.as("contract_number"), customer: sql<string | null>`${customers.name}`.as("customer_name"), disputes: openDisputes.as("disputes") })
    .from(statements)
    .innerJoin(contracts, and(eq(contracts.id, statements.contractId), sameTenant(contracts, statements)))
    .leftJoin(customers, and(eq(customers.id, statements.customerId), sameTenant(customers, statements)))
    .where(
      tenantWhere(
        statements,
        scope,
        eq(statements.state, STATEMENT_STATE.disputed),
        or(eq(statements.creatorId, scope.user.id), eq(contracts.salesmanId, scope.user.id)),
        visibleOrgRowWhere(scope, statements.orgId),
        sql`${openDisputes} > 0`,
        limit > 0 ? undefined : sql`0`,
      ),
    )
    .orderBy(desc(statements.updatedAt), desc(statements.id))
    .limit(Math.max(limit, 1));
}

const STATES: readonly number[] = Object.values(STATEMENT_STATE);

/** 对账单: the statements of the tenant within the user's data scope (the statement's organisation, its contract's). */
export const statementListResource = defineResource({
  view: statementListView,
  table: statements,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({
        id: statements.id,
        number: statements.number,
        contractNumber: contracts.number,
        customer: customers.name,
        periodTo: statements.periodTo,
        amountCents: statements.amountCents,
        state: statements.state,
        disputes: openDisputes.as("disputes"),
        sentAt: statements.sentAt,
        confirmedName: statements.confirmedName,
        confirmedAt: statements.confirmedAt,
      })
      .from(statements)
      .innerJoin(contracts, and(eq(contracts.id, statements.contractId), sameTenant(contracts, statements)))
      .leftJoin(customers, and(eq(customers.id, statements.customerId), sameTenant(customers, statements)))
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  },
  mapRows: (rows) => rows.map((r) => ({ ...r, amount: formatCents(r.amountCents) })),
  filters: {
    q: (v) =>
      or(
        containing(statements.number, v),
        sql`${statements.contractId} in (select ${contracts.id} from ${contracts} where ${tenantOfOuter(contracts, statements)} and ${or(containing(contracts.number, v), containing(contracts.name, v))})`,
        sql`${statements.customerId} in (select ${customers.id} from ${customers} where ${tenantOfOuter(customers, statements)} and ${containing(customers.name, v)})`,
      ),
    state: (v) => (STATES.includes(Number(v)) && v !== "" ? eq(statements.state, Number(v)) : undefined),
  },
  sortColumns: { number: statements.number, periodTo: statements.periodTo, sentAt: statements.sentAt },
  // the disputed first (the clerk answers them), then the newest period
  defaultOrder: [desc(sql`${statements.state} = ${STATEMENT_STATE.disputed}`), desc(statements.periodTo), desc(statements.id)],
  scopeWhere: (scope) => visibleOrgRowWhere(scope, statements.orgId),
  ...refusedWrites,
  auditView: (row) => row,
});
