// The terminal API as an attacker meets it: OsmAnd reaches only vehicles an administrator opened to it, an
// identifier names one vehicle across every tenant and both columns, and the answers do not tell which exist.
import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { vehicles } from "../../db/schema";
import { hubFor } from "../../workers/fleet-hub/client";
import { FACTORIES } from "./factories";
import { db, makeTenant, ORIGIN, postForm, signIn, unique } from "./helpers";
import { makeVehicle, report, terminalNo, terminalToken } from "./telematics";

async function adminOf() {
  const t = await makeTenant({ role: "admin" });
  const cookie = await signIn(t.account, t.password);
  return { ...t, cookie, post: (fields: Record<string, string>, path = "/deviceList") => postForm(path, fields, { Cookie: `${cookie}; derrick_lang=zh-CN` }) };
}
type Admin = Awaited<ReturnType<typeof adminOf>>;

const vehicleForm = (t: Admin, over: Record<string, string> = {}): Record<string, string> => ({ intent: "create", ...FACTORIES.vehicle!(t), ...over });
const byPlate = (plate: string) => env.DB.prepare("select * from vehicles where plate = ?").bind(plate).first<Record<string, any>>();
const provision = (cookie: string, terminals: unknown[]) =>
  SELF.fetch(`${ORIGIN}/api/device/provision`, { method: "POST", headers: { Cookie: cookie, Origin: ORIGIN, "Content-Type": "application/json" }, body: JSON.stringify({ terminals }) });
const identOf = async (id: number) => (await env.DB.prepare("select device_ident as d from vehicles where id = ?").bind(id).first<{ d: string }>())!.d;
const ident = () => unique("PH").toUpperCase().slice(0, 20);
const osmand = (query: string) => SELF.fetch(`${ORIGIN}/ingest/osmand?${query}`);
const now = () => Math.floor(Date.now() / 1000) - 5;

/** A vehicle opened to OsmAnd through the real form, as its administrator would do it. */
async function osmandVehicle(a: Admin, over: Record<string, string> = {}) {
  const fields = vehicleForm(a, { deviceIdent: ident(), osmandEnabled: "1", ...over });
  const res = await a.post(fields);
  expect(res.status, await res.clone().text().then((t) => t.slice(0, 300))).toBe(302);
  const row = (await byPlate(fields.plate!))!;
  return { id: row.id as number, deviceIdent: row.device_ident as string, terminalNo: row.terminal_no as string };
}

describe("OsmAnd reaches only the vehicles opened to it", () => {
  it("refuses the probe's attack: a terminal number (with a secret) through OsmAnd moves nothing", async () => {
    const t = await makeTenant();
    const v = await makeVehicle(t.tenantId, { deviceIdent: ident() });
    // even when someone set the flag on a terminal that has a secret, OsmAnd does not reach it
    await db().update(vehicles).set({ osmandEnabled: 1 }).where(eq(vehicles.id, v.id));
    await hubFor(env, t.tenantId).configChanged();
    const deviceIdent = await identOf(v.id);
    for (const id of [v.terminalNo, deviceIdent]) {
      const res = await osmand(`id=${id}&lat=39.9&lon=116.4&timestamp=${now()}&speed=100&alarm=sos`);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ reason: "unknown_device" });
    }
    expect(await hubFor(env, t.tenantId).hotCount(v.id)).toBe(0);
    expect((await hubFor(env, t.tenantId).vehicle(v.id))?.lat ?? null).toBeNull();
    await hubFor(env, t.tenantId).flush();
    expect(await env.DB.prepare("select count(*) as n from alarms where vehicle_id = ?").bind(v.id).first()).toEqual({ n: 0 });
  });

  it("refuses a vehicle its administrator did not open to OsmAnd, answering exactly as for an unknown id", async () => {
    const a = await adminOf();
    const fields = vehicleForm(a, { deviceIdent: ident() });
    expect((await a.post(fields)).status).toBe(302);
    const row = (await byPlate(fields.plate!))!;
    const closed = await osmand(`id=${row.device_ident}&lat=31.2&lon=121.4&timestamp=${now()}`);
    const unknown = await osmand(`id=NOSUCHDEVICE99&lat=31.2&lon=121.4&timestamp=${now()}`);
    expect(closed.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await closed.json()).toEqual(await unknown.json());
    expect(await hubFor(env, a.tenantId).hotCount(row.id)).toBe(0);
  });

  it("takes an opened vehicle by its device identifier (any case) and its key, never by its terminal number", async () => {
    const a = await adminOf();
    const v = await osmandVehicle(a, { osmandKey: "traccar-key-0001" });
    expect((await env.DB.prepare("select osmand_key_hash as h from vehicles where id = ?").bind(v.id).first<{ h: string }>())!.h).toMatch(/^[0-9a-f]{64}$/);
    const ts = now();
    expect((await osmand(`id=${v.deviceIdent}&lat=31.2&lon=121.4&timestamp=${ts}`)).status).toBe(401);
    expect((await osmand(`id=${v.deviceIdent}&key=wrong-key-00000&lat=31.2&lon=121.4&timestamp=${ts}`)).status).toBe(401);
    expect((await osmand(`id=${v.terminalNo}&key=traccar-key-0001&lat=31.2&lon=121.4&timestamp=${ts}`)).status).toBe(401);
    const ok = await osmand(`id=${v.deviceIdent.toLowerCase()}&key=traccar-key-0001&lat=31.2&lon=121.4&timestamp=${ts}`);
    expect(ok.status).toBe(200);
    // Traccar Client's JSON carries the key in the server URL's query
    const body = { device_id: v.deviceIdent, location: { timestamp: new Date(ts * 1000 + 5000).toISOString(), coords: { latitude: 31.3, longitude: 121.5 } } };
    const json = await SELF.fetch(`${ORIGIN}/ingest/osmand?key=traccar-key-0001`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    expect(await json.json()).toMatchObject({ accepted: 1 });
    expect(await hubFor(env, a.tenantId).vehicle(v.id)).toMatchObject({ lat: 31.3, lng: 121.5 });
  });

  it("refuses to open a terminal with a secret, or one without a device identifier, with the reason", async () => {
    const a = await adminOf();
    const withSecret = await a.post(vehicleForm(a, { deviceIdent: ident(), osmandEnabled: "1", terminalSecret: "a-terminal-secret-0001" }));
    expect(withSecret.status).toBe(409);
    expect(await withSecret.text()).toContain("已设终端密钥的终端不能开启OsmAnd接入");
    const noIdent = await a.post(vehicleForm(a, { osmandEnabled: "1" }));
    expect(await noIdent.text()).toContain("开启OsmAnd接入需要填写设备标识");
    const badKey = await a.post(vehicleForm(a, { deviceIdent: ident(), osmandEnabled: "1", osmandKey: "short" }));
    expect(badKey.status).toBe(400);
    expect(await badKey.text()).toContain("OsmAnd密钥须为8-64位字母、数字、_或-");
    // installing a secret later shuts OsmAnd for that vehicle
    const v = await osmandVehicle(a);
    await a.post({ intent: "uninstall", ids: String(v.id) });
    expect((await a.post({ intent: "install", ids: String(v.id), terminalNo: terminalNo(), terminalSecret: "now-with-a-secret-01" })).status).toBe(302);
    expect(await env.DB.prepare("select osmand_enabled as on_ from vehicles where id = ?").bind(v.id).first()).toEqual({ on_: 0 });
    expect((await osmand(`id=${v.deviceIdent}&lat=31.2&lon=121.4&timestamp=${now()}`)).status).toBe(401);
  });

  it("keeps Traccar Client's -1 speed and heading as unknown, and the query form's rpm", async () => {
    const a = await adminOf();
    const v = await osmandVehicle(a);
    const ts = Date.now() - 10_000;
    const body = { device_id: v.deviceIdent, location: { timestamp: new Date(ts).toISOString(), coords: { latitude: 31.2, longitude: 121.2, speed: -1, heading: -1, accuracy: 12, altitude: 4 }, battery: { level: 0.6 } } };
    const res = await SELF.fetch(`${ORIGIN}/ingest/osmand`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ accepted: 1 });
    expect(await hubFor(env, a.tenantId).vehicle(v.id)).toMatchObject({ lat: 31.2, lng: 121.2, speed: null, heading: null });
    const track = await hubFor(env, a.tenantId).track(a.tenantId, v.id, ts - 1, ts + 1);
    expect(track).toHaveLength(1);
    expect(track[0]).toMatchObject({ heading: null });

    expect((await osmand(`id=${v.deviceIdent}&lat=31.21&lon=121.21&timestamp=${Math.floor(ts / 1000) + 5}&speed=3&rpm=1450&hdop=0.9`)).status).toBe(200);
    expect(await hubFor(env, a.tenantId).vehicle(v.id)).toMatchObject({ lat: 31.21, rpm: 1450 });
  });
});

describe("an identifier names one vehicle across tenants and columns", () => {
  it("refuses another tenant's device identifier as a terminal number, through the form and the provision API", async () => {
    const a = await adminOf();
    const b = await adminOf();
    const victim = await osmandVehicle(a, { deviceIdent: `IM${terminalNo()}`.slice(0, 10) });
    expect(victim.deviceIdent).toHaveLength(10);
    const form = await b.post(vehicleForm(b, { terminalNo: victim.deviceIdent }));
    expect(form.status).toBe(409);
    const text = await form.text();
    expect(text).toContain("该终端号已被使用");
    expect(text).not.toContain(a.account);
    const api = await provision(b.cookie, [{ terminalNo: victim.deviceIdent.toLowerCase(), plate: unique("沪B"), secret: "provision-secret-0001" }]);
    const answer = (await api.json()) as { data: { created: number; rejected: { message: string }[] } };
    expect(answer.data.created).toBe(0);
    expect(answer.data.rejected[0]!.message).toBe("this terminal number is already in use");
    // A's phone still reports to A
    expect((await osmand(`id=${victim.deviceIdent}&lat=31.2&lon=121.4&timestamp=${now()}`)).status).toBe(200);
    expect(await hubFor(env, a.tenantId).hotCount(victim.id)).toBe(1);
  });

  it("refuses another tenant's terminal number as a device identifier, through the form and the provision API", async () => {
    const a = await adminOf();
    const b = await adminOf();
    const victim = await makeVehicle(a.tenantId);
    const form = await b.post(vehicleForm(b, { deviceIdent: victim.terminalNo }));
    expect(form.status).toBe(409);
    expect(await form.text()).toContain("该设备标识已被使用");
    const api = await provision(b.cookie, [{ terminalNo: terminalNo(), plate: unique("沪B"), secret: "provision-secret-0002", deviceIdent: victim.terminalNo }]);
    const answer = (await api.json()) as { data: { created: number; rejected: { message: string }[] } };
    expect(answer.data.rejected[0]!.message).toBe("this device identifier is already in use");
    // and A's terminal keeps reporting to A
    const { body } = await report(await terminalToken(victim), [{ seq: 1, t: Date.now() - 1000, lng: 121.4, lat: 31.2 }]);
    expect(body.accepted).toBe(1);
  });

  it("refuses the same identifier in one tenant's two vehicles too, and the database refuses it whatever the app does", async () => {
    const a = await adminOf();
    const first = await makeVehicle(a.tenantId);
    const res = await a.post(vehicleForm(a, { deviceIdent: first.terminalNo }));
    expect(await res.text()).toContain("该设备标识已被使用");
    const same = await a.post(vehicleForm(a, { terminalNo: "SAMEONE001", deviceIdent: "SAMEONE001" }));
    expect(await same.text()).toContain("设备标识不能与终端号相同");
    // the triggers of migration 0012, in both columns and both orders
    await expect(env.DB.prepare("insert into vehicles (tenant_id, plate, terminal_no, device_ident) values (?, ?, ?, ?)").bind(a.tenantId, unique("沪C"), terminalNo(), first.terminalNo).run()).rejects.toThrow(/identifier_in_use/);
    const other = await makeVehicle(a.tenantId, { deviceIdent: `DV${terminalNo()}` });
    const otherIdent = await identOf(other.id);
    await expect(env.DB.prepare("insert into vehicles (tenant_id, plate, terminal_no) values (?, ?, ?)").bind(a.tenantId, unique("沪C"), otherIdent).run()).rejects.toThrow(/identifier_in_use/);
    await expect(env.DB.prepare("update vehicles set terminal_no = ? where id = ?").bind(otherIdent, first.id).run()).rejects.toThrow(/identifier_in_use/);
  });
});

describe("the terminal API does not say which terminals exist", () => {
  it("refuses every point naming another terminal with one reason, whoever holds that number", async () => {
    const a = await makeTenant();
    const b = await makeTenant();
    const mine = await makeVehicle(a.tenantId);
    const sibling = await makeVehicle(a.tenantId);
    const foreign = await makeVehicle(b.tenantId);
    const at = Date.now() - 5000;
    const { body } = await report(await terminalToken(mine), [
      { seq: 1, t: at, lng: 121.4, lat: 31.2, terminal: mine.terminalNo },
      { seq: 2, t: at, lng: 121.4, lat: 31.2, terminal: foreign.terminalNo },
      { seq: 3, t: at, lng: 121.4, lat: 31.2, terminal: "NOSUCHTERM" },
      { seq: 4, t: at, lng: 121.4, lat: 31.2, terminal: sibling.terminalNo },
    ]);
    expect(body.accepted).toBe(1);
    expect(body.rejected).toEqual([2, 3, 4].map((n) => ({ index: n - 1, reason: "terminal_mismatch", field: "terminal", message: "a terminal may only report its own points" })));
    expect(await hubFor(env, b.tenantId).hotCount(foreign.id)).toBe(0);
  });
});
