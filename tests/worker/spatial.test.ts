import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { hubFor } from "../../workers/fleet-hub/client";
import { makeTenant } from "./helpers";
import { makeVehicle, report, terminalToken } from "./telematics";

const HOUR = 3600_000;
/** a point at (lng, lat) `minutesAgo` before `now` */
const pt = (seq: number, now: number, minutesAgo: number, lng: number, lat: number) => ({ seq, t: now - minutesAgo * 60_000, lng, lat, speed: 20 });

describe("area vehicle search and heat map over hot and archived history", () => {
  it("finds the vehicles that passed through a circle, before and after their days moved to R2", async () => {
    const t = await makeTenant();
    const through = await makeVehicle(t.tenantId);
    const past = await makeVehicle(t.tenantId);
    const now = Date.now();
    // `through` crosses the centre 121.47,31.23 both three days ago and an hour ago; `past` stays 3 km east of it
    await report(await terminalToken(through), [
      pt(1, now, 72 * 60 + 2, 121.45, 31.23),
      pt(2, now, 72 * 60, 121.4702, 31.2301),
      pt(3, now, 72 * 60 - 2, 121.49, 31.23),
      pt(4, now, 61, 121.45, 31.23),
      pt(5, now, 60, 121.4699, 31.2299),
    ]);
    await report(await terminalToken(past), [pt(1, now, 72 * 60, 121.5015, 31.23), pt(2, now, 60, 121.5015, 31.23)]);
    const hub = hubFor(env, t.tenantId);
    const circle = { vehicleIds: null, lng: 121.47, lat: 31.23, radiusM: 1000 };

    const recent = (await hub.area(t.tenantId, { ...circle, from: now - 2 * HOUR, to: now })).hits;
    expect(recent.map((h) => h.vehicleId)).toEqual([through.id]);
    expect(recent[0]).toMatchObject({ firstT: now - 60 * 60_000, lastT: now - 60 * 60_000 });
    expect(recent[0]!.plate).toMatch(/^沪A/);
    // a radius of 3.2 km reaches the other vehicle too; restricting the ids (data scope) hides it again
    const wide = (await hub.area(t.tenantId, { ...circle, radiusM: 3200, from: now - 2 * HOUR, to: now })).hits;
    expect(wide.map((h) => h.vehicleId).sort()).toEqual([through.id, past.id].sort());
    expect((await hub.area(t.tenantId, { ...circle, vehicleIds: [past.id], radiusM: 3200, from: now - 2 * HOUR, to: now })).hits.map((h) => h.vehicleId)).toEqual([past.id]);

    // the three-day-old points move to R2; the search still finds them through the day's grid roll-up
    expect((await hub.archive(now)).moved).toBe(4);
    const old = await hub.area(t.tenantId, { ...circle, from: now - 73 * HOUR, to: now - 71 * HOUR });
    expect(old.hits).toEqual([{ vehicleId: through.id, plate: expect.any(String), firstT: now - 72 * 60 * 60_000, lastT: now - 72 * 60 * 60_000 }]);

    // heat: every position of the range counted once, hot or archived
    const cells = await hub.heat(t.tenantId, { vehicleIds: null, from: now - 4 * 24 * HOUR, to: now, cellDeg: 0.01 });
    expect(cells.reduce((s, c) => s + c.n, 0)).toBe(7);
    expect(cells[0]!.n).toBeGreaterThanOrEqual(2);
    const mine = await hub.heat(t.tenantId, { vehicleIds: [past.id], from: now - 4 * 24 * HOUR, to: now });
    expect(mine.reduce((s, c) => s + c.n, 0)).toBe(2);
    expect(mine).toHaveLength(1);
    expect(Math.abs(mine[0]!.lng - 121.5015)).toBeLessThan(0.01);
  });

  it("refuses a radius over 10 000 m and a range over 7 days, and answers nothing for another tenant", async () => {
    const t = await makeTenant();
    const other = await makeTenant();
    await makeVehicle(t.tenantId);
    const hub = hubFor(env, t.tenantId);
    const now = Date.now();
    const q = { vehicleIds: null, lng: 121.47, lat: 31.23, radiusM: 10_001, from: now - HOUR, to: now };
    expect((await hub.area(t.tenantId, q)).error).toMatch(/at most 10000 m/);
    expect((await hub.area(t.tenantId, { ...q, radiusM: 500, from: now - 8 * 24 * HOUR })).error).toMatch(/7 days/);
    expect((await hub.area(t.tenantId, { ...q, radiusM: 500, from: now, to: now - HOUR })).error).toMatch(/before the end/);
    expect(await hub.area(other.tenantId, { ...q, radiusM: 500 })).toEqual({ error: null, hits: [] });
    expect(await hub.heat(other.tenantId, { vehicleIds: null, from: now - HOUR, to: now })).toEqual([]);
  });
});
