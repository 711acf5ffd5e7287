/**
 * JT/T 808 message header, checksum and multi-packet reassembly.
 *
 * Header (2013): msgId WORD, attributes WORD, phone BCD[6], serial WORD, [total WORD, index WORD].
 * Header (2019): msgId WORD, attributes WORD (bit 14 set), protocol version BYTE, phone BCD[10], serial WORD, [...].
 * Attributes: bits 0-9 body length, 10-12 encryption (bit 10 = RSA), 13 split into packets, 14 2019 edition.
 */
import { ByteReader, ByteWriter, Jt808DecodeError } from "./bytes";
import { escape, xor } from "./frame";

export interface Packet {
  msgId: number;
  edition: 2013 | 2019;
  /** The 2019 header's protocol version byte; 0 for 2013. */
  protocolVersion: number;
  /** BCD digits exactly as sent (12 or 20); see normalizePhone for matching. */
  phone: string;
  serial: number;
  /** RSA flag (attributes bit 10): the body is encrypted and cannot be decoded here. */
  encrypted: boolean;
  subpackage?: { total: number; index: number /* 1-based */ };
  body: Uint8Array;
}

/** What a failed frame still tells: enough to answer the terminal (0x8001 with result 2, "bad message"). */
export interface PartialHeader {
  msgId: number;
  phone: string;
  serial: number;
  edition: 2013 | 2019;
}

export type DecodePacketResult =
  | { ok: true; packet: Packet }
  | { ok: false; reason: "checksum" | "short" | "length"; partial?: PartialHeader };

/** The largest body one packet can carry (10 bits of length); longer messages are split into packets. */
export const MAX_BODY = 0x3ff;

const ATTR_LENGTH = 0x03ff;
const ATTR_RSA = 0x0400;
const ATTR_SPLIT = 0x2000;
const ATTR_2019 = 0x4000;

interface Header extends PartialHeader {
  protocolVersion: number;
  encrypted: boolean;
  bodyLength: number;
  subpackage?: { total: number; index: number };
  headerLength: number;
}

function readHeader(frame: Uint8Array): Header | null {
  try {
    const r = new ByteReader(frame);
    const msgId = r.u16();
    const attr = r.u16();
    const edition = attr & ATTR_2019 ? 2019 : 2013;
    const protocolVersion = edition === 2019 ? r.u8() : 0;
    const phone = r.bcd(edition === 2019 ? 10 : 6);
    const serial = r.u16();
    const subpackage = attr & ATTR_SPLIT ? { total: r.u16(), index: r.u16() } : undefined;
    return {
      msgId,
      edition,
      protocolVersion,
      phone,
      serial,
      encrypted: (attr & ATTR_RSA) !== 0,
      bodyLength: attr & ATTR_LENGTH,
      subpackage,
      headerLength: r.offset,
    };
  } catch (e) {
    if (e instanceof Jt808DecodeError) return null;
    throw e;
  }
}

/**
 * Decodes one frame as FrameReader returns it (unescaped, delimiters removed, checksum byte last).
 * Order of checks: header readable ("short"), checksum, then the attributes' body length against the bytes.
 */
export function decodePacket(frame: Uint8Array): DecodePacketResult {
  const h = frame.length >= 2 ? readHeader(frame.subarray(0, frame.length - 1)) : null;
  if (!h) return { ok: false, reason: "short" };
  const partial: PartialHeader = { msgId: h.msgId, phone: h.phone, serial: h.serial, edition: h.edition };
  const content = frame.subarray(0, frame.length - 1);
  if (xor(content) !== frame[frame.length - 1]) return { ok: false, reason: "checksum", partial };
  if (content.length - h.headerLength !== h.bodyLength) return { ok: false, reason: "length", partial };
  const packet: Packet = {
    msgId: h.msgId,
    edition: h.edition,
    protocolVersion: h.protocolVersion,
    phone: h.phone,
    serial: h.serial,
    encrypted: h.encrypted,
    body: content.slice(h.headerLength),
  };
  if (h.subpackage) packet.subpackage = h.subpackage;
  return { ok: true, packet };
}

export interface EncodePacketInput {
  msgId: number;
  phone: string;
  serial: number;
  edition: 2013 | 2019;
  /** 2019 only; defaults to 1 (the 2019 edition's first version). */
  protocolVersion?: number;
  body: Uint8Array;
  subpackage?: { total: number; index: number };
}

/**
 * The whole frame for the wire: 7e, escaped header + body + checksum, 7e.
 * Throws RangeError for a body over 1023 bytes (split it with `splitBody`) or a phone that does not fit.
 */
export function encodePacket(p: EncodePacketInput): Uint8Array {
  if (p.body.length > MAX_BODY) throw new RangeError(`body of ${p.body.length} bytes exceeds ${MAX_BODY}: split it`);
  let attr = p.body.length;
  if (p.subpackage) attr |= ATTR_SPLIT;
  if (p.edition === 2019) attr |= ATTR_2019;
  const w = new ByteWriter().u16(p.msgId).u16(attr);
  if (p.edition === 2019) w.u8(p.protocolVersion ?? 1);
  w.bcd(p.phone, p.edition === 2019 ? 10 : 6, "phone").u16(p.serial);
  if (p.subpackage) w.u16(p.subpackage.total).u16(p.subpackage.index);
  w.bytes(p.body);
  const content = w.done();
  const escaped = escape(new ByteWriter().bytes(content).u8(xor(content)).done());
  const out = new Uint8Array(escaped.length + 2);
  out[0] = 0x7e;
  out.set(escaped, 1);
  out[out.length - 1] = 0x7e;
  return out;
}

/** Cuts a long body into packet-sized pieces for `encodePacket` with `subpackage: { total, index }` and consecutive serials. */
export function splitBody(body: Uint8Array, max = MAX_BODY): Uint8Array[] {
  if (body.length === 0) return [body];
  const parts: Uint8Array[] = [];
  for (let i = 0; i < body.length; i += max) parts.push(body.slice(i, i + max));
  return parts;
}

/**
 * A terminal's number for matching: the same SIM appears as "013912345678" in a 2013 header and
 * "00000000013912345678" in a 2019 one. Leading zeros go; all zeros stays "0".
 */
export function normalizePhone(digits: string): string {
  const stripped = digits.replace(/^0+/, "");
  return stripped === "" ? "0" : stripped;
}

interface PartSet {
  startedAt: number;
  total: number;
  parts: (Uint8Array | undefined)[];
  received: number;
  bytes: number;
  first: Packet | undefined;
}

/**
 * Joins a message split into packets. The standard has the parts' serials run consecutively, so a set is keyed by
 * phone, msgId, total and the serial its first part has or would have (serial - index + 1): a retransmitted part
 * lands in its set, while a later message of the same type starts a new one.
 *
 * Bounded: at most maxParts parts and maxBytes per set, maxSets sets (oldest dropped), and a set older than timeoutMs
 * is dropped on the next add. The joined packet carries the first part's serial; each part still needs its own 0x8001.
 */
export class Reassembler {
  private readonly sets = new Map<string, PartSet>();

  constructor(
    readonly timeoutMs = 30000,
    readonly maxParts = 256,
    readonly maxBytes = 256 * 1024,
    readonly maxSets = 16,
  ) {}

  /** Incomplete sets held. */
  get pending(): number {
    return this.sets.size;
  }

  add(p: Packet, now: number): Packet | null {
    this.expire(now);
    const sp = p.subpackage;
    if (!sp) return p;
    if (sp.total < 1 || sp.total > this.maxParts || sp.index < 1 || sp.index > sp.total) return null;
    if (sp.total === 1) return this.joined(p, [p.body]);
    const firstSerial = (p.serial - (sp.index - 1) + 0x10000) & 0xffff;
    const key = `${p.phone}|${p.msgId}|${sp.total}|${firstSerial}`;
    let set = this.sets.get(key);
    if (!set) {
      if (this.sets.size >= this.maxSets) this.dropOldest();
      set = { startedAt: now, total: sp.total, parts: new Array<Uint8Array | undefined>(sp.total), received: 0, bytes: 0, first: undefined };
      this.sets.set(key, set);
    }
    const previous = set.parts[sp.index - 1];
    if (previous) {
      set.bytes -= previous.length;
      set.received--;
    }
    set.bytes += p.body.length;
    if (set.bytes > this.maxBytes) {
      this.sets.delete(key);
      return null;
    }
    set.parts[sp.index - 1] = p.body;
    set.received++;
    if (sp.index === 1) set.first = p;
    if (set.received < set.total) return null;
    this.sets.delete(key);
    return this.joined(set.first ?? p, set.parts as Uint8Array[]);
  }

  private joined(head: Packet, parts: Uint8Array[]): Packet {
    const size = parts.reduce((n, b) => n + b.length, 0);
    const body = new Uint8Array(size);
    let at = 0;
    for (const b of parts) {
      body.set(b, at);
      at += b.length;
    }
    const { subpackage: _subpackage, ...rest } = head;
    return { ...rest, body };
  }

  private expire(now: number): void {
    for (const [key, set] of this.sets) if (now - set.startedAt > this.timeoutMs) this.sets.delete(key);
  }

  private dropOldest(): void {
    let oldestKey: string | undefined;
    let oldest = Infinity;
    for (const [key, set] of this.sets) {
      if (set.startedAt < oldest) {
        oldest = set.startedAt;
        oldestKey = key;
      }
    }
    if (oldestKey !== undefined) this.sets.delete(oldestKey);
  }
}
