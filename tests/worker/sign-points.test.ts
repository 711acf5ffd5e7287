import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { organisations, userRoles, users } from "../../db/schema";
import { hashPassword } from "../../app/lib/password";
import { FACTORIES } from "./factories";
import { db, get, makeTenant, postForm, signIn, unique } from "./helpers";

const PATH = "/signManagement";

async function adminOf() {
  const t = await makeTenant({ role: "admin" });
  const cookie = await signIn(t.account, t.password);
  return { ...t, cookie, post: (fields: Record<string, string>, lang = "zh-CN") => postForm(PATH, fields, { Cookie: `${cookie}; derrick_lang=${lang}` }) };
}
type Admin = Awaited<ReturnType<typeof adminOf>>;
const pointForm = (a: Admin, over: Record<string, string> = {}) => ({ intent: "create", ...FACTORIES.signPoint!(a), ...over });
const byName = (name: string) =>
  env.DB.prepare("select id, org_id as orgId, lng, lat, address, sign_range as signRange, work_start as workStart, work_end as workEnd, state, version from sign_points where name = ?")
    .bind(name)
    .first<{ id: number; orgId: number; lng: number; lat: number; address: string; signRange: number; workStart: string | null; workEnd: string | null; state: number; version: number }>();
const inputOf = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? "";

describe("签到管理 /signManagement", () => {
  it("renders the form with the sign-in map: hidden point, editable address, the six radii with 100 m chosen", async () => {
    const a = await adminOf();
    const html = await (await get(`${PATH}?new=1`, `${a.cookie}; derrick_lang=zh-CN`)).text();
    expect(html).toMatch(/<fieldset[^>]*data-testid="sign-in-map"[^>]*><legend[^>]*>签到地点<\/legend>/);
    expect(inputOf(html, "lng")).toContain('type="hidden"');
    expect(inputOf(html, "address")).not.toBe("");
    const select = /<select[^>]*name="signRange"[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1] ?? "";
    expect([...select.matchAll(/<option[^>]*value="(\d+)"/g)].map((m) => m[1])).toEqual(["100", "200", "300", "500", "1000", "2000"]);
    expect(select).toMatch(/<option[^>]*value="100"[^>]*selected/);
    // the map and its engine come only with the dialog
    expect(html).not.toMatch(/maplibre|mapbox|sign-in-map-dialog/);
    const en = await (await get(`${PATH}?new=1`, `${a.cookie}; derrick_lang=en-US`)).text();
    expect(en).toContain("No sign-in location yet");
    expect(en).toContain("Sign-in range");
  });

  it("stores the point, address, range and hours, and lists them", async () => {
    const a = await adminOf();
    const name = unique("签到");
    const res = await a.post(pointForm(a, { name, lng: "121.473701", lat: " 31.230416", address: " 人民广场项目部 ", signRange: "500", workStart: "07:30", workEnd: "18:00" }));
    expect(res.status).toBe(302);
    expect(await byName(name)).toMatchObject({ orgId: a.rootOrgId, lng: 121.473701, lat: 31.230416, address: "人民广场项目部", signRange: 500, workStart: "07:30", workEnd: "18:00", state: 1 });
    const list = await (await get(`${PATH}?q=${encodeURIComponent(name)}`, a.cookie)).text();
    expect(list).toContain(name);
    expect(list).toContain("07:30–18:00");
    expect(list).toContain("人民广场项目部");
  });

  it("refuses a range outside the spec's radii, a missing point, half or equal hours, a duplicate name; in both languages, keeping what was typed", async () => {
    const a = await adminOf();
    const name = unique("签到");
    const bad = pointForm(a, { name, lng: "", lat: "", address: "工地东门", signRange: "250" });
    const zh = await a.post(bad, "zh-CN");
    expect(zh.status).toBe(400);
    const zhHtml = await zh.text();
    expect(zhHtml).toContain("请选择签到范围");
    expect(zhHtml).toMatch(/data-testid="sign-in-map-error"[^>]*>[^<]+/);
    expect(inputOf(zhHtml, "address")).toContain('value="工地东门"');
    expect(inputOf(zhHtml, "name")).toContain(`value="${name}"`);
    const enHtml = await (await a.post(bad, "en-US")).text();
    expect(enHtml).toContain("Choose a sign-in range");
    const half = pointForm(a, { name, workStart: "07:00", workEnd: "" });
    expect(await (await a.post(half, "zh-CN")).text()).toContain("签到开始和结束时间须同时填写或同时留空");
    expect(await (await a.post(half, "en-US")).text()).toContain("Fill in both the start and end of the sign-in hours, or neither");
    expect(await (await a.post(pointForm(a, { name, workStart: "08:00", workEnd: "08:00" }))).text()).toContain("签到结束时间不能与开始时间相同");
    expect(await (await a.post(pointForm(a, { name, workStart: "25:00", workEnd: "08:00" }))).text()).toContain("请输入时间，格式 时:分（如 08:00）");
    expect(await byName(name)).toBeNull();

    expect((await a.post(pointForm(a, { name }))).status).toBe(302);
    const again = await a.post(pointForm(a, { name }), "en-US");
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("A sign-in point of this name already exists");
  });

  it("an overnight window is allowed; the database refuses a range the form would not (CHECK)", async () => {
    const a = await adminOf();
    const name = unique("夜班");
    expect((await a.post(pointForm(a, { name, workStart: "22:00", workEnd: "06:00" }))).status).toBe(302);
    await expect(env.DB.prepare("update sign_points set sign_range = 150 where name = ?").bind(name).run()).rejects.toThrow(/CHECK/);
  });

  it("stops and enables a point through the engine, with its confirmation and audit", async () => {
    const a = await adminOf();
    const name = unique("签到");
    await a.post(pointForm(a, { name }));
    const row = (await byName(name))!;
    const ask = await a.post({ intent: "confirm:disable", ids: String(row.id) });
    expect(ask.status).toBe(200);
    expect(await ask.text()).toContain(name);
    expect((await a.post({ intent: "transition:disable", ids: String(row.id), versions: `${row.id}:${row.version}` })).status).toBe(302);
    expect((await byName(name))!.state).toBe(0);
    const audit = await env.DB.prepare("select count(*) as n from audit_logs where entity = 'signPoint' and entity_id = ?").bind(String(row.id)).first<number>("n");
    expect(audit).toBeGreaterThanOrEqual(2);
    // stopping a stopped point is refused, nothing changed
    const again = await a.post({ intent: "transition:disable", ids: String(row.id), versions: `${row.id}:${row.version + 1}` });
    expect(again.status).toBe(409);
  });

  it("a user of a project department sees and edits only the points of his organisations; another tenant's ids answer 404", async () => {
    const a = await adminOf();
    const [dept] = await db().insert(organisations).values({ tenantId: a.tenantId, parentId: a.rootOrgId, name: unique("项目部") }).returning({ id: organisations.id });
    const [other] = await db().insert(organisations).values({ tenantId: a.tenantId, parentId: a.rootOrgId, name: unique("项目部") }).returning({ id: organisations.id });
    const mine = unique("本部");
    const theirs = unique("他部");
    await a.post(pointForm(a, { name: mine, orgId: String(dept!.id) }));
    await a.post(pointForm(a, { name: theirs, orgId: String(other!.id) }));
    const account = unique("sp");
    const password = "Passw0rd@2026";
    const [u] = await db()
      .insert(users)
      .values({ tenantId: a.tenantId, orgId: dept!.id, loginAccount: account, userName: unique("调度"), passwordHash: await hashPassword(password), isAdmin: 0 })
      .returning({ id: users.id });
    await db().insert(userRoles).values({ tenantId: a.tenantId, userId: u!.id, roleId: a.roleIds.admin });
    const cookie = await signIn(account, password);
    const list = await (await get(PATH, cookie)).text();
    expect(list).toContain(mine);
    expect(list).not.toContain(theirs);
    const theirsRow = (await byName(theirs))!;
    expect((await get(`${PATH}?edit=${theirsRow.id}`, cookie)).status).toBe(404);
    // nor may he put a point in an organisation outside his own
    const outside = unique("越权");
    const res = await postForm(PATH, pointForm(a, { name: outside, orgId: String(other!.id) }), { Cookie: cookie });
    expect(res.status).toBe(409);
    expect(await byName(outside)).toBeNull();

    const stranger = await adminOf();
    expect((await get(`${PATH}?edit=${theirsRow.id}`, stranger.cookie)).status).toBe(404);
    const stop = await stranger.post({ intent: "transition:disable", ids: String(theirsRow.id), versions: `${theirsRow.id}:${theirsRow.version}` });
    expect(stop.status).toBe(404);
    expect((await byName(theirs))!.state).toBe(1);
  });

  it("a user without the screen's permission is refused", async () => {
    const t = await makeTenant({ role: "viewer" });
    const cookie = await signIn(t.account, t.password);
    expect((await get(PATH, cookie)).status).toBe(403);
  });
});
