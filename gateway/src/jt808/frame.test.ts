import { describe, expect, it } from "vitest";
import { escape, FrameReader, unescape, xor } from "./frame";
import { decodePacket, encodePacket } from "./packet";
import { hex } from "./testutil";

describe("escape / unescape", () => {
  it("follows the standard's example: 30 7e 08 7d 55 ↔ 30 7d 02 08 7d 01 55", () => {
    expect(escape(hex("307e087d55"))).toEqual(hex("307d02087d0155"));
    expect(unescape(hex("307d02087d0155"))).toEqual(hex("307e087d55"));
  });

  it("keeps an invalid escape's bytes so the checksum can reject the frame", () => {
    expect(unescape(hex("017d0302"))).toEqual(hex("017d0302"));
  });

  it("xor is the check code", () => {
    expect(xor(hex("0102"))).toBe(0x03);
    expect(xor(hex(""))).toBe(0);
  });
});

const heartbeat = (serial: number) => encodePacket({ msgId: 0x0002, phone: "13912345678", serial, edition: 2013, body: new Uint8Array(0) });
const serialOf = (frame: Uint8Array) => {
  const r = decodePacket(frame);
  if (!r.ok) throw new Error(r.reason);
  return r.packet.serial;
};

describe("FrameReader", () => {
  it("joins a frame split across three reads, including between 7d and its partner", () => {
    const body = hex("7e7d7e01");
    const wire = encodePacket({ msgId: 0x0900, phone: "13912345678", serial: 7, edition: 2013, body });
    const esc = wire.indexOf(0x7d);
    const reader = new FrameReader();
    expect(reader.push(wire.subarray(0, 5))).toEqual([]);
    expect(reader.push(wire.subarray(5, esc + 1))).toEqual([]);
    const frames = reader.push(wire.subarray(esc + 1));
    expect(frames).toHaveLength(1);
    const r = decodePacket(frames[0]);
    expect(r.ok && r.packet.body).toEqual(body);
  });

  it("returns two frames from one read, in order, and accepts back-to-back delimiters", () => {
    const reader = new FrameReader();
    const both = new Uint8Array([...heartbeat(1), ...heartbeat(2)]); // …7e 7e…
    expect(reader.push(both).map(serialOf)).toEqual([1, 2]);
  });

  it("skips leading garbage and discards an over-long frame without losing the next one", () => {
    const reader = new FrameReader(64);
    const long = new Uint8Array(200).fill(0x11);
    const wire = new Uint8Array([0x01, 0x02, 0x03, 0x7e, ...long, 0x7e, ...heartbeat(9)]);
    expect(reader.push(wire).map(serialOf)).toEqual([9]);
    expect(reader.overflows).toBe(1);
    expect(reader.push(heartbeat(10)).map(serialOf)).toEqual([10]);
  });

  it("falls back in step when it joins a stream mid-frame", () => {
    const reader = new FrameReader();
    const first = heartbeat(3);
    const wire = new Uint8Array([...first.subarray(6), ...heartbeat(4)]); // tail of a frame, its closing 7e, then a frame
    expect(reader.push(wire).map(serialOf)).toEqual([4]);
  });

  it("hands out copies, not views of its reused buffer", () => {
    const reader = new FrameReader();
    const [a] = reader.push(heartbeat(5));
    reader.push(heartbeat(6));
    expect(serialOf(a)).toBe(5);
  });
});
