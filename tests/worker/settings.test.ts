import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { get, makeTenant, postForm, signIn, unique } from "./helpers";

async function adminOf() {
  const t = await makeTenant({ role: "admin" });
  return { ...t, cookie: await signIn(t.account, t.password) };
}
const versionOf = (html: string) => /name="version" value="(\d+)"/.exec(html)?.[1] ?? "0";

describe("settings screens", () => {
  it("/tenantConfig saves per tenant with a version check, and refuses bad values", async () => {
    const a = await adminOf();
    const b = await adminOf();
    const fields = { systemName: unique("塔吊云"), loginTitle: "", defaultLanguage: "zh-CN", sessionIdleHours: "8", watermark: "1" };
    const bad = await postForm("/tenantConfig", { ...fields, sessionIdleHours: "100", systemName: "", version: "0" }, { Cookie: a.cookie });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("请输入1-72之间的整数");
    expect(html).toContain("此项不能为空");
    expect((await postForm("/tenantConfig", { ...fields, version: "0" }, { Cookie: a.cookie })).status).toBe(302);
    const page = await (await get("/tenantConfig", a.cookie)).text();
    expect(page).toContain(fields.systemName);
    expect(versionOf(page)).toBe("1");
    // a save from a page loaded before the first one is refused
    const stale = await postForm("/tenantConfig", { ...fields, systemName: "旧页面", version: "0" }, { Cookie: a.cookie });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("数据已被他人修改，请刷新后重试");
    expect(await (await get("/tenantConfig", b.cookie)).text()).not.toContain(fields.systemName);
  });

  it("/tenantConfig sets the day count a new contract starts from; a form without it keeps the 30-day month", async () => {
    const a = await adminOf();
    const fields = { systemName: unique("塔吊云"), loginTitle: "", defaultLanguage: "zh-CN", sessionIdleHours: "8", watermark: "0" };
    const dayCountOf = async () => /<select[^>]*name="dayCount"[^>]*>[\s\S]*?<\/select>/.exec(await (await get("/contractList/form?new=1", a.cookie)).text())?.[0] ?? "";
    expect(await dayCountOf()).toMatch(/<option value="thirty" selected/);
    expect((await postForm("/tenantConfig", { ...fields, dayCount: "calendar", version: "0" }, { Cookie: a.cookie })).status).toBe(302);
    expect(await dayCountOf()).toMatch(/<option value="calendar" selected/);
    expect((await postForm("/tenantConfig", { ...fields, dayCount: "weekly", version: "1" }, { Cookie: a.cookie })).status).toBe(400);
    expect((await postForm("/tenantConfig", { ...fields, version: "1" }, { Cookie: a.cookie })).status).toBe(302);
    expect(await dayCountOf()).toMatch(/<option value="thirty" selected/);
  });

  it("/mapConfig needs a pk. token for Mapbox, keeps the saved token secret, and checks coordinates", async () => {
    const a = await adminOf();
    const base = { basemap: "mapbox", mapboxToken: "sk.secret", styleUrl: "http://x", tileUrl: "https://t/{z}/{x}", coordinateSystem: "gcj02", centerLng: "200", centerLat: "31", zoom: "20", version: "0" };
    const bad = await (await postForm("/mapConfig", base, { Cookie: a.cookie })).text();
    for (const m of ["使用 Mapbox 时须填写 pk. 开头的令牌", "样式地址须以 https:// 或 mapbox:// 开头", "瓦片地址须以 https:// 开头并包含 {z}、{x}、{y}", "经度须在-180到180之间", "缩放级别须在3到18之间"]) expect(bad).toContain(m);
    expect(bad).not.toContain("sk.secret");
    const good = { ...base, mapboxToken: "pk.public-token-123", styleUrl: "mapbox://styles/demo/light", tileUrl: "", centerLng: "121.5", zoom: "11" };
    expect((await postForm("/mapConfig", good, { Cookie: a.cookie })).status).toBe(302);
    const page = await (await get("/mapConfig", a.cookie)).text();
    expect(page).not.toContain("pk.public-token-123");
    // saving again with the token field left empty keeps it
    expect((await postForm("/mapConfig", { ...good, mapboxToken: "", zoom: "12", version: versionOf(page) }, { Cookie: a.cookie })).status).toBe(302);
    const stored = await env.DB.prepare("select value from tenant_settings where tenant_id = ? and key = 'map'").bind(a.tenantId).first<{ value: string }>();
    expect(JSON.parse(stored!.value)).toMatchObject({ mapboxToken: "pk.public-token-123", zoom: 12, coordinateSystem: "gcj02" });
  });

  it("/pageConfig allows at most five quick menus", async () => {
    const a = await adminOf();
    const body = new URLSearchParams({ pageSize: "50", version: "0" });
    for (const p of ["/userManage", "/roleManage", "/disData", "/alarmMgr", "/buildCompany", "/mapConfig"]) body.append("quickMenus", p);
    const post = (b: URLSearchParams) => postForm("/pageConfig", b, { Cookie: a.cookie });
    const six = await post(body);
    expect(six.status).toBe(400);
    expect(await six.text()).toContain("快捷菜单最多选择5个");
    body.delete("quickMenus");
    for (const p of ["/userManage", "/roleManage"]) body.append("quickMenus", p);
    expect((await post(body)).status).toBe(302);
  });

  it("/zhongtaiMailSet checks addresses and sends a test e-mail to the outbox", async () => {
    const a = await adminOf();
    const fields = { enabled: "1", senderName: "调度中心", senderAddress: "noreply@example.com", subjectPrefix: "[塔吊]", recipients: "a@example.com, bad-address", version: "0" };
    expect(await (await postForm("/zhongtaiMailSet", fields, { Cookie: a.cookie })).text()).toContain("收件人须为正确的邮箱地址，用逗号分隔");
    const one = `${unique("ops")}@example.com`;
    expect((await postForm("/zhongtaiMailSet", { ...fields, recipients: `${one}，b@example.com` }, { Cookie: a.cookie })).status).toBe(302);
    const sent = await postForm("/zhongtaiMailSet", { intent: "test" }, { Cookie: a.cookie });
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain("测试邮件已发送给 2 个收件人");
    const mail = await env.DB.prepare("select subject, tenant_id from outbox where recipient = ?").bind(one).first();
    expect(mail).toEqual({ subject: "[塔吊] 测试邮件 / Test e-mail", tenant_id: a.tenantId });
  });

  it("refuses users without the permission, even by direct POST", async () => {
    const t = await makeTenant({ role: "viewer" });
    const cookie = await signIn(t.account, t.password);
    expect((await get("/mapConfig", cookie)).status).toBe(403);
    expect((await postForm("/zhongtaiMailSet", { intent: "test" }, { Cookie: cookie })).status).toBe(403);
  });
});
