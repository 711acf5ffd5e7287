import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { get, makeTenant, postForm, signIn, unique } from "./helpers";

const PATH = "/disData";
type Item = { id?: number | null; name: string; img?: string; locked?: boolean };

async function adminOf(lang?: "en-US") {
  const t = await makeTenant({ role: "admin" });
  const cookie = (await signIn(t.account, t.password)) + (lang ? `; derrick_lang=${lang}` : "");
  return { ...t, cookie, post: (fields: Record<string, string>) => postForm(PATH, fields, { Cookie: cookie }) };
}

type Admin = Awaited<ReturnType<typeof adminOf>>;

/** Posts to the editor's URL (?dict=<id>, as its forms do) unless another query is given. */
function postBody(cookie: string, body: URLSearchParams, query = `?dict=${body.get("dictId")}`) {
  return postForm(`${PATH}${query}`, body, { Cookie: cookie });
}

async function dictionaryOf(tenantId: number, code: string) {
  return (await env.DB.prepare("select id, version, is_system from dictionaries where tenant_id = ? and dict_code = ?").bind(tenantId, code).first<{ id: number; version: number; is_system: number }>())!;
}

async function itemsOf(dictId: number) {
  const rows = await env.DB.prepare("select id, dict_name, img_value, is_system, sort from dictionary_items where dictionary_id = ? order by sort, id").bind(dictId).all<{ id: number; dict_name: string; img_value: string | null; is_system: number; sort: number }>();
  return rows.results;
}

/** The editor's form as the browser posts it: the dictionary, its version and the rows in order. */
function editorBody(intent: string, dict: { id: number; version: number }, items: Item[]) {
  const body = new URLSearchParams({ intent, dictId: String(dict.id), version: String(dict.version) });
  for (const item of items) {
    body.append("itemId", item.id ? String(item.id) : "");
    body.append("itemName", item.name);
    body.append("itemImg", item.img ?? "");
    body.append("itemLocked", item.locked ? "1" : "0");
  }
  return body;
}

/** A custom dictionary made through the screen, with its options saved through the editor. */
async function customDictionary(a: Admin, names: string[]) {
  const code = unique("d_");
  expect((await a.post({ intent: "create", dictCode: code, dictName: unique("字典") })).status).toBe(302);
  const dict = await dictionaryOf(a.tenantId, code);
  if (names.length) expect((await postBody(a.cookie, editorBody("saveItems", dict, names.map((name) => ({ name }))))).status).toBe(302);
  return { code, ...(await dictionaryOf(a.tenantId, code)) };
}

async function revoke(a: Admin, code: string) {
  await env.DB.prepare("delete from role_permissions where role_id = ? and code = ?").bind(a.roleIds.admin, code).run();
  await env.DB.prepare("update tenants set access_version = access_version + 1 where id = ?").bind(a.tenantId).run();
}

describe("/disData list and editor", () => {
  it("lists the tenant's dictionaries with item counts and opens the editor only for custom ones", async () => {
    const a = await adminOf();
    const html = await (await get(PATH, a.cookie)).text();
    expect(html).toContain("equipment_type");
    expect(html).toContain("account_state");
    expect(html).toContain("设备类型");
    const equipment = await dictionaryOf(a.tenantId, "equipment_type");
    expect(equipment.is_system).toBe(0);
    const editor = await (await get(`${PATH}?dict=${equipment.id}`, a.cookie)).text();
    expect(editor).toContain('data-testid="dictionary-editor"');
    expect(editor).toContain("汽车吊");
    expect(editor).toContain('data-testid="locked-item"');

    const account = await dictionaryOf(a.tenantId, "account_state");
    const locked = await (await get(`${PATH}?dict=${account.id}`, a.cookie)).text();
    expect(locked).not.toContain('data-testid="dictionary-editor"');
    expect(locked).toContain("请联系系统管理员修改");
    expect(locked).toContain("复制");
  });

  for (const [lang, texts] of [
    ["zh-CN", { required: "选项名称不能为空！", duplicate: "选项名称不能重复！", long: "选项名称不能超过30个字符", image: "类型选择不能为空！", confirm: "确定保存吗？", system: "请联系系统管理员修改" }],
    ["en-US", { required: "Option name cannot be empty!", duplicate: "Option names must be unique!", long: "Option name cannot exceed 30 characters", image: "Please choose a type image!", confirm: "Save the changes?", system: "Please contact the system administrator to change this dictionary" }],
  ] as const) {
    it(`answers every editor rule in ${lang}`, async () => {
      const a = await adminOf(lang === "en-US" ? "en-US" : undefined);
      const dict = await customDictionary(a, ["甲"]);
      const [first] = await itemsOf(dict.id);
      const check = async (items: Item[], text: string, target: { id: number; version: number } = dict) => {
        const res = await postBody(a.cookie, editorBody("confirmSave", target, items));
        expect(res.status).toBe(400);
        expect(await res.text()).toContain(text);
      };
      await check([{ id: first!.id, name: "甲" }, { name: "   " }], texts.required);
      await check([{ id: first!.id, name: "甲" }, { name: " 甲 " }], texts.duplicate);
      await check([{ id: first!.id, name: "甲" }, { name: "长".repeat(31) }], texts.long);
      const equipment = await dictionaryOf(a.tenantId, "equipment_type");
      await check([{ name: "新类型" }], texts.image, equipment);
      // valid: the server asks 确定保存吗？ before writing
      const ok = await postBody(a.cookie, editorBody("confirmSave", dict, [{ id: first!.id, name: "甲" }, { name: "乙" }]));
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain(texts.confirm);
      expect(await itemsOf(dict.id)).toHaveLength(1);
      // a system dictionary is refused, by the editor and by the select's add
      const account = await dictionaryOf(a.tenantId, "account_state");
      const refused = await postBody(a.cookie, editorBody("saveItems", account, [{ name: "冻结" }]));
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(texts.system);
      const add = await a.post({ intent: "addItem", dictCode: "account_state", itemName: "冻结" });
      expect(add.status).toBe(400);
      expect(await itemsOf(account.id)).toHaveLength(2);
    });
  }

  it("saves trimmed names, a 30-character name, and refuses duplicates and 31 characters", async () => {
    const a = await adminOf();
    const dict = await customDictionary(a, ["  东区  ", "长".repeat(30)]);
    expect((await itemsOf(dict.id)).map((i) => i.dict_name)).toEqual(["东区", "长".repeat(30)]);
    const [east, long] = await itemsOf(dict.id);
    const dup = await postBody(a.cookie, editorBody("saveItems", dict, [{ id: east!.id, name: "东区" }, { id: long!.id, name: "长".repeat(30) }, { name: "东区 " }]));
    expect(dup.status).toBe(400);
    const tooLong = await postBody(a.cookie, editorBody("saveItems", dict, [{ id: east!.id, name: "东区" }, { id: long!.id, name: "长".repeat(31) }]));
    expect(tooLong.status).toBe(400);
    expect((await itemsOf(dict.id)).map((i) => i.dict_name)).toEqual(["东区", "长".repeat(30)]);
    // the select's one-option add follows the same rules
    expect((await a.post({ intent: "addItem", dictCode: dict.code, itemName: " 东区" })).status).toBe(400);
    const added = await a.post({ intent: "addItem", dictCode: dict.code, itemName: "  西区 " });
    expect(added.status).toBe(200);
    expect((await itemsOf(dict.id)).map((i) => i.dict_name)).toEqual(["东区", "长".repeat(30), "西区"]);
    const values = await env.DB.prepare("select dict_value from dictionary_items where dictionary_id = ? order by sort").bind(dict.id).all<{ dict_value: string }>();
    expect(values.results.map((v) => v.dict_value)).toEqual(["1", "2", "3"]);
    // without JavaScript the select's form goes back to its page
    const back = await a.post({ intent: "addItem", dictCode: dict.code, itemName: "南区", redirectTo: "/userManage" });
    expect(back.status).toBe(302);
    expect(back.headers.get("Location")).toBe("/userManage");
  });

  it("needs an image for equipment_type options and stores it", async () => {
    const a = await adminOf();
    const dict = await dictionaryOf(a.tenantId, "equipment_type");
    const stored = await itemsOf(dict.id);
    const keep = stored.map((s) => ({ id: s.id, name: s.dict_name, img: s.img_value ?? "", locked: true }));
    const noImage = await postBody(a.cookie, editorBody("saveItems", dict, [...keep, { name: "泵车" }]));
    expect(noImage.status).toBe(400);
    expect(await noImage.text()).toContain("类型选择不能为空！");
    expect((await a.post({ intent: "addItem", dictCode: "equipment_type", itemName: "泵车" })).status).toBe(400);
    expect((await postBody(a.cookie, editorBody("saveItems", dict, [...keep, { name: "泵车", img: "file-42" }]))).status).toBe(302);
    const last = (await itemsOf(dict.id)).at(-1)!;
    expect(last).toMatchObject({ dict_name: "泵车", img_value: "file-42", is_system: 0 });
  });

  it("keeps system rows locked: no rename, no delete", async () => {
    const a = await adminOf();
    const dict = await dictionaryOf(a.tenantId, "equipment_type");
    const stored = await itemsOf(dict.id);
    const keep = stored.map((s) => ({ id: s.id, name: s.dict_name, img: s.img_value ?? "", locked: true }));
    const renamed = await postBody(a.cookie, editorBody("saveItems", dict, [{ ...keep[0]!, name: "改名" }, ...keep.slice(1)]));
    expect(renamed.status).toBe(400);
    expect(await renamed.text()).toContain("系统选项不能修改或删除");
    const removed = await postBody(a.cookie, editorBody("saveItems", dict, keep.slice(1)));
    expect(removed.status).toBe(400);
    const draftRemove = await postBody(a.cookie, editorBody("draftRemove", dict, keep), `?dict=${dict.id}&row=0`);
    expect(draftRemove.status).toBe(400);
    expect(await itemsOf(dict.id)).toEqual(stored);
  });

  it("reorders options and keeps the order; a stale editor is refused", async () => {
    const a = await adminOf();
    const dict = await customDictionary(a, ["一", "二", "三"]);
    const [one, two, three] = await itemsOf(dict.id);
    // the no-JavaScript move answers the reordered draft without writing
    const moved = await postBody(a.cookie, editorBody("draftMove", dict, [one!, two!, three!].map((i) => ({ id: i.id, name: i.dict_name }))), `?dict=${dict.id}&row=2&dir=up`);
    expect(moved.status).toBe(200);
    const html = await moved.text();
    expect(html.indexOf('value="三"')).toBeLessThan(html.indexOf('value="二"'));
    expect((await itemsOf(dict.id)).map((i) => i.dict_name)).toEqual(["一", "二", "三"]);

    const order = [three!, one!, two!].map((i) => ({ id: i.id, name: i.dict_name }));
    expect((await postBody(a.cookie, editorBody("saveItems", dict, order))).status).toBe(302);
    const after = await itemsOf(dict.id);
    expect(after.map((i) => i.dict_name)).toEqual(["三", "一", "二"]);
    expect(after.map((i) => i.sort)).toEqual([0, 1, 2]);
    // the same (old) version again is stale
    const stale = await postBody(a.cookie, editorBody("saveItems", dict, order.reverse()));
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("数据已被他人修改，请刷新后重试");
    // deleting a custom option
    const current = await dictionaryOf(a.tenantId, dict.code);
    expect((await postBody(a.cookie, editorBody("saveItems", current, after.slice(1).map((i) => ({ id: i.id, name: i.dict_name }))))).status).toBe(302);
    expect((await itemsOf(dict.id)).map((i) => i.dict_name)).toEqual(["一", "二"]);
  });

  it("refuses adds, edits and deletes posted without the permission code", async () => {
    const a = await adminOf();
    const dict = await customDictionary(a, ["甲", "乙"]);
    const [jia, yi] = await itemsOf(dict.id);
    const keep = [jia!, yi!].map((i) => ({ id: i.id, name: i.dict_name }));

    await revoke(a, "disData:add");
    expect((await a.post({ intent: "addItem", dictCode: dict.code, itemName: "丙" })).status).toBe(403);
    expect((await postBody(a.cookie, editorBody("saveItems", dict, [...keep, { name: "丙" }]))).status).toBe(403);
    expect((await postBody(a.cookie, editorBody("draftAdd", dict, keep))).status).toBe(403);
    const page = await (await get(`${PATH}?dict=${dict.id}`, a.cookie)).text();
    expect(page).not.toContain('value="draftAdd"');

    await revoke(a, "disData:delete");
    expect((await postBody(a.cookie, editorBody("saveItems", dict, keep.slice(0, 1)))).status).toBe(403);
    await revoke(a, "disData:edit");
    expect((await postBody(a.cookie, editorBody("saveItems", dict, [...keep].reverse()))).status).toBe(403);
    expect((await itemsOf(dict.id)).map((i) => i.dict_name)).toEqual(["甲", "乙"]);
  });

  it("never reads or writes another tenant's dictionary", async () => {
    const a = await adminOf();
    const b = await adminOf();
    const theirs = await customDictionary(b, ["乙方"]);
    const [item] = await itemsOf(theirs.id);
    expect((await get(`${PATH}?dict=${theirs.id}`, a.cookie)).status).toBe(404);
    expect((await postBody(a.cookie, editorBody("saveItems", theirs, [{ name: "入侵" }]))).status).toBe(404);
    // B's option id smuggled into A's own dictionary is ignored
    const mine = await customDictionary(a, []);
    expect((await postBody(a.cookie, editorBody("saveItems", mine, [{ id: item!.id, name: "改名" }]))).status).toBe(302);
    expect((await itemsOf(theirs.id)).map((i) => i.dict_name)).toEqual(["乙方"]);
    // the options endpoint is tenant-scoped and needs a session
    const api = await (await get(`/api/system/dict/options?dictCode=${theirs.code}`, a.cookie)).json<{ code: number }>();
    expect(api.code).toBe(404);
    const own = await (await get(`/api/system/dict/options?dictCode=${theirs.code}`, b.cookie)).json<{ code: number; data: { label: string }[]; canAdd: boolean }>();
    expect(own).toMatchObject({ code: 200, data: [{ label: "乙方", value: "1" }], canAdd: true });
    expect((await get(`/api/system/dict/options?dictCode=equipment_type`)).status).toBe(401);
  });

  it("refuses to rename or delete a system dictionary and deletes a custom one with its options", async () => {
    const a = await adminOf();
    const account = await dictionaryOf(a.tenantId, "account_state");
    const renamed = await a.post({ intent: "update", id: String(account.id), version: String(account.version), dictName: "改名" });
    expect(renamed.status).toBe(400);
    expect(await renamed.text()).toContain("系统字典不能修改");
    const badCode = await a.post({ intent: "create", dictCode: "设备-类型", dictName: "坏编码" });
    expect(badCode.status).toBe(400);
    expect(await badCode.text()).toContain("字典编码须为1-50位字母、数字或下划线");
    const dupCode = await a.post({ intent: "create", dictCode: "equipment_type", dictName: "重复" });
    expect(dupCode.status).toBe(409);
    expect(await dupCode.text()).toContain("该字典编码已存在");
    const custom = await customDictionary(a, []);
    expect((await a.post({ intent: "update", id: String(custom.id), version: String(custom.version), dictName: "新名字" })).status).toBe(302);
    expect((await env.DB.prepare("select dict_name from dictionaries where id = ?").bind(custom.id).first<{ dict_name: string }>())!.dict_name).toBe("新名字");
    const refused = await a.post({ intent: "delete", ids: String(account.id) });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("系统字典不能删除");
    const dict = await customDictionary(a, ["甲"]);
    expect((await a.post({ intent: "delete", ids: String(dict.id) })).status).toBe(302);
    expect(await itemsOf(dict.id)).toEqual([]);
  });
});

describe("/disData list", () => {
  it("counts each dictionary's own options", async () => {
    const t = await makeTenant({ role: "admin" });
    const cookie = await signIn(t.account, t.password);
    const html = await (await get("/disData?q=equipment_type", cookie)).text();
    const body = html.slice(html.indexOf("<tbody"));
    const row = /<tr[^>]*>(?:(?!<\/tr>)[\s\S])*>equipment_type<[\s\S]*?<\/tr>/.exec(body)?.[0] ?? "";
    const cells = [...row.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((m) => m[1]);
    const n = (await env.DB.prepare("select count(*) as n from dictionary_items where tenant_id = ? and dict_code = 'equipment_type'").bind(t.tenantId).first<{ n: number }>())!.n;
    expect(n).toBeGreaterThan(1);
    expect(cells).toContain(String(n));
  });
});
