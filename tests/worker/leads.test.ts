// 业务列表 (/businessList): what a salesman notices: a lead saved and listed with its customer, stage and expected value
// to the cent; dates out of order and a lead with neither customer nor prospect refused; 输单 without a reason refused
// in both languages, with it stored; a won lead with a customer offers 转为合同 to a draft contract carrying it over; a
// colleague of another department sees none of his leads; another tenant's lead is nobody's here.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { FACTORIES, PREPARE } from "./factories";
import { get, makeTenant, postForm, signIn, unique } from "./helpers";
import { makeDepartment } from "./rent-fixtures";

async function salesman() {
  const t = await makeTenant({ role: "admin" });
  const cookie = await signIn(t.account, t.password);
  // a customer of the tenant (the visits' preparation makes one)
  await PREPARE.customerVisit!(t);
  const customerId = Number(FACTORIES.customerVisit!(t).customerId);
  return { ...t, cookie, customerId };
}
type Salesman = Awaited<ReturnType<typeof salesman>>;

const lead = (s: Salesman, over: Record<string, string> = {}): Record<string, string> => ({ ...FACTORIES.lead!(s), customerId: String(s.customerId), prospect: "", ownerId: String(s.userId), ...over });
const post = (s: Salesman, fields: Record<string, string>, lang = "zh-CN", cookie = s.cookie) => postForm("/businessList", fields, { Cookie: `${cookie}; derrick_lang=${lang}` });
const stored = (title: string) => env.DB.prepare("select * from leads where title = ?").bind(title).first<Record<string, number | string | null>>();

describe("/businessList 业务列表", () => {
  it("stores a lead with its customer, stage and expected value to the cent, and lists it by text, stage and owner", async () => {
    const s = await salesman();
    const fields = lead(s, { stage: "2", expected: "1,234,567.89", site: "上海市浦东新区临港", equipmentWanted: "QTZ125 塔吊 2 台", remark: "月底前报价" });
    expect((await post(s, { intent: "create", ...fields })).status).toBe(302);
    const row = (await stored(fields.title!))!;
    expect(row).toMatchObject({ customer_id: s.customerId, prospect: null, stage: 2, expected_cents: 123456789, expected_start: "2026-12-01", expected_end: "2027-02-28", owner_id: s.userId, remark: "月底前报价", creator_id: s.userId });
    const list = await (await get(`/businessList?q=${encodeURIComponent("临港")}&stage=2&ownerId=${s.userId}`, s.cookie)).text();
    expect(list).toContain(fields.title!);
    expect(list).toContain("1,234,567.89");
    expect(list).toContain("报价");
    expect(await (await get("/businessList?stage=0", s.cookie)).text()).not.toContain(fields.title!);
    // the edit form shows the amount as typed back, two decimals with separators
    expect(await (await get(`/businessList?edit=${row.id}`, s.cookie)).text()).toContain("1,234,567.89");
  });

  it("refuses dates out of order, no customer nor prospect, a bad amount and a won stage typed in, in both languages", async () => {
    const s = await salesman();
    const dates = await post(s, { intent: "create", ...lead(s, { expectedStart: "2026-12-10", expectedEnd: "2026-12-01" }) });
    expect(dates.status).toBe(400);
    expect(await dates.text()).toContain("预计结束日期不能早于预计开始日期");
    expect(await (await post(s, { intent: "create", ...lead(s, { expectedStart: "2026-12-10", expectedEnd: "2026-12-01" }) }, "en-US")).text()).toContain("The expected end cannot be before the expected start");
    expect(await (await post(s, { intent: "create", ...lead(s, { customerId: "", prospect: "" }) })).text()).toContain("请选择客户，或填写潜在客户名称");
    expect(await (await post(s, { intent: "create", ...lead(s, { expected: "12.345" }) })).text()).toContain("最多两位小数");
    expect((await post(s, { intent: "create", ...lead(s, { stage: "4" }) })).status).toBe(400);
    expect(await env.DB.prepare("select count(*) n from leads where tenant_id = ?").bind(s.tenantId).first("n")).toBe(0);
  });

  it("输单 asks for its reason (both languages) and stores it; a lost lead is not edited any more", async () => {
    const s = await salesman();
    const fields = lead(s);
    await post(s, { intent: "create", ...fields });
    const id = String((await stored(fields.title!))!.id);
    const empty = await post(s, { intent: "transition:lose", ids: id, lostReason: " " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("请填写输单原因");
    expect(await (await post(s, { intent: "transition:lose", ids: id, lostReason: "" }, "en-US")).text()).toContain("Enter the reason the lead was lost");
    expect((await stored(fields.title!))!.stage).toBe(0);
    expect((await post(s, { intent: "transition:lose", ids: id, lostReason: "客户选择了本地租赁公司" })).status).toBe(302);
    expect(await stored(fields.title!)).toMatchObject({ stage: 5, lost_reason: "客户选择了本地租赁公司" });
    // neither won now nor edited
    expect((await post(s, { intent: "transition:win", ids: id })).status).toBe(409);
    const edit = await post(s, { intent: "update", id, version: String((await stored(fields.title!))!.version), ...fields, title: fields.title! });
    expect(edit.status).toBe(409);
    expect(await edit.text()).toContain("已赢单或输单的商机不能再修改");
  });

  it("a won lead with a customer links 转为合同 to a draft contract with its data carried over; a prospect's does not", async () => {
    const s = await salesman();
    const withCustomer = lead(s, { site: "苏州市吴江区太湖新城", equipmentWanted: "50 吨汽车吊 1 台" });
    const prospect = lead(s, { customerId: "", prospect: unique("潜在客户") });
    await post(s, { intent: "create", ...withCustomer });
    await post(s, { intent: "create", ...prospect });
    const id = (await stored(withCustomer.title!))!.id;
    const pid = (await stored(prospect.title!))!.id;
    expect((await post(s, { intent: "transition:win", ids: `${id}` })).status).toBe(302);
    expect((await post(s, { intent: "transition:win", ids: `${pid}` })).status).toBe(302);
    const list = await (await get("/businessList?stage=4", s.cookie)).text();
    expect(list).toContain("转为合同");
    expect(list).toContain(`/contractList?new=1&amp;fromLead=${id}`);
    expect(list).not.toContain(`fromLead=${pid}`);
    const form = await (await get(`/contractList/form?new=1&fromLead=${id}`, s.cookie)).text();
    expect(form).toContain("苏州市吴江区太湖新城");
    expect(form).toContain("50 吨汽车吊 1 台");
  });

  it("follows the lead's organisation: a colleague of another department sees none of them and cannot act on them", async () => {
    const s = await salesman();
    const fields = lead(s);
    await post(s, { intent: "create", ...fields });
    const row = (await stored(fields.title!))!;
    const dept = await makeDepartment(s.tenantId, s.rootOrgId);
    await env.DB.prepare("update users set org_id = ? where id = ?").bind(dept, s.userId).run();
    const cookie = await signIn(s.account, s.password);
    expect(await (await get("/businessList", cookie)).text()).not.toContain(fields.title!);
    expect((await get(`/businessList?edit=${row.id}`, cookie)).status).toBe(404);
    expect((await post(s, { intent: "transition:win", ids: String(row.id) }, "zh-CN", cookie)).status).toBe(404);
    expect((await stored(fields.title!))!.stage).toBe(0);
  });

  it("another tenant's lead is not listed, opened or won here", async () => {
    const s = await salesman();
    const other = await salesman();
    const fields = lead(other);
    await post(other, { intent: "create", ...fields });
    const row = (await stored(fields.title!))!;
    expect(await (await get("/businessList", s.cookie)).text()).not.toContain(fields.title!);
    expect((await get(`/businessList?edit=${row.id}`, s.cookie)).status).toBe(404);
    expect((await post(s, { intent: "transition:win", ids: String(row.id) })).status).toBe(404);
    // nor can a lead name another tenant's customer
    expect(await (await post(s, { intent: "create", ...lead(s, { customerId: String(other.customerId) }) })).text()).toContain("所选客户不存在或不在您的数据权限内");
  });
});
