/**
 * Terminal parameters: set (0x8103), query all (0x8104), query some (0x8106) and the reply (0x0104).
 *
 * Each item is id DWORD, length BYTE, value. The value's type comes from the standard's parameter table by id; an id
 * the table here does not know keeps its bytes as a hex string, so nothing a terminal reports is lost.
 */
import { ByteReader, ByteWriter, decodeGbk, encodeGbk, fromHex, toHex } from "./bytes";

/** Parameter values by id: numbers for DWORD/WORD/BYTE ids, text for STRING ids, hex for ids not in PARAM_TYPES. */
export type Params = Record<number, number | string>;

export type ParamType = "dword" | "word" | "byte" | "string";

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

const STRING_IDS = [...range(0x0010, 0x0017), 0x001a, 0x001d, ...range(0x0023, 0x0026), ...range(0x0040, 0x0044), 0x0048, 0x0049, 0x0083];
const WORD_IDS = [0x0031, ...range(0x005b, 0x005e), 0x0081, 0x0082, 0x0101, 0x0103];
const BYTE_IDS = [0x0084, 0x0090, 0x0091, 0x0092, 0x0094];
const DWORD_IDS = [
  ...range(0x0001, 0x0007),
  0x0018,
  0x0019,
  0x001b,
  0x001c,
  0x0020,
  0x0021,
  0x0022,
  ...range(0x0027, 0x0029),
  ...range(0x002c, 0x0030),
  0x0045,
  0x0046,
  0x0047,
  ...range(0x0050, 0x005a),
  0x0064,
  0x0065,
  ...range(0x0070, 0x0074),
  0x0080,
  0x0093,
  0x0095,
  0x0100,
  0x0102,
];

/**
 * Types of the common parameter ids (JT/T 808-2013 table 12 / 2019 table 13), e.g. 0x0001 heartbeat interval s,
 * 0x0013 main server address, 0x0018 TCP port, 0x0027 sleep report interval s, 0x0029 default report interval s,
 * 0x0055 max speed km/h, 0x0080 odometer 1/10 km, 0x0083 plate.
 */
export const PARAM_TYPES: ReadonlyMap<number, ParamType> = new Map<number, ParamType>([
  ...DWORD_IDS.map((id) => [id, "dword"] as const),
  ...WORD_IDS.map((id) => [id, "word"] as const),
  ...BYTE_IDS.map((id) => [id, "byte"] as const),
  ...STRING_IDS.map((id) => [id, "string"] as const),
]);

/** Named ids for the parameters the platform sets most. */
export const PARAM = {
  heartbeatInterval: 0x0001,
  mainServer: 0x0013,
  backupServer: 0x0017,
  tcpPort: 0x0018,
  sleepReportInterval: 0x0027,
  alarmReportInterval: 0x0028,
  defaultReportInterval: 0x0029,
  maxSpeed: 0x0055,
  overspeedDuration: 0x0056,
  odometer: 0x0080,
  province: 0x0081,
  city: 0x0082,
  plate: 0x0083,
  plateColor: 0x0084,
} as const;

const NUMERIC_WIDTH = { dword: 4, word: 2, byte: 1 } as const;

function decodeValue(id: number, v: Uint8Array): number | string {
  const type = PARAM_TYPES.get(id);
  if (type === "string") {
    let end = v.length;
    while (end > 0 && v[end - 1] === 0) end--;
    return decodeGbk(v.subarray(0, end));
  }
  // a numeric id sent with another numeric width is still a number (some terminals send ports as WORD)
  if (type && (v.length === 1 || v.length === 2 || v.length === 4)) {
    let n = 0;
    for (const b of v) n = n * 256 + b;
    return n;
  }
  return toHex(v);
}

function encodeValue(id: number, value: number | string): Uint8Array {
  const type = PARAM_TYPES.get(id);
  if (type === "string") return encodeGbk(String(value));
  if (typeof value === "string") {
    if (type) throw new RangeError(`parameter 0x${id.toString(16)} is a ${type}, not text`);
    return fromHex(value);
  }
  const w = new ByteWriter();
  const width = type ? NUMERIC_WIDTH[type] : 4;
  if (width === 4) w.u32(value);
  else if (width === 2) w.u16(value);
  else w.u8(value);
  return w.done();
}

function readItems(r: ByteReader): Params {
  const count = r.u8("parameter count");
  const params: Params = {};
  for (let i = 0; i < count; i++) {
    const id = r.u32("parameter id");
    const len = r.u8("parameter length");
    params[id] = decodeValue(id, r.bytesN(len, `parameter 0x${id.toString(16)}`));
  }
  return params;
}

function writeItems(w: ByteWriter, params: Params): void {
  const ids = Object.keys(params).map(Number);
  if (ids.length > 255) throw new RangeError("at most 255 parameters per message");
  w.u8(ids.length);
  for (const id of ids) {
    const v = encodeValue(id, params[id]);
    if (v.length > 255) throw new RangeError(`parameter 0x${id.toString(16)} longer than 255 bytes`);
    w.u32(id).u8(v.length).bytes(v);
  }
}

/** 0x8103 body. */
export function encodeSetParams(p: Params): Uint8Array {
  const w = new ByteWriter();
  writeItems(w, p);
  return w.done();
}

export function decodeSetParams(body: Uint8Array): Params {
  return readItems(new ByteReader(body));
}

/**
 * null: the empty body of 0x8104 (query all). A list of ids: the body of 0x8106 (query these; count BYTE, ids DWORD),
 * to be sent as MSG.queryParamsById.
 */
export function encodeQueryParams(ids: number[] | null): Uint8Array {
  if (ids === null) return new Uint8Array(0);
  if (ids.length > 255) throw new RangeError("at most 255 parameter ids per query");
  const w = new ByteWriter().u8(ids.length);
  for (const id of ids) w.u32(id);
  return w.done();
}

/** 0x8106 body back to its ids. */
export function decodeQueryParams(body: Uint8Array): number[] {
  const r = new ByteReader(body);
  const count = r.u8("id count");
  const ids: number[] = [];
  for (let i = 0; i < count; i++) ids.push(r.u32("parameter id"));
  return ids;
}

export interface ParamsReply {
  /** Serial of the 0x8104/0x8106 this answers. */
  serial: number;
  params: Params;
}

/** 0x0104: serial WORD, then the items as in 0x8103. */
export function decodeParamsReply(body: Uint8Array): ParamsReply {
  const r = new ByteReader(body);
  const serial = r.u16("reply serial");
  return { serial, params: readItems(r) };
}

export function encodeParamsReply(reply: ParamsReply): Uint8Array {
  const w = new ByteWriter().u16(reply.serial);
  writeItems(w, reply.params);
  return w.done();
}
