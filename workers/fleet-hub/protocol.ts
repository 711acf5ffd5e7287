/**
 * The one WebSocket protocol between the FleetHub and its clients (monitoring screens, big screens, tests).
 * Every message the hub sends is a ServerMessage; every message it accepts is parsed into a ClientMessage or
 * refused. Live data travels as deltas that carry only changed fields; every snapshot and delta carries the hub's
 * sequence number, and a client that reconnects with its last one receives exactly what changed since.
 */

import type { CraneLive } from "./crane";

/**
 * The screens whose data the hub sends, by the part of a watch each serves: a socket needs one of them, and each
 * part of a watch the screen it feeds (workers/fleet-hub/grants.ts).
 */
export const HUB_SCREENS = { live: "/equipmentMonitor", alarms: "/alarmMessage" } as const;

/** Close codes the hub ends a socket with: its session ended, or its user may no longer watch what it watched. */
export const CLOSE_SESSION_ENDED = 4401;
export const CLOSE_FORBIDDEN = 4403;

/** Status on the map: running (online and moving), stopped (online, standing), offline, never (no report yet). */
export type VehicleStatus = "running" | "stopped" | "offline" | "never";

/** The live state of one vehicle as a client sees it. Times are UTC milliseconds. */
export interface VehicleLive {
  id: number;
  plate: string;
  orgId: number | null;
  modelId: number | null;
  terminalNo: string;
  selfNo: string | null;
  status: VehicleStatus;
  /** an unhandled alarm raised in the last hour */
  alarm: boolean;
  /** time of the last position (the terminal's clock) */
  t: number | null;
  /** when the hub last heard from the terminal (server clock) */
  seen: number | null;
  lng: number | null;
  lat: number | null;
  speed: number | null;
  heading: number | null;
  acc: boolean | null;
  mileage: number | null;
  fuel: number | null;
  rpm: number | null;
  torque: number | null;
  urea: number | null;
  exhaustTemp: number | null;
  battery: number | null;
  lock: number | null;
  faults: { spn: number; fmi: number; count: number }[];
  /** a tower crane's safety monitor (crane.ts): load, moment %, radius, height, slew, wind; null for other machines */
  crane?: CraneLive | null;
}

/** The four counts of the monitoring screen (plus alarms): all, running, stopped, offline (includes never). */
export interface FleetCounts {
  total: number;
  running: number;
  stopped: number;
  offline: number;
  alarm: number;
}

/** An alarm as pushed to screens (the same row lands in the business table `alarms`). */
export interface AlarmEvent {
  key: string;
  vehicleId: number;
  plate: string;
  kind: string;
  level: number;
  at: number;
  lng: number | null;
  lat: number | null;
  speed: number | null;
  refId: number | null;
  detail: Record<string, unknown>;
}

/** What a socket watches; a new watch replaces the old one. */
export interface Watch {
  /**
   * vehicle ids, or "all" (always within the user's data scope). Omitted: no vehicle state at all — a watch of only
   * `alarms` and/or `counts` (the alarm list, a counter) then covers every vehicle of the user's scope.
   */
  vehicles?: number[] | "all";
  /** only vehicles inside [west, south, east, north] (WGS-84) */
  bbox?: [number, number, number, number];
  /** the fleet counters */
  counts?: boolean;
  /** alarms as they are raised */
  alarms?: boolean;
  /** resume: the last seq this client applied; the hub answers with what changed since (or a snapshot) */
  since?: number;
  /** at most this many frames per second to this socket (default 1, 0.2–10) */
  hz?: number;
  /**
   * "all" (default): every changed field. "map": only the fields a map needs (MAP_FIELDS), and moves travel packed in
   * the delta's `pos` list — what keeps a screen of 500 moving vehicles under 20 KB/s. Vehicles in `detail` still
   * get every field (the one an info panel shows).
   */
  fields?: "all" | "map";
  /** with fields "map": vehicles that get every field (at most MAX_DETAIL) */
  detail?: number[];
}

/** The fields a map-only watch receives. */
export const MAP_FIELDS = ["id", "plate", "orgId", "modelId", "terminalNo", "selfNo", "status", "alarm", "t", "seen", "lng", "lat", "speed", "heading", "acc"] as const;
export const MAX_DETAIL = 50;
/** numbers per vehicle in a delta's `pos`: id, lng×1e6, lat×1e6, speed (km/h, whole), heading (−1 unknown), age (s) */
export const POS_STRIDE = 6;

/** Unpacks a delta's `pos` list: the fields each move sets (`seen` is the frame time `at`). */
export function unpackPositions(pos: number[], at: number): (Partial<VehicleLive> & { id: number })[] {
  const out: (Partial<VehicleLive> & { id: number })[] = [];
  for (let i = 0; i + POS_STRIDE <= pos.length; i += POS_STRIDE) {
    out.push({ id: pos[i]!, lng: pos[i + 1]! / 1e6, lat: pos[i + 2]! / 1e6, speed: pos[i + 3]!, heading: pos[i + 4]! < 0 ? null : pos[i + 4]!, t: at - pos[i + 5]! * 1000, seen: at });
  }
  return out;
}

export type ClientMessage =
  | ({ type: "watch" } & Watch)
  | { type: "ack"; seq: number }
  | { type: "ping" };

export type ServerMessage =
  | { type: "hello"; tenantId: number; userId: number }
  /** `ack: 1` on a snapshot or delta: the hub asks for an ack of this frame (ACK_EVERY) */
  | { type: "snapshot"; seq: number; vehicles: VehicleLive[]; counts?: FleetCounts; ack?: 1 }
  /** vehicles: id plus only the changed fields; gone: vehicles that left the watch (bbox) */
  | {
      type: "delta";
      seq: number;
      vehicles: (Partial<VehicleLive> & { id: number })[];
      /** map watches: moves packed POS_STRIDE numbers a vehicle (unpackPositions), relative to `at` */
      pos?: number[];
      /** the hub's clock when the frame was made (with `pos`) */
      at?: number;
      gone?: number[];
      counts?: FleetCounts;
      alarms?: AlarmEvent[];
      ack?: 1;
    }
  /** code 403: the watch asks for what the user's screens do not grant (nothing of it was applied) */
  | { type: "error"; message: string; code?: 403 }
  | { type: "pong" };

export const MAX_WATCH_VEHICLES = 5000;
/** frames a client may have unacknowledged before the hub holds back (and coalesces) further deltas */
export const ACK_WINDOW = 4;
/**
 * The hub asks for an ack (`ack: 1`) on every snapshot and on every ACK_EVERY-th delta of a socket, and a client
 * acknowledges only the frames that ask: acks are cumulative, so one ack answers the frames before it too, and a
 * thousand screens cost the hub half as many ack messages. Each socket starts at its own point of the cycle, so the
 * acks of screens that receive the same frames do not all arrive together.
 */
export const ACK_EVERY = 2;

const isNum = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/** Parses a client frame; null when it is not a valid ClientMessage. */
export function parseClientMessage(raw: string | ArrayBuffer): ClientMessage | null {
  if (typeof raw !== "string" || raw.length > 65536) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const msg = value as Record<string, unknown>;
  if (msg.type === "ping") return { type: "ping" };
  if (msg.type === "ack") return Number.isSafeInteger(msg.seq) && (msg.seq as number) >= 0 ? { type: "ack", seq: msg.seq as number } : null;
  if (msg.type !== "watch") return null;
  const watch: { type: "watch" } & Watch = { type: "watch" };
  if (msg.vehicles !== undefined) {
    if (msg.vehicles === "all") watch.vehicles = "all";
    else if (Array.isArray(msg.vehicles) && msg.vehicles.length <= MAX_WATCH_VEHICLES && msg.vehicles.every((v) => Number.isSafeInteger(v) && v > 0)) watch.vehicles = msg.vehicles as number[];
    else return null;
  }
  if (msg.bbox !== undefined) {
    const b = msg.bbox;
    if (!Array.isArray(b) || b.length !== 4 || !b.every(isNum)) return null;
    const [w, s, e, n] = b as number[];
    if (w! < -180 || e! > 180 || s! < -90 || n! > 90 || s! > n!) return null;
    watch.bbox = [w!, s!, e!, n!];
  }
  if (msg.counts !== undefined) {
    if (typeof msg.counts !== "boolean") return null;
    watch.counts = msg.counts;
  }
  if (msg.alarms !== undefined) {
    if (typeof msg.alarms !== "boolean") return null;
    watch.alarms = msg.alarms;
  }
  if (msg.since !== undefined) {
    if (!Number.isSafeInteger(msg.since) || (msg.since as number) < 0) return null;
    watch.since = msg.since as number;
  }
  if (msg.hz !== undefined) {
    if (!isNum(msg.hz) || msg.hz < 0.2 || msg.hz > 10) return null;
    watch.hz = msg.hz;
  }
  if (msg.fields !== undefined) {
    if (msg.fields !== "all" && msg.fields !== "map") return null;
    watch.fields = msg.fields;
  }
  if (msg.detail !== undefined) {
    if (!Array.isArray(msg.detail) || msg.detail.length > MAX_DETAIL || !msg.detail.every((v) => Number.isSafeInteger(v) && v > 0)) return null;
    watch.detail = msg.detail as number[];
  }
  return watch;
}

export const encodeServerMessage = (m: ServerMessage): string => JSON.stringify(m);

/** Status from the last time heard (server clock): online within `offlineAfterMs`, running when moving. */
export function statusOf(seen: number | null, speed: number | null, now: number, offlineAfterMs: number): VehicleStatus {
  if (seen === null) return "never";
  if (now - seen > offlineAfterMs) return "offline";
  return (speed ?? 0) >= 1 ? "running" : "stopped";
}

/**
 * Online classes of spec §4/§9 from the last report time: online (within the offline threshold), today, within
 * 1 day, 2–5 days, over 5 days, never.
 */
export type OnlineClass = "online" | "today" | "day1" | "days2to5" | "over5" | "never";
export function onlineClassOf(seen: number | null, now: number, offlineAfterMs: number, startOfToday: number): OnlineClass {
  if (seen === null) return "never";
  if (now - seen <= offlineAfterMs) return "online";
  if (seen >= startOfToday) return "today";
  const days = (now - seen) / 86_400_000;
  if (days <= 1) return "day1";
  if (days <= 5) return "days2to5";
  return "over5";
}
