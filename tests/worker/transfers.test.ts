import { env } from "cloudflare:test";
import { readSheet } from "read-excel-file/universal";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { FACTORIES } from "./factories";
import { get, installTestFonts, makeTenant, postForm, signIn } from "./helpers";
import { makeVehicle } from "./telematics";
import { makeDepartment } from "./rent-fixtures";

// 设备调拨 (/equipmentTransfer), the first document of the house's document page, over HTTP as a browser posts it:
// a transfer saved with its lines (money to the cent, hours to the tenth) and read back; refusals named at the line
// and field, in the reader's language; the row buttons answered without JavaScript; another tenant's machine, a
// machine twice, a read-only user, a document in approval refused; approval by a second administrator; the history
// of changes and the Excel of one document.

type Fields = Record<string, string>;

async function signedAdmin(role: "admin" | "viewer" = "admin") {
  const t = await makeTenant({ role });
  const cookie = await signIn(t.account, t.password);
  const as = (c: string) => ({
    post: (path: string, fields: Fields, lang = "zh-CN") => postForm(path, fields, { Cookie: `${c}; derrick_lang=${lang}` }),
    page: async (path: string, lang = "zh-CN") => (await get(path, `${c}; derrick_lang=${lang}`)).text(),
  });
  const machines = [(await makeVehicle(t.tenantId, { orgId: t.rootOrgId, plate: "沪AT0001" })).id, (await makeVehicle(t.tenantId, { orgId: t.rootOrgId, plate: "沪AT0002" })).id];
  return { ...t, cookie, machines, ...as(cookie), as };
}
type Admin = Awaited<ReturnType<typeof signedAdmin>>;

const transfer = (a: Admin, more: Fields = {}): Fields => ({
  intent: "save",
  transferOn: "2026-12-05",
  fromOrgId: String(a.rootOrgId),
  toOrgId: "",
  carrier: "沪运物流",
  fromSite: "宝山堆场",
  toSite: "浦东新区张江工地",
  reason: "张江项目进场",
  "lines[0].vehicleId": String(a.machines[0]),
  "lines[0].engineHours": "1,520.5",
  "lines[0].freight": "3,500.00",
  "lines[0].remark": "",
  "lines[1].vehicleId": String(a.machines[1]),
  "lines[1].engineHours": "",
  "lines[1].freight": "1200.5",
  "lines[1].remark": "带吊钩",
  ...more,
});
const head = (id: number) => env.DB.prepare("select * from equipment_transfers where id = ?").bind(id).first<Record<string, number | string | null>>();
const linesOf = async (id: number) => (await env.DB.prepare("select vehicle_id, position, engine_hours, freight_cents, remark from equipment_transfer_lines where transfer_id = ? order by position").bind(id).all()).results;
const idOf = (res: Response) => Number(/[?&]id=(\d+)/.exec(res.headers.get("Location") ?? "")?.[1]);

describe("设备调拨: a document saved from its declaration", () => {
  it("stores the head and its lines in order, money in cents and hours in tenths, numbered DB-yyyyMM-nnnn", async () => {
    const a = await signedAdmin();
    const res = await a.post("/equipmentTransfer/form?new=1", transfer(a));
    expect(res.status).toBe(302);
    const id = idOf(res);
    const row = await head(id);
    expect(row).toMatchObject({ state: 0, to_site: "浦东新区张江工地", transfer_on: "2026-12-05", from_org_id: a.rootOrgId, to_org_id: null, carrier: "沪运物流" });
    expect(String(row!.number)).toMatch(/^DB-\d{6}-0001$/);
    expect(await linesOf(id)).toEqual([
      { vehicle_id: a.machines[0], position: 1, engine_hours: 15205, freight_cents: 350000, remark: null },
      { vehicle_id: a.machines[1], position: 2, engine_hours: null, freight_cents: 120050, remark: "带吊钩" },
    ]);
    // the page shows it back as typed, with the freight's total and its state
    const page = await a.page(`/equipmentTransfer/form?id=${id}`);
    expect(page).toContain('value="1520.5"');
    expect(page).toContain("4,700.50");
    expect(page).toContain("草稿");
    // an edit replaces the lines: the second machine alone, now first
    const edited = await a.post(`/equipmentTransfer/form?id=${id}`, { ...transfer(a), id: String(id), version: "1", "lines[0].vehicleId": String(a.machines[1]), "lines[1].vehicleId": "", "lines[1].freight": "", "lines[1].remark": "" });
    expect(edited.status).toBe(302);
    expect(await linesOf(id)).toEqual([{ vehicle_id: a.machines[1], position: 1, engine_hours: 15205, freight_cents: 350000, remark: null }]);
    // the list counts its machines and sums its freight
    const list = await a.page("/equipmentTransfer");
    expect(list).toContain(String(row!.number));
    expect(list).toContain("3,500.00");
  });

  it("names each refusal at its line and field, in the reader's language, and stores nothing", async () => {
    const a = await signedAdmin();
    const refused = await a.post("/equipmentTransfer/form?new=1", transfer(a, { toSite: "", "lines[0].vehicleId": "", "lines[1].freight": "12.345", "lines[1].engineHours": "1.25" }));
    expect(refused.status).toBe(400);
    const html = await refused.text();
    for (const text of ["此项不能为空", "请输入正确的金额（最多两位小数）", "请输入正确的数量（最多1位小数）"]) expect(html).toContain(text);
    // what was typed comes back
    expect(html).toContain("张江项目进场");
    const english = await (await a.post("/equipmentTransfer/form?new=1", transfer(a, { "lines[1].freight": "-1" }), "en-US")).text();
    expect(english).toContain("Cannot be negative");
    // no lines at all: the table's own message
    const empty = await a.post("/equipmentTransfer/form?new=1", transfer(a, { "lines[0].vehicleId": "", "lines[0].engineHours": "", "lines[0].freight": "", "lines[1].vehicleId": "", "lines[1].freight": "", "lines[1].remark": "" }));
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("至少需要1行明细");
    // the same machine twice
    const twice = await a.post("/equipmentTransfer/form?new=1", transfer(a, { "lines[1].vehicleId": String(a.machines[0]) }));
    expect(twice.status).toBe(400);
    expect(await twice.text()).toContain("与第1行重复");
    expect((await env.DB.prepare("select count(*) as n from equipment_transfers where tenant_id = ?").bind(a.tenantId).first<{ n: number }>())!.n).toBe(0);
  });

  it("answers the row buttons without JavaScript: the form comes back one row longer, shorter or reordered, nothing saved", async () => {
    const a = await signedAdmin();
    const add = await a.post("/equipmentTransfer/form?new=1", { ...transfer(a), __intent__: JSON.stringify({ type: "insert", payload: { name: "lines", defaultValue: {} } }) });
    expect(add.status).toBe(200);
    const added = await add.text();
    expect(added).toContain('name="lines[2].vehicleId"');
    const moved = await (await a.post("/equipmentTransfer/form?new=1", { ...transfer(a), __intent__: JSON.stringify({ type: "reorder", payload: { name: "lines", from: 1, to: 0 } }) })).text();
    // the second line's remark now sits in the first row
    expect(moved.indexOf("带吊钩")).toBeLessThan(moved.indexOf('name="lines[1].vehicleId"'));
    const removed = await (await a.post("/equipmentTransfer/form?new=1", { ...transfer(a), __intent__: JSON.stringify({ type: "remove", payload: { name: "lines", index: 0 } }) })).text();
    expect(removed).not.toContain('name="lines[1].vehicleId"');
    expect((await env.DB.prepare("select count(*) as n from equipment_transfers where tenant_id = ?").bind(a.tenantId).first<{ n: number }>())!.n).toBe(0);
  });

  it("refuses another tenant's machine and organisation at their fields, a read-only user, and a stranger's document", async () => {
    const a = await signedAdmin();
    const other = await signedAdmin();
    const res = await a.post("/equipmentTransfer/form?new=1", transfer(a, { "lines[1].vehicleId": String(other.machines[0]), toOrgId: String(other.rootOrgId) }));
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(html.match(/请从选项中选择/g)?.length).toBeGreaterThanOrEqual(2);
    const mine = idOf(await a.post("/equipmentTransfer/form?new=1", transfer(a)));
    // the other tenant sees no such document, and cannot save over it
    expect((await get(`/equipmentTransfer/form?id=${mine}`, other.cookie)).status).toBe(404);
    expect((await other.post(`/equipmentTransfer/form?id=${mine}`, { ...transfer(other), id: String(mine), version: "1" })).status).toBe(404);
    // a read-only user of the same tenant reads it but saves nothing
    const viewer = await signIn(...(await viewerOf(a)));
    expect((await get(`/equipmentTransfer/form?id=${mine}`, viewer)).status).toBe(200);
    expect((await postForm(`/equipmentTransfer/form?id=${mine}`, { ...transfer(a), id: String(mine), version: "1" }, { Cookie: viewer })).status).toBe(403);
    expect((await postForm("/equipmentTransfer/form?new=1", transfer(a), { Cookie: viewer })).status).toBe(403);
  });

  it("shows a user whose data scope is a department only the transfers out of it or into it", async () => {
    const a = await signedAdmin();
    const dept = await makeDepartment(a.tenantId, a.rootOrgId);
    const outside = idOf(await a.post("/equipmentTransfer/form?new=1", transfer(a)));
    const into = idOf(await a.post("/equipmentTransfer/form?new=1", transfer(a, { toOrgId: String(dept), toSite: "部门工地" })));
    const [outsideNo, intoNo] = [String((await head(outside))!.number), String((await head(into))!.number)];
    await env.DB.prepare("update users set org_id = ? where id = ?").bind(dept, a.userId).run();
    const moved = a.as(await signIn(a.account, a.password));
    const list = await moved.page("/equipmentTransfer");
    expect(list).toContain(intoNo);
    expect(list).not.toContain(outsideNo);
    expect((await get(`/equipmentTransfer/form?id=${outside}`, (await signIn(a.account, a.password)))).status).toBe(404);
    expect((await moved.post(`/equipmentTransfer/form?id=${outside}`, { intent: "transition:submit", ids: String(outside) })).status).toBe(404);
    expect((await get(`/equipmentTransfer/form?id=${into}`, (await signIn(a.account, a.password)))).status).toBe(200);
  });

  it("goes through approval: submitted it is read-only, a second administrator approves; the history says so in words", async () => {
    const a = await signedAdmin();
    const id = idOf(await a.post("/equipmentTransfer/form?new=1", transfer(a)));
    expect((await a.post(`/equipmentTransfer/form?id=${id}`, { intent: "transition:submit", ids: String(id) })).status).toBe(302);
    expect((await head(id))!.state).toBe(1);
    const locked = await a.post(`/equipmentTransfer/form?id=${id}`, { ...transfer(a), id: String(id), version: String((await head(id))!.version) });
    expect(locked.status).toBe(409);
    expect(await locked.text()).toContain("该单据当前状态不可编辑");
    // nobody approves their own
    expect((await a.post(`/equipmentTransfer/form?id=${id}`, { intent: "transition:approve", ids: String(id) })).status).toBe(403);
    const account: Fields = { intent: "create", ...FACTORIES.user!(a), roleId: String(a.roleIds.admin) };
    expect((await a.post("/userManage", account)).status).toBe(302);
    const approver = await signIn(account.loginAccount!, account.password!);
    expect((await postForm(`/equipmentTransfer/form?id=${id}`, { intent: "transition:approve", ids: String(id), note: "同意" }, { Cookie: approver })).status).toBe(302);
    expect((await head(id))!.state).toBe(2);
    const page = await a.page(`/equipmentTransfer/form?id=${id}`);
    expect(page).toContain("已通过");
    expect(page).toContain("变更记录");
    expect(page).toMatch(/新增[\s\S]*调入地点=浦东新区张江工地/);
    // in English, the same history in English words
    const english = await a.page(`/equipmentTransfer/form?id=${id}`, "en-US");
    expect(english).toContain("History of changes");
    expect(english).toContain("To site=浦东新区张江工地");
  });

  it("exports one document as a workbook: the head by its labels, the lines with their total", async () => {
    const a = await signedAdmin();
    const id = idOf(await a.post("/equipmentTransfer/form?new=1", transfer(a)));
    const res = await get(`/excel/equipmentTransfer/document?id=${id}`, a.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("spreadsheetml");
    const buf = await res.arrayBuffer();
    const first = await readSheet(buf, 1);
    expect(first).toContainEqual(["调入地点", "浦东新区张江工地"]);
    const lines = await readSheet(buf, 2);
    expect(lines[0]).toEqual(["设备", "交接工作小时", "运费(元)", "备注"]);
    // money as numbers (two decimals shown), so the sheet adds them up
    expect(lines[1]).toEqual(["沪AT0001", "1520.5", 3500, null]);
    expect(lines.at(-1)).toEqual(["合计", null, 4700.5, null]);
  });

  it("prints one document as a PDF in the reader's language: its head, its machines and their total; nobody else's", async () => {
    await installTestFonts();
    const a = await signedAdmin();
    const id = idOf(await a.post("/equipmentTransfer/form?new=1", transfer(a)));
    const number = String((await head(id))!.number);
    const textOf = async (lang: string) => {
      const res = await get(`/pdf/equipmentTransfer/document?id=${id}`, `${a.cookie}; derrick_lang=${lang}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toBe("application/pdf");
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(await res.arrayBuffer())), { mergePages: true });
      return text.replace(/\s+/g, " ");
    };
    const zh = await textOf("zh-CN");
    for (const part of [`设备调拨单 ${number}`, "调入地点：浦东新区张江工地", "沪AT0001", "3,500.00", "合计", "4,700.50"]) expect(zh).toContain(part);
    const en = await textOf("en-US");
    for (const part of [`equipment transfer ${number}`, "To site: 浦东新区张江工地", "Freight (¥)", "Total"]) expect(en).toContain(part);
    const other = await signedAdmin();
    expect((await get(`/pdf/equipmentTransfer/document?id=${id}`, other.cookie)).status).toBe(404);
    expect((await get(`/pdf/nonsense/document?id=${id}`, a.cookie)).status).toBe(404);
  });
});


/** A user of the admin's tenant whose role may only look at transfers (the screen and its view code), as account and password. */
async function viewerOf(a: Admin): Promise<[string, string]> {
  const role = await env.DB.prepare("insert into roles (tenant_id, name, description, created_at, updated_at) values (?, '调拨只读', '', ?, ?) returning id").bind(a.tenantId, Date.now(), Date.now()).first<{ id: number }>();
  const menu = await env.DB.prepare("select id from menus where tenant_id = ? and router_path = '/equipmentTransfer'").bind(a.tenantId).first<{ id: number }>();
  await env.DB.batch([
    env.DB.prepare("insert into role_menus (tenant_id, role_id, menu_id) values (?, ?, ?)").bind(a.tenantId, role!.id, menu!.id),
    env.DB.prepare("insert into role_permissions (tenant_id, role_id, code) values (?, ?, 'equipmentTransfer:view')").bind(a.tenantId, role!.id),
  ]);
  const account: Fields = { intent: "create", ...FACTORIES.user!(a), roleId: String(role!.id) };
  expect((await a.post("/userManage", account)).status).toBe(302);
  return [account.loginAccount!, account.password!];
}
