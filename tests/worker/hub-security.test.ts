// The /hub socket as an attacker meets it: it needs the live screens' permission (each part of a watch the screen
// it serves), another site's page cannot open it, and it closes when its session ends or its user loses the screen.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { seedTenant } from "../../db/seed/demo";
import { CLOSE_FORBIDDEN, CLOSE_SESSION_ENDED } from "../../workers/fleet-hub/protocol";
import { FACTORIES } from "./factories";
import { db, get, ORIGIN, postForm, signIn, unique } from "./helpers";
import { makeVehicle, openHub } from "./telematics";

const PASSWORD = "Passw0rd@2026";

/** A tenant with an administrator and a second user holding the viewer role (home and reports: the alarm list only). */
async function tenantWithViewer() {
  const admin = unique("adm");
  const viewer = unique("vw");
  const seeded = await seedTenant(db(), {
    code: unique("t"),
    name: `Tenant ${admin}`,
    users: [
      { role: "admin", account: admin, password: PASSWORD, name: `User ${admin}` },
      { role: "viewer", account: viewer, password: PASSWORD, name: `User ${viewer}` },
    ],
  });
  const adminCookie = await signIn(admin, PASSWORD);
  return { ...seeded, admin, viewer, adminCookie, viewerId: seeded.userIds[viewer]!, adminId: seeded.userIds[admin]! };
}

const menuId = async (tenantId: number, path: string) => (await env.DB.prepare("select id from menus where tenant_id = ? and router_path = ?").bind(tenantId, path).first<{ id: number }>())!.id;

/** Saves the role's menus through /roleManage, as an administrator does. */
async function grantMenus(cookie: string, roleId: number, menuIds: number[]) {
  const body = new URLSearchParams({ intent: "saveGrant", ids: String(roleId) });
  for (const id of menuIds) body.append("menus", String(id));
  expect((await postForm("/roleManage", body, { Cookie: cookie })).status).toBe(302);
}

/** Resolves with the close code once the hub closes the socket (or rejects after 5 s). */
const closed = (ws: WebSocket | null) =>
  new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the socket stayed open")), 5000);
    ws!.addEventListener("close", (e) => {
      clearTimeout(timer);
      resolve(e.code);
    });
  });

describe("/hub needs the permission of the screens it feeds", () => {
  it("refuses the probe's attack: a user without the monitoring screen cannot watch vehicles over the socket", async () => {
    const t = await tenantWithViewer();
    await makeVehicle(t.tenantId);
    const viewer = await signIn(t.viewer, PASSWORD);
    expect((await get("/equipmentMonitor", viewer)).status).toBe(403);
    expect((await get("/api/monitor/vehicle?id=1", viewer)).status).toBe(403);
    // the viewer has the alarm list, so the socket opens, but only for alarms
    const hub = await openHub(viewer);
    expect(hub.res.status).toBe(101);
    await hub.next("hello");
    for (const watch of [{ vehicles: "all" }, { counts: true }, { bbox: [120, 30, 122, 32] }, { alarms: true, vehicles: [1] }, { fields: "map" }]) {
      hub.send({ type: "watch", ...watch });
      expect(await hub.next("error")).toEqual({ type: "error", code: 403, message: "权限不足！" });
    }
    hub.send({ type: "watch", alarms: true });
    const snap = await hub.next("snapshot");
    expect(snap.vehicles).toEqual([]);
    expect(snap.counts).toBeUndefined();
    expect(hub.received.filter((m) => m.type === "snapshot" || m.type === "delta")).toHaveLength(0);
    hub.ws!.close(1000);
  });

  it("refuses the socket itself to a user with neither live screen", async () => {
    const t = await tenantWithViewer();
    await grantMenus(t.adminCookie, t.roleIds.viewer, [await menuId(t.tenantId, "/manageWork")]);
    const viewer = await signIn(t.viewer, PASSWORD);
    const hub = await openHub(viewer);
    expect(hub.res.status).toBe(403);
    expect(await hub.res.json()).toEqual({ code: 403, message: "权限不足！" });
    expect(hub.ws).toBeNull();
  });

  it("closes a socket at once when its user loses the screen, and re-checks the part of a watch still granted", async () => {
    const t = await tenantWithViewer();
    const v = await makeVehicle(t.tenantId);
    const [monitor, alarms, home] = await Promise.all(["/equipmentMonitor", "/alarmMessage", "/manageWork"].map((p) => menuId(t.tenantId, p)));
    await grantMenus(t.adminCookie, t.roleIds.viewer, [home!, monitor!, alarms!]);
    const viewer = await signIn(t.viewer, PASSWORD);
    const live = await openHub(viewer);
    live.send({ type: "watch", vehicles: "all", counts: true });
    expect((await live.next("snapshot")).vehicles.map((x) => x.id)).toEqual([v.id]);
    const alarmsOnly = await openHub(viewer);
    alarmsOnly.send({ type: "watch", alarms: true });
    await alarmsOnly.next("snapshot");

    const liveClosed = closed(live.ws);
    await grantMenus(t.adminCookie, t.roleIds.viewer, [home!, alarms!]);
    expect(await liveClosed).toBe(CLOSE_FORBIDDEN);
    // the alarm list's socket keeps going: its user still has that screen
    alarmsOnly.send({ type: "ping" });
    await alarmsOnly.next("pong");
    alarmsOnly.send({ type: "watch", vehicles: "all" });
    expect(await alarmsOnly.next("error")).toMatchObject({ code: 403 });
    alarmsOnly.ws!.close(1000);
  });

  it("refuses an upgrade from another site's page (cross-site WebSocket hijacking)", async () => {
    const t = await tenantWithViewer();
    const res = await SELF.fetch(`${ORIGIN}/hub`, { headers: { Upgrade: "websocket", Cookie: t.adminCookie, Origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    expect(res.webSocket).toBeNull();
    const ours = await SELF.fetch(`${ORIGIN}/hub`, { headers: { Upgrade: "websocket", Cookie: t.adminCookie, Origin: ORIGIN } });
    expect(ours.status).toBe(101);
    ours.webSocket!.accept();
    ours.webSocket!.close(1000);
  });
});

describe("/hub sockets end with their session", () => {
  it("closes the socket of a session that signs out, and only that session's", async () => {
    const t = await tenantWithViewer();
    const other = await signIn(t.admin, PASSWORD);
    const mine = await openHub(t.adminCookie);
    mine.send({ type: "watch", vehicles: "all" });
    await mine.next("snapshot");
    const theirs = await openHub(other);
    theirs.send({ type: "watch", vehicles: "all" });
    await theirs.next("snapshot");
    const ended = closed(mine.ws);
    expect((await postForm("/logout", {}, { Cookie: t.adminCookie })).status).toBe(302);
    expect(await ended).toBe(CLOSE_SESSION_ENDED);
    theirs.send({ type: "ping" });
    await theirs.next("pong");
    // the signed-out cookie cannot open another
    expect((await openHub(t.adminCookie)).res.status).toBe(401);
    theirs.ws!.close(1000);
  });

  it("closes a disabled user's sockets, and a deleted user's", async () => {
    const t = await tenantWithViewer();
    const viewer = await signIn(t.viewer, PASSWORD);
    const hub = await openHub(viewer);
    hub.send({ type: "watch", alarms: true });
    await hub.next("snapshot");
    const ended = closed(hub.ws);
    expect((await postForm("/userManage", { intent: "setState", ids: String(t.viewerId), state: "0" }, { Cookie: t.adminCookie })).status).toBe(302);
    expect(await ended).toBe(CLOSE_SESSION_ENDED);

    // an account made here, signed in, then deleted
    const account = unique("gone");
    expect((await postForm("/userManage", { intent: "create", ...FACTORIES.user!(t), loginAccount: account, password: PASSWORD, roleId: String(t.roleIds.admin) }, { Cookie: t.adminCookie })).status).toBe(302);
    const goneId = (await env.DB.prepare("select id from users where login_account = ?").bind(account).first<{ id: number }>())!.id;
    const gone = await openHub(await signIn(account, PASSWORD));
    gone.send({ type: "watch", vehicles: "all" });
    await gone.next("snapshot");
    const deleted = closed(gone.ws);
    expect((await postForm("/userManage", { intent: "delete", ids: String(goneId) }, { Cookie: t.adminCookie })).status).toBe(302);
    expect(await deleted).toBe(CLOSE_SESSION_ENDED);
  });

  it("re-scopes a user's socket when their organisation changes", async () => {
    const t = await tenantWithViewer();
    const child = (await env.DB.prepare("insert into organisations (tenant_id, parent_id, name, sort, created_at, updated_at) values (?, ?, ?, 9, ?, ?) returning id")
      .bind(t.tenantId, t.rootOrgId, unique("项目部"), Date.now(), Date.now())
      .first<{ id: number }>())!.id;
    const inChild = await makeVehicle(t.tenantId, { orgId: child });
    const atRoot = await makeVehicle(t.tenantId, { orgId: t.rootOrgId });
    const account = unique("mv");
    const user = { ...FACTORIES.user!(t), loginAccount: account, password: PASSWORD, roleId: String(t.roleIds.admin) };
    expect((await postForm("/userManage", { intent: "create", ...user }, { Cookie: t.adminCookie })).status).toBe(302);
    const id = (await env.DB.prepare("select id from users where login_account = ?").bind(account).first<{ id: number }>())!.id;
    const hub = await openHub(await signIn(account, PASSWORD));
    hub.send({ type: "watch", vehicles: "all" });
    expect((await hub.next("snapshot")).vehicles.map((x) => x.id).sort()).toEqual([inChild.id, atRoot.id].sort());
    const { password: _p, loginAccount: _l, ...editable } = user;
    expect((await postForm("/userManage", { ...editable, intent: "update", id: String(id), version: "1", orgId: String(child) }, { Cookie: t.adminCookie })).status).toBe(302);
    expect((await hub.next("snapshot")).vehicles.map((x) => x.id)).toEqual([inChild.id]);
    hub.ws!.close(1000);
  });
});
