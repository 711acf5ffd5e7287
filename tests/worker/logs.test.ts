import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { FACTORIES } from "./factories";
import { get, makeTenant, postForm, signIn, unique } from "./helpers";

async function adminOf() {
  const t = await makeTenant({ role: "admin" });
  return { ...t, cookie: await signIn(t.account, t.password) };
}

/** The create form of a menu item, from the isolation factory. */
function menuFields() {
  const fields = FACTORIES.menu!({} as never) as { privisId: string; name: string; [k: string]: string };
  return { ...fields, intent: "create" };
}

const decode = (html: string) => html.replace(/&quot;/g, '"').replace(/&amp;/g, "&").replace(/&#x27;|&#39;/g, "'").replace(/&gt;/g, ">").replace(/&lt;/g, "<");

describe("/operationLog", () => {
  it("lists the tenant's changes with the user, entity and a readable before/after, full JSON in the title", async () => {
    const a = await adminOf();
    const other = await adminOf();
    const menu = menuFields();
    expect((await postForm("/routerPath", menu, { Cookie: a.cookie })).status).toBe(302);
    const row = (await env.DB.prepare("select id, version from menus where tenant_id = ? and privis_id = ?").bind(a.tenantId, menu.privisId).first<{ id: number; version: number }>())!;
    const renamed = unique("改名菜单");
    const { privisId: _p, ...editable } = menu;
    expect((await postForm("/routerPath", { ...editable, intent: "update", id: String(row.id), version: String(row.version), name: renamed }, { Cookie: a.cookie })).status).toBe(302);
    const theirs = menuFields();
    await postForm("/routerPath", theirs, { Cookie: other.cookie });

    const res = await get("/operationLog?entity=menu", a.cookie);
    expect(res.status).toBe(200);
    const html = decode(await res.text());
    expect(html).toContain("共 2 条");
    expect(html).toContain(a.account);
    expect(html).toContain("菜单");
    expect(html).toContain("修改");
    expect(html).toContain(`菜单名称: ${menu.name} → ${renamed}`);
    expect(html).toContain(`"before":{`);
    expect(html).not.toContain(theirs.name);
    // the entity choices are the entities the log holds
    expect(html).toMatch(/<option value="menu"[^>]*>菜单<\/option>/);

    expect(await (await get("/operationLog?action=create&entity=menu", a.cookie)).text()).toContain("共 1 条");
    expect(await (await get(`/operationLog?user=${encodeURIComponent(a.account)}`, a.cookie)).text()).toContain("共 2 条");
    expect(await (await get("/operationLog?user=nobody-at-all", a.cookie)).text()).toContain("暂无数据");
    const en = await (await get("/operationLog?entity=menu", `${a.cookie}; derrick_lang=en-US`)).text();
    expect(en).toContain("Menu item");
    expect(en).toContain("Update");
    // the fields by their English labels in the cell
    expect(decode(en)).toContain(`>Name: ${menu.name} → ${renamed}</td>`);
  });

  it("is read-only: no add, edit, delete or import, even for an administrator", async () => {
    const a = await adminOf();
    await postForm("/routerPath", menuFields(), { Cookie: a.cookie });
    const log = (await env.DB.prepare("select id from audit_logs where tenant_id = ? limit 1").bind(a.tenantId).first<{ id: number }>())!;
    const html = await (await get("/operationLog", a.cookie)).text();
    expect(html).not.toContain('data-testid="add"');
    expect(html).not.toContain('name="ids"');
    expect(html).toContain('data-testid="export"');
    for (const intent of ["create", "update", "edit", "confirmDelete", "delete", "import"]) {
      const res = await postForm("/operationLog", { intent, id: String(log.id), ids: String(log.id), version: "1", action: "forged" }, { Cookie: a.cookie });
      expect(res.status, intent).toBe(403);
    }
    expect((await get(`/operationLog?edit=${log.id}`, a.cookie)).status).toBe(200);
    expect((await get("/excel/auditLog/template", a.cookie)).status).toBe(404);
    expect(await env.DB.prepare("select id from audit_logs where id = ?").bind(log.id).first()).not.toBeNull();
    expect(await env.DB.prepare("select count(*) as n from audit_logs where action = 'forged'").first()).toEqual({ n: 0 });
  });
});

describe("/visitLog", () => {
  it("lists the tenant's visits with the module trail and the stay time in seconds or minutes", async () => {
    const a = await adminOf();
    const other = await adminOf();
    const first = unique("合同管理");
    const save = (cookie: string, fields: Record<string, string>) => postForm("/api/visitLog/save", { phoneType: "0", ...fields }, { Cookie: cookie });
    expect((await save(a.cookie, { firstModule: first, secondModule: "合同列表", thirdModule: "合同详情", fourthModule: "附件", description: "查看附件", stayTime: "4200" })).status).toBe(200);
    expect((await save(a.cookie, { firstModule: first, secondModule: "合同台账", stayTime: "75000" })).status).toBe(200);
    const theirs = unique("别人的模块");
    await save(other.cookie, { firstModule: theirs, stayTime: "1000" });

    const html = decode(await (await get(`/visitLog?module=${encodeURIComponent(first)}`, a.cookie)).text());
    expect(html).toContain("共 2 条");
    expect(html).toContain(`${first} › 合同列表 › 合同详情 › 附件`);
    expect(html).toContain("查看附件");
    expect(html).toContain("4秒");
    expect(html).toContain("1分15秒");
    expect(html).toContain(a.account);
    expect(await (await get("/visitLog?size=100", a.cookie)).text()).not.toContain(theirs);
    const en = await (await get(`/visitLog?module=${encodeURIComponent(first)}`, `${a.cookie}; derrick_lang=en-US`)).text();
    expect(en).toContain("4 s");
    expect(en).toContain("1 min 15 s");
    expect(await (await get(`/visitLog?user=${encodeURIComponent(other.account)}`, a.cookie)).text()).toContain("暂无数据");
  });

  it("is read-only, and only for users with the screen", async () => {
    const a = await adminOf();
    await postForm("/api/visitLog/save", { firstModule: "工作台", stayTime: "1000" }, { Cookie: a.cookie });
    const visit = (await env.DB.prepare("select id from visit_logs where tenant_id = ? limit 1").bind(a.tenantId).first<{ id: number }>())!;
    for (const intent of ["create", "update", "delete"]) {
      expect((await postForm("/visitLog", { intent, id: String(visit.id), ids: String(visit.id), version: "1", firstModule: "伪造" }, { Cookie: a.cookie })).status, intent).toBe(403);
    }
    expect(await env.DB.prepare("select id from visit_logs where id = ?").bind(visit.id).first()).not.toBeNull();
    // the column choice is the user's own view: allowed
    expect((await postForm("/visitLog", { intent: "columns", order: "createdAt,trail", visible: "createdAt" }, { Cookie: a.cookie })).status).toBe(302);

    const viewer = await makeTenant({ role: "viewer" });
    const cookie = await signIn(viewer.account, viewer.password);
    expect((await get("/visitLog", cookie)).status).toBe(403);
    expect((await get("/operationLog", cookie)).status).toBe(403);
  });
});

describe("the log screens in the registry", () => {
  it("come with the menus of a fresh tenant and are granted to its administrators", async () => {
    const a = await adminOf();
    const rows = await env.DB.prepare("select privis_id, privis, name, name_en, parent, state from menus where tenant_id = ? and router_path in ('/operationLog', '/visitLog') order by privis_id").bind(a.tenantId).all();
    expect(rows.results).toEqual([
      { privis_id: "2315", privis: "operationLog", name: "操作日志", name_en: "Operation Log", parent: "23", state: 1 },
      { privis_id: "2316", privis: "visitLog", name: "访问日志", name_en: "Visit Log", parent: "23", state: 1 },
    ]);
    const home = await (await get("/manageWork", a.cookie)).text();
    expect(home).toContain("操作日志");
    expect(home).toContain("访问日志");
  });
});
