import { and, desc, eq, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { contracts, customers, suppliers } from "../../../db/schema";
import { visibleOrgRowWhere } from "../../../db/rules/data-scope";
import { sameTenant, tenantOfOuter } from "../../../db/tenant";
import { formatCents, percentOfBp } from "~/lib/cents";
import { containing, defineResource, referenceContaining, refusedWrites, withLimit } from "~/modules/resource/resource.server";
import { subcontractView } from "./subcontract.resource";

const parent = alias(contracts, "parent");
/** the customer contract a sub-contract serves, inside the text filter's subquery */
const served = alias(contracts, "served");

/** /contractSubManagement: sub-contracts in force within the user's data scope, each beside the customer contract it serves. */
export const subcontractResource = defineResource({
  view: subcontractView,
  table: contracts,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({
        id: contracts.id,
        number: contracts.number,
        name: contracts.name,
        startOn: contracts.startOn,
        plannedEndOn: contracts.plannedEndOn,
        state: contracts.state,
        costCents: contracts.valueCents,
        supplierName: sql<string | null>`(select ${suppliers.name} from ${suppliers} where ${suppliers.id} = ${contracts.supplierId})`.as("supplier_name"),
        parentNumber: sql<string | null>`${parent.number}`.as("parent_number"),
        sellCents: sql<number | null>`${parent.valueCents}`.as("sell_cents"),
        customerName: sql<string | null>`(select ${customers.name} from ${customers} where ${customers.id} = ${parent.customerId})`.as("customer_name"),
      })
      .from(contracts)
      .leftJoin(parent, and(eq(parent.id, contracts.parentId), sameTenant(parent, contracts)))
      .where(and(where, eq(contracts.kind, "subcontract"), eq(contracts.current, 1)))
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  },
  // cost: what the supplier is paid (the sub-contract's value); sell: the customer contract's value
  mapRows: (rows) =>
    rows.map((r) => {
      const margin = r.sellCents === null ? null : r.sellCents - r.costCents;
      return { ...r, cost: formatCents(r.costCents), sell: formatCents(r.sellCents), margin: formatCents(margin), marginRate: margin !== null && r.sellCents ? `${percentOfBp(Math.round((margin * 10000) / r.sellCents))}%` : "" };
    }),
  filters: {
    q: (v) =>
      or(
        containing(contracts.number, v),
        containing(contracts.name, v),
        referenceContaining(contracts.supplierId, suppliers, contracts, v, suppliers.name),
        sql`${contracts.parentId} in (select ${served.id} from ${contracts} ${sql.identifier("served")} where ${tenantOfOuter(served, contracts)} and ${containing(served.number, v)})`,
      ),
    state: (v) => (/^\d$/.test(v) ? eq(contracts.state, Number(v)) : undefined),
  },
  sortColumns: { number: contracts.number, startOn: contracts.startOn },
  defaultOrder: [desc(contracts.startOn), desc(contracts.id)],
  // the total is counted without the join: every condition stands on contracts alone
  scopeWhere: (scope) => and(eq(contracts.kind, "subcontract"), eq(contracts.current, 1), visibleOrgRowWhere(scope, contracts.orgId)),
  ...refusedWrites,
  auditView: (row) => row,
});
