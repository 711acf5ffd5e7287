// 客户回访 (/customerVisit): what a salesman notices: a visit saved and listed with its customer, contact and photos;
// a customer outside his organisations or another customer's contact refused; a colleague of another department
// seeing none of his visits; a read-only user unable to record one.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { FACTORIES, PREPARE } from "./factories";
import { get, makeTenant, postForm, signIn, unique } from "./helpers";
import { makeDepartment } from "./rent-fixtures";

async function salesman() {
  const t = await makeTenant({ role: "admin" });
  const cookie = await signIn(t.account, t.password);
  await PREPARE.customerVisit!(t);
  const customerId = Number(FACTORIES.customerVisit!(t).customerId);
  const contact = await env.DB.prepare("insert into customer_contacts (tenant_id, customer_id, name, phone, title, is_main, sort) values (?, ?, '刘振华', '13916582307', '项目经理', 1, 0) returning id").bind(t.tenantId, customerId).first<{ id: number }>();
  return { ...t, cookie, customerId, contactId: contact!.id };
}
type Salesman = Awaited<ReturnType<typeof salesman>>;

const visit = (s: Salesman, over: Record<string, string> = {}): Record<string, string> => ({ ...FACTORIES.customerVisit!(s), contactId: String(s.contactId), purpose: "collection", nextStep: "月底前对账", ...over });
const post = (s: Salesman, fields: Record<string, string> | URLSearchParams, lang = "zh-CN", cookie = s.cookie) => postForm("/customerVisit", fields, { Cookie: `${cookie}; derrick_lang=${lang}` });
const stored = (content: string) => env.DB.prepare("select * from customer_visits where content = ?").bind(content).first<Record<string, number | string | null>>();

async function photo(tenantId: number) {
  const row = await env.DB.prepare("insert into files (tenant_id, r2_key, file_name, content_type, size, created_at) values (?, ?, '现场.png', 'image/png', 10, ?) returning id").bind(tenantId, unique("k"), Date.now()).first<{ id: number }>();
  return String(row!.id);
}

describe("/customerVisit 客户回访", () => {
  it("stores a visit with its contact, purpose and photos, and lists it by date range, customer and purpose", async () => {
    const s = await salesman();
    const fields = visit(s, { visitedOn: "2026-11-18" });
    const [p1, p2] = [await photo(s.tenantId), await photo(s.tenantId)];
    const form = new URLSearchParams({ intent: "create", ...fields });
    form.append("photos", p1);
    form.append("photos", p2);
    expect((await post(s, form)).status).toBe(302);
    const row = (await stored(fields.content!))!;
    expect(row).toMatchObject({ customer_id: s.customerId, contact_id: s.contactId, visited_on: "2026-11-18", purpose: "collection", next_step: "月底前对账", photos: `${p1},${p2}`, visitor_id: s.userId, creator_id: s.userId });
    const list = await (await get(`/customerVisit?from=2026-11-01&to=2026-11-30&customerId=${s.customerId}&purpose=collection`, s.cookie)).text();
    expect(list).toContain(fields.content!);
    expect(list).toContain("刘振华");
    expect(list).toContain("催收回款");
    expect(await (await get("/customerVisit?from=2026-11-19", s.cookie)).text()).not.toContain(fields.content!);
    expect(await (await get("/customerVisit?purpose=routine", s.cookie)).text()).not.toContain(fields.content!);
    // the edit form names the photos for the upload widget
    expect(await (await get(`/customerVisit?edit=${row.id}`, s.cookie)).text()).toContain("现场.png");
  });

  it("refuses a contact of another customer, another tenant's photo, more than four photos and an empty content, in both languages", async () => {
    const s = await salesman();
    const other = await env.DB.prepare("insert into customers (tenant_id, name, kind, payment_days, state, version, created_at, updated_at) values (?, ?, 'enterprise', 30, 1, 1, ?, ?) returning id").bind(s.tenantId, unique("别家"), Date.now(), Date.now()).first<{ id: number }>();
    const res = await post(s, { intent: "create", ...visit(s, { customerId: String(other!.id) }) });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("联系人须是所选客户的联系人");
    const en = await post(s, { intent: "create", ...visit(s, { customerId: String(other!.id) }) }, "en-US");
    expect(await en.text()).toContain("The contact must be one of the chosen customer&#x27;s contacts");
    const foreign = await makeTenant();
    const form = new URLSearchParams({ intent: "create", ...visit(s) });
    form.append("photos", await photo(foreign.tenantId));
    expect(await (await post(s, form)).text()).toContain("所选记录不存在或无权访问");
    const many = new URLSearchParams({ intent: "create", ...visit(s) });
    for (let i = 0; i < 5; i++) many.append("photos", await photo(s.tenantId));
    expect(await (await post(s, many)).text()).toContain("照片最多4张");
    expect((await post(s, { intent: "create", ...visit(s, { content: " " }) })).status).toBe(400);
    expect(await env.DB.prepare("select count(*) n from customer_visits where tenant_id = ?").bind(s.tenantId).first("n")).toBe(0);
  });

  it("follows the customer's organisation: a customer outside the user's departments is refused and its visits unseen", async () => {
    const s = await salesman();
    const fields = visit(s);
    expect((await post(s, { intent: "create", ...fields })).status).toBe(302);
    // the customer belongs to the root; the user moves to a department below it
    const dept = await makeDepartment(s.tenantId, s.rootOrgId);
    await env.DB.prepare("update customers set org_id = ? where id = ?").bind(s.rootOrgId, s.customerId).run();
    await env.DB.prepare("update users set org_id = ? where id = ?").bind(dept, s.userId).run();
    const cookie = await signIn(s.account, s.password);
    expect(await (await get("/customerVisit", cookie)).text()).not.toContain(fields.content!);
    const row = (await stored(fields.content!))!;
    expect((await get(`/customerVisit?edit=${row.id}`, cookie)).status).toBe(404);
    const refused = await post(s, { intent: "create", ...visit(s) }, "zh-CN", cookie);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("所选客户不存在或不在您的数据权限内");
    // the form does not offer it either; a customer of the user's own department is offered and accepted
    expect(await (await get("/customerVisit?new=1", cookie)).text()).not.toContain(`value="${s.customerId}"`);
    await env.DB.prepare("update customers set org_id = ? where id = ?").bind(dept, s.customerId).run();
    expect((await post(s, { intent: "create", ...visit(s) }, "zh-CN", cookie)).status).toBe(302);
  });

  it("lets a read-only user neither see nor record visits (the screen's permission)", async () => {
    const s = await salesman();
    const v = await makeTenant({ role: "viewer" });
    const cookie = await signIn(v.account, v.password);
    expect((await get("/customerVisit", cookie)).status).toBe(403);
    expect((await post(s, { intent: "create", ...visit(s) }, "zh-CN", cookie)).status).toBe(403);
  });
});
