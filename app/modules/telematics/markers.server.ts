import { and, count, desc, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { markerPoints, markerTypes, users } from "../../../db/schema";
import { ofTenant } from "../../../db/tenant";
import type { RequestScope } from "~/modules/access/access.server";
import { containing, defineResource, type FieldErrors, withLimit } from "~/modules/resource/resource.server";
import { locationFields } from "~/modules/resource/location.server";
import type { Option } from "~/modules/resource/route.server";
import { name30, optionalText, phone } from "./archive.server";
import { MARKER_ICONS, MARKER_LOCATION, markerPointView, markerTypeView } from "./markers.resource";
import { line } from "~/lib/form-fields";

/**
 * Spec §6: marker types and points are edited and deleted only by the account that created them. The action
 * refuses (the list merely hides the links), so a crafted post changes nothing.
 */
function creatorOnly(table: SQLiteTable & { id: SQLiteColumn; tenantId: SQLiteColumn; creatorId: SQLiteColumn }) {
  return {
    check: async (scope: RequestScope, _values: Record<string, unknown>, current?: Record<string, unknown>): Promise<FieldErrors> =>
      current && current.creatorId !== scope.user.id ? { form: "telematics:marker.notCreator" } : {},
    beforeDelete: async (scope: RequestScope, ids: number[]) => {
      const [others] = await scope.db
        .select({ n: count() })
        .from(table)
        .where(and(inArray(table.id, ids), ofTenant(table, scope.user.tenantId), or(ne(table.creatorId, scope.user.id), sql`${table.creatorId} is null`)));
      return others!.n ? { refuse: "telematics:marker.notCreator" } : null;
    },
  };
}

const typeRule = creatorOnly(markerTypes);
const pointRule = creatorOnly(markerPoints);

const TypeSchema = z.object({
  name: name30,
  icon: z.enum(MARKER_ICONS.map((i) => i.value) as [string, ...string[]], { message: "validation.required" }),
});

export const markerTypeResource = defineResource({
  view: markerTypeView,
  table: markerTypes,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({ id: markerTypes.id, version: markerTypes.version, name: markerTypes.name, icon: markerTypes.icon, creatorId: markerTypes.creatorId, creatorName: users.userName, createdAt: markerTypes.createdAt })
      .from(markerTypes)
      .leftJoin(users, eq(users.id, markerTypes.creatorId))
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  },
  filters: { q: (v) => containing(markerTypes.name, v) },
  sortColumns: { name: markerTypes.name, createdAt: markerTypes.createdAt },
  defaultOrder: [desc(markerTypes.id)],
  createSchema: TypeSchema,
  updateSchema: TypeSchema,
  unique: [{ field: "name", column: markerTypes.name, message: "validation.duplicateName" }],
  check: typeRule.check,
  async beforeDelete(scope, ids) {
    const refused = await typeRule.beforeDelete(scope, ids);
    if (refused) return refused;
    const [used] = await scope.db.select({ n: count() }).from(markerPoints).where(and(inArray(markerPoints.typeId, ids), ofTenant(markerPoints, scope.user.tenantId)));
    return used!.n ? { refuse: "telematics:marker.typeInUse" } : { dependents: [] };
  },
  toInsert: (values, scope) => ({ ...values, creatorId: scope.user.id }),
  toUpdate: (values) => values,
  auditView: (row) => row,
});

const PointSchema = z.object({
  name: name30,
  typeId: line()
    .refine((v) => v === "" || /^\d+$/.test(v), "validation.required")
    .transform((v) => (v ? Number(v) : null)),
  ...locationFields(MARKER_LOCATION),
  contact1: optionalText(10, "validation.contact"),
  phone1: phone,
  contact2: optionalText(10, "validation.contact"),
  phone2: phone,
  remark: optionalText(50, "validation.remark"),
});

export const markerPointResource = defineResource({
  view: markerPointView,
  table: markerPoints,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({
        id: markerPoints.id,
        version: markerPoints.version,
        name: markerPoints.name,
        typeName: markerTypes.name,
        address: markerPoints.address,
        lng: markerPoints.lng,
        lat: markerPoints.lat,
        contact1: markerPoints.contact1,
        phone1: markerPoints.phone1,
        creatorId: markerPoints.creatorId,
        creatorName: users.userName,
        createdAt: markerPoints.createdAt,
      })
      .from(markerPoints)
      .leftJoin(markerTypes, eq(markerTypes.id, markerPoints.typeId))
      .leftJoin(users, eq(users.id, markerPoints.creatorId))
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  },
  filters: { q: (v) => or(containing(markerPoints.name, v), containing(markerPoints.address, v)) },
  sortColumns: { name: markerPoints.name, createdAt: markerPoints.createdAt },
  defaultOrder: [desc(markerPoints.id)],
  createSchema: PointSchema,
  updateSchema: PointSchema,
  async check(scope, values, current) {
    const errors = await pointRule.check(scope, values, current);
    if (values.typeId === null) return errors;
    const [type] = await scope.db
      .select({ id: markerTypes.id })
      .from(markerTypes)
      .where(and(eq(markerTypes.id, values.typeId), ofTenant(markerTypes, scope.user.tenantId)));
    if (!type) errors.typeId = "validation.required";
    return errors;
  },
  async beforeDelete(scope, ids) {
    return (await pointRule.beforeDelete(scope, ids)) ?? { dependents: [] };
  },
  toInsert: (values, scope) => ({ ...values, creatorId: scope.user.id }),
  toUpdate: (values) => values,
  auditView: (row) => row,
});

export async function markerPointOptions({ db, user }: RequestScope): Promise<Record<string, Option[]>> {
  const rows = await db.select({ value: markerTypes.id, label: markerTypes.name }).from(markerTypes).where(ofTenant(markerTypes, user.tenantId)).orderBy(markerTypes.name);
  return { typeId: rows.map((r) => ({ value: String(r.value), label: r.label })) };
}
