/**
 * The alarm list's queries and its one write (handling). Every query carries the tenant and the user's data scope
 * (organisation subtree + granted vehicles, db/rules/data-scope.ts); the list reads by (tenant, time) or
 * (tenant, handling state, time), the two indexes of `alarms`, newest first.
 */
import { auditRecord } from "~/modules/resource/command.server";
import { cleanNote } from "~/lib/validators";
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { batch } from "../../../db/client";
import { alarms, users, vehicles } from "../../../db/schema";
import { ofTenant, sameTenant } from "../../../db/tenant";
import { visibleVehicleIdWhere, visibleVehiclesWhere } from "../../../db/rules/data-scope";
import type { RequestScope } from "~/modules/access/access.server";
import { containing } from "~/modules/resource/resource.server";
import { INFINITE_CHUNK, type ListQuery } from "~/lib/list/types";
import { alarmDetailText } from "./alarm-detail";
import { J1939_NAMES } from "./j1939";
import { ALARM_KINDS, HANDLE_NOTE_MAX, minuteText, positionText, speedText, type AlarmRow } from "./alarm.view";

/** The data-scope condition for the signed-in user, on the alarm's vehicle. */
const scopeOf = async (scope: RequestScope) => visibleVehicleIdWhere(scope, alarms.vehicleId);

/** Conditions of the list's filters (the range is already checked: alarmRange). */
function filterConditions(scope: RequestScope, filters: Record<string, string>, range: { from: number; to: number }): SQL[] {
  const tenantId = scope.user.tenantId;
  const where: SQL[] = [ofTenant(alarms, tenantId), sql`${alarms.at} BETWEEN ${range.from} AND ${range.to}`];
  const level = Number(filters.level);
  if ([1, 2, 3].includes(level)) where.push(eq(alarms.level, level));
  if (filters.kind && filters.kind in ALARM_KINDS) where.push(eq(alarms.kind, filters.kind));
  const state = Number(filters.state);
  if (filters.state && [0, 1, 2].includes(state)) where.push(eq(alarms.handleState, state));
  const vehicleId = Number(filters.vehicleId);
  if (filters.vehicleId) where.push(Number.isSafeInteger(vehicleId) && vehicleId > 0 ? eq(alarms.vehicleId, vehicleId) : sql`0`);
  if (filters.q) {
    const matching = scope.db
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(and(ofTenant(vehicles, tenantId), or(containing(vehicles.plate, filters.q), containing(vehicles.terminalNo, filters.q))));
    where.push(inArray(alarms.vehicleId, matching));
  }
  return where;
}

/** One page of the user's alarms in the range, newest first (or oldest first when sorted so), with the total; details as sentences in `lang`. */
export async function listAlarms(scope: RequestScope, q: ListQuery, range: { from: number; to: number }, lang: string): Promise<{ rows: AlarmRow[]; total: number }> {
  const inScope = await scopeOf(scope);
  const where = and(...filterConditions(scope, q.filters, range), inScope);
  const size = q.size > 0 ? q.size : INFINITE_CHUNK;
  const order = q.sort === "at" && q.order === "asc" ? [asc(alarms.at), asc(alarms.id)] : [desc(alarms.at), desc(alarms.id)];
  const [rows, totals] = await batch(scope.db, [
    scope.db
      .select({
        id: alarms.id,
        hubKey: alarms.hubKey,
        version: alarms.version,
        vehicleId: alarms.vehicleId,
        plate: vehicles.plate,
        terminalNo: vehicles.terminalNo,
        kind: alarms.kind,
        level: alarms.level,
        at: alarms.at,
        speed: alarms.speed,
        lng: alarms.lng,
        lat: alarms.lat,
        detail: alarms.detail,
        handleState: alarms.handleState,
        handleNote: alarms.handleNote,
        handlerName: users.userName,
        handledAt: alarms.handledAt,
      })
      .from(alarms)
      .leftJoin(vehicles, and(eq(vehicles.id, alarms.vehicleId), sameTenant(vehicles, alarms)))
      .leftJoin(users, and(eq(users.id, alarms.handlerId), sameTenant(users, alarms)))
      .where(where)
      .orderBy(...order)
      .limit(size)
      .offset((q.page - 1) * size),
    scope.db.select({ n: count() }).from(alarms).where(where),
  ]);
  return {
    rows: rows.map(({ lng, lat, plate, terminalNo, detail, ...r }) => ({
      ...r,
      plate: plate ?? `#${r.vehicleId}`,
      terminalNo: terminalNo ?? "",
      speed: r.speed === null ? null : Math.round(r.speed),
      speedText: speedText(r.speed),
      handledAtText: minuteText(r.handledAt, scope.user.timeZone),
      position: positionText(lng, lat),
      detailText: alarmDetailText(r.kind, detail, { lang, at: r.at, timeZone: scope.user.timeZone, names: J1939_NAMES }),
    })),
    total: totals[0]?.n ?? 0,
  };
}

/** The vehicle of the device alarm screen, when the user may see it: its plate names the filter. */
export async function visibleVehicle(scope: RequestScope, vehicleId: number): Promise<{ id: number; plate: string } | undefined> {
  if (!Number.isSafeInteger(vehicleId) || vehicleId <= 0) return undefined;
  const inScope = visibleVehiclesWhere(scope);
  const [row] = await scope.db
    .select({ id: vehicles.id, plate: vehicles.plate })
    .from(vehicles)
    .where(and(eq(vehicles.id, vehicleId), ofTenant(vehicles, scope.user.tenantId), inScope));
  return row;
}

/** An alarm as the handling dialog shows it, with the version the user saw. */
export interface HandleTarget {
  id: number;
  version: number;
  plate: string;
  kind: string;
  level: number;
  at: number;
  handleState: number;
}

/** The user's alarms among `ids` (other tenants' and out-of-scope ids are simply not there). */
export async function handleTargets(scope: RequestScope, ids: number[]): Promise<HandleTarget[]> {
  if (!ids.length) return [];
  const rows = await scope.db
    .select({ id: alarms.id, version: alarms.version, plate: vehicles.plate, kind: alarms.kind, level: alarms.level, at: alarms.at, handleState: alarms.handleState, vehicleId: alarms.vehicleId })
    .from(alarms)
    .leftJoin(vehicles, and(eq(vehicles.id, alarms.vehicleId), sameTenant(vehicles, alarms)))
    .where(and(ofTenant(alarms, scope.user.tenantId), inArray(alarms.id, ids.slice(0, MAX_BATCH)), await scopeOf(scope)))
    .orderBy(desc(alarms.at));
  return rows.map(({ vehicleId, plate, ...r }) => ({ ...r, plate: plate ?? `#${vehicleId}` }));
}

/** at most this many alarms in one batch handling */
export const MAX_BATCH = 100;

/** What the dialog posts: the new state and a description (required for 已处理), message keys of the alarms namespace. */
export const HandleSchema = z
  .object({
    state: z.enum(["1", "2"], { message: "alarms:stateRequired" }),
    note: z
      .string()
      .default("")
      .transform((v) => cleanNote(v).trim())
      .pipe(z.string().max(HANDLE_NOTE_MAX, "alarms:noteTooLong")),
  })
  .superRefine((v, ctx) => {
    if (v.state === "1" && !v.note) ctx.addIssue({ code: "custom", path: ["note"], message: "alarms:noteRequired" });
  });

export type HandleResult = { ok: true; handled: number } | { ok: false; status: 400 | 404 | 409; errors: Record<string, string> };

/**
 * Unhandled → handled (with a description) or misreport, for one alarm or a batch, each at the version the user
 * saw: if any of them changed since (someone handled it), nothing is written and the user is told. Records the
 * handler, the time and an audit entry per alarm.
 */
export async function handleAlarms(scope: RequestScope, posted: { ids: number[]; versions: Record<number, number>; state: unknown; note: unknown }): Promise<HandleResult> {
  const parsed = HandleSchema.safeParse({ state: posted.state, note: posted.note ?? "" });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
    return { ok: false, status: 400, errors };
  }
  const ids = [...new Set(posted.ids)];
  if (!ids.length) return { ok: false, status: 400, errors: { form: "alarms:selectRows" } };
  if (ids.length > MAX_BATCH) return { ok: false, status: 400, errors: { form: "alarms:tooMany" } };
  const current = await handleTargets(scope, ids);
  if (current.length !== ids.length) return { ok: false, status: 404, errors: { form: "alarms:notFound" } };
  if (current.some((a) => a.handleState !== 0 || a.version !== posted.versions[a.id])) return { ok: false, status: 409, errors: { form: "alarms:stale" } };

  const state = Number(parsed.data.state);
  const note = parsed.data.note || null;
  const now = Date.now();
  const { tenantId, id: userId } = scope.user;
  const writes = current.map((a) =>
    scope.db
      .update(alarms)
      .set({ handleState: state, handleNote: note, handlerId: userId, handledAt: now, version: a.version + 1 })
      .where(and(eq(alarms.id, a.id), ofTenant(alarms, tenantId), eq(alarms.version, a.version), eq(alarms.handleState, 0)))
      .returning({ id: alarms.id }),
  );
  const audits = current.map((a) =>
    auditRecord(scope, { entity: "alarm", action: "handle", id: a.id, before: { handleState: 0 }, after: { handleState: state, handleNote: note } }),
  );
  const results = (await batch(scope.db, [writes[0]!, ...writes.slice(1), ...audits])) as unknown[];
  const written = results.slice(0, writes.length).reduce<number>((n, r) => n + (r as unknown[]).length, 0);
  // someone handled one of them between our read and our write
  if (written < current.length) return { ok: false, status: 409, errors: { form: "alarms:stale" } };
  return { ok: true, handled: written };
}
