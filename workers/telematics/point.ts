/**
 * The telemetry point: what terminals send (v1 JSON and OsmAnd), how each point is checked, and the one normalised
 * shape the FleetHub stores. Pure: shared by the Worker, the hub, the simulator and the tests.
 */

/** A fault code as J1939 reports it. */
export interface FaultCode {
  spn: number;
  fmi: number;
  count: number;
}

/** Status bits a terminal reports. */
export interface StatusBits {
  acc?: boolean;
  /** 0 unlocked, 1 first-level lock, 2 second-level lock */
  lock?: 0 | 1 | 2;
  doors?: boolean;
  [bit: string]: boolean | number | undefined;
}

/** A point after validation; units: km/h, degrees, metres, km, %, rpm, °C, V. Time is UTC milliseconds. */
export interface Point {
  /** dedupe key: the terminal's sequence number (v1) or the time (OsmAnd, and v1 points without seq) */
  key: number;
  /** "s": key is a sequence number; "t": key is the time */
  keyKind: "s" | "t";
  t: number;
  lng: number;
  lat: number;
  /** null: the terminal said it does not know (Traccar Client's -1); the history stores 0, the live state nothing */
  speed: number | null;
  heading: number | null;
  alt: number | null;
  /** odometer, km */
  mileage: number | null;
  /** fuel level, % of tank */
  fuel: number | null;
  rpm: number | null;
  /** % of reference torque */
  torque: number | null;
  /** urea (DEF) level, % */
  urea: number | null;
  /** °C */
  exhaustTemp: number | null;
  /** volts */
  battery: number | null;
  /** GPS accuracy, metres (OsmAnd) */
  accuracy: number | null;
  status: StatusBits;
  /** the terminal's own alarm flags, e.g. "sos", "power_cut", "tamper" */
  alarms: string[];
  faults: FaultCode[];
  can: Record<string, number>;
}

/** numbers a point keeps in PackedPoints.num: key, t, lng, lat, speed, heading, alt, mileage, fuel, rpm, torque,
 * urea, exhaustTemp, battery, accuracy, then 1 for a sequence key (keyKind "s") or 0 */
const PACKED_STRIDE = 16;

/**
 * Checked points as the Worker hands them to the FleetHub: every point's numbers in one Float64Array (null as NaN:
 * a checked number is always finite), and the rest (status bits, alarm flags, fault codes, CAN values) as one JSON
 * text. An RPC argument is copied by V8's serializer property by property, both ways: a hundred Point objects cost
 * about 1.5 ms of the hub's thread a batch, the packed batch next to nothing.
 *
 * packPoints and unpackPoints name every field where it goes (a loop over a list of field names made every access
 * a megamorphic keyed lookup, on the hub's thread for every point); the round-trip test in point.test.ts gives every
 * field a different value, so two places swapped or a field left out fails it.
 */
export interface PackedPoints {
  n: number;
  num: Float64Array;
  rest: string;
}

/** null travels as NaN (a checked number is always finite) */
const orNaN = (v: number | null) => (v === null ? NaN : v);
const orNull = (v: number) => (Number.isNaN(v) ? null : v);

export function packPoints(points: readonly Point[]): PackedPoints {
  const num = new Float64Array(points.length * PACKED_STRIDE);
  const rest: [StatusBits, string[], FaultCode[], Record<string, number>][] = [];
  for (let i = 0, at = 0; i < points.length; i++, at += PACKED_STRIDE) {
    const p = points[i]!;
    num[at] = p.key;
    num[at + 1] = p.t;
    num[at + 2] = p.lng;
    num[at + 3] = p.lat;
    num[at + 4] = orNaN(p.speed);
    num[at + 5] = orNaN(p.heading);
    num[at + 6] = orNaN(p.alt);
    num[at + 7] = orNaN(p.mileage);
    num[at + 8] = orNaN(p.fuel);
    num[at + 9] = orNaN(p.rpm);
    num[at + 10] = orNaN(p.torque);
    num[at + 11] = orNaN(p.urea);
    num[at + 12] = orNaN(p.exhaustTemp);
    num[at + 13] = orNaN(p.battery);
    num[at + 14] = orNaN(p.accuracy);
    num[at + 15] = p.keyKind === "s" ? 1 : 0;
    rest.push([p.status, p.alarms, p.faults, p.can]);
  }
  return { n: points.length, num, rest: JSON.stringify(rest) };
}

export function unpackPoints({ n, num, rest }: PackedPoints): Point[] {
  const others = JSON.parse(rest) as [StatusBits, string[], FaultCode[], Record<string, number>][];
  const points: Point[] = [];
  for (let i = 0, at = 0; i < n; i++, at += PACKED_STRIDE) {
    const [status, alarms, faults, can] = others[i]!;
    points.push({
      key: num[at]!,
      keyKind: num[at + 15] === 1 ? "s" : "t",
      t: num[at + 1]!,
      lng: num[at + 2]!,
      lat: num[at + 3]!,
      speed: orNull(num[at + 4]!),
      heading: orNull(num[at + 5]!),
      alt: orNull(num[at + 6]!),
      mileage: orNull(num[at + 7]!),
      fuel: orNull(num[at + 8]!),
      rpm: orNull(num[at + 9]!),
      torque: orNull(num[at + 10]!),
      urea: orNull(num[at + 11]!),
      exhaustTemp: orNull(num[at + 12]!),
      battery: orNull(num[at + 13]!),
      accuracy: orNull(num[at + 14]!),
      status,
      alarms,
      faults,
      can,
    });
  }
  return points;
}

export const MAX_POINTS = 500;
export const MAX_BATCH_BYTES = 1024 * 1024;
/** a point more than this far in the future is refused (terminal clock wrong) */
export const FUTURE_SLACK_MS = 10 * 60 * 1000;
/** points older than this are refused: history keeps no more (retention default) */
export const MAX_AGE_MS = 180 * 24 * 3600 * 1000;

export type Reason =
  | "malformed_json"
  | "not_an_object"
  | "missing_field"
  | "invalid_field"
  | "lng_out_of_range"
  | "lat_out_of_range"
  | "time_in_future"
  | "time_too_old"
  | "terminal_mismatch"
  | "terminal_disabled"
  | "batch_too_large"
  | "duplicate";

/** A refused point: its index in the batch, a machine reason and a sentence for the person reading the log. */
export interface Rejection {
  index: number;
  reason: Reason;
  field?: string;
  message: string;
}

const isNum = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/** Reads a time: epoch seconds (< 1e11), epoch milliseconds, or ISO-8601 text. */
export function parseTime(value: unknown): number | null {
  if (isNum(value)) return value < 1e11 ? Math.round(value * 1000) : Math.round(value);
  if (typeof value === "string" && value.trim() !== "") {
    const text = value.trim();
    if (/^\d+(\.\d+)?$/.test(text)) return parseTime(Number(text));
    const ms = Date.parse(text);
    return Number.isNaN(ms) ? null : ms;
  }
  return null;
}

type Failure = { ok: false; reason: Reason; field?: string; message: string };
type Check = { ok: true; point: Point } | Failure;

const fail = (reason: Reason, message: string, field?: string): Failure => ({ ok: false, reason, field, message });

/**
 * Reads optional number fields, each within [min, max]: undefined/null → null; anything else refused, the first
 * refusal kept. Each field is read by name (a loop over field names made every read a megamorphic keyed lookup).
 */
class OptionalNumbers {
  failure: Failure | null = null;
  read(v: unknown, field: string, min: number, max: number): number | null {
    if (v === undefined || v === null) return null;
    if (isNum(v) && v >= min && v <= max) return v;
    this.failure ??= fail("invalid_field", `${field} must be a number from ${min} to ${max}`, field);
    return null;
  }
}

/** Checks the position and time every protocol shares. */
function checkWhereWhen(t: number | null, lng: unknown, lat: unknown, now: number): Failure | null {
  if (t === null) return fail("missing_field", "t (time) is required: epoch seconds, milliseconds or ISO-8601", "t");
  if (lng === undefined || lng === null || lng === "") return fail("missing_field", "lng is required", "lng");
  if (lat === undefined || lat === null || lat === "") return fail("missing_field", "lat is required", "lat");
  if (!isNum(lng)) return fail("invalid_field", "lng must be a number", "lng");
  if (!isNum(lat)) return fail("invalid_field", "lat must be a number", "lat");
  if (lng < -180 || lng > 180) return fail("lng_out_of_range", "lng must be from -180 to 180 (WGS-84)", "lng");
  if (lat < -90 || lat > 90) return fail("lat_out_of_range", "lat must be from -90 to 90 (WGS-84)", "lat");
  if (t > now + FUTURE_SLACK_MS) return fail("time_in_future", "t is more than 10 minutes ahead of the server clock", "t");
  if (t < now - MAX_AGE_MS) return fail("time_too_old", "t is older than the history retention (180 days)", "t");
  return null;
}

/** Validates one v1 point (docs/terminal-api.md). */
export function checkV1Point(raw: unknown, now: number): Check {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return fail("not_an_object", "a point must be a JSON object");
  const p = raw as Record<string, unknown>;
  const t = p.t === undefined ? null : parseTime(p.t);
  if (p.t !== undefined && t === null) return fail("invalid_field", "t must be epoch seconds, milliseconds or ISO-8601 text", "t");
  const where = checkWhereWhen(t, p.lng, p.lat, now);
  if (where) return where;
  if (p.seq !== undefined && (!Number.isSafeInteger(p.seq) || (p.seq as number) < 0)) return fail("invalid_field", "seq must be a non-negative integer", "seq");
  const numbers = new OptionalNumbers();
  const speed = numbers.read(p.speed, "speed", 0, 400);
  const heading = numbers.read(p.heading, "heading", 0, 360);
  const alt = numbers.read(p.alt, "alt", -500, 9000);
  const mileage = numbers.read(p.mileage, "mileage", 0, 1e8);
  const fuel = numbers.read(p.fuel, "fuel", 0, 100);
  const rpm = numbers.read(p.rpm, "rpm", 0, 10000);
  const torque = numbers.read(p.torque, "torque", -125, 125);
  const urea = numbers.read(p.urea, "urea", 0, 100);
  const exhaustTemp = numbers.read(p.exhaustTemp, "exhaustTemp", -60, 1200);
  const battery = numbers.read(p.battery, "battery", 0, 60);
  const accuracy = numbers.read(p.accuracy, "accuracy", 0, 1e5);
  if (numbers.failure) return numbers.failure;
  const status = p.status ?? {};
  if (typeof status !== "object" || Array.isArray(status)) return fail("invalid_field", "status must be an object of flags", "status");
  for (const k in status) {
    const v = (status as Record<string, unknown>)[k];
    if (typeof v !== "boolean" && !isNum(v)) return fail("invalid_field", `status.${k} must be true/false or a number`, "status");
  }
  const lock = (status as StatusBits).lock;
  if (lock !== undefined && lock !== 0 && lock !== 1 && lock !== 2) return fail("invalid_field", "status.lock must be 0, 1 or 2", "status");
  const alarms = p.alarms ?? [];
  if (!Array.isArray(alarms) || alarms.length > 32 || !alarms.every((a) => typeof a === "string" && /^[a-z0-9_]{1,32}$/.test(a))) {
    return fail("invalid_field", "alarms must be a list of up to 32 flag names (a-z, 0-9, _)", "alarms");
  }
  const faults = p.faults ?? [];
  if (!Array.isArray(faults) || faults.length > 64) return fail("invalid_field", "faults must be a list of up to 64 {spn, fmi, count}", "faults");
  for (const f of faults as unknown[]) {
    const fc = f as Record<string, unknown>;
    if (!fc || typeof fc !== "object" || !Number.isInteger(fc.spn) || !Number.isInteger(fc.fmi) || (fc.spn as number) < 0 || (fc.spn as number) > 524287 || (fc.fmi as number) < 0 || (fc.fmi as number) > 31) {
      return fail("invalid_field", "each fault needs an integer spn (0-524287) and fmi (0-31)", "faults");
    }
    if (fc.count !== undefined && (!Number.isInteger(fc.count) || (fc.count as number) < 0)) return fail("invalid_field", "fault count must be a non-negative integer", "faults");
  }
  const can = p.can ?? {};
  if (typeof can !== "object" || Array.isArray(can) || Object.keys(can).length > 64 || !Object.values(can as object).every(isNum)) {
    return fail("invalid_field", "can must be an object of up to 64 numeric values", "can");
  }
  const seq = p.seq as number | undefined;
  return {
    ok: true,
    point: {
      key: seq ?? t!,
      keyKind: seq === undefined ? "t" : "s",
      t: t!,
      lng: p.lng as number,
      lat: p.lat as number,
      speed: speed ?? 0,
      heading,
      alt,
      mileage,
      fuel,
      rpm,
      torque,
      urea,
      exhaustTemp,
      battery,
      accuracy,
      status: status as StatusBits,
      alarms: alarms as string[],
      faults: (faults as Record<string, number>[]).map((f) => ({ spn: f.spn!, fmi: f.fmi!, count: f.count ?? 1 })),
      can: can as Record<string, number>,
    },
  };
}

export const KNOTS_TO_KMH = 1.852;

/** An OsmAnd request's fields, from the query string, a form body or the JSON variant (Traccar Client). */
export interface OsmAndInput {
  id: string | null;
  /** the device's key (`key=`), which Traccar Client carries in its server URL; null when not sent */
  key: string | null;
  check: Check;
}

/** Traccar Client sends -1 for a speed or heading it does not know: unknown is absent, as Traccar reads it. */
const UNKNOWN = -1;
const knownOrUndefined = (v: number | undefined) => (v === UNKNOWN ? undefined : v);

const numOrUndefined = (v: string | number | boolean | null | undefined): number | undefined => {
  if (v === undefined || v === null || v === "") return undefined;
  if (typeof v === "boolean") return v ? 1 : 0;
  const n = typeof v === "number" ? v : Number(v);
  return Number.isFinite(n) ? n : Number.NaN;
};

/**
 * Reads the OsmAnd query/form fields: id, key, lat, lon, timestamp, speed (knots), bearing, altitude, accuracy (m),
 * hdop (unitless, kept beside the CAN values), batt, rpm, ignition, charge, odometer (m), fuel, alarm.
 */
export function readOsmAndFields(fields: URLSearchParams, now: number): OsmAndInput {
  const get = (...names: string[]) => {
    for (const n of names) {
      const v = fields.get(n);
      if (v !== null) return v;
    }
    return undefined;
  };
  const id = get("id", "deviceid")?.trim() || null;
  const key = get("key") || null;
  const location = get("location");
  let lat: string | undefined = get("lat");
  let lon: string | undefined = get("lon", "lng");
  if ((lat === undefined || lon === undefined) && location) [lat, lon] = location.split(",");
  return {
    id,
    key,
    check: osmandPoint(
      {
        timestamp: get("timestamp"),
        lat,
        lon,
        speed: get("speed"),
        bearing: get("bearing", "heading"),
        altitude: get("altitude"),
        accuracy: get("accuracy"),
        hdop: get("hdop"),
        rpm: get("rpm"),
        batt: get("batt"),
        charge: get("charge"),
        ignition: get("ignition"),
        odometer: get("odometer"),
        fuel: get("fuel"),
        alarm: get("alarm"),
      },
      now,
    ),
  };
}

/** Reads the OsmAnd JSON variant that Traccar Client sends: { device_id, location: { timestamp, coords, battery } }. */
export function readOsmAndJson(body: unknown, now: number): OsmAndInput {
  if (!body || typeof body !== "object" || Array.isArray(body)) return { id: null, key: null, check: fail("not_an_object", "the body must be a JSON object") };
  const b = body as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a client's JSON of any shape; every field is checked before use
  const id = typeof b.device_id === "string" || typeof b.device_id === "number" ? String(b.device_id).trim() || null : null;
  const loc = b.location;
  if (!loc || typeof loc !== "object") return { id, key: null, check: fail("missing_field", "location is required", "location") };
  const coords = loc.coords ?? {};
  const battery = loc.battery ?? {};
  const speedMs = knownOrUndefined(numOrUndefined(coords.speed));
  return {
    id,
    // the JSON body has no key: Traccar Client sends it in the server URL's query
    key: null,
    check: osmandPoint(
      {
        timestamp: loc.timestamp,
        lat: coords.latitude,
        lon: coords.longitude,
        // the JSON variant reports speed in metres per second; the protocol's knots are m/s × 1.943844
        speed: speedMs === undefined || Number.isNaN(speedMs) || speedMs < 0 ? speedMs : speedMs / 0.514444,
        bearing: coords.heading,
        altitude: coords.altitude,
        accuracy: coords.accuracy,
        batt: typeof battery.level === "number" ? battery.level * (battery.level <= 1 ? 100 : 1) : undefined,
        charge: battery.is_charging,
        odometer: coords.odometer ?? loc.odometer,
        alarm: loc.event === "alarm" ? "general" : undefined,
      },
      now,
    ),
  };
}

/** One OsmAnd position; speed in knots, time in seconds, milliseconds or ISO text. */
function osmandPoint(
  f: Record<string, string | number | boolean | null | undefined>,
  now: number,
): Check {
  const t = f.timestamp === undefined || f.timestamp === null || f.timestamp === "" ? now : parseTime(f.timestamp);
  if (t === null) return fail("invalid_field", "timestamp must be epoch seconds, milliseconds or ISO-8601 text", "timestamp");
  const lat = numOrUndefined(f.lat);
  const lon = numOrUndefined(f.lon);
  if (lat === undefined) return fail("missing_field", "lat is required", "lat");
  if (lon === undefined) return fail("missing_field", "lon is required", "lon");
  const where = checkWhereWhen(t, lon, lat, now);
  if (where) {
    const field = where.field === "lng" ? "lon" : where.field === "t" ? "timestamp" : where.field;
    return { ...where, field, message: where.message.replace(/^lng/, "lon").replace(/^t /, "timestamp ") };
  }
  const numeric: Record<string, number | undefined> = {};
  for (const k of ["speed", "bearing", "altitude", "accuracy", "hdop", "batt", "odometer", "fuel", "rpm"]) {
    const v = numOrUndefined(f[k]);
    if (v !== undefined && Number.isNaN(v)) return fail("invalid_field", `${k} must be a number`, k);
    numeric[k] = v;
  }
  const knots = knownOrUndefined(numeric.speed);
  if (knots !== undefined && (knots < 0 || knots > 250)) return fail("invalid_field", "speed must be from 0 to 250 knots", "speed");
  const bearing = knownOrUndefined(numeric.bearing);
  if (bearing !== undefined && (bearing < 0 || bearing > 360)) return fail("invalid_field", "bearing must be from 0 to 360", "bearing");
  const rpm = numeric.rpm;
  if (rpm !== undefined && (rpm < 0 || rpm > 10000)) return fail("invalid_field", "rpm must be from 0 to 10000", "rpm");
  const hdop = numeric.hdop;
  if (hdop !== undefined && (hdop < 0 || hdop > 100)) return fail("invalid_field", "hdop must be from 0 to 100", "hdop");
  const batt = numeric.batt;
  const ignition = f.ignition;
  const status: StatusBits = {};
  if (ignition !== undefined && ignition !== null && ignition !== "") status.acc = ignition === true || ignition === "true" || ignition === "1" || ignition === 1;
  if (f.charge !== undefined && f.charge !== null && f.charge !== "") status.charging = f.charge === true || f.charge === "true" || f.charge === "1";
  return {
    ok: true,
    point: {
      key: t,
      keyKind: "t",
      t,
      lng: lon as number,
      lat: lat as number,
      speed: knots === undefined ? null : Math.round(knots * KNOTS_TO_KMH * 100) / 100,
      heading: bearing ?? null,
      alt: numeric.altitude ?? null,
      // OsmAnd's odometer is in metres
      mileage: numeric.odometer === undefined ? null : numeric.odometer / 1000,
      fuel: numeric.fuel ?? null,
      rpm: rpm ?? null,
      torque: null,
      urea: null,
      exhaustTemp: null,
      // batt is the phone's battery in percent; keep it as a CAN-like value, not the vehicle's volts
      battery: null,
      accuracy: numeric.accuracy ?? null,
      status,
      alarms: typeof f.alarm === "string" && f.alarm ? [f.alarm.replace(/[^a-z0-9_]/gi, "_").toLowerCase().slice(0, 32)] : [],
      faults: [],
      // batt is the phone's battery, hdop the satellites' geometry (no unit, so not an accuracy in metres)
      can: { ...(batt === undefined ? {} : { deviceBattery: batt }), ...(hdop === undefined ? {} : { hdop }) },
    },
  };
}

export type { Check as PointCheck };
