import { env, SELF } from "cloudflare:test";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { heatLoader, playbackLoader } from "../../app/modules/playback/playback.server";
import { alarms, vehicleDaily, vehicles } from "../../db/schema";
import { demoTerminalSecret, seedTelematics } from "../../db/seed/telematics";
import { hubFor } from "../../workers/fleet-hub/client";
import { dayKey, segmentKey } from "../../workers/fleet-hub/history";
import { beforeFirstReport, historyUnits, postUnit, presentUnits, unitPoints, type FleetVehicle, type Post } from "../../scripts/demo-fleet-history";
import { db, makeTenant, ORIGIN, signIn } from "./helpers";

const HOUR = 3600_000;
const context = { cloudflare: { env, ctx: { waitUntil() {}, passThroughOnException() {} } } } as unknown as AppLoadContext;

const post: Post = async (path, body, token) => {
  const res = await SELF.fetch(`${ORIGIN}${path}`, { method: "POST", headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  return { status: res.status, json: await res.json() };
};

/** What `npm start`'s demo fleet does before it drives: the history units it lacks, through the terminal API. */
async function seedHistory(tenantId: number, fleet: FleetVehicle[], now: number) {
  const units = await beforeFirstReport(db(), historyUnits(fleet, now, 3, "Asia/Shanghai"));
  const present = await presentUnits(db(), env.FILES, tenantId, units);
  let accepted = 0;
  let posted = 0;
  for (const vehicle of fleet) {
    const own = units.filter((u) => u.vehicle.id === vehicle.id);
    const points = unitPoints(own);
    const auth = await post("/ingest/v1/auth", { terminalNo: vehicle.terminalNo, secret: demoTerminalSecret(vehicle.terminalNo) });
    for (const [i, unit] of own.entries()) {
      if (present.has(`${vehicle.id}:${unit.day}`)) continue;
      accepted += (await postUnit(post, auth.json.token as string, unit, points[i]!)).accepted;
      posted++;
    }
  }
  return { units: units.length, posted, accepted };
}

describe("the demo fleet's history", () => {
  it("is written once through the terminal API, and playback and the heat map show it", async () => {
    const t = await makeTenant();
    const cookie = await signIn(t.account, t.password);
    const seeded = await seedTelematics(db(), t.tenantId, { prefix: "HST" });
    const rows = await db().select({ id: vehicles.id, terminalNo: vehicles.terminalNo }).from(vehicles).where(eq(vehicles.tenantId, t.tenantId));
    // the first two vehicles: one bound to the mixing plant's fence, the other too (the first ten are)
    const fleet = rows.filter((r) => seeded.vehicleIds.slice(0, 2).includes(r.id)).map((r, index) => ({ id: r.id, index, terminalNo: r.terminalNo! }));
    await hubFor(env, t.tenantId).configChanged();
    const now = Date.now();

    const first = await seedHistory(t.tenantId, fleet, now);
    expect(first.posted).toBe(first.units);
    expect(first.accepted).toBeGreaterThan(1000);
    const hub = hubFor(env, t.tenantId);
    // what the hub's alarm does within seconds and hourly: the day roll-ups to D1, days past the hot window to R2
    await hub.flush();
    await hub.archive(now);
    const oldest = historyUnits(fleet, now, 3, "Asia/Shanghai")[0]!;
    expect(await env.FILES.head(segmentKey(t.tenantId, dayKey(oldest.start + 12 * HOUR), oldest.vehicle.id))).not.toBeNull();
    const dailyPoints = async () => (await db().select({ points: vehicleDaily.points }).from(vehicleDaily).where(eq(vehicleDaily.tenantId, t.tenantId))).reduce((s, r) => s + r.points, 0);
    const pointsBefore = await dailyPoints();
    // the days' alarms: the fenced vehicles passed through the mixing plant; no fuel jumps overnight
    const kinds = new Set((await db().select({ kind: alarms.kind }).from(alarms).where(eq(alarms.tenantId, t.tenantId))).map((a) => a.kind));
    expect(kinds.has("fence_in") && kinds.has("fence_out")).toBe(true);
    expect(kinds.has("fuel_drop")).toBe(false);
    expect(pointsBefore).toBe(first.accepted);
    const hotBefore = await hub.hotCount();

    // a second start, even hours later, finds every day there and sends nothing; a day sent again anyway adds nothing
    expect(await seedHistory(t.tenantId, fleet, now)).toMatchObject({ posted: 0, accepted: 0 });
    expect(await seedHistory(t.tenantId, fleet, now + 3 * HOUR)).toMatchObject({ accepted: 0 });
    const window = historyUnits(fleet.slice(0, 1), now, 3, "Asia/Shanghai");
    const again = await post("/ingest/v1/auth", { terminalNo: fleet[0]!.terminalNo, secret: demoTerminalSecret(fleet[0]!.terminalNo) });
    expect(await postUnit(post, again.json.token as string, window.at(-1)!, unitPoints(window).at(-1)!)).toMatchObject({ accepted: 0, rejected: 0 });
    await hub.flush();
    expect(await hub.hotCount()).toBe(hotBefore);
    expect(await dailyPoints()).toBe(pointsBefore);

    // playback of yesterday (archived in part) and of the last hours: a moving track
    const yesterday = await playbackLoader({ request: new Request(`http://localhost/workPlayBack?vehicle=${fleet[0]!.id}&from=${now - 30 * HOUR}&to=${now - 6 * HOUR}`, { headers: { Cookie: cookie } }), context, params: {} }, "/workPlayBack");
    if (yesterday.answer?.status !== "ok") throw new Error(JSON.stringify(yesterday.answer));
    expect(yesterday.answer.total).toBeGreaterThan(100);
    expect(yesterday.answer.summary.maxSpeed).toBeGreaterThan(20);
    const heat = await heatLoader({ request: new Request(`http://localhost/equipmentHeatMap?from=${now - 72 * HOUR}&to=${now}`, { headers: { Cookie: cookie } }), context, params: {} });
    if (heat.answer?.status !== "ok") throw new Error(JSON.stringify(heat.answer));
    expect(heat.answer.cells.length).toBeGreaterThan(10);
  });
});
