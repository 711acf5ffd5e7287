import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { get, makeTenant, postForm, signIn, unique } from "./helpers";

const PATH = "/roleManage";

async function adminOf() {
  const t = await makeTenant({ role: "admin" });
  const cookie = await signIn(t.account, t.password);
  return { ...t, cookie, post: (fields: Record<string, string>) => postForm(PATH, fields, { Cookie: cookie }) };
}

describe("/roleManage", () => {
  it("checks the role name rules and refuses a duplicate name", async () => {
    const a = await adminOf();
    const bad = await a.post({ intent: "create", name: "调度员!", state: "1", description: "" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("角色名称须为中文、字母、数字或 - _ ( )，不超过30个字符");
    const name = unique("调度(华东)_");
    expect((await a.post({ intent: "create", name, state: "1", description: "" })).status).toBe(302);
    const dup = await a.post({ intent: "create", name, state: "1", description: "" });
    expect(dup.status).toBe(409);
    expect(await dup.text()).toContain("该角色名称已存在");
  });

  it("refuses to delete a role that users still hold", async () => {
    const a = await adminOf();
    const res = await a.post({ intent: "delete", ids: String(a.roleIds.admin) });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("该角色下仍有用户，不能删除");
    expect(await env.DB.prepare("select id from roles where id = ?").bind(a.roleIds.admin).first()).not.toBeNull();
    // a role nobody holds goes, with its grants
    expect((await a.post({ intent: "delete", ids: String(a.roleIds.dispatcher) })).status).toBe(302);
    expect(await env.DB.prepare("select id from roles where id = ?").bind(a.roleIds.dispatcher).first()).toBeNull();
    expect(await env.DB.prepare("select count(*) as n from role_menus where role_id = ?").bind(a.roleIds.dispatcher).first()).toEqual({ n: 0 });
  });

  it("grants menus and function codes that take effect for the role's users at once", async () => {
    const a = await adminOf();
    const viewer = await makeTenant({ role: "viewer" });
    // a viewer of tenant A: create through the user screen so it joins A's viewer role
    const account = unique("v");
    await postForm("/userManage", { intent: "create", loginAccount: account, userName: unique("看"), password: "Passw0rd@26", orgId: String(a.rootOrgId), roleId: String(a.roleIds.viewer), phone: "", email: "", address: "", expiresAt: "", state: "1" }, { Cookie: a.cookie });
    const theirs = await signIn(account, "Passw0rd@26");
    expect((await get("/userManage", theirs)).status).toBe(403);

    expect(await (await a.post({ intent: "grant" })).text()).toContain("请至少选择一条数据");
    const panel = await (await a.post({ intent: "grant", ids: String(a.roleIds.viewer) })).text();
    expect(panel).toContain('data-testid="grant-tree"');

    const menuId = (await env.DB.prepare("select id from menus where tenant_id = ? and router_path = '/userManage'").bind(a.tenantId).first<{ id: number }>())!.id;
    const otherMenu = (await env.DB.prepare("select id from menus where tenant_id = ? and router_path = '/roleManage'").bind(a.tenantId).first<{ id: number }>())!.id;
    const foreignMenu = (await env.DB.prepare("select id from menus where tenant_id = ? limit 1").bind(viewer.tenantId).first<{ id: number }>())!.id;
    const body = new URLSearchParams({ intent: "saveGrant", ids: String(a.roleIds.viewer) });
    for (const id of [menuId, foreignMenu]) body.append("menus", String(id));
    for (const code of ["userManage:view", "userManage:add", "roleManage:delete", "userManage:fly"]) body.append("codes", code);
    expect((await postForm(PATH, body, { Cookie: a.cookie })).status).toBe(302);

    const codes = await env.DB.prepare("select code from role_permissions where role_id = ? order by code").bind(a.roleIds.viewer).all<{ code: string }>();
    expect(codes.results.map((r) => r.code)).toEqual(["userManage:add", "userManage:view"]);
    const menus = await env.DB.prepare("select menu_id from role_menus where role_id = ?").bind(a.roleIds.viewer).all<{ menu_id: number }>();
    expect(menus.results.map((r) => r.menu_id)).toEqual([menuId]);
    expect(otherMenu).not.toBe(menuId);

    const page = await get("/userManage", theirs);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('data-testid="add"');
  });

  it("answers 404 for another tenant's role", async () => {
    const a = await adminOf();
    const b = await makeTenant();
    expect((await a.post({ intent: "grant", ids: String(b.roleIds.viewer) })).status).toBe(404);
    expect((await a.post({ intent: "saveGrant", ids: String(b.roleIds.viewer), menus: "1" })).status).toBe(404);
  });
});
