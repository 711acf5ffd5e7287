/**
 * 客户回访 on the server: the visit resource (customer_visits), its choices and its rules. A visit belongs to its
 * customer's organisation for the data scope: it is listed, opened and deleted only when the customer is one the user
 * may see, and a visit can only be recorded for such a customer, with one of that customer's contacts.
 */
import { and, asc, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { fileKeysSql, namedFiles } from "~/modules/files/files.server";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { customerContacts, customers, customerVisits, files, users } from "../../../db/schema";
import { visibleOrgRowWhere } from "../../../db/rules/data-scope";
import { ofTenant, sameTenant } from "../../../db/tenant";
import { parseDay } from "~/lib/calendar";
import type { OptionDef } from "~/lib/list/types";
import type { RequestScope } from "~/modules/access/access.server";
import { containing, defineResource, type FieldErrors, withLimit } from "~/modules/resource/resource.server";
import type { Option } from "~/modules/resource/route.server";
import { VISIT_PHOTO_LIMIT, VISIT_PURPOSES, visitView } from "./visit.resource";
import { day, line, note } from "~/lib/form-fields";
import { ENABLED } from "~/modules/workflow/enablement";

const id = (message: string) => line().regex(/^\d{1,9}$/, message).transform(Number);
const optionalId = z
  .string()
  .default("")
  .pipe(line())
  .refine((v) => v === "" || /^\d{1,9}$/.test(v), "visits:notFound")
  .transform((v) => (v === "" ? null : Number(v)));
/** Text up to `max` characters (required or not), trimmed; empty is null. */
export const text = (max: number, required: boolean, kind: typeof line = line) =>
  z
    .string()
    .default("")
    .pipe(kind())
    .refine((v) => !required || v !== "", "validation.required")
    .refine((v) => v.length <= max, `visits:tooLong|${max}`)
    .transform((v) => v || null);

export const VisitSchema = z.object({
  visitedOn: day(),
  customerId: id("validation.required"),
  contactId: optionalId,
  purpose: z.enum(VISIT_PURPOSES.map((p) => p.value) as [string, ...string[]], { message: "validation.required" }),
  visitorId: id("validation.required"),
  content: text(500, true, note),
  nextStep: text(200, false, note),
  // the upload widget posts one hidden input per uploaded image; an import has none
  photos: z
    .array(z.string().regex(/^\d{1,12}$/, "visits:notFound"))
    .max(VISIT_PHOTO_LIMIT, `visits:photos.tooMany|${VISIT_PHOTO_LIMIT}`)
    .optional()
    .default([])
    .transform((ids) => [...new Set(ids.map(Number))]),
});
type VisitValues = z.infer<typeof VisitSchema>;

/** The customers the user may see (their organisation's subtree, or all), as SQL for `customer_id in (…)`. */
export function visibleCustomerIds(scope: RequestScope): SQL {
  return sql`(select ${customers.id} from ${customers} where ${and(ofTenant(customers, scope), visibleOrgRowWhere(scope, customers.orgId))})`;
}

/** A row that hangs off a customer (a visit, a satisfaction form) is seen when its customer is. */
export const ofVisibleCustomer = (scope: RequestScope, column: SQLiteColumn): SQL => sql`${column} in ${visibleCustomerIds(scope)}`;

/** The customer must be one the user may see, the contact that customer's, the visitor a user of the tenant, the photos the tenant's files. */
async function checkVisit(scope: RequestScope, v: VisitValues): Promise<FieldErrors> {
  const [customer, contact, visitor, photos] = await Promise.all([
    scope.db.select({ id: customers.id }).from(customers).where(and(eq(customers.id, v.customerId), ofTenant(customers, scope), visibleOrgRowWhere(scope, customers.orgId))),
    v.contactId === null ? Promise.resolve(null) : scope.db.select({ customerId: customerContacts.customerId }).from(customerContacts).where(and(eq(customerContacts.id, v.contactId), ofTenant(customerContacts, scope))),
    scope.db.select({ id: users.id }).from(users).where(and(eq(users.id, v.visitorId), ofTenant(users, scope))),
    v.photos.length ? scope.db.select({ id: files.id }).from(files).where(and(ofTenant(files, scope), inArray(files.id, v.photos))) : Promise.resolve([]),
  ]);
  const errors: FieldErrors = {};
  if (!customer.length) errors.customerId = "visits:customerOutOfScope";
  if (contact && contact[0]?.customerId !== v.customerId) errors.contactId = "visits:contactOfOther";
  if (!visitor.length) errors.visitorId = "visits:notFound";
  if (photos.length !== v.photos.length) errors.photos = "visits:notFound";
  return errors;
}

const rowOf = ({ photos, ...v }: VisitValues) => ({ ...v, photos: photos.length ? photos.join(",") : null });

export const visitResource = defineResource({
  view: visitView,
  table: customerVisits,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({
        id: customerVisits.id,
        version: customerVisits.version,
        visitedOn: customerVisits.visitedOn,
        customerId: customerVisits.customerId,
        customerName: sql<string | null>`(select ${customers.name} from ${customers} where ${customers.id} = ${customerVisits.customerId})`.as("customer_name"),
        contactId: customerVisits.contactId,
        contactName: sql<string | null>`(select ${customerContacts.name} from ${customerContacts} where ${customerContacts.id} = ${customerVisits.contactId})`.as("contact_name"),
        purpose: customerVisits.purpose,
        content: customerVisits.content,
        nextStep: customerVisits.nextStep,
        // the images cell's addresses carry the files' keys
        photos: fileKeysSql(customerVisits.photos, customerVisits).as("photo_keys"),
        visitorId: customerVisits.visitorId,
        visitorName: sql<string | null>`(select ${users.userName} from ${users} where ${users.id} = ${customerVisits.visitorId})`.as("visitor_name"),
      })
      .from(customerVisits)
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  },
  filters: {
    q: (v) => or(containing(customerVisits.content, v), containing(customerVisits.nextStep, v)),
    from: (v) => (parseDay(v) ? sql`${customerVisits.visitedOn} >= ${v}` : undefined),
    to: (v) => (parseDay(v) ? sql`${customerVisits.visitedOn} <= ${v}` : undefined),
    customerId: (v) => (/^\d{1,9}$/.test(v) ? eq(customerVisits.customerId, Number(v)) : undefined),
    purpose: (v) => eq(customerVisits.purpose, v),
    visitorId: (v) => (/^\d{1,9}$/.test(v) ? eq(customerVisits.visitorId, Number(v)) : undefined),
  },
  sortColumns: { visitedOn: customerVisits.visitedOn },
  defaultOrder: [desc(customerVisits.visitedOn), desc(customerVisits.id)],
  createSchema: VisitSchema,
  updateSchema: VisitSchema,
  check: (scope, values) => checkVisit(scope, values),
  toInsert: (values, scope) => ({ ...rowOf(values), creatorId: scope.user.id }),
  toUpdate: (values) => rowOf(values),
  // the photos as the upload widget shows them: id, file name and address (a file of another tenant is never named)
  async editValues(scope, row) {
    return { photoFiles: await namedFiles(scope.db, scope.user.tenantId, row.photos), contactId: row.contactId === null ? "" : String(row.contactId) };
  },
  auditView: (row) => row,
  scopeWhere: (scope) => ofVisibleCustomer(scope, customerVisits.customerId),
  fileColumns: [customerVisits.photos],
});

/** The customers the user may see, enabled ones first, by name (the select of every visit and satisfaction form). */
export async function visibleCustomers(scope: RequestScope): Promise<Option[]> {
  const rows = await scope.db
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(and(ofTenant(customers, scope), visibleOrgRowWhere(scope, customers.orgId)))
    .orderBy(desc(customers.state), asc(customers.name))
    .limit(2000);
  return rows.map((r) => ({ value: String(r.id), label: r.name }));
}

/** The tenant's users able to sign in (visitors). */
async function tenantUsers(scope: RequestScope): Promise<Option[]> {
  const rows = await scope.db.select({ id: users.id, name: users.userName }).from(users).where(and(ofTenant(users, scope), eq(users.state, ENABLED))).orderBy(asc(users.userName));
  return rows.map((r) => ({ value: String(r.id), label: r.name }));
}

/** The form's choices: customers in scope, their contacts (named with their customer), the tenant's users. */
export async function visitOptions(scope: RequestScope): Promise<Record<string, Option[]>> {
  const [customerId, contacts, visitorId] = await Promise.all([
    visibleCustomers(scope),
    scope.db
      .select({ id: customerContacts.id, name: customerContacts.name, title: customerContacts.title, customer: customers.name })
      .from(customerContacts)
      .innerJoin(customers, and(eq(customers.id, customerContacts.customerId), sameTenant(customers, customerContacts)))
      .where(and(ofTenant(customerContacts, scope), visibleOrgRowWhere(scope, customers.orgId)))
      .orderBy(asc(customers.name), customerContacts.sort)
      .limit(5000),
    tenantUsers(scope),
  ]);
  return { customerId, visitorId, contactId: contacts.map((c) => ({ value: String(c.id), label: `${c.customer} · ${c.name}${c.title ? `（${c.title}）` : ""}` })) };
}

/** The list's select filters: customers in scope and the tenant's users. */
export async function visitFilterOptions(scope: RequestScope): Promise<Record<string, OptionDef[]>> {
  const [customerId, visitorId] = await Promise.all([visibleCustomers(scope), tenantUsers(scope)]);
  const both = (o: Option[]) => o.map((x) => ({ value: x.value, label: { zh: x.label, en: x.label } }));
  return { customerId: both(customerId), visitorId: both(visitorId) };
}
