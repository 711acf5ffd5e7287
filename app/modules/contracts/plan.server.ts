import { and, asc, eq, gte, inArray, lte, or, sql } from "drizzle-orm";
import { contractPlans, contracts, customers, suppliers } from "../../../db/schema";
import { CONTRACT_KINDS } from "../../../db/schema/rental";
import { visibleOrgRowWhere } from "../../../db/rules/data-scope";
import { sameTenant, tenantOfOuter } from "../../../db/tenant";
import { formatCents } from "~/lib/cents";
import { containing, defineResource, refusedWrites, withLimit } from "~/modules/resource/resource.server";
import { contractPlanView } from "./plan.resource";

const day = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

/** /contractPlan: every instalment of a contract's version in force, within the user's data scope (the contract's organisation). */
export const contractPlanResource = defineResource({
  view: contractPlanView,
  table: contractPlans,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({
        id: contractPlans.id,
        contractId: contractPlans.contractId,
        dueOn: contractPlans.dueOn,
        number: contracts.number,
        contractName: contracts.name,
        kind: contracts.kind,
        party: sql<string | null>`coalesce((select ${customers.name} from ${customers} where ${customers.id} = ${contracts.customerId}), (select ${suppliers.name} from ${suppliers} where ${suppliers.id} = ${contracts.supplierId}))`.as("party"),
        seq: contractPlans.seq,
        amountCents: contractPlans.amountCents,
        contractState: contracts.state,
        remark: contractPlans.remark,
      })
      .from(contractPlans)
      .innerJoin(contracts, and(eq(contracts.id, contractPlans.contractId), sameTenant(contracts, contractPlans)))
      .where(and(where, eq(contracts.current, 1)))
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  },
  mapRows: (rows) => rows.map((r) => ({ ...r, amount: formatCents(r.amountCents) })),
  filters: {
    q: (v) =>
      inArray(
        contractPlans.contractId,
        sql`(select ${contracts.id} from ${contracts} where ${tenantOfOuter(contracts, contractPlans)} and (${or(containing(contracts.number, v), containing(contracts.name, v), sql`${contracts.customerId} in (select ${customers.id} from ${customers} where ${containing(customers.name, v)})`)}))`,
      ),
    dueFrom: (v) => (day(v) ? gte(contractPlans.dueOn, v) : undefined),
    dueTo: (v) => (day(v) ? lte(contractPlans.dueOn, v) : undefined),
    state: (v) => inArray(contractPlans.contractId, sql`(select ${contracts.id} from ${contracts} where ${tenantOfOuter(contracts, contractPlans)} and ${contracts.state} = ${Number(v)})`),
    kind: (v) => ((CONTRACT_KINDS as readonly string[]).includes(v) ? inArray(contractPlans.contractId, sql`(select ${contracts.id} from ${contracts} where ${tenantOfOuter(contracts, contractPlans)} and ${contracts.kind} = ${v})`) : undefined),
  },
  sortColumns: { dueOn: contractPlans.dueOn, number: contracts.number },
  defaultOrder: [asc(contractPlans.dueOn), asc(contractPlans.id)],
  // the contract's organisation decides who sees its plan
  scopeWhere: (scope) => {
    const visible = visibleOrgRowWhere(scope, contracts.orgId);
    return visible ? inArray(contractPlans.contractId, sql`(select ${contracts.id} from ${contracts} where ${visible})`) : undefined;
  },
  ...refusedWrites,
  auditView: (row) => row,
});
