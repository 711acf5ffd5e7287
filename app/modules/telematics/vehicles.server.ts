import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import { z } from "zod";
import { data, redirect } from "@remix-run/cloudflare";
import { dataPermissions, drivers, fenceVehicles, lineVehicles, organisations, terminalCommands, userVehicles, vehicleModels, vehicleOwners, vehicles } from "../../../db/schema";
import { ofTenant } from "../../../db/tenant";
import { hubFor } from "../../../workers/fleet-hub/client";
import { sha256Hex } from "../../../workers/telematics/secret";
import { phoneKey } from "../../../workers/telematics/phone";
import type { RequestScope } from "~/modules/access/access.server";
import { flashCookie } from "~/modules/auth/session.server";
import { containing, defineResource, fieldErrors, postedIds, type FieldErrors, withLimit } from "~/modules/resource/resource.server";
import type { Option } from "~/modules/resource/route.server";
import { visibleVehiclesWhere } from "../../../db/rules/data-scope";
import { assignableOrgOptions, mayAssignOrg } from "~/modules/access/orgs.server";
import { VEHICLE_TYPES } from "./vehicle-types";
import { DEVICE_TYPES, ENERGY_TYPES, vehicleStates, vehicleView } from "./vehicles.resource";
import { stateIntents, transitionIntents, type Machine } from "~/modules/workflow/engine.server";
import { line, note, optionalDay } from "~/lib/form-fields";
import { runCommand } from "~/modules/resource/command.server";

/** Spec §5: 17 letters or digits; I, O and Q are never used in a VIN (ISO 3779), so they are refused too. */
export const isVehicleVin = (v: string) => /^[A-HJ-NPR-Z0-9]{17}$/.test(v);
/** Spec §5: 10 letters or digits (the simulator's and the provision API's numbers, e.g. SIM0000001). */
export const isTerminalNo = (v: string) => /^[A-Z0-9]{10}$/.test(v);

/** What an uninstalled vehicle keeps in terminal_no (NOT NULL, unique): never a valid number, so no terminal matches it. */
export const uninstalledTerminalNo = (vehicleId: number) => `~${vehicleId}`;
const isPlaceholder = (no: unknown) => typeof no === "string" && no.startsWith("~");

const optionalText = (max: number, message: string, kind: typeof line = line) =>
  kind()
    .max(max, message)
    .transform((v) => v || null);
const optionalId = line()
  .refine((v) => v === "" || /^\d+$/.test(v), "validation.required")
  .transform((v) => (v ? Number(v) : null));
const optionalChoice = (choices: { value: string }[]) =>
  line()
    .refine((v) => v === "" || choices.some((c) => c.value === v), "validation.required")
    .transform((v) => v || null);
/** The first manufacture day a machine may have: older than any business record, not older than the trade. */
const EARLIEST_MANUFACTURE_DAY = "1950-01-01";
const optionalDate = (earliest?: string) => optionalDay({ message: earliest ? "validation.pastDate" : "validation.date", earliest });
const terminalNo = line()
  .transform((v) => v.toUpperCase())
  .refine(isTerminalNo, "telematics:vehicle.terminalNo");
const secret = z
  .string()
  .refine((v) => v === "" || (v.length >= 16 && v.length <= 128), "telematics:vehicle.secret")
  .transform((v) => v || undefined);

const fields = {
  plate: line().min(1, "telematics:vehicle.plate").max(20, "telematics:vehicle.plate"),
  vin: line()
    .transform((v) => v.toUpperCase())
    .refine((v) => v === "" || isVehicleVin(v), "telematics:vehicle.vin")
    .transform((v) => v || null),
  terminalSecret: secret,
  // identifiers are case-blind: stored in capitals, and the OsmAnd lookup capitalises what it is sent
  deviceIdent: line()
    .refine((v) => v === "" || /^[A-Za-z0-9]{6,32}$/.test(v), "telematics:vehicle.deviceIdent")
    .transform((v) => v.toUpperCase() || null),
  // a JT808 terminal's phone, kept as the gateway's calls look it up (phoneKey: digits without leading zeros)
  jt808Phone: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .refine((v) => v === "" || phoneKey(v) !== null, "telematics:vehicle.jt808Phone")
    .transform((v) => (v === "" ? null : phoneKey(v))),
  // 1: forget the JT808 terminal's authentication code, so it may register again (a reset or replaced terminal)
  jt808Reset: z
    .enum(["0", "1", ""])
    .optional()
    .transform((v) => v === "1"),
  // absent (an older import template) means off
  osmandEnabled: z
    .enum(["0", "1", ""], { message: "validation.required" })
    .optional()
    .transform((v) => (v === "1" ? 1 : 0)),
  osmandKey: z
    .string()
    .optional()
    .transform((v) => v ?? "")
    .refine((v) => v === "" || /^[A-Za-z0-9_-]{8,64}$/.test(v), "telematics:vehicle.osmandKey")
    .transform((v) => v || undefined),
  code: optionalText(30, "telematics:text30"),
  selfNo: optionalText(30, "telematics:text30"),
  orgId: z.coerce.number({ message: "validation.required" }).int().positive("validation.required"),
  modelId: optionalId,
  ownerId: optionalId,
  vehicleType: optionalChoice(VEHICLE_TYPES),
  energyType: optionalChoice(ENERGY_TYPES),
  sim1: line()
    .refine((v) => v === "" || /^\d{11,20}$/.test(v), "telematics:vehicle.sim")
    .transform((v) => v || null),
  sim2: line()
    .refine((v) => v === "" || /^\d{11,20}$/.test(v), "telematics:vehicle.sim")
    .transform((v) => v || null),
  // a machine may be older than the business records it serves in
  manufactureDate: optionalDate(EARLIEST_MANUFACTURE_DAY),
  warrantyEnd: optionalDate(),
  chassisType: optionalText(30, "telematics:text30"),
  engineModel: optionalText(30, "telematics:text30"),
  passPermit: optionalText(30, "telematics:text30"),
  terminalFactory: optionalText(30, "telematics:text30"),
  hardwareVersion: optionalText(30, "telematics:text30"),
  softwareVersion: optionalText(30, "telematics:text30"),
  videoChannels: line()
    .transform((v) => (v === "" ? "0" : v))
    .refine((v) => /^\d{1,2}$/.test(v) && Number(v) <= 36, "telematics:vehicle.videoChannels")
    .transform(Number),
  deviceType: z.enum(DEVICE_TYPES.map((d) => d.value) as [string, ...string[]], { message: "validation.required" }),
  saleState: z.enum(["0", "1"], { message: "validation.required" }).transform(Number),
  assemblies: optionalText(200, "telematics:text200", note),
};

export const VehicleCreateSchema = z.object({ ...fields, terminalNo });
/** On edit an empty terminal number keeps the current one (an uninstalled vehicle has none to show). */
export const VehicleUpdateSchema = z.object({
  ...fields,
  terminalNo: line()
    .transform((v) => v.toUpperCase())
    .refine((v) => v === "" || isTerminalNo(v), "telematics:vehicle.terminalNo")
    .transform((v) => v || undefined),
});

export type VehicleRow = {
  id: number;
  version: number;
  plate: string;
  terminalNo: string | null;
  vin: string | null;
  selfNo: string | null;
  orgName: string | null;
  modelName: string | null;
  ownerName: string | null;
  vehicleType: string | null;
  sim1: string | null;
  saleState: number;
  installed: number;
  state: number;
  createdAt: number;
};

/** The terminal number as users see it: none while uninstalled. */
const shownTerminalNo = sql<string | null>`case when ${vehicles.installed} = 1 then ${vehicles.terminalNo} end`;

const configChanged = (scope: RequestScope) => hubFor(scope.env, scope.user.tenantId).configChanged();

export const vehicleResource = defineResource({
  view: vehicleView,
  table: vehicles,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({
        id: vehicles.id,
        version: vehicles.version,
        plate: vehicles.plate,
        terminalNo: shownTerminalNo,
        vin: vehicles.vin,
        selfNo: vehicles.selfNo,
        orgName: organisations.name,
        modelName: vehicleModels.name,
        ownerName: vehicleOwners.name,
        vehicleType: vehicles.vehicleType,
        sim1: vehicles.sim1,
        saleState: vehicles.saleState,
        installed: vehicles.installed,
        state: vehicles.state,
        createdAt: vehicles.createdAt,
      })
      .from(vehicles)
      .leftJoin(organisations, eq(organisations.id, vehicles.orgId))
      .leftJoin(vehicleModels, eq(vehicleModels.id, vehicles.modelId))
      .leftJoin(vehicleOwners, eq(vehicleOwners.id, vehicles.ownerId))
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit<VehicleRow>(q, limit);
  },
  filters: {
    q: (v) => or(containing(vehicles.plate, v), containing(vehicles.terminalNo, v.toUpperCase()), containing(vehicles.selfNo, v), containing(vehicles.vin, v.toUpperCase())),
    state: (v) => eq(vehicles.state, Number(v)),
    saleState: (v) => eq(vehicles.saleState, Number(v)),
    installed: (v) => eq(vehicles.installed, Number(v)),
    vehicleType: (v) => eq(vehicles.vehicleType, v),
  },
  sortColumns: { plate: vehicles.plate, terminalNo: vehicles.terminalNo, selfNo: vehicles.selfNo, saleState: vehicles.saleState, state: vehicles.state, createdAt: vehicles.createdAt },
  defaultOrder: [desc(vehicles.createdAt), desc(vehicles.id)],
  scopeWhere: visibleVehiclesWhere,
  createSchema: VehicleCreateSchema,
  updateSchema: VehicleUpdateSchema,
  unique: [
    { field: "plate", column: vehicles.plate, message: "telematics:vehicle.duplicatePlate" },
    // terminal numbers and device identifiers are unique across tenants: a report names only the terminal
    { field: "terminalNo", column: vehicles.terminalNo, across: "all", message: "telematics:vehicle.duplicateTerminalNo" },
    { field: "vin", column: vehicles.vin, message: "telematics:vehicle.duplicateVin" },
    { field: "deviceIdent", column: vehicles.deviceIdent, across: "all", message: "telematics:vehicle.duplicateDeviceIdent" },
    // and across the two columns: an identifier names one vehicle whichever column holds it (a terminal number is
    // never another vehicle's device identifier). The refusal says "in use", never whose.
    { field: "terminalNo", column: vehicles.deviceIdent, across: "all", message: "telematics:vehicle.duplicateTerminalNo" },
    { field: "deviceIdent", column: vehicles.terminalNo, across: "all", message: "telematics:vehicle.duplicateDeviceIdent" },
    { field: "jt808Phone", column: vehicles.jt808Phone, across: "all", message: "telematics:vehicle.duplicateJt808Phone" },
  ],
  async check(scope, values, current) {
    const errors: FieldErrors = {};
    const { db, user } = scope;
    if (!(await mayAssignOrg(scope, values.orgId))) errors.orgId = "validation.required";
    if (values.modelId) {
      const [m] = await db.select({ id: vehicleModels.id }).from(vehicleModels).where(and(eq(vehicleModels.id, values.modelId), ofTenant(vehicleModels, user.tenantId)));
      if (!m) errors.modelId = "validation.required";
    }
    if (values.ownerId) {
      const [o] = await db.select({ id: vehicleOwners.id }).from(vehicleOwners).where(and(eq(vehicleOwners.id, values.ownerId), ofTenant(vehicleOwners, user.tenantId)));
      if (!o) errors.ownerId = "validation.required";
    }
    if (current && current.installed === 0 && values.terminalNo) errors.terminalNo = "telematics:vehicle.installFirst";
    const terminal = values.terminalNo ?? current?.terminalNo;
    if (values.deviceIdent && values.deviceIdent === terminal) errors.deviceIdent = "telematics:vehicle.deviceIdentIsTerminal";
    // OsmAnd has no secret of its own: only a vehicle with a device identifier and no terminal secret may use it
    if (values.osmandEnabled === 1) {
      if (!values.deviceIdent) errors.deviceIdent = "telematics:vehicle.osmandNeedsIdent";
      else if (values.terminalSecret || current?.terminalSecretHash) errors.osmandEnabled = "telematics:vehicle.osmandWithSecret";
    }
    return errors;
  },
  async editValues(_scope, row) {
    return { terminalNo: row.installed === 1 && !isPlaceholder(row.terminalNo) ? row.terminalNo : "" };
  },
  async toInsert(values, scope) {
    const { terminalSecret, osmandKey, jt808Reset: _reset, ...rest } = values;
    return {
      ...rest,
      terminalSecretHash: terminalSecret ? await sha256Hex(String(terminalSecret)) : null,
      osmandKeyHash: values.osmandEnabled === 1 && osmandKey ? await sha256Hex(String(osmandKey)) : null,
      installed: 1,
      installedAt: Date.now(),
      creatorId: scope.user.id,
    };
  },
  async toUpdate(values) {
    const { terminalSecret, terminalNo: no, osmandKey, jt808Reset, ...rest } = values;
    // turning OsmAnd off forgets its key; an empty key field keeps the one set
    const key = values.osmandEnabled !== 1 ? { osmandKeyHash: null } : osmandKey ? { osmandKeyHash: await sha256Hex(String(osmandKey)) } : {};
    return {
      ...rest,
      ...key,
      ...(no ? { terminalNo: no } : {}),
      ...(terminalSecret ? { terminalSecretHash: await sha256Hex(String(terminalSecret)) } : {}),
      ...(jt808Reset ? { jt808AuthHash: null, jt808RegisteredAt: null } : {}),
    };
  },
  async beforeDelete(scope, ids) {
    return {
      dependents: [
        scope.db.delete(userVehicles).where(inArray(userVehicles.vehicleId, ids)),
        scope.db.delete(dataPermissions).where(inArray(dataPermissions.vehicleId, ids)),
        scope.db.delete(fenceVehicles).where(inArray(fenceVehicles.vehicleId, ids)),
        scope.db.delete(lineVehicles).where(inArray(lineVehicles.vehicleId, ids)),
        scope.db.delete(terminalCommands).where(inArray(terminalCommands.vehicleId, ids)),
        scope.db.update(drivers).set({ vehicleId: null }).where(inArray(drivers.vehicleId, ids)),
      ],
    };
  },
  afterCommit: (scope) => configChanged(scope),
  afterDelete: (scope) => configChanged(scope),
  // secrets never reach the audit log or the edit form
  auditView: ({ terminalSecretHash: _h, terminalSecret: _s, osmandKeyHash: _kh, osmandKey: _k, jt808AuthHash: _ah, ...row }) => row,
});

/** Choices of the vehicle form's selects: organisations the user may assign, the tenant's models and owners. */
export async function vehicleOptions(scope: RequestScope): Promise<Record<string, Option[]>> {
  const { db, user } = scope;
  const [orgId, models, owners] = await Promise.all([
    assignableOrgOptions(scope),
    db.select({ value: vehicleModels.id, label: vehicleModels.name }).from(vehicleModels).where(ofTenant(vehicleModels, user.tenantId)).orderBy(vehicleModels.name),
    db.select({ value: vehicleOwners.id, label: vehicleOwners.name }).from(vehicleOwners).where(ofTenant(vehicleOwners, user.tenantId)).orderBy(vehicleOwners.name),
  ]);
  const str = (rows: { value: number; label: string }[]) => rows.map((r) => ({ value: String(r.value), label: r.label }));
  return { orgId, modelId: str(models), ownerId: str(owners) };
}

export type VehicleActionData =
  | { intent: "confirmInstall"; id: number; plate: string; installed: boolean; terminalNo: string; errors?: FieldErrors }
  | { intent: "selection"; error: "selectRows" | "selectOne" };

/** The caller's visible vehicles among ids (tenant and data scope applied). */
async function visibleRows(scope: RequestScope, ids: number[]) {
  if (!ids.length) return [];
  return scope.db
    .select({ id: vehicles.id, plate: vehicles.plate, state: vehicles.state, installed: vehicles.installed, terminalNo: vehicles.terminalNo, version: vehicles.version })
    .from(vehicles)
    .where(and(inArray(vehicles.id, ids), ofTenant(vehicles, scope.user.tenantId), visibleVehiclesWhere(scope)));
}

const saved = (back: string) => redirect(back, { headers: { "Set-Cookie": flashCookie("saved") } });

/** Vehicles move between 启用 and 停用 on the engine, inside the user's data scope; the hub reloads its fleet after. */
export const vehicleMachine: Machine<{ id: number; version: number; state: number; plate: string }> = {
  view: vehicleStates,
  table: vehicles,
  stateKey: "state",
  load: (scope, ids) => visibleRows(scope, ids),
  label: (r) => r.plate,
  after: (scope) => configChanged(scope),
};

/** Install/uninstall of the terminal (asked first; install takes the number), and enable/stop on the engine (asked first, spec §4). */
export const vehicleIntents = {
  ...transitionIntents(vehicleMachine),
  ...stateIntents(vehicleMachine),
  confirmInstall: {
    permission: "edit" as const,
    async run(scope: RequestScope, form: FormData) {
      const ids = postedIds(form);
      if (ids.length !== 1) return data<VehicleActionData>({ intent: "selection", error: ids.length ? "selectOne" : "selectRows" }, { status: 400 });
      const [row] = await visibleRows(scope, ids);
      if (!row) throw new Response("Not Found", { status: 404 });
      return data<VehicleActionData>({ intent: "confirmInstall", id: row.id, plate: row.plate, installed: row.installed === 1, terminalNo: row.installed === 1 ? row.terminalNo : "" });
    },
  },
  /** installed → uninstalled: the number is released (another vehicle may take it) and the secret forgotten */
  uninstall: {
    permission: "edit" as const,
    async run(scope: RequestScope, form: FormData, back: string) {
      const [row] = await visibleRows(scope, postedIds(form).slice(0, 1));
      if (!row) throw new Response("Not Found", { status: 404 });
      if (row.installed === 1) {
        const write = scope.db
          .update(vehicles)
          .set({ installed: 0, uninstalledAt: Date.now(), terminalNo: uninstalledTerminalNo(row.id), terminalSecretHash: null, version: sql`${vehicles.version} + 1`, updatedAt: Date.now() })
          .where(and(eq(vehicles.id, row.id), ofTenant(vehicles, scope.user.tenantId)));
        await runCommand(scope, [write], { entity: "vehicle", action: "uninstall", id: row.id, before: { terminalNo: row.terminalNo, installed: 1 }, after: { terminalNo: null, installed: 0 } });
        await configChanged(scope);
      }
      return saved(back);
    },
  },
  /** uninstalled → installed with a terminal number (10 letters or digits, free across tenants) and optionally its secret */
  install: {
    permission: "edit" as const,
    async run(scope: RequestScope, form: FormData, back: string) {
      const [row] = await visibleRows(scope, postedIds(form).slice(0, 1));
      if (!row) throw new Response("Not Found", { status: 404 });
      const parsed = z.object({ terminalNo, terminalSecret: secret }).safeParse({ terminalNo: String(form.get("terminalNo") ?? ""), terminalSecret: String(form.get("terminalSecret") ?? "") });
      const errors: FieldErrors = parsed.success ? {} : fieldErrors(parsed.error);
      if (parsed.success) {
        const no = parsed.data.terminalNo;
        const [taken] = await scope.db.select({ id: vehicles.id }).from(vehicles).where(or(eq(vehicles.terminalNo, no), eq(vehicles.deviceIdent, no))).limit(1);
        if (taken && taken.id !== row.id) errors.terminalNo = "telematics:vehicle.duplicateTerminalNo";
      }
      if (!parsed.success || Object.keys(errors).length) {
        return data<VehicleActionData>({ intent: "confirmInstall", id: row.id, plate: row.plate, installed: false, terminalNo: String(form.get("terminalNo") ?? ""), errors }, { status: 400 });
      }
      const { terminalNo: no, terminalSecret } = parsed.data;
      const write = scope.db
        .update(vehicles)
        .set({
          installed: 1,
          installedAt: Date.now(),
          terminalNo: no,
          // a terminal with a secret reports through /ingest/v1 only: OsmAnd goes off with its key
          ...(terminalSecret ? { terminalSecretHash: await sha256Hex(terminalSecret), osmandEnabled: 0, osmandKeyHash: null } : {}),
          version: sql`${vehicles.version} + 1`,
          updatedAt: Date.now(),
        })
        .where(and(eq(vehicles.id, row.id), ofTenant(vehicles, scope.user.tenantId)));
      await runCommand(scope, [write], { entity: "vehicle", action: "install", id: row.id, before: { installed: row.installed }, after: { terminalNo: no, installed: 1 } });
      await configChanged(scope);
      return saved(back);
    },
  },
};
