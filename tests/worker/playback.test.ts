import { env } from "cloudflare:test";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { organisations, users } from "../../db/schema";
import { eq } from "drizzle-orm";
import { hubFor } from "../../workers/fleet-hub/client";
import { heatLoader, playbackLoader } from "../../app/modules/playback/playback.server";
import { db, get, makeTenant, signIn } from "./helpers";
import { makeVehicle, report, terminalToken } from "./telematics";

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const context = { cloudflare: { env, ctx: { waitUntil() {}, passThroughOnException() {} } } } as unknown as AppLoadContext;

/** Runs a screen's loader as Remix would for a signed-in browser. */
async function playback(cookie: string, path: string, screen: "/historyTrack" | "/workPlayBack" | "/replayDetail/:id" = "/historyTrack", params: Record<string, string> = {}) {
  const request = new Request(`http://localhost${path}`, { headers: { Cookie: cookie, "Accept-Language": "zh-CN" } });
  return playbackLoader({ request, context, params }, screen);
}

/** A drive east along 31.23°N, a point a minute, from `start` (ms) for `minutes`. */
const drive = (seq0: number, start: number, minutes: number, lng0: number) =>
  Array.from({ length: minutes }, (_, i) => ({ seq: seq0 + i, t: start + i * 60_000, lng: lng0 + i * 0.002, lat: 31.23, speed: i % 10 === 9 ? 0 : 40, heading: 90, mileage: 1000 + i }));

describe("history playback loaders", () => {
  it("plays a track across archived and hot history as one ordered list, with the range's alarms", async () => {
    const t = await makeTenant();
    const cookie = await signIn(t.account, t.password);
    const v = await makeVehicle(t.tenantId);
    const now = Date.now();
    const old = drive(1, now - 70 * HOUR, 30, 121.3);
    const recent = drive(100, now - 90 * 60_000, 30, 121.4);
    const token = await terminalToken(v);
    expect((await report(token, old)).status).toBe(200);
    expect((await report(token, recent)).status).toBe(200);
    // the 70-hour-old half moves to R2; the loader must still return both halves in time order
    expect((await hubFor(env, t.tenantId).archive(now)).moved).toBe(old.length);
    await env.DB.prepare("insert into alarms (tenant_id, vehicle_id, hub_key, kind, level, at, lng, lat, speed, created_at) values (?, ?, ?, 'overspeed', 1, ?, 121.41, 31.23, 95, ?), (?, ?, ?, 'fatigue', 2, ?, null, null, null, ?)")
      .bind(t.tenantId, v.id, `pb-${v.id}-1`, recent[5]!.t, now, t.tenantId, v.id, `pb-${v.id}-2`, now - 10 * DAY, now)
      .run();

    const data = await playback(cookie, `/historyTrack?vehicle=${v.id}&from=${now - 72 * HOUR}&to=${now}`);
    const answer = data.answer!;
    if (answer.status !== "ok") throw new Error(`expected a track, got ${JSON.stringify(answer)}`);
    expect(answer.track.t).toEqual([...old, ...recent].map((p) => p.t));
    expect(answer.track.lng[0]).toBe(121.3);
    expect(answer.total).toBe(60);
    expect(answer.vehicle).toMatchObject({ id: v.id, terminalNo: v.terminalNo });
    // mileage reported by the terminal: 29 km in each half
    expect(answer.summary.distanceKm).toBeGreaterThan(0);
    expect(answer.summary.maxSpeed).toBe(40);
    // only the alarm inside the range
    expect(answer.alarms).toEqual([{ id: expect.any(Number), kind: "overspeed", level: 1, at: recent[5]!.t, lng: 121.41, lat: 31.23, speed: 95 }]);

    // /replayDetail/:id takes the vehicle from the path, and the page renders the player's summary
    const full = await playback(cookie, `/replayDetail/${v.id}?from=${now - 2 * HOUR}&to=${now}`, "/replayDetail/:id", { id: String(v.id) });
    expect(full.answer?.status === "ok" && full.answer.track.t).toEqual(recent.map((p) => p.t));
    const html = await (await get(`/replayDetail/${v.id}?from=${now - 2 * HOUR}&to=${now}`, cookie)).text();
    expect(html).toContain("回放详情");
    expect(html).toContain("最高速度");
  });

  it("refuses a range over 7 days or backwards, with the message in the user's language", async () => {
    const t = await makeTenant();
    const cookie = await signIn(t.account, t.password);
    const v = await makeVehicle(t.tenantId);
    const now = Date.now();
    expect((await playback(cookie, `/historyTrack?vehicle=${v.id}&from=${now - 8 * DAY}&to=${now}`)).answer).toMatchObject({ status: "error", error: "range.tooLong" });
    expect((await playback(cookie, `/workPlayBack?vehicle=${v.id}&from=${now}&to=${now - HOUR}`, "/workPlayBack")).answer).toMatchObject({ status: "error", error: "range.order" });
    expect((await playback(cookie, `/historyTrack?vehicle=${v.id}&from=2026-02-31T08:00&to=${now}`)).answer).toMatchObject({ status: "error", error: "range.invalid" });
    const zh = await (await get(`/historyTrack?vehicle=${v.id}&from=${now - 8 * DAY}&to=${now}`, cookie)).text();
    expect(zh).toContain("查询时间范围不能超过7天");
    const english = cookie.replace(/derrick_lang=[^;]*/, "derrick_lang=en-US");
    const en = await (await get(`/historyTrack?vehicle=${v.id}&from=${now - 8 * DAY}&to=${now}`, english, { "Accept-Language": "en-US" })).text();
    expect(en).toContain("The range can be at most 7 days.");
    // exactly 7 days is allowed
    expect((await playback(cookie, `/historyTrack?vehicle=${v.id}&from=${now - 7 * DAY}&to=${now}`)).answer).toMatchObject({ status: "ok" });
  });

  it("refuses another tenant's vehicle and a vehicle outside the user's organisation, without its track", async () => {
    const a = await makeTenant();
    const b = await makeTenant();
    const [orgX] = await db().insert(organisations).values({ tenantId: a.tenantId, parentId: a.rootOrgId, name: "一分公司" }).returning({ id: organisations.id });
    const [orgY] = await db().insert(organisations).values({ tenantId: a.tenantId, parentId: a.rootOrgId, name: "二分公司" }).returning({ id: organisations.id });
    const inX = await makeVehicle(a.tenantId, { orgId: orgX!.id });
    const inY = await makeVehicle(a.tenantId, { orgId: orgY!.id });
    const now = Date.now();
    await report(await terminalToken(inX), drive(1, now - 30 * 60_000, 10, 121.5));
    await report(await terminalToken(inY), drive(1, now - 30 * 60_000, 10, 121.6));
    const range = `&from=${now - HOUR}&to=${now}`;

    const other = await signIn(b.account, b.password);
    expect((await playback(other, `/historyTrack?vehicle=${inX.id}${range}`)).answer).toEqual({ status: "error", error: "vehicle", from: now - HOUR, to: now, vehicle: null });
    const html = await (await get(`/replayDetail/${inX.id}?${range.slice(1)}`, other)).text();
    expect(html).toContain("车辆不存在或无权查看");
    expect(html).not.toContain(inX.terminalNo);

    // a user of organisation Y sees Y's vehicle, not X's, and X's does not appear in the vehicle search
    await db().update(users).set({ orgId: orgY!.id }).where(eq(users.id, a.userId));
    const cookie = await signIn(a.account, a.password);
    expect((await playback(cookie, `/historyTrack?vehicle=${inX.id}${range}`)).answer).toMatchObject({ status: "error", error: "vehicle" });
    const mine = await playback(cookie, `/historyTrack?vehicle=${inY.id}${range}`);
    expect(mine.answer).toMatchObject({ status: "ok", total: 10 });
    expect(mine.vehicles.map((x) => x.id)).toEqual([inY.id]);
    // the heat map of that user counts only Y's positions
    const request = new Request(`http://localhost/equipmentHeatMap?from=${now - HOUR}&to=${now}`, { headers: { Cookie: cookie } });
    const heat = await heatLoader({ request, context, params: {} });
    expect(heat.answer).toMatchObject({ status: "ok", total: 10 });
  });

  it("heat map: cells for posted points, per vehicle, and a refused range", async () => {
    const t = await makeTenant();
    const cookie = await signIn(t.account, t.password);
    const v1 = await makeVehicle(t.tenantId);
    const v2 = await makeVehicle(t.tenantId);
    const now = Date.now();
    await report(await terminalToken(v1), drive(1, now - 40 * 60_000, 20, 121.47));
    await report(await terminalToken(v2), Array.from({ length: 5 }, (_, i) => ({ seq: i + 1, t: now - (10 - i) * 60_000, lng: 116.4, lat: 39.9, speed: 0 })));
    const heat = async (query: string) => (await heatLoader({ request: new Request(`http://localhost/equipmentHeatMap?${query}`, { headers: { Cookie: cookie } }), context, params: {} })).answer;

    const all = await heat(`from=${now - HOUR}&to=${now}&cell=0.01`);
    if (all.status !== "ok") throw new Error(JSON.stringify(all));
    expect(all.total).toBe(25);
    const beijing = all.cells.find((c) => Math.abs(c.lng - 116.4) < 0.01 && Math.abs(c.lat - 39.9) < 0.01);
    expect(beijing?.n).toBe(5);
    expect(await heat(`from=${now - HOUR}&to=${now}&vehicle=${v2.id}`)).toMatchObject({ status: "ok", total: 5, cells: [expect.objectContaining({ n: 5 })] });
    expect(await heat(`from=${now - 8 * DAY}&to=${now}`)).toEqual({ status: "error", error: "range.tooLong" });
    // before anything was posted: no cells (the page's empty state)
    expect(await heat(`from=${now - 5 * DAY}&to=${now - 4 * DAY}`)).toEqual({ status: "ok", cells: [], total: 0 });
  });
});
