import { describe, expect, it } from "vitest";
import { FrameReader } from "./frame";
import { decodePacket, encodePacket, normalizePhone, type Packet, Reassembler, splitBody } from "./packet";
import { contents, hex } from "./testutil";

function decoded(wire: Uint8Array): Packet {
  const r = decodePacket(contents(wire));
  if (!r.ok) throw new Error(r.reason);
  return r.packet;
}

describe("packet header", () => {
  it("writes and reads a 2013 header with a 12-digit phone", () => {
    const wire = encodePacket({ msgId: 0x8001, phone: "13912345678", serial: 0x1234, edition: 2013, body: hex("0001000200") });
    expect(wire.subarray(0, 13)).toEqual(hex("7e 8001 0005 013912345678 1234"));
    const p = decoded(wire);
    expect(p).toEqual({ msgId: 0x8001, edition: 2013, protocolVersion: 0, phone: "013912345678", serial: 0x1234, encrypted: false, body: hex("0001000200") });
  });

  it("writes and reads a 2019 header: version flag bit 14, protocol version byte, 20-digit phone", () => {
    const wire = encodePacket({ msgId: 0x0200, phone: "13912345678", serial: 1, edition: 2019, protocolVersion: 1, body: hex("aa") });
    expect(wire.subarray(0, 18)).toEqual(hex("7e 0200 4001 01 00000000013912345678 0001"));
    const p = decoded(wire);
    expect(p.edition).toBe(2019);
    expect(p.protocolVersion).toBe(1);
    expect(p.phone).toBe("00000000013912345678");
    expect(p.body).toEqual(hex("aa"));
  });

  it("reads Traccar's 2019 register frame header", () => {
    const p = decoded(hex("7e0100405c010000086649607758216452180000000000000000000000000000004d443330300000000000000000000000000000000000000000000000000038363634393630373735383231363400000000000000000000000000000004000000000000000000000000000000007a7e"));
    expect([p.msgId, p.edition, p.protocolVersion, p.phone, p.serial, p.body.length]).toEqual([0x0100, 2019, 1, "00000866496077582164", 0x5218, 92]);
  });

  it("carries the split-packet fields and the RSA flag", () => {
    const wire = encodePacket({ msgId: 0x0801, phone: "1", serial: 3, edition: 2013, subpackage: { total: 4, index: 2 }, body: hex("01") });
    expect(decoded(wire).subpackage).toEqual({ total: 4, index: 2 });
    const frame = contents(wire);
    frame[2] |= 0x04; // RSA bit 10
    frame[frame.length - 1] ^= 0x04;
    const r = decodePacket(frame);
    expect(r.ok && r.packet.encrypted).toBe(true);
  });

  it("survives 0x7e and 0x7d in the header and body", () => {
    const body = hex("7e7d7e7d0102");
    const wire = encodePacket({ msgId: 0x7e7d, phone: "13912345678", serial: 0x7e7e, edition: 2013, body });
    expect(wire.subarray(1, -1).includes(0x7e)).toBe(false);
    const p = decoded(wire);
    expect([p.msgId, p.serial]).toEqual([0x7e7d, 0x7e7e]);
    expect(p.body).toEqual(body);
  });

  it("says checksum on a bad check code and still gives the header to answer with", () => {
    const frame = contents(encodePacket({ msgId: 0x0200, phone: "13912345678", serial: 77, edition: 2019, body: hex("0102") }));
    frame[frame.length - 1] ^= 0xff;
    expect(decodePacket(frame)).toEqual({ ok: false, reason: "checksum", partial: { msgId: 0x0200, phone: "00000000013912345678", serial: 77, edition: 2019 } });
  });

  it("says length when the attributes disagree with the bytes, short when no header", () => {
    const frame = contents(encodePacket({ msgId: 0x0002, phone: "1", serial: 1, edition: 2013, body: hex("0102") }));
    const cut = frame.slice(0, frame.length - 2); // drop one body byte and the check code…
    const fixed = new Uint8Array([...cut, cut.reduce((x, b) => x ^ b, 0)]); // …and give it a right check code
    expect(decodePacket(fixed)).toMatchObject({ ok: false, reason: "length", partial: { msgId: 2, serial: 1 } });
    expect(decodePacket(hex("0002000001"))).toEqual({ ok: false, reason: "short" });
    expect(decodePacket(new Uint8Array(0))).toEqual({ ok: false, reason: "short" });
  });

  it("refuses a body that needs splitting and a phone that does not fit", () => {
    expect(() => encodePacket({ msgId: 1, phone: "1", serial: 1, edition: 2013, body: new Uint8Array(1024) })).toThrow(RangeError);
    expect(() => encodePacket({ msgId: 1, phone: "1234567890123", serial: 1, edition: 2013, body: new Uint8Array(0) })).toThrow(RangeError);
    expect(splitBody(new Uint8Array(2500)).map((b) => b.length)).toEqual([1023, 1023, 454]);
  });
});

describe("normalizePhone", () => {
  it("matches a 2013 and a 2019 header's digits", () => {
    expect(normalizePhone("013912345678")).toBe("13912345678");
    expect(normalizePhone("00000000013912345678")).toBe("13912345678");
    expect(normalizePhone("000000000000")).toBe("0");
  });
});

describe("Reassembler", () => {
  const part = (index: number, total: number, body: string, serial = 100 + index - 1, phone = "013912345678"): Packet => ({
    msgId: 0x0801,
    edition: 2013,
    protocolVersion: 0,
    phone,
    serial,
    encrypted: false,
    subpackage: { total, index },
    body: hex(body),
  });

  it("joins parts arriving out of order into one packet with the first part's serial", () => {
    const r = new Reassembler();
    expect(r.add(part(3, 3, "05"), 0)).toBeNull();
    expect(r.add(part(1, 3, "0102"), 1)).toBeNull();
    expect(r.pending).toBe(1);
    const joined = r.add(part(2, 3, "0304"), 2);
    expect(joined?.body).toEqual(hex("0102030405"));
    expect(joined?.serial).toBe(100);
    expect(joined?.subpackage).toBeUndefined();
    expect(r.pending).toBe(0);
  });

  it("returns an unsplit packet as is and keeps two terminals' sets apart", () => {
    const r = new Reassembler();
    const { subpackage: _s, ...plain } = part(1, 1, "01");
    expect(r.add(plain, 0)).toBe(plain);
    r.add(part(1, 2, "aa", 1, "1"), 0);
    r.add(part(1, 2, "bb", 1, "2"), 0);
    expect(r.add(part(2, 2, "cc", 2, "2"), 0)?.body).toEqual(hex("bbcc"));
    expect(r.pending).toBe(1);
  });

  it("drops a stale partial set on the next add", () => {
    const r = new Reassembler(30_000);
    r.add(part(1, 2, "01"), 0);
    expect(r.add(part(2, 2, "02"), 30_001)).toBeNull(); // the first part expired: this one starts a new set
    expect(r.pending).toBe(1);
    expect(r.add(part(1, 2, "01", 200), 60_002)).toBeNull();
    expect(r.pending).toBe(1); // the set from 30_001 went stale
  });

  it("counts a retransmitted part once and refuses impossible or oversized sets", () => {
    const r = new Reassembler(30_000, 256, 4);
    r.add(part(1, 2, "01"), 0);
    r.add(part(1, 2, "01"), 0);
    expect(r.add(part(2, 2, "02"), 0)?.body).toEqual(hex("0102"));
    expect(r.add(part(1, 300, "01"), 0)).toBeNull();
    expect(r.add(part(3, 2, "01"), 0)).toBeNull();
    expect(r.add(part(1, 2, "0102030405"), 0)).toBeNull(); // over maxBytes
    expect(r.pending).toBe(0);
  });

  it("reassembles a message split by encodePacket and read back through FrameReader", () => {
    const body = new Uint8Array(2100).map((_, i) => i & 0xff);
    const parts = splitBody(body);
    const wire = parts.map((b, i) =>
      encodePacket({ msgId: 0x0704, phone: "13912345678", serial: 500 + i, edition: 2013, subpackage: { total: parts.length, index: i + 1 }, body: b }),
    );
    const reader = new FrameReader();
    const r = new Reassembler();
    const out = [wire[2], wire[0], wire[1]].flatMap((w) => reader.push(w)).map((f) => {
      const d = decodePacket(f);
      if (!d.ok) throw new Error(d.reason);
      return r.add(d.packet, 0);
    });
    expect(out[2]?.body).toEqual(body);
  });
});
