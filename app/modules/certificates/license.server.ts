/**
 * 证照管理's server half: the company's licences, the tenant's alone (no organisation scope: a licence is the company's),
 * listed first to expire first and flagged by expiry.
 */
import { asc, desc, eq, or, sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { day, documentStamps } from "../../../db/schema/columns";
import { tenantColumn as tenant } from "../../../db/schema/tenant";
import { todayInZone } from "~/lib/tenant-clock";
import { certFlagOf } from "~/modules/parties/supplier.resource";
import type { DocumentDefinition } from "~/modules/resource/document.server";
import { schemaOfFields } from "~/modules/resource/field-schema";
import { containing, defineResource, withLimit, type FieldErrors } from "~/modules/resource/resource.server";
import { licenseForm, licenseView } from "./license.resource";

export const companyLicenses = sqliteTable(
  "company_licenses",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    kind: text("kind").notNull(),
    name: text("name").notNull(),
    number: text("number").notNull(),
    holder: text("holder"),
    issuer: text("issuer"),
    issuedOn: day("issued_on"),
    expiresOn: day("expires_on"),
    remark: text("remark"),
    attachments: text("attachments"),
    /** always 0: a licence has no states; its expiry flags it */
    state: integer("state").notNull().default(0),
    ...documentStamps(),
  },
  (t) => [index("company_licenses_tenant_expiry_idx").on(t.tenantId, t.expiresOn)]
);

export const licenseResource = defineResource({
  view: licenseView,
  table: companyLicenses,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({
        id: companyLicenses.id,
        version: companyLicenses.version,
        name: companyLicenses.name,
        kind: companyLicenses.kind,
        number: companyLicenses.number,
        holder: companyLicenses.holder,
        issuer: companyLicenses.issuer,
        issuedOn: companyLicenses.issuedOn,
        expiresOn: companyLicenses.expiresOn,
        createdAt: companyLicenses.createdAt,
      })
      .from(companyLicenses)
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  },
  mapRows: (rows) => {
    const today = todayInZone();
    return rows.map((r) => ({ ...r, flag: certFlagOf(r.expiresOn, today) }));
  },
  filters: {
    q: (v) => or(containing(companyLicenses.name, v), containing(companyLicenses.number, v), containing(companyLicenses.holder, v)),
    kind: (v) => (/^[a-zA-Z]{1,20}$/.test(v) ? eq(companyLicenses.kind, v) : undefined),
  },
  sortColumns: { number: companyLicenses.number, expiresOn: companyLicenses.expiresOn, createdAt: companyLicenses.createdAt },
  defaultOrder: [sql`${companyLicenses.expiresOn} is null`, asc(companyLicenses.expiresOn), desc(companyLicenses.id)],
  createSchema: schemaOfFields(licenseForm),
  updateSchema: schemaOfFields(licenseForm),
  check: async (_scope, values) => {
    const errors: FieldErrors = {};
    if (values.issuedOn && values.expiresOn && values.expiresOn < values.issuedOn) errors.expiresOn = "certificates:expiredBeforeIssued";
    return errors;
  },
  toInsert: (values, scope) => ({ ...values, creatorId: scope.user.id }),
  toUpdate: (values) => values,
  auditView: (row) => row,
  fileColumns: [companyLicenses.attachments],
});

export const licenseDocument: DocumentDefinition<{ id: number; version: number; state: number }> = {
  resource: licenseResource,
  lines: {},
  editable: () => true,
  options: async () => ({}),
};
