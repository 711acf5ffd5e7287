/**
 * Live state of the fleet: one VehicleLive per vehicle, the sequence number at which each field last changed (so a
 * delta or a resume carries only what changed), and the counters.
 */
import type { Point } from "../telematics/point";
import { craneOf } from "./crane";
import { statusOf, type FleetCounts, type VehicleLive } from "./protocol";

/** The vehicle archive's part of the live state (from the business database). */
export interface VehicleConfig {
  id: number;
  plate: string;
  orgId: number | null;
  modelId: number | null;
  terminalNo: string;
  selfNo: string | null;
  /** 1 enabled, 0 stopped */
  state: number;
}

export type LiveField = Exclude<keyof VehicleLive, "id">;

export function emptyLive(c: VehicleConfig): VehicleLive {
  return {
    id: c.id,
    plate: c.plate,
    orgId: c.orgId,
    modelId: c.modelId,
    terminalNo: c.terminalNo,
    selfNo: c.selfNo,
    status: "never",
    alarm: false,
    t: null,
    seen: null,
    lng: null,
    lat: null,
    speed: null,
    heading: null,
    acc: null,
    mileage: null,
    fuel: null,
    rpm: null,
    torque: null,
    urea: null,
    exhaustTemp: null,
    battery: null,
    lock: null,
    faults: [],
    crane: null,
  };
}

/** The fields a point sets: position and telemetry it carries (absent values keep the last known). */
export function fieldsOfPoint(p: Point): Partial<VehicleLive> {
  const f: Partial<VehicleLive> = { t: p.t, lng: p.lng, lat: p.lat, speed: p.speed };
  if (p.heading !== null) f.heading = p.heading;
  if (typeof p.status.acc === "boolean") f.acc = p.status.acc;
  if (p.status.lock !== undefined) f.lock = p.status.lock;
  for (const k of ["mileage", "fuel", "rpm", "torque", "urea", "exhaustTemp", "battery"] as const) if (p[k] !== null) f[k] = p[k];
  f.faults = p.faults;
  const crane = craneOf(p.can);
  if (crane) f.crane = crane;
  return f;
}

const same = (a: unknown, b: unknown) => a === b || (typeof a === "object" && a !== null && JSON.stringify(a) === JSON.stringify(b));

/** The live state of every vehicle plus per-field change sequence numbers. */
export class LiveTable {
  readonly vehicles = new Map<number, VehicleLive>();
  /** seq at which each field of each vehicle last changed; a vehicle's max is its own seq */
  readonly fieldSeq = new Map<number, Partial<Record<LiveField, number>>>();
  readonly vehicleSeq = new Map<number, number>();

  /** Applies changes at `seq`; returns the names of the fields that really changed. */
  apply(id: number, changes: Partial<VehicleLive>, seq: number): LiveField[] {
    const v = this.vehicles.get(id);
    if (!v) return [];
    const changed: LiveField[] = [];
    let seqs = this.fieldSeq.get(id);
    if (!seqs) this.fieldSeq.set(id, (seqs = {}));
    for (const [k, value] of Object.entries(changes) as [LiveField, unknown][]) {
      const fields = v as Record<LiveField, unknown>;
      if (same(fields[k], value)) continue;
      fields[k] = value;
      seqs[k] = seq;
      changed.push(k);
    }
    if (changed.length) this.vehicleSeq.set(id, seq);
    return changed;
  }

  /** The fields of a vehicle that changed after `since` (all of them when unknown). */
  changedSince(id: number, since: number): (Partial<VehicleLive> & { id: number }) | null {
    const v = this.vehicles.get(id);
    if (!v) return null;
    if ((this.vehicleSeq.get(id) ?? Number.MAX_SAFE_INTEGER) <= since) return null;
    const seqs = this.fieldSeq.get(id);
    if (!seqs) return { ...v };
    const out: Partial<VehicleLive> & { id: number } = { id };
    for (const [k, s] of Object.entries(seqs) as [LiveField, number][]) if (s > since) (out as Partial<Record<LiveField, unknown>>)[k] = v[k];
    return out;
  }

  /** Re-derives every vehicle's status from the clock; returns the ids whose status changed. */
  restatus(now: number, offlineAfterMs: number, seq: number): number[] {
    const moved: number[] = [];
    for (const v of this.vehicles.values()) {
      const status = statusOf(v.seen, v.speed, now, offlineAfterMs);
      if (status !== v.status && this.apply(v.id, { status }, seq).length) moved.push(v.id);
    }
    return moved;
  }
}

export function countsOf(vehicles: Iterable<VehicleLive>, visible: (id: number) => boolean): FleetCounts {
  const c: FleetCounts = { total: 0, running: 0, stopped: 0, offline: 0, alarm: 0 };
  for (const v of vehicles) {
    if (!visible(v.id)) continue;
    c.total++;
    if (v.status === "running") c.running++;
    else if (v.status === "stopped") c.stopped++;
    else c.offline++;
    if (v.alarm) c.alarm++;
  }
  return c;
}
