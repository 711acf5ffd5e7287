import { expiredCertificates } from "~/modules/certificates/certificate-gate.server";
import { missingPreUse } from "~/modules/inspections/inspection-gate.server";
import { and, count, desc, eq, inArray, or, sql } from "drizzle-orm";
import { fileKeysSql } from "~/modules/files/files.server";
import { z } from "zod";
import { contractLines, contracts, customers, outcarRecords, vehicleDaily, vehicles } from "../../../db/schema";
import { ofTenant, sameTenant } from "../../../db/tenant";
import { visibleOrgRowWhere } from "../../../db/rules/data-scope";
import { hubFor } from "../../../workers/fleet-hub/client";
import type { VehicleLive } from "../../../workers/fleet-hub/protocol";
import { parseDay } from "~/lib/calendar";
import { formatZonedTime, todayInZone } from "~/lib/tenant-clock";
import { isClockTime } from "~/lib/validators";
import { parseZonedTime } from "~/lib/tenant-days";
import type { RequestScope } from "~/modules/access/access.server";
import { containing, defineResource, type FieldErrors, withLimit } from "~/modules/resource/resource.server";
import type { Option } from "~/modules/resource/route.server";
import { checkFiles, fileIds, filesOf } from "~/modules/parties/party.server";
import { BOARD_STATES, withinLine } from "./board";
import { outcarView } from "./outcar.resource";
import { day, line, note } from "~/lib/form-fields";

/** Contracts a trip may be recorded for: approved or executing (a draft has no machine on site yet). */
export const TRIP_CONTRACT_STATES = [BOARD_STATES.approved, BOARD_STATES.executing];

const text = (max: number, kind: typeof line = line) =>
  kind()
    .max(max, `rent:outcar.tooLong|${max}`)
    .transform((v) => v || null);
const time = line()
  .refine((v) => v === "" || isClockTime(v), "rent:outcar.time")
  .transform((v) => v || null);
const reading = line()
  .refine((v) => v === "" || /^\d{1,7}(\.\d{1,2})?$/.test(v), "rent:outcar.reading")
  .transform((v) => (v === "" ? null : Number(v)));

export const OutcarSchema = z
  .object({
    lineId: line().regex(/^\d{1,9}$/, "validation.required").transform(Number),
    tripOn: day(),
    operators: text(50),
    site: text(100),
    departTime: time,
    returnTime: time,
    engineHoursStart: reading,
    engineHoursEnd: reading,
    kmStart: reading,
    kmEnd: reading,
    fuelL: reading,
    signer: text(30),
    // the customer's site signature as a photo (the upload widget posts one id a file): at most one
    signature: fileIds
      .optional()
      .default([])
      .refine((ids) => ids.length <= 1, "rent:outcar.onePhoto"),
    work: note().min(1, "validation.required").max(200, "rent:outcar.tooLong|200"),
    remark: text(200, note),
  })
  .superRefine((v, ctx) => {
    if (v.departTime && v.returnTime && v.returnTime <= v.departTime) ctx.addIssue({ code: "custom", path: ["returnTime"], message: "rent:outcar.returnBeforeDepart" });
    if (v.engineHoursStart !== null && v.engineHoursEnd !== null && v.engineHoursEnd < v.engineHoursStart) ctx.addIssue({ code: "custom", path: ["engineHoursEnd"], message: "rent:outcar.endHours" });
    if (v.kmStart !== null && v.kmEnd !== null && v.kmEnd < v.kmStart) ctx.addIssue({ code: "custom", path: ["kmEnd"], message: "rent:outcar.endKm" });
  });
type OutcarValues = z.infer<typeof OutcarSchema>;

/** A contract line a trip can be recorded for, within the user's data scope (the contract's organisation). */
async function tripLine(scope: RequestScope, lineId: number) {
  const [line] = await scope.db
    .select({ id: contractLines.id, contractId: contracts.id, vehicleId: contractLines.vehicleId, from: contractLines.onRentOn, to: contractLines.offRentOn, state: contracts.state, orgId: contracts.orgId, site: contracts.siteAddress })
    .from(contractLines)
    .innerJoin(contracts, and(eq(contracts.id, contractLines.contractId), sameTenant(contracts, contractLines)))
    .where(and(eq(contractLines.id, lineId), ofTenant(contractLines, scope), eq(contracts.current, 1), visibleOrgRowWhere(scope, contracts.orgId)))
    .limit(1);
  return line;
}

/**
 * A machine's latest readings as its telemetry reports them: the engine hours summed from the daily roll-ups and the
 * odometer from the hub's live state. Null where the machine reports nothing (a hub that cannot be reached too).
 */
export async function latestReadings(scope: RequestScope, vehicleId: number): Promise<{ engineHours: number | null; km: number | null }> {
  const [[daily], live] = await Promise.all([
    scope.db
      .select({ seconds: sql<number>`coalesce(sum(${vehicleDaily.engineSeconds}), 0)`, days: count() })
      .from(vehicleDaily)
      .where(and(ofTenant(vehicleDaily, scope), eq(vehicleDaily.vehicleId, vehicleId))),
    hubFor(scope.env, scope.user.tenantId)
      .vehicle(vehicleId)
      .then((v) => v as VehicleLive | null)
      .catch(() => null),
  ]);
  const engineHours = daily && daily.seconds > 0 ? Math.round(daily.seconds / 360) / 10 : null;
  return { engineHours, km: live?.mileage != null ? Math.round(live.mileage * 10) / 10 : null };
}

// the line a save's check read, handed to its insert (the same parsed values object travels from one to the other)
const checkedLines = new WeakMap<object, NonNullable<Awaited<ReturnType<typeof tripLine>>>>();

const hhmm = (ms: number | null, timeZone: string) => (ms === null ? "" : formatZonedTime(ms, timeZone).slice(11, 16));
const at = (day: string, hm: string | null, timeZone: string) => (hm ? parseZonedTime(`${day}T${hm}`, timeZone) : null);
const worked = (start: number | null, end: number | null) => (start !== null && end !== null ? Math.round((end - start) * 10) / 10 : null);

export const outcarResource = defineResource({
  view: outcarView,
  table: outcarRecords,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({
        id: outcarRecords.id,
        version: outcarRecords.version,
        tripOn: outcarRecords.tripOn,
        contractId: outcarRecords.contractId,
        lineId: outcarRecords.lineId,
        vehicleId: outcarRecords.vehicleId,
        contractNumber: sql<string | null>`(select ${contracts.number} from ${contracts} where ${contracts.id} = ${outcarRecords.contractId})`.as("contract_number"),
        customerName: sql<string | null>`(select ${customers.name} from ${customers} where ${customers.id} = (select ${contracts.customerId} from ${contracts} where ${contracts.id} = ${outcarRecords.contractId}))`.as("customer_name"),
        plate: sql<string | null>`(select ${vehicles.plate} from ${vehicles} where ${vehicles.id} = ${outcarRecords.vehicleId})`.as("plate"),
        operators: outcarRecords.operators,
        site: outcarRecords.site,
        departAt: outcarRecords.departAt,
        returnAt: outcarRecords.returnAt,
        engineHoursStart: outcarRecords.engineHoursStart,
        engineHoursEnd: outcarRecords.engineHoursEnd,
        kmStart: outcarRecords.kmStart,
        kmEnd: outcarRecords.kmEnd,
        fuelL: outcarRecords.fuelL,
        work: outcarRecords.work,
        signer: outcarRecords.signer,
        // the images cell's address carries the file's key (a signer's name there gives none)
        signaturePhoto: fileKeysSql(outcarRecords.signatureFileId, outcarRecords).as("signature_keys"),
        remark: outcarRecords.remark,
      })
      .from(outcarRecords)
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  },
  // the worked hours and kilometres are the trip's: what a 台班 bill counts
  mapRows: (rows) => rows.map((r) => ({ ...r, engineHours: worked(r.engineHoursStart, r.engineHoursEnd), km: worked(r.kmStart, r.kmEnd) })),
  filters: {
    q: (v) =>
      or(
        containing(outcarRecords.site, v),
        containing(outcarRecords.operators, v),
        containing(outcarRecords.work, v),
        sql`${outcarRecords.vehicleId} in (select ${vehicles.id} from ${vehicles} where ${sameTenant(vehicles, outcarRecords)} and ${containing(vehicles.plate, v)})`,
        sql`${outcarRecords.contractId} in (select ${contracts.id} from ${contracts} where ${sameTenant(contracts, outcarRecords)} and ${containing(contracts.number, v)})`,
      ),
    tripOn: (v) => (parseDay(v) ? eq(outcarRecords.tripOn, v) : undefined),
    contractId: (v) => (/^\d{1,9}$/.test(v) ? eq(outcarRecords.contractId, Number(v)) : undefined),
    vehicleId: (v) => (/^\d{1,9}$/.test(v) ? eq(outcarRecords.vehicleId, Number(v)) : undefined),
  },
  sortColumns: { tripOn: outcarRecords.tripOn, departAt: outcarRecords.departAt },
  defaultOrder: [desc(outcarRecords.tripOn), desc(outcarRecords.id)],
  createSchema: OutcarSchema,
  updateSchema: OutcarSchema,
  // the line must be the tenant's, in the user's scope, of an approved or executing contract, the trip within its days
  async check(scope, values, current) {
    const errors: FieldErrors = {};
    const line = await tripLine(scope, values.lineId);
    if (!line || line.vehicleId === null) return { lineId: "rent:outcar.notFound" };
    if (!TRIP_CONTRACT_STATES.includes(line.state as 2 | 3)) return { lineId: "rent:outcar.contractState" };
    if (!withinLine(values.tripOn, line.from, line.to)) errors.tripOn = `rent:outcar.outsideLine|${line.from} ~ ${line.to ?? "…"}`;
    // a machine whose mandatory certificate had expired by the trip's day makes no trip (证书管理)
    const expired = (await expiredCertificates(scope.db, scope.user.tenantId, [line.vehicleId], values.tripOn)).get(line.vehicleId);
    if (expired) errors.lineId = expired;
    // a new trip of today or later needs the machine's pre-use check passed that day (工序管理's 出车前必检)
    else if (!current && values.tripOn >= todayInZone(scope.user.timeZone)) {
      const missing = (await missingPreUse(scope.db, scope.user.tenantId, [line.vehicleId], values.tripOn)).get(line.vehicleId);
      if (missing) errors.lineId = missing;
    }
    await checkFiles(scope, values.signature, errors, "signature");
    checkedLines.set(values, line);
    return errors;
  },
  async toInsert(values, scope) {
    const line = checkedLines.get(values) ?? (await tripLine(scope, values.lineId))!;
    // left blank, the start readings are the machine's latest reported ones
    const latest = values.engineHoursStart === null || values.kmStart === null ? await latestReadings(scope, line.vehicleId!) : null;
    return {
      ...rowOf(values, line, scope.user.timeZone),
      engineHoursStart: values.engineHoursStart ?? latest?.engineHours ?? null,
      kmStart: values.kmStart ?? latest?.km ?? null,
      creatorId: scope.user.id,
    };
  },
  async toUpdate(values, scope) {
    const line = checkedLines.get(values) ?? (await tripLine(scope, values.lineId))!;
    return rowOf(values, line, scope.user.timeZone);
  },
  editValues: async (scope, row) => ({ departTime: hhmm(row.departAt, scope.user.timeZone), returnTime: hhmm(row.returnAt, scope.user.timeZone), signatureFiles: await filesOf(scope, row.signatureFileId) }),
  auditView: (row) => row,
  scopeWhere: (scope) => visibleOrgRowWhere(scope, outcarRecords.orgId),
  fileColumns: [outcarRecords.signatureFileId],
});

function rowOf(values: OutcarValues, line: NonNullable<Awaited<ReturnType<typeof tripLine>>>, timeZone: string) {
  const { departTime, returnTime, signature, ...rest } = values;
  return {
    ...rest,
    signatureFileId: signature.length ? String(signature[0]) : null,
    contractId: line.contractId,
    vehicleId: line.vehicleId!,
    orgId: line.orgId,
    site: values.site ?? line.site,
    departAt: at(values.tripOn, departTime, timeZone),
    returnAt: at(values.tripOn, returnTime, timeZone),
  };
}

/** The form's contract lines: those of approved or executing contracts in the user's scope, by contract number and line. */
export async function outcarOptions(scope: RequestScope): Promise<Record<string, Option[]>> {
  const rows = await scope.db
    .select({
      id: contractLines.id,
      lineNo: contractLines.lineNo,
      number: contracts.number,
      plate: vehicles.plate,
      customer: sql<string | null>`(select ${customers.name} from ${customers} where ${customers.id} = ${contracts.customerId})`,
      from: contractLines.onRentOn,
      to: contractLines.offRentOn,
    })
    .from(contractLines)
    .innerJoin(contracts, and(eq(contracts.id, contractLines.contractId), sameTenant(contracts, contractLines)))
    .innerJoin(vehicles, and(eq(vehicles.id, contractLines.vehicleId), sameTenant(vehicles, contractLines)))
    .where(and(ofTenant(contractLines, scope), eq(contracts.current, 1), inArray(contracts.state, TRIP_CONTRACT_STATES), visibleOrgRowWhere(scope, contracts.orgId)))
    .orderBy(desc(contracts.number), contractLines.lineNo)
    .limit(1000);
  return { lineId: rows.map((r) => ({ value: String(r.id), label: `${r.number} · ${r.lineNo} · ${r.plate}${r.customer ? ` · ${r.customer}` : ""} (${r.from} ~ ${r.to ?? "…"})` })) };
}

/** 'N条出车登记' per day of a month (yyyy-MM), within the user's data scope: the calendar beside the list. */
export async function tripCounts(scope: RequestScope, month: string): Promise<Record<string, number>> {
  const rows = await scope.db
    .select({ day: outcarRecords.tripOn, n: count() })
    .from(outcarRecords)
    .where(and(ofTenant(outcarRecords, scope), sql`${outcarRecords.tripOn} between ${`${month}-01`} and ${`${month}-31`}`, visibleOrgRowWhere(scope, outcarRecords.orgId)))
    .groupBy(outcarRecords.tripOn);
  return Object.fromEntries(rows.map((r) => [r.day, r.n]));
}

/** What a new record starts with when opened from a line (the board, a vehicle's detail): the line and its machine's latest readings. */
export async function outcarPrefill(scope: RequestScope, lineId: number): Promise<Record<string, string>> {
  const line = Number.isSafeInteger(lineId) && lineId > 0 ? await tripLine(scope, lineId) : undefined;
  if (!line?.vehicleId) return {};
  const latest = await latestReadings(scope, line.vehicleId);
  return { lineId: String(line.id), site: line.site ?? "", engineHoursStart: latest.engineHours === null ? "" : String(latest.engineHours), kmStart: latest.km === null ? "" : String(latest.km) };
}
