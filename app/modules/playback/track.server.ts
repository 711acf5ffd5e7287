/**
 * History playback and the heat map, server side: a vehicle's track from the tenant's hub (hot SQLite and R2
 * archive as one list), limited to the user's data scope, checked for the 7-day range, downsampled, with its stops,
 * summary and the alarms of the range from the business database.
 */
import { and, asc, eq, gte, inArray, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { alarms, organisations, vehicles } from "../../../db/schema";
import { alias } from "drizzle-orm/sqlite-core";
import { ofTenant, tenantWhere } from "../../../db/tenant";
import type { Env } from "../../../workers/env";
import { hubFor } from "../../../workers/fleet-hub/client";
import { orgSubtreeSql, visibleVehicleIds } from "../../../db/rules/data-scope";
import { containing } from "~/modules/resource/resource.server";
import { searchText } from "~/lib/list/search";
import { buildTrack, checkRange, type RangeError, type Stop, type TrackPoint, type TrackSummary } from "./track";

export interface PlaybackScope {
  env: Pick<Env, "FLEET_HUB">;
  db: Db;
  tenantId: number;
  userId: number;
}

export interface PlaybackVehicle {
  id: number;
  plate: string;
  terminalNo: string;
  selfNo: string | null;
}

const vehicleColumns = { id: vehicles.id, plate: vehicles.plate, terminalNo: vehicles.terminalNo, selfNo: vehicles.selfNo };

/** The vehicle when it is the tenant's and within the user's data scope, else null (never says which). */
export async function findVisibleVehicle(s: PlaybackScope, vehicleId: number): Promise<PlaybackVehicle | null> {
  if (!Number.isSafeInteger(vehicleId) || vehicleId <= 0) return null;
  const visible = await visibleVehicleIds(s.db, s.tenantId, s.userId);
  if (visible !== "all" && !visible.has(vehicleId)) return null;
  const [row] = await s.db.select(vehicleColumns).from(vehicles).where(and(ofTenant(vehicles, s.tenantId), eq(vehicles.id, vehicleId)));
  return row ?? null;
}

/** Visible vehicles matching plate, terminal number or self number (at most `limit`, by plate). */
export async function searchVehicles(s: PlaybackScope, q: string, limit = 30): Promise<PlaybackVehicle[]> {
  const visible = await visibleVehicleIds(s.db, s.tenantId, s.userId);
  if (visible !== "all" && visible.size === 0) return [];
  const text = searchText(q);
  return s.db
    .select(vehicleColumns)
    .from(vehicles)
    .where(
      and(
        ofTenant(vehicles, s.tenantId),
        visible === "all" ? undefined : inArray(vehicles.id, [...visible]),
        text ? or(containing(vehicles.plate, text), containing(vehicles.terminalNo, text), containing(vehicles.selfNo, text)) : undefined,
      ),
    )
    .orderBy(asc(vehicles.plate))
    .limit(limit);
}

export interface PlaybackAlarm {
  id: number;
  kind: string;
  level: number;
  at: number;
  lng: number | null;
  lat: number | null;
  speed: number | null;
}

/**
 * A track as it travels to the browser: one array per field (about half the bytes of an array of objects),
 * positions rounded to 6 decimals (0.1 m). `unpackTrack` turns it back into points.
 */
export interface PackedTrack {
  t: number[];
  lng: number[];
  lat: number[];
  speed: number[];
  heading: (number | null)[];
  mileage: (number | null)[];
  fuel: (number | null)[];
}

export function packTrack(points: TrackPoint[]): PackedTrack {
  const r6 = (n: number) => Math.round(n * 1e6) / 1e6;
  const r1 = (n: number) => Math.round(n * 10) / 10;
  return {
    t: points.map((p) => p.t),
    lng: points.map((p) => r6(p.lng)),
    lat: points.map((p) => r6(p.lat)),
    speed: points.map((p) => r1(p.speed)),
    heading: points.map((p) => (p.heading === null ? null : Math.round(p.heading))),
    mileage: points.map((p) => (typeof p.mileage === "number" ? Math.round(p.mileage * 100) / 100 : null)),
    fuel: points.map((p) => (typeof p.fuel === "number" ? r1(p.fuel) : null)),
  };
}

export type TrackAnswer =
  | { status: "ok"; vehicle: PlaybackVehicle; from: number; to: number; track: PackedTrack; stops: Stop[]; summary: TrackSummary; total: number; alarms: PlaybackAlarm[] }
  | { status: "error"; error: `range.${RangeError}` | "vehicle" | "hub"; from: number; to: number; vehicle: PlaybackVehicle | null };

const MAX_ALARMS = 2000;

/** Loads a vehicle's track for a range (see the module comment); every refusal is a key under playback:errors. */
export async function loadTrack(s: PlaybackScope, vehicleId: number, from: number, to: number): Promise<TrackAnswer> {
  const vehicle = await findVisibleVehicle(s, vehicleId);
  if (!vehicle) return { status: "error", error: "vehicle", from, to, vehicle: null };
  const bad = checkRange(from, to);
  if (bad) return { status: "error", error: `range.${bad}`, from, to, vehicle };
  let points: TrackPoint[];
  try {
    points = await hubFor(s.env, s.tenantId).track(s.tenantId, vehicleId, from, to);
  } catch (e) {
    console.error("playback: hub track failed", e);
    return { status: "error", error: "hub", from, to, vehicle };
  }
  const built = buildTrack(points);
  const alarmRows = await s.db
    .select({ id: alarms.id, kind: alarms.kind, level: alarms.level, at: alarms.at, lng: alarms.lng, lat: alarms.lat, speed: alarms.speed })
    .from(alarms)
    .where(and(ofTenant(alarms, s.tenantId), eq(alarms.vehicleId, vehicleId), gte(alarms.at, from), lte(alarms.at, to)))
    .orderBy(asc(alarms.at))
    .limit(MAX_ALARMS);
  return {
    status: "ok",
    vehicle,
    from,
    to,
    track: packTrack(built.points),
    stops: built.stops,
    summary: built.summary,
    total: built.total,
    alarms: alarmRows,
  };
}

// ---- heat map ---------------------------------------------------------------------------------------------

export interface HeatFilter {
  from: number;
  to: number;
  orgId?: number | null;
  vehicleId?: number | null;
  /** grid size in degrees */
  cellDeg?: number;
}

export type HeatAnswer =
  | { status: "ok"; cells: { lng: number; lat: number; n: number }[]; total: number }
  | { status: "error"; error: `range.${RangeError}` | "vehicle" | "hub" };

const treeOrg = alias(organisations, "o");

/** The organisations a user may filter by: their own subtree (the whole tenant when unset or at the root). */
export async function visibleOrganisations(s: PlaybackScope, userOrgId: number | null): Promise<{ id: number; name: string; depth: number }[]> {
  const root = userOrgId ?? (await s.db.select({ id: organisations.id }).from(organisations).where(and(ofTenant(organisations, s.tenantId), sql`${organisations.parentId} is null`)))[0]?.id;
  if (root === undefined) return [];
  return s.db.all<{ id: number; name: string; depth: number }>(sql`
    WITH RECURSIVE sub(id, name, depth, path) AS (
      SELECT id, name, 0, printf('%08d', sort) || printf('%08d', id) FROM organisations WHERE id = ${root} AND ${ofTenant(organisations, s.tenantId)}
      UNION ALL SELECT o.id, o.name, sub.depth + 1, sub.path || printf('%08d', o.sort) || printf('%08d', o.id) FROM organisations o JOIN sub ON o.parent_id = sub.id WHERE ${ofTenant(treeOrg, s.tenantId)})
    SELECT id, name, depth FROM sub ORDER BY path LIMIT 500`);
}

/** Position counts per grid cell over a range, for the user's visible vehicles (or one vehicle, or one organisation's subtree). */
export async function loadHeat(s: PlaybackScope, f: HeatFilter): Promise<HeatAnswer> {
  const bad = checkRange(f.from, f.to);
  if (bad) return { status: "error", error: `range.${bad}` };
  const visible = await visibleVehicleIds(s.db, s.tenantId, s.userId);
  let ids: number[] | null = visible === "all" ? null : [...visible];
  if (f.vehicleId) {
    if (!(await findVisibleVehicle(s, f.vehicleId))) return { status: "error", error: "vehicle" };
    ids = [f.vehicleId];
  } else if (f.orgId) {
    const inOrg = await s.db.select({ id: vehicles.id }).from(vehicles).where(tenantWhere(vehicles, s, sql`${vehicles.orgId} in (${orgSubtreeSql(s, f.orgId)})`));
    ids = inOrg.map((r) => r.id).filter((id) => visible === "all" || visible.has(id));
  }
  if (ids !== null && ids.length === 0) return { status: "ok", cells: [], total: 0 };
  try {
    const cells = await hubFor(s.env, s.tenantId).heat(s.tenantId, { vehicleIds: ids, from: f.from, to: f.to, cellDeg: f.cellDeg });
    return { status: "ok", cells, total: cells.reduce((sum, c) => sum + c.n, 0) };
  } catch (e) {
    console.error("heat map: hub heat failed", e);
    return { status: "error", error: "hub" };
  }
}
