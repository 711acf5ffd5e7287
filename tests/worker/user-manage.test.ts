import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { FACTORIES } from "./factories";
import { attemptLogin, get, makeTenant, postForm, signIn, unique } from "./helpers";

const PATH = "/userManage";

async function adminOf() {
  const t = await makeTenant({ role: "admin" });
  const cookie = await signIn(t.account, t.password);
  return { ...t, cookie, post: (fields: Record<string, string>, lang = "zh-CN") => postForm(PATH, fields, { Cookie: `${cookie}; derrick_lang=${lang}` }) };
}

const validUser = (t: { rootOrgId: number; roleIds: { admin: number; dispatcher: number; viewer: number } }, over: Record<string, string> = {}): Record<string, string> => ({
  intent: "create",
  ...FACTORIES.user!(t),
  ...over,
});

const row = (id: number) => env.DB.prepare("select * from users where id = ?").bind(id).first<Record<string, unknown>>();
const idOf = async (account: string) => (await env.DB.prepare("select id from users where login_account = ?").bind(account).first<{ id: number }>())?.id;

describe("/userManage list", () => {
  it("lists only the tenant's own users, filters by text and state in the URL, and pages", async () => {
    const a = await adminOf();
    const other = await makeTenant();
    for (let i = 0; i < 22; i++) expect((await a.post(validUser(a, { loginAccount: `pg${i}${unique("")}`, state: i % 2 ? "1" : "0" }))).status).toBe(302);
    const page1 = await (await get(PATH, a.cookie)).text();
    expect(page1).not.toContain(other.account);
    expect(page1).toContain("共 23 条");
    expect(page1).toContain("第 1 / 2 页");
    const page2 = await (await get(`${PATH}?page=2`, a.cookie)).text();
    expect(page2).toContain("第 2 / 2 页");

    const disabled = await (await get(`${PATH}?state=0`, a.cookie)).text();
    expect(disabled).toContain("共 11 条");
    const search = await (await get(`${PATH}?q=${encodeURIComponent(a.account)}%25`, a.cookie)).text();
    expect(search).toContain("共 1 条");
    const none = await (await get(`${PATH}?q=nobody-here`, a.cookie)).text();
    expect(none).toContain("暂无数据");
  });

  it("keeps the totals by state right as users are enabled, disabled, added and removed (row_counts, migration 0011)", async () => {
    const a = await adminOf();
    const accounts = Array.from({ length: 5 }, (_, i) => `st${i}${unique("")}`);
    for (const [i, account] of accounts.entries()) expect((await a.post(validUser(a, { loginAccount: account, state: i < 2 ? "0" : "1" }))).status).toBe(302);
    const totals = async () => {
      const read = async (q: string) => Number(/共 (\d+) 条/.exec(await (await get(`${PATH}${q}`, a.cookie)).text())?.[1] ?? "0");
      return { all: await read(""), off: await read("?state=0"), on: await read("?state=1") };
    };
    // the administrator and three enabled users; two disabled
    expect(await totals()).toEqual({ all: 6, off: 2, on: 4 });
    await env.DB.prepare("update users set state = 0 where id = ?").bind(await idOf(accounts[4]!)).run();
    await env.DB.prepare("update users set user_name = 'renamed' where id = ?").bind(await idOf(accounts[3]!)).run();
    expect(await totals()).toEqual({ all: 6, off: 3, on: 3 });
    expect((await a.post({ intent: "delete", ids: String(await idOf(accounts[0]!)) })).status).toBe(302);
    expect(await idOf(accounts[0]!)).toBeUndefined();
    expect(await totals()).toEqual({ all: 5, off: 2, on: 3 });
  });
});

describe("/userManage saves", () => {
  it("refuses every invalid field with its message, in Chinese and in English, and keeps what was typed", async () => {
    const a = await adminOf();
    const bad = validUser(a, { loginAccount: "ab", userName: "x!", password: "weak", phone: "123", email: "not-mail", address: "地".repeat(51), orgId: "", roleId: "" });
    const zh = await a.post(bad);
    expect(zh.status).toBe(400);
    const html = await zh.text();
    for (const text of ["账号须为4-30位中文、字母、数字或 . @ _ -", "用户名须为4-30位中文、字母、数字或 . @ _ -", "密码须为8-20位，且包含数字、大写字母和小写字母", "请输入正确的手机号码", "请输入正确的邮箱地址", "地址不能超过50个字符", "此项不能为空"]) {
      expect(html).toContain(text);
    }
    expect(html).toContain('value="not-mail"');
    expect(html).not.toContain('value="weak"');

    const en = await (await a.post(bad, "en-US")).text();
    for (const text of ["Enter a valid mobile number", "Enter a valid e-mail address", "The address can be at most 50 characters", "Use 8–20 characters with a digit, an upper-case and a lower-case letter"]) {
      expect(en).toContain(text);
    }
  });

  it("creates a user who can sign in, and audits it without the password", async () => {
    const a = await adminOf();
    const fields = validUser(a, { phone: "13912345678", email: "new@example.com", expiresAt: "2099-12-31" });
    const res = await a.post(fields);
    expect(res.status).toBe(302);
    expect(res.headers.getSetCookie().join()).toContain("derrick_flash=saved");
    expect(await (await get(PATH, `${a.cookie}; derrick_flash=saved`)).text()).toContain("操作成功！");
    const id = (await idOf(fields.loginAccount))!;
    expect(await row(id)).toMatchObject({ tenant_id: a.tenantId, user_name: fields.userName, phone: "13912345678", state: 1 });
    expect(await signIn(fields.loginAccount, fields.password)).toContain("derrick_session=");
    const audit = await env.DB.prepare("select action, after from audit_logs where entity = 'user' and entity_id = ?").bind(String(id)).first<{ action: string; after: string }>();
    expect(audit?.action).toBe("create");
    expect(audit?.after).toContain(fields.loginAccount);
    expect(audit?.after).not.toMatch(/password/i);
  });

  it("refuses a login account used by any tenant and a user name used in this tenant", async () => {
    const a = await adminOf();
    const other = await makeTenant();
    const dupAccount = await a.post(validUser(a, { loginAccount: other.account }));
    expect(dupAccount.status).toBe(409);
    expect(await dupAccount.text()).toContain("该账号已存在");
    const first = validUser(a);
    await a.post(first);
    const dupName = await a.post(validUser(a, { userName: first.userName }));
    expect(dupName.status).toBe(409);
    expect(await dupName.text()).toContain("该用户名已存在");
  });

  it("refuses a stale save and overwrites nothing", async () => {
    const a = await adminOf();
    const fields = validUser(a);
    await a.post(fields);
    const id = (await idOf(fields.loginAccount))!;
    const { password: _p, loginAccount: _l, ...editable } = fields;
    const first = await a.post({ ...editable, intent: "update", id: String(id), version: "1", userName: "第一次保存" });
    expect(first.status).toBe(302);
    const second = await a.post({ ...editable, intent: "update", id: String(id), version: "1", userName: "第二次保存" });
    expect(second.status).toBe(409);
    expect(await second.text()).toContain("数据已被他人修改，请刷新后重试");
    expect((await row(id))?.user_name).toBe("第一次保存");
  });

  it("answers 404 for another tenant's user and never changes it", async () => {
    const a = await adminOf();
    const other = await makeTenant();
    const { password: _p, loginAccount: _l, ...editable } = validUser(a);
    const res = await a.post({ ...editable, intent: "update", id: String(other.userId), version: "1" });
    expect(res.status).toBe(404);
    expect((await get(`${PATH}?edit=${other.userId}`, a.cookie)).status).toBe(404);
    // a row the user cannot see is answered as one that is not there (deleteRows: nothing to delete is a 404)
    const del = await a.post({ intent: "delete", ids: String(other.userId) });
    expect(del.status).toBe(404);
    expect(await row(other.userId)).not.toBeNull();
  });
});

describe("/userManage row actions", () => {
  it("asks before deleting, deletes, and never deletes the signed-in account", async () => {
    const a = await adminOf();
    const fields = validUser(a);
    await a.post(fields);
    const id = (await idOf(fields.loginAccount))!;
    const none = await a.post({ intent: "confirmDelete" });
    expect(await none.text()).toContain("请至少选择一条数据");
    const ask = await (await a.post({ intent: "confirmDelete", ids: String(id) })).text();
    expect(ask).toContain("确定删除吗?");
    expect(ask).toContain(fields.loginAccount);
    expect(await row(id)).not.toBeNull();
    expect((await a.post({ intent: "delete", ids: String(id) })).status).toBe(302);
    expect(await row(id)).toBeNull();
    const self = await a.post({ intent: "delete", ids: String(a.userId) });
    expect(await self.text()).toContain("不能删除当前登录的账号");
    expect(await row(a.userId)).not.toBeNull();
  });

  it("disables a user after confirmation, which ends their sessions and sign-in", async () => {
    const a = await adminOf();
    const fields = validUser(a);
    await a.post(fields);
    const id = (await idOf(fields.loginAccount))!;
    const theirCookie = await signIn(fields.loginAccount, fields.password);
    const ask = await (await a.post({ intent: "confirmState", ids: String(id), state: "0" })).text();
    expect(ask).toContain("确定停用该用户吗？停用后该用户将无法登录。");
    expect((await a.post({ intent: "setState", ids: String(id), state: "0" })).status).toBe(302);
    expect((await get("/manageWork", theirCookie)).status).toBe(302);
    expect(await (await attemptLogin(fields.loginAccount, fields.password)).text()).toContain("该账号已被停用，请联系管理员");
    expect(await (await a.post({ intent: "setState", ids: String(a.userId), state: "0" })).text()).toContain("不能停用当前登录的账号");
  });

  it("resets one selected user's password with the password rules", async () => {
    const a = await adminOf();
    const fields = validUser(a);
    await a.post(fields);
    const id = (await idOf(fields.loginAccount))!;
    expect(await (await a.post({ intent: "resetPassword" })).text()).toContain("请至少选择一条数据");
    expect(await (await a.post({ intent: "resetPassword", ids: `${id},${a.userId}` })).text()).toContain("只能选择一条数据");
    expect(await (await a.post({ intent: "resetPassword", ids: String(id) })).text()).toContain("新密码");
    expect(await (await a.post({ intent: "resetPassword", ids: String(id), password: "NewPass2026", confirm: "NewPass2027" })).text()).toContain("两次输入的密码不一致");
    expect((await a.post({ intent: "resetPassword", ids: String(id), password: "NewPass2026", confirm: "NewPass2026" })).status).toBe(302);
    expect(await signIn(fields.loginAccount, "NewPass2026")).toContain("derrick_session=");
  });
});

describe("/userManage permissions", () => {
  it("refuses a direct POST without the permission code, even with the screen", async () => {
    const t = await makeTenant({ role: "viewer" });
    // give the viewer the screen and userManage:view, but not :add, :edit or :delete
    await env.DB.prepare("insert or ignore into role_menus (tenant_id, role_id, menu_id) select ?, ?, id from menus where tenant_id = ? and router_path = ?").bind(t.tenantId, t.roleIds.viewer, t.tenantId, PATH).run();
    await env.DB.prepare("insert or ignore into role_permissions (tenant_id, role_id, code) values (?, ?, 'userManage:view')").bind(t.tenantId, t.roleIds.viewer).run();
    await env.DB.prepare("update tenants set access_version = access_version + 1 where id = ?").bind(t.tenantId).run();
    const cookie = await signIn(t.account, t.password);
    const page = await get(PATH, cookie);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toContain('data-testid="add"');
    for (const intent of ["create", "update", "delete", "setState", "resetPassword"]) {
      const res = await postForm(PATH, { intent, ids: String(t.userId), id: String(t.userId) }, { Cookie: cookie });
      expect(res.status, intent).toBe(403);
    }
    expect(await row(t.userId)).toMatchObject({ state: 1 });
  });
});

describe("/userManage column choice", () => {
  it("keeps the user's order and hidden columns, and refuses hiding the fixed column", async () => {
    const a = await adminOf();
    const refused = await a.post({ intent: "columns", order: "userName,loginAccount", visible: "userName" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("登录账号不可隐藏");

    const all = ["loginAccount", "userName", "orgName", "roleNames", "phone", "email", "state", "expiresAt", "createdAt"];
    const body = new URLSearchParams({ intent: "columns", order: ["userName", ...all.filter((k) => k !== "userName")].join(",") });
    for (const v of all.filter((k) => k !== "email")) body.append("visible", v);
    expect((await postForm(PATH, body, { Cookie: a.cookie })).status).toBe(302);

    const html = await (await get(PATH, a.cookie)).text();
    const headers = [...html.matchAll(/<th scope="col"[^>]*>(?:<a[^>]*>)?([^<]+)/g)].map((m) => m[1]);
    expect(headers.slice(0, 2)).toEqual(["用户名", "登录账号"]);
    expect(headers).not.toContain("邮箱");
  });
});


describe("/userManage detail", () => {
  it("shows a user read-only to anyone with the screen, with labels for choices and — for empty values", async () => {
    const t = await makeTenant({ role: "viewer" });
    await env.DB.prepare("insert or ignore into role_menus (tenant_id, role_id, menu_id) select ?, ?, id from menus where tenant_id = ? and router_path = ?").bind(t.tenantId, t.roleIds.viewer, t.tenantId, PATH).run();
    await env.DB.prepare("update tenants set access_version = access_version + 1 where id = ?").bind(t.tenantId).run();
    const cookie = await signIn(t.account, t.password);
    const html = await (await get(`${PATH}?view=${t.userId}`, cookie)).text();
    const detail = /data-testid="resource-detail"[\s\S]*?<\/aside>/.exec(html)?.[0] ?? "";
    expect(detail).toContain(t.account);
    expect(detail).toContain("启用");
    expect(detail).toContain("只读用户");
    expect(detail).toContain("—");
    expect(detail).toContain("永久");
    expect(detail).not.toContain("初始密码");
    expect(detail).not.toMatch(/<input|<select/);
    const other = await makeTenant();
    expect((await get(`${PATH}?view=${other.userId}`, cookie)).status).toBe(404);
  });
});
