import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { get, makeTenant, postForm, signIn, unique } from "./helpers";

const PATH = "/routerPath";

async function adminOf() {
  const t = await makeTenant({ role: "admin" });
  const cookie = await signIn(t.account, t.password);
  return { ...t, cookie, post: (fields: Record<string, string>, lang = "zh-CN") => postForm(PATH, fields, { Cookie: `${cookie}; derrick_lang=${lang}` }) };
}

let next = 0;
const privisId = () => String(7_000_000 + Math.floor(Math.random() * 1_000_000) * 10 + (next++ % 10));

const validMenu = (over: Record<string, string> = {}) => ({
  intent: "create",
  name: unique("菜单"),
  nameEn: unique("Menu "),
  privisId: privisId(),
  privis: unique("menu_"),
  parent: "0",
  routerPath: "",
  sort: "1",
  type: "5",
  state: "1",
  home: "0",
  once: "0",
  ...over,
});

type MenuRow = { id: number; version: number; privis_id: string; parent: string; name: string; router_path: string | null };
const menuOf = (tenantId: number, privisId: string) => env.DB.prepare("select * from menus where tenant_id = ? and privis_id = ?").bind(tenantId, privisId).first<MenuRow>();
const menuByPath = (tenantId: number, path: string) => env.DB.prepare("select * from menus where tenant_id = ? and router_path = ?").bind(tenantId, path).first<MenuRow>();
const accessVersion = async (tenantId: number) => (await env.DB.prepare("select access_version as v from tenants where id = ?").bind(tenantId).first<{ v: number }>())!.v;

/** The update form's fields for a stored row, with changes. */
function editOf(row: MenuRow, over: Record<string, string> = {}) {
  return { intent: "update", id: String(row.id), version: String(row.version), name: row.name, nameEn: "Edited", privis: "edited_menu", parent: row.parent, routerPath: row.router_path ?? "", sort: "1", type: "5", state: "1", home: "0", once: "0", ...over };
}

/** A group with a child and a grandchild: G › C › D. */
async function tree(a: Awaited<ReturnType<typeof adminOf>>) {
  const g = validMenu();
  const c = validMenu({ parent: g.privisId, routerPath: `/${unique("c")}` });
  const d = validMenu({ parent: c.privisId, routerPath: `/${unique("d")}` });
  for (const m of [g, c, d]) expect((await a.post(m)).status).toBe(302);
  return { g: (await menuOf(a.tenantId, g.privisId))!, c: (await menuOf(a.tenantId, c.privisId))!, d: (await menuOf(a.tenantId, d.privisId))! };
}

describe("/routerPath list", () => {
  it("lists the tenant's menu items with their parent, type and state, filtered in the URL", async () => {
    const a = await adminOf();
    const page = await (await get(`${PATH}?q=userManage`, a.cookie)).text();
    expect(page).toContain("用户管理");
    expect(page).toContain("系统管理"); // the parent's name
    // the type's name, not its code before it
    expect(page).toContain(">重置为本项<");
    expect(page).toContain("共 1 条");
    const hidden = await (await get(`${PATH}?state=0&q=applicationManage`, a.cookie)).text();
    expect(hidden).toContain("应用表单");
    expect(hidden).toContain("隐藏");
    const en = await (await get(`${PATH}?q=userManage`, `${a.cookie}; derrick_lang=en-US`)).text();
    expect(en).toContain(">Reset to this item<");
  });
});

describe("/routerPath saves", () => {
  it("refuses every invalid field with its message, in Chinese and in English, and keeps what was typed", async () => {
    const a = await adminOf();
    const bad = validMenu({ name: "名".repeat(31), nameEn: "x".repeat(61), privisId: "12ab", privis: "1bad-code", parent: "top", routerPath: "noSlash", sort: "1.5", type: "9" });
    const zh = await a.post(bad);
    expect(zh.status).toBe(400);
    const html = await zh.text();
    for (const text of [
      "菜单名称不能超过30个字符",
      "英文名称不能超过60个字符",
      "菜单编号须为1-10位数字",
      "权限标识须以字母开头，由字母、数字或 _ 组成，不超过60个字符",
      "上级菜单不存在",
      "路由路径须以 / 开头，不超过100个字符，分组可留空",
      "排序须为0-99999的整数",
      "请选择0到5之间的类型",
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toContain('value="noSlash"');
    const en = await (await a.post(bad, "en-US")).text();
    for (const text of [
      "The menu name can be at most 30 characters",
      "The English name can be at most 60 characters",
      "The menu ID must be 1–10 digits",
      "The permission code must start with a letter and use letters, digits or _, at most 60 characters",
      "The parent menu does not exist",
      "The route path must start with / and be at most 100 characters; leave it empty for a group",
      "The sort order must be a whole number from 0 to 99999",
      "Choose a type from 0 to 5",
    ]) {
      expect(en).toContain(text);
    }

    const empty = await a.post(validMenu({ name: " ", nameEn: "" }));
    expect(empty.status).toBe(400);
    expect((await empty.text()).match(/此项不能为空/g)?.length).toBe(2);
    expect(await (await a.post(validMenu({ name: "" }), "en-US")).text()).toContain("This field is required");
  });

  it("refuses a menu ID used in this tenant and a parent that is not there, but not another tenant's ID", async () => {
    const a = await adminOf();
    const first = validMenu();
    expect((await a.post(first)).status).toBe(302);
    const dup = await a.post(validMenu({ privisId: first.privisId }));
    expect(dup.status).toBe(409);
    expect(await dup.text()).toContain("该菜单编号已存在");
    expect(await (await a.post(validMenu({ privisId: first.privisId }), "en-US")).text()).toContain("This menu ID already exists");
    const orphan = await a.post(validMenu({ parent: "9999999999" }));
    expect(orphan.status).toBe(409);
    expect(await orphan.text()).toContain("上级菜单不存在");
    // another tenant's menu is no parent here, and its ID is free here
    const b = await adminOf();
    const theirs = await b.post(validMenu({ parent: first.privisId }));
    expect(await theirs.text()).toContain("上级菜单不存在");
    expect((await b.post(validMenu({ privisId: first.privisId }))).status).toBe(302);
  });

  it("refuses a parent that is the item itself or one of its descendants (spec §5)", async () => {
    const a = await adminOf();
    const self = validMenu();
    const selfCreate = await a.post({ ...self, parent: self.privisId });
    expect(await selfCreate.text()).toContain("上级菜单不能是自己");
    const { g, c, d } = await tree(a);
    const own = await a.post(editOf(g, { parent: g.privis_id }));
    expect(own.status).toBe(409);
    expect(await own.text()).toContain("上级菜单不能是自己");
    expect(await (await a.post(editOf(g, { parent: g.privis_id }), "en-US")).text()).toContain("A menu cannot be its own parent");
    for (const below of [c, d]) {
      const res = await a.post(editOf(g, { parent: below.privis_id }));
      expect(res.status).toBe(409);
      expect(await res.text()).toContain("上级菜单不能是自己的下级菜单");
    }
    expect(await (await a.post(editOf(g, { parent: d.privis_id }), "en-US")).text()).toContain("A menu cannot be placed under one of its own sub-menus");
    expect((await menuOf(a.tenantId, g.privis_id))!.parent).toBe("0");
    // moving a grandchild up to the group is fine
    expect((await a.post(editOf(d, { parent: g.privis_id }))).status).toBe(302);
    expect((await menuOf(a.tenantId, d.privis_id))!.parent).toBe(g.privis_id);
  });

  it("keeps the menu ID on update and refuses a stale save", async () => {
    const a = await adminOf();
    const m = validMenu();
    await a.post(m);
    const row = (await menuOf(a.tenantId, m.privisId))!;
    expect((await a.post({ ...editOf(row, { name: "第一次" }), privisId: "123" })).status).toBe(302);
    expect(await menuOf(a.tenantId, m.privisId)).toMatchObject({ name: "第一次" });
    const stale = await a.post(editOf(row, { name: "第二次" }));
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("数据已被他人修改，请刷新后重试");
  });
});

describe("/routerPath delete", () => {
  it("refuses an item with sub-menus, and removes an item's role grants with it", async () => {
    const a = await adminOf();
    const { g, c, d } = await tree(a);
    const refused = await a.post({ intent: "delete", ids: String(g.id) });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("存在子菜单，不能删除");
    expect(await (await a.post({ intent: "delete", ids: String(c.id) }, "en-US")).text()).toContain("This menu has sub-menus and cannot be deleted");
    expect(await menuOf(a.tenantId, g.privis_id)).not.toBeNull();

    await env.DB.prepare("insert into role_menus (tenant_id, role_id, menu_id) values (?, ?, ?), (?, ?, ?)").bind(a.tenantId, a.roleIds.admin, c.id, a.tenantId, a.roleIds.admin, d.id).run();
    // a child deleted together with its parent does not hold the parent back
    expect((await a.post({ intent: "delete", ids: `${c.id},${d.id}` })).status).toBe(302);
    expect(await menuOf(a.tenantId, c.privis_id)).toBeNull();
    expect(await env.DB.prepare("select count(*) as n from role_menus where menu_id in (?, ?)").bind(c.id, d.id).first()).toEqual({ n: 0 });
    expect((await a.post({ intent: "delete", ids: String(g.id) })).status).toBe(302);
  });
});

describe("/routerPath and the access cache", () => {
  it("shows a menu change to signed-in users on their next request", async () => {
    const a = await adminOf();
    const userMenu = (await menuByPath(a.tenantId, "/userManage"))!;
    const before = await accessVersion(a.tenantId);
    expect((await get("/userManage", a.cookie)).status).toBe(200);

    const renamed = unique("RenamedMenu");
    expect((await a.post(editOf(userMenu, { name: renamed, routerPath: "/userManage", parent: userMenu.parent }))).status).toBe(302);
    expect(await accessVersion(a.tenantId)).toBeGreaterThan(before);
    expect(await (await get("/manageWork", a.cookie)).text()).toContain(renamed);

    // the route path grants the screen: moved away, the screen is refused at once
    const moved = (await menuByPath(a.tenantId, "/userManage"))!;
    expect((await a.post(editOf(moved, { name: renamed, routerPath: "/userManageOld", parent: moved.parent }))).status).toBe(302);
    expect((await get("/userManage", a.cookie)).status).toBe(403);

    // a deleted menu takes its screen with it
    const roleMenu = (await menuByPath(a.tenantId, "/roleManage"))!;
    expect((await get("/roleManage", a.cookie)).status).toBe(200);
    expect((await a.post({ intent: "delete", ids: String(roleMenu.id) })).status).toBe(302);
    expect((await get("/roleManage", a.cookie)).status).toBe(403);
  });
});

describe("/routerPath permissions", () => {
  it("refuses a direct POST without routerPath:add, :edit or :delete, even with the screen", async () => {
    const t = await makeTenant({ role: "viewer" });
    await env.DB.prepare("insert or ignore into role_menus (tenant_id, role_id, menu_id) select ?, ?, id from menus where tenant_id = ? and router_path = ?").bind(t.tenantId, t.roleIds.viewer, t.tenantId, PATH).run();
    await env.DB.prepare("insert or ignore into role_permissions (tenant_id, role_id, code) values (?, ?, 'routerPath:view')").bind(t.tenantId, t.roleIds.viewer).run();
    await env.DB.prepare("update tenants set access_version = access_version + 1 where id = ?").bind(t.tenantId).run();
    const cookie = await signIn(t.account, t.password);
    const page = await get(PATH, cookie);
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain('data-testid="add"');
    const target = (await menuByPath(t.tenantId, "/manageWork"))!;
    for (const fields of [validMenu(), editOf(target, { name: "越权" }), { intent: "delete", ids: String(target.id) }, { intent: "confirmDelete", ids: String(target.id) }]) {
      const res = await postForm(PATH, fields, { Cookie: cookie });
      expect(res.status, fields.intent).toBe(403);
    }
    expect(await menuByPath(t.tenantId, "/manageWork")).toMatchObject({ name: target.name, version: target.version });
    // and a viewer without the screen is refused the list itself
    const other = await makeTenant({ role: "viewer" });
    expect((await get(PATH, await signIn(other.account, other.password))).status).toBe(403);
  });
});
