/**
 * The Worker's side of the JT808 gateway (workers/telematics/gateway.ts, docs/jt808.md): the gateway's credential,
 * registration and authentication by the terminal's phone, its batches through the ingest into each tenant's hub,
 * blind-area points kept as history, and the commands it hands over with their states.
 */
import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { terminalCommands, vehicles } from "../../db/schema";
import { hubFor } from "../../workers/fleet-hub/client";
import { LOCAL_GATEWAY_SECRET } from "../../workers/telematics/gateway";
import { db, makeTenant, ORIGIN } from "./helpers";
import { makeVehicle } from "./telematics";

async function call(path: string, body: unknown, secret = LOCAL_GATEWAY_SECRET) {
  const res = await SELF.fetch(`${ORIGIN}/ingest/gateway/v1/${path}`, { method: "POST", headers: { "Content-Type": "application/json", Authorization: `Bearer ${secret}` }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

let phoneNo = 13_900_000_000 + Math.floor(Math.random() * 1_000_000) * 10;
async function jt808Vehicle(tenantId: number, opts: { state?: number } = {}) {
  const v = await makeVehicle(tenantId, opts);
  const phone = String(++phoneNo);
  await db().update(vehicles).set({ jt808Phone: phone }).where(eq(vehicles.id, v.id));
  return { ...v, phone };
}

let a: Awaited<ReturnType<typeof makeTenant>>;
let b: Awaited<ReturnType<typeof makeTenant>>;
beforeAll(async () => {
  a = await makeTenant();
  b = await makeTenant();
});

describe("the gateway's credential", () => {
  it("is required on every call, and a wrong one is refused like a missing one", async () => {
    for (const path of ["register", "authenticate", "batch", "commands", "commands/state"]) {
      const wrong = await call(path, {}, "not-the-secret");
      expect(wrong.status, path).toBe(401);
      expect(wrong.body.reason).toBe("bad_credentials");
    }
    const missing = await SELF.fetch(`${ORIGIN}/ingest/gateway/v1/batch`, { method: "POST", body: "{}" });
    expect(missing.status).toBe(401);
  });
});

describe("registration and authentication", () => {
  it("gives a registered phone one code, refuses unknown and stopped terminals, and authenticates by the code alone", async () => {
    const v = await jt808Vehicle(a.tenantId);
    // the 2019 edition's 20 digits name the same terminal as the 2013 edition's 12
    const first = await call("register", { phone: v.phone.padStart(20, "0") });
    expect(first.body).toMatchObject({ result: 0, authCode: expect.stringMatching(/^[0-9a-f]{24}$/) });
    expect((await call("register", { phone: v.phone })).body).toEqual({ code: 200, result: 3 });
    expect((await call("register", { phone: "10000000001" })).body).toEqual({ code: 200, result: 4 });
    expect((await call("register", { phone: "12ab" })).status).toBe(400);
    expect((await call("authenticate", { phone: v.phone.padStart(12, "0"), code: first.body.authCode })).body).toEqual({ code: 200, ok: true });
    expect((await call("authenticate", { phone: v.phone, code: "0".repeat(24) })).body).toMatchObject({ ok: false, reason: "bad_credentials" });
    expect((await call("authenticate", { phone: "10000000001", code: first.body.authCode })).body).toMatchObject({ ok: false, reason: "bad_credentials" });
    const [row] = await db().select({ hash: vehicles.jt808AuthHash }).from(vehicles).where(eq(vehicles.id, v.id));
    expect(row!.hash).not.toContain(first.body.authCode);

    const stopped = await jt808Vehicle(a.tenantId, { state: 0 });
    expect((await call("register", { phone: stopped.phone })).body.result).toBe(2);
  });

  it("gives the code once when the same terminal registers twenty times at once", async () => {
    const v = await jt808Vehicle(a.tenantId);
    const answers = await Promise.all(Array.from({ length: 20 }, () => call("register", { phone: v.phone })));
    expect(answers.filter((r) => r.body.result === 0)).toHaveLength(1);
    expect(answers.filter((r) => r.body.result === 3)).toHaveLength(19);
  });
});

describe("batches", () => {
  it("stores each report in its own tenant's hub, heartbeats included, and says what became of each", async () => {
    const va = await jt808Vehicle(a.tenantId);
    const vb = await jt808Vehicle(b.tenantId);
    const silent = await jt808Vehicle(b.tenantId);
    const now = Date.now();
    await call("batch", { reports: [{ phone: silent.phone, points: [{ t: now - 3 * 3_600_000, lng: 121.6, lat: 31.1 }] }] });
    const heardBefore = (await hubFor(env, b.tenantId).vehicle(silent.id))!.seen!;
    await new Promise((r) => setTimeout(r, 5));
    const { status, body } = await call("batch", {
      reports: [
        { phone: va.phone, points: [{ t: now - 2000, lng: 121.47, lat: 31.23, speed: 30, status: { acc: true } }, { t: now - 1000, lng: 121.48, lat: 31.23, speed: 31 }] },
        { phone: vb.phone.padStart(12, "0"), points: [{ t: now - 1000, lng: 116.4, lat: 39.9, speed: 0 }, { t: now, lng: 200, lat: 39.9 }] },
        { phone: silent.phone, points: [] },
        { phone: "10000000009", points: [{ t: now, lng: 121, lat: 31 }] },
      ],
    });
    expect(status).toBe(200);
    expect(body.results).toEqual([
      { accepted: 2, duplicates: 0, late: 0, rejected: [] },
      { accepted: 1, duplicates: 0, late: 0, rejected: [{ index: 1, reason: "lng_out_of_range", field: "lng", message: expect.any(String) }] },
      { accepted: 0, duplicates: 0, late: 0, rejected: [] },
      { accepted: 0, duplicates: 0, late: 0, rejected: [], refused: "unknown_terminal" },
    ]);
    expect(await hubFor(env, a.tenantId).vehicle(va.id)).toMatchObject({ lng: 121.48, lat: 31.23 });
    expect(await hubFor(env, b.tenantId).vehicle(vb.id)).toMatchObject({ lng: 116.4, lat: 39.9 });
    // the heartbeat marked the parked terminal as heard from, where it was
    const heard = await hubFor(env, b.tenantId).vehicle(silent.id);
    expect(heard).toMatchObject({ status: "stopped", lng: 121.6 });
    expect(heard!.seen).toBeGreaterThan(heardBefore);
    // a resend after a lost answer is acknowledged as duplicates, not stored twice
    const again = await call("batch", { reports: [{ phone: va.phone, points: [{ t: now - 2000, lng: 121.47, lat: 31.23 }] }] });
    expect(again.body.results[0]).toMatchObject({ accepted: 0, duplicates: 1 });
  });

  it("keeps a blind-area retransmission in history without moving the live position", async () => {
    const v = await jt808Vehicle(a.tenantId);
    const now = Date.now();
    await call("batch", { reports: [{ phone: v.phone, points: [{ t: now - 3_600_000, lng: 121.4, lat: 31.2 }] }] });
    const blind = await call("batch", { reports: [{ phone: v.phone, history: true, points: [{ t: now - 60_000, lng: 121.9, lat: 31.5 }, { t: now - 30_000, lng: 121.91, lat: 31.5 }] }] });
    expect(blind.body.results[0]).toMatchObject({ accepted: 2, late: 2 });
    expect(await hubFor(env, a.tenantId).vehicle(v.id)).toMatchObject({ lng: 121.4, lat: 31.2 });
    expect(await hubFor(env, a.tenantId).hotCount(v.id)).toBe(3);
  });

  it("refuses a batch over its point limit whole", async () => {
    const v = await jt808Vehicle(a.tenantId);
    const points = Array.from({ length: 2001 }, (_, i) => ({ t: Date.now() - i * 1000, lng: 121, lat: 31 }));
    expect((await call("batch", { reports: [{ phone: v.phone, points }] })).status).toBe(413);
  });
});

describe("commands", () => {
  it("lists pending commands by phone and since a cursor, and moves them only forwards for their own terminal", async () => {
    const v = await jt808Vehicle(a.tenantId);
    const other = await jt808Vehicle(b.tenantId);
    const http = await makeVehicle(a.tenantId);
    const rows = await db()
      .insert(terminalCommands)
      .values([
        { tenantId: a.tenantId, vehicleId: v.id, kind: "text", payload: { text: "请返回场站" } },
        { tenantId: a.tenantId, vehicleId: v.id, kind: "locate", payload: {}, expiresAt: Date.now() - 1000 },
        { tenantId: a.tenantId, vehicleId: http.id, kind: "text", payload: { text: "not a JT808 terminal" } },
        { tenantId: b.tenantId, vehicleId: other.id, kind: "ota", payload: { url: "https://x/fw.zip", version: "2" } },
      ])
      .returning({ id: terminalCommands.id });
    const [text, expired, , ota] = rows.map((r) => r.id);

    const mine = await call("commands", { phone: v.phone });
    expect(mine.body.commands).toEqual([{ id: text, kind: "text", payload: { text: "请返回场站" }, phone: v.phone }]);
    const since = await call("commands", { after: text! - 1 });
    expect(since.body.commands.map((c: { id: number }) => c.id)).toEqual([text, ota]);
    expect(since.body.cursor).toBe(ota);
    expect(since.body.commands.map((c: { id: number }) => c.id)).not.toContain(expired);

    // another terminal's phone cannot move this command; a state may not go backwards
    const updates = await call("commands/state", {
      updates: [
        { id: text, phone: other.phone, state: "sent", serial: 4 },
        { id: text, phone: v.phone, state: "sent", serial: 7 },
        { id: text, phone: v.phone, state: "done", result: "ok" },
        { id: text, phone: v.phone, state: "sent", serial: 8 },
        { id: ota, phone: other.phone, state: "sent", serial: 1 },
        { id: ota, phone: other.phone, state: "acked" },
        { id: ota, phone: other.phone, state: "bogus" },
      ],
    });
    expect(updates.body).toMatchObject({ updated: 4, stale: [0, 3], rejected: [{ index: 6, message: expect.any(String) }] });
    const after = await db().select().from(terminalCommands).where(eq(terminalCommands.vehicleId, v.id));
    expect(after.find((c) => c.id === text)).toMatchObject({ state: "done", serial: 7, result: "ok", sentAt: expect.any(Number), doneAt: expect.any(Number) });
    const [upgrading] = await db().select().from(terminalCommands).where(eq(terminalCommands.id, ota!));
    expect(upgrading).toMatchObject({ state: "sent", ackedAt: expect.any(Number) });
    expect((await call("commands", { phone: v.phone })).body.commands).toEqual([]);
  });
});
