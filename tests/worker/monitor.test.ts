import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { hubFor } from "../../workers/fleet-hub/client";
import { get, makeTenant, ORIGIN, signIn, unique } from "./helpers";
import { makeVehicle, report, terminalToken } from "./telematics";

const PATH = "/equipmentMonitor";
const CENTRE = { lng: 121.4737, lat: 31.2304 };

/** The route's action as the screen's fetcher calls it (single fetch: `.data`), answered as turbo-stream text. */
async function area(cookie: string, fields: Record<string, string | number>) {
  const res = await SELF.fetch(`${ORIGIN}${PATH}.data`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: ORIGIN, Host: "localhost", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(Object.entries({ intent: "area", ...fields }).map(([k, v]) => [k, String(v)])),
  });
  expect(res.status).toBe(200);
  return res.text();
}

async function reportAt(v: { terminalNo: string; secret: string }, t: number, lng = CENTRE.lng, lat = CENTRE.lat) {
  const answer = await report(await terminalToken(v), [{ seq: 1, t, lng, lat, speed: 30, heading: 90 }]);
  expect(answer.body.accepted).toBe(1);
}

describe("/equipmentMonitor", () => {
  it("lists the tenant's vehicles in the tree and never another tenant's", async () => {
    const a = await makeTenant();
    const b = await makeTenant();
    const mine = await makeVehicle(a.tenantId, { orgId: a.rootOrgId, plate: unique("沪M") });
    const theirs = await makeVehicle(b.tenantId, { orgId: b.rootOrgId, plate: unique("沪X") });
    const cookie = await signIn(a.account, a.password);
    const html = await (await get(PATH, cookie)).text();
    expect(html).toContain('data-testid="vehicle-tree"');
    expect(html).toContain((await env.DB.prepare("select plate from vehicles where id = ?").bind(mine.id).first<{ plate: string }>())!.plate);
    const theirPlate = (await env.DB.prepare("select plate from vehicles where id = ?").bind(theirs.id).first<{ plate: string }>())!.plate;
    expect(html).not.toContain(theirPlate);
    // the info panel's record: another tenant's vehicle is not found
    expect((await get(`/api/monitor/vehicle?id=${theirs.id}`, cookie)).status).toBe(404);
    expect((await get(`/api/monitor/vehicle?id=${mine.id}`, cookie)).status).toBe(200);
    // after a report, the panel's record carries the telemetry a map watch leaves out
    const t0 = Date.now() - 5000;
    expect((await report(await terminalToken(mine), [{ seq: 1, t: t0, lng: 121.47, lat: 31.23, speed: 12, mileage: 4321.5, rpm: 900, battery: 27.6 }])).body.accepted).toBe(1);
    const detail = (await (await get(`/api/monitor/vehicle?id=${mine.id}`, cookie)).json()) as { data: Record<string, unknown> };
    expect(detail.data).toMatchObject({ id: mine.id, mileage: 4321.5, rpm: 900, battery: 27.6, speed: 12 });
  });

  it("shows a user limited to an organisation only that organisation's vehicles", async () => {
    const t = await makeTenant();
    const branch = await env.DB.prepare("insert into organisations (tenant_id, parent_id, name, sort, version, created_at, updated_at) values (?, ?, ?, 1, 1, ?, ?) returning id")
      .bind(t.tenantId, t.rootOrgId, unique("分部"), Date.now(), Date.now())
      .first<{ id: number }>();
    const inBranch = await makeVehicle(t.tenantId, { orgId: branch!.id, plate: unique("沪B") });
    const atRoot = await makeVehicle(t.tenantId, { orgId: t.rootOrgId, plate: unique("沪R") });
    await env.DB.prepare("update users set org_id = ? where id = ?").bind(branch!.id, t.userId).run();
    const cookie = await signIn(t.account, t.password);
    const plate = async (id: number) => (await env.DB.prepare("select plate from vehicles where id = ?").bind(id).first<{ plate: string }>())!.plate;
    const html = await (await get(PATH, cookie)).text();
    expect(html).toContain(await plate(inBranch.id));
    expect(html).not.toContain(await plate(atRoot.id));
    expect((await get(`/api/monitor/vehicle?id=${atRoot.id}`, cookie)).status).toBe(404);

    // the area search sees only the branch's vehicle, though both were in the circle
    const now = Date.now();
    await reportAt(inBranch, now - 60_000);
    await reportAt(atRoot, now - 60_000);
    const found = await area(cookie, { ...CENTRE, radius: 500, from: now - 3600_000, to: now });
    expect(found).toContain(await plate(inBranch.id));
    expect(found).not.toContain(await plate(atRoot.id));
  });

  it("refuses a radius over 10000 m and a range over 7 days, with the message key the screen translates", async () => {
    const t = await makeTenant();
    const cookie = await signIn(t.account, t.password);
    const now = Date.now();
    const wide = await area(cookie, { ...CENTRE, radius: 10001, from: now - 3600_000, to: now });
    expect(wide).toContain("area.errors.radius");
    const long = await area(cookie, { ...CENTRE, radius: 1000, from: now - 8 * 86_400_000, to: now });
    expect(long).toContain("area.errors.range");
    const backwards = await area(cookie, { ...CENTRE, radius: 1000, from: now, to: now - 3600_000 });
    expect(backwards).toContain("area.errors.order");
    // and the hub agrees on its own (a caller that skipped the screen's check)
    expect((await hubFor(env, t.tenantId).area(t.tenantId, { vehicleIds: null, ...CENTRE, radiusM: 20_000, from: now - 1000, to: now })).error).toMatch(/radius/);
  });

  it("finds the tenant's vehicles that were inside the circle, with first and last time, and none of another tenant's", async () => {
    const a = await makeTenant();
    const b = await makeTenant();
    const inside = await makeVehicle(a.tenantId, { orgId: a.rootOrgId, plate: unique("沪I") });
    const outside = await makeVehicle(a.tenantId, { orgId: a.rootOrgId, plate: unique("沪O") });
    const foreign = await makeVehicle(b.tenantId, { orgId: b.rootOrgId, plate: unique("沪F") });
    const now = Date.now();
    await reportAt(inside, now - 120_000);
    await reportAt(outside, now - 120_000, CENTRE.lng + 0.5, CENTRE.lat);
    await reportAt(foreign, now - 120_000);
    const cookie = await signIn(a.account, a.password);
    const plate = async (id: number) => (await env.DB.prepare("select plate from vehicles where id = ?").bind(id).first<{ plate: string }>())!.plate;
    const text = await area(cookie, { ...CENTRE, radius: 1000, from: now - 3600_000, to: now });
    expect(text).toContain(await plate(inside.id));
    expect(text).not.toContain(await plate(outside.id));
    expect(text).not.toContain(await plate(foreign.id));
  });

  it("needs the screen: a viewer without it is refused", async () => {
    const t = await makeTenant({ role: "viewer" });
    const cookie = await signIn(t.account, t.password);
    expect((await get(PATH, cookie)).status).toBe(403);
    expect((await get("/api/monitor/vehicle?id=1", cookie)).status).toBe(403);
  });
});
