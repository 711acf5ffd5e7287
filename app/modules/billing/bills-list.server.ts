import { and, desc, eq, gte, inArray, lte, or, sql } from "drizzle-orm";
import { billItems, bills, contracts, customers, statementEvents } from "../../../db/schema";
import { BILL_KINDS } from "../../../db/schema/billing";
import { visibleOrgRowWhere } from "../../../db/rules/data-scope";
import { sameTenant, tenantOfOuter } from "../../../db/tenant";
import { formatCents } from "~/lib/cents";
import { containing, defineResource, refusedWrites, withLimit } from "~/modules/resource/resource.server";
import { billView } from "./bills.resource";
import { unanswered } from "./statements-list.server";

const day = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

/** /contractBillReport: the tenant's bills within the user's data scope (the bill's organisation, the contract's when it was made). */
export const billListResource = defineResource({
  view: billView,
  table: bills,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({
        id: bills.id,
        number: bills.number,
        contractId: bills.contractId,
        contract: sql<string>`${contracts.number} || ' ' || ${contracts.name}`.as("contract"),
        customer: customers.name,
        period: sql<string>`${bills.periodFrom} || ' ～ ' || ${bills.periodTo}`.as("period"),
        kind: bills.kind,
        // cents here (the sort reads the column), text for the list in mapRows
        amount: bills.amountCents,
        taxCents: bills.taxCents,
        paidCents: bills.paidCents,
        dueOn: bills.dueOn,
        state: bills.state,
        // the customer disputed an item of it on its statement and the clerk has not answered yet
        disputed: sql<number>`exists (select 1 from ${statementEvents} join ${billItems} on ${billItems.id} = ${statementEvents.billItemId} and ${sameTenant(billItems, statementEvents)} where ${billItems.billId} = ${bills.id} and ${tenantOfOuter(statementEvents, bills)} and ${unanswered})`.as("disputed"),
      })
      .from(bills)
      .innerJoin(contracts, and(eq(contracts.id, bills.contractId), sameTenant(contracts, bills)))
      .leftJoin(customers, and(eq(customers.id, bills.customerId), sameTenant(customers, bills)))
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  },
  mapRows: (rows) => rows.map(({ amount, taxCents, paidCents, disputed, ...r }) => ({ ...r, amountCents: amount, amount: formatCents(amount), tax: formatCents(taxCents), paid: formatCents(paidCents), disputed: disputed ? "1" : "" })),
  filters: {
    q: (v) =>
      or(
        containing(bills.number, v),
        inArray(bills.contractId, sql`(select ${contracts.id} from ${contracts} where ${tenantOfOuter(contracts, bills)} and (${or(containing(contracts.number, v), containing(contracts.name, v))}))`),
        inArray(bills.customerId, sql`(select ${customers.id} from ${customers} where ${tenantOfOuter(customers, bills)} and ${containing(customers.name, v)})`),
      ),
    state: (v) => (["0", "1", "2"].includes(v) ? eq(bills.state, Number(v)) : undefined),
    kind: (v) => ((BILL_KINDS as readonly string[]).includes(v) ? eq(bills.kind, v as (typeof BILL_KINDS)[number]) : undefined),
    periodFrom: (v) => (day(v) ? gte(bills.periodTo, v) : undefined),
    periodTo: (v) => (day(v) ? lte(bills.periodTo, v) : undefined),
    disputed: (v) => (v === "1" ? sql`exists (select 1 from ${statementEvents} join ${billItems} on ${billItems.id} = ${statementEvents.billItemId} and ${sameTenant(billItems, statementEvents)} where ${billItems.billId} = ${bills.id} and ${tenantOfOuter(statementEvents, bills)} and ${unanswered})` : undefined),
  },
  sortColumns: { period: bills.periodTo, dueOn: bills.dueOn, amount: bills.amountCents },
  defaultOrder: [desc(bills.periodTo), desc(bills.id)],
  scopeWhere: (scope) => visibleOrgRowWhere(scope, bills.orgId),
  ...refusedWrites,
  auditView: (row) => row,
});
