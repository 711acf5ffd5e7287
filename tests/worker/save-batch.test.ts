import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { FACTORIES } from "./factories";
import { makeTenant, postForm, signIn, unique } from "./helpers";
import { makeVehicle } from "./telematics";

/**
 * A save is one unit (issue 23 §3): the row, its side rows (role assignment, vehicle grants), its audit record go to
 * D1 as one batch, so a statement that fails stores none of them. Failures are made real with a trigger that aborts
 * one statement of one test's rows, then dropped.
 */
const PATH = "/userManage";

async function adminOf() {
  const t = await makeTenant({ role: "admin" });
  const cookie = await signIn(t.account, t.password);
  return { ...t, cookie, post: (fields: Record<string, string> | URLSearchParams) => postForm(PATH, fields, { Cookie: `${cookie}; derrick_lang=zh-CN` }) };
}

const one = <T>(query: string, ...params: unknown[]) => env.DB.prepare(query).bind(...params).first<T>();
const count = async (query: string, ...params: unknown[]) => (await one<{ n: number }>(query, ...params))!.n;

/** Runs `body` while a trigger aborts the statement it names; the trigger is gone afterwards whatever happens. */
async function whileRefusing(trigger: string, on: string, when: string, body: () => Promise<void>) {
  await env.DB.exec(`CREATE TRIGGER ${trigger} BEFORE ${on} FOR EACH ROW WHEN ${when} BEGIN SELECT RAISE(ABORT, 'refused by test'); END`);
  try {
    await body();
  } finally {
    await env.DB.exec(`DROP TRIGGER IF EXISTS ${trigger}`);
  }
}

describe("a posted form with repeated fields (Conform)", () => {
  it("stores every vehicle of a repeated field, not only the last one, with or without JavaScript", async () => {
    const a = await adminOf();
    const [v1, v2, v3] = [await makeVehicle(a.tenantId, { orgId: a.rootOrgId }), await makeVehicle(a.tenantId, { orgId: a.rootOrgId }), await makeVehicle(a.tenantId, { orgId: a.rootOrgId })];
    const plate = async (id: number) => (await one<{ plate: string }>("select plate from vehicles where id = ?", id))!.plate;
    const account = unique("rep");
    const form = new URLSearchParams({ intent: "create", ...FACTORIES.user!(a), loginAccount: account });
    form.delete("vehicles");
    // a plain form post: one field per chosen vehicle, the same name repeated
    for (const id of [v1.id, v2.id]) form.append("vehicles", await plate(id));
    expect((await a.post(form)).status).toBe(302);
    const user = await one<{ id: number }>("select id from users where login_account = ?", account);
    const granted = await env.DB.prepare("select vehicle_id from user_vehicles where user_id = ? order by vehicle_id").bind(user!.id).all<{ vehicle_id: number }>();
    expect(granted.results.map((r) => r.vehicle_id)).toEqual([v1.id, v2.id].sort((x, y) => x - y));

    // and the text field's plates one a line still work
    const row = await one<{ version: number }>("select version from users where id = ?", user!.id);
    const edit = { intent: "update", id: String(user!.id), version: String(row!.version), ...FACTORIES.user!(a), vehicles: `${await plate(v2.id)}\n${await plate(v3.id)}` };
    expect((await a.post(edit)).status).toBe(302);
    const after = await env.DB.prepare("select vehicle_id from user_vehicles where user_id = ? order by vehicle_id").bind(user!.id).all<{ vehicle_id: number }>();
    expect(after.results.map((r) => r.vehicle_id)).toEqual([v2.id, v3.id].sort((x, y) => x - y));
  });

  it("sends the repeated values back when the save is refused, and never the password", async () => {
    const a = await adminOf();
    const form = new URLSearchParams({ intent: "create", ...FACTORIES.user!(a), loginAccount: unique("bad"), email: "not-mail" });
    form.delete("vehicles");
    form.append("vehicles", "沪Z00001");
    form.append("vehicles", "沪Z00002");
    const res = await a.post(form);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("沪Z00001");
    expect(html).toContain("沪Z00002");
    expect(html).not.toContain(FACTORIES.user!(a).password);
  });
});

describe("a save is one batch: all stored or none", () => {
  it("a create whose side write fails leaves neither the user, nor a grant, nor the audit record", async () => {
    const a = await adminOf();
    const v = await makeVehicle(a.tenantId, { orgId: a.rootOrgId });
    const plate = (await one<{ plate: string }>("select plate from vehicles where id = ?", v.id))!.plate;
    const account = unique("side");
    const audits = await count("select count(*) as n from audit_logs where tenant_id = ?", a.tenantId);
    await whileRefusing(`refuse_role_${a.tenantId}`, "INSERT ON user_roles", `NEW.role_id = ${a.roleIds.viewer}`, async () => {
      const res = await a.post({ intent: "create", ...FACTORIES.user!(a), loginAccount: account, roleId: String(a.roleIds.viewer), vehicles: plate });
      expect(res.status).toBeGreaterThanOrEqual(500);
    });
    expect(await one("select id from users where login_account = ?", account)).toBeNull();
    expect(await count("select count(*) as n from user_vehicles where vehicle_id = ?", v.id)).toBe(0);
    expect(await count("select count(*) as n from audit_logs where tenant_id = ?", a.tenantId)).toBe(audits);

    // the same save without the refusal stores all three
    expect((await a.post({ intent: "create", ...FACTORIES.user!(a), loginAccount: account, roleId: String(a.roleIds.viewer), vehicles: plate })).status).toBe(302);
    const user = await one<{ id: number }>("select id from users where login_account = ?", account);
    expect(await one("select role_id from user_roles where user_id = ?", user!.id)).toEqual({ role_id: a.roleIds.viewer });
    expect(await count("select count(*) as n from user_vehicles where user_id = ? and vehicle_id = ?", user!.id, v.id)).toBe(1);
    expect(await count("select count(*) as n from audit_logs where entity = 'user' and action = 'create' and entity_id = ?", String(user!.id))).toBe(1);
  });

  it("an update whose audit insert fails leaves the row, its version and its role as they were", async () => {
    const a = await adminOf();
    const account = unique("upd");
    expect((await a.post({ intent: "create", ...FACTORIES.user!(a), loginAccount: account, roleId: String(a.roleIds.viewer) })).status).toBe(302);
    const before = await one<{ id: number; user_name: string; version: number }>("select id, user_name, version from users where login_account = ?", account);
    await whileRefusing(`refuse_audit_${before!.id}`, "INSERT ON audit_logs", `NEW.entity = 'user' AND NEW.action = 'update' AND NEW.entity_id = '${before!.id}'`, async () => {
      const res = await a.post({ intent: "update", id: String(before!.id), version: String(before!.version), ...FACTORIES.user!(a), userName: unique("改名"), roleId: String(a.roleIds.dispatcher) });
      expect(res.status).toBeGreaterThanOrEqual(500);
    });
    expect(await one("select id, user_name, version from users where id = ?", before!.id)).toEqual(before);
    expect(await one("select role_id from user_roles where user_id = ?", before!.id)).toEqual({ role_id: a.roleIds.viewer });
    expect(await count("select count(*) as n from audit_logs where entity = 'user' and action = 'update' and entity_id = ?", String(before!.id))).toBe(0);
  });

  it("a stale update stores nothing of its side writes either", async () => {
    const a = await adminOf();
    const account = unique("stale");
    expect((await a.post({ intent: "create", ...FACTORIES.user!(a), loginAccount: account, roleId: String(a.roleIds.viewer) })).status).toBe(302);
    const row = await one<{ id: number; version: number }>("select id, version from users where login_account = ?", account);
    // someone else saves between the form's read and this save: the version check fails inside the batch
    await env.DB.prepare("update users set version = version + 1 where id = ?").bind(row!.id).run();
    const res = await a.post({ intent: "update", id: String(row!.id), version: String(row!.version), ...FACTORIES.user!(a), roleId: String(a.roleIds.dispatcher) });
    expect(res.status).toBe(409);
    expect(await one("select role_id from user_roles where user_id = ?", row!.id)).toEqual({ role_id: a.roleIds.viewer });
  });

  it("a delete is all or nothing: one audit record failing keeps every row and its dependents", async () => {
    const a = await adminOf();
    const accounts = [unique("del"), unique("del")];
    for (const account of accounts) expect((await a.post({ intent: "create", ...FACTORIES.user!(a), loginAccount: account })).status).toBe(302);
    const ids = await Promise.all(accounts.map(async (account) => (await one<{ id: number }>("select id from users where login_account = ?", account))!.id));
    await whileRefusing(`refuse_delete_${ids[1]}`, "INSERT ON audit_logs", `NEW.action = 'delete' AND NEW.entity_id = '${ids[1]}'`, async () => {
      const res = await a.post({ intent: "delete", ids: ids.join(",") });
      expect(res.status).toBeGreaterThanOrEqual(500);
    });
    for (const id of ids) {
      expect(await one("select id from users where id = ?", id)).toEqual({ id });
      expect(await count("select count(*) as n from user_roles where user_id = ?", id)).toBe(1);
    }
    expect(await count("select count(*) as n from audit_logs where action = 'delete' and entity = 'user' and entity_id in (?, ?)", String(ids[0]), String(ids[1]))).toBe(0);
    expect((await a.post({ intent: "delete", ids: ids.join(",") })).status).toBe(302);
    for (const id of ids) expect(await one("select id from users where id = ?", id)).toBeNull();
  });
});

describe("an act outside the save is one batch too (runCommand): its writes and its audit record", () => {
  it("a password reset whose record fails keeps the old password and the user's sessions", async () => {
    const a = await adminOf();
    const account = unique("rst");
    expect((await a.post({ intent: "create", ...FACTORIES.user!(a), loginAccount: account })).status).toBe(302);
    const user = (await one<{ id: number; password_hash: string }>("select id, password_hash from users where login_account = ?", account))!;
    await env.DB.prepare("insert into sessions (id, tenant_id, user_id, created_at, last_seen_at, expires_at) values (?, ?, ?, ?, ?, ?)").bind(unique("sess"), a.tenantId, user.id, Date.now(), Date.now(), Date.now() + 3_600_000).run();
    const reset = { intent: "resetPassword", ids: String(user.id), password: "NewPass2026", confirm: "NewPass2026" };
    await whileRefusing(`refuse_reset_${user.id}`, "INSERT ON audit_logs", `NEW.action = 'resetPassword' AND NEW.entity_id = '${user.id}'`, async () => {
      expect((await a.post(reset)).status).toBeGreaterThanOrEqual(500);
    });
    expect((await one<{ password_hash: string }>("select password_hash from users where id = ?", user.id))!.password_hash).toBe(user.password_hash);
    expect(await count("select count(*) as n from sessions where user_id = ? and revoked_at is null", user.id)).toBe(1);
    // and with its record it is stored whole
    expect((await a.post(reset)).status).toBe(302);
    expect((await one<{ password_hash: string }>("select password_hash from users where id = ?", user.id))!.password_hash).not.toBe(user.password_hash);
    expect(await count("select count(*) as n from sessions where user_id = ? and revoked_at is null", user.id)).toBe(0);
    expect(await count("select count(*) as n from audit_logs where action = 'resetPassword' and entity_id = ?", String(user.id))).toBe(1);
  });

  it("a setting whose record fails is not stored; with its record it is, once", async () => {
    const a = await adminOf();
    const form = { basemap: "osm", tiandituKey: "", mapboxToken: "", styleUrl: "", tileUrl: "", attribution: "", coordinateSystem: "wgs84", centerLng: "121.47", centerLat: "31.23", zoom: "10", geocoder: "none", geocoderKey: "", geocoderUrl: "", geocoderPerMinute: "60", version: "0" };
    const post = () => postForm("/mapConfig", form, { Cookie: `${a.cookie}; derrick_lang=zh-CN` });
    const stored = () => one<{ version: number; value: string }>("select version, value from tenant_settings where tenant_id = ? and key = 'map'", a.tenantId);
    await whileRefusing(`refuse_settings_${a.tenantId}`, "INSERT ON audit_logs", `NEW.entity = 'settings:map' AND NEW.tenant_id = ${a.tenantId}`, async () => {
      expect((await post()).status).toBeGreaterThanOrEqual(500);
    });
    expect(await stored()).toBeNull();
    expect((await post()).status).toBe(302);
    expect((await stored())!.version).toBe(1);
    expect(JSON.parse((await stored())!.value).basemap).toBe("osm");
    // the same form again (its version 0 is stale now) stores nothing more
    expect((await post()).status).toBe(409);
    expect(await count("select count(*) as n from audit_logs where tenant_id = ? and entity = 'settings:map'", a.tenantId)).toBe(1);
  });
});
