/**
 * What customers and suppliers share on the server: the party's fields (name, credit code, address, payment terms,
 * remark), its contacts as nested lines (`contacts[i].name/phone/role`), attachments as the tenant's file ids, and
 * the choices of the forms (organisations the user may assign, the tenant's users).
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { namedFiles, type FileRef } from "~/modules/files/files.server";
import { z } from "zod";
import { files, users } from "../../../db/schema";
import { ofTenant } from "../../../db/tenant";
import { centsOf, plainCents } from "~/lib/cents";
import { isCreditCode } from "~/lib/credit-code";
import { cleanLine, hasSpecialChars, isLandline, isMobile } from "~/lib/validators";
import type { RequestScope } from "~/modules/access/access.server";
import { assignableOrgOptions, mayAssignOrg } from "~/modules/access/orgs.server";
import type { FieldErrors } from "~/modules/resource/resource.server";
import type { Option } from "~/modules/resource/route.server";
import { line } from "~/lib/form-fields";
import { ENABLED } from "~/modules/workflow/enablement";

/** Optional text up to `max` characters; empty is null. */
export const optionalText = (max: number, kind: typeof line = line) =>
  kind()
    .max(max, `parties:tooLong|${max}`)
    .transform((v) => v || null);

export const partyName = line()
  .min(1, "validation.required")
  .max(50, "parties:tooLong|50")
  .refine((v) => !hasSpecialChars(v), "validation.specialChars");

/** 统一社会信用代码 as typed (spaces dropped, capitals); `required` decides on the whole row (an enterprise needs one). */
export const creditCodeField = line()
  .transform((v) => v.replace(/\s+/g, "").toUpperCase())
  .refine((v) => v === "" || isCreditCode(v), "parties:creditCode.invalid")
  .transform((v) => v || null);

export const paymentDaysField = line()
  .refine((v) => /^\d{1,3}$/.test(v) && Number(v) <= 365, "parties:days")
  .transform(Number);

/** An amount typed in yuan → cents; empty is null (no limit). */
export const optionalMoney = line()
  .refine((v) => v === "" || (centsOf(v) ?? -1) >= 0, "parties:money")
  .transform((v) => (v === "" ? null : centsOf(v)));

/** An id chosen in a select; empty is null. */
export const optionalId = line()
  .refine((v) => v === "" || /^\d{1,9}$/.test(v), "parties:notFound")
  .transform((v) => (v === "" ? null : Number(v)));

/** Attachments: the uploaded file ids the form posts (one hidden input per file). */
export const fileIds = z.array(z.string().regex(/^\d{1,12}$/, "parties:notFound")).transform((ids) => [...new Set(ids.map(Number))]);

const blank = (l: Record<string, string | undefined> | undefined) => !l || Object.values(l).every((v) => !v?.trim());

/** A line's text cell: control characters removed before it is judged. */
const cleaned = z.string().overwrite(cleanLine).optional();
/**
 * Contact lines `contacts[i].name/phone/role`: a line left wholly blank is dropped (the form always offers one more),
 * any other needs a name and a mobile or landline number (spec §5); messages are keyed on the line (`contacts[1].phone`).
 */
export const contactLines = z
  .array(z.object({ name: cleaned, phone: cleaned, role: cleaned }).optional())
  .superRefine((lines, ctx) => {
    lines.forEach((l, i) => {
      if (blank(l)) return;
      const name = l!.name?.trim() ?? "";
      const phone = l!.phone?.trim() ?? "";
      if (!name) ctx.addIssue({ code: "custom", path: [i, "name"], message: "parties:customer.contactNameRequired" });
      else if (name.length > 20) ctx.addIssue({ code: "custom", path: [i, "name"], message: "parties:tooLong|20" });
      if (!isMobile(phone) && !isLandline(phone)) ctx.addIssue({ code: "custom", path: [i, "phone"], message: "validation.phone" });
      if ((l!.role?.trim() ?? "").length > 20) ctx.addIssue({ code: "custom", path: [i, "role"], message: "parties:tooLong|20" });
    });
  })
  .transform((lines) => lines.filter((l) => !blank(l)).map((l) => ({ name: l!.name!.trim(), phone: l!.phone!.trim(), title: l!.role?.trim() || null })));
export type ContactLine = z.infer<typeof contactLines>[number];

/** The stored contacts as the form's lines. */
export const contactValues = (rows: { name: string; phone: string; title: string | null }[]) => rows.map((r) => ({ name: r.name, phone: r.phone, role: r.title ?? "" }));

/** Ids of the posted attachments that are not the tenant's files (any, and the save is refused). */
export async function checkFiles(scope: RequestScope, ids: number[], errors: FieldErrors, key = "attachments"): Promise<void> {
  if (!ids.length) return;
  const found = await scope.db.select({ id: files.id }).from(files).where(and(ofTenant(files, scope), inArray(files.id, ids)));
  if (found.length !== ids.length) errors[key] = "parties:notFound";
}

/** The attachments as the upload widget shows them: id, name and address (a file of another tenant is never named). */
export const filesOf = (scope: RequestScope, csv: string | null): Promise<FileRef[]> => namedFiles(scope.db, scope.user.tenantId, csv);

/** The organisations the user may give a row (their subtree, or all when they see the whole tenant), and the tenant's users. */
export async function partyOptions(scope: RequestScope): Promise<Record<string, Option[]>> {
  const [orgId, people] = await Promise.all([
    assignableOrgOptions(scope),
    scope.db.select({ value: users.id, label: users.userName }).from(users).where(and(ofTenant(users, scope), eq(users.state, ENABLED))).orderBy(asc(users.userName)),
  ]);
  const userOptions = people.map((r) => ({ value: String(r.value), label: r.label }));
  return { orgId, managerId: userOptions, ownerId: userOptions };
}

/** An organisation the user may assign, and a user of the tenant, or the field's message. */
export async function checkOrgAndUser(scope: RequestScope, values: { orgId?: number | null; userId?: number | null }, errors: FieldErrors, userKey: string): Promise<void> {
  const [org, user] = await Promise.all([
    values.orgId ? mayAssignOrg(scope, values.orgId) : Promise.resolve(true),
    values.userId ? scope.db.select({ id: users.id }).from(users).where(and(eq(users.id, values.userId), ofTenant(users, scope))) : Promise.resolve([{ id: 0 }]),
  ]);
  if (!org) errors.orgId = "parties:notFound";
  if (!user.length) errors[userKey] = "parties:notFound";
}

/** Cents as the money input holds them ("" for none). */
export const moneyValue = (cents: number | null) => (cents === null ? "" : plainCents(cents));
