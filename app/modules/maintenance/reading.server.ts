/**
 * 表读数's server half: the readings of the machines the user sees, 录入读数 (the meter never goes backwards: the save's
 * check names the figure, the trigger of migration 0049 keeps two at once from passing each other; one reading by
 * hand a machine and day, kept by a unique index) and 作废 (with a reason; the row is kept and counts no more). A
 * reading, once stored or voided, recomputes its machine's schedules at once.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { users, vehicles } from "../../../db/schema";
import { visibleVehicleIdWhere } from "../../../db/rules/data-scope";
import { sameTenant, tenantWhere } from "../../../db/tenant";
import { todayInZone } from "~/lib/tenant-clock";
import type { RequestScope } from "~/modules/access/access.server";
import { schemaOfFields } from "~/modules/resource/field-schema";
import { defineResource, withLimit, type FieldErrors } from "~/modules/resource/resource.server";
import type { Option } from "~/modules/resource/route.server";
import { machineChoices, machineLabel, machineMatches } from "~/modules/telematics/vehicle-choice.server";
import type { Machine } from "~/modules/workflow/engine.server";
import { hoursText, kmText, READING_SOURCE, READING_STATE } from "./maintenance";
import { backwardsRefusals, recomputeSchedules } from "./meters.server";
import { readingForm, readingStates, readingView, type ReadingStateRow } from "./reading.resource";
import { meterReadings } from "./tables.server";

/** A reading is seen with its machine (the user's data scope over machines). */
const inScope = (scope: RequestScope) => visibleVehicleIdWhere(scope, meterReadings.vehicleId);

/** The machines' schedules follow their readings at once. */
const recompute = (scope: RequestScope, vehicleIds: number[]) => recomputeSchedules(scope.db, scope.user.tenantId, todayInZone(scope.user.timeZone), { vehicleIds: [...new Set(vehicleIds)] });

export const readingResource = defineResource({
  view: readingView,
  table: meterReadings,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({
        id: meterReadings.id,
        version: meterReadings.version,
        vehicleId: meterReadings.vehicleId,
        plate: machineLabel.as("plate"),
        readOn: meterReadings.readOn,
        hours: meterReadings.hours,
        km: meterReadings.km,
        source: meterReadings.source,
        state: meterReadings.state,
        voidReason: meterReadings.voidReason,
        remark: meterReadings.remark,
        creatorName: sql<string | null>`${users.userName}`.as("creator_name"),
        createdAt: meterReadings.createdAt,
      })
      .from(meterReadings)
      .innerJoin(vehicles, and(eq(vehicles.id, meterReadings.vehicleId), sameTenant(vehicles, meterReadings)))
      .leftJoin(users, and(eq(users.id, meterReadings.creatorId), sameTenant(users, meterReadings)))
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  },
  mapRows: (rows) => rows.map((r) => ({ ...r, state: String(r.state), hoursText: r.hours === null ? null : hoursText(r.hours), kmText: r.km === null ? null : kmText(r.km) })),
  filters: {
    q: (v) => machineMatches(meterReadings.vehicleId, meterReadings, v),
    state: (v) => (/^[01]$/.test(v) ? eq(meterReadings.state, Number(v)) : undefined),
    source: (v) => (v === READING_SOURCE.manual || v === READING_SOURCE.service ? eq(meterReadings.source, v) : undefined),
  },
  sortColumns: { readOn: meterReadings.readOn, createdAt: meterReadings.createdAt },
  defaultOrder: [desc(meterReadings.readOn), desc(meterReadings.id)],
  createSchema: schemaOfFields(readingForm),
  updateSchema: schemaOfFields(readingForm),
  check: async (scope, values, current) => {
    // a reading is history: corrected by voiding it and entering another, never changed
    if (current) return { form: "maintenance:readingFixed" };
    const errors: FieldErrors = {};
    const vehicleId = Number(values.vehicleId);
    if (!(await machineChoices(scope)).some((o) => o.value === values.vehicleId)) return { vehicleId: "validation.choice" };
    const today = todayInZone(scope.user.timeZone);
    if (values.readOn! > today) return { readOn: `maintenance:futureDay|${today}` };
    if (values.hours === null && values.km === null) return { hours: "maintenance:readingEmpty" };
    const [taken] = await scope.db
      .select({ id: meterReadings.id })
      .from(meterReadings)
      .where(tenantWhere(meterReadings, scope, eq(meterReadings.vehicleId, vehicleId), eq(meterReadings.readOn, values.readOn!), eq(meterReadings.source, READING_SOURCE.manual), eq(meterReadings.state, READING_STATE.valid)))
      .limit(1);
    if (taken) return { readOn: "maintenance:readingTaken" };
    Object.assign(errors, await backwardsRefusals(scope.db, scope.user.tenantId, { vehicleId, day: values.readOn!, hours: values.hours, km: values.km }));
    return errors;
  },
  toInsert: (values, scope) => ({ vehicleId: Number(values.vehicleId), readOn: values.readOn!, hours: values.hours, km: values.km, remark: values.remark, source: READING_SOURCE.manual, creatorId: scope.user.id }),
  toUpdate: (): never => {
    throw new Error("a reading is never changed: its check refuses first");
  },
  afterCommit: (scope, _id, values) => recompute(scope, [Number(values.vehicleId)]),
  beforeDelete: async () => ({ refuse: "maintenance:readingKept" }),
  auditView: (row) => row,
  scopeWhere: inScope,
});

/** The machines the user sees, for 录入读数. */
export async function readingOptions(scope: RequestScope): Promise<Record<string, Option[]>> {
  return { vehicleId: await machineChoices(scope) };
}

export const readingMachine: Machine<ReadingStateRow> = {
  view: readingStates,
  table: meterReadings,
  stateKey: "state",
  load: (scope, ids) =>
    scope.db
      .select({ id: meterReadings.id, version: meterReadings.version, state: meterReadings.state, source: meterReadings.source, label: sql<string>`${vehicles.plate} || ' ' || ${meterReadings.readOn}`.as("reading_label"), vehicleId: meterReadings.vehicleId })
      .from(meterReadings)
      .innerJoin(vehicles, and(eq(vehicles.id, meterReadings.vehicleId), sameTenant(vehicles, meterReadings)))
      .where(tenantWhere(meterReadings, scope, inArray(meterReadings.id, ids), inScope(scope))),
  label: (r) => r.label,
  set: (scope, _t, input, now) => ({ voidReason: input.reason, voidedBy: scope.user.id, voidedAt: now }),
  after: (scope, _t, rows) => recompute(scope, rows.map((r) => r.vehicleId)),
};
