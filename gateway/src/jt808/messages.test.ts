import { describe, expect, it } from "vitest";
import {
  type Attributes,
  decodeAttributes,
  decodeAuthenticate,
  decodeControl,
  decodeGeneralResponse,
  decodeLocationReply,
  decodeMessage,
  decodeParamsReply,
  decodePassthrough,
  decodeQueryParams,
  decodeRegister,
  decodeRegisterResponse,
  decodeSetParams,
  decodeText,
  decodeUpgradeResult,
  encodeAttributes,
  encodeAuthenticate,
  encodeControl,
  encodeGeneralResponse,
  encodeLocationReply,
  encodeParamsReply,
  encodePassthrough,
  encodeQueryParams,
  encodeRegister,
  encodeRegisterResponse,
  encodeSetParams,
  encodeText,
  encodeUpgradeResult,
  type Location,
  MSG,
  type Register,
  upgradeControl,
} from "./messages";
import { decodePacket, encodePacket, type Packet } from "./packet";
import { contents, hex } from "./testutil";

const editions = [2013, 2019] as const;

function packetOf(wire: string): Packet {
  const r = decodePacket(contents(hex(wire)));
  if (!r.ok) throw new Error(r.reason);
  return r.packet;
}

describe("0x0100 register", () => {
  const reg: Register = { province: 44, city: 300, maker: "70107", model: "HB-R03GBD", terminalId: "2366104", plateColor: 2, plate: "粤B12345" };

  it.each(editions)("round-trips in %i with the edition's field widths", (edition) => {
    const body = encodeRegister(reg, edition);
    expect(body.length).toBe(edition === 2013 ? 2 + 2 + 5 + 20 + 7 + 1 + 8 : 2 + 2 + 11 + 30 + 30 + 1 + 8);
    expect(decodeRegister(body, edition)).toEqual(reg);
  });

  it("writes the plate in GBK", () => {
    expect(encodeRegister(reg, 2013).subarray(-8)).toEqual(hex("d4c142313233343 5".replace(/ /g, "")));
  });

  it("decodes Traccar's 2013 register frame with a GBK plate", () => {
    const p = packetOf("7E0100002D013511221122000500000000373031303748422D52303347424400000000000000000000003233363631303402CBD5424136383630387E");
    expect(decodeMessage(p)).toEqual({
      kind: "register",
      value: { province: 0, city: 0, maker: "70107", model: "HB-R03GBD", terminalId: "2366104", plateColor: 2, plate: "苏BA6860" },
    });
  });

  it("decodes Traccar's 2019 register frame", () => {
    const p = packetOf(
      "7e0100405c010000086649607758216452180000000000000000000000000000004d443330300000000000000000000000000000000000000000000000000038363634393630373735383231363400000000000000000000000000000004000000000000000000000000000000007a7e",
    );
    expect(decodeMessage(p)).toEqual({
      kind: "register",
      value: { province: 0, city: 0, maker: "", model: "MD300", terminalId: "866496077582164", plateColor: 4, plate: "" },
    });
  });

  it("refuses a field that does not fit instead of cutting it", () => {
    expect(() => encodeRegister({ ...reg, terminalId: "12345678" }, 2013)).toThrow(RangeError);
  });
});

describe("0x8100 register response", () => {
  it("round-trips success with an auth code and a refusal without", () => {
    const ok = { serial: 5, result: 0 as const, authCode: "k3y-鉴权" };
    expect(decodeRegisterResponse(encodeRegisterResponse(ok))).toEqual(ok);
    expect(encodeRegisterResponse({ serial: 5, result: 0, authCode: "ab" })).toEqual(hex("0005 00 6162"));
    const no = { serial: 6, result: 4 as const };
    expect(decodeRegisterResponse(encodeRegisterResponse(no))).toEqual(no);
  });
});

describe("0x0102 authenticate", () => {
  it("round-trips in 2013 (the body is the code) and 2019 (length, code, IMEI, version)", () => {
    expect(decodeAuthenticate(encodeAuthenticate({ code: "abc" }, 2013), 2013)).toEqual({ code: "abc" });
    const a19 = { code: "abc", imei: "866496077582164", softwareVersion: "V1.2.3" };
    const body = encodeAuthenticate(a19, 2019);
    expect(body.length).toBe(1 + 3 + 15 + 20);
    expect(body.subarray(0, 4)).toEqual(hex("03616263"));
    expect(decodeAuthenticate(body, 2019)).toEqual(a19);
  });

  it("decodes Traccar's 2013 authentication frame", () => {
    expect(decodeMessage(packetOf("7E0102000E013511221122000661757468656E7469636174696F6E3F7E"))).toEqual({
      kind: "authenticate",
      value: { code: "authentication" },
    });
  });
});

describe("general responses 0x0001 / 0x8001", () => {
  it("round-trips", () => {
    const g = { serial: 0xfffe, msgId: 0x0200, result: 4 as const };
    expect(encodeGeneralResponse(g)).toEqual(hex("fffe 0200 04"));
    expect(decodeGeneralResponse(encodeGeneralResponse(g))).toEqual(g);
    expect(() => decodeGeneralResponse(hex("0001 0200 07"))).toThrow(/result/);
  });
});

describe("0x8300 text", () => {
  it("adds the 2019 text type byte", () => {
    const t = { flags: 0x0c, text: "吊车到场" };
    const b13 = encodeText(t, 2013);
    const b19 = encodeText({ ...t, textType: 2 }, 2019);
    expect(b19.length).toBe(b13.length + 1);
    expect(decodeText(b13, 2013)).toEqual(t);
    expect(decodeText(b19, 2019)).toEqual({ ...t, textType: 2 });
  });
});

describe("parameters", () => {
  const params = { 0x0001: 30, 0x0013: "gw.example.com", 0x0018: 7808, 0x0027: 600, 0x0029: 10, 0x0031: 500, 0x0055: 90, 0x0080: 123456, 0x0084: 2, 0xf001: "0a0b" };

  it("round-trips 0x8103 with each id's type", () => {
    const body = encodeSetParams(params);
    expect(body.subarray(0, 10)).toEqual(hex("0a 00000001 04 0000001e")); // count, id, length, DWORD
    expect(decodeSetParams(body)).toEqual(params);
  });

  it("round-trips 0x0104 and reads a numeric id sent with another width", () => {
    expect(decodeParamsReply(encodeParamsReply({ serial: 9, params }))).toEqual({ serial: 9, params });
    expect(decodeParamsReply(hex("0009 01 00000018 02 1e80"))).toEqual({ serial: 9, params: { 0x18: 7808 } });
  });

  it("queries all (0x8104, empty) or some (0x8106 body)", () => {
    expect(encodeQueryParams(null)).toEqual(new Uint8Array(0));
    expect(encodeQueryParams([0x0001, 0x0013])).toEqual(hex("02 00000001 00000013"));
    expect(decodeQueryParams(encodeQueryParams([0x0001, 0x0013]))).toEqual([1, 0x13]);
  });

  it("refuses text for a numeric id", () => {
    expect(() => encodeSetParams({ 0x0001: "30" })).toThrow(RangeError);
  });
});

describe("0x8105 control and 0x0108 upgrade result", () => {
  it("builds the standard's eleven ';'-separated upgrade fields", () => {
    const c = upgradeControl("http://fw.example.com/t1.bin", "2.1.0");
    expect(c.command).toBe(1);
    expect(c.params.split(";")).toHaveLength(11);
    expect(c.params.split(";")[9]).toBe("2.1.0");
    expect(decodeControl(encodeControl(c))).toEqual(c);
    expect(encodeControl({ command: 4, params: "" })).toEqual(hex("04"));
  });

  it("round-trips an upgrade result", () => {
    expect(decodeUpgradeResult(encodeUpgradeResult({ type: 52, result: 2 }))).toEqual({ type: 52, result: 2 });
    expect(() => decodeUpgradeResult(hex("0003"))).toThrow();
  });
});

describe("0x0201 location reply and passthrough", () => {
  const location: Location = { alarm: 1, status: 2, lat: 22.5, lng: 114.1, altitude: 5, speed: 0, heading: 0, time: Date.UTC(2026, 5, 1), extras: { vendor: {}, raw: {} } };

  it("round-trips 0x0201", () => {
    const body = encodeLocationReply({ serial: 42, location });
    expect(body.subarray(0, 2)).toEqual(hex("002a"));
    expect(decodeLocationReply(body)).toEqual({ serial: 42, location });
  });

  it("round-trips 0x0900 / 0x8900", () => {
    const p = { type: 0xf0, data: hex("7e7d00ff") };
    expect(encodePassthrough(p)).toEqual(hex("f07e7d00ff"));
    expect(decodePassthrough(encodePassthrough(p))).toEqual(p);
  });
});

describe("0x0107 attributes", () => {
  it.each(editions)("round-trips in %i", (edition) => {
    const a: Attributes = { terminalType: 0x0006, maker: "70107", model: "T1", terminalId: "ID1", iccid: "89860412345678901234", hardwareVersion: "H1", firmwareVersion: "F2.0", gnss: 3, comm: 1 };
    expect(decodeAttributes(encodeAttributes(a, edition), edition)).toEqual(a);
  });
});

describe("decodeMessage", () => {
  const packet = (msgId: number, body: Uint8Array, extra: Partial<Packet> = {}): Packet => ({
    msgId,
    edition: 2013,
    protocolVersion: 0,
    phone: "013912345678",
    serial: 1,
    encrypted: false,
    body,
    ...extra,
  });

  it("tags terminal and platform messages", () => {
    expect(decodeMessage(packet(MSG.heartbeat, new Uint8Array(0)))).toEqual({ kind: "heartbeat" });
    expect(decodeMessage(packet(MSG.locate, new Uint8Array(0)))).toEqual({ kind: "locate" });
    expect(decodeMessage(packet(MSG.queryParams, new Uint8Array(0)))).toEqual({ kind: "queryParams", value: null });
    expect(decodeMessage(packet(MSG.platformResponse, hex("0001 0200 00")))).toEqual({ kind: "platformResponse", value: { serial: 1, msgId: 0x200, result: 0 } });
    expect(decodeMessage(packet(0x0f0f, hex("00")))).toEqual({ kind: "unknown", msgId: 0x0f0f });
  });

  it("decodes a whole encoded 2019 text packet", () => {
    const wire = encodePacket({ msgId: MSG.text, phone: "13912345678", serial: 3, edition: 2019, body: encodeText({ flags: 8, text: "ok", textType: 1 }, 2019) });
    const r = decodePacket(contents(wire));
    expect(r.ok && decodeMessage(r.packet)).toEqual({ kind: "text", value: { flags: 8, textType: 1, text: "ok" } });
  });

  it("says malformed for a short body, an encrypted one and a lone part", () => {
    expect(decodeMessage(packet(MSG.location, hex("0000")))).toMatchObject({ kind: "malformed", msgId: MSG.location, reason: expect.stringMatching(/location/) });
    expect(decodeMessage(packet(MSG.location, new Uint8Array(28), { encrypted: true }))).toMatchObject({ kind: "malformed", reason: expect.stringMatching(/encrypted/) });
    expect(decodeMessage(packet(MSG.batch, hex("00"), { subpackage: { total: 2, index: 1 } }))).toMatchObject({ kind: "malformed" });
  });

  it("never throws on random bodies", () => {
    let seed = 12345;
    const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed);
    for (const msgId of Object.values(MSG)) {
      for (let i = 0; i < 30; i++) {
        const body = Uint8Array.from({ length: rand() % 80 }, () => rand() & 0xff);
        for (const edition of editions) {
          const m = decodeMessage(packet(msgId, body, { edition }));
          expect(m.kind).not.toBe("unknown");
        }
      }
    }
  });
});
