// The terminals' health on real D1, a real hub and R2 (issue 43): machines in two departments heard at chosen times
// (online classes at their edges), machines on rent and in the yard (the workbench's 在租失联), health tests graded
// from crafted roll-ups and live states (each grade), an alarm handled only with a description, a retest keeping
// both results, the status report from the roll-ups, and the area search over hot and archived history (a polygon
// crossed with its entry and exit, a machine outside, another department's and another tenant's never shown, the
// limits refused); a user without the edit right refused every write.
import { and, eq, sql } from "drizzle-orm";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { hubFor } from "../../workers/fleet-hub/client";
import { terminalHealth } from "../../workers/jobs/terminal-health";
import { addDays } from "../../app/lib/calendar";
import { todayInZone } from "../../app/lib/tenant-clock";
import { dayStartMs } from "../../app/lib/tenant-days";
import { resources } from "../../app/i18n/resources";
import { terminalHealthChecks } from "../../app/modules/terminal-health/tables.server";
import { menus, roleMenus, rolePermissions, vehicleEvents } from "../../db/schema";
import { db, get, makeTenant, ORIGIN, postForm, signIn, signInDepartmentUser, unique } from "./helpers";
import { makeContract, makeDepartment } from "./rent-fixtures";
import { makeVehicle, report, terminalToken } from "./telematics";
import { daysOf, healthyLive, liveAs } from "./factories/terminal-health";
import { SELF } from "cloudflare:test";

const TZ = "Asia/Shanghai";
const HOUR = 3_600_000;
const DAY = 86_400_000;
type Key = "rented" | "yard" | "online" | "west" | "old" | "good" | "weak" | "dead" | "crosser" | "outside" | "hidden";

let w: { tenantId: number; ids: Record<Key, number>; plates: Record<Key, string>; admin: string; east: string; reader: string; other: string; otherTenant: number; now: number };

/** 区域设备's action as its fetcher calls it (single fetch: `.data`): status and the turbo-stream text. */
async function areaSearch(cookie: string, fields: Record<string, string>) {
  const res = await SELF.fetch(`${ORIGIN}/areaEquipment.data`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: ORIGIN, Host: "localhost", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  return { status: res.status, text: await res.text() };
}
const post = (path: string, cookie: string, fields: Record<string, string> | URLSearchParams) => postForm(path, fields, { Cookie: cookie });
const runsOf = (vehicleId: number) => db().select().from(terminalHealthChecks).where(eq(terminalHealthChecks.vehicleId, vehicleId)).orderBy(terminalHealthChecks.id);

/** A polygon around 121.47, 31.23 (about 1 km each way) and a track through it. */
const POLYGON = [
  [121.465, 31.225],
  [121.475, 31.225],
  [121.475, 31.235],
  [121.465, 31.235],
];

beforeAll(async () => {
  const t = await makeTenant({ role: "admin" });
  const east = await makeDepartment(t.tenantId, t.rootOrgId);
  const west = await makeDepartment(t.tenantId, t.rootOrgId);
  const plates = {} as Record<Key, string>;
  const make = async (key: Key, orgId: number) => makeVehicle(t.tenantId, { orgId, plate: (plates[key] = unique(`沪${key.slice(0, 1).toUpperCase()}`)) });
  const v = {} as Record<Key, Awaited<ReturnType<typeof makeVehicle>>>;
  for (const key of ["rented", "yard", "online", "old", "good", "weak", "dead", "crosser", "outside"] as const) v[key] = await make(key, east);
  v.west = await make("west", west);
  v.hidden = await make("hidden", west);
  const now = Date.now();
  // on rent today: the silent one and the west one; the yard's machine is silent as long but not on rent
  await makeContract(t.tenantId, { state: 3, lines: [{ vehicleId: v.rented.id, from: addDays(todayInZone(TZ), -10) }, { vehicleId: v.west.id, from: addDays(todayInZone(TZ), -10) }] });
  // the crossing machines report through the terminal API (hot history): outside, inside twice, outside; again 3 days ago
  const track = (base: number) => [
    { seq: base + 1, t: now - (base ? 72 * HOUR : 0) - 40 * 60_000, lng: 121.45, lat: 31.23, speed: 20 },
    { seq: base + 2, t: now - (base ? 72 * HOUR : 0) - 30 * 60_000, lng: 121.468, lat: 31.229, speed: 20 },
    { seq: base + 3, t: now - (base ? 72 * HOUR : 0) - 20 * 60_000, lng: 121.472, lat: 31.231, speed: 20 },
    { seq: base + 4, t: now - (base ? 72 * HOUR : 0) - 10 * 60_000, lng: 121.49, lat: 31.23, speed: 20 },
  ];
  for (const key of ["crosser", "hidden"] as const) expect((await report(await terminalToken(v[key]), [...track(10), ...track(0)])).status).toBe(200);
  expect((await report(await terminalToken(v.outside), [{ seq: 1, t: now - 30 * 60_000, lng: 121.50, lat: 31.23, speed: 0 }])).status).toBe(200);
  expect((await report(await terminalToken(v.online), [{ seq: 1, t: now - 2_000, lng: 121.4, lat: 31.2, speed: 0 }])).status).toBe(200);
  // heard at chosen times: the yard's machine a minute before today began (离线1天), the rented one 30 h ago (2–5
  // days, and past the 24 h of the to-do), the old one 6 days ago, the outside one early today; the west machine never
  const startOfToday = dayStartMs(todayInZone(TZ), TZ)!;
  await liveAs(t.tenantId, v.rented.id, { seen: now - 30 * HOUR });
  await liveAs(t.tenantId, v.yard.id, { seen: startOfToday - 60_000 });
  await liveAs(t.tenantId, v.old.id, { seen: now - 6 * DAY });
  await liveAs(t.tenantId, v.outside.id, { seen: startOfToday + 1 });

  // health: a healthy terminal, a weak one (half its positions, a fault code), a dead one (never heard, no roll-ups)
  const today = todayInZone(TZ);
  await daysOf(t.tenantId, v.good.id, [{ day: addDays(today, -1), points: 600, online: 600 * 60, engine: 4 * 3600, idle: 3600 }]);
  await daysOf(t.tenantId, v.weak.id, [{ day: addDays(today, -1), points: 300, online: 600 * 60, engine: 3600 }]);
  await liveAs(t.tenantId, v.good.id, healthyLive(now));
  await liveAs(t.tenantId, v.weak.id, { ...healthyLive(now), faults: [{ spn: 100, fmi: 1, count: 2 }] });

  // another tenant with a machine crossing the same polygon
  const other = await makeTenant({ role: "admin" });
  const foreign = await makeVehicle(other.tenantId);
  expect((await report(await terminalToken(foreign), track(0))).status).toBe(200);

  // a reader: a viewer given 状态报表 and 区域设备 to look at, without their edit right
  const reader = await makeTenant({ role: "viewer" });
  const screens = await db().select({ id: menus.id, path: menus.routerPath }).from(menus).where(and(sql`${menus.tenantId} = ${reader.tenantId}`, sql`${menus.routerPath} in ('/stateReport', '/areaEquipment')`));
  await db().insert(roleMenus).values(screens.map((m) => ({ tenantId: reader.tenantId, roleId: reader.roleIds.viewer, menuId: m.id })));
  await db().insert(rolePermissions).values({ tenantId: reader.tenantId, roleId: reader.roleIds.viewer, code: "stateReport:view" });

  w = {
    tenantId: t.tenantId,
    ids: Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x.id])) as Record<Key, number>,
    plates,
    admin: await signIn(t.account, t.password),
    east: await signInDepartmentUser(t, east, "华东调度"),
    reader: await signIn(reader.account, reader.password),
    other: await signIn(other.account, other.password),
    otherTenant: other.tenantId,
    now,
  };
});

describe("online classes and the silent machines on rent", () => {
  it("classes each machine by when its terminal was last heard, and lists a class's machines", async () => {
    const html = async (q: string) => {
      const res = await get(`/stateReport/online${q}`, w.admin);
      expect(res.status).toBe(200);
      return res.text();
    };
    const all = await html("");
    expect(all).toContain("在线状态统计");
    const has = (text: string, keys: Key[], not: Key[]) => {
      for (const k of keys) expect(text, k).toContain(w.plates[k]);
      for (const k of not) expect(text, k).not.toContain(w.plates[k]);
    };
    has(await html("?class=online"), ["online"], ["rented", "yard", "old", "west"]);
    has(await html("?class=day1"), ["yard"], ["rented", "old", "online"]);
    has(await html("?class=days2to5"), ["rented"], ["yard", "old"]);
    has(await html("?class=over5"), ["old"], ["yard", "rented"]);
    // heard today but longer ago than the offline threshold (5 minutes): 当天在线 (unless today is younger than that)
    if (Date.now() - dayStartMs(todayInZone(TZ), TZ)! > 6 * 60_000) has(await html("?class=today"), ["outside"], ["online", "yard"]);
    has(await html("?class=never"), ["west", "dead"], ["rented", "online"]);
    // silent on rent: the rented machine (30 h) and the west one (never heard), not the yard's (3 days, not on rent)
    has(await html("?class=silent"), ["rented", "west"], ["yard", "old"]);
    // each machine links to its page
    expect(all).toContain(`/deviceDetails?id=${w.ids.rented}`);
  });

  it("puts a silent terminal on a rented machine on the workbench's to-do, not one in the yard, and only for users who see it", async () => {
    // the to-do's silent machines (the page's other cards may name machines too: an offline alarm, say)
    const silentOf = (html: string) => [...html.matchAll(/data-testid="todo-silent"[\s\S]*?<\/li>/g)].map((m) => m[0]).join("\n");
    const adminPage = await (await get("/manageWork", w.admin)).text();
    expect(adminPage).toContain("在租终端失联");
    const admin = silentOf(adminPage);
    expect(admin).toContain(w.plates.rented);
    expect(admin).toContain(w.plates.west);
    expect(admin).not.toContain(w.plates.yard);
    // the east department's user does not see the west machine
    const east = silentOf(await (await get("/manageWork", w.east)).text());
    expect(east).toContain(w.plates.rented);
    expect(east).not.toContain(w.plates.west);
  });
});

describe("health tests", () => {
  it("grades crafted roll-ups and live states healthy, sub-healthy and serious", async () => {
    const body = new URLSearchParams([["intent", "run"], ["vehicleId", String(w.ids.good)], ["vehicleId", String(w.ids.weak)], ["vehicleId", String(w.ids.dead)]]);
    const res = await post("/stateReport/health", w.admin, body);
    expect(res.status).toBe(302);
    const [good] = await runsOf(w.ids.good);
    const [weak] = await runsOf(w.ids.weak);
    const [dead] = await runsOf(w.ids.dead);
    expect(good).toMatchObject({ grade: "healthy", trigger: "manual", retestOf: null });
    expect(weak!.grade).toBe("subHealthy");
    expect(weak!.findings.find((f) => f.check === "positions")).toMatchObject({ level: "warn", values: { received: 300, expected: 600, percent: 50 } });
    expect(weak!.findings.find((f) => f.check === "faults")).toMatchObject({ level: "warn", values: { count: 1 } });
    expect(dead!.grade).toBe("serious");
    expect(dead!.findings.find((f) => f.check === "positions")!.level).toBe("bad");
    const page = await (await get("/stateReport/health", w.admin)).text();
    for (const text of ["健康", "亚健康", "严重", w.plates.good, "未处理"]) expect(page).toContain(text);
  });

  it("handles a health alarm only with a description, and a retest keeps both results", async () => {
    const [weak] = await runsOf(w.ids.weak);
    const empty = await post("/stateReport/health", w.admin, { intent: "handle", id: String(weak!.id), note: "  " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("请填写处理说明");
    expect((await runsOf(w.ids.weak))[0]!.handledAt).toBeNull();
    const handled = await post("/stateReport/health", w.admin, { intent: "handle", id: String(weak!.id), note: "更换天线后恢复" });
    expect(handled.status).toBe(302);
    expect((await runsOf(w.ids.weak))[0]).toMatchObject({ handleNote: "更换天线后恢复", handledAt: expect.any(Number) });
    // handled once: a second handling is refused
    expect((await post("/stateReport/health", w.admin, { intent: "handle", id: String(weak!.id), note: "again" })).status).toBe(409);
    // a healthy result raises no alarm to handle
    const [good] = await runsOf(w.ids.good);
    expect((await post("/stateReport/health", w.admin, { intent: "handle", id: String(good!.id), note: "x" })).status).toBe(400);

    expect((await post("/stateReport/health", w.admin, { intent: "retest", id: String(weak!.id) })).status).toBe(302);
    const both = await runsOf(w.ids.weak);
    expect(both).toHaveLength(2);
    expect(both[1]).toMatchObject({ trigger: "retest", retestOf: weak!.id });
    expect(both[0]!.handleNote).toBe("更换天线后恢复");
  });

  it("grades every terminal once a day at 05:00 in the tenant's zone, twice adding nothing", async () => {
    const at = dayStartMs(todayInZone(TZ), TZ)! + 5 * HOUR;
    const first = await terminalHealth.run(env, { scheduledTime: at, cron: "0 * * * *" });
    expect((first as { tenants: number[] }).tenants).toContain(w.tenantId);
    const daily = () => db().select({ n: sql<number>`count(*)` }).from(terminalHealthChecks).where(and(sql`${terminalHealthChecks.tenantId} = ${w.tenantId}`, eq(terminalHealthChecks.trigger, "daily")));
    const [{ n }] = (await daily()) as [{ n: number }];
    expect(n).toBe(Object.keys(w.ids).length);
    await terminalHealth.run(env, { scheduledTime: at + 60_000, cron: "0 * * * *" });
    expect((await daily())[0]!.n).toBe(n);
    // not at another hour
    expect((await terminalHealth.run(env, { scheduledTime: at + HOUR, cron: "0 * * * *" }) as { tenants: number[] }).tenants).not.toContain(w.tenantId);
  });

  it("refuses every write to a user without the edit right, and shows them no run form", async () => {
    const page = await get("/stateReport/health", w.reader);
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain('name="intent" value="run"');
    const [weak] = await runsOf(w.ids.weak);
    const writes: Record<string, string>[] = [{ intent: "run", vehicleId: String(w.ids.good) }, { intent: "handle", id: String(weak!.id), note: "x" }, { intent: "retest", id: String(weak!.id) }];
    for (const fields of writes) {
      expect((await post("/stateReport/health", w.reader, fields)).status).toBe(403);
    }
    // another tenant's run is not found
    expect((await post("/stateReport/health", w.other, { intent: "retest", id: String(weak!.id) })).status).toBe(404);
  });
});

describe("status report", () => {
  it("splits each machine's day into running, idling, stopped and offline hours, with its transitions", async () => {
    const day = addDays(todayInZone(TZ), -1);
    await db().insert(vehicleEvents).values([
      { tenantId: w.tenantId, vehicleId: w.ids.good, hubKey: unique("e"), kind: "online", at: dayStartMs(day, TZ)! + 8 * HOUR },
      { tenantId: w.tenantId, vehicleId: w.ids.good, hubKey: unique("e"), kind: "offline", at: dayStartMs(day, TZ)! + 18 * HOUR },
    ]);
    const res = await get(`/stateReport?from=${day}&to=${day}&vehicle=${w.ids.good}`, w.admin);
    expect(res.status).toBe(200);
    const html = await res.text();
    // online 10 h: engine 4 h of which 1 h idling → running 3, idling 1, stopped 6, offline 14; came online once, went offline once
    const row = html.slice(html.indexOf(w.plates.good, html.indexOf('data-testid="report-table"')));
    const cells = [...row.slice(0, row.indexOf("</tr>")).matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((m) => m[1]);
    expect(cells.slice(0, 5)).toEqual(["10.0", "3.0", "1.0", "6.0", "14.0"]);
    expect(cells.slice(-2)).toEqual(["1", "1"]);
    // the Excel file needs the export right: the reader has none
    expect((await get(`/stateReport/export?from=${day}&to=${day}`, w.reader)).status).toBe(403);
    const file = await get(`/stateReport/export?from=${day}&to=${day}`, w.admin);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toContain("spreadsheet");
  });
});

describe("area search", () => {
  const fields = (from: number, to: number, shape: Record<string, string> = { shape: "polygon", coordinates: JSON.stringify(POLYGON) }) => ({ ...shape, from: String(from), to: String(to) });

  it("finds a machine that crossed a polygon with its entry and exit, over hot and archived history, not one outside", async () => {
    const hub = hubFor(env, w.tenantId);
    const now = w.now;
    const q = { vehicleIds: null, shape: { kind: "polygon" as const, ring: POLYGON as [number, number][] }, from: now - HOUR, to: now };
    const recent = await hub.areaVisits(w.tenantId, q);
    expect(recent.error).toBeNull();
    expect(recent.visits.filter((v) => v.vehicleId === w.ids.crosser)).toEqual([expect.objectContaining({ enterT: now - 30 * 60_000, exitT: now - 20 * 60_000, fromStart: false, toEnd: false })]);
    expect(recent.visits.map((v) => v.vehicleId)).not.toContain(w.ids.outside);
    // three days ago, after the day moved to R2
    await hub.archive(now);
    const old = await hub.areaVisits(w.tenantId, { ...q, from: now - 73 * HOUR, to: now - 71 * HOUR });
    expect(old.visits.filter((v) => v.vehicleId === w.ids.crosser)).toEqual([expect.objectContaining({ enterT: now - 72 * HOUR - 30 * 60_000, exitT: now - 72 * HOUR - 20 * 60_000 })]);
    // a circle around the same place finds it too
    const circle = await hub.areaVisits(w.tenantId, { ...q, shape: { kind: "circle", centre: [121.47, 31.23], radiusM: 800 } });
    expect(circle.visits.map((v) => v.vehicleId)).toContain(w.ids.crosser);
  });

  it("shows only the user's visible machines of the tenant", async () => {
    const admin = await areaSearch(w.admin, fields(w.now - HOUR, w.now));
    expect(admin.status).toBe(200);
    expect(admin.text).toContain(w.plates.crosser);
    expect(admin.text).toContain(w.plates.hidden);
    expect(admin.text).not.toContain(w.plates.outside);
    const east = await areaSearch(w.east, fields(w.now - HOUR, w.now));
    expect(east.text).toContain(w.plates.crosser);
    expect(east.text).not.toContain(w.plates.hidden);
    // another tenant's user finds only their own machine, never this tenant's
    const other = await areaSearch(w.other, fields(w.now - HOUR, w.now));
    expect(other.text).not.toContain(w.plates.crosser);
  });

  it("refuses a circle over 10,000 m and a window over 7 days with a clear message", async () => {
    const wide = await areaSearch(w.admin, fields(w.now - HOUR, w.now, { shape: "circle", coordinates: JSON.stringify([[121.47, 31.23]]), radius: "10001" }));
    expect(wide.status).toBe(400);
    expect(wide.text).toContain("radius");
    const long = await areaSearch(w.admin, fields(w.now - 8 * DAY, w.now));
    expect(long.status).toBe(400);
    expect(long.text).toContain("window");
    expect(resources["zh-CN"].terminalHealth.area.errors.radius).toBe("圆形半径不能超过10000米");
    expect(resources["zh-CN"].terminalHealth.area.errors.window).toBe("查询时间范围不能超过7天");
    expect((await hubFor(env, w.tenantId).areaVisits(w.tenantId, { vehicleIds: null, shape: { kind: "circle", centre: [121.47, 31.23], radiusM: 10_001 }, from: w.now - HOUR, to: w.now })).error).toBe("radius");
    // another tenant's call to this hub answers nothing
    expect((await hubFor(env, w.tenantId).areaVisits(w.otherTenant, { vehicleIds: null, shape: { kind: "polygon", ring: POLYGON as [number, number][] }, from: w.now - HOUR, to: w.now })).visits).toEqual([]);
  });
});
