// The demo fleet's past few days, written through the real terminal API like any terminal that was offline and sends
// what it stored: the hub keeps it as hot history, rolls it up per day into vehicle_daily, raises the alarms it holds,
// and its hourly archive moves what is older than the hot window to R2 with the heat map's roll-up. Idempotent per
// vehicle and day: a day the business database already has a roll-up for, or that R2 already holds a segment of, is
// left alone; a day posted again before either exists is made of the same points (same times), which the hub
// acknowledges as duplicates.
import { and, inArray, min } from "drizzle-orm";
import type { Db } from "../db/client";
import { vehicleDaily, vehicleEvents } from "../db/schema";
import { dayKey, segmentKey } from "../workers/fleet-hub/history";
import { dayBounds } from "../workers/fleet-hub/rules";
import { historyDay, type Carry, type DemoPoint } from "./demo-fleet-model";

export interface FleetVehicle {
  id: number;
  /** 0-based position in the seeded fleet (DRK0000001 is 0) */
  index: number;
  terminalNo: string;
}

/** One vehicle's history of one day in the tenant's zone, [start, until). */
export interface HistoryUnit {
  vehicle: FleetVehicle;
  day: string;
  start: number;
  end: number;
  until: number;
}

/** at most this many points a request (the terminal API's limit) */
const BATCH = 500;

/** Today (up to `now`) and the `days` days before it, for every vehicle, oldest day first. */
export function historyUnits(fleet: readonly FleetVehicle[], now: number, days: number, timeZone: string): HistoryUnit[] {
  if (days < 0) return [];
  const bounds: { day: string; start: number; end: number }[] = [];
  let at = now;
  for (let i = 0; i <= days; i++) {
    const b = dayBounds(at, timeZone);
    bounds.unshift(b);
    at = b.start - 1;
  }
  return fleet.flatMap((vehicle) => bounds.map((b) => ({ vehicle, ...b, until: Math.min(b.end, now) })));
}

/**
 * The units cut where each vehicle first reported (its first online event): history never goes past the moment a
 * vehicle started reporting live, so a later start does not fill the time the demo was off with a second track, and a
 * vehicle that has driven only gets what it lacks before that.
 */
export async function beforeFirstReport(db: Db, units: readonly HistoryUnit[]): Promise<HistoryUnit[]> {
  const ids = [...new Set(units.map((u) => u.vehicle.id))];
  const first = new Map<number, number>();
  for (let i = 0; i < ids.length; i += 90) {
    const rows = await db
      .select({ vehicleId: vehicleEvents.vehicleId, at: min(vehicleEvents.at) })
      .from(vehicleEvents)
      .where(inArray(vehicleEvents.vehicleId, ids.slice(i, i + 90)))
      .groupBy(vehicleEvents.vehicleId);
    for (const r of rows) if (r.at !== null) first.set(r.vehicleId, Number(r.at));
  }
  return units.map((u) => ({ ...u, until: Math.min(u.until, first.get(u.vehicle.id) ?? u.until) })).filter((u) => u.until > u.start);
}

/** Keys `vehicleId:day` of the units whose history is already there (a daily roll-up in D1 or a segment in R2). */
export async function presentUnits(db: Db, bucket: R2Bucket, tenantId: number, units: readonly HistoryUnit[]): Promise<Set<string>> {
  const present = new Set<string>();
  const ids = [...new Set(units.map((u) => u.vehicle.id))];
  const days = [...new Set(units.map((u) => u.day))];
  for (let i = 0; i < ids.length; i += 50) {
    const rows = await db
      .select({ vehicleId: vehicleDaily.vehicleId, day: vehicleDaily.day })
      .from(vehicleDaily)
      .where(and(inArray(vehicleDaily.vehicleId, ids.slice(i, i + 50)), inArray(vehicleDaily.day, days)));
    for (const r of rows) present.add(`${r.vehicleId}:${r.day}`);
  }
  for (const u of units) {
    const key = `${u.vehicle.id}:${u.day}`;
    if (present.has(key)) continue;
    // the archive writes one segment per UTC day; either UTC day the local day touches counts
    for (const utc of new Set([dayKey(u.start), dayKey(u.until - 1)])) {
      if (await bucket.head(segmentKey(tenantId, utc, u.vehicle.id))) present.add(key);
    }
  }
  return present;
}

import type { Post } from "./terminal-client";

export type { Post };

/**
 * The points of one vehicle's units (oldest first), each day going on from the one before it (odometer and fuel): a day
 * posted again is the same points as long as the days before it in the window are the same.
 */
export function unitPoints(units: readonly HistoryUnit[]): DemoPoint[][] {
  let carry: Carry | undefined;
  return units.map((u) => {
    const points = historyDay(u.vehicle.index, u.start, u.end, u.until, carry);
    const last = points.at(-1);
    if (last) carry = { mileage: last.mileage, fuel: last.fuel };
    return points;
  });
}

/** Posts one unit's points with the vehicle's terminal token; returns what the hub accepted and what it already had. */
export async function postUnit(post: Post, token: string, unit: HistoryUnit, points: readonly DemoPoint[]): Promise<{ points: number; accepted: number; duplicates: number; rejected: number }> {
  let accepted = 0;
  let duplicates = 0;
  let rejected = 0;
  for (let i = 0; i < points.length; i += BATCH) {
    const res = await post("/ingest/v1/telemetry", { points: points.slice(i, i + BATCH) }, token);
    if (res.status !== 200) throw new Error(`history of ${unit.vehicle.terminalNo} on ${unit.day}: ${res.status} ${JSON.stringify(res.json)}`);
    accepted += res.json.accepted;
    duplicates += res.json.duplicates.length;
    rejected += res.json.rejected.length;
  }
  return { points: points.length, accepted, duplicates, rejected };
}
