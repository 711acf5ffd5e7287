// The workbench (/manageWork) as its users meet it: the figures of their own tenant and data scope, today in the
// tenant's time zone, the live counters over the hub, shortcuts to built screens only, and planned screens kept out
// of the side menu unless a menu administrator asks for them (a preference no one else can set).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hashPassword } from "../../app/lib/password";
import { forgetSessions } from "../../app/modules/auth/session.server";
import { workbenchWatch } from "../../app/modules/workbench/workbench";
import { alarms, organisations, tenants, userRoles, users, userSettings } from "../../db/schema";
import { db, get, makeTenant, postForm, signIn, unique } from "./helpers";
import { makeVehicle, openHub } from "./telematics";

const PASSWORD = "Passw0rd@2026";
let keyN = 0;

async function insertAlarm(tenantId: number, vehicleId: number, opts: { level?: number; at?: number; handleState?: number; kind?: string; detail?: Record<string, unknown> } = {}) {
  await db()
    .insert(alarms)
    .values({ tenantId, vehicleId, hubKey: `wb:${Date.now()}:${keyN++}`, kind: opts.kind ?? "overspeed", level: opts.level ?? 2, at: opts.at ?? Date.now() - 60_000, speed: 90, handleState: opts.handleState ?? 0, detail: opts.detail ?? null });
}

/** A user of the tenant in an organisation, with one of the seeded roles. */
async function userIn(tenantId: number, orgId: number, roleId: number) {
  const account = unique("wb");
  const [u] = await db()
    .insert(users)
    .values({ tenantId, orgId, loginAccount: account, userName: unique("工作台用户"), passwordHash: await hashPassword(PASSWORD), isAdmin: 0 })
    .returning({ id: users.id });
  await db().insert(userRoles).values({ tenantId, userId: u!.id, roleId });
  return { id: u!.id, cookie: await signIn(account, PASSWORD) };
}

const page = async (cookie: string) => {
  const res = await get("/manageWork", cookie);
  expect(res.status).toBe(200);
  return res.text();
};
/** The number a figure of the page shows (by its test id). */
const figure = (html: string, testId: string) => Number(new RegExp(`data-testid="${testId}"[^>]*>(?:<span[^>]*>[^<]*</span><span[^>]*>)?(\\d+)<`).exec(html)?.[1] ?? NaN);
const section = (html: string, testId: string) => {
  const at = html.indexOf(`data-testid="${testId}"`);
  return at < 0 ? "" : html.slice(at, html.indexOf("</section>", at));
};

describe("/manageWork figures", () => {
  it("counts the user's own tenant and data scope: fleet, today's alarms by level, the newest, the alarms to handle", async () => {
    const t = await makeTenant({ role: "admin" });
    const stranger = await makeTenant({ role: "admin" });
    const [dept] = await db().insert(organisations).values({ tenantId: t.tenantId, parentId: t.rootOrgId, name: unique("项目部") }).returning({ id: organisations.id });
    const plates = { dept0: unique("沪D"), dept1: unique("沪D"), root: unique("沪R"), foreign: unique("苏X") };
    const inDept = [await makeVehicle(t.tenantId, { orgId: dept!.id, plate: plates.dept0 }), await makeVehicle(t.tenantId, { orgId: dept!.id, plate: plates.dept1 })];
    const atRoot = await makeVehicle(t.tenantId, { orgId: t.rootOrgId, plate: plates.root });
    const foreign = await makeVehicle(stranger.tenantId, { plate: plates.foreign });
    await insertAlarm(t.tenantId, inDept[0]!.id, { level: 1, kind: "overspeed", detail: { limitKmh: 80, speed: 101.9 } });
    await insertAlarm(t.tenantId, atRoot.id, { level: 2, kind: "fatigue" });
    await insertAlarm(t.tenantId, inDept[1]!.id, { level: 3, handleState: 1 });
    for (let i = 0; i < 3; i++) await insertAlarm(stranger.tenantId, foreign.id, { level: 1 });

    const admin = await page(await signIn(t.account, t.password));
    expect(admin).toContain("共 3 台设备");
    expect([1, 2, 3].map((l) => figure(admin, `alarms-level-${l}`))).toEqual([1, 1, 1]);
    const newest = section(admin, "newest-alarms");
    for (const plate of [plates.dept0, plates.root]) expect(newest).toContain(plate);
    expect(newest).toContain("超速告警");
    expect(newest).toContain("疲劳驾驶告警");
    expect(newest).toContain(`/alarmMessage?vehicleId=${atRoot.id}&amp;kind=fatigue`);
    expect(admin).not.toContain(plates.foreign);
    expect(section(admin, "todo")).toContain("2 条未处理");

    // a dispatcher of the department: its two vehicles and their alarms only
    const dispatcher = await userIn(t.tenantId, dept!.id, t.roleIds.dispatcher);
    const theirs = await page(dispatcher.cookie);
    expect(theirs).toContain("共 2 台设备");
    expect([1, 2, 3].map((l) => figure(theirs, `alarms-level-${l}`))).toEqual([1, 0, 1]);
    expect(section(theirs, "newest-alarms")).not.toContain(plates.root);
    expect(section(theirs, "todo")).toContain("1 条未处理");

    // a viewer (no monitoring screen, alarms without the right to handle): no fleet, no alarms to handle
    const viewer = await userIn(t.tenantId, t.rootOrgId, t.roleIds.viewer);
    const viewed = await page(viewer.cookie);
    expect(viewed).not.toContain('data-testid="fleet"');
    expect([1, 2, 3].map((l) => figure(viewed, `alarms-level-${l}`))).toEqual([1, 1, 1]);
    expect(viewed).not.toContain('data-testid="todo-alarms"');
    expect(viewed).toContain("暂无待办");

    // live: the workbench's own watch gets the hub's counters for the same scope
    for (const [cookie, total] of [
      [dispatcher.cookie, 2],
      [await signIn(t.account, t.password), 3],
    ] as const) {
      const hub = await openHub(cookie);
      expect(hub.res.status).toBe(101);
      hub.send(workbenchWatch({ fleet: true, alarms: true }, null));
      const snapshot = await hub.next("snapshot");
      expect(snapshot.vehicles).toEqual([]);
      expect(snapshot.counts).toMatchObject({ total, offline: total, running: 0, stopped: 0 });
      hub.ws!.close(1000);
    }
  });

  it("takes today in the tenant's time zone, and says so when the tenant has no vehicles and no alarms", async () => {
    const t = await makeTenant({ role: "admin" });
    await db().update(tenants).set({ timeZone: "Pacific/Honolulu" }).where(eq(tenants.id, t.tenantId));
    const cookie = await signIn(t.account, t.password);
    const empty = await page(cookie);
    expect(empty).toContain("还没有设备");
    expect(empty).toContain("今日暂无告警");
    expect(empty).toContain("暂无待办");
    const english = await (await get("/manageWork", `${cookie}; derrick_lang=en-US`)).text();
    expect(english).toContain("No vehicles yet");
    expect(english).toContain("No alarms today");

    // Honolulu's midnight: one alarm a second after it (today), one a second before (yesterday). In Shanghai's day
    // (the default zone) both would be today: it is 18:00 there.
    const parts = new Intl.DateTimeFormat("en-CA", { timeZone: "Pacific/Honolulu", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
    const midnight = Date.parse(`${parts}T00:00:00-10:00`);
    const v = await makeVehicle(t.tenantId, { plate: unique("沪H") });
    await insertAlarm(t.tenantId, v.id, { level: 1, at: midnight + 1000 });
    await insertAlarm(t.tenantId, v.id, { level: 1, at: midnight - 1000 });
    forgetSessions(); // the alarms were stored behind the app's back: no page would see them for WORKBENCH_READ_MS
    const html = await page(cookie);
    expect(figure(html, "alarms-level-1")).toBe(1);
    expect(section(html, "newest-alarms").match(/<li/g)?.length).toBe(1);
    // the alarms to handle cover the list's 31 days: both
    expect(section(html, "todo")).toContain("2 条未处理");
  });
});

describe("/manageWork figures between pages", () => {
  it("a page reuses the user's figures for a few seconds, and any request that may write makes the next page read them again", async () => {
    const t = await makeTenant({ role: "admin" });
    const v = await makeVehicle(t.tenantId, { plate: unique("沪W") });
    const cookie = await signIn(t.account, t.password);
    expect(figure(await page(cookie), "alarms-level-1")).toBe(0);
    // an alarm stored behind the app's back (the hub's ingest does not go through a page): the figures are at most
    // WORKBENCH_READ_MS old, and the page itself shows new alarms live over the hub meanwhile
    await insertAlarm(t.tenantId, v.id, { level: 1 });
    expect(figure(await page(cookie), "alarms-level-1")).toBe(0);
    // a post through this isolate (here: hiding planned screens; an approval or a handled alarm alike) forgets them
    expect((await postForm("/manageWork", { intent: "plannedScreens", shown: "0" }, { Cookie: cookie })).status).toBe(302);
    expect(figure(await page(cookie), "alarms-level-1")).toBe(1);
    // another user's figures are their own
    const other = await userIn(t.tenantId, t.rootOrgId, t.roleIds.viewer);
    await insertAlarm(t.tenantId, v.id, { level: 1 });
    expect(figure(await page(other.cookie), "alarms-level-1")).toBe(2);
  });
});

describe("/manageWork shortcuts and planned screens", () => {
  const visit = (cookie: string, path: string) => postForm("/api/visitLog/save", { phoneType: "0", firstModule: "x", stayTime: "10000", description: path }, { Cookie: cookie });

  it("shortcuts lead to built screens, the most used first; planned screens stay out of the menu unless a menu administrator asks", async () => {
    const t = await makeTenant({ role: "admin" });
    const cookie = await signIn(t.account, t.password);
    for (let i = 0; i < 3; i++) expect((await visit(cookie, "/fenceManage")).status).toBe(200);
    for (let i = 0; i < 5; i++) await visit(cookie, "/trainingNotice"); // planned: never a shortcut
    const html = await page(cookie);
    const shortcuts = section(html, "shortcuts");
    const links = [...shortcuts.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(links[0]).toBe("/fenceManage");
    expect(links.length).toBeGreaterThan(3);
    expect(links).not.toContain("/trainingNotice");
    expect(links).not.toContain("/manageWork");
    // the coverage line is gone
    expect(html).not.toMatch(/已上线 \d+ \/ 共 \d+ 个页面/);
    // 培训管理 (25) holds only planned screens: no group in the side menu; 系统管理 (23) stays
    expect(html).not.toContain('aria-controls="menu-25"');
    expect(html).toContain('aria-controls="menu-23"');
    expect(shortcuts).toContain('aria-checked="false"');

    // the administrator's own preference brings them back, for them only
    expect((await postForm("/manageWork", { intent: "plannedScreens", shown: "1" }, { Cookie: cookie })).status).toBe(302);
    const shown = await page(cookie);
    expect(shown).toContain('aria-controls="menu-25"');
    expect(section(shown, "shortcuts")).toContain('aria-checked="true"');
    expect(section(shown, "shortcuts")).not.toContain('href="/trainingNotice"');
    const dispatcher = await userIn(t.tenantId, t.rootOrgId, t.roleIds.dispatcher);
    expect(await page(dispatcher.cookie)).not.toContain('aria-controls="menu-25"');

    // and turns them off again
    expect((await postForm("/manageWork", { intent: "plannedScreens", shown: "0", js: "1" }, { Cookie: cookie })).status).toBe(200);
    expect(await page(cookie)).not.toContain('aria-controls="menu-25"');
  });

  it("a user who does not administer menus sees no switch and cannot turn it on", async () => {
    const t = await makeTenant({ role: "admin" });
    const dispatcher = await userIn(t.tenantId, t.rootOrgId, t.roleIds.dispatcher);
    const html = await page(dispatcher.cookie);
    expect(html).not.toContain("planned-screens-switch");
    expect(html).not.toContain('aria-controls="menu-25"');
    // a setting written behind the app's back does not count either: only a menu administrator's is honoured
    await db().insert(userSettings).values({ tenantId: t.tenantId, userId: dispatcher.id, settings: { showPlannedScreens: true }, updatedAt: Date.now() });
    const refused = await postForm("/manageWork", { intent: "plannedScreens", shown: "1" }, { Cookie: dispatcher.cookie });
    expect(refused.status).toBe(403);
    const [stored] = await db().select({ settings: userSettings.settings }).from(userSettings).where(eq(userSettings.userId, dispatcher.id));
    expect(stored?.settings).toEqual({ showPlannedScreens: true });
    expect(await page(dispatcher.cookie)).not.toContain('aria-controls="menu-25"');
  });
});
