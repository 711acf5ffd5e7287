import { and, desc, eq, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { contracts, customers, statementEvents, statements } from "../../../db/schema";
import { visibleOrgRowWhere } from "../../../db/rules/data-scope";
import { sameTenant, tenantOfOuter } from "../../../db/tenant";
import { STATEMENT_STATE } from "../../../db/states";
import { formatCents } from "~/lib/cents";
import { containing, defineResource, refusedWrites, withLimit } from "~/modules/resource/resource.server";
import { statementListView } from "./bills.resource";

const answered = alias(statementEvents, "answered");

/** A statement's disputed items its clerk has not answered since (the customer's 有异议 waiting for 答复). */
const openDisputes = sql<number>`(select count(*) from ${statementEvents} where ${tenantOfOuter(statementEvents, statements)} and ${statementEvents.statementId} = ${statements.id} and ${statementEvents.kind} = 'disputed' and not exists (select 1 from ${statementEvents} ${sql.identifier("answered")} where ${sameTenant(answered, statementEvents)} and ${answered.statementId} = ${statementEvents.statementId} and ${answered.kind} = 'answered' and ${answered.billItemId} = ${statementEvents.billItemId} and ${answered.at} >= ${statementEvents.at}))`;

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
