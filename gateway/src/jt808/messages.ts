/**
 * JT/T 808 message bodies, both directions: the gateway decodes what terminals send and encodes its answers and
 * commands; the terminal simulator and tests encode terminal messages, so every body here round-trips.
 *
 * `decodeX` throw Jt808DecodeError on a body they cannot read; `decodeMessage` never throws and says "malformed".
 */
import { ByteReader, ByteWriter, decodeGbk, Jt808DecodeError, toHex } from "./bytes";
import { decodeBatch, decodeLocation, encodeLocation, type Location, type LocationBatch } from "./location";
import type { Packet } from "./packet";
import { decodeParamsReply, decodeQueryParams, decodeSetParams, type Params, type ParamsReply } from "./params";

export * from "./location";
export * from "./params";
export { Jt808DecodeError } from "./bytes";

export const MSG = {
  terminalResponse: 0x0001,
  heartbeat: 0x0002,
  logout: 0x0003,
  register: 0x0100,
  authenticate: 0x0102,
  paramsReply: 0x0104,
  attributesReply: 0x0107,
  upgradeResult: 0x0108,
  location: 0x0200,
  locationReply: 0x0201,
  batch: 0x0704,
  passthroughUp: 0x0900,
  platformResponse: 0x8001,
  registerResponse: 0x8100,
  setParams: 0x8103,
  queryParams: 0x8104,
  control: 0x8105,
  /** 0x8106: query the listed parameters (encodeQueryParams with ids). */
  queryParamsById: 0x8106,
  /** 0x8107: query terminal attributes (empty body); answered by 0x0107. */
  queryAttributes: 0x8107,
  locate: 0x8201,
  text: 0x8300,
  passthroughDown: 0x8900,
} as const;

type Edition = 2013 | 2019;

// ---------- 0x0100 register ----------

export interface Register {
  province: number;
  city: number;
  maker: string;
  model: string;
  terminalId: string;
  /** 0 no plate (2019: plate holds the VIN), 1 blue, 2 yellow, 3 black, 4 white, 9 other. */
  plateColor: number;
  plate: string;
}

/** Fixed field widths: maker, model, terminal id. */
const REGISTER_WIDTHS = { 2013: [5, 20, 7], 2019: [11, 30, 30] } as const;

export function decodeRegister(body: Uint8Array, edition: Edition): Register {
  const [makerLen, modelLen, idLen] = REGISTER_WIDTHS[edition];
  const r = new ByteReader(body);
  return {
    province: r.u16("province"),
    city: r.u16("city"),
    maker: r.fixedText(makerLen, "maker"),
    model: r.fixedText(modelLen, "model"),
    terminalId: r.fixedText(idLen, "terminal id"),
    plateColor: r.u8("plate color"),
    plate: r.restText(),
  };
}

export function encodeRegister(reg: Register, edition: Edition): Uint8Array {
  const [makerLen, modelLen, idLen] = REGISTER_WIDTHS[edition];
  return new ByteWriter()
    .u16(reg.province)
    .u16(reg.city)
    .fixedText(reg.maker, makerLen, "maker")
    .fixedText(reg.model, modelLen, "model")
    .fixedText(reg.terminalId, idLen, "terminal id")
    .u8(reg.plateColor)
    .text(reg.plate)
    .done();
}

// ---------- 0x8100 register response ----------

export interface RegisterResponse {
  serial: number;
  /** 0 success, 1 vehicle already registered, 2 no such vehicle, 3 terminal already registered, 4 no such terminal. */
  result: 0 | 1 | 2 | 3 | 4;
  /** Only on success: the code the terminal authenticates with from now on. */
  authCode?: string;
}

function result04(n: number, what: string): 0 | 1 | 2 | 3 | 4 {
  if (n === 0 || n === 1 || n === 2 || n === 3 || n === 4) return n;
  throw new Jt808DecodeError(`${what} result ${n}`);
}

export function encodeRegisterResponse(r: RegisterResponse): Uint8Array {
  const w = new ByteWriter().u16(r.serial).u8(r.result);
  if (r.result === 0 && r.authCode !== undefined) w.text(r.authCode);
  return w.done();
}

export function decodeRegisterResponse(body: Uint8Array): RegisterResponse {
  const r = new ByteReader(body);
  const serial = r.u16("serial");
  const result = result04(r.u8("result"), "register");
  const out: RegisterResponse = { serial, result };
  if (result === 0 && r.remaining > 0) out.authCode = r.restText();
  return out;
}

// ---------- 0x0102 authenticate ----------

export interface Authenticate {
  code: string;
  /** 2019 only: IMEI, 15 bytes. */
  imei?: string;
  /** 2019 only: software version, 20 bytes. */
  softwareVersion?: string;
}

/** 2013: the whole body is the code. 2019: code length BYTE, code, IMEI[15], software version[20]. */
export function decodeAuthenticate(body: Uint8Array, edition: Edition): Authenticate {
  const r = new ByteReader(body);
  if (edition === 2013) return { code: r.restText() };
  const len = r.u8("code length");
  // the code is compared byte for byte with what we issued: no padding is trimmed from it
  const code = decodeGbk(r.bytesN(len, "auth code"));
  return { code, imei: r.fixedText(15, "imei"), softwareVersion: r.fixedText(20, "software version") };
}

export function encodeAuthenticate(a: Authenticate, edition: Edition): Uint8Array {
  const w = new ByteWriter();
  if (edition === 2013) return w.text(a.code).done();
  const code = new ByteWriter().text(a.code).done();
  if (code.length > 255) throw new RangeError("auth code longer than 255 bytes");
  return w
    .u8(code.length)
    .bytes(code)
    .fixedText(a.imei ?? "", 15, "imei")
    .fixedText(a.softwareVersion ?? "", 20, "software version")
    .done();
}

// ---------- 0x0001 / 0x8001 general response ----------

export interface GeneralResponse {
  /** Serial of the message answered. */
  serial: number;
  /** Id of the message answered. */
  msgId: number;
  /** 0 success, 1 failure, 2 bad message, 3 not supported, 4 alarm acknowledged (0x8001 only). */
  result: 0 | 1 | 2 | 3 | 4;
}

export function encodeGeneralResponse(g: GeneralResponse): Uint8Array {
  return new ByteWriter().u16(g.serial).u16(g.msgId).u8(g.result).done();
}

export function decodeGeneralResponse(body: Uint8Array): GeneralResponse {
  const r = new ByteReader(body);
  return { serial: r.u16("serial"), msgId: r.u16("msg id"), result: result04(r.u8("result"), "general response") };
}

// ---------- 0x8300 text ----------

export interface Text {
  /** Bit flags (emergency, display, TTS, ...; the bits differ by edition). */
  flags: number;
  text: string;
  /** 2019 only: 1 notice, 2 service; written as 1 when absent. */
  textType?: number;
}

export function encodeText(t: Text, edition: Edition): Uint8Array {
  const w = new ByteWriter().u8(t.flags);
  if (edition === 2019) w.u8(t.textType ?? 1);
  return w.text(t.text).done();
}

export function decodeText(body: Uint8Array, edition: Edition): Text {
  const r = new ByteReader(body);
  const flags = r.u8("flags");
  if (edition === 2013) return { flags, text: r.restText() };
  const textType = r.u8("text type");
  return { flags, textType, text: r.restText() };
}

// ---------- 0x8105 control ----------

export interface Control {
  /** 1 wireless upgrade, 2 connect to a given server, 3 power off, 4 reset, 5 factory reset, 6 close data link, 7 close all links. */
  command: number;
  /** ';'-separated parameters for commands 1 and 2; empty for the others. */
  params: string;
}

export const CONTROL = { upgrade: 1, connectServer: 2, powerOff: 3, reset: 4, factoryReset: 5, closeData: 6, closeAll: 7 } as const;

export function encodeControl(c: Control): Uint8Array {
  return new ByteWriter().u8(c.command).text(c.params).done();
}

export function decodeControl(body: Uint8Array): Control {
  const r = new ByteReader(body);
  return { command: r.u8("command"), params: r.restText() };
}

/**
 * Wireless upgrade (command 1). The standard's eleven fields are URL; dial point; user; password; address; TCP port;
 * UDP port; maker id; hardware version; firmware version; time limit (min). Empty fields let the terminal use its own.
 */
export function upgradeControl(url: string, version: string): Control {
  if (url.includes(";") || version.includes(";")) throw new RangeError("';' separates the upgrade fields");
  return { command: CONTROL.upgrade, params: [url, "", "", "", "", "", "", "", "", version, ""].join(";") };
}

// ---------- 0x0108 upgrade result ----------

export interface UpgradeResult {
  /** 0 terminal, 12 road transport IC card reader, 52 BeiDou module. */
  type: number;
  /** 0 success, 1 failure, 2 cancelled. */
  result: 0 | 1 | 2;
}

export function encodeUpgradeResult(u: UpgradeResult): Uint8Array {
  return new ByteWriter().u8(u.type).u8(u.result).done();
}

export function decodeUpgradeResult(body: Uint8Array): UpgradeResult {
  const r = new ByteReader(body);
  const type = r.u8("type");
  const result = r.u8("result");
  if (result !== 0 && result !== 1 && result !== 2) throw new Jt808DecodeError(`upgrade result ${result}`);
  return { type, result };
}

// ---------- 0x0201 location reply ----------

export interface LocationReply {
  /** Serial of the 0x8201 answered. */
  serial: number;
  location: Location;
}

export function encodeLocationReply(l: LocationReply, tzOffsetMinutes = 480): Uint8Array {
  return new ByteWriter().u16(l.serial).bytes(encodeLocation(l.location, tzOffsetMinutes)).done();
}

export function decodeLocationReply(body: Uint8Array, tzOffsetMinutes = 480): LocationReply {
  const r = new ByteReader(body);
  const serial = r.u16("serial");
  return { serial, location: decodeLocation(r.rest(), tzOffsetMinutes) };
}

// ---------- 0x0900 / 0x8900 passthrough ----------

export interface Passthrough {
  /** Vendor-defined type (0x00 GNSS detail, 0x0B IC card, 0x41/0x42 serial ports, 0xF0-0xFF user). */
  type: number;
  data: Uint8Array;
}

export function encodePassthrough(p: Passthrough): Uint8Array {
  return new ByteWriter().u8(p.type).bytes(p.data).done();
}

export function decodePassthrough(body: Uint8Array): Passthrough {
  const r = new ByteReader(body);
  return { type: r.u8("type"), data: r.rest().slice() };
}

// ---------- 0x0107 attributes ----------

export interface Attributes {
  /** Bit flags: passenger / dangerous goods / freight / taxi vehicle, video, all-in-one. */
  terminalType: number;
  maker: string;
  model: string;
  terminalId: string;
  /** SIM ICCID, BCD[10], digits as sent. */
  iccid: string;
  hardwareVersion: string;
  firmwareVersion: string;
  /** Bits: GPS, BeiDou, GLONASS, Galileo. */
  gnss: number;
  /** Bits: GPRS, CDMA, TD-SCDMA, WCDMA, CDMA2000, TD-LTE, other. */
  comm: number;
}

export function decodeAttributes(body: Uint8Array, edition: Edition): Attributes {
  const [makerLen, modelLen, idLen] = REGISTER_WIDTHS[edition];
  const r = new ByteReader(body);
  const terminalType = r.u16("terminal type");
  const maker = r.fixedText(makerLen, "maker");
  const model = r.fixedText(modelLen, "model");
  const terminalId = r.fixedText(idLen, "terminal id");
  const iccid = r.bcd(10, "iccid");
  const hardwareVersion = r.fixedText(r.u8("hw version length"), "hw version");
  const firmwareVersion = r.fixedText(r.u8("fw version length"), "fw version");
  return { terminalType, maker, model, terminalId, iccid, hardwareVersion, firmwareVersion, gnss: r.u8("gnss"), comm: r.u8("comm") };
}

export function encodeAttributes(a: Attributes, edition: Edition): Uint8Array {
  const [makerLen, modelLen, idLen] = REGISTER_WIDTHS[edition];
  const hw = new ByteWriter().text(a.hardwareVersion).done();
  const fw = new ByteWriter().text(a.firmwareVersion).done();
  return new ByteWriter()
    .u16(a.terminalType)
    .fixedText(a.maker, makerLen, "maker")
    .fixedText(a.model, modelLen, "model")
    .fixedText(a.terminalId, idLen, "terminal id")
    .bcd(a.iccid, 10, "iccid")
    .u8(hw.length)
    .bytes(hw)
    .u8(fw.length)
    .bytes(fw)
    .u8(a.gnss)
    .u8(a.comm)
    .done();
}

// ---------- dispatch ----------

export type Message =
  | { kind: "terminalResponse"; value: GeneralResponse }
  | { kind: "heartbeat" }
  | { kind: "logout" }
  | { kind: "register"; value: Register }
  | { kind: "authenticate"; value: Authenticate }
  | { kind: "paramsReply"; value: ParamsReply }
  | { kind: "attributesReply"; value: Attributes }
  | { kind: "upgradeResult"; value: UpgradeResult }
  | { kind: "location"; value: Location }
  | { kind: "locationReply"; value: LocationReply }
  | { kind: "batch"; value: LocationBatch }
  | { kind: "passthroughUp"; value: Passthrough }
  | { kind: "platformResponse"; value: GeneralResponse }
  | { kind: "registerResponse"; value: RegisterResponse }
  | { kind: "setParams"; value: Params }
  /** 0x8104 (value null: all) and 0x8106 (value: the ids). */
  | { kind: "queryParams"; value: number[] | null }
  | { kind: "queryAttributes" }
  | { kind: "control"; value: Control }
  | { kind: "locate" }
  | { kind: "text"; value: Text }
  | { kind: "passthroughDown"; value: Passthrough }
  | { kind: "unknown"; msgId: number }
  | { kind: "malformed"; msgId: number; reason: string };

function decodeKnown(p: Packet, tz: number): Message {
  const b = p.body;
  switch (p.msgId) {
    case MSG.terminalResponse:
      return { kind: "terminalResponse", value: decodeGeneralResponse(b) };
    case MSG.heartbeat:
      return { kind: "heartbeat" };
    case MSG.logout:
      return { kind: "logout" };
    case MSG.register:
      return { kind: "register", value: decodeRegister(b, p.edition) };
    case MSG.authenticate:
      return { kind: "authenticate", value: decodeAuthenticate(b, p.edition) };
    case MSG.paramsReply:
      return { kind: "paramsReply", value: decodeParamsReply(b) };
    case MSG.attributesReply:
      return { kind: "attributesReply", value: decodeAttributes(b, p.edition) };
    case MSG.upgradeResult:
      return { kind: "upgradeResult", value: decodeUpgradeResult(b) };
    case MSG.location:
      return { kind: "location", value: decodeLocation(b, tz) };
    case MSG.locationReply:
      return { kind: "locationReply", value: decodeLocationReply(b, tz) };
    case MSG.batch:
      return { kind: "batch", value: decodeBatch(b, tz) };
    case MSG.passthroughUp:
      return { kind: "passthroughUp", value: decodePassthrough(b) };
    case MSG.platformResponse:
      return { kind: "platformResponse", value: decodeGeneralResponse(b) };
    case MSG.registerResponse:
      return { kind: "registerResponse", value: decodeRegisterResponse(b) };
    case MSG.setParams:
      return { kind: "setParams", value: decodeSetParams(b) };
    case MSG.queryParams:
      return { kind: "queryParams", value: null };
    case MSG.queryParamsById:
      return { kind: "queryParams", value: decodeQueryParams(b) };
    case MSG.queryAttributes:
      return { kind: "queryAttributes" };
    case MSG.control:
      return { kind: "control", value: decodeControl(b) };
    case MSG.locate:
      return { kind: "locate" };
    case MSG.text:
      return { kind: "text", value: decodeText(b, p.edition) };
    case MSG.passthroughDown:
      return { kind: "passthroughDown", value: decodePassthrough(b) };
    default:
      return { kind: "unknown", msgId: p.msgId };
  }
}

/**
 * A packet's body as a tagged message. Never throws: an unreadable body, an encrypted one or a still-split packet
 * (join it with Reassembler first) is `{ kind: "malformed", msgId, reason }`.
 */
export function decodeMessage(packet: Packet, tzOffsetMinutes = 480): Message {
  const msgId = packet.msgId;
  if (packet.encrypted) return { kind: "malformed", msgId, reason: "encrypted body (RSA)" };
  if (packet.subpackage && packet.subpackage.total > 1) return { kind: "malformed", msgId, reason: "one part of a split message" };
  try {
    return decodeKnown(packet, tzOffsetMinutes);
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    return { kind: "malformed", msgId, reason: `${reason} (body ${toHex(packet.body.subarray(0, 64))})` };
  }
}
