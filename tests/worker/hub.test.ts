import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { organisations, users, userVehicles, vehicleEvents, vehicles } from "../../db/schema";
import { hubFor } from "../../workers/fleet-hub/client";
import { HUB_TENANT_HEADER, HUB_USER_HEADER } from "../../workers/fleet-hub/fleet-hub";
import { segmentKey, dayKey } from "../../workers/fleet-hub/history";
import { db, makeTenant, ORIGIN, signIn } from "./helpers";
import { makeVehicle, openHub, report, terminalToken } from "./telematics";

const at = (seq: number, t: number, lng = 121.47, speed = 30) => ({ seq, t, lng, lat: 31.23, speed });

describe("FleetHub sockets", () => {
  it("refuses a visitor without a session, and a user asking for another tenant's hub", async () => {
    expect((await openHub(null)).res.status).toBe(401);
    const a = await makeTenant();
    const b = await makeTenant();
    const { res } = await openHub(await signIn(b.account, b.password), `?tenant=${a.tenantId}`);
    expect(res.status).toBe(403);
    await (await openHub(await signIn(a.account, a.password))).ws?.close(1000);
    const direct = await hubFor(env, a.tenantId).fetch(
      new Request(`${ORIGIN}/hub`, { headers: { Upgrade: "websocket", [HUB_USER_HEADER]: String(b.userId), [HUB_TENANT_HEADER]: String(b.tenantId) } }),
    );
    expect(direct.status).toBe(403);
  });

  it("sends a snapshot, then deltas with only the changed fields, and refuses garbage", async () => {
    const t = await makeTenant();
    const v = await makeVehicle(t.tenantId);
    const quiet = await makeVehicle(t.tenantId);
    const token = await terminalToken(v);
    const hub = await openHub(await signIn(t.account, t.password));
    expect(await hub.next("hello")).toEqual({ type: "hello", tenantId: t.tenantId, userId: t.userId });
    hub.send({ type: "watch", vehicles: "all", counts: true, hz: 10 });
    const snap = await hub.next("snapshot");
    expect(snap.vehicles.map((x) => x.id).sort()).toEqual([v.id, quiet.id].sort());
    expect(snap.vehicles.find((x) => x.id === v.id)).toMatchObject({ status: "never", plate: expect.any(String), terminalNo: v.terminalNo });
    expect(snap.counts).toEqual({ total: 2, running: 0, stopped: 0, offline: 2, alarm: 0 });
    hub.send({ type: "ack", seq: snap.seq });

    const now = Date.now();
    await report(token, [at(1, now - 2000)]);
    const first = await hub.next("delta", (d) => d.vehicles.some((x) => x.id === v.id));
    expect(first.seq).toBeGreaterThan(snap.seq);
    expect(first.vehicles).toHaveLength(1);
    expect(first.vehicles[0]).toMatchObject({ id: v.id, status: "running", lng: 121.47, speed: 30 });
    expect(first.counts).toEqual({ total: 2, running: 1, stopped: 0, offline: 1, alarm: 0 });
    hub.send({ type: "ack", seq: first.seq });

    await report(token, [at(2, now - 1000, 121.48)]);
    const second = await hub.next("delta", (d) => d.seq > first.seq);
    // only what changed: the position, the time, when it was heard; not the plate, speed or status
    expect(Object.keys(second.vehicles[0]!).sort()).toEqual(["id", "lng", "seen", "t"]);
    expect(second.counts).toBeUndefined();

    hub.ws!.send("garbage");
    expect(await hub.next("error")).toEqual({ type: "error", message: "invalid message" });
    hub.ws!.close(1000);
  });

  it("resumes after a reconnect with exactly what changed since the last seq", async () => {
    const t = await makeTenant();
    const v = await makeVehicle(t.tenantId);
    const w = await makeVehicle(t.tenantId);
    const cookie = await signIn(t.account, t.password);
    const [tv, tw] = [await terminalToken(v), await terminalToken(w)];
    const now = Date.now();
    await report(tv, [at(1, now - 5000)]);
    const a = await openHub(cookie);
    a.send({ type: "watch", vehicles: "all" });
    const snap = await a.next("snapshot");
    a.ws!.close(1000);

    // while the screen is away: v moves twice, w reports once
    await report(tv, [at(2, now - 4000, 121.5)]);
    await report(tv, [at(3, now - 3000, 121.6, 12)]);
    await report(tw, [at(1, now - 3000, 120.1, 0)]);

    const b = await openHub(cookie);
    b.send({ type: "watch", vehicles: "all", since: snap.seq });
    const resumed = await b.next("delta");
    expect(b.received.some((m) => m.type === "snapshot")).toBe(false);
    const byId = new Map(resumed.vehicles.map((x) => [x.id, x]));
    expect(byId.get(v.id)).toMatchObject({ lng: 121.6, speed: 12 });
    expect(byId.get(w.id)).toMatchObject({ lng: 120.1, status: "stopped" });
    // applying the resume to the old snapshot gives the hub's current state
    const state = new Map(snap.vehicles.map((x) => [x.id, { ...x }]));
    for (const change of resumed.vehicles) Object.assign(state.get(change.id)!, change);
    expect(state.get(v.id)).toEqual(await hubFor(env, t.tenantId).vehicle(v.id));
    expect(state.get(w.id)).toEqual(await hubFor(env, t.tenantId).vehicle(w.id));
    b.ws!.close(1000);
  });

  it("shows a user only the vehicles of their organisation subtree and their granted vehicles", async () => {
    const t = await makeTenant({ role: "dispatcher" });
    const [branch] = await db().insert(organisations).values({ tenantId: t.tenantId, parentId: t.rootOrgId, name: "Branch" }).returning({ id: organisations.id });
    const [site] = await db().insert(organisations).values({ tenantId: t.tenantId, parentId: branch!.id, name: "Site" }).returning({ id: organisations.id });
    const inSite = await makeVehicle(t.tenantId, { orgId: site!.id });
    const atRoot = await makeVehicle(t.tenantId, { orgId: t.rootOrgId });
    const granted = await makeVehicle(t.tenantId, { orgId: t.rootOrgId });
    await db().update(users).set({ orgId: branch!.id }).where(eq(users.id, t.userId));
    await db().insert(userVehicles).values({ tenantId: t.tenantId, userId: t.userId, vehicleId: granted.id });

    const hub = await openHub(await signIn(t.account, t.password));
    hub.send({ type: "watch", vehicles: "all", counts: true, hz: 10 });
    const snap = await hub.next("snapshot");
    expect(snap.vehicles.map((x) => x.id).sort()).toEqual([inSite.id, granted.id].sort());
    expect(snap.counts!.total).toBe(2);
    // asking for a vehicle by id does not widen the scope
    hub.send({ type: "watch", vehicles: [atRoot.id, inSite.id] });
    expect((await hub.next("snapshot")).vehicles.map((x) => x.id)).toEqual([inSite.id]);
    await report(await terminalToken(atRoot), [at(1, Date.now() - 1000)]);
    await report(await terminalToken(inSite), [at(1, Date.now() - 1000)]);
    const delta = await hub.next("delta");
    expect(delta.vehicles.map((x) => x.id)).toEqual([inSite.id]);
    hub.ws!.close(1000);
  });

  it("sends vehicles entering a watched area whole, and says when they leave it", async () => {
    const t = await makeTenant();
    const v = await makeVehicle(t.tenantId);
    const token = await terminalToken(v);
    const now = Date.now();
    await report(token, [at(1, now - 5000, 100)]);
    const hub = await openHub(await signIn(t.account, t.password));
    hub.send({ type: "watch", vehicles: "all", bbox: [121, 31, 122, 32], hz: 10 });
    expect((await hub.next("snapshot")).vehicles).toEqual([]);
    await report(token, [at(2, now - 4000, 121.5)]);
    const entered = await hub.next("delta");
    expect(entered.vehicles[0]).toMatchObject({ id: v.id, plate: expect.any(String), lng: 121.5 });
    hub.send({ type: "ack", seq: entered.seq });
    await report(token, [at(3, now - 3000, 125)]);
    expect((await hub.next("delta", (d) => d.seq > entered.seq)).gone).toEqual([v.id]);
    hub.ws!.close(1000);
  });

  it("holds frames back for a client that does not acknowledge, then sends the latest values coalesced", async () => {
    const t = await makeTenant();
    const v = await makeVehicle(t.tenantId);
    const token = await terminalToken(v);
    const hub = await openHub(await signIn(t.account, t.password));
    hub.send({ type: "watch", vehicles: "all", hz: 10 });
    const snap = await hub.next("snapshot");
    const now = Date.now();
    for (let i = 1; i <= 10; i++) {
      await report(token, [at(i, now - 20_000 + i * 1000, 121 + i / 100)]);
      await new Promise((r) => setTimeout(r, 120));
    }
    await new Promise((r) => setTimeout(r, 300));
    const frames = hub.received.filter((m) => m.type === "delta");
    // the snapshot and three deltas fill the window of four unacknowledged frames
    expect(frames.length).toBe(3);
    hub.send({ type: "ack", seq: (frames[frames.length - 1] as { seq: number }).seq });
    const caughtUp = await hub.next("delta", (d) => d.vehicles.some((x) => x.lng === 121.1));
    expect(caughtUp.seq).toBeGreaterThan(snap.seq);
    hub.ws!.close(1000);
  });
});

describe("FleetHub durability, history and offline detection", () => {
  it("keeps every acknowledged point and the live state across a restart", async () => {
    const t = await makeTenant();
    const v = await makeVehicle(t.tenantId);
    const token = await terminalToken(v);
    const now = Date.now();
    const points = Array.from({ length: 50 }, (_, i) => at(i + 1, now - 60_000 + i * 1000, 121 + i / 1000));
    expect((await report(token, points)).body.accepted).toBe(50);
    const before = await hubFor(env, t.tenantId).vehicle(v.id);
    // abort() resets the object: the call fails and the next one starts a fresh instance from storage
    await expect(hubFor(env, t.tenantId).restart()).rejects.toThrow();
    const hub = hubFor(env, t.tenantId);
    expect(await hub.hotCount(v.id)).toBe(50);
    expect(await hub.vehicle(v.id)).toEqual(before);
    // duplicates are still recognised after the restart
    expect((await report(token, points.slice(0, 5))).body).toMatchObject({ accepted: 0, duplicates: [0, 1, 2, 3, 4] });
  });

  it("answers terminals reporting at once each for itself, and keeps all they were told was stored across a restart", async () => {
    const t = await makeTenant();
    const cars = await Promise.all(Array.from({ length: 6 }, () => makeVehicle(t.tenantId)));
    const tokens = await Promise.all(cars.map((c) => terminalToken(c)));
    const now = Date.now();
    const batch = (k: number, from = 1) => Array.from({ length: 30 }, (_, i) => at(from + i, now - 120_000 + i * 1000, 121 + k / 10 + i / 1000));
    // the first terminal's first points arrive before: at once, it sends them again with new ones
    expect((await report(tokens[0]!, batch(0).slice(0, 10))).body.accepted).toBe(10);
    // the last vehicle is stopped after its terminal signed in (its token is still valid)
    await db().update(vehicles).set({ state: 0 }).where(eq(vehicles.id, cars[5]!.id));
    await hubFor(env, t.tenantId).configChanged();

    const answers = await Promise.all(cars.map((_, k) => report(tokens[k]!, batch(k))));
    expect(answers[0]!.body).toMatchObject({ accepted: 20, duplicates: Array.from({ length: 10 }, (_, i) => i) });
    for (const a of answers.slice(1, 5)) expect(a.body).toMatchObject({ accepted: 30, duplicates: [], late: 0 });
    expect(answers[5]).toMatchObject({ status: 403, body: { reason: "terminal_disabled" } });

    await expect(hubFor(env, t.tenantId).restart()).rejects.toThrow();
    const hub = hubFor(env, t.tenantId);
    expect(await Promise.all(cars.map((c) => hub.hotCount(c.id)))).toEqual([30, 30, 30, 30, 30, 0]);
    for (const [k, c] of cars.slice(0, 5).entries()) expect(await hub.vehicle(c.id)).toMatchObject({ lng: 121 + k / 10 + 29 / 1000, t: now - 120_000 + 29_000 });
  });

  it("moves history older than the hot window to R2 and plays both back as one track", async () => {
    const t = await makeTenant();
    const v = await makeVehicle(t.tenantId);
    const token = await terminalToken(v);
    const now = Date.now();
    const old = Array.from({ length: 20 }, (_, i) => at(i + 1, now - 72 * 3600_000 + i * 60_000, 121 + i / 100));
    const recent = Array.from({ length: 5 }, (_, i) => at(100 + i, now - 3600_000 + i * 60_000, 122 + i / 100));
    await report(token, [...old, ...recent]);
    const hub = hubFor(env, t.tenantId);
    const moved = await hub.archive(now);
    expect(moved.moved).toBe(20);
    expect(await hub.hotCount(v.id)).toBe(5);
    const key = segmentKey(t.tenantId, dayKey(old[0]!.t), v.id);
    const keys = (await env.FILES.list({ prefix: `history/${t.tenantId}/` })).objects.map((o) => o.key);
    expect(keys).toContain(key);
    const track = await hub.track(t.tenantId, v.id, now - 80 * 3600_000, now);
    expect(track.map((p) => p.t)).toEqual([...old, ...recent].map((p) => p.t));
    expect(track[0]).toMatchObject({ lng: 121, speed: 30 });
    // a late point for an archived day is merged into its segment on the next run
    await report(token, [at(50, old[3]!.t + 30_000, 121.035)]);
    expect((await hub.archive(now)).moved).toBe(1);
    expect((await hub.track(t.tenantId, v.id, old[3]!.t, old[4]!.t)).map((p) => p.lng)).toEqual([121.03, 121.035, 121.04]);
  });

  it("marks a silent vehicle offline by the clock and writes online/offline events to the business database", async () => {
    const t = await makeTenant();
    const v = await makeVehicle(t.tenantId);
    const token = await terminalToken(v);
    const hubSocket = await openHub(await signIn(t.account, t.password));
    hubSocket.send({ type: "watch", vehicles: "all", counts: true, hz: 10 });
    await hubSocket.next("snapshot");
    await report(token, [at(1, Date.now() - 1000)]);
    await hubSocket.next("delta");
    const hub = hubFor(env, t.tenantId);
    expect(await hub.sweep(Date.now() + 60_000)).toEqual([]);
    expect(await hub.sweep(Date.now() + 6 * 60_000)).toEqual([v.id]);
    expect((await hub.vehicle(v.id))!.status).toBe("offline");
    const delta = await hubSocket.next("delta", (d) => d.vehicles.some((x) => x.status === "offline"));
    expect(delta.counts).toMatchObject({ running: 0, offline: 1 });
    expect(await hub.flush()).toBe(2);
    const events = await db().select({ kind: vehicleEvents.kind }).from(vehicleEvents).where(and(eq(vehicleEvents.tenantId, t.tenantId), eq(vehicleEvents.vehicleId, v.id)));
    expect(events.map((e) => e.kind)).toEqual(["online", "offline"]);
    // flushing again writes nothing twice
    expect(await hub.flush()).toBe(0);
    hubSocket.ws!.close(1000);
  });
});
