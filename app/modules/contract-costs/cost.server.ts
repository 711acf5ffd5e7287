import { and, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { contractCosts, contractLines, contracts, customers, suppliers, vehicles } from "../../../db/schema";
import { COST_KINDS } from "../../../db/schema/rental";
import { visibleOrgRowWhere } from "../../../db/rules/data-scope";
import { ofTenant, sameTenant } from "../../../db/tenant";
import { centsOf, formatCents } from "~/lib/cents";
import { parseDay } from "~/lib/calendar";
import type { RequestScope } from "~/modules/access/access.server";
import { allTenantFiles, namedFiles } from "~/modules/files/files.server";
import { containing, defineResource, type FieldErrors, withLimit } from "~/modules/resource/resource.server";
import type { Option } from "~/modules/resource/route.server";
import { costView } from "./cost.resource";
import { day, line, note } from "~/lib/form-fields";

/** An id chosen in a select; empty is null. */
const optionalId = line()
  .refine((v) => v === "" || /^\d{1,9}$/.test(v), "validation.required")
  .transform((v) => (v === "" ? null : Number(v)));

const amount = line()
  .refine((v) => (centsOf(v) ?? 0) > 0, "contractDocs:cost.amount")
  .transform((v) => centsOf(v)!);

export const CostSchema = z.object({
  contractId: line().regex(/^\d{1,9}$/, "validation.required").transform(Number),
  lineId: optionalId,
  kind: z.enum(COST_KINDS, { message: "validation.required" }),
  amount,
  occurredOn: day(),
  supplierId: optionalId,
  remark: note()
    .max(200, "contractDocs:cost.tooLong")
    .transform((v) => v || null),
  // the uploaded files' ids, one hidden input per file
  attachments: z
    .array(z.string().regex(/^\d{1,12}$/, "contractDocs:cost.files"))
    .transform((ids) => [...new Set(ids.map(Number))])
    .optional()
    .default([]),
});
type CostValues = z.infer<typeof CostSchema>;

/** The contracts (revision in force) whose organisation the user sees: the register's data scope. */
export function visibleContractIdsSql(scope: RequestScope): SQL {
  return sql`select ${contracts.id} from ${contracts} where ${ofTenant(contracts, scope)} and ${visibleOrgRowWhere(scope, contracts.orgId) ?? sql`1`}`;
}

const rowOf = ({ amount: cents, attachments, ...v }: CostValues) => ({ ...v, amountCents: cents, attachments: attachments.length ? attachments.join(",") : null });

export const costResource = defineResource({
  view: costView,
  table: contractCosts,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({
        id: contractCosts.id,
        version: contractCosts.version,
        occurredOn: contractCosts.occurredOn,
        contractId: contractCosts.contractId,
        lineId: contractCosts.lineId,
        kind: contractCosts.kind,
        amountCents: contractCosts.amountCents,
        supplierId: contractCosts.supplierId,
        remark: contractCosts.remark,
        attachments: contractCosts.attachments,
        contractNumber: sql<string | null>`(select ${contracts.number} from ${contracts} where ${contracts.id} = ${contractCosts.contractId})`.as("contract_number"),
        customerName: sql<
          string | null
        >`(select ${customers.name} from ${customers} where ${customers.id} = (select ${contracts.customerId} from ${contracts} where ${contracts.id} = ${contractCosts.contractId}))`.as("customer_name"),
        lineLabel: sql<
          string | null
        >`(select ${contractLines.lineNo} || ' · ' || coalesce((select ${vehicles.plate} from ${vehicles} where ${vehicles.id} = ${contractLines.vehicleId}), ${contractLines.spec}, ${contractLines.equipmentType}, '') from ${contractLines} where ${contractLines.id} = ${contractCosts.lineId})`.as(
          "line_label",
        ),
        supplierName: sql<string | null>`(select ${suppliers.name} from ${suppliers} where ${suppliers.id} = ${contractCosts.supplierId})`.as("supplier_name"),
      })
      .from(contractCosts)
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  },
  mapRows: (rows) => rows.map((r) => ({ ...r, amountText: formatCents(r.amountCents), attachmentCount: r.attachments ? r.attachments.split(",").length : 0 })),
  filters: {
    q: (v) =>
      or(
        containing(contractCosts.remark, v),
        sql`${contractCosts.contractId} in (select ${contracts.id} from ${contracts} where ${sameTenant(contracts, contractCosts)} and (${containing(contracts.number, v)} or ${contracts.customerId} in (select ${customers.id} from ${customers} where ${sameTenant(customers, contractCosts)} and ${containing(customers.name, v)})))`,
        sql`${contractCosts.supplierId} in (select ${suppliers.id} from ${suppliers} where ${sameTenant(suppliers, contractCosts)} and ${containing(suppliers.name, v)})`,
      ),
    kind: (v) => ((COST_KINDS as readonly string[]).includes(v) ? eq(contractCosts.kind, v as (typeof COST_KINDS)[number]) : undefined),
    occurredOn: (v) => (parseDay(v) ? eq(contractCosts.occurredOn, v) : undefined),
    contractId: (v) => (/^\d{1,9}$/.test(v) ? eq(contractCosts.contractId, Number(v)) : undefined),
  },
  sortColumns: { occurredOn: contractCosts.occurredOn },
  defaultOrder: [desc(contractCosts.occurredOn), desc(contractCosts.id)],
  createSchema: CostSchema,
  updateSchema: CostSchema,
  // the contract in the user's scope, the line of that contract, the supplier and the scans the tenant's own
  async check(scope, values) {
    const errors: FieldErrors = {};
    const [contract] = await scope.db
      .select({ id: contracts.id })
      .from(contracts)
      .where(and(eq(contracts.id, values.contractId), ofTenant(contracts, scope), visibleOrgRowWhere(scope, contracts.orgId)));
    if (!contract) return { contractId: "contractDocs:cost.contractNotFound" };
    const reads: Promise<void>[] = [allTenantFiles(scope.db, scope.user.tenantId, values.attachments).then((all) => void (all ? null : (errors.attachments = "contractDocs:cost.files")))];
    if (values.lineId !== null)
      reads.push(
        scope.db
          .select({ id: contractLines.id })
          .from(contractLines)
          .where(and(eq(contractLines.id, values.lineId), eq(contractLines.contractId, values.contractId), ofTenant(contractLines, scope)))
          .then((found) => void (found.length ? null : (errors.lineId = "contractDocs:cost.line"))),
      );
    if (values.supplierId !== null)
      reads.push(
        scope.db
          .select({ id: suppliers.id })
          .from(suppliers)
          .where(and(eq(suppliers.id, values.supplierId), ofTenant(suppliers, scope)))
          .then((found) => void (found.length ? null : (errors.supplierId = "contractDocs:cost.supplier"))),
      );
    await Promise.all(reads);
    return errors;
  },
  toInsert: (values, scope) => ({ ...rowOf(values), creatorId: scope.user.id }),
  toUpdate: (values) => rowOf(values),
  editValues: async (scope, row) => ({ amount: formatCents(row.amountCents), attachmentFiles: await namedFiles(scope.db, scope.user.tenantId, row.attachments) }),
  auditView: (row) => row,
  scopeWhere: (scope) => (visibleOrgRowWhere(scope, contracts.orgId) ? sql`${contractCosts.contractId} in (${visibleContractIdsSql(scope)})` : undefined),
  fileColumns: [contractCosts.attachments],
});

/** The form's choices: contracts in scope (revision in force), their lines, the tenant's suppliers. */
export async function costOptions(scope: RequestScope): Promise<Record<string, Option[]>> {
  const inScope = and(ofTenant(contracts, scope), eq(contracts.current, 1), visibleOrgRowWhere(scope, contracts.orgId));
  const [contractRows, lineRows, supplierRows] = await Promise.all([
    scope.db
      .select({ id: contracts.id, number: contracts.number, name: contracts.name, customer: sql<string | null>`(select ${customers.name} from ${customers} where ${customers.id} = ${contracts.customerId})` })
      .from(contracts)
      .where(inScope)
      .orderBy(desc(contracts.number))
      .limit(1000),
    scope.db
      .select({ id: contractLines.id, lineNo: contractLines.lineNo, number: contracts.number, plate: vehicles.plate, type: contractLines.equipmentType, spec: contractLines.spec })
      .from(contractLines)
      .innerJoin(contracts, and(eq(contracts.id, contractLines.contractId), sameTenant(contracts, contractLines)))
      .leftJoin(vehicles, and(eq(vehicles.id, contractLines.vehicleId), sameTenant(vehicles, contractLines)))
      .where(inScope)
      .orderBy(desc(contracts.number), contractLines.lineNo)
      .limit(2000),
    scope.db.select({ id: suppliers.id, name: suppliers.name }).from(suppliers).where(ofTenant(suppliers, scope)).orderBy(suppliers.name).limit(1000),
  ]);
  return {
    contractId: contractRows.map((c) => ({ value: String(c.id), label: `${c.number} · ${c.customer ?? c.name}` })),
    lineId: lineRows.map((l) => ({ value: String(l.id), label: `${l.number} · ${l.lineNo} · ${l.plate ?? l.spec ?? l.type ?? ""}` })),
    supplierId: supplierRows.map((s) => ({ value: String(s.id), label: s.name })),
  };
}

export interface ContractMargin {
  id: number;
  number: string;
  customer: string | null;
  valueCents: number;
  costCents: number;
  marginCents: number;
  /** margin over value in basis points; null when the contract has no value */
  marginBp: number | null;
}

/**
 * Each contract's value, booked costs and margin (value − costs, and its share of the value): the contract filtered
 * on, or else the contracts in the user's scope with the most recent costs. Integer cents throughout.
 */
export async function contractMargins(scope: RequestScope, contractId: number | null, limit = 8): Promise<ContractMargin[]> {
  // the outer contract named by its table: unqualified, `id` would be the cost's own
  const outer = sql.raw(`"contracts"."id"`);
  const costTotal = sql<number>`coalesce((select sum(${contractCosts.amountCents}) from ${contractCosts} where ${contractCosts.contractId} = ${outer} and ${ofTenant(contractCosts, scope)}), 0)`;
  const latest = sql`(select max(${contractCosts.occurredOn}) from ${contractCosts} where ${contractCosts.contractId} = ${outer} and ${ofTenant(contractCosts, scope)})`;
  const rows = await scope.db
    .select({
      id: contracts.id,
      number: contracts.number,
      customer: sql<string | null>`(select ${customers.name} from ${customers} where ${customers.id} = ${contracts.customerId})`,
      valueCents: contracts.valueCents,
      costCents: costTotal,
    })
    .from(contracts)
    .where(
      and(
        ofTenant(contracts, scope),
        visibleOrgRowWhere(scope, contracts.orgId),
        contractId !== null ? eq(contracts.id, contractId) : inArray(contracts.id, sql`(select distinct ${contractCosts.contractId} from ${contractCosts} where ${ofTenant(contractCosts, scope)})`),
      ),
    )
    .orderBy(desc(latest), desc(contracts.id))
    .limit(limit);
  return rows.map((r) => {
    const marginCents = r.valueCents - r.costCents;
    return { ...r, marginCents, marginBp: r.valueCents > 0 ? Math.round((marginCents * 10000) / r.valueCents) : null };
  });
}
