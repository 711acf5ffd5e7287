/**
 * 证书管理's server half: the table, the resource (list flagged by expiry, save, audit) and the choices (the machines
 * the user sees). The gate that keeps a machine with an expired mandatory certificate off contract lines and trips is
 * certificate-gate.server.ts.
 */
import { and, asc, desc, eq, or, sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { vehicles } from "../../../db/schema";
import { day, documentStamps } from "../../../db/schema/columns";
import { tenantColumn as tenant } from "../../../db/schema/tenant";
import { visibleVehiclesWhere } from "../../../db/rules/data-scope";
import { sameTenant, tenantOfOuter, tenantWhere } from "../../../db/tenant";
import { todayInZone } from "~/lib/tenant-clock";
import type { RequestScope } from "~/modules/access/access.server";
import { certFlagOf } from "~/modules/parties/supplier.resource";
import { documentChecks, type DocumentDefinition } from "~/modules/resource/document.server";
import { schemaOfFields } from "~/modules/resource/field-schema";
import { containing, defineResource, withLimit, type FieldErrors } from "~/modules/resource/resource.server";
import type { Option } from "~/modules/resource/route.server";
import { machineChoices, machineMatches } from "~/modules/telematics/vehicle-choice.server";
import { certificateForm, certificateView } from "./certificate.resource";

export const vehicleCertificates = sqliteTable(
  "vehicle_certificates",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    vehicleId: integer("vehicle_id")
      .notNull()
      .references(() => vehicles.id),
    kind: text("kind").notNull(),
    number: text("number").notNull(),
    issuer: text("issuer"),
    issuedOn: day("issued_on"),
    /** the last day it is valid; null: no expiry */
    expiresOn: day("expires_on"),
    /** 1: once expired, the machine goes on no new contract line and no trip */
    mandatory: integer("mandatory").notNull().default(0),
    remark: text("remark"),
    attachments: text("attachments"),
    /** always 0: a certificate has no states; its expiry flags it */
    state: integer("state").notNull().default(0),
    ...documentStamps(),
  },
  (t) => [index("vehicle_certificates_vehicle_idx").on(t.tenantId, t.vehicleId, t.mandatory, t.expiresOn), index("vehicle_certificates_tenant_expiry_idx").on(t.tenantId, t.expiresOn)]
);

/** A certificate is seen with its machine (the user's data scope over machines). */
function inScope(scope: RequestScope) {
  const visible = visibleVehiclesWhere(scope);
  return visible ? sql`exists (select 1 from ${vehicles} where ${vehicles.id} = ${vehicleCertificates.vehicleId} and ${tenantOfOuter(vehicles, vehicleCertificates)} and ${visible})` : undefined;
}

export const certificateResource = defineResource({
  view: certificateView,
  table: vehicleCertificates,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({
        id: vehicleCertificates.id,
        version: vehicleCertificates.version,
        plate: sql<string>`${vehicles.plate} || coalesce('（' || ${vehicles.selfNo} || '）', '')`.as("plate"),
        kind: vehicleCertificates.kind,
        number: vehicleCertificates.number,
        issuer: vehicleCertificates.issuer,
        issuedOn: vehicleCertificates.issuedOn,
        expiresOn: vehicleCertificates.expiresOn,
        mandatory: vehicleCertificates.mandatory,
        createdAt: vehicleCertificates.createdAt,
      })
      .from(vehicleCertificates)
      .innerJoin(vehicles, and(eq(vehicles.id, vehicleCertificates.vehicleId), sameTenant(vehicles, vehicleCertificates)))
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  },
  // the flag is the day's: read when the page is (the tenant's default zone), as the suppliers' certificates are
  mapRows: (rows) => {
    const today = todayInZone();
    return rows.map((r) => ({ ...r, mandatory: String(r.mandatory), flag: certFlagOf(r.expiresOn, today) }));
  },
  filters: {
    // the machine by an exists of its own: the list's total is counted from the certificates alone, without the join
    q: (v) =>
      or(
        containing(vehicleCertificates.number, v),
        machineMatches(vehicleCertificates.vehicleId, vehicleCertificates, v)
      ),
    kind: (v) => (/^[a-z]{1,20}$/.test(v) ? eq(vehicleCertificates.kind, v) : undefined),
    mandatory: (v) => (v === "0" || v === "1" ? eq(vehicleCertificates.mandatory, Number(v)) : undefined),
  },
  sortColumns: { number: vehicleCertificates.number, expiresOn: vehicleCertificates.expiresOn, createdAt: vehicleCertificates.createdAt },
  // what runs out first comes first; those without an expiry last
  defaultOrder: [sql`${vehicleCertificates.expiresOn} is null`, asc(vehicleCertificates.expiresOn), desc(vehicleCertificates.id)],
  createSchema: schemaOfFields(certificateForm),
  updateSchema: schemaOfFields(certificateForm),
  check: async (scope, values, current) => {
    const errors: FieldErrors = await documentChecks(certificateView, { options: certificateOptions, editable: () => true })(scope, values, current);
    const v = values as { issuedOn: string | null; expiresOn: string | null };
    if (v.issuedOn && v.expiresOn && v.expiresOn < v.issuedOn) errors.expiresOn ??= "certificates:expiredBeforeIssued";
    return errors;
  },
  toInsert: (values, scope) => ({ ...values, mandatory: values.mandatory ?? 0, creatorId: scope.user.id }),
  toUpdate: (values) => ({ ...values, mandatory: values.mandatory ?? 0 }),
  auditView: (row) => row,
  scopeWhere: inScope,
  fileColumns: [vehicleCertificates.attachments],
});

/** The machines the user sees, with their own numbers. */
export async function certificateOptions(scope: RequestScope): Promise<Record<string, Option[]>> {
  return { vehicleId: await machineChoices(scope) };
}

export const certificateDocument: DocumentDefinition<{ id: number; version: number; state: number }> = {
  resource: certificateResource,
  lines: {},
  editable: () => true,
  options: certificateOptions,
  // from a machine's page: that machine, when it is among the user's
  newValues: (url, values, options) => {
    const asked = url.searchParams.get("vehicleId");
    return asked && options.vehicleId?.some((o) => o.value === asked) ? { ...values, vehicleId: asked } : values;
  },
};


/** A machine's certificates for its page, first to expire first, flagged on the tenant's day. */
export async function vehicleCertificateRows(scope: RequestScope, vehicleId: number) {
  const today = todayInZone(scope.user.timeZone);
  const rows = await scope.db
    .select({ id: vehicleCertificates.id, kind: vehicleCertificates.kind, number: vehicleCertificates.number, expiresOn: vehicleCertificates.expiresOn, mandatory: vehicleCertificates.mandatory })
    .from(vehicleCertificates)
    .where(tenantWhere(vehicleCertificates, scope, eq(vehicleCertificates.vehicleId, vehicleId)))
    .orderBy(sql`${vehicleCertificates.expiresOn} is null`, asc(vehicleCertificates.expiresOn), asc(vehicleCertificates.id));
  return rows.map((r) => ({ ...r, flag: certFlagOf(r.expiresOn, today) }));
}
export type VehicleCertificateRow = Awaited<ReturnType<typeof vehicleCertificateRows>>[number];
