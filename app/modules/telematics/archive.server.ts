import { and, count, desc, eq, inArray, or, sql } from "drizzle-orm";
import { z } from "zod";
import { alias } from "drizzle-orm/sqlite-core";
import { drivers, users, vehicleModels, vehicleOwners, vehicles } from "../../../db/schema";
import { ofTenant, sameTenant } from "../../../db/tenant";
import { hasSpecialChars, isLandline, isMobile } from "~/lib/validators";
import type { RequestScope } from "~/modules/access/access.server";
import { containing, defineResource, type FieldErrors, withLimit } from "~/modules/resource/resource.server";
import type { Option } from "~/modules/resource/route.server";
import { driverView, iconOptions, ownerView, OWNER_TYPES, vehicleModelView } from "./archive.resource";
import { visibleVehiclesWhere } from "../../../db/rules/data-scope";
import { ENERGY_TYPES } from "./vehicles.resource";
import { line } from "~/lib/form-fields";

export const optionalText = (max: number, message: string) =>
  line()
    .max(max, message)
    .transform((v) => v || null);
export const name30 = line()
  .min(1, "validation.name30")
  .max(30, "validation.name30")
  .refine((v) => !hasSpecialChars(v), "validation.specialChars");
export const phone = line()
  .refine((v) => v === "" || isMobile(v) || isLandline(v), "validation.phone")
  .transform((v) => v || null);
const measure = line()
  .refine((v) => v === "" || (/^\d{1,6}(\.\d{1,2})?$/.test(v) && Number(v) <= 100000), "telematics:measure")
  .transform((v) => (v === "" ? null : Number(v)));
const choice = (options: { value: string }[], required: boolean) =>
  line()
    .refine((v) => (v === "" ? !required : options.some((o) => o.value === v)), "validation.required")
    .transform((v) => v || null);
const optionalId = line()
  .refine((v) => v === "" || /^\d+$/.test(v), "validation.required")
  .transform((v) => (v ? Number(v) : null));

// ---- vehicle models ----------------------------------------------------------------------------------

const ModelSchema = z.object({
  name: name30,
  energyType: choice(ENERGY_TYPES, false),
  length: measure,
  width: measure,
  height: measure,
  volume: measure,
  fuelAlarm: measure,
  idleCoefficient: measure,
  announcementNo: optionalText(30, "telematics:text30"),
  announcementBatch: optionalText(30, "telematics:text30"),
  iconRunning: choice(iconOptions("running"), true),
  iconStopped: choice(iconOptions("stopped"), true),
  iconOffline: choice(iconOptions("offline"), true),
});

const modelVehicleCount = sql<number>`(select count(*) from vehicles v where v.model_id = "vehicle_models"."id")`;

export const vehicleModelResource = defineResource({
  view: vehicleModelView,
  table: vehicleModels,
  selectRows: (db, where, orderBy, limit, offset) =>
    withLimit(
      db
        .select({
          id: vehicleModels.id,
          version: vehicleModels.version,
          name: vehicleModels.name,
          length: vehicleModels.length,
          width: vehicleModels.width,
          height: vehicleModels.height,
          volume: vehicleModels.volume,
          fuelAlarm: vehicleModels.fuelAlarm,
          idleCoefficient: vehicleModels.idleCoefficient,
          energyType: vehicleModels.energyType,
          vehicleCount: modelVehicleCount,
          createdAt: vehicleModels.createdAt,
        })
        .from(vehicleModels)
        .where(where)
        .orderBy(...orderBy)
        .offset(offset),
      limit,
    ),
  filters: { q: (v) => or(containing(vehicleModels.name, v), containing(vehicleModels.announcementNo, v)) },
  sortColumns: { name: vehicleModels.name, createdAt: vehicleModels.createdAt },
  defaultOrder: [desc(vehicleModels.id)],
  createSchema: ModelSchema,
  updateSchema: ModelSchema,
  unique: [{ field: "name", column: vehicleModels.name, message: "validation.duplicateName" }],
  toInsert: (values, scope) => ({ ...values, creatorId: scope.user.id }),
  toUpdate: (values) => values,
  auditView: (row) => row,
  async beforeDelete(scope, ids) {
    const [used] = await scope.db.select({ n: count() }).from(vehicles).where(and(inArray(vehicles.modelId, ids), ofTenant(vehicles, scope.user.tenantId)));
    return used!.n ? { refuse: "telematics:model.inUse" } : { dependents: [] };
  },
});

// ---- owners ------------------------------------------------------------------------------------------

const OwnerSchema = z.object({
  name: name30,
  ownerType: z.enum(["personal", "enterprise"], { message: "validation.required" }),
  idNumber: line()
    .transform((v) => v.toUpperCase())
    .refine((v) => v === "" || /^[0-9A-Z]{18}$/.test(v), "telematics:owner.idNumber")
    .transform((v) => v || null),
  phone,
  authorizedUserId: optionalId,
});

const ownerVehicleCount = sql<number>`(select count(*) from vehicles v where v.owner_id = "vehicle_owners"."id")`;

export const ownerResource = defineResource({
  view: ownerView,
  table: vehicleOwners,
  fileColumns: [vehicleOwners.idPhoto, vehicleOwners.licencePhoto],
  selectRows: (db, where, orderBy, limit, offset) =>
    withLimit(
      db
        .select({
          id: vehicleOwners.id,
          version: vehicleOwners.version,
          name: vehicleOwners.name,
          ownerType: vehicleOwners.ownerType,
          idNumber: vehicleOwners.idNumber,
          phone: vehicleOwners.phone,
          authorizedUserName: users.userName,
          vehicleCount: ownerVehicleCount,
          createdAt: vehicleOwners.createdAt,
        })
        .from(vehicleOwners)
        .leftJoin(users, eq(users.id, vehicleOwners.authorizedUserId))
        .where(where)
        .orderBy(...orderBy)
        .offset(offset),
      limit,
    ),
  filters: {
    q: (v) => or(containing(vehicleOwners.name, v), containing(vehicleOwners.idNumber, v), containing(vehicleOwners.phone, v)),
    ownerType: (v) => eq(vehicleOwners.ownerType, v),
  },
  sortColumns: { name: vehicleOwners.name, createdAt: vehicleOwners.createdAt },
  defaultOrder: [desc(vehicleOwners.id)],
  createSchema: OwnerSchema,
  updateSchema: OwnerSchema,
  // spec §5: a repeated owner is refused
  unique: [{ field: "name", column: vehicleOwners.name, message: "telematics:owner.duplicate" }],
  async check(scope, values) {
    const errors: FieldErrors = {};
    if (values.authorizedUserId) {
      const [u] = await scope.db.select({ id: users.id }).from(users).where(and(eq(users.id, values.authorizedUserId), ofTenant(users, scope.user.tenantId)));
      if (!u) errors.authorizedUserId = "validation.required";
    }
    return errors;
  },
  toInsert: (values, scope) => ({ ...values, creatorId: scope.user.id }),
  toUpdate: (values) => values,
  auditView: (row) => row,
  async beforeDelete(scope, ids) {
    const [used] = await scope.db.select({ n: count() }).from(vehicles).where(and(inArray(vehicles.ownerId, ids), ofTenant(vehicles, scope.user.tenantId)));
    return used!.n ? { refuse: "telematics:owner.inUse" } : { dependents: [] };
  },
});

export async function ownerOptions({ db, user }: RequestScope): Promise<Record<string, Option[]>> {
  const rows = await db.select({ value: users.id, label: users.userName }).from(users).where(ofTenant(users, user.tenantId)).orderBy(users.userName);
  return { authorizedUserId: rows.map((r) => ({ value: String(r.value), label: r.label })) };
}

// ---- drivers -----------------------------------------------------------------------------------------

/** the driver filter's subquery */
const driverVehicle = alias(vehicles, "dv");

const DriverSchema = z.object({
  name: line()
    .min(1, "telematics:driver.name")
    .max(20, "telematics:driver.name")
    .refine((v) => !hasSpecialChars(v), "validation.specialChars"),
  phone,
  vehicleId: optionalId,
});

export const driverResource = defineResource({
  view: driverView,
  table: drivers,
  fileColumns: [drivers.docPhoto, drivers.idFrontPhoto],
  selectRows: (db, where, orderBy, limit, offset) =>
    withLimit(
      db
        .select({ id: drivers.id, version: drivers.version, name: drivers.name, phone: drivers.phone, vehicleId: drivers.vehicleId, plate: vehicles.plate, createdAt: drivers.createdAt })
        .from(drivers)
        .leftJoin(vehicles, eq(vehicles.id, drivers.vehicleId))
        .where(where)
        .orderBy(...orderBy)
        .offset(offset),
      limit,
    ),
  filters: {
    // the plate through a subquery, not the rows' join: the list's total counts drivers alone
    q: (v) =>
      or(
        containing(drivers.name, v),
        containing(drivers.phone, v),
        sql`${drivers.vehicleId} in (select dv.id from vehicles dv where ${sameTenant(driverVehicle, drivers)} and ${containing(sql`dv.plate`, v)})`,
      ),
  },
  sortColumns: { name: drivers.name, createdAt: drivers.createdAt },
  defaultOrder: [desc(drivers.id)],
  createSchema: DriverSchema,
  updateSchema: DriverSchema,
  async check(scope, values) {
    const errors: FieldErrors = {};
    if (values.vehicleId) {
      const [v] = await scope.db
        .select({ id: vehicles.id })
        .from(vehicles)
        .where(and(eq(vehicles.id, values.vehicleId), ofTenant(vehicles, scope.user.tenantId), visibleVehiclesWhere(scope)));
      if (!v) errors.vehicleId = "validation.required";
    }
    return errors;
  },
  toInsert: (values, scope) => ({ ...values, creatorId: scope.user.id }),
  toUpdate: (values) => values,
  auditView: (row) => row,
});

/** The driver form's vehicles: those the user may see, by plate. */
export async function driverOptions(scope: RequestScope): Promise<Record<string, Option[]>> {
  const rows = await scope.db
    .select({ value: vehicles.id, label: vehicles.plate })
    .from(vehicles)
    .where(and(ofTenant(vehicles, scope.user.tenantId), visibleVehiclesWhere(scope)))
    .orderBy(vehicles.plate)
    .limit(2000);
  return { vehicleId: rows.map((r) => ({ value: String(r.value), label: r.label })) };
}

export { OWNER_TYPES };
