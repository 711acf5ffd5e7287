/**
 * 异常上报's server half: the table, the resource (list, save, audit), the choices, the machine (关闭 with a reason /
 * 重新打开) and what a new one takes from a fault alarm (`?new=1&alarmId=`: the machine, the alarm's kind and its
 * detail in words, SPN/FMI named). One abnormality an alarm (a unique index: raised twice at once, one is stored).
 */
import { and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import { alarms, vehicles } from "../../../db/schema";
import { visibleVehicleIdWhere } from "../../../db/rules/data-scope";
import { sameTenant, tenantOfOuter, tenantWhere } from "../../../db/tenant";
import { labelOf } from "~/lib/list/types";
import { dayOf, todayInZone } from "~/lib/tenant-clock";
import type { RequestScope } from "~/modules/access/access.server";
import { alarmDetailText } from "~/modules/alarms/alarm-detail";
import { ALARM_KINDS } from "~/modules/alarms/alarm.view";
import { J1939_NAMES } from "~/modules/alarms/j1939";
import { documentChecks, type DocumentDefinition } from "~/modules/resource/document.server";
import { schemaOfFields } from "~/modules/resource/field-schema";
import { containing, defineResource, withLimit } from "~/modules/resource/resource.server";
import type { Option } from "~/modules/resource/route.server";
import { machineChoices, machineLabel, machineMatches } from "~/modules/telematics/vehicle-choice.server";
import type { Machine } from "~/modules/workflow/engine.server";
import { ABNORMALITY_STATE, abnormalityForm, abnormalityStates, abnormalityView, type AbnormalityStateRow } from "./abnormality.resource";
import { abnormalities, inspectionRecords } from "./tables.server";

/** YC-202612-0001 */
export const ABNORMALITY_NUMBERING = { field: "number", kind: "abnormality", prefix: "YC" } as const;

/** An abnormality is seen with its machine. */
export const abnormalityScopeWhere = (scope: Pick<RequestScope, "user">) => visibleVehicleIdWhere(scope, abnormalities.vehicleId);

/** the record that raised it (a subquery made when the list reads: the tables module is loaded by then) */
const recordNumber = () => sql<string | null>`(select ${inspectionRecords.number} from ${inspectionRecords} where ${inspectionRecords.id} = ${abnormalities.recordId} and ${tenantOfOuter(inspectionRecords, abnormalities)})`;

export const abnormalityResource = defineResource({
  view: abnormalityView,
  table: abnormalities,
  number: ABNORMALITY_NUMBERING,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({
        id: abnormalities.id,
        version: abnormalities.version,
        number: abnormalities.number,
        plate: machineLabel,
        title: abnormalities.title,
        source: abnormalities.source,
        severity: abnormalities.severity,
        state: abnormalities.state,
        foundOn: abnormalities.foundOn,
        recordNumber: recordNumber().as("record_number"),
        closeReason: abnormalities.closeReason,
        repairId: abnormalities.repairId,
        createdAt: abnormalities.createdAt,
      })
      .from(abnormalities)
      .innerJoin(vehicles, and(eq(vehicles.id, abnormalities.vehicleId), sameTenant(vehicles, abnormalities)))
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  },
  mapRows: (rows) => rows.map((r) => ({ ...r, state: String(r.state) })),
  filters: {
    q: (v) =>
      or(
        containing(abnormalities.number, v),
        containing(abnormalities.title, v),
        machineMatches(abnormalities.vehicleId, abnormalities, v)
      ),
    state: (v) => (/^[012]$/.test(v) ? eq(abnormalities.state, Number(v)) : undefined),
    severity: (v) => (/^[a-z]{1,10}$/.test(v) ? eq(abnormalities.severity, v) : undefined),
    source: (v) => (/^[a-z]{1,12}$/.test(v) ? eq(abnormalities.source, v) : undefined),
  },
  sortColumns: { number: abnormalities.number, severity: abnormalities.severity, state: abnormalities.state, foundOn: abnormalities.foundOn, createdAt: abnormalities.createdAt },
  // the open ones first, the urgent first among them, newest first
  defaultOrder: [asc(abnormalities.state), sql`case ${abnormalities.severity} when 'urgent' then 0 when 'serious' then 1 else 2 end`, desc(abnormalities.createdAt), desc(abnormalities.id)],
  createSchema: schemaOfFields(abnormalityForm),
  updateSchema: schemaOfFields(abnormalityForm),
  check: async (scope, values, current) => {
    const errors = await documentChecks(abnormalityView, { options: abnormalityOptions, editable })(scope, values, current);
    const v = values as { vehicleId: number; alarmId: number | null };
    // an alarm is named only on a new one, and must be the tenant's alarm of that machine
    if (v.alarmId != null && !errors.vehicleId) {
      const [alarm] = await scope.db.select({ vehicleId: alarms.vehicleId }).from(alarms).where(tenantWhere(alarms, scope, eq(alarms.id, v.alarmId))).limit(1);
      if (!alarm || alarm.vehicleId !== v.vehicleId) errors.vehicleId ??= "inspection:alarmOtherMachine";
      // one abnormality an alarm: asked again (or twice at once, the unique index's second answer) it is refused
      const [raised] = await scope.db.select({ number: abnormalities.number }).from(abnormalities).where(tenantWhere(abnormalities, scope, eq(abnormalities.alarmId, v.alarmId))).limit(1);
      if (raised && !current) errors.form ??= `inspection:alarmRaised|${raised.number}`;
    }
    return errors;
  },
  toInsert: (values, scope) => ({ ...values, number: "", source: values.alarmId != null ? "alarm" : "manual", creatorId: scope.user.id }),
  // what raised it stays as it was
  toUpdate: ({ alarmId: _a, ...values }) => values,
  auditView: (row) => row,
  scopeWhere: abnormalityScopeWhere,
  fileColumns: [abnormalities.attachments],
});

/** A closed one is kept as it was: reopen it to change it. */
function editable(row: Record<string, unknown>): boolean {
  return Number(row.state) === ABNORMALITY_STATE.open;
}

export async function abnormalityOptions(scope: RequestScope): Promise<Record<string, Option[]>> {
  return { vehicleId: await machineChoices(scope) };
}

export const abnormalityMachine: Machine<AbnormalityStateRow> = {
  view: abnormalityStates,
  table: abnormalities,
  stateKey: "state",
  load: (scope, ids) =>
    scope.db
      .select({ id: abnormalities.id, version: abnormalities.version, state: abnormalities.state, number: abnormalities.number })
      .from(abnormalities)
      .where(tenantWhere(abnormalities, scope, inArray(abnormalities.id, ids), abnormalityScopeWhere(scope))),
  label: (r) => r.number,
  set: (scope, t, input, now) => (t.name === "close" ? { closeReason: input.closeReason, closedBy: scope.user.id, closedAt: now } : { closeReason: null, closedBy: null, closedAt: null }),
};

/** A new one from a fault alarm the user sees: its machine, its kind and its detail in words, the day it rose. */
export async function fromAlarm(scope: RequestScope, alarmId: number, lang: string) {
  const [alarm] = await scope.db
    .select({ id: alarms.id, vehicleId: alarms.vehicleId, kind: alarms.kind, at: alarms.at, detail: alarms.detail })
    .from(alarms)
    .where(tenantWhere(alarms, scope, eq(alarms.id, alarmId), visibleVehicleIdWhere(scope, alarms.vehicleId)))
    .limit(1);
  if (!alarm) return null;
  const kind = ALARM_KINDS[alarm.kind] ? labelOf(ALARM_KINDS[alarm.kind]!, lang) : alarm.kind;
  const timeZone = scope.user.timeZone;
  return {
    vehicleId: String(alarm.vehicleId),
    alarmId: String(alarm.id),
    title: kind.slice(0, 50),
    detail: (alarmDetailText(alarm.kind, alarm.detail, { lang, at: alarm.at, timeZone, names: J1939_NAMES }) ?? "").slice(0, 500),
    severity: alarm.kind === "fault" ? "serious" : "normal",
    foundOn: dayOf(alarm.at, timeZone),
  };
}

export const abnormalityDocument: DocumentDefinition<AbnormalityStateRow> = {
  resource: abnormalityResource,
  lines: {},
  machine: abnormalityMachine,
  editable,
  options: abnormalityOptions,
  newValues: (url, values, options) => {
    const asked = url.searchParams.get("vehicleId");
    const base = { ...values, severity: "normal", foundOn: todayInZone() };
    return asked && options.vehicleId?.some((o) => o.value === asked) ? { ...base, vehicleId: asked } : base;
  },
};

/** The issue an alarm was raised as (the user's scope), if any. */
export async function issueOfAlarm(scope: RequestScope, alarmId: number): Promise<number | null> {
  const [row] = await scope.db.select({ id: abnormalities.id }).from(abnormalities).where(tenantWhere(abnormalities, scope, eq(abnormalities.alarmId, alarmId), abnormalityScopeWhere(scope))).limit(1);
  return row?.id ?? null;
}

/** A machine's open abnormalities, for its page. */
export async function openAbnormalities(scope: RequestScope, vehicleId: number) {
  return scope.db
    .select({ id: abnormalities.id, number: abnormalities.number, title: abnormalities.title, severity: abnormalities.severity, foundOn: abnormalities.foundOn })
    .from(abnormalities)
    .where(tenantWhere(abnormalities, scope, eq(abnormalities.vehicleId, vehicleId), eq(abnormalities.state, ABNORMALITY_STATE.open), abnormalityScopeWhere(scope)))
    .orderBy(desc(abnormalities.createdAt))
    .limit(10);
}
