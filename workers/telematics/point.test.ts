import { describe, expect, it } from "vitest";
import { checkV1Point, packPoints, parseTime, readOsmAndFields, readOsmAndJson, unpackPoints, type Point } from "./point";

const now = Date.UTC(2026, 10, 23, 8, 0, 0);
const base = { seq: 1, t: now - 1000, lng: 121.47, lat: 31.23 };
const reasonOf = (raw: unknown) => {
  const c = checkV1Point(raw, now);
  return c.ok ? "ok" : `${c.reason}:${c.field ?? ""}`;
};

describe("v1 telemetry points", () => {
  it("accepts a full point and keeps every field", () => {
    const c = checkV1Point({ ...base, speed: 42.5, heading: 90, alt: 12, mileage: 1234.5, fuel: 55, rpm: 1500, torque: 40, urea: 70, exhaustTemp: 320, battery: 24.6, status: { acc: true, lock: 0, doors: false }, alarms: ["sos"], faults: [{ spn: 110, fmi: 0, count: 2 }], can: { oilPressure: 310 } }, now);
    expect(c.ok).toBe(true);
    if (!c.ok) return;
    expect(c.point).toMatchObject({ key: 1, keyKind: "s", t: now - 1000, speed: 42.5, heading: 90, mileage: 1234.5, fuel: 55, status: { acc: true, lock: 0 }, alarms: ["sos"], faults: [{ spn: 110, fmi: 0, count: 2 }], can: { oilPressure: 310 } });
  });
  it("keys a point without seq by its time", () => {
    const c = checkV1Point({ t: new Date(now - 5000).toISOString(), lng: 0, lat: 0 }, now);
    expect(c.ok && c.point.keyKind === "t" && c.point.key === now - 5000).toBe(true);
  });
  it("names the reason for every bad point", () => {
    expect(reasonOf("x")).toBe("not_an_object:");
    expect(reasonOf([1])).toBe("not_an_object:");
    expect(reasonOf({ lng: 1, lat: 1 })).toBe("missing_field:t");
    expect(reasonOf({ t: now, lat: 1 })).toBe("missing_field:lng");
    expect(reasonOf({ t: now, lng: 1 })).toBe("missing_field:lat");
    expect(reasonOf({ ...base, lng: "121" })).toBe("invalid_field:lng");
    expect(reasonOf({ ...base, lng: 181 })).toBe("lng_out_of_range:lng");
    expect(reasonOf({ ...base, lat: -90.5 })).toBe("lat_out_of_range:lat");
    expect(reasonOf({ ...base, t: now + 11 * 60_000 })).toBe("time_in_future:t");
    expect(reasonOf({ ...base, t: now + 9 * 60_000 })).toBe("ok");
    expect(reasonOf({ ...base, t: "yesterday" })).toBe("invalid_field:t");
    expect(reasonOf({ ...base, t: now - 200 * 86_400_000 })).toBe("time_too_old:t");
    expect(reasonOf({ ...base, seq: -1 })).toBe("invalid_field:seq");
    expect(reasonOf({ ...base, speed: 900 })).toBe("invalid_field:speed");
    expect(reasonOf({ ...base, fuel: 101 })).toBe("invalid_field:fuel");
    expect(reasonOf({ ...base, status: { lock: 3 } })).toBe("invalid_field:status");
    expect(reasonOf({ ...base, status: { acc: "on" } })).toBe("invalid_field:status");
    expect(reasonOf({ ...base, faults: [{ spn: 1 }] })).toBe("invalid_field:faults");
    expect(reasonOf({ ...base, alarms: ["SOS!"] })).toBe("invalid_field:alarms");
    expect(reasonOf({ ...base, can: { a: "x" } })).toBe("invalid_field:can");
  });
  it("reads every optional number into its own field, and refuses each one out of its range by name", () => {
    const fields = { speed: 42.5, heading: 359, alt: -12, mileage: 1234.5, fuel: 55, rpm: 1500, torque: -40, urea: 70, exhaustTemp: 320, battery: 24.6, accuracy: 4 };
    const check = checkV1Point({ ...base, ...fields }, now);
    expect(check.ok && check.point).toMatchObject(fields);
    const outside = { speed: 401, heading: 361, alt: 9001, mileage: -1, fuel: 100.5, rpm: 10001, torque: -126, urea: 101, exhaustTemp: 1201, battery: 61, accuracy: 1e5 + 1 };
    for (const [field, value] of Object.entries(outside)) expect(reasonOf({ ...base, [field]: value })).toBe(`invalid_field:${field}`);
    // the first bad field is the one named
    expect(reasonOf({ ...base, fuel: 101, rpm: -1 })).toBe("invalid_field:fuel");
  });
  it("reads seconds, milliseconds and ISO times", () => {
    expect(parseTime(1_763_884_800)).toBe(1_763_884_800_000);
    expect(parseTime(1_763_884_800_123)).toBe(1_763_884_800_123);
    expect(parseTime("1763884800")).toBe(1_763_884_800_000);
    expect(parseTime("2026-11-23T08:00:00Z")).toBe(now);
    expect(parseTime("")).toBeNull();
    expect(parseTime("soon")).toBeNull();
  });
});

describe("OsmAnd", () => {
  it("reads Traccar Client's query: id, lat, lon, timestamp in seconds, speed in knots", () => {
    const input = readOsmAndFields(new URLSearchParams(`id=860000000000001&lat=31.23&lon=121.47&timestamp=${now / 1000}&speed=10&bearing=180&altitude=5&accuracy=8&batt=87`), now);
    expect(input.id).toBe("860000000000001");
    expect(input.check.ok).toBe(true);
    if (!input.check.ok) return;
    expect(input.check.point).toMatchObject({ t: now, keyKind: "t", key: now, lat: 31.23, lng: 121.47, speed: 18.52, heading: 180, alt: 5, accuracy: 8, can: { deviceBattery: 87 } });
  });
  it("takes deviceid, a location pair and ISO or millisecond times", () => {
    const a = readOsmAndFields(new URLSearchParams(`deviceid=DRK0000001&location=31.2,121.4&timestamp=${encodeURIComponent("2026-11-23T08:00:00Z")}`), now);
    expect(a.id).toBe("DRK0000001");
    expect(a.check.ok && a.check.point.lat === 31.2 && a.check.point.lng === 121.4 && a.check.point.t === now).toBe(true);
    const b = readOsmAndFields(new URLSearchParams(`id=x&lat=1&lon=2&timestamp=${now}`), now);
    expect(b.check.ok && b.check.point.t === now).toBe(true);
  });
  it("reads the JSON variant (speed in m/s there)", () => {
    const input = readOsmAndJson({ device_id: "DRK0000002", location: { timestamp: new Date(now).toISOString(), coords: { latitude: 31.1, longitude: 121.3, speed: 10, heading: 90, altitude: 3, accuracy: 5 }, battery: { level: 0.5, is_charging: true }, is_moving: true } }, now);
    expect(input.id).toBe("DRK0000002");
    expect(input.check.ok).toBe(true);
    if (!input.check.ok) return;
    expect(input.check.point.speed).toBeCloseTo(36, 1);
    expect(input.check.point).toMatchObject({ t: now, lat: 31.1, lng: 121.3, heading: 90, status: { charging: true }, can: { deviceBattery: 50 } });
  });
  it("reads the device key, rpm, and hdop as the unitless figure it is (not an accuracy in metres)", () => {
    const input = readOsmAndFields(new URLSearchParams(`id=PHONE12345&key=k3y-of-the-phone&lat=31.2&lon=121.4&timestamp=${now}&rpm=1450&hdop=1.3`), now);
    expect(input.key).toBe("k3y-of-the-phone");
    expect(input.check.ok && input.check.point).toMatchObject({ rpm: 1450, accuracy: null, can: { hdop: 1.3 } });
    expect(readOsmAndFields(new URLSearchParams(`id=x&lat=1&lon=2`), now).key).toBeNull();
    const bad = readOsmAndFields(new URLSearchParams(`id=x&lat=1&lon=2&rpm=20000`), now).check;
    expect(bad.ok ? "ok" : `${bad.reason}:${bad.field}`).toBe("invalid_field:rpm");
  });
  it("takes Traccar Client's -1 for an unknown speed or heading as absent, in JSON and in the query", () => {
    const json = readOsmAndJson({ device_id: "PHONE12345", location: { timestamp: new Date(now).toISOString(), coords: { latitude: 31.1, longitude: 121.3, speed: -1, heading: -1, accuracy: 5 } } }, now);
    expect(json.check.ok && json.check.point).toMatchObject({ speed: null, heading: null, accuracy: 5 });
    const query = readOsmAndFields(new URLSearchParams(`id=x&lat=1&lon=2&speed=-1&bearing=-1`), now);
    expect(query.check.ok && query.check.point).toMatchObject({ speed: null, heading: null });
    // only -1 means unknown: another negative is still a bad value
    const bad = readOsmAndFields(new URLSearchParams(`id=x&lat=1&lon=2&bearing=-5`), now).check;
    expect(bad.ok ? "ok" : `${bad.reason}:${bad.field}`).toBe("invalid_field:bearing");
  });
  it("refuses missing or bad fields with the protocol's names", () => {
    const reason = (q: string) => {
      const c = readOsmAndFields(new URLSearchParams(q), now).check;
      return c.ok ? "ok" : `${c.reason}:${c.field}`;
    };
    expect(reason("id=1&lon=2")).toBe("missing_field:lat");
    expect(reason("id=1&lat=2")).toBe("missing_field:lon");
    expect(reason("id=1&lat=2&lon=200")).toBe("lng_out_of_range:lon");
    expect(reason("id=1&lat=91&lon=2")).toBe("lat_out_of_range:lat");
    expect(reason("id=1&lat=1&lon=2&speed=fast")).toBe("invalid_field:speed");
    expect(reason(`id=1&lat=1&lon=2&timestamp=${now / 1000 + 3600}`)).toBe("time_in_future:timestamp");
    expect(readOsmAndJson([], now).check.ok).toBe(false);
    expect(readOsmAndJson({ device_id: "a" }, now).check.ok).toBe(false);
  });
});

describe("points packed for the hub", () => {
  it("come back exactly as they were: every number, the nulls, the key's kind and the nested values", () => {
    const full = checkV1Point({ ...base, speed: 42.5, heading: 0, alt: -12.25, mileage: 1234.5, fuel: 55, rpm: 1500, torque: 40, urea: 70, exhaustTemp: 320, battery: 24.6, status: { acc: true, lock: 2, doors: false }, alarms: ["sos", "tamper"], faults: [{ spn: 110, fmi: 0, count: 2 }], can: { oilPressure: 310 } }, now);
    const bare = checkV1Point({ t: new Date(now - 5000).toISOString(), lng: -179.999999, lat: 89.5 }, now);
    const osmand = readOsmAndFields(new URLSearchParams({ id: "123456789012345", lat: "31.2", lon: "121.4", timestamp: String(Math.floor((now - 3000) / 1000)), speed: "10", accuracy: "4.5" }), now);
    const points: Point[] = [full, bare, osmand.check].map((c) => {
      if (!c.ok) throw new Error(c.message);
      return c.point;
    });
    expect(points.some((p) => p.keyKind === "s") && points.some((p) => p.keyKind === "t")).toBe(true);
    const packed = packPoints(points);
    expect(packed.n).toBe(3);
    expect(unpackPoints(packed)).toEqual(points);
    expect(unpackPoints(packPoints([]))).toEqual([]);
  });
});
