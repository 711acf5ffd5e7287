/**
 * The alarm rules of the FleetHub (pure and deterministic: time comes from the points and the caller). One small
 * state per vehicle (JSON, persisted by the hub) is stepped by every new point in time order; a point not newer
 * than the last one evaluated (a late point) changes nothing and raises nothing. docs/alarm-rules.md explains each
 * rule, its settings and defaults.
 */
import type { Point } from "../telematics/point";
import { areaOf, haversineM, routeOf, type Area, type LngLat, type Route } from "./geo";
import { craneOf, LIFT_START_T } from "./crane";
import { DEFAULT_TIME_ZONE } from "../../app/lib/tenant-clock";
import { dayEndMs, dayStartMs } from "../../app/lib/tenant-days";

// ---- settings --------------------------------------------------------------------------------------

/** Thresholds of the rules (tenant setting "telematics", next to the hub's own settings). 0 turns a rule off. */
export interface RuleSettings {
  /** below this speed (km/h) a vehicle counts as stopped (fatigue rest, idling, fuel checks) */
  movingKmh: number;
  /** overspeed above this km/h (0: off) … */
  overspeedKmh: number;
  /** … sustained this many seconds (also used for a fence's own speed limit) */
  overspeedSeconds: number;
  overspeedLevel: number;
  /** fatigue: driving this many hours (0: off) … */
  fatigueHours: number;
  /** … without a stop of this many minutes */
  fatigueRestMinutes: number;
  fatigueLevel: number;
  /** idling: ACC on and stopped for this many minutes (0: off) */
  idleMinutes: number;
  idleLevel: number;
  /** a new fault code (SPN/FMI) raises an alarm */
  faultAlarm: boolean;
  faultLevel: number;
  /** possible drain: the fuel level (% of tank) falls more than this while stopped (0: off) … */
  fuelDropPercent: number;
  /** … within this many minutes */
  fuelDropMinutes: number;
  fuelDropLevel: number;
  /** refuel: the level rises more than this (% of tank) while stopped (0: off) */
  refuelPercent: number;
  refuelLevel: number;
  /** silent (no report, no heartbeat) for this many minutes raises an offline alarm (0: off) */
  offlineAlarmMinutes: number;
  offlineLevel: number;
  /** a terminal's own alarm flag (sos, power_cut, tamper …) when it appears */
  terminalAlarm: boolean;
  terminalLevel: number;
  /** litres per 100 % of the fuel level, for the daily fuel used when a terminal sends no fuel counter */
  tankLitres: number;
  /** a tower crane's load moment at or above this % of the rated moment raises an overload alarm (0: off) */
  overloadPercent: number;
  overloadLevel: number;
  /** wind at the jib at or above this (m/s) raises a wind alarm (0: off); 10.8 m/s is force 6, when lifting stops */
  windLimitMs: number;
  windLevel: number;
}

export const DEFAULT_RULE_SETTINGS: RuleSettings = {
  movingKmh: 5,
  overspeedKmh: 80,
  overspeedSeconds: 10,
  overspeedLevel: 2,
  fatigueHours: 4,
  fatigueRestMinutes: 20,
  fatigueLevel: 2,
  idleMinutes: 10,
  idleLevel: 3,
  faultAlarm: true,
  faultLevel: 2,
  fuelDropPercent: 10,
  fuelDropMinutes: 30,
  fuelDropLevel: 1,
  refuelPercent: 10,
  refuelLevel: 3,
  offlineAlarmMinutes: 60,
  offlineLevel: 3,
  terminalAlarm: true,
  terminalLevel: 1,
  tankLitres: 400,
  overloadPercent: 100,
  overloadLevel: 1,
  windLimitMs: 10.8,
  windLevel: 2,
};

/** Stored settings over the defaults: a value of the wrong type (or a level outside 1–3) keeps its default. */
export function ruleSettingsOf(stored: Record<string, unknown>): RuleSettings {
  const out = { ...DEFAULT_RULE_SETTINGS } as Record<string, number | boolean>;
  for (const [k, d] of Object.entries(DEFAULT_RULE_SETTINGS)) {
    const v = stored[k];
    if (typeof d === "boolean" ? typeof v !== "boolean" : typeof v !== "number" || !Number.isFinite(v) || v < 0) continue;
    if (k.endsWith("Level") && (v as number) !== 1 && v !== 2 && v !== 3) continue;
    out[k] = v as number | boolean;
  }
  return out as unknown as RuleSettings;
}

// ---- time of day in the tenant's zone ------------------------------------------------------------------

const HOUR = 3_600_000;
const MINUTE = 60_000;
const formats = new Map<string, Intl.DateTimeFormat | null>();
const offsets = new Map<string, number>();

/** Offset of a time zone from UTC at `t` (ms), cached per zone and hour; an unknown zone counts as the default zone. */
export function zoneOffsetMs(timeZone: string, t: number): number {
  const hour = Math.floor(t / HOUR);
  const key = `${timeZone}|${hour}`;
  const cached = offsets.get(key);
  if (cached !== undefined) return cached;
  let format = formats.get(timeZone);
  if (format === undefined) {
    const parts = { hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" } as const;
    try {
      format = new Intl.DateTimeFormat("en-US", { timeZone, ...parts });
    } catch {
      format = new Intl.DateTimeFormat("en-US", { timeZone: DEFAULT_TIME_ZONE, ...parts });
    }
    formats.set(timeZone, format);
  }
  let offset = 0;
  if (format) {
    const at = hour * HOUR;
    const parts: Record<string, number> = {};
    for (const p of format.formatToParts(new Date(at))) if (p.type !== "literal") parts[p.type] = Number(p.value);
    offset = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour! % 24, parts.minute!, parts.second!) - at;
  }
  if (offsets.size > 50_000) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

/** Minutes since local midnight (0–1439). */
export function minuteOfDay(t: number, timeZone: string): number {
  const local = t + zoneOffsetMs(timeZone, t);
  return Math.floor((((local % 86_400_000) + 86_400_000) % 86_400_000) / MINUTE);
}

/** The local day, yyyy-MM-dd. */
export function dayOf(t: number, timeZone: string): string {
  return new Date(t + zoneOffsetMs(timeZone, t)).toISOString().slice(0, 10);
}

/** A daily period in minutes of the day, [start, end); start > end crosses midnight; start = end is all day. */
export type Period = [number, number];

/** The local day of `t` with its bounds in UTC ms, [start, end): 23 or 25 hours across a daylight-saving change. */
export function dayBounds(t: number, timeZone: string): { day: string; start: number; end: number } {
  const day = dayOf(t, timeZone);
  return { day, start: dayStartMs(day, timeZone)!, end: dayEndMs(day, timeZone)! + 1 };
}

/** "HH:mm" → minutes, or null. */
export function parseHhMm(text: string | null | undefined): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec((text ?? "").trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

export function periodOf(start: string | null | undefined, end: string | null | undefined): Period | null {
  const [s, e] = [parseHhMm(start), parseHhMm(end)];
  return s === null || e === null ? null : [s, e];
}

/** In effect at `minute`: no period means always. */
export function inPeriods(periods: Period[], minute: number): boolean {
  if (!periods.length) return true;
  for (const [s, e] of periods) {
    if (s === e) return true;
    if (s < e ? minute >= s && minute < e : minute >= s || minute < e) return true;
  }
  return false;
}

// ---- fences and lines ----------------------------------------------------------------------------------

export interface FenceRule {
  id: number;
  /** the row's version: an edited fence starts its state afresh (no alarm from the edit itself) */
  version: number;
  name: string;
  area: Area;
  alarmIn: boolean;
  alarmOut: boolean;
  /** km/h inside, null: none */
  speedLimit: number | null;
  periods: Period[];
  dwellMs: number;
  level: number;
}

export interface LineRule {
  id: number;
  version: number;
  name: string;
  route: Route;
  bufferM: number;
  dwellMs: number;
  level: number;
}

/** The fences and lines that apply to one vehicle. */
export interface VehicleRules {
  fences: FenceRule[];
  lines: LineRule[];
}

export const NO_RULES: VehicleRules = { fences: [], lines: [] };

const levelOf = (n: number) => (n === 1 || n === 3 ? n : 2);

export interface FenceRow {
  id: number;
  version: number;
  name: string;
  shape: string;
  coordinates: LngLat[];
  radius: number | null;
  alarmIn: number;
  alarmOut: number;
  speedLimit: number | null;
  period1Start: string | null;
  period1End: string | null;
  period2Start: string | null;
  period2End: string | null;
  dwellSeconds: number;
  level: number;
}

/** A fence row ready for evaluation; null when it can raise nothing or its shape is unusable. */
export function compileFence(row: FenceRow): FenceRule | null {
  const speedLimit = row.speedLimit !== null && row.speedLimit > 0 ? row.speedLimit : null;
  if (!row.alarmIn && !row.alarmOut && speedLimit === null) return null;
  // a circle's radius is at most 10 000 m (spec §5)
  const area = areaOf(row.shape, row.coordinates, row.radius === null ? null : Math.min(row.radius, 10_000));
  if (!area) return null;
  const periods = [periodOf(row.period1Start, row.period1End), periodOf(row.period2Start, row.period2End)].filter((p): p is Period => p !== null);
  return { id: row.id, version: row.version, name: row.name, area, alarmIn: !!row.alarmIn, alarmOut: !!row.alarmOut, speedLimit, periods, dwellMs: Math.max(0, row.dwellSeconds) * 1000, level: levelOf(row.level) };
}

export interface LineRow {
  id: number;
  version: number;
  name: string;
  path: LngLat[];
  bufferMeters: number;
  offRouteAlarm: number;
  dwellSeconds: number;
  level: number;
}

export function compileLine(row: LineRow): LineRule | null {
  if (!row.offRouteAlarm) return null;
  const bufferM = Math.max(1, row.bufferMeters);
  const route = routeOf(row.path, bufferM);
  if (!route) return null;
  return { id: row.id, version: row.version, name: row.name, route, bufferM, dwellMs: Math.max(0, row.dwellSeconds) * 1000, level: levelOf(row.level) };
}

// ---- the state of one vehicle -------------------------------------------------------------------------------

/** A debounced two-valued state: the confirmed value, and since when the other value has been seen. */
export interface Edge {
  /** version of the fence/line this state belongs to */
  v: number;
  /** confirmed: inside the fence / on the route; null until the first point */
  in: boolean | null;
  /** the first time the other value was seen, while it has not lasted the dwell time */
  since: number | null;
}

/** A condition that must last: since when it holds, and whether it already raised its alarm. */
export interface Run {
  since: number;
  fired: boolean;
}

/** What the rules remember of the previous point (also used by the daily roll-up). */
export interface Prev {
  t: number;
  lng: number;
  lat: number;
  speed: number;
  mileage: number | null;
  fuel: number | null;
  /** can.fuelTotal: the engine's total fuel used counter, litres */
  fuelTotal: number | null;
  acc: boolean | null;
  /** a tower crane's last load, tonnes (lifts are counted when it rises) */
  load?: number | null;
}

export interface RuleState {
  /** time of the last point evaluated; older or equal points are late */
  t: number | null;
  prev: Prev | null;
  /** last known ACC (a point may omit it) */
  acc: boolean | null;
  fences: Record<string, Edge>;
  lines: Record<string, Edge>;
  /** a fence's speed limit exceeded, per fence */
  limits: Record<string, Run>;
  over: Run | null;
  /** continuous driving: when it began, when the current stop began, whether fatigue fired */
  drive: { start: number | null; stop: number | null; fired: boolean };
  idle: Run | null;
  /** fault codes present ("spn:fmi") */
  faults: string[];
  /** the terminal's alarm flags present */
  flags: string[];
  /** fuel levels while stopped within the drop window: a falling queue of maxima and a rising one of minima */
  fuelHi: [number, number][];
  fuelLo: [number, number][];
  /** when the last refuel alarm fired: the rest of the same filling raises no second one */
  refuelAt?: number | null;
  /** an offline alarm was raised for the current silence */
  offline: boolean;
  /** a tower crane's overload and wind episodes under way (each raised once; re-armed below 90 % of its threshold) */
  crane?: { over: boolean; wind: boolean };
}

export function emptyRuleState(): RuleState {
  return { t: null, prev: null, acc: null, fences: {}, lines: {}, limits: {}, over: null, drive: { start: null, stop: null, fired: false }, idle: null, faults: [], flags: [], fuelHi: [], fuelLo: [], offline: false };
}

/** An alarm the rules raise; the hub adds the vehicle, the position and the key prefix. */
export interface RuleAlarm {
  kind: "fence_in" | "fence_out" | "off_route" | "overspeed" | "fatigue" | "idle" | "fault" | "fuel_drop" | "refuel" | "offline" | "terminal" | "overload" | "wind";
  level: number;
  at: number;
  refId: number | null;
  /** unique per vehicle: kind, what raised it, and the time */
  key: string;
  detail: Record<string, unknown>;
}

/** A silence longer than this breaks "sustained" conditions (overspeed, idling): they start again. */
export const GAP_MS = 5 * MINUTE;
/** a vehicle that moved less than this across a silence stood still (fuel drop over the silence) */
const STILL_M = 200;

/** Steps a debounced edge with the raw value; returns true when the confirmed value flips. */
function stepEdge(e: Edge, raw: boolean, t: number, dwellMs: number): boolean {
  if (e.in === null) {
    // the first point only tells where the vehicle is: it did not cross anything we saw
    e.in = raw;
    e.since = null;
    return false;
  }
  if (raw === e.in) {
    e.since = null;
    return false;
  }
  if (e.since === null) e.since = t;
  if (t - e.since < dwellMs) return false;
  e.in = raw;
  return true;
}

function edgeFor(map: Record<string, Edge>, id: number, version: number): Edge {
  let e = map[id];
  if (!e || e.v !== version) map[id] = e = { v: version, in: null, since: null };
  return e;
}

/** Drops the states of fences/lines no longer bound to the vehicle. */
function prune(map: Record<string, unknown>, rules: { id: number }[], complete: boolean) {
  let n = 0;
  for (const _ in map) n++;
  // a complete map (a state for every rule was just made) with as many keys as rules holds no stale key
  if (n === 0 || (complete && n === rules.length)) return;
  for (const k of Object.keys(map)) if (!rules.some((r) => String(r.id) === k)) delete map[k];
}

const codeOf = (f: { spn: number; fmi: number }) => `${f.spn}:${f.fmi}`;

/**
 * Steps the vehicle's rule state with a new point and returns the alarms it raises. Points must come in time order;
 * one not newer than the last evaluated returns [] and leaves the state as it was.
 */
export function evaluate(state: RuleState, p: Point, rules: VehicleRules, s: RuleSettings, timeZone: string): RuleAlarm[] {
  if (state.t !== null && p.t <= state.t) return [];
  const out: RuleAlarm[] = [];
  const t = p.t;
  const gap = state.t === null ? Number.POSITIVE_INFINITY : t - state.t;
  const broken = gap > GAP_MS;
  const acc = typeof p.status.acc === "boolean" ? p.status.acc : state.acc;
  // a position without a speed (Traccar Client's -1) counts as standing: no overspeed, no moving
  const speed = p.speed ?? 0;
  const moving = speed >= s.movingKmh;
  const fire = (kind: RuleAlarm["kind"], level: number, refId: number | null, tag: string, detail: Record<string, unknown>) =>
    out.push({ kind, level, at: t, refId, key: `${kind}:${tag}:${t}`, detail });
  let minute: number | null = null;
  const active = (periods: Period[]) => !periods.length || inPeriods(periods, (minute ??= minuteOfDay(t, timeZone)));

  // fences: in/out debounced by the fence's dwell; alarms only within its effective periods
  if (rules.fences.length) {
    for (const f of rules.fences) {
      const inside = f.area.contains(p.lng, p.lat);
      const e = edgeFor(state.fences, f.id, f.version);
      const since = e.since ?? t;
      if (stepEdge(e, inside, t, f.dwellMs)) {
        e.since = null;
        if ((inside ? f.alarmIn : f.alarmOut) && active(f.periods)) fire(inside ? "fence_in" : "fence_out", f.level, f.id, String(f.id), { fence: f.name, since });
      }
      if (f.speedLimit !== null && inside && speed > f.speedLimit && active(f.periods)) {
        let run = state.limits[f.id];
        if (!run || broken) state.limits[f.id] = run = { since: t, fired: false };
        if (!run.fired && t - run.since >= s.overspeedSeconds * 1000) {
          run.fired = true;
          fire("overspeed", f.level, f.id, `f${f.id}`, { fence: f.name, limitKmh: f.speedLimit, speed, since: run.since });
        }
      } else if (state.limits[f.id]) delete state.limits[f.id];
    }
    prune(state.fences, rules.fences, true);
    prune(state.limits, rules.fences, false);
  } else if (state.t !== null) {
    for (const k in state.fences) delete state.fences[k];
    for (const k in state.limits) delete state.limits[k];
  }

  // lines: off the route (beyond the buffer) debounced by the line's dwell
  if (rules.lines.length) {
    for (const l of rules.lines) {
      let distance: number | null = null;
      const onRoute = !l.route.far(p.lng, p.lat) && (distance = l.route.distanceM(p.lng, p.lat)) <= l.bufferM;
      const e = edgeFor(state.lines, l.id, l.version);
      const since = e.since ?? t;
      if (stepEdge(e, onRoute, t, l.dwellMs)) {
        e.since = null;
        if (!onRoute) fire("off_route", l.level, l.id, String(l.id), { line: l.name, bufferM: l.bufferM, distanceM: Math.round(distance ?? l.route.distanceM(p.lng, p.lat)), since });
      }
    }
    prune(state.lines, rules.lines, true);
  } else if (state.t !== null) for (const k in state.lines) delete state.lines[k];

  // overspeed: above the threshold for the whole sustain time (a single fast point is a blip)
  if (s.overspeedKmh > 0 && speed > s.overspeedKmh) {
    if (!state.over || broken) state.over = { since: t, fired: false };
    if (!state.over.fired && t - state.over.since >= s.overspeedSeconds * 1000) {
      state.over.fired = true;
      fire("overspeed", s.overspeedLevel, null, "", { limitKmh: s.overspeedKmh, speed, since: state.over.since });
    }
  } else state.over = null;

  // fatigue: driving for N hours with no stop of M minutes (a silence that long counts as a stop)
  if (s.fatigueHours > 0) {
    const d = state.drive;
    const restMs = s.fatigueRestMinutes * MINUTE;
    if (gap >= restMs) {
      d.start = null;
      d.stop = null;
      d.fired = false;
    }
    if (moving) {
      if (d.start === null) d.start = t;
      d.stop = null;
      if (!d.fired && t - d.start >= s.fatigueHours * HOUR) {
        d.fired = true;
        fire("fatigue", s.fatigueLevel, null, "", { since: d.start, drivenMinutes: Math.round((t - d.start) / MINUTE) });
      }
    } else {
      if (d.stop === null) d.stop = t;
      if (t - d.stop >= restMs) {
        d.start = null;
        d.fired = false;
      }
    }
  }

  // idling: ACC on, stopped, for N minutes
  if (s.idleMinutes > 0 && acc === true && !moving) {
    if (!state.idle || broken) state.idle = { since: t, fired: false };
    if (!state.idle.fired && t - state.idle.since >= s.idleMinutes * MINUTE) {
      state.idle.fired = true;
      fire("idle", s.idleLevel, null, "", { since: state.idle.since, minutes: Math.round((t - state.idle.since) / MINUTE) });
    }
  } else state.idle = null;

  // fault codes: each SPN/FMI that was not present on the previous point
  if (p.faults.length || state.faults.length) {
    const codes: string[] = [];
    for (const f of p.faults) {
      const code = codeOf(f);
      if (codes.includes(code)) continue;
      codes.push(code);
      if (s.faultAlarm && !state.faults.includes(code)) fire("fault", s.faultLevel, null, code, { spn: f.spn, fmi: f.fmi, count: f.count });
    }
    state.faults = codes;
  }

  // the terminal's own alarm flags, when they appear
  if (p.alarms.length || state.flags.length) {
    if (s.terminalAlarm) for (const flag of new Set(p.alarms)) if (!state.flags.includes(flag)) fire("terminal", s.terminalLevel, null, flag, { flag });
    state.flags = p.alarms.length ? [...new Set(p.alarms)] : [];
  }

  // fuel: a fall (possible drain) or a rise (refuel) while stopped
  if (p.fuel !== null) fuelStep(state, p, moving, s, fire);

  // a tower crane's monitor: overload (load moment) and wind, once an episode
  const crane = craneOf(p.can);
  if (crane) {
    const c = (state.crane ??= { over: false, wind: false });
    if (crane.moment !== null && s.overloadPercent > 0) {
      if (!c.over && crane.moment >= s.overloadPercent) {
        c.over = true;
        fire("overload", s.overloadLevel, null, "", { moment: crane.moment, load: crane.load, radius: crane.radius, limitPercent: s.overloadPercent });
      } else if (c.over && crane.moment < s.overloadPercent * 0.9) c.over = false;
    }
    if (crane.wind !== null && s.windLimitMs > 0) {
      if (!c.wind && crane.wind >= s.windLimitMs) {
        c.wind = true;
        fire("wind", s.windLevel, null, "", { wind: crane.wind, limitMs: s.windLimitMs });
      } else if (c.wind && crane.wind < s.windLimitMs * 0.9) c.wind = false;
    }
  }

  state.t = t;
  state.acc = acc;
  state.offline = false;
  state.prev = { t, lng: p.lng, lat: p.lat, speed, mileage: p.mileage, fuel: p.fuel ?? state.prev?.fuel ?? null, fuelTotal: typeof p.can.fuelTotal === "number" ? p.can.fuelTotal : null, acc, load: crane?.load ?? state.prev?.load ?? null };
  return out;
}

function fuelStep(state: RuleState, p: Point, moving: boolean, s: RuleSettings, fire: (kind: RuleAlarm["kind"], level: number, refId: number | null, tag: string, detail: Record<string, unknown>) => void) {
  const t = p.t;
  const level = p.fuel!;
  const windowMs = s.fuelDropMinutes * MINUTE;
  if (moving) {
    state.fuelHi = [];
    state.fuelLo = [];
    return;
  }
  const prev = state.prev;
  const reset = () => {
    state.fuelHi = [[t, level]];
    state.fuelLo = [[t, level]];
  };
  // a silence longer than the window, standing still on both sides: compare across it
  if (prev && prev.fuel !== null && t - prev.t > windowMs && prev.speed < s.movingKmh && haversineM(prev.lng, prev.lat, p.lng, p.lat) < STILL_M) {
    if (s.fuelDropPercent > 0 && prev.fuel - level > s.fuelDropPercent) {
      fire("fuel_drop", s.fuelDropLevel, null, "", { from: prev.fuel, to: level, since: prev.t });
      return reset();
    }
    if (s.refuelPercent > 0 && level - prev.fuel > s.refuelPercent) {
      state.refuelAt = t;
      fire("refuel", s.refuelLevel, null, "", { from: prev.fuel, to: level, since: prev.t });
      return reset();
    }
  }
  const hi = state.fuelHi;
  const lo = state.fuelLo;
  while (hi.length && hi[0]![0] < t - windowMs) hi.shift();
  while (lo.length && lo[0]![0] < t - windowMs) lo.shift();
  while (hi.length && hi[hi.length - 1]![1] <= level) hi.pop();
  while (lo.length && lo[lo.length - 1]![1] >= level) lo.pop();
  hi.push([t, level]);
  lo.push([t, level]);
  // a noisy sensor could grow the queues: keep them short
  if (hi.length > 64) hi.splice(1, hi.length - 64);
  if (lo.length > 64) lo.splice(1, lo.length - 64);
  const [hiT, hiV] = hi[0]!;
  const [loT, loV] = lo[0]!;
  if (s.fuelDropPercent > 0 && hiV - level > s.fuelDropPercent) {
    fire("fuel_drop", s.fuelDropLevel, null, "", { from: hiV, to: level, since: hiT });
    reset();
  } else if (s.refuelPercent > 0 && level - loV > s.refuelPercent) {
    reset();
    // still the same filling: the level keeps rising after the alarm
    if (state.refuelAt != null && t - state.refuelAt < windowMs) return;
    state.refuelAt = t;
    fire("refuel", s.refuelLevel, null, "", { from: loV, to: level, since: loT });
  }
}

/**
 * The sweep's question for a silent vehicle: has it been silent longer than the offline alarm allows? Returns the
 * alarm once per silence (the next point clears it); `seen` is when the hub last heard from it.
 */
export function offlineAlarm(state: RuleState, seen: number | null, now: number, s: RuleSettings): RuleAlarm | null {
  if (s.offlineAlarmMinutes <= 0 || seen === null || state.offline) return null;
  const silentMs = now - seen;
  if (silentMs < s.offlineAlarmMinutes * MINUTE) return null;
  state.offline = true;
  const at = seen + s.offlineAlarmMinutes * MINUTE;
  return { kind: "offline", level: s.offlineLevel, at, refId: null, key: `offline::${at}`, detail: { since: seen, minutes: Math.floor(silentMs / MINUTE) } };
}

// ---- daily roll-up --------------------------------------------------------------------------------------

/** What one step from the previous point to this one adds to the day of this point. */
export interface RollupStep {
  km: number;
  fuelL: number;
  engineS: number;
  /** engine time standing still (ACC on, below the moving speed): HD报表's idle hours */
  idleS: number;
  onlineS: number;
  /** a tower crane's lift began (its load rose to LIFT_START_T from below): 1, else 0 */
  lifts: number;
  /** a tower crane's load moment at this point, % (0 without one): the day keeps its peak */
  moment: number;
}

const MAX_KMH = 250;

/**
 * The roll-up of one step: mileage from the odometer (or the haversine distance when a point has none, or the
 * odometer jumped), fuel from the CAN fuel counter (or the level × tank size, rises below the refuel threshold
 * counting as sensor noise), engine time while ACC was on (idle time when, besides, the step began below the moving
 * speed) and online time while reports were no further apart than the offline time. Pure; the first point of a
 * vehicle adds nothing.
 */
export function rollupStep(prev: Prev | null, p: Point, s: RuleSettings, offlineAfterMs: number): RollupStep {
  const step: RollupStep = { km: 0, fuelL: 0, engineS: 0, idleS: 0, onlineS: 0, lifts: 0, moment: 0 };
  if (!prev || p.t <= prev.t) return step;
  const crane = craneOf(p.can);
  if (crane) {
    step.moment = crane.moment ?? 0;
    if (crane.load !== null && crane.load >= LIFT_START_T && (prev.load ?? 0) < LIFT_START_T) step.lifts = 1;
  }
  const dt = p.t - prev.t;
  const maxKm = (dt / HOUR) * MAX_KMH + 0.1;
  const odo = p.mileage !== null && prev.mileage !== null ? p.mileage - prev.mileage : null;
  if (odo !== null && odo >= 0 && odo <= maxKm) step.km = odo;
  else {
    const km = haversineM(prev.lng, prev.lat, p.lng, p.lat) / 1000;
    // standing still, GPS drift is not mileage; a jump faster than any vehicle is a bad fix
    const drift = (p.speed ?? 0) < 1 && prev.speed < 1 && km < 0.05;
    if (!drift && km <= maxKm) step.km = km;
  }
  const total = typeof p.can.fuelTotal === "number" ? p.can.fuelTotal : null;
  if (total !== null && prev.fuelTotal !== null && total >= prev.fuelTotal && total - prev.fuelTotal < 1000) step.fuelL = total - prev.fuelTotal;
  else if (p.fuel !== null && prev.fuel !== null) {
    const fall = prev.fuel - p.fuel;
    if (fall > 0 || -fall < s.refuelPercent) step.fuelL = (fall * s.tankLitres) / 100;
  }
  if (dt <= offlineAfterMs) {
    step.onlineS = dt / 1000;
    if (prev.acc === true) step.engineS = dt / 1000;
    if (prev.acc === true && prev.speed < s.movingKmh) step.idleS = dt / 1000;
  }
  return step;
}

/**
 * The fences and lines of each vehicle, from the rows and their bindings (fence_vehicles, line_vehicles). A fence or
 * line bound to some vehicles applies to those; one bound to no vehicle applies to every vehicle (the fence screen
 * says so: 未绑定车辆时围栏对所有车辆生效). Each is compiled once and shared. `all` is what a vehicle with no binding of
 * its own gets.
 */
export function bindRules(
  fenceRows: FenceRow[],
  fenceBindings: { ref: number; vid: number }[],
  lineRows: LineRow[],
  lineBindings: { ref: number; vid: number }[],
): { byVehicle: Map<number, VehicleRules>; all: VehicleRules } {
  const byVehicle = new Map<number, VehicleRules>();
  const all: VehicleRules = { fences: [], lines: [] };
  const fences = new Map<number, FenceRule>();
  for (const row of fenceRows) {
    const f = compileFence(row);
    if (f) fences.set(f.id, f);
  }
  const lines = new Map<number, LineRule>();
  for (const row of lineRows) {
    const l = compileLine(row);
    if (l) lines.set(l.id, l);
  }
  const boundFences = new Set(fenceBindings.map((b) => b.ref));
  const boundLines = new Set(lineBindings.map((b) => b.ref));
  for (const f of fences.values()) if (!boundFences.has(f.id)) all.fences.push(f);
  for (const l of lines.values()) if (!boundLines.has(l.id)) all.lines.push(l);
  const of = (vid: number) => {
    let r = byVehicle.get(vid);
    if (!r) byVehicle.set(vid, (r = { fences: [...all.fences], lines: [...all.lines] }));
    return r;
  };
  for (const b of fenceBindings) {
    const f = fences.get(b.ref);
    if (f) of(b.vid).fences.push(f);
  }
  for (const b of lineBindings) {
    const l = lines.get(b.ref);
    if (l) of(b.vid).lines.push(l);
  }
  return { byVehicle, all: all.fences.length || all.lines.length ? all : NO_RULES };
}
