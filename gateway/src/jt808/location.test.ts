import { describe, expect, it } from "vitest";
import { toHex } from "./bytes";
import {
  alarmFlags,
  decodeBatch,
  decodeDtc,
  decodeExtras,
  decodeLocation,
  encodeBatch,
  encodeDtc,
  encodeExtras,
  encodeLocation,
  type Location,
  statusBits,
} from "./location";
import { decodeMessage } from "./messages";
import { decodePacket } from "./packet";
import { contents, hex } from "./testutil";

function traccar(wire: string): Location {
  const r = decodePacket(contents(hex(wire)));
  if (!r.ok) throw new Error(r.reason);
  const m = decodeMessage(r.packet);
  if (m.kind !== "location") throw new Error(m.kind);
  return m.value;
}

describe("real 0x0200 frames from Traccar's Jt808ProtocolDecoderTest", () => {
  it("supply voltage item 0x82: power 13.0 V", () => {
    const loc = traccar(
      "7e0200003601911111000000d2000000000000004202b71a72008dbba000000000000025070208082901040000000030011731010e5708000000000000000082020082367e",
    );
    expect(loc.extras.powerV).toBe(13.0); // Traccar asserts KEY_POWER 13.0
    expect(loc).toMatchObject({ alarm: 0, status: 0x42, lat: 45.55429, lng: 9.288608, speed: 0, heading: 0 });
    expect(new Date(loc.time).toISOString()).toBe("2025-07-02T00:08:29.000Z"); // 250702080829 at UTC+8
    expect(loc.extras).toMatchObject({ mileageKm: 0, signal: 23, satellites: 14, raw: { "57": "0000000000000000" } });
  });

  it("supply voltage item 0xF1 in mV: 12.428 V; south and west from the status bits", () => {
    const loc = traccar(
      "7E020000964130564801050048000000001000004F01651E2E02CAEC3802E80000001524062616002101040000000330011F31010EF1040000308CF231414F56585F564C3330302D4C415F48322E315F4547393135554C4141425230334130324D30385F56322E312E305F763130F3011FF400F5080000000000000001F6084008FFFFFFFD0009F70600000E870246F912000F000000010000062A00082406261600184D7E",
    );
    expect(loc.extras.powerV).toBe(12.428); // Traccar asserts KEY_POWER 12.428
    expect(loc.lat).toBe(-23.404078);
    expect(loc.lng).toBe(-46.853176);
    expect(loc.altitude).toBe(744);
    expect(loc.heading).toBe(21);
    expect(new Date(loc.time).toISOString()).toBe("2024-06-26T08:00:21.000Z");
    // this vendor's 0xF3 is one byte, not a DM1 list: it stays raw rather than becoming a wrong DTC
    expect(loc.extras.dtcs).toBeUndefined();
    expect(loc.extras.raw.f3).toBe("1f");
    expect(loc.extras.vendor.f3).toBe(31);
  });

  it("battery voltage item 0x69: 3.95 V", () => {
    const loc = traccar(
      "7e0200006476806111898300710000000000100046005d3156065f7128000000000000230511165956660b01fe000001031a5d1a8101670831333231343332326902018b6a01166b01006c0f323034303830393230373533363735711438393434343738383030303030323131303030464b7e",
    );
    expect(loc.extras.batteryV).toBe(3.95); // Traccar asserts KEY_BATTERY 3.95
    expect(loc.lat).toBe(-6.107478);
    expect(loc.extras.vendor).toEqual({ "6a": 0x16, "6b": 0 });
    expect(loc.extras.raw["67"]).toBe("3133323134333232");
  });
});

const full: Location = {
  alarm: 0x80000003,
  status: 0x000c0003 | (1 << 2) | (1 << 3),
  lat: -33.868820,
  lng: -151.209296,
  altitude: -12,
  speed: 61.5,
  heading: 271,
  time: Date.UTC(2026, 0, 31, 23, 59, 58),
  extras: {
    mileageKm: 123456.7,
    fuelL: 88.5,
    tachoSpeedKmh: 60.2,
    alarmEventId: 9,
    overspeed: { areaType: 1, areaId: 77 },
    areaAlarm: { areaType: 2, areaId: 88, direction: 1 },
    routeTime: { routeId: 99, seconds: 600, result: 1 },
    extStatus: 0x12345678,
    io: 0x0003,
    analog: [1200, 3400],
    signal: 25,
    satellites: 11,
    batteryV: 4.12,
    powerV: 24.315,
    dtcs: [
      { spn: 110, fmi: 0, count: 1 },
      { spn: 520192, fmi: 4, count: 5 },
    ],
    vendor: { e5: 1 },
    raw: { e5: "01", fe: "0102030405" },
  },
};

describe("location body", () => {
  it("round-trips every supported extra item", () => {
    expect(decodeLocation(encodeLocation(full))).toEqual(full);
  });

  it("writes the standard layout and the items' wire units", () => {
    const b = encodeLocation(full);
    expect(b.subarray(0, 28)).toEqual(hex("80000003 000c000f 0204cc14 09034550 fff4 0267 010f 260201075958"));
    const x = b.subarray(28);
    expect(x.subarray(0, 6)).toEqual(hex("01 04 0012d687")); // 1234567 tenths of a km
    expect(toHex(x)).toContain("2b040d4804b0"); // AD1=3400 high word, AD0=1200 low word
    expect(toHex(x)).toContain("f309026e00000100f0e405"); // DM1: count 2, then 4-byte DTCs
  });

  it("reads the time in the zone given", () => {
    const body = encodeLocation(full, 0);
    expect(decodeLocation(body, 0).time).toBe(full.time);
    expect(decodeLocation(body, 480).time).toBe(full.time - 8 * 3600_000);
    expect(decodeLocation(encodeLocation({ ...full, time: 0 })).time).toBe(0);
  });

  it("refuses a body shorter than the fixed part", () => {
    expect(() => decodeLocation(new Uint8Array(27))).toThrow(/location/);
  });
});

describe("extra items", () => {
  it("stops at an item running past the body, keeping what was read", () => {
    const x = decodeExtras(hex("300117 310a0e"));
    expect(x.signal).toBe(23);
    expect(x.satellites).toBeUndefined();
    expect(x.raw).toEqual({});
  });

  it("keeps a known id with an unexpected length as raw bytes", () => {
    const x = decodeExtras(hex("0102ffff"));
    expect(x.mileageKm).toBeUndefined();
    expect(x.raw).toEqual({ "01": "ffff" });
  });

  it("writes a vendor number without raw bytes as a DWORD", () => {
    expect(encodeExtras({ vendor: { e1: 5 }, raw: {} })).toEqual(hex("e10400000005"));
  });

  it("reads a 0x11 item with no area", () => {
    expect(decodeExtras(hex("110100")).overspeed).toEqual({ areaType: 0 });
  });
});

describe("J1939 DM1 (SAE J1939-73, SPN conversion method version 4)", () => {
  // byte 1 SPN bits 0-7, byte 2 SPN bits 8-15, byte 3 bits 7-5 SPN bits 16-18 and bits 4-0 FMI, byte 4 bits 6-0 occurrence
  it("decodes SPN 110 (coolant temperature) FMI 0, count 1 from 6E 00 00 01", () => {
    expect(decodeDtc(hex("6e000001"))).toEqual({ spn: 110, fmi: 0, count: 1 });
  });

  it("places the SPN's top 3 bits in byte 3 and ignores the conversion method bit", () => {
    expect(decodeDtc(hex("00f0e485"))).toEqual({ spn: 0x7f000, fmi: 4, count: 5 });
    expect(encodeDtc({ spn: 524287, fmi: 31, count: 126 })).toEqual(hex("ffffff7e"));
    expect(encodeDtc({ spn: 91, fmi: 3, count: 5 })).toEqual(hex("5b000305"));
  });

  it("reads the list from item 0xF3", () => {
    expect(decodeExtras(hex("f309 02 6e000001 5b000305")).dtcs).toEqual([
      { spn: 110, fmi: 0, count: 1 },
      { spn: 91, fmi: 3, count: 5 },
    ]);
  });
});

describe("alarm and status words", () => {
  it("names alarm bits", () => {
    expect(alarmFlags(0)).toEqual([]);
    expect(alarmFlags(0b1_1000_0001)).toEqual(["sos", "low_voltage", "power_cut"]);
    expect(alarmFlags(0x80000000)).toEqual(["illegal_door_open"]);
    expect(alarmFlags(0xffffffff)).toHaveLength(32);
  });

  it("reads status bits", () => {
    const s = statusBits(0x0004_1c03 | (3 << 8));
    expect(s).toMatchObject({ acc: true, located: true, south: false, load: "full", oilCut: true, circuitCut: true, doorsLocked: true, gps: true });
    expect(s.doorsOpen).toEqual([false, false, false, false, false]);
    expect(statusBits(0).acc).toBe(false);
  });
});

describe("0x0704 batch", () => {
  it("decodes Traccar's blind-area batch of 8 positions", () => {
    const r = decodePacket(
      contents(
        hex(
          "7E0704014301356777777707F5000801002600000000000000030159741206CBFD5001720000000116052709062401040000001D03020000002600000000000000030159746606CBFD50016B0000000116052709065301040000001D0302000000260000000000000003015975E406CBFE58013F0000000116052709072701040000001D0302000000260000000000000003015976DE06CBFF10012E0000000116052709075601040000001D0302000000260000000000000003015976BC06CBFED0012D0000000116052709083001040000001D0302000000260000000000000003015976FE06CBFEC001080000000116052709090001040000001D0302000000260000000000000003015976FE06CBFE7800FC0000000116052709093301040000001D0302000000260000000000000003015977A606CBFF3001080000000116052709100201040000001D030200001F7E",
        ),
      ),
    );
    if (!r.ok) throw new Error(r.reason);
    const b = decodeBatch(r.packet.body, 480);
    expect(b.kind).toBe(1);
    expect(b.items).toHaveLength(8);
    expect(b.items[0]).toMatchObject({ lat: 22.639634, lng: 114.031952, altitude: 370, extras: { mileageKm: 2.9, tachoSpeedKmh: 0 } });
    expect(new Date(b.items[0].time).toISOString()).toBe("2016-05-27T01:06:24.000Z");
  });

  it("round-trips and keeps the items before a truncated one", () => {
    const body = encodeBatch({ kind: 0, items: [full, { ...full, extras: { vendor: {}, raw: {} } }] });
    expect(decodeBatch(body)).toEqual({ kind: 0, items: [full, { ...full, extras: { vendor: {}, raw: {} } }] });
    expect(decodeBatch(body.subarray(0, body.length - 3)).items).toEqual([full]);
  });
});
