import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { batch } from "../../db/client";
import { expectChanges, isGuardFailure } from "../../db/guard";
import { auditLogs, users } from "../../db/schema";
import { and, eq } from "drizzle-orm";
import { FACTORIES } from "./factories";
import { db, get, makeTenant, postForm, signIn } from "./helpers";

// The transitions engine (app/modules/workflow): 启用 / 停用 of users and vehicles run on it.

async function adminOf() {
  const t = await makeTenant({ role: "admin" });
  const cookie = await signIn(t.account, t.password);
  return { ...t, cookie, post: (path: string, fields: Record<string, string>, lang = "zh-CN") => postForm(path, fields, { Cookie: `${cookie}; derrick_lang=${lang}` }) };
}

const created: Record<number, { account: string; password: string }> = {};
async function someUsers(a: Awaited<ReturnType<typeof adminOf>>, n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const fields: Record<string, string> = { intent: "create", ...FACTORIES.user!(a) };
    expect((await a.post("/userManage", fields)).status).toBe(302);
    const id = (await env.DB.prepare("select id from users where login_account = ?").bind(fields.loginAccount).first<{ id: number }>())!.id;
    created[id] = { account: fields.loginAccount!, password: fields.password! };
    ids.push(id);
  }
  return ids;
}

const userRow = (id: number) => env.DB.prepare("select state, version from users where id = ?").bind(id).first<{ state: number; version: number }>();
const audits = (entity: string, ids: number[]) =>
  env.DB.prepare(`select entity_id, action, before, after, user_id from audit_logs where entity = ? and entity_id in (${ids.map(() => "?").join(",")}) and action in ('enable', 'disable', 'stop') order by id`)
    .bind(entity, ...ids.map(String))
    .all<{ entity_id: string; action: string; before: string; after: string; user_id: number }>();

describe("the batch guard", () => {
  it("fails the whole batch when the write before it missed, and lets it through when it hit", async () => {
    const t = await makeTenant();
    const before = (await userRow(t.userId))!;
    const missed = batch(db(), [
      db().update(users).set({ userName: "改过的名字" }).where(and(eq(users.id, t.userId), eq(users.version, before.version + 99))),
      expectChanges(db(), 1),
      db().insert(auditLogs).values({ tenantId: t.tenantId, userId: t.userId, action: "guard-test", entity: "user", entityId: String(t.userId) }),
    ]);
    await expect(missed).rejects.toSatisfy(isGuardFailure);
    expect(await env.DB.prepare("select count(*) n from audit_logs where action = 'guard-test' and entity_id = ?").bind(String(t.userId)).first("n")).toBe(0);

    await batch(db(), [
      db().update(users).set({ userName: "改过的名字" }).where(and(eq(users.id, t.userId), eq(users.version, before.version))),
      expectChanges(db(), 1),
      db().insert(auditLogs).values({ tenantId: t.tenantId, userId: t.userId, action: "guard-test", entity: "user", entityId: String(t.userId) }),
    ]);
    expect(await env.DB.prepare("select count(*) n from audit_logs where action = 'guard-test' and entity_id = ?").bind(String(t.userId)).first("n")).toBe(1);
    // the guard row itself is unchanged, so the next batch starts clean
    expect(await env.DB.prepare("select ok from batch_guard").first("ok")).toBe(1);
  });
});

describe("transitions on /userManage", () => {
  it("asks first, naming the rows, then disables them with one audit record each and their sessions ended", async () => {
    const a = await adminOf();
    const ids = await someUsers(a, 2);
    const theirCookie = await signIn(created[ids[0]!]!.account, created[ids[0]!]!.password);
    // signed in (their role may not open the workbench, but they are not sent to sign in)
    expect((await get("/manageWork", theirCookie)).status).not.toBe(302);
    const ask = await a.post("/userManage", { intent: "confirm:disable", ids: ids.join(",") });
    expect(ask.status).toBe(200);
    const html = await ask.text();
    expect(html).toContain("确定停用该用户吗？停用后该用户将无法登录。");
    expect(html).toContain('value="transition:disable"');
    const versions = /name="versions" value="([^"]+)"/.exec(html)![1]!;
    expect(versions).toBe(ids.map((id) => `${id}:1`).join(","));
    expect((await a.post("/userManage", { intent: "transition:disable", ids: ids.join(","), versions })).status).toBe(302);
    for (const id of ids) expect(await userRow(id)).toEqual({ state: 0, version: 2 });
    // their session ended with the same batch: the next page sends them to sign in
    expect((await get("/manageWork", theirCookie)).status).toBe(302);
    const records = (await audits("user", ids)).results;
    expect(records.map((r) => [Number(r.entity_id), r.action, JSON.parse(r.before), JSON.parse(r.after), r.user_id])).toEqual(ids.map((id) => [id, "disable", { state: 1 }, { state: 0 }, a.userId]));
    // English: the same question in the user's language
    expect(await (await a.post("/userManage", { intent: "confirm:enable", ids: String(ids[0]) }, "en-US")).text()).toContain("Enable this user?");
  });

  it("refuses a transition the row's state does not allow, and changes nothing", async () => {
    const a = await adminOf();
    const [id] = await someUsers(a, 1);
    expect((await a.post("/userManage", { intent: "transition:disable", ids: String(id) })).status).toBe(302);
    const again = await a.post("/userManage", { intent: "transition:disable", ids: String(id) });
    expect(again.status).toBe(409);
    expect(await again.text()).toMatch(/当前状态不能执行此操作/);
    expect(await userRow(id!)).toEqual({ state: 0, version: 2 });
    expect((await audits("user", [id!])).results).toHaveLength(1);
  });

  it("applies a batch all or nothing: one row changed since the confirmation refuses the whole batch", async () => {
    const a = await adminOf();
    const ids = await someUsers(a, 3);
    const versions = /name="versions" value="([^"]+)"/.exec(await (await a.post("/userManage", { intent: "confirm:disable", ids: ids.join(",") })).text())![1]!;
    // someone edits the second user meanwhile
    await env.DB.prepare("update users set version = version + 1 where id = ?").bind(ids[1]).run();
    const stale = await a.post("/userManage", { intent: "transition:disable", ids: ids.join(","), versions });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("数据已被他人修改，请刷新后重试");
    for (const id of ids) expect((await userRow(id))!.state).toBe(1);
    expect((await audits("user", ids)).results).toHaveLength(0);
  });

  it("lets two concurrent batches over the same rows through once: the loser changes nothing", async () => {
    const a = await adminOf();
    const ids = await someUsers(a, 4);
    const answers = await Promise.all([a.post("/userManage", { intent: "transition:disable", ids: ids.join(",") }), a.post("/userManage", { intent: "transition:disable", ids: ids.join(",") })]);
    expect(answers.map((r) => r.status).sort()).toEqual([302, 409]);
    for (const id of ids) expect(await userRow(id)).toEqual({ state: 0, version: 2 });
    expect((await audits("user", ids)).results).toHaveLength(4);
  });

  it("refuses without the permission code, for another tenant's rows, and the own account's disable", async () => {
    const a = await adminOf();
    const b = await adminOf();
    const [foreign] = await someUsers(b, 1);
    expect((await a.post("/userManage", { intent: "transition:disable", ids: String(foreign) })).status).toBe(404);
    expect((await userRow(foreign!))!.state).toBe(1);
    const self = await a.post("/userManage", { intent: "transition:disable", ids: String(a.userId) });
    expect(self.status).toBe(400);
    expect(await self.text()).toContain("不能停用当前登录的账号");
    // the page offers no 停用 on the own row, and does on another's
    const [mine] = await someUsers(a, 1);
    const page = await (await get(`/userManage?q=${encodeURIComponent(a.account)}`, a.cookie)).text();
    expect(page).not.toContain('value="confirm:disable"');
    expect(await (await get("/userManage", a.cookie)).text()).toContain('value="confirm:disable"');
    // the admin loses userManage:edit: the screen stays, the transition is refused
    await env.DB.prepare("delete from role_permissions where code = 'userManage:edit' and role_id in (select role_id from user_roles where user_id = ?)").bind(a.userId).run();
    await env.DB.prepare("update tenants set access_version = access_version + 1 where id = ?").bind(a.tenantId).run();
    const refused = await a.post("/userManage", { intent: "transition:disable", ids: String(mine) });
    expect(refused.status).toBe(403);
    expect((await userRow(mine!))!.state).toBe(1);
    expect(await (await get("/userManage", a.cookie)).text()).not.toContain('value="confirm:disable"');
  });

  it("keeps the names the buttons posted before the engine (confirmState / setState)", async () => {
    const a = await adminOf();
    const [id] = await someUsers(a, 1);
    expect(await (await a.post("/userManage", { intent: "confirmState", ids: String(id), state: "0" })).text()).toContain('value="transition:disable"');
    expect((await a.post("/userManage", { intent: "setState", ids: String(id), state: "0" })).status).toBe(302);
    expect((await a.post("/userManage", { intent: "setState", ids: String(id), state: "1" })).status).toBe(302);
    expect((await audits("user", [id!])).results.map((r) => r.action)).toEqual(["disable", "enable"]);
  });
});

describe("transitions on /deviceList", () => {
  it("stops and enables a vehicle inside the data scope, audited as stop and enable", async () => {
    const a = await adminOf();
    const fields: Record<string, string> = { intent: "create", ...FACTORIES.vehicle!(a) };
    expect((await a.post("/deviceList", fields)).status).toBe(302);
    const { id } = (await env.DB.prepare("select id from vehicles where plate = ?").bind(fields.plate).first<{ id: number }>())!;
    expect(await (await a.post("/deviceList", { intent: "confirm:disable", ids: String(id) })).text()).toContain("确定停用所选车辆吗？");
    expect((await a.post("/deviceList", { intent: "transition:disable", ids: String(id) })).status).toBe(302);
    expect(await env.DB.prepare("select state from vehicles where id = ?").bind(id).first("state")).toBe(0);
    expect((await a.post("/deviceList", { intent: "transition:enable", ids: String(id) })).status).toBe(302);
    expect((await audits("vehicle", [id])).results.map((r) => r.action)).toEqual(["stop", "enable"]);
    const other = await adminOf();
    expect((await other.post("/deviceList", { intent: "transition:disable", ids: String(id) })).status).toBe(404);
    expect(await env.DB.prepare("select state from vehicles where id = ?").bind(id).first("state")).toBe(1);
  });
});

