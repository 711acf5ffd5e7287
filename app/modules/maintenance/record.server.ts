/**
 * 保养记录's server half: the records of the machines the user sees, the save (head, items, and the machine's reading
 * of that day in one batch; the meter of that day filled in when left empty; never below it), and what follows: the
 * schedule's next cycle starts at once (meters.server.ts). A new record opened from the due list (`?planId=&vehicleId=`)
 * starts with that plan's items to check.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { and, asc, desc, eq, gte, inArray, lte, ne, or, sql } from "drizzle-orm";
import { vehicles } from "../../../db/schema";
import { visibleVehicleIdWhere } from "../../../db/rules/data-scope";
import { ofTenant, sameTenant, tenantOfOuter, tenantWhere, withTenant } from "../../../db/tenant";
import { isBusinessDay } from "~/lib/calendar";
import { formatCents } from "~/lib/cents";
import { todayInZone } from "~/lib/tenant-clock";
import { requireScope, type RequestScope } from "~/modules/access/access.server";
import { documentChecks, documentLinesWrites, documentLoader, type DocumentDefinition } from "~/modules/resource/document.server";
import { schemaOfFields } from "~/modules/resource/field-schema";
import { containing, defineResource, withLimit, type BatchItem } from "~/modules/resource/resource.server";
import type { Option } from "~/modules/resource/route.server";
import { machineChoices, machineLabel, machineMatches } from "~/modules/telematics/vehicle-choice.server";
import { MAINTENANCE_PATH, meterLabel, READING_SOURCE } from "./maintenance";
import { backwardsRefusals, meterOn, planCovers, recomputeSchedules } from "./meters.server";
import { recordForm, recordView } from "./record.resource";
import { maintenancePlanItems, maintenancePlans, maintenanceRecordItems, maintenanceRecords, meterReadings } from "./tables.server";

/** BY-202612-0001: per tenant and month. */
export const RECORD_NUMBERING = { field: "number", kind: "maintenanceRecord", prefix: "BY" } as const;

const LINES = { items: { table: maintenanceRecordItems, parent: maintenanceRecordItems.recordId, position: maintenanceRecordItems.position } };

/** A record is seen with its machine (the user's data scope over machines). */
const inScope = (scope: RequestScope) => visibleVehicleIdWhere(scope, maintenanceRecords.vehicleId);

const itemsOf = (abnormal: boolean) =>
  sql<number>`(select count(*) from ${maintenanceRecordItems} where ${maintenanceRecordItems.recordId} = ${maintenanceRecords.id} and ${tenantOfOuter(maintenanceRecordItems, maintenanceRecords)}${abnormal ? sql` and ${maintenanceRecordItems.result} = 'abnormal'` : sql``})`;

const recompute = (scope: RequestScope, vehicleIds: (number | null | undefined)[]) =>
  recomputeSchedules(scope.db, scope.user.tenantId, todayInZone(scope.user.timeZone), { vehicleIds: [...new Set(vehicleIds.filter((id): id is number => typeof id === "number"))] });

/** The machines of records being deleted, read before they go, for the recompute after (by the request's scope). */
const deleting = new WeakMap<RequestScope, number[]>();

export const recordResource = defineResource({
  view: recordView,
  table: maintenanceRecords,
  number: RECORD_NUMBERING,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({
        id: maintenanceRecords.id,
        version: maintenanceRecords.version,
        number: maintenanceRecords.number,
        serviceOn: maintenanceRecords.serviceOn,
        plate: machineLabel.as("plate"),
        planName: sql<string>`${maintenancePlans.name}`.as("plan_name"),
        hours: maintenanceRecords.hours,
        km: maintenanceRecords.km,
        doneBy: maintenanceRecords.doneBy,
        cost: maintenanceRecords.cost,
        items: itemsOf(false).as("items"),
        abnormal: itemsOf(true).as("abnormal"),
        createdAt: maintenanceRecords.createdAt,
      })
      .from(maintenanceRecords)
      .innerJoin(vehicles, and(eq(vehicles.id, maintenanceRecords.vehicleId), sameTenant(vehicles, maintenanceRecords)))
      .innerJoin(maintenancePlans, and(eq(maintenancePlans.id, maintenanceRecords.planId), sameTenant(maintenancePlans, maintenanceRecords)))
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  },
  mapRows: (rows) => rows.map(({ hours, km, cost, ...r }) => ({ ...r, meterText: meterLabel(hours, km), costText: cost === null ? null : formatCents(cost) })),
  filters: {
    q: (v) =>
      or(
        containing(maintenanceRecords.number, v),
        containing(maintenanceRecords.doneBy, v),
        machineMatches(maintenanceRecords.vehicleId, maintenanceRecords, v),
      ),
    planId: (v) => (/^\d{1,12}$/.test(v) ? eq(maintenanceRecords.planId, Number(v)) : undefined),
    from: (v) => (isBusinessDay(v) ? gte(maintenanceRecords.serviceOn, v) : undefined),
    to: (v) => (isBusinessDay(v) ? lte(maintenanceRecords.serviceOn, v) : undefined),
  },
  sortColumns: { number: maintenanceRecords.number, serviceOn: maintenanceRecords.serviceOn, createdAt: maintenanceRecords.createdAt },
  defaultOrder: [desc(maintenanceRecords.serviceOn), desc(maintenanceRecords.id)],
  createSchema: schemaOfFields(recordForm),
  updateSchema: schemaOfFields(recordForm),
  check: async (scope, values, current) => {
    const errors = await documentChecks(recordView, { options: recordOptions, editable: () => true })(scope, values, current);
    if (Object.keys(errors).length) return errors;
    const v = values as { planId: number; vehicleId: number; serviceOn: string; hours: number | null; km: number | null };
    const today = todayInZone(scope.user.timeZone);
    if (v.serviceOn > today) return { serviceOn: `maintenance:futureDay|${today}` };
    if (!(await planCovers(scope.db, scope.user.tenantId, v.planId, v.vehicleId))) return { vehicleId: "maintenance:notCovered" };
    const [taken] = await scope.db
      .select({ id: maintenanceRecords.id })
      .from(maintenanceRecords)
      .where(tenantWhere(maintenanceRecords, scope, eq(maintenanceRecords.planId, v.planId), eq(maintenanceRecords.vehicleId, v.vehicleId), eq(maintenanceRecords.serviceOn, v.serviceOn), current ? ne(maintenanceRecords.id, current.id) : undefined))
      .limit(1);
    if (taken) return { serviceOn: "maintenance:serviceTaken" };
    return backwardsRefusals(scope.db, scope.user.tenantId, { vehicleId: v.vehicleId, day: v.serviceOn, hours: v.hours, km: v.km }, { serviceId: current?.id });
  },
  toInsert: ({ items: _i, ...head }, scope) => ({ ...head, planId: head.planId!, vehicleId: head.vehicleId!, serviceOn: head.serviceOn!, number: "", creatorId: scope.user.id }),
  toUpdate: ({ items: _i, ...head }) => head,
  sideWrites: async (scope, save) => {
    const { writes } = documentLinesWrites(LINES)(scope, save);
    const v = save.values as { vehicleId: number; serviceOn: string; hours: number | null; km: number | null };
    const own = typeof save.id === "number" ? save.id : undefined;
    const extra: BatchItem[] = [];
    // left empty: the machine's meter of the day (its own reading of an earlier save left out)
    const meter = v.hours === null || v.km === null ? await meterOn(scope.db, scope.user.tenantId, v.vehicleId, v.serviceOn, { serviceId: own }) : null;
    const hours = v.hours ?? meter!.hours;
    const km = v.km ?? meter!.km;
    if (meter) extra.push(scope.db.update(maintenanceRecords).set({ hours, km }).where(and(eq(maintenanceRecords.id, save.id as number), ofTenant(maintenanceRecords, scope))));
    // the service is the machine's reading of that day: written again with the record
    if (own) extra.push(scope.db.delete(meterReadings).where(tenantWhere(meterReadings, scope, eq(meterReadings.serviceId, own))));
    extra.push(scope.db.insert(meterReadings).values(withTenant(scope, { vehicleId: v.vehicleId, readOn: v.serviceOn, hours, km, source: READING_SOURCE.service, serviceId: save.id as number, creatorId: scope.user.id })));
    return { writes: [...writes, ...extra], afterCommit: () => recompute(scope, [v.vehicleId, save.before?.vehicleId]) };
  },
  beforeDelete: async (scope, ids) => {
    const gone = await scope.db.select({ vehicleId: maintenanceRecords.vehicleId }).from(maintenanceRecords).where(tenantWhere(maintenanceRecords, scope, inArray(maintenanceRecords.id, ids)));
    deleting.set(scope, gone.map((r) => r.vehicleId));
    return {
      dependents: [
        scope.db.delete(meterReadings).where(tenantWhere(meterReadings, scope, inArray(meterReadings.serviceId, ids))),
        scope.db.delete(maintenanceRecordItems).where(tenantWhere(maintenanceRecordItems, scope, inArray(maintenanceRecordItems.recordId, ids))),
      ],
    };
  },
  // the machines' schedules go back to the service before (or their start)
  afterDelete: async (scope) => {
    await recompute(scope, deleting.get(scope) ?? []);
    deleting.delete(scope);
  },
  auditView: (row) => row,
  scopeWhere: inScope,
  fileColumns: [maintenanceRecords.attachments],
});

/** The choices of its references: the plans, and the machines the user sees. */
export async function recordOptions(scope: RequestScope): Promise<Record<string, Option[]>> {
  const [plans, machines] = await Promise.all([
    scope.db.select({ id: maintenancePlans.id, number: maintenancePlans.number, name: maintenancePlans.name }).from(maintenancePlans).where(ofTenant(maintenancePlans, scope)).orderBy(asc(maintenancePlans.name)),
    machineChoices(scope),
  ]);
  return { planId: plans.map((p) => ({ value: String(p.id), label: `${p.name}（${p.number}）` })), vehicleId: machines };
}

export const recordDocument: DocumentDefinition<{ id: number; version: number; state: number }> = {
  resource: recordResource,
  lines: LINES,
  editable: () => true,
  options: recordOptions,
  // from the due list: its plan and machine, when they are among the user's; serviced today
  newValues: (url, values, options) => {
    const asked = (key: "planId" | "vehicleId") => {
      const id = url.searchParams.get(key);
      return id && options[key]?.some((o) => o.value === id) ? { [key]: id } : {};
    };
    return { ...values, serviceOn: todayInZone(), ...asked("planId"), ...asked("vehicleId") };
  },
};

/** The record's page: a new one from the due list starts with its plan's items to check, each 正常 until told. */
export async function recordLoader(args: LoaderFunctionArgs) {
  const page = await documentLoader(args, recordDocument);
  const planId = page.data.mode === "create" ? Number(page.data.values.planId) : 0;
  if (!planId) return page;
  const scope = await requireScope(args.request, args.context, { screen: MAINTENANCE_PATH });
  const items = await scope.db
    .select({ item: maintenancePlanItems.item })
    .from(maintenancePlanItems)
    .where(tenantWhere(maintenancePlanItems, scope, eq(maintenancePlanItems.planId, planId)))
    .orderBy(asc(maintenancePlanItems.position));
  if (!items.length) return page;
  return data({ ...page.data, values: { ...page.data.values, items: items.map((i) => ({ item: i.item, result: "ok", note: "" })) } }, page.init ?? undefined);
}
