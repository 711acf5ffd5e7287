/**
 * 业务列表 on the server: the lead resource (leads), its choices, its rules and its transitions (赢单 / 输单). A lead
 * belongs to an organisation (data scope); its customer, when it has one, must be a customer the user may see.
 */
import { and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import { z } from "zod";
import { contracts, customers, leads, organisations, users } from "../../../db/schema";
import { visibleOrgRowWhere } from "../../../db/rules/data-scope";
import { ofTenant, tenantOfOuter } from "../../../db/tenant";
import { centsOf, formatCents } from "~/lib/cents";
import type { OptionDef } from "~/lib/list/types";
import type { RequestScope } from "~/modules/access/access.server";
import { checkOrgAndUser, optionalId, partyOptions } from "~/modules/parties/party.server";
import { containing, defineResource, type FieldErrors, referenceContaining, withLimit } from "~/modules/resource/resource.server";
import type { Option } from "~/modules/resource/route.server";
import { visibleCustomers } from "~/modules/visits/visit.server";
import type { Machine } from "~/modules/workflow/engine.server";
import { leadStages, leadView, LOST, type LeadStateRow } from "./lead.resource";
import { line, optionalDay } from "~/lib/form-fields";

/** Text up to `max` characters, trimmed; empty is null. */
const optional = (max: number) =>
  z
    .string()
    .default("")
    .pipe(line().max(max, `leads:tooLong|${max}`))
    .transform((v) => v || null);
export const LeadSchema = z
  .object({
    title: line().min(1, "validation.required").max(50, "leads:tooLong|50"),
    stage: z.enum(["0", "1", "2", "3"], { message: "leads:stageOpen" }).transform(Number),
    customerId: z.string().default("").pipe(optionalId),
    prospect: optional(50),
    // yuan as typed (separators allowed) → cents, exactly; empty is none
    expected: z
      .string()
      .default("")
      .pipe(line())
      .refine((v) => v === "" || (v.length <= 20 && (centsOf(v) ?? -1) >= 0), "leads:money")
      .transform((v) => (v === "" ? null : centsOf(v))),
    ownerId: z.string().default("").pipe(optionalId),
    expectedStart: optionalDay(),
    expectedEnd: optionalDay(),
    orgId: z.string().default("").pipe(optionalId),
    site: optional(100),
    equipmentWanted: optional(200),
    remark: optional(200),
  })
  .superRefine((v, ctx) => {
    if (v.customerId === null && !v.prospect) ctx.addIssue({ code: "custom", path: ["customerId"], message: "leads:customerOrProspect" });
    if (v.expectedStart && v.expectedEnd && v.expectedEnd < v.expectedStart) ctx.addIssue({ code: "custom", path: ["expectedEnd"], message: "leads:datesOrder" });
  });
type LeadValues = z.infer<typeof LeadSchema>;

const rowOf = ({ expected, ...v }: LeadValues) => ({ ...v, expectedCents: expected, prospect: v.customerId === null ? v.prospect : null });

/** The contract a lead became: the one saved from it (`contracts.lead_id`), else the one recorded on the lead. */
const contractOf = sql<number | null>`coalesce(${leads.contractId}, (select min(${contracts.id}) from ${contracts} where ${contracts.leadId} = ${leads.id} and ${tenantOfOuter(contracts, leads)}))`;

export const leadResource = defineResource({
  view: leadView,
  table: leads,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({
        id: leads.id,
        version: leads.version,
        title: leads.title,
        customerId: leads.customerId,
        party: sql<string | null>`coalesce((select ${customers.name} from ${customers} where ${customers.id} = ${leads.customerId}), ${leads.prospect})`.as("party"),
        stage: leads.stage,
        expectedCents: leads.expectedCents,
        equipmentWanted: leads.equipmentWanted,
        site: leads.site,
        expectedStart: leads.expectedStart,
        expectedEnd: leads.expectedEnd,
        ownerName: users.userName,
        lostReason: leads.lostReason,
        orgName: organisations.name,
        contractId: contractOf.as("contract_id"),
      })
      .from(leads)
      .leftJoin(users, eq(users.id, leads.ownerId))
      .leftJoin(organisations, eq(organisations.id, leads.orgId))
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  },
  mapRows: (rows) => rows.map((r) => ({ ...r, stage: String(r.stage), expectedText: formatCents(r.expectedCents) })),
  filters: {
    q: (v) =>
      or(
        containing(leads.title, v),
        containing(leads.prospect, v),
        containing(leads.equipmentWanted, v),
        containing(leads.site, v),
        referenceContaining(leads.customerId, customers, leads, v, customers.name),
      ),
    stage: (v) => (/^[0-5]$/.test(v) ? eq(leads.stage, Number(v)) : undefined),
    ownerId: (v) => (/^\d{1,9}$/.test(v) ? eq(leads.ownerId, Number(v)) : undefined),
  },
  sortColumns: { title: leads.title, expectedStart: leads.expectedStart },
  defaultOrder: [asc(leads.stage), desc(leads.id)],
  createSchema: LeadSchema,
  updateSchema: LeadSchema,
  async check(scope, values, current) {
    const errors: FieldErrors = {};
    if (current && current.stage > 3) errors.stage = "leads:closed";
    const [customer] = await Promise.all([
      values.customerId === null
        ? Promise.resolve([{ id: 0 }])
        : scope.db.select({ id: customers.id }).from(customers).where(and(eq(customers.id, values.customerId), ofTenant(customers, scope), visibleOrgRowWhere(scope, customers.orgId))),
      checkOrgAndUser(scope, { orgId: values.orgId, userId: values.ownerId }, errors, "ownerId"),
    ]);
    if (!customer.length) errors.customerId = "leads:customerOutOfScope";
    if (errors.orgId) errors.orgId = "leads:notFound";
    if (errors.ownerId) errors.ownerId = "leads:notFound";
    return errors;
  },
  toInsert: (values, scope) => ({ ...rowOf(values), creatorId: scope.user.id }),
  toUpdate: (values) => rowOf(values),
  editValues: async (_scope, row) => ({ stage: String(row.stage), expected: row.expectedCents === null ? "" : formatCents(row.expectedCents) }),
  auditView: (row) => row,
  scopeWhere: (scope) => visibleOrgRowWhere(scope, leads.orgId),
});

/** The form's choices: customers the user may see, organisations they may assign, the tenant's users as owners. */
export async function leadOptions(scope: RequestScope): Promise<Record<string, Option[]>> {
  const [customerId, party] = await Promise.all([visibleCustomers(scope), partyOptions(scope)]);
  return { customerId, orgId: party.orgId ?? [], ownerId: party.ownerId ?? [] };
}

/** The list's owner filter: the tenant's users. */
export async function leadFilterOptions(scope: RequestScope): Promise<Record<string, OptionDef[]>> {
  const { ownerId = [] } = await partyOptions(scope);
  return { ownerId: ownerId.map((o) => ({ value: o.value, label: { zh: o.label, en: o.label } })) };
}

/** 赢单 / 输单 on the engine: the tenant's leads inside the user's data scope; 输单 stores its reason on the row. */
export const leadMachine: Machine<LeadStateRow> = {
  view: leadStages,
  table: leads,
  stateKey: "stage",
  load: (scope, ids) =>
    scope.db
      .select({ id: leads.id, version: leads.version, stage: leads.stage, title: leads.title, customerId: leads.customerId, contractId: contractOf.as("contract_id") })
      .from(leads)
      .where(and(ofTenant(leads, scope), inArray(leads.id, ids), visibleOrgRowWhere(scope, leads.orgId))),
  label: (r) => r.title,
  set: (_scope, t, input) => (t.to === LOST ? { lostReason: input.lostReason } : { lostReason: null }),
};
