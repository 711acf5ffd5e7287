import { env } from "cloudflare:test";
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { alarms, fences, fenceVehicles, lineVehicles, routeLines, tenantSettings, vehicleDaily } from "../../db/schema";
import { hubFor } from "../../workers/fleet-hub/client";
import { db, get, makeTenant, postForm, signIn } from "./helpers";
import { makeVehicle, report, terminalToken } from "./telematics";

// a 0.02° square site; OUT is about 10 km west of it
const SQUARE: [number, number][] = [
  [121.0, 31.0],
  [121.02, 31.0],
  [121.02, 31.02],
  [121.0, 31.02],
];
const IN = { lng: 121.01, lat: 31.01 };
const OUT = { lng: 120.9, lat: 31.01 };

let seq = 0;
const point = (t: number, where: { lng: number; lat: number }, extra: Record<string, unknown> = {}) => ({ seq: ++seq, t, ...where, speed: 20, ...extra });

/** A fence in the business database bound to the vehicle, and the hub told (as the fence screen does). */
async function makeFence(tenantId: number, vehicleId: number, values: Partial<typeof fences.$inferInsert> = {}) {
  const [row] = await db()
    .insert(fences)
    .values({ tenantId, name: "工地A", shape: "polygon", coordinates: SQUARE, alarmIn: 1, alarmOut: 1, dwellSeconds: 30, level: 1, ...values })
    .returning({ id: fences.id });
  await db().insert(fenceVehicles).values({ tenantId, fenceId: row!.id, vehicleId });
  await hubFor(env, tenantId).configChanged();
  return row!.id;
}

async function alarmsOf(tenantId: number, vehicleId: number) {
  await hubFor(env, tenantId).flush();
  return db()
    .select({ kind: alarms.kind, level: alarms.level, at: alarms.at, refId: alarms.refId, lng: alarms.lng, detail: alarms.detail })
    .from(alarms)
    .where(and(eq(alarms.tenantId, tenantId), eq(alarms.vehicleId, vehicleId)))
    .orderBy(asc(alarms.at));
}

/** hh:mm in Shanghai, `minutes` from now */
function shanghaiClock(msFromNow: number): string {
  const d = new Date(Date.now() + msFromNow + 8 * 3600_000);
  return `${String(d.getUTCHours()).padStart(2, "0")}:${String(d.getUTCMinutes()).padStart(2, "0")}`;
}

async function setup() {
  const t = await makeTenant();
  const v = await makeVehicle(t.tenantId);
  return { t, v, token: await terminalToken(v), base: Date.now() - 5 * 60_000 };
}

describe("alarm rules through the real ingest path", () => {
  it("a bound fence: 'fence_in' only after staying the dwell time, 'fence_out' after leaving, written to the alarms table", async () => {
    const { t, v, token, base } = await setup();
    const fenceId = await makeFence(t.tenantId, v.id);
    await report(token, [point(base, OUT), point(base + 10_000, IN), point(base + 20_000, IN)]);
    // inside for 10 s of a 30 s dwell: nothing yet
    expect(await alarmsOf(t.tenantId, v.id)).toEqual([]);
    await report(token, [point(base + 45_000, IN), point(base + 60_000, IN)]);
    const entered = await alarmsOf(t.tenantId, v.id);
    expect(entered).toEqual([{ kind: "fence_in", level: 1, at: base + 45_000, refId: fenceId, lng: IN.lng, detail: { fence: "工地A", since: base + 10_000 } }]);
    // the map shows the vehicle's alarm flag
    expect((await hubFor(env, t.tenantId).vehicle(v.id))!.alarm).toBe(true);

    await report(token, [point(base + 90_000, OUT), point(base + 100_000, OUT), point(base + 125_000, OUT)]);
    const all = await alarmsOf(t.tenantId, v.id);
    expect(all.map((a) => [a.kind, a.at])).toEqual([
      ["fence_in", base + 45_000],
      ["fence_out", base + 125_000],
    ]);
    // the day's roll-up counts both alarms and all eight points
    const days = await db().select().from(vehicleDaily).where(and(eq(vehicleDaily.tenantId, t.tenantId), eq(vehicleDaily.vehicleId, v.id)));
    expect(days.reduce((n, d) => n + d.alarmCount, 0)).toBe(2);
    expect(days.reduce((n, d) => n + d.points, 0)).toBe(8);
  });

  it("a fence only alarms within its effective period (tenant time zone)", async () => {
    const { t, v, token, base } = await setup();
    const now = await makeFence(t.tenantId, v.id, { name: "in period", dwellSeconds: 0, period1Start: shanghaiClock(-3600_000), period1End: shanghaiClock(3600_000) });
    await makeFence(t.tenantId, v.id, { name: "later", dwellSeconds: 0, period1Start: shanghaiClock(2 * 3600_000), period1End: shanghaiClock(3 * 3600_000) });
    await report(token, [point(base, OUT), point(base + 10_000, IN)]);
    const got = await alarmsOf(t.tenantId, v.id);
    expect(got.map((a) => [a.kind, a.refId])).toEqual([["fence_in", now]]);
  });

  it("a fence bound to vehicles applies to those only; one bound to no vehicle applies to every vehicle; a stopped one to none", async () => {
    const { t, v, token, base } = await setup();
    const other = await makeVehicle(t.tenantId);
    const otherToken = await terminalToken(other);
    const bound = await makeFence(t.tenantId, v.id, { name: "bound", dwellSeconds: 0 });
    const [unbound] = await db().insert(fences).values({ tenantId: t.tenantId, name: "unbound", shape: "polygon", coordinates: SQUARE, alarmIn: 1, alarmOut: 1, dwellSeconds: 0 }).returning({ id: fences.id });
    await db().insert(fences).values({ tenantId: t.tenantId, name: "stopped", shape: "polygon", coordinates: SQUARE, alarmIn: 1, alarmOut: 1, dwellSeconds: 0, state: 0 });
    await hubFor(env, t.tenantId).configChanged();
    await report(token, [point(base, OUT), point(base + 10_000, IN)]);
    await report(otherToken, [point(base, OUT), point(base + 10_000, IN)]);
    expect((await alarmsOf(t.tenantId, v.id)).map((a) => a.refId).sort()).toEqual([bound, unbound!.id].sort());
    expect((await alarmsOf(t.tenantId, other.id)).map((a) => a.refId)).toEqual([unbound!.id]);
  });

  it("overspeed sustained raises one alarm; a blip raises none", async () => {
    const { t, v, token, base } = await setup();
    await report(token, [point(base, OUT, { speed: 60 }), point(base + 5_000, OUT, { speed: 120 }), point(base + 10_000, OUT, { speed: 60 })]);
    expect(await alarmsOf(t.tenantId, v.id)).toEqual([]);
    const fast = [0, 5, 10, 15, 20].map((s) => point(base + 30_000 + s * 1000, { lng: 120.9 + s / 1e4, lat: 31 }, { speed: 95 }));
    await report(token, fast);
    const got = await alarmsOf(t.tenantId, v.id);
    expect(got.map((a) => [a.kind, a.at, a.level])).toEqual([["overspeed", base + 40_000, 2]]);
    expect(got[0]!.detail).toMatchObject({ limitKmh: 80, speed: 95, since: base + 30_000 });
  });

  it("thresholds come from the tenant's telematics setting", async () => {
    const { t, v, token, base } = await setup();
    await db().insert(tenantSettings).values({ tenantId: t.tenantId, key: "telematics", value: { overspeedKmh: 40, overspeedSeconds: 0, overspeedLevel: 1 } });
    await hubFor(env, t.tenantId).configChanged();
    await report(token, [point(base, OUT, { speed: 30 }), point(base + 5_000, OUT, { speed: 45 })]);
    expect((await alarmsOf(t.tenantId, v.id)).map((a) => [a.kind, a.level, a.at])).toEqual([["overspeed", 1, base + 5_000]]);
  });

  it("the 告警规则 screen (/alarmMgr/rules) saves thresholds that the hub uses at once, and refuses bad ones in both languages", async () => {
    const { t, v, token, base } = await setup();
    // the hub is running with the defaults before the save
    await report(token, [point(base - 60_000, OUT, { speed: 10 })]);
    const cookie = await signIn(t.account, t.password);
    const page = await (await get("/alarmMgr/rules", cookie)).text();
    expect(page).toContain("告警规则");
    expect(page).toContain('name="overspeedKmh"');
    // the defaults the hub uses until a save
    expect(page).toMatch(/name="overspeedKmh"[^>]*value="80"/);

    const form = new URLSearchParams((page.match(/<input[^>]*>/g) ?? []).flatMap((tag) => {
      const name = /name="([^"]+)"/.exec(tag)?.[1];
      const value = /value="([^"]*)"/.exec(tag)?.[1];
      return name && value !== undefined ? [[name, value] as [string, string]] : [];
    }));
    for (const [k, v] of Object.entries({ overspeedLevel: "1", fatigueLevel: "2", idleLevel: "3", faultAlarm: "1", faultLevel: "2", fuelDropLevel: "1", refuelLevel: "3", offlineLevel: "3", terminalAlarm: "1", terminalLevel: "1", overloadLevel: "1", windLevel: "2" })) form.set(k, v);
    form.set("intent", "save");

    const bad = new URLSearchParams(form);
    bad.set("overspeedKmh", "abc");
    bad.set("retentionDays", "1");
    bad.set("offlineAfterMinutes", "30");
    bad.set("offlineAlarmMinutes", "10");
    const zh = await postForm("/alarmMgr/rules", bad, { Cookie: `${cookie}; derrick_lang=zh-CN` });
    expect(zh.status).toBe(400);
    const zhText = await zh.text();
    expect(zhText).toContain("请输入提示范围内的整数");
    expect(zhText).toContain("离线告警时长须为0，或不小于离线判定时长");
    const en = await (await postForm("/alarmMgr/rules", bad, { Cookie: `${cookie}; derrick_lang=en-US` })).text();
    expect(en).toContain("Enter a whole number in the range shown");
    // what was typed stays in the form
    expect(en).toMatch(/name="overspeedKmh"[^>]*value="abc"/);

    form.set("overspeedKmh", "40");
    form.set("overspeedSeconds", "0");
    const saved = await postForm("/alarmMgr/rules", form, { Cookie: cookie });
    expect(saved.status).toBe(302);
    const [row] = await db().select({ value: tenantSettings.value }).from(tenantSettings).where(and(eq(tenantSettings.tenantId, t.tenantId), eq(tenantSettings.key, "telematics")));
    expect(row!.value).toMatchObject({ overspeedKmh: 40, overspeedSeconds: 0, overspeedLevel: 1, faultAlarm: true, retentionDays: 180 });
    // no configChanged() by the test: the save told the hub
    await report(token, [point(base, OUT, { speed: 30 }), point(base + 5_000, OUT, { speed: 45 })]);
    expect((await alarmsOf(t.tenantId, v.id)).map((a) => [a.kind, a.level, a.at])).toEqual([["overspeed", 1, base + 5_000]]);

    // a stale form (the version it was loaded with) is refused; a viewer cannot save at all
    expect((await postForm("/alarmMgr/rules", form, { Cookie: cookie })).status).toBe(409);
    const viewer = await makeTenant({ role: "viewer" });
    expect((await postForm("/alarmMgr/rules", form, { Cookie: await signIn(viewer.account, viewer.password) })).status).toBe(403);
  });

  it("a late point raises nothing", async () => {
    const { t, v, token, base } = await setup();
    await makeFence(t.tenantId, v.id, { dwellSeconds: 0 });
    await report(token, [point(base, OUT), point(base + 60_000, OUT)]);
    // an older point inside the fence arrives after the newer ones
    const answer = await report(token, [point(base + 30_000, IN, { faults: [{ spn: 100, fmi: 1 }] })]);
    expect(answer.body).toMatchObject({ accepted: 1, late: 1 });
    expect(await alarmsOf(t.tenantId, v.id)).toEqual([]);
  });

  it("fault codes and a route deviation from a bound line", async () => {
    const { t, v, token, base } = await setup();
    const [line] = await db()
      .insert(routeLines)
      .values({ tenantId: t.tenantId, name: "搅拌站→工地", startName: "搅拌站", endName: "工地", path: [[121.0, 31.0], [121.1, 31.0]], bufferMeters: 200, dwellSeconds: 20, level: 3 })
      .returning({ id: routeLines.id });
    await db().insert(lineVehicles).values({ tenantId: t.tenantId, lineId: line!.id, vehicleId: v.id });
    await hubFor(env, t.tenantId).configChanged();
    await report(token, [
      point(base, { lng: 121.01, lat: 31.0 }),
      point(base + 10_000, { lng: 121.02, lat: 31.01 }, { faults: [{ spn: 110, fmi: 0, count: 1 }] }),
      point(base + 20_000, { lng: 121.03, lat: 31.01 }, { faults: [{ spn: 110, fmi: 0, count: 2 }] }),
      point(base + 35_000, { lng: 121.04, lat: 31.01 }),
    ]);
    const got = await alarmsOf(t.tenantId, v.id);
    expect(got.map((a) => [a.kind, a.at])).toEqual([
      ["fault", base + 10_000],
      ["off_route", base + 35_000],
    ]);
    expect(got[0]!.detail).toMatchObject({ spn: 110, fmi: 0 });
    expect(got[1]).toMatchObject({ refId: line!.id, level: 3, detail: { line: "搅拌站→工地", bufferM: 200, since: base + 10_000 } });
  });

  it("many alarms at once are all written (inserts stay within D1's parameter limit)", async () => {
    const { t, v, token, base } = await setup();
    const faults = Array.from({ length: 40 }, (_, i) => ({ spn: 1000 + i, fmi: i % 32, count: 1 }));
    await report(token, [point(base, OUT, { faults, alarms: ["sos", "power_cut", "tamper"] })]);
    const got = await alarmsOf(t.tenantId, v.id);
    expect(got.filter((a) => a.kind === "fault")).toHaveLength(40);
    expect(got.filter((a) => a.kind === "terminal").map((a) => (a.detail as { flag: string }).flag).sort()).toEqual(["power_cut", "sos", "tamper"]);
    expect(got.find((a) => a.kind === "terminal")!.level).toBe(1);
  });

  it("a restart of the hub keeps the debounce: entering before it and staying after it raises 'fence_in' once", async () => {
    const { t, v, token, base } = await setup();
    await makeFence(t.tenantId, v.id);
    await report(token, [point(base, OUT), point(base + 10_000, IN)]);
    await expect(hubFor(env, t.tenantId).restart()).rejects.toThrow();
    await report(token, [point(base + 45_000, IN), point(base + 60_000, IN)]);
    expect((await alarmsOf(t.tenantId, v.id)).map((a) => [a.kind, a.at])).toEqual([["fence_in", base + 45_000]]);
    await expect(hubFor(env, t.tenantId).restart()).rejects.toThrow();
    await report(token, [point(base + 90_000, IN)]);
    expect(await alarmsOf(t.tenantId, v.id)).toHaveLength(1);
  });

  it("offline longer than the offline alarm time raises one 'offline' alarm in the sweep", async () => {
    const { t, v, token } = await setup();
    const last = Date.now() - 1000;
    await report(token, [point(last, OUT)]);
    const hub = hubFor(env, t.tenantId);
    await hub.sweep(last + 30 * 60_000);
    expect(await alarmsOf(t.tenantId, v.id)).toEqual([]);
    await hub.sweep(last + 61 * 60_000);
    await hub.sweep(last + 90 * 60_000);
    // counted from when the hub last heard from the vehicle
    const seen = (await hub.vehicle(v.id))!.seen!;
    const got = await alarmsOf(t.tenantId, v.id);
    expect(got.map((a) => [a.kind, a.at, a.level])).toEqual([["offline", seen + 60 * 60_000, 3]]);
    expect(got[0]!.detail).toMatchObject({ since: seen });
  });

  it("daily roll-up: mileage, points, engine, idle and online time in vehicle_daily, not doubled by a second flush", async () => {
    const { t, v, token } = await setup();
    // yesterday 10:00 in Shanghai, one point a minute, odometer +0.8 km a minute, ACC on
    const DAY = 86_400_000;
    const shanghaiMidnight = Math.floor((Date.now() + 8 * 3600_000) / DAY) * DAY - 8 * 3600_000;
    const start = shanghaiMidnight - DAY + 10 * 3600_000;
    const day = new Date(start + 8 * 3600_000).toISOString().slice(0, 10);
    const points = Array.from({ length: 6 }, (_, i) => point(start + i * 60_000, { lng: 121 + i / 100, lat: 31 }, { mileage: 1000 + i * 0.8, speed: 48, status: { acc: true } }));
    await report(token, points);
    const hub = hubFor(env, t.tenantId);
    await hub.flush();
    const read = () => db().select().from(vehicleDaily).where(and(eq(vehicleDaily.tenantId, t.tenantId), eq(vehicleDaily.vehicleId, v.id)));
    const first = await read();
    expect(first).toHaveLength(1);
    expect(first[0]!.mileageKm).toBeCloseTo(4, 3);
    expect(first[0]!).toMatchObject({ day, points: 6, engineSeconds: 300, onlineSeconds: 300, alarmCount: 0 });
    await hub.flush();
    expect(await read()).toEqual(first);
    // a restart keeps the day's totals; the next points add to them, not over them
    await expect(hub.restart()).rejects.toThrow();
    await report(token, [point(start + 6 * 60_000, { lng: 121.06, lat: 31 }, { mileage: 1004.8, speed: 48, status: { acc: true } })]);
    await hubFor(env, t.tenantId).flush();
    const second = await read();
    expect(second).toHaveLength(1);
    expect(second[0]!.mileageKm).toBeCloseTo(4.8, 3);
    expect(second[0]!).toMatchObject({ day, points: 7, engineSeconds: 360, idleSeconds: 0 });
    // then standing with the engine on for two minutes: engine time that is idle time (HD报表), through the restart too
    await report(token, [point(start + 7 * 60_000, { lng: 121.06, lat: 31 }, { mileage: 1004.8, speed: 0, status: { acc: true } }), point(start + 8 * 60_000, { lng: 121.06, lat: 31 }, { mileage: 1004.8, speed: 0, status: { acc: true } }), point(start + 9 * 60_000, { lng: 121.06, lat: 31 }, { mileage: 1004.8, speed: 0, status: { acc: true } })]);
    await hubFor(env, t.tenantId).flush();
    expect((await read())[0]!).toMatchObject({ day, points: 10, engineSeconds: 540, idleSeconds: 120 });
  });
});
