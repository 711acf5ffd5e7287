// The data-scope rule (db/rules/data-scope.ts) as the user meets it: the vehicle list page and the FleetHub's live
// socket must show the same vehicles for the same user, case by case (organisation, sub-organisation, authorized
// vehicle, data permissions approved / disabled / expired / pending, another tenant's vehicle never).
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { hashPassword } from "../../app/lib/password";
import { dataPermissions, organisations, userRoles, users, userVehicles } from "../../db/schema";
import { visibleVehicleIds } from "../../db/rules/data-scope";
import { hubFor } from "../../workers/fleet-hub/client";
import { db, get, makeTenant, signIn, unique } from "./helpers";
import { makeVehicle, openHub } from "./telematics";

const PASSWORD = "Passw0rd@2026";
const DAY = 86_400_000;

const plateOf = async (id: number) => (await env.DB.prepare("select plate from vehicles where id = ?").bind(id).first<{ plate: string }>())!.plate;

/** What the list page shows the user, as vehicle ids (of the candidates, by their plates). */
async function listed(cookie: string, candidates: Record<string, number>): Promise<number[]> {
  const html = await (await get("/deviceList?size=100", cookie)).text();
  const shown: number[] = [];
  for (const id of Object.values(candidates)) if (html.includes(await plateOf(id))) shown.push(id);
  return shown.sort((a, b) => a - b);
}

/** What the hub sends the user's socket for a watch on every vehicle, as ids. */
async function watched(cookie: string): Promise<number[]> {
  const hub = await openHub(cookie);
  expect(hub.res.status).toBe(101);
  hub.send({ type: "watch", vehicles: "all", hz: 10 });
  const ids = (await hub.next("snapshot")).vehicles.map((v) => v.id).sort((a, b) => a - b);
  hub.ws!.close(1000);
  return ids;
}

async function scopedWorld() {
  const t = await makeTenant({ role: "admin" });
  const stranger = await makeTenant({ role: "admin" });
  const [dept] = await db().insert(organisations).values({ tenantId: t.tenantId, parentId: t.rootOrgId, name: unique("项目部") }).returning({ id: organisations.id });
  const [team] = await db().insert(organisations).values({ tenantId: t.tenantId, parentId: dept!.id, name: unique("班组") }).returning({ id: organisations.id });
  const account = unique("ds");
  const [u] = await db()
    .insert(users)
    .values({ tenantId: t.tenantId, orgId: dept!.id, loginAccount: account, userName: unique("范围用户"), passwordHash: await hashPassword(PASSWORD), isAdmin: 0 })
    .returning({ id: users.id });
  await db().insert(userRoles).values({ tenantId: t.tenantId, userId: u!.id, roleId: t.roleIds.dispatcher });
  const userId = u!.id;

  const v = {
    ofOrg: (await makeVehicle(t.tenantId, { orgId: dept!.id })).id,
    ofSubOrg: (await makeVehicle(t.tenantId, { orgId: team!.id })).id,
    authorized: (await makeVehicle(t.tenantId, { orgId: t.rootOrgId })).id,
    approved: (await makeVehicle(t.tenantId, { orgId: t.rootOrgId })).id,
    approvedUntilTomorrow: (await makeVehicle(t.tenantId, { orgId: t.rootOrgId })).id,
    disabled: (await makeVehicle(t.tenantId, { orgId: t.rootOrgId })).id,
    expired: (await makeVehicle(t.tenantId, { orgId: t.rootOrgId })).id,
    pending: (await makeVehicle(t.tenantId, { orgId: t.rootOrgId })).id,
    outside: (await makeVehicle(t.tenantId, { orgId: t.rootOrgId })).id,
    otherTenant: (await makeVehicle(stranger.tenantId, { orgId: stranger.rootOrgId })).id,
  };
  const permit = (vehicleId: number, state: number, enabled: number, periodEnd: number | null, tenantId = t.tenantId) => ({ tenantId, userId, vehicleId, reason: "数据范围测试", state, enabled, periodEnd });
  await db().insert(userVehicles).values({ tenantId: t.tenantId, userId, vehicleId: v.authorized });
  await db()
    .insert(dataPermissions)
    .values([
      permit(v.approved, 1, 1, null),
      permit(v.approvedUntilTomorrow, 1, 1, Date.now() + DAY),
      permit(v.disabled, 1, 0, null),
      permit(v.expired, 1, 1, Date.now() - DAY),
      permit(v.pending, 0, 1, null),
    ]);
  // rows that name the user but belong to another tenant grant nothing
  await db().insert(userVehicles).values({ tenantId: stranger.tenantId, userId, vehicleId: v.otherTenant });
  await db().insert(dataPermissions).values(permit(v.otherTenant, 1, 1, null, stranger.tenantId));
  await hubFor(env, t.tenantId).configChanged();

  return { ...t, v, scopedId: userId, cookie: await signIn(account, PASSWORD), adminCookie: await signIn(t.account, t.password) };
}

describe("the data scope: the list page and the hub agree", () => {
  it("a department's user sees their organisation and below, authorized vehicles and permissions in force; nothing else", async () => {
    const w = await scopedWorld();
    const expected = [w.v.ofOrg, w.v.ofSubOrg, w.v.authorized, w.v.approved, w.v.approvedUntilTomorrow].sort((a, b) => a - b);
    expect(await listed(w.cookie, w.v)).toEqual(expected);
    expect(await watched(w.cookie)).toEqual(expected);
    const ids = await visibleVehicleIds(db(), w.tenantId, w.scopedId);
    expect(ids === "all" ? "all" : [...ids].sort((a, b) => a - b)).toEqual(expected);
  });

  it("the root organisation's user sees every vehicle of the tenant, and never another tenant's", async () => {
    const w = await scopedWorld();
    const ownTenant = Object.entries(w.v)
      .filter(([name]) => name !== "otherTenant")
      .map(([, id]) => id)
      .sort((a, b) => a - b);
    expect(await listed(w.adminCookie, w.v)).toEqual(ownTenant);
    expect(await watched(w.adminCookie)).toEqual(ownTenant);
    expect(await visibleVehicleIds(db(), w.tenantId, w.userId)).toBe("all");
  });

  it("a user of another tenant is nobody here: the hub's rule gives them nothing", async () => {
    const w = await scopedWorld();
    const stranger = await makeTenant({ role: "admin" });
    expect(await visibleVehicleIds(db(), w.tenantId, stranger.userId)).toEqual(new Set());
  });
});
