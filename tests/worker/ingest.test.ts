import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { terminalCommands, vehicles } from "../../db/schema";
import { hubFor } from "../../workers/fleet-hub/client";
import { db, makeTenant, ORIGIN } from "./helpers";
import { ingestPost, makeVehicle, report, terminalToken } from "./telematics";

const point = (seq: number, ago = 60_000, extra: Record<string, unknown> = {}) => ({ seq, t: Date.now() - ago, lng: 121.47 + seq / 1000, lat: 31.23, speed: 30, ...extra });

describe("terminal authentication", () => {
  it("gives a token for the right secret and refuses the rest alike", async () => {
    const t = await makeTenant();
    const v = await makeVehicle(t.tenantId);
    const ok = await ingestPost("/ingest/v1/auth", { terminalNo: v.terminalNo, secret: v.secret });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ code: 200, expiresIn: 3600, token: expect.any(String) });
    const wrong = await ingestPost("/ingest/v1/auth", { terminalNo: v.terminalNo, secret: "nope" });
    const unknown = await ingestPost("/ingest/v1/auth", { terminalNo: "ZZZZZZZZZZ", secret: "nope" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
    expect((await (await ingestPost("/ingest/v1/auth", { secret: "x" })).json()) as object).toMatchObject({ reason: "missing_field" });
    expect((await (await ingestPost("/ingest/v1/auth", null, undefined, "{oops")).json()) as object).toMatchObject({ reason: "malformed_json" });
  });

  it("refuses a stopped vehicle's terminal, at sign-in and after", async () => {
    const t = await makeTenant();
    const v = await makeVehicle(t.tenantId);
    const token = await terminalToken(v);
    await db().update(vehicles).set({ state: 0 }).where(eq(vehicles.id, v.id));
    await hubFor(env, t.tenantId).configChanged();
    const auth = await ingestPost("/ingest/v1/auth", { terminalNo: v.terminalNo, secret: v.secret });
    expect(auth.status).toBe(403);
    expect(await auth.json()).toMatchObject({ reason: "terminal_disabled" });
    const posted = await report(token, [point(1)]);
    expect(posted.status).toBe(403);
    expect(posted.body.reason).toBe("terminal_disabled");
    expect(await hubFor(env, t.tenantId).hotCount(v.id)).toBe(0);
  });

  it("refuses a missing, forged or expired token", async () => {
    expect((await ingestPost("/ingest/v1/telemetry", { points: [] })).status).toBe(401);
    const forged = await ingestPost("/ingest/v1/telemetry", { points: [] }, "eyJhbGciOiJIUzI1NiJ9.eyJ0aWQiOjEsInZpZCI6MX0.bad");
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ reason: "bad_token" });
  });
});

describe("telemetry batches", () => {
  it("keeps every valid point of a batch and names the reason for each bad one", async () => {
    const t = await makeTenant();
    const v = await makeVehicle(t.tenantId);
    const token = await terminalToken(v);
    const { status, body } = await report(token, [
      point(1),
      { seq: 2, lng: 121, lat: 31 },
      point(3, 60_000, { lng: 200 }),
      point(4, 60_000, { lat: -91 }),
      point(5, -11 * 60_000),
      "not a point",
      point(7, 50_000),
      point(8, 60_000, { speed: "fast" }),
    ]);
    expect(status).toBe(200);
    expect(body.accepted).toBe(2);
    expect(body.rejected.map((r: { index: number; reason: string }) => `${r.index}:${r.reason}`)).toEqual([
      "1:missing_field",
      "2:lng_out_of_range",
      "3:lat_out_of_range",
      "4:time_in_future",
      "5:not_an_object",
      "7:invalid_field",
    ]);
    expect(body.rejected[0].message).toMatch(/t \(time\) is required/);
    expect(await hubFor(env, t.tenantId).hotCount(v.id)).toBe(2);
  });

  it("refuses malformed JSON, a body without points and oversize batches", async () => {
    const t = await makeTenant();
    const token = await terminalToken(await makeVehicle(t.tenantId));
    const malformed = await ingestPost("/ingest/v1/telemetry", null, token, '{"points": [');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ reason: "malformed_json" });
    expect((await ingestPost("/ingest/v1/telemetry", { pts: [] }, token)).status).toBe(400);
    const many = await report(token, Array.from({ length: 501 }, (_, i) => point(i)));
    expect(many.status).toBe(413);
    expect(many.body.reason).toBe("batch_too_large");
    const heavy = await ingestPost("/ingest/v1/telemetry", null, token, JSON.stringify({ points: [point(1, 60_000, { pad: "x".repeat(1024 * 1024) })] }));
    expect(heavy.status).toBe(413);
  });

  it("acknowledges duplicates without storing them twice", async () => {
    const t = await makeTenant();
    const v = await makeVehicle(t.tenantId);
    const token = await terminalToken(v);
    const first = await report(token, [point(1), point(2)]);
    expect(first.body).toMatchObject({ accepted: 2, duplicates: [] });
    const again = await report(token, [point(2), point(3)]);
    expect(again.body).toMatchObject({ accepted: 1, duplicates: [0] });
    expect(await hubFor(env, t.tenantId).hotCount(v.id)).toBe(3);

    // a longer batch (the hub stores it in several statements): stored ones far into it, a sequence number twice in
    // the batch itself, and points keyed by time (no seq) among them, one of them twice
    const at = Date.now() - 50_000;
    const mixed = [
      ...Array.from({ length: 30 }, (_, i) => point(10 + i, 55_000 - i * 100)),
      point(3),
      point(25, 30_000),
      { t: at, lng: 121.6, lat: 31.3, speed: 5 },
      { t: at, lng: 121.6, lat: 31.3, speed: 5 },
      { t: at + 1000, lng: 121.61, lat: 31.3, speed: 5 },
    ];
    const answer = await report(token, mixed);
    expect(answer.body).toMatchObject({ accepted: 32, duplicates: [30, 31, 33] });
    expect(await hubFor(env, t.tenantId).hotCount(v.id)).toBe(35);
  });

  it("files late points in history without moving the live position back", async () => {
    const t = await makeTenant();
    const v = await makeVehicle(t.tenantId);
    const token = await terminalToken(v);
    const now = Date.now();
    await report(token, [{ seq: 10, t: now - 10_000, lng: 121.5, lat: 31.2, speed: 40 }]);
    const late = await report(token, [{ seq: 9, t: now - 20_000, lng: 121.4, lat: 31.1, speed: 10 }]);
    expect(late.body).toMatchObject({ accepted: 1, late: 1 });
    const live = await hubFor(env, t.tenantId).vehicle(v.id);
    expect(live).toMatchObject({ lng: 121.5, lat: 31.2, speed: 40, t: now - 10_000, status: "running" });
    const track = await hubFor(env, t.tenantId).track(t.tenantId, v.id, now - 60_000, now);
    expect(track.map((p) => p.lng)).toEqual([121.4, 121.5]);
  });

  it("hands pending commands to the terminal and records their results", async () => {
    const t = await makeTenant();
    const v = await makeVehicle(t.tenantId);
    const other = await makeVehicle(t.tenantId);
    const token = await terminalToken(v);
    const [cmd] = await db().insert(terminalCommands).values({ tenantId: t.tenantId, vehicleId: v.id, kind: "lock", payload: { level: 1 } }).returning({ id: terminalCommands.id });
    await hubFor(env, t.tenantId).commandsQueued([v.id]);
    const { body } = await report(token, [point(1)]);
    expect(body.commands).toEqual([{ id: cmd!.id, kind: "lock", payload: { level: 1 } }]);
    expect((await db().select().from(terminalCommands).where(eq(terminalCommands.id, cmd!.id)))[0]).toMatchObject({ state: "sent" });
    // handed over once
    expect((await report(token, [point(2)])).body.commands).toEqual([]);
    // another terminal cannot answer for it
    const otherAnswer = await ingestPost("/ingest/v1/commands/result", { results: [{ id: cmd!.id, ok: true }] }, await terminalToken(other));
    expect(await otherAnswer.json()).toMatchObject({ updated: 0, rejected: [{ index: 0, reason: "invalid_field" }] });
    const answer = await ingestPost("/ingest/v1/commands/result", { results: [{ id: cmd!.id, ok: true, result: "locked" }, { ok: true }] }, token);
    expect(await answer.json()).toMatchObject({ updated: 1, rejected: [{ index: 1, reason: "missing_field", field: "id" }] });
    expect((await db().select().from(terminalCommands).where(eq(terminalCommands.id, cmd!.id)))[0]).toMatchObject({ state: "done", result: "locked" });
    const beat = await ingestPost("/ingest/v1/heartbeat", {}, token);
    expect(await beat.json()).toEqual({ code: 200, commands: [] });
  });

  it("never hands over a command past its expiry", async () => {
    const t = await makeTenant();
    const v = await makeVehicle(t.tenantId);
    const token = await terminalToken(v);
    await db().insert(terminalCommands).values({ tenantId: t.tenantId, vehicleId: v.id, kind: "lock", payload: { operation: "lock1" }, expiresAt: Date.now() - 1000 });
    await hubFor(env, t.tenantId).commandsQueued([v.id]);
    expect((await report(token, [point(1)])).body.commands).toEqual([]);
    expect((await db().select().from(terminalCommands).where(eq(terminalCommands.vehicleId, v.id)))[0]).toMatchObject({ state: "pending" });
  });

  it("answers unknown paths and wrong methods clearly", async () => {
    expect((await SELF.fetch(`${ORIGIN}/ingest/v1/telemetry`)).status).toBe(405);
    const missing = await SELF.fetch(`${ORIGIN}/ingest/v2/anything`, { method: "POST" });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ reason: "not_found" });
  });
});

describe("OsmAnd (Traccar Client)", () => {
  /** a vehicle without a terminal secret, opened to OsmAnd by its device identifier */
  async function osmandVehicle(tenantId: number, opts: { state?: number } = {}) {
    const imei = `86${String(Date.now()).slice(-13)}`;
    const v = await makeVehicle(tenantId, { deviceIdent: imei, state: opts.state });
    await env.DB.prepare("update vehicles set terminal_secret_hash = null, osmand_enabled = 1 where id = ?").bind(v.id).run();
    await hubFor(env, tenantId).configChanged();
    return { ...v, imei };
  }

  it("takes a GET as Traccar Client sends it, by the device identifier", async () => {
    const t = await makeTenant();
    const v = await osmandVehicle(t.tenantId);
    const ts = Math.floor(Date.now() / 1000) - 30;
    const res = await SELF.fetch(`${ORIGIN}/ingest/osmand?id=${v.imei}&timestamp=${ts}&lat=31.2304&lon=121.4737&speed=5.4&bearing=270&altitude=4.0&accuracy=10.0&batt=76.0`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ accepted: 1, duplicate: false });
    expect(await hubFor(env, t.tenantId).vehicle(v.id)).toMatchObject({ lat: 31.2304, lng: 121.4737, heading: 270, t: ts * 1000, speed: 10 });
    // the same time again is a duplicate, acknowledged
    const again = await SELF.fetch(`${ORIGIN}/ingest/osmand?deviceid=${v.imei}&timestamp=${ts}&lat=31.2304&lon=121.4737`);
    expect(await again.json()).toMatchObject({ accepted: 0, duplicate: true });
  });

  it("takes a form POST and the JSON body", async () => {
    const t = await makeTenant();
    const v = await osmandVehicle(t.tenantId);
    const ts = Date.now() - 20_000;
    const form = await SELF.fetch(`${ORIGIN}/ingest/osmand`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: `id=${v.imei}&timestamp=${ts}&lat=31.1&lon=121.1&speed=0` });
    expect(await form.json()).toMatchObject({ accepted: 1 });
    const body = { device_id: v.imei, location: { timestamp: new Date(ts + 5000).toISOString(), coords: { latitude: 31.2, longitude: 121.2, speed: 5, heading: 10, altitude: 1, accuracy: 3 }, battery: { level: 0.8 } } };
    const json = await SELF.fetch(`${ORIGIN}/ingest/osmand`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    expect(await json.json()).toMatchObject({ accepted: 1 });
    expect(await hubFor(env, t.tenantId).vehicle(v.id)).toMatchObject({ lat: 31.2, lng: 121.2, status: "running" });
  });

  it("refuses an unknown id, a stopped vehicle and bad fields with the reason", async () => {
    const t = await makeTenant();
    const stopped = await osmandVehicle(t.tenantId, { state: 0 });
    const unknown = await SELF.fetch(`${ORIGIN}/ingest/osmand?id=NOBODY&lat=1&lon=2`);
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toMatchObject({ reason: "unknown_device" });
    const off = await SELF.fetch(`${ORIGIN}/ingest/osmand?id=${stopped.imei}&lat=1&lon=2`);
    expect(off.status).toBe(403);
    const bad = await SELF.fetch(`${ORIGIN}/ingest/osmand?id=${stopped.imei}&lat=95&lon=2`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ reason: "lat_out_of_range" });
    expect((await SELF.fetch(`${ORIGIN}/ingest/osmand?lat=1&lon=2`)).status).toBe(400);
  });
});

