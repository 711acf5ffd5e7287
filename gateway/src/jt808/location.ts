/**
 * Location report (0x0200), its extra items, the batch upload (0x0704) and the alarm / status words.
 *
 * Body: alarm DWORD, status DWORD, lat DWORD, lng DWORD (1e-6 degrees, sign in status bits 2/3), altitude WORD (m),
 * speed WORD (1/10 km/h), heading WORD (degrees), time BCD[6] YYMMDDhhmmss in the terminal's zone, then extra items
 * (id BYTE, length BYTE, value).
 */
import { ByteReader, ByteWriter, fromHex, Jt808DecodeError, toHex } from "./bytes";

/** One J1939 diagnostic trouble code (SAE J1939-73, conversion method 0 / version 4 layout). */
export interface Dtc {
  /** Suspect parameter number, 19 bits. */
  spn: number;
  /** Failure mode identifier, 5 bits. */
  fmi: number;
  /** Occurrence count, 7 bits. */
  count: number;
}

export interface LocationExtras {
  /** 0x01: odometer, 1/10 km on the wire. */
  mileageKm?: number;
  /** 0x02: fuel, 1/10 L on the wire. */
  fuelL?: number;
  /** 0x03: speed from the tachograph, 1/10 km/h on the wire. */
  tachoSpeedKmh?: number;
  /** 0x04: id of an alarm event that needs a person's confirmation. */
  alarmEventId?: number;
  /** 0x11: overspeed alarm extra; areaType 0 none, 1 circle, 2 rectangle, 3 polygon, 4 route (areaId when not 0). */
  overspeed?: { areaType: number; areaId?: number };
  /** 0x12: area/route entry or exit alarm extra; direction 0 in, 1 out. */
  areaAlarm?: { areaType: number; areaId: number; direction: number };
  /** 0x13: route segment driving time alarm; result 0 too short, 1 too long. */
  routeTime?: { routeId: number; seconds: number; result: number };
  /** 0x30: wireless signal strength. */
  signal?: number;
  /** 0x31: GNSS satellites in use. */
  satellites?: number;
  /** 0x2A: IO status word. */
  io?: number;
  /** 0x2B: analog inputs [AD0, AD1] (AD0 is bits 0-15 of the DWORD, AD1 bits 16-31). */
  analog?: [number, number];
  /** 0x25: extended vehicle signal status. */
  extStatus?: number;
  /** Vendor 0x69 (WORD, 1/100 V): backup battery voltage. */
  batteryV?: number;
  /** Vendor supply voltage: 0x82 or 0xD3 (WORD, 1/10 V) or 0xF1 (DWORD, mV); written back as 0xF1. */
  powerV?: number;
  /** Vendor 0xF3 here: J1939 DM1 active codes (count BYTE, then 4-byte DTCs). */
  dtcs?: Dtc[];
  /** Other items of 1, 2 or 4 bytes as unsigned numbers, keyed by hex id ("e1"). Also in raw. */
  vendor: Record<string, number>;
  /** Every item not decoded above, as hex, keyed by hex id: kept, not lost, and written back as is. */
  raw: Record<string, string>;
}

export interface Location {
  alarm: number;
  status: number;
  /** Signed degrees: south is negative (status bit 2). */
  lat: number;
  /** Signed degrees: west is negative (status bit 3). */
  lng: number;
  /** Metres; read signed, as below sea level is sent in two's complement by the terminals that handle it. */
  altitude: number;
  /** km/h. */
  speed: number;
  heading: number;
  /** UTC ms; 0 when the terminal sent no valid time (all zeros before a first fix). */
  time: number;
  extras: LocationExtras;
}

export interface LocationBatch {
  /** 0 normal batch, 1 blind-area retransmission (positions stored while out of coverage). */
  kind: 0 | 1;
  items: Location[];
}

/** The vendor item id this codec reads as a J1939 DM1 list (no vendor id found in public sources; Traccar uses 0xF3 differently, so the length must fit exactly). */
export const DM1_ITEM = 0xf3;

const STATUS_SOUTH = 1 << 2;
const STATUS_WEST = 1 << 3;

// ---------- alarm and status words ----------

/** Alarm bit names by bit number (JT/T 808-2019 table 25; bits 15-17 are reserved in 2013). */
export const ALARM_BITS = [
  "sos",
  "overspeed",
  "fatigue",
  "danger",
  "gnss_fault",
  "antenna_cut",
  "antenna_short",
  "low_voltage",
  "power_cut",
  "display_fault",
  "tts_fault",
  "camera_fault",
  "ic_card_fault",
  "overspeed_warning",
  "fatigue_warning",
  "illegal_driving",
  "tire_pressure_warning",
  "right_blind_spot",
  "driving_time_exceeded",
  "parking_overtime",
  "area_in_out",
  "route_in_out",
  "route_time",
  "route_deviation",
  "vss_fault",
  "fuel_abnormal",
  "theft",
  "illegal_ignition",
  "illegal_move",
  "collision",
  "rollover",
  "illegal_door_open",
] as const;

export type AlarmFlag = (typeof ALARM_BITS)[number];

/** The set alarm bits as words, lowest bit first. */
export function alarmFlags(alarm: number): AlarmFlag[] {
  const out: AlarmFlag[] = [];
  for (let bit = 0; bit < 32; bit++) if ((alarm >>> bit) & 1) out.push(ALARM_BITS[bit]);
  return out;
}

export interface StatusBits {
  acc: boolean;
  located: boolean;
  south: boolean;
  west: boolean;
  outOfService: boolean;
  /** Coordinates encrypted by a plug-in (bit 5). */
  coordsEncrypted: boolean;
  /** Bits 8-9. */
  load: "empty" | "half" | "reserved" | "full";
  oilCut: boolean;
  circuitCut: boolean;
  doorsLocked: boolean;
  /** Bits 13-17: door 1 (front), 2 (middle), 3 (back), 4 (driver), 5 (custom) open. */
  doorsOpen: [boolean, boolean, boolean, boolean, boolean];
  gps: boolean;
  beidou: boolean;
  glonass: boolean;
  galileo: boolean;
  /** Bit 22 (2019): the vehicle is moving. */
  moving: boolean;
}

export function statusBits(status: number): StatusBits {
  const bit = (n: number) => ((status >>> n) & 1) === 1;
  const loads = ["empty", "half", "reserved", "full"] as const;
  return {
    acc: bit(0),
    located: bit(1),
    south: bit(2),
    west: bit(3),
    outOfService: bit(4),
    coordsEncrypted: bit(5),
    load: loads[(status >>> 8) & 3],
    oilCut: bit(10),
    circuitCut: bit(11),
    doorsLocked: bit(12),
    doorsOpen: [bit(13), bit(14), bit(15), bit(16), bit(17)],
    gps: bit(18),
    beidou: bit(19),
    glonass: bit(20),
    galileo: bit(21),
    moving: bit(22),
  };
}

// ---------- time ----------

function bcdByte(b: number): number {
  const hi = b >>> 4;
  const lo = b & 0x0f;
  return hi > 9 || lo > 9 ? -1 : hi * 10 + lo;
}

/** BCD[6] YYMMDDhhmmss in the zone tzOffsetMinutes east of UTC, to UTC ms; 0 for an impossible date. */
export function readBcdTime(bytes: Uint8Array, tzOffsetMinutes: number): number {
  const [yy, mo, dd, hh, mi, ss] = Array.from(bytes.subarray(0, 6), bcdByte);
  if (yy < 0 || mo < 1 || mo > 12 || dd < 1 || dd > 31 || hh < 0 || hh > 23 || mi < 0 || mi > 59 || ss < 0 || ss > 59) return 0;
  return Date.UTC(2000 + yy, mo - 1, dd, hh, mi, ss) - tzOffsetMinutes * 60_000;
}

/** UTC ms to BCD[6] in the terminal's zone; 0 (no time) becomes all zeros. */
export function writeBcdTime(time: number, tzOffsetMinutes: number): Uint8Array {
  if (time === 0) return new Uint8Array(6);
  const d = new Date(time + tzOffsetMinutes * 60_000);
  const parts = [d.getUTCFullYear() % 100, d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()];
  return Uint8Array.from(parts, (n) => ((Math.floor(n / 10) << 4) | n % 10));
}

// ---------- DM1 ----------

/** SAE J1939-73 DTC, version 4: SPN low byte, SPN middle byte, SPN top 3 bits + FMI, CM bit + occurrence count. */
export function decodeDtc(b: Uint8Array): Dtc {
  return { spn: b[0] | (b[1] << 8) | ((b[2] & 0xe0) << 11), fmi: b[2] & 0x1f, count: b[3] & 0x7f };
}

export function encodeDtc(d: Dtc): Uint8Array {
  if (d.spn < 0 || d.spn > 0x7ffff || d.fmi < 0 || d.fmi > 31 || d.count < 0 || d.count > 127) throw new RangeError("DTC out of range");
  return Uint8Array.of(d.spn & 0xff, (d.spn >>> 8) & 0xff, ((d.spn >>> 11) & 0xe0) | d.fmi, d.count);
}

/** A DM1 list only when its length is exactly count*4+1: anything else is another vendor's use of the id. */
function decodeDm1(v: Uint8Array): Dtc[] | null {
  if (v.length < 1 || v.length !== 1 + v[0] * 4) return null;
  const out: Dtc[] = [];
  for (let i = 1; i < v.length; i += 4) out.push(decodeDtc(v.subarray(i, i + 4)));
  return out;
}

// ---------- extra items ----------

function uint(v: Uint8Array): number {
  let n = 0;
  for (const b of v) n = n * 256 + b;
  return n;
}

/** Decodes one known item into extras; false when the id is not known or its length does not fit the known layout. */
function decodeItem(id: number, v: Uint8Array, x: LocationExtras): boolean {
  const len = v.length;
  switch (id) {
    case 0x01:
      if (len !== 4) return false;
      x.mileageKm = uint(v) / 10;
      return true;
    case 0x02:
      if (len !== 2) return false;
      x.fuelL = uint(v) / 10;
      return true;
    case 0x03:
      if (len !== 2) return false;
      x.tachoSpeedKmh = uint(v) / 10;
      return true;
    case 0x04:
      if (len !== 2) return false;
      x.alarmEventId = uint(v);
      return true;
    case 0x11:
      if (len === 1 && v[0] === 0) x.overspeed = { areaType: 0 };
      else if (len === 5) x.overspeed = { areaType: v[0], areaId: uint(v.subarray(1)) };
      else return false;
      return true;
    case 0x12:
      if (len !== 6) return false;
      x.areaAlarm = { areaType: v[0], areaId: uint(v.subarray(1, 5)), direction: v[5] };
      return true;
    case 0x13:
      if (len !== 7) return false;
      x.routeTime = { routeId: uint(v.subarray(0, 4)), seconds: uint(v.subarray(4, 6)), result: v[6] };
      return true;
    case 0x25:
      if (len !== 4) return false;
      x.extStatus = uint(v);
      return true;
    case 0x2a:
      if (len !== 2) return false;
      x.io = uint(v);
      return true;
    case 0x2b:
      if (len !== 4) return false;
      x.analog = [uint(v.subarray(2, 4)), uint(v.subarray(0, 2))];
      return true;
    case 0x30:
      if (len !== 1) return false;
      x.signal = v[0];
      return true;
    case 0x31:
      if (len !== 1) return false;
      x.satellites = v[0];
      return true;
    case 0x69:
      if (len !== 2) return false;
      x.batteryV = uint(v) / 100;
      return true;
    case 0x82:
    case 0xd3:
      if (len !== 2) return false;
      x.powerV = uint(v) / 10;
      return true;
    case 0xf1:
      if (len !== 4) return false;
      x.powerV = uint(v) / 1000;
      return true;
    case DM1_ITEM: {
      const dtcs = decodeDm1(v);
      if (!dtcs) return false;
      x.dtcs = dtcs;
      return true;
    }
    default:
      return false;
  }
}

/** Reads the extra items; an item whose length runs past the body ends the loop, keeping what was read. */
export function decodeExtras(bytes: Uint8Array): LocationExtras {
  const x: LocationExtras = { vendor: {}, raw: {} };
  let at = 0;
  while (at + 2 <= bytes.length) {
    const id = bytes[at];
    const len = bytes[at + 1];
    if (at + 2 + len > bytes.length) break;
    const v = bytes.subarray(at + 2, at + 2 + len);
    at += 2 + len;
    if (decodeItem(id, v, x)) continue;
    const key = id.toString(16).padStart(2, "0");
    x.raw[key] = toHex(v);
    if (len === 1 || len === 2 || len === 4) x.vendor[key] = uint(v);
  }
  return x;
}

function item(w: ByteWriter, id: number, value: Uint8Array): void {
  if (value.length > 0xff) throw new RangeError(`extra item ${id.toString(16)} longer than 255 bytes`);
  w.u8(id).u8(value.length).bytes(value);
}

const word = (n: number) => new ByteWriter().u16(n).done();
const dword = (n: number) => new ByteWriter().u32(n).done();

/** Writes extras in id order. raw wins over vendor for the same id; a vendor number without raw bytes goes out as a DWORD. */
export function encodeExtras(x: LocationExtras): Uint8Array {
  const items = new Map<number, Uint8Array>();
  const put = (id: number, v: Uint8Array) => items.set(id, v);
  if (x.mileageKm !== undefined) put(0x01, dword(Math.round(x.mileageKm * 10)));
  if (x.fuelL !== undefined) put(0x02, word(Math.round(x.fuelL * 10)));
  if (x.tachoSpeedKmh !== undefined) put(0x03, word(Math.round(x.tachoSpeedKmh * 10)));
  if (x.alarmEventId !== undefined) put(0x04, word(x.alarmEventId));
  if (x.overspeed) {
    const o = x.overspeed;
    put(0x11, o.areaType === 0 ? Uint8Array.of(0) : new ByteWriter().u8(o.areaType).u32(o.areaId ?? 0).done());
  }
  if (x.areaAlarm) put(0x12, new ByteWriter().u8(x.areaAlarm.areaType).u32(x.areaAlarm.areaId).u8(x.areaAlarm.direction).done());
  if (x.routeTime) put(0x13, new ByteWriter().u32(x.routeTime.routeId).u16(x.routeTime.seconds).u8(x.routeTime.result).done());
  if (x.extStatus !== undefined) put(0x25, dword(x.extStatus));
  if (x.io !== undefined) put(0x2a, word(x.io));
  if (x.analog) put(0x2b, new ByteWriter().u16(x.analog[1]).u16(x.analog[0]).done());
  if (x.signal !== undefined) put(0x30, Uint8Array.of(x.signal));
  if (x.satellites !== undefined) put(0x31, Uint8Array.of(x.satellites));
  if (x.batteryV !== undefined) put(0x69, word(Math.round(x.batteryV * 100)));
  if (x.powerV !== undefined) put(0xf1, dword(Math.round(x.powerV * 1000)));
  if (x.dtcs) {
    if (x.dtcs.length > 63) throw new RangeError("at most 63 DTCs fit one item");
    const w = new ByteWriter().u8(x.dtcs.length);
    for (const d of x.dtcs) w.bytes(encodeDtc(d));
    put(DM1_ITEM, w.done());
  }
  for (const [key, n] of Object.entries(x.vendor)) {
    const id = parseInt(key, 16);
    if (!(key in x.raw) && !items.has(id)) put(id, dword(n));
  }
  for (const [key, hex] of Object.entries(x.raw)) {
    const id = parseInt(key, 16);
    if (!items.has(id)) put(id, fromHex(hex));
  }
  const w = new ByteWriter();
  for (const id of [...items.keys()].sort((a, b) => a - b)) {
    if (!(id >= 0 && id <= 0xff)) throw new RangeError(`extra item id ${id} is not a byte`);
    item(w, id, items.get(id) as Uint8Array);
  }
  return w.done();
}

// ---------- 0x0200 ----------

/** The fixed part before the extra items. */
export const LOCATION_BASE_BYTES = 28;

export function decodeLocation(body: Uint8Array, tzOffsetMinutes = 480): Location {
  const r = new ByteReader(body);
  r.need(LOCATION_BASE_BYTES, "location");
  const alarm = r.u32();
  const status = r.u32();
  const lat = r.u32() / 1e6;
  const lng = r.u32() / 1e6;
  const altitude = r.i16();
  const speed = r.u16() / 10;
  const heading = r.u16();
  const time = readBcdTime(r.bytesN(6), tzOffsetMinutes);
  return {
    alarm,
    status,
    lat: status & STATUS_SOUTH ? -lat : lat,
    lng: status & STATUS_WEST ? -lng : lng,
    altitude,
    speed,
    heading,
    time,
    extras: decodeExtras(r.rest()),
  };
}

/** The signs of lat/lng decide status bits 2/3, whatever `status` says. */
export function encodeLocation(loc: Location, tzOffsetMinutes = 480): Uint8Array {
  let status = loc.status & ~(STATUS_SOUTH | STATUS_WEST);
  if (loc.lat < 0) status |= STATUS_SOUTH;
  if (loc.lng < 0) status |= STATUS_WEST;
  return new ByteWriter()
    .u32(loc.alarm >>> 0)
    .u32(status >>> 0)
    .u32(Math.round(Math.abs(loc.lat) * 1e6))
    .u32(Math.round(Math.abs(loc.lng) * 1e6))
    .i16(Math.round(loc.altitude))
    .u16(Math.round(loc.speed * 10))
    .u16(loc.heading)
    .bytes(writeBcdTime(loc.time, tzOffsetMinutes))
    .bytes(encodeExtras(loc.extras))
    .done();
}

// ---------- 0x0704 ----------

/** count WORD, kind BYTE, then per item a WORD length and a 0x0200 body. A truncated item ends the list, keeping what was read. */
export function decodeBatch(body: Uint8Array, tzOffsetMinutes = 480): LocationBatch {
  const r = new ByteReader(body);
  const count = r.u16("batch count");
  const kindByte = r.u8("batch kind");
  if (kindByte > 1) throw new Jt808DecodeError(`batch kind ${kindByte}`);
  const items: Location[] = [];
  for (let i = 0; i < count && r.remaining >= 2; i++) {
    const len = r.u16();
    if (len > r.remaining || len < LOCATION_BASE_BYTES) break;
    items.push(decodeLocation(r.bytesN(len), tzOffsetMinutes));
  }
  return { kind: kindByte === 1 ? 1 : 0, items };
}

export function encodeBatch(b: LocationBatch, tzOffsetMinutes = 480): Uint8Array {
  const w = new ByteWriter().u16(b.items.length).u8(b.kind);
  for (const loc of b.items) {
    const one = encodeLocation(loc, tzOffsetMinutes);
    w.u16(one.length).bytes(one);
  }
  return w.done();
}
