// The big screens and their links on real D1 and the real FleetHub (issue 41): the wall's figures from a small made-up
// fleet checked as literals worked out by hand; a customer's screen link shows that customer's machines on rent today
// and nothing else, on the page and on the hub; a revoked, forged or unknown link is refused on both and an open screen
// is closed; the links' form refuses what it must (another tenant's customer, a user without the permission, a sixth
// link raced twenty times at once); staff reach the screens by the menu, within their data scope.
import { eq } from "drizzle-orm";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { alarms, screenLinks } from "../../db/schema";
import { todayInZone } from "../../app/lib/tenant-clock";
import { addDays } from "../../app/lib/calendar";
import { customerFigures, wallFigures } from "../../app/modules/wall/wall.server";
import { hubFor } from "../../workers/fleet-hub/client";
import { CLOSE_FORBIDDEN } from "../../workers/fleet-hub/protocol";
import { db, get, insertDaily, makeTenant, postForm, signIn, unique } from "./helpers";
import { makeContract, makeDepartment } from "./rent-fixtures";
import { makeVehicle, openHub } from "./telematics";

const H = 3600;
const ZONE = "Asia/Shanghai";
const today = todayInZone(ZONE);

let w: {
  tenantId: number;
  admin: string;
  ids: Record<"a" | "b" | "c" | "d", number>;
  plates: Record<"a" | "b" | "c" | "d" | "x", string>;
  customerX: number;
  customerY: number;
  other: { tenantId: number; admin: string; customer: number };
};

beforeAll(async () => {
  const t = await makeTenant({ role: "admin" });
  const east = await makeDepartment(t.tenantId, t.rootOrgId);
  const plates = { a: unique("沪A"), b: unique("沪B"), c: unique("沪C"), d: unique("沪D"), x: unique("沪X") };
  const a = await makeVehicle(t.tenantId, { orgId: east, plate: plates.a });
  const b = await makeVehicle(t.tenantId, { orgId: east, plate: plates.b });
  const c = await makeVehicle(t.tenantId, { orgId: t.rootOrgId, plate: plates.c });
  const d = await makeVehicle(t.tenantId, { orgId: t.rootOrgId, plate: plates.d });
  await env.DB.prepare("update vehicles set manufacture_date = ? where id = ?").bind(addDays(today, -365), a.id).run();
  await env.DB.prepare("update vehicles set manufacture_date = ? where id = ?").bind(addDays(today, -5 * 365), b.id).run();
  await env.DB.prepare("update vehicles set manufacture_date = ? where id = ?").bind(addDays(today, -8 * 365), c.id).run();
  // customer X rents A (open-ended) and had C until ten days ago; customer Y rents B
  const x = await makeContract(t.tenantId, { customer: unique("客户X"), lines: [{ vehicleId: a.id, from: addDays(today, -40) }, { vehicleId: c.id, from: addDays(today, -40), to: addDays(today, -10) }] });
  const y = await makeContract(t.tenantId, { customer: unique("客户Y"), lines: [{ vehicleId: b.id, from: addDays(today, -3) }] });
  await insertDaily([
    // today: A 6 h and 40 km, B 2.5 h and 10 km, D online without engine time
    { tenantId: t.tenantId, vehicleId: a.id, day: today, engineSeconds: 6 * H, mileageKm: 40, fuelUsedL: 20 },
    { tenantId: t.tenantId, vehicleId: b.id, day: today, engineSeconds: 2.5 * H, mileageKm: 10, fuelUsedL: 5 },
    { tenantId: t.tenantId, vehicleId: d.id, day: today, engineSeconds: 0, mileageKm: 0, fuelUsedL: 0 },
    // yesterday: A 8 h; nine days ago (the trend's first day): C 3 h; ten days ago (outside it): A 99 h
    { tenantId: t.tenantId, vehicleId: a.id, day: addDays(today, -1), engineSeconds: 8 * H, mileageKm: 60, fuelUsedL: 30 },
    { tenantId: t.tenantId, vehicleId: c.id, day: addDays(today, -9), engineSeconds: 3 * H, mileageKm: 5, fuelUsedL: 2 },
    { tenantId: t.tenantId, vehicleId: a.id, day: addDays(today, -10), engineSeconds: 99 * H, mileageKm: 999, fuelUsedL: 99 },
  ]);
  const now = Date.now();
  const alarm = (vehicleId: number, kind: string, at: number) => ({ tenantId: t.tenantId, vehicleId, hubKey: unique("k"), kind, at });
  await db()
    .insert(alarms)
    .values([alarm(a.id, "overspeed", now - H * 1000), alarm(a.id, "overspeed", now - 2 * H * 1000), alarm(b.id, "idle", now - 3 * H * 1000), alarm(a.id, "fault", now - 25 * H * 1000)]);
  const o = await makeTenant({ role: "admin" });
  const other = await makeContract(o.tenantId, { customer: unique("别家客户"), lines: [{ vehicleId: (await makeVehicle(o.tenantId, { plate: plates.x })).id, from: addDays(today, -5) }] });
  w = {
    tenantId: t.tenantId,
    admin: await signIn(t.account, t.password),
    ids: { a: a.id, b: b.id, c: c.id, d: d.id },
    plates,
    customerX: x.customerId,
    customerY: y.customerId,
    other: { tenantId: o.tenantId, admin: await signIn(o.account, o.password), customer: other.customerId },
  };
});

/** Makes a screen link through the form as the administrator does; the address's token, or the refused page. */
async function createLink(cookie: string, fields: Record<string, string>) {
  const res = await postForm("/tenantConfig/screenLinks", { intent: "create", name: unique("大屏"), ...fields }, { Cookie: cookie });
  const html = await res.text();
  return { status: res.status, html, token: /\/screen\/([A-Za-z0-9_-]{43})/.exec(html)?.[1] ?? null };
}

describe("the wall's figures", () => {
  it("counts today's roll-ups, the sites at work, the last 24 hours' alarms by kind and the last ten days, for the whole tenant", async () => {
    const f = await wallFigures(db(), { tenantId: w.tenantId, timeZone: ZONE, vehicleIds: "all" });
    expect(f.vehicles.map((v) => v[1]).sort()).toEqual([w.plates.a, w.plates.b, w.plates.c, w.plates.d].sort());
    // 6 + 2.5 h; 40 + 10 km; A and B ran (D reported without engine time)
    expect(f.todayFigures).toEqual({ engineHours: 8.5, km: 50, working: 2 });
    // X's contract (A on rent) and Y's (B): C's line ended ten days ago
    expect(f.sites).toBe(2);
    // two overspeeds and an idle within 24 h; the fault of 25 h ago is not counted
    expect(f.alarms).toEqual({ total: 3, kinds: [{ kind: "overspeed", count: 2 }, { kind: "idle", count: 1 }] });
    // A one year old, B five, C eight, D without a date
    expect(f.ages).toEqual({ under3: 1, from3to6: 1, over6: 1, unknown: 1 });
    expect(f.trend).toHaveLength(10);
    expect(f.trend[0]).toEqual({ day: addDays(today, -9), engineHours: 3, km: 5, working: 1 });
    expect(f.trend[8]).toEqual({ day: addDays(today, -1), engineHours: 8, km: 60, working: 1 });
    expect(f.trend[9]).toEqual({ day: today, engineHours: 8.5, km: 50, working: 2 });
    expect(f.trend.slice(1, 8).every((d) => d.engineHours === 0)).toBe(true);
  });

  it("keeps to a set of machines: the same figures of A alone", async () => {
    const f = await wallFigures(db(), { tenantId: w.tenantId, timeZone: ZONE, vehicleIds: new Set([w.ids.a]) });
    expect(f.vehicles.map((v) => v[0])).toEqual([w.ids.a]);
    expect(f.todayFigures).toEqual({ engineHours: 6, km: 40, working: 1 });
    expect(f.sites).toBe(1);
    expect(f.alarms).toEqual({ total: 2, kinds: [{ kind: "overspeed", count: 2 }] });
    expect(f.trend[8]!.engineHours).toBe(8);
    expect(f.trend[0]!.engineHours).toBe(0);
  });

  it("gives a customer their machines on rent today with this month's hours and days on site", async () => {
    const f = await customerFigures(db(), { tenantId: w.tenantId, timeZone: ZONE, vehicleIds: new Set([w.ids.a]) }, w.customerX);
    const monthStart = `${today.slice(0, 7)}-01`;
    // A's hours this month: today's 6 h, yesterday's 8 h when yesterday is in this month, and the 99 h of ten days ago when that is
    const expected = 6 + (addDays(today, -1) >= monthStart ? 8 : 0) + (addDays(today, -10) >= monthStart ? 99 : 0);
    expect(f!.machines).toHaveLength(1);
    expect(f!.machines[0]).toMatchObject({ vehicleId: w.ids.a, plate: w.plates.a, hoursMonth: expected });
    // on rent 40 days ago: on site every day of this month so far
    expect(f!.machines[0]!.daysMonth).toBe(Number(today.slice(8)));
    expect(f!.statement).toBeNull();
    expect(f!.owedCents).toBe(0);
    expect(await customerFigures(db(), { tenantId: w.tenantId, timeZone: ZONE, vehicleIds: "all" }, w.other.customer)).toBeNull();
  });
});

describe("a customer's screen link", () => {
  it("shows only that customer's machines on rent, on the page and on the hub, and goes dark when revoked", async () => {
    const { token } = await createLink(w.admin, { screen: "/customerScreen", scopeKind: "customer", customerId: String(w.customerX) });
    expect(token).not.toBeNull();
    const page = await get(`/screen/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toContain("no-store");
    expect(page.headers.get("Referrer-Policy")).toBe("no-referrer");
    const html = await page.text();
    expect(html).toContain(w.plates.a);
    for (const p of [w.plates.b, w.plates.c, w.plates.d, w.plates.x]) expect(html).not.toContain(p);

    const hub = await openHub(null, `?link=${token}`);
    expect(hub.res.status).toBe(101);
    expect(await hub.next("hello")).toEqual({ type: "hello", tenantId: w.tenantId, userId: 0 });
    hub.send({ type: "watch", vehicles: "all", counts: true });
    const snap = await hub.next("snapshot");
    expect(snap.vehicles.map((v) => v.id)).toEqual([w.ids.a]);
    expect(snap.counts!.total).toBe(1);
    // naming another customer's machine shows nothing of it
    hub.send({ type: "watch", vehicles: [w.ids.b, w.ids.c] });
    expect((await hub.next("snapshot")).vehicles).toEqual([]);

    const closed = new Promise<number>((resolve) => hub.ws!.addEventListener("close", (e) => resolve(e.code)));
    const [row] = await db().select({ id: screenLinks.id }).from(screenLinks).where(eq(screenLinks.tenantId, w.tenantId)).orderBy(screenLinks.id);
    const revoked = await postForm("/tenantConfig/screenLinks", { intent: "revoke", id: String(row!.id) }, { Cookie: w.admin });
    expect(revoked.status).toBe(302);
    expect(await closed).toBe(CLOSE_FORBIDDEN);
    expect((await get(`/screen/${token}`)).status).toBe(404);
    const again = await openHub(null, `?link=${token}`);
    expect(again.res.status).toBe(404);
    expect(again.ws).toBeNull();
  });

  it("closes a revoked link's screen on the hub's own look at its links, without the revoke reaching it", async () => {
    const { token } = await createLink(w.admin, { screen: "/homeworkScreen", scopeKind: "org", orgId: String(await rootOrg()) });
    const hub = await openHub(null, `?link=${token}`);
    expect(hub.res.status).toBe(101);
    await hub.next("hello");
    hub.send({ type: "watch", vehicles: "all", counts: true });
    expect((await hub.next("snapshot")).vehicles.map((v) => v.id).sort((p, q) => p - q)).toEqual([w.ids.a, w.ids.b, w.ids.c, w.ids.d].sort((p, q) => p - q));
    const closed = new Promise<number>((resolve) => hub.ws!.addEventListener("close", (e) => resolve(e.code)));
    // revoked in the database only (a revoke whose call to the hub failed): the hub's minute check finds it
    await env.DB.prepare("update screen_links set revoked_at = ? where tenant_id = ? and revoked_at is null").bind(Date.now(), w.tenantId).run();
    expect(await hubFor(env, w.tenantId).revokeLinks()).toBe(1);
    expect(await closed).toBe(CLOSE_FORBIDDEN);
  });

  it("refuses forged and unknown tokens on the page and the hub", async () => {
    for (const token of ["x".repeat(43), "short", `${"A".repeat(42)}%`, "' or 1=1 --"]) {
      expect((await get(`/screen/${encodeURIComponent(token)}`)).status).toBe(404);
      const hub = await openHub(null, `?link=${encodeURIComponent(token)}`);
      expect(hub.res.status).toBe(404);
    }
  });
});

describe("the screen links' form", () => {
  it("refuses another tenant's customer, an unknown plate, and a user without the permission", async () => {
    const foreign = await createLink(w.admin, { screen: "/customerScreen", scopeKind: "customer", customerId: String(w.other.customer) });
    expect(foreign.status).toBe(400);
    expect(foreign.token).toBeNull();
    expect(foreign.html).toContain("请选择客户");
    const plates = await createLink(w.admin, { screen: "/homeworkScreen", scopeKind: "vehicles", plates: `${w.plates.a}\n${w.plates.x}` });
    expect(plates.status).toBe(400);
    expect(plates.html).toContain(w.plates.x);
    // the customer scope is not a scope of the operations screen
    expect((await createLink(w.admin, { screen: "/homeworkScreen", scopeKind: "customer", customerId: String(w.customerX) })).status).toBe(400);
    // another tenant's administrator cannot revoke this tenant's link
    const mine = await createLink(w.admin, { screen: "/homeworkScreen", scopeKind: "vehicles", plates: w.plates.d });
    const ids = (await db().select({ id: screenLinks.id }).from(screenLinks).where(eq(screenLinks.tenantId, w.tenantId))).map((r) => r.id);
    expect((await postForm("/tenantConfig/screenLinks", { intent: "revoke", id: String(Math.max(...ids)) }, { Cookie: w.other.admin })).status).toBe(404);
    expect((await get(`/screen/${mine.token}`)).status).toBe(200);
    // the read-only user may not make links
    const viewer = await makeTenant({ role: "viewer" });
    const cookie = await signIn(viewer.account, viewer.password);
    expect((await postForm("/tenantConfig/screenLinks", { intent: "create", name: "x", screen: "/homeworkScreen", scopeKind: "org", orgId: String(viewer.rootOrgId) }, { Cookie: cookie })).status).toBe(403);
  });

  it("makes at most five live links for one screen and scope, however many saves race", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => createLink(w.admin, { screen: "/customerScreen", scopeKind: "customer", customerId: String(w.customerY) })));
    expect(answers.filter((a) => a.token !== null)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(15);
    const [n] = await env.DB.prepare("select count(*) as n from screen_links where tenant_id = ? and customer_id = ? and revoked_at is null").bind(w.tenantId, w.customerY).raw();
    expect(n![0]).toBe(5);
  });
});

describe("the screens through the menu", () => {
  it("shows the operations screen and a chosen customer's screen to staff, and nothing of another tenant's customer", async () => {
    const hw = await get("/homeworkScreen", w.admin);
    expect(hw.status).toBe(200);
    expect(await hw.text()).toContain(w.plates.d);
    const mine = await (await get(`/customerScreen?customer=${w.customerX}`, w.admin)).text();
    expect(mine).toContain(w.plates.a);
    expect(mine).not.toContain(w.plates.b);
    const foreign = await (await get(`/customerScreen?customer=${w.other.customer}`, w.admin)).text();
    expect(foreign).not.toContain(w.plates.x);
    expect(foreign).toContain("请选择要查看的客户");
    expect((await get("/homeworkScreen")).headers.get("Location")).toContain("/login?l=t");
  });
});

async function rootOrg(): Promise<number> {
  const row = await env.DB.prepare("select id from organisations where tenant_id = ? and parent_id is null").bind(w.tenantId).first<{ id: number }>();
  return row!.id;
}
