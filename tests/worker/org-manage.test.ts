import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { get, makeTenant, postForm, signIn, unique } from "./helpers";

const PATH = "/orgManage";

async function adminOf() {
  const t = await makeTenant({ role: "admin" });
  const cookie = await signIn(t.account, t.password);
  const post = (fields: Record<string, string>) => postForm(PATH, fields, { Cookie: cookie });
  const create = async (name: string, parentId: number) => {
    expect((await post({ intent: "create", name, parentId: String(parentId), sort: "0" })).status).toBe(302);
    return (await env.DB.prepare("select id, version from organisations where tenant_id = ? and name = ?").bind(t.tenantId, name).first<{ id: number; version: number }>())!;
  };
  return { ...t, cookie, post, create };
}

describe("/orgManage", () => {
  it("shows the tenant's tree and adds a sub-organisation with the name rules", async () => {
    const a = await adminOf();
    const html = await (await get(PATH, a.cookie)).text();
    expect(html).toContain('data-testid="org-tree"');
    const bad = await a.post({ intent: "create", name: "部门#1", parentId: String(a.rootOrgId), sort: "0" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("组织名称须为中文、字母、数字、括号或 -，不超过30个字符");
    const name = unique("华东(分部)-");
    const child = await a.create(name, a.rootOrgId);
    const dup = await a.post({ intent: "create", name, parentId: String(a.rootOrgId), sort: "0" });
    expect(dup.status).toBe(409);
    expect(await dup.text()).toContain("同一上级下已有同名组织");
    expect(await (await get(`${PATH}?id=${child.id}`, a.cookie)).text()).toContain(name);
  });

  it("keeps the root in place: it cannot be edited, moved or deleted", async () => {
    const a = await adminOf();
    const root = (await env.DB.prepare("select version, name from organisations where id = ?").bind(a.rootOrgId).first<{ version: number; name: string }>())!;
    const edit = await a.post({ intent: "update", id: String(a.rootOrgId), version: String(root.version), name: "改名", parentId: String(a.rootOrgId), sort: "0" });
    expect(edit.status).toBe(409);
    expect(await edit.text()).toContain("根节点不能编辑、删除或调整");
    const del = await a.post({ intent: "delete", ids: String(a.rootOrgId) });
    expect(await del.text()).toContain("根节点不能编辑、删除或调整");
    expect((await env.DB.prepare("select name from organisations where id = ?").bind(a.rootOrgId).first<{ name: string }>())!.name).toBe(root.name);
  });

  it("refuses a parent that is the node itself or below it", async () => {
    const a = await adminOf();
    const top = await a.create(unique("上"), a.rootOrgId);
    const below = await a.create(unique("下"), top.id);
    const self = await a.post({ intent: "update", id: String(top.id), version: String(top.version), name: unique("上"), parentId: String(top.id), sort: "0" });
    expect(await self.text()).toContain("上级组织不能是自己");
    const loop = await a.post({ intent: "update", id: String(top.id), version: String(top.version), name: unique("上"), parentId: String(below.id), sort: "0" });
    expect(await loop.text()).toContain("上级组织不能是自己的下级");
    expect((await env.DB.prepare("select parent_id from organisations where id = ?").bind(top.id).first<{ parent_id: number }>())!.parent_id).toBe(a.rootOrgId);
  });

  it("refuses to delete an organisation with sub-organisations or users, and deletes an empty one", async () => {
    const a = await adminOf();
    const top = await a.create(unique("上"), a.rootOrgId);
    const below = await a.create(unique("下"), top.id);
    expect(await (await a.post({ intent: "delete", ids: String(top.id) })).text()).toContain("该组织下还有下级组织，不能删除");
    await env.DB.prepare("update users set org_id = ? where id = ?").bind(below.id, a.userId).run();
    expect(await (await a.post({ intent: "delete", ids: String(below.id) })).text()).toContain("该组织下还有用户，不能删除");
    await env.DB.prepare("update users set org_id = ? where id = ?").bind(a.rootOrgId, a.userId).run();
    const done = await a.post({ intent: "delete", ids: String(below.id) });
    expect(done.status, (await done.clone().text()).match(/role="alert"[^>]*>([^<]*)/)?.[1]).toBe(302);
    expect(await env.DB.prepare("select id from organisations where id = ?").bind(below.id).first()).toBeNull();
  });
});
