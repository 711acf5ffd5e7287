import { and, count, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { FileRef } from "~/modules/files/files.server";
import { z } from "zod";
import { contracts, customerContacts, customers, leads, organisations, users } from "../../../db/schema";
import { visibleOrgRowWhere } from "../../../db/rules/data-scope";
import { ofTenant, tenantOfOuter, withTenant } from "../../../db/tenant";
import { formatCents } from "~/lib/cents";
import type { RequestScope } from "~/modules/access/access.server";
import { containing, defineResource, type FieldErrors, withLimit } from "~/modules/resource/resource.server";
import { customerView } from "./customer.resource";
import { customerExposure, isOverLimit, openContractsCentsSql, outerColumn, unpaidBillsCentsSql, type CustomerExposure } from "./exposure.server";
import { checkFiles, checkOrgAndUser, contactLines, contactValues, creditCodeField, fileIds, filesOf, moneyValue, optionalId, optionalMoney, optionalText, partyName, paymentDaysField } from "./party.server";
import { note } from "~/lib/form-fields";

export const CustomerSchema = z
  .object({
    name: partyName,
    kind: z.enum(["enterprise", "personal", "government"], { message: "validation.required" }),
    creditCode: creditCodeField,
    orgId: optionalId,
    managerId: optionalId,
    paymentDays: paymentDaysField,
    address: optionalText(100),
    remark: optionalText(200, note),
    // the screen's own part of the form; an Excel row has none of them
    creditLimit: z.string().optional().default("").pipe(optionalMoney),
    contacts: contactLines.optional().default([]),
    attachments: fileIds.optional().default([]),
  })
  .superRefine((v, ctx) => {
    if (v.kind === "enterprise" && !v.creditCode) ctx.addIssue({ code: "custom", path: ["creditCode"], message: "parties:creditCode.required" });
  });
type CustomerValues = z.infer<typeof CustomerSchema>;

const mainContact = (field: "name" | "phone") =>
  sql<string | null>`(select ${sql.identifier(field)} from ${customerContacts} where ${customerContacts.customerId} = ${outerColumn(customers.id)} order by ${customerContacts.sort}, ${customerContacts.id} limit 1)`;
const exposureSql = sql<number>`(${openContractsCentsSql(customers.id)} + ${unpaidBillsCentsSql(customers.id)})`;

const rowOf = ({ creditLimit, contacts: _c, attachments, ...v }: CustomerValues) => ({ ...v, creditLimitCents: creditLimit, attachments: attachments.length ? attachments.join(",") : null });

export const customerResource = defineResource({
  view: customerView,
  table: customers,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({
        id: customers.id,
        version: customers.version,
        name: customers.name,
        kind: customers.kind,
        creditCode: customers.creditCode,
        contactName: mainContact("name").as("contact_name"),
        contactPhone: mainContact("phone").as("contact_phone"),
        creditLimitCents: customers.creditLimitCents,
        exposureCents: exposureSql.as("exposure_cents"),
        paymentDays: customers.paymentDays,
        managerName: users.userName,
        orgName: organisations.name,
        createdAt: customers.createdAt,
      })
      .from(customers)
      .leftJoin(users, eq(users.id, customers.managerId))
      .leftJoin(organisations, eq(organisations.id, customers.orgId))
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  },
  mapRows: (rows) =>
    rows.map((r) => ({
      ...r,
      creditLimit: r.creditLimitCents === null ? null : formatCents(r.creditLimitCents),
      exposure: formatCents(Number(r.exposureCents)),
      overLimit: r.creditLimitCents === null ? null : isOverLimit(Number(r.exposureCents), r.creditLimitCents) ? "1" : "0",
    })),
  filters: {
    q: (v) =>
      or(
        containing(customers.name, v),
        containing(customers.creditCode, v),
        sql`${customers.id} in (select ${customerContacts.customerId} from ${customerContacts} where ${tenantOfOuter(customerContacts, customers)} and (${containing(customerContacts.name, v)} or ${containing(customerContacts.phone, v)}))`,
      ),
    kind: (v) => eq(customers.kind, v as "enterprise"),
    overLimit: (v) => (v === "1" ? sql`(${customers.creditLimitCents} is not null and ${exposureSql} > ${customers.creditLimitCents})` : v === "0" ? sql`(${customers.creditLimitCents} is null or ${exposureSql} <= ${customers.creditLimitCents})` : undefined),
  },
  sortColumns: { name: customers.name, createdAt: customers.createdAt },
  defaultOrder: [desc(customers.id)],
  createSchema: CustomerSchema,
  updateSchema: CustomerSchema,
  unique: [{ field: "name", column: customers.name, message: "parties:customer.duplicate" }],
  async check(scope, values) {
    const errors: FieldErrors = {};
    await Promise.all([checkOrgAndUser(scope, { orgId: values.orgId, userId: values.managerId }, errors, "managerId"), checkFiles(scope, values.attachments, errors)]);
    return errors;
  },
  toInsert: (values, scope) => ({ ...rowOf(values), creatorId: scope.user.id }),
  toUpdate: (values) => rowOf(values),
  // the contacts are replaced with the customer, in the same batch
  sideWrites: (scope, { id, values }) => ({
    writes: [
      scope.db.delete(customerContacts).where(and(eq(customerContacts.customerId, id as number), ofTenant(customerContacts, scope))),
      ...(values.contacts.length
        ? [scope.db.insert(customerContacts).values(values.contacts.map((c, i) => withTenant(scope, { customerId: id as number, name: c.name, phone: c.phone, title: c.title, isMain: i === 0 ? 1 : 0, sort: i })))]
        : []),
    ],
  }),
  editValues: async (scope, row) => {
    const [contacts, attachmentFiles] = await Promise.all([
      scope.db.select({ name: customerContacts.name, phone: customerContacts.phone, title: customerContacts.title }).from(customerContacts).where(and(eq(customerContacts.customerId, row.id), ofTenant(customerContacts, scope))).orderBy(customerContacts.sort, customerContacts.id),
      filesOf(scope, row.attachments),
    ]);
    return { contacts: contactValues(contacts), creditLimit: moneyValue(row.creditLimitCents), attachmentFiles };
  },
  // a customer named by a contract or a lead stays: its history would lose its name
  async beforeDelete(scope, ids) {
    const [[c], [l]] = await Promise.all([
      scope.db.select({ n: count() }).from(contracts).where(and(ofTenant(contracts, scope), inArray(contracts.customerId, ids))),
      scope.db.select({ n: count() }).from(leads).where(and(ofTenant(leads, scope), inArray(leads.customerId, ids))),
    ]);
    return c!.n || l!.n ? { refuse: "parties:customer.inUse" } : { dependents: [scope.db.delete(customerContacts).where(and(ofTenant(customerContacts, scope), inArray(customerContacts.customerId, ids)))] };
  },
  auditView: (row) => row,
  scopeWhere: (scope) => visibleOrgRowWhere(scope, customers.orgId),
  fileColumns: [customers.attachments],
});

export interface CustomerContractRow {
  id: number;
  number: string;
  name: string;
  kind: string;
  state: number;
  valueCents: number;
  startOn: string;
  plannedEndOn: string | null;
}

/** What the customer's detail shows beyond its fields: contacts, attachments, its contracts (revision in force) and its exposure. */
export async function customerDetail(scope: RequestScope, customerId: number): Promise<{ contacts: { name: string; phone: string; role: string }[]; files: FileRef[]; contracts: CustomerContractRow[]; exposure: CustomerExposure | null }> {
  const [row] = await scope.db.select({ attachments: customers.attachments }).from(customers).where(and(eq(customers.id, customerId), ofTenant(customers, scope), visibleOrgRowWhere(scope, customers.orgId)));
  if (!row) return { contacts: [], files: [], contracts: [], exposure: null };
  const [contacts, files, rows, exposure] = await Promise.all([
    scope.db.select({ name: customerContacts.name, phone: customerContacts.phone, title: customerContacts.title }).from(customerContacts).where(and(eq(customerContacts.customerId, customerId), ofTenant(customerContacts, scope))).orderBy(customerContacts.sort, customerContacts.id),
    filesOf(scope, row.attachments),
    scope.db
      .select({ id: contracts.id, number: contracts.number, name: contracts.name, kind: contracts.kind, state: contracts.state, valueCents: contracts.valueCents, startOn: contracts.startOn, plannedEndOn: contracts.plannedEndOn })
      .from(contracts)
      .where(and(ofTenant(contracts, scope), eq(contracts.customerId, customerId), eq(contracts.current, 1), visibleOrgRowWhere(scope, contracts.orgId)))
      .orderBy(desc(contracts.startOn), desc(contracts.id))
      .limit(200),
    customerExposure(scope, [customerId]),
  ]);
  return { contacts: contactValues(contacts), files, contracts: rows, exposure: exposure.get(customerId) ?? null };
}
