import { and, count, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { FileRef } from "~/modules/files/files.server";
import { z } from "zod";
import { contracts, supplierCertificates, supplierContacts, suppliers } from "../../../db/schema";
import { ofTenant, tenantOfOuter, withTenant } from "../../../db/tenant";
import { isBusinessDay } from "~/lib/calendar";
import { todayInZone } from "~/lib/tenant-clock";
import type { RequestScope } from "~/modules/access/access.server";
import { containing, defineResource, type FieldErrors, withLimit } from "~/modules/resource/resource.server";
import { outerColumn } from "./exposure.server";
import { certFlagOf, SUPPLIES, supplierTowerView, supplierView } from "./supplier.resource";
import { checkFiles, contactLines, contactValues, creditCodeField, fileIds, filesOf, optionalText, partyName, paymentDaysField } from "./party.server";
import { note } from "~/lib/form-fields";
import { cleanLine } from "~/lib/validators";

const blank = (l: Record<string, string | undefined> | undefined) => !l || Object.values(l).every((v) => !v?.trim());
const SUPPLY_VALUES = SUPPLIES.map((s) => s.value);

/** A line's text cell: control characters removed before it is judged. */
const cleaned = z.string().overwrite(cleanLine).optional();
/** Certificate lines `certificates[i].name/number/issuer/validUntil/fileId`; a wholly blank line is dropped, messages keyed on the line. */
export const certificateLines = z
  .array(z.object({ name: cleaned, number: cleaned, issuer: cleaned, validUntil: cleaned, fileId: cleaned }).optional())
  .superRefine((lines, ctx) => {
    lines.forEach((l, i) => {
      if (blank(l)) return;
      const at = (field: string, message: string) => ctx.addIssue({ code: "custom", path: [i, field], message });
      const name = l!.name?.trim() ?? "";
      if (!name) at("name", "parties:supplier.certNameRequired");
      else if (name.length > 50) at("name", "parties:tooLong|50");
      if ((l!.number?.trim() ?? "").length > 50) at("number", "parties:tooLong|50");
      if ((l!.issuer?.trim() ?? "").length > 50) at("issuer", "parties:tooLong|50");
      const until = l!.validUntil?.trim() ?? "";
      if (until && !isBusinessDay(until)) at("validUntil", "validation.date");
      if ((l!.fileId?.trim() ?? "") && !/^\d{1,12}$/.test(l!.fileId!.trim())) at("fileId", "parties:notFound");
    });
  })
  .transform((lines) =>
    lines
      .filter((l) => !blank(l))
      .map((l) => ({ name: l!.name!.trim(), number: l!.number?.trim() || null, issuer: l!.issuer?.trim() || null, expiresOn: l!.validUntil?.trim() || null, fileId: l!.fileId?.trim() || null })),
  );

export const SupplierSchema = z
  .object({
    name: partyName,
    kind: z.enum(["enterprise", "personal"], { message: "validation.required" }),
    creditCode: creditCodeField,
    tower: z.enum(["0", "1"], { message: "validation.required" }).transform(Number),
    supplies: z.array(z.string()).transform((v, ctx) => {
      const chosen = SUPPLY_VALUES.filter((s) => v.includes(s));
      if (!chosen.length) ctx.addIssue({ code: "custom", message: "parties:supplier.suppliesRequired" });
      return chosen.join(",");
    }),
    paymentDays: paymentDaysField,
    address: optionalText(100),
    remark: optionalText(200, note),
    contacts: contactLines.optional().default([]),
    certificates: certificateLines.optional().default([]),
    attachments: fileIds.optional().default([]),
  })
  .superRefine((v, ctx) => {
    if (v.kind === "enterprise" && !v.creditCode) ctx.addIssue({ code: "custom", path: ["creditCode"], message: "parties:creditCode.required" });
  });
type SupplierValues = z.infer<typeof SupplierSchema>;

const mainContact = (field: "name" | "phone") =>
  sql<string | null>`(select ${sql.identifier(field)} from ${supplierContacts} where ${supplierContacts.supplierId} = ${outerColumn(suppliers.id)} order by ${supplierContacts.sort}, ${supplierContacts.id} limit 1)`;
// the certificate that ends first (an expired one included): it decides the supplier's flag
const firstExpiry = sql<string | null>`(select min(${supplierCertificates.expiresOn}) from ${supplierCertificates} where ${supplierCertificates.supplierId} = ${outerColumn(suppliers.id)})`;

const rowOf = ({ contacts: _c, certificates: _k, attachments, ...v }: SupplierValues) => ({ ...v, attachments: attachments.length ? attachments.join(",") : null });

/** The supplier resource of a screen: /supplier lists every supplier, /supplier-tower only the tower-crane ones. */
function supplierResourceOf(view: typeof supplierView, towerOnly: boolean) {
  return defineResource({
    view,
    table: suppliers,
    selectRows: (db, where, orderBy, limit, offset) => {
      const q = db
        .select({
          id: suppliers.id,
          version: suppliers.version,
          name: suppliers.name,
          kind: suppliers.kind,
          suppliesCsv: suppliers.supplies,
          towerFlag: suppliers.tower,
          creditCode: suppliers.creditCode,
          contactName: mainContact("name").as("contact_name"),
          contactPhone: mainContact("phone").as("contact_phone"),
          certExpiry: firstExpiry.as("cert_expiry"),
          paymentDays: suppliers.paymentDays,
          createdAt: suppliers.createdAt,
        })
        .from(suppliers)
        .where(where)
        .orderBy(...orderBy)
        .offset(offset);
      return withLimit(q, limit);
    },
    // the flag is the day's: read when the page is (the tenant's default zone; the detail uses the user's)
    mapRows: (rows) => {
      const today = todayInZone();
      return rows.map(({ suppliesCsv, towerFlag, ...r }) => ({ ...r, supplies: suppliesCsv.split(",").filter(Boolean), tower: String(towerFlag), certFlag: certFlagOf(r.certExpiry, today) }));
    },
    filters: {
      q: (v) =>
        or(
          containing(suppliers.name, v),
          containing(suppliers.creditCode, v),
          sql`${suppliers.id} in (select ${supplierContacts.supplierId} from ${supplierContacts} where ${tenantOfOuter(supplierContacts, suppliers)} and (${containing(supplierContacts.name, v)} or ${containing(supplierContacts.phone, v)}))`,
        ),
      supplies: (v) => (SUPPLY_VALUES.includes(v) ? sql`(',' || ${suppliers.supplies} || ',') like ${`%,${v},%`}` : undefined),
    },
    sortColumns: { name: suppliers.name, createdAt: suppliers.createdAt },
    defaultOrder: [desc(suppliers.id)],
    createSchema: SupplierSchema,
    updateSchema: SupplierSchema,
    unique: [{ field: "name", column: suppliers.name, message: "parties:supplier.duplicate" }],
    async check(scope, values) {
      const errors: FieldErrors = {};
      await checkFiles(scope, values.attachments, errors);
      const scans = values.certificates.flatMap((c) => (c.fileId ? [Number(c.fileId)] : []));
      await checkFiles(scope, scans, errors, "certificates");
      return errors;
    },
    toInsert: (values, scope) => ({ ...rowOf(values), creatorId: scope.user.id }),
    toUpdate: (values) => rowOf(values),
    // contacts and certificates are replaced with the supplier, in the same batch
    sideWrites: (scope, { id, values }) => ({
      writes: [
        scope.db.delete(supplierContacts).where(and(eq(supplierContacts.supplierId, id as number), ofTenant(supplierContacts, scope))),
        scope.db.delete(supplierCertificates).where(and(eq(supplierCertificates.supplierId, id as number), ofTenant(supplierCertificates, scope))),
        ...(values.contacts.length
          ? [scope.db.insert(supplierContacts).values(values.contacts.map((c, i) => withTenant(scope, { supplierId: id as number, name: c.name, phone: c.phone, title: c.title, isMain: i === 0 ? 1 : 0, sort: i })))]
          : []),
        ...(values.certificates.length ? [scope.db.insert(supplierCertificates).values(values.certificates.map((c) => withTenant(scope, { supplierId: id as number, ...c })))] : []),
      ],
    }),
    editValues: async (scope, row) => {
      const d = await supplierDetail(scope, row.id, row.attachments);
      return { contacts: d.contacts, certificates: d.certificates.map((c) => ({ name: c.name, number: c.number ?? "", issuer: c.issuer ?? "", validUntil: c.expiresOn ?? "", fileId: c.fileId ?? "", fileIdName: c.fileName ?? "", fileIdUrl: c.fileUrl ?? "" })), attachmentFiles: d.files };
    },
    // a supplier a sub-contract rents from stays: the contract would lose its name
    async beforeDelete(scope, ids) {
      const [c] = await scope.db.select({ n: count() }).from(contracts).where(and(ofTenant(contracts, scope), inArray(contracts.supplierId, ids)));
      return c!.n
        ? { refuse: "parties:supplier.inUse" }
        : {
            dependents: [
              scope.db.delete(supplierContacts).where(and(ofTenant(supplierContacts, scope), inArray(supplierContacts.supplierId, ids))),
              scope.db.delete(supplierCertificates).where(and(ofTenant(supplierCertificates, scope), inArray(supplierCertificates.supplierId, ids))),
            ],
          };
    },
    auditView: (row) => row,
    scopeWhere: (): SQL | undefined => (towerOnly ? eq(suppliers.tower, 1) : undefined),
    fileColumns: [suppliers.attachments],
  });
}

export const supplierResource = supplierResourceOf(supplierView, false);
export const supplierTowerResource = supplierResourceOf(supplierTowerView, true);

export interface CertificateRow {
  name: string;
  number: string | null;
  issuer: string | null;
  expiresOn: string | null;
  fileId: string | null;
  fileName: string | null;
  /** the scan's download address (by its key) */
  fileUrl: string | null;
  flag: ReturnType<typeof certFlagOf>;
}

/** A supplier's contacts, certificates (flagged on the user's today) and attachments. */
export async function supplierDetail(scope: RequestScope, supplierId: number, attachments?: string | null): Promise<{ contacts: { name: string; phone: string; role: string }[]; certificates: CertificateRow[]; files: FileRef[] }> {
  const [contacts, certs, csv] = await Promise.all([
    scope.db.select({ name: supplierContacts.name, phone: supplierContacts.phone, title: supplierContacts.title }).from(supplierContacts).where(and(eq(supplierContacts.supplierId, supplierId), ofTenant(supplierContacts, scope))).orderBy(supplierContacts.sort, supplierContacts.id),
    scope.db.select().from(supplierCertificates).where(and(eq(supplierCertificates.supplierId, supplierId), ofTenant(supplierCertificates, scope))).orderBy(supplierCertificates.id),
    attachments !== undefined ? Promise.resolve(attachments) : scope.db.select({ a: suppliers.attachments }).from(suppliers).where(and(eq(suppliers.id, supplierId), ofTenant(suppliers, scope))).then((r) => r[0]?.a ?? null),
  ]);
  const scans = await filesOf(scope, certs.map((c) => c.fileId).filter(Boolean).join(","));
  const today = todayInZone(scope.user.timeZone);
  return {
    contacts: contactValues(contacts),
    certificates: certs.map((c) => ({ name: c.name, number: c.number, issuer: c.issuer, expiresOn: c.expiresOn, fileId: c.fileId, fileName: scans.find((f) => String(f.id) === c.fileId)?.name ?? null, fileUrl: scans.find((f) => String(f.id) === c.fileId)?.url ?? null, flag: certFlagOf(c.expiresOn, today) })),
    files: await filesOf(scope, csv),
  };
}
