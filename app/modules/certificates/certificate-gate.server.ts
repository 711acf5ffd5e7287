/**
 * The certificate gate (issue 42): a machine whose mandatory certificate (证书管理) has expired goes on no contract line
 * and no trip (出车登记) until it is renewed. The refusal names the certificate: its kind in the message, its number
 * and last valid day as the value (validation.certificateExpired.<kind>|<number> <day>).
 */
import { and, asc, eq, inArray, lt, lte, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { ofTenant, sameTenant, tenantWhere } from "../../../db/tenant";
import { vehicles } from "../../../db/schema";
import { visibleVehiclesWhere } from "../../../db/rules/data-scope";
import { addDays } from "~/lib/calendar";
import type { RequestScope } from "~/modules/access/access.server";
import { CERT_WARN_DAYS } from "~/modules/parties/supplier.resource";
import { vehicleCertificates } from "./certificate.server";

const KINDS = ["registration", "inspection", "insurance", "annual", "other"] as const;
/** the refusal: the kind's message, with the certificate's number and last valid day */
export type CertificateRefusal = `validation.certificateExpired.${(typeof KINDS)[number]}|${string}`;

/** For each of these machines with a mandatory certificate expired before `day`, the refusal naming the first to expire. */
export async function expiredCertificates(db: Db, tenantId: number, vehicleIds: readonly number[], day: string): Promise<Map<number, CertificateRefusal>> {
  const out = new Map<number, CertificateRefusal>();
  const ids = [...new Set(vehicleIds)];
  // D1 binds at most 100 values a statement
  for (let i = 0; i < ids.length; i += 90) {
    const rows = await db
      .select({ vehicleId: vehicleCertificates.vehicleId, kind: vehicleCertificates.kind, number: vehicleCertificates.number, expiresOn: vehicleCertificates.expiresOn })
      .from(vehicleCertificates)
      .where(and(ofTenant(vehicleCertificates, tenantId), inArray(vehicleCertificates.vehicleId, ids.slice(i, i + 90)), eq(vehicleCertificates.mandatory, 1), lt(vehicleCertificates.expiresOn, day)))
      .orderBy(asc(vehicleCertificates.expiresOn));
    for (const r of rows) {
      if (out.has(r.vehicleId)) continue;
      const kind = KINDS.find((k) => k === r.kind) ?? "other";
      out.set(r.vehicleId, `validation.certificateExpired.${kind}|${r.number} ${r.expiresOn}`);
    }
  }
  return out;
}

/**
 * The workbench's to-do: the machines' mandatory certificates expired or running out within 30 days (CERT_WARN_DAYS),
 * first to expire first, of the machines the user sees; none read (`limit` 0) without 证书管理. Aliased columns: in the
 * workbench's D1 batch rows come back by column name.
 */
export function certificatesDueRead(scope: RequestScope, today: string, limit: number) {
  return scope.db
    .select({ id: vehicleCertificates.id, kind: vehicleCertificates.kind, number: sql<string>`${vehicleCertificates.number}`.as("cert_number"), expiresOn: vehicleCertificates.expiresOn, plate: sql<string>`${vehicles.plate}`.as("cert_plate") })
    .from(vehicleCertificates)
    .innerJoin(vehicles, and(eq(vehicles.id, vehicleCertificates.vehicleId), sameTenant(vehicles, vehicleCertificates)))
    .where(tenantWhere(vehicleCertificates, scope, eq(vehicleCertificates.mandatory, 1), lte(vehicleCertificates.expiresOn, addDays(today, CERT_WARN_DAYS)), visibleVehiclesWhere(scope), limit > 0 ? undefined : sql`0`))
    .orderBy(asc(vehicleCertificates.expiresOn), asc(vehicleCertificates.id))
    .limit(Math.max(limit, 1));
}

/** Every machine's mandatory certificates expired before `day`, first to expire first: the monitoring map's marks. */
export function expiredMandatoryRows(db: Db, tenantId: number, day: string) {
  return db
    .select({ id: vehicleCertificates.id, vehicleId: vehicleCertificates.vehicleId, kind: vehicleCertificates.kind, number: vehicleCertificates.number, expiresOn: vehicleCertificates.expiresOn })
    .from(vehicleCertificates)
    .where(and(ofTenant(vehicleCertificates, tenantId), eq(vehicleCertificates.mandatory, 1), lt(vehicleCertificates.expiresOn, day)))
    .orderBy(asc(vehicleCertificates.expiresOn), asc(vehicleCertificates.id));
}
