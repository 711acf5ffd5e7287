// 客户调研 (/customerresearch): what a manager notices: a form's average stored to the hundredth (half rounded up) and
// kept right when the scores change, a question left unscored refused, the averages per customer and per month
// beside the list, a customer outside the user's organisations refused and unseen, the questionnaire's answered
// question kept; and the demo seed's questionnaire and forms.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addMonths } from "../../app/lib/calendar";
import { todayInZone } from "../../app/lib/tenant-clock";
import { seedParties } from "../../db/seed/rental/parties";
import { seedVisits } from "../../db/seed/rental/visits";
import { db, get, makeTenant, postForm, signIn, unique } from "./helpers";
import { makeDepartment } from "./rent-fixtures";

async function manager() {
  const t = await makeTenant({ role: "admin" });
  const cookie = await signIn(t.account, t.password);
  const customer = async (name: string) => (await env.DB.prepare("insert into customers (tenant_id, name, kind, payment_days, state, version, created_at, updated_at) values (?, ?, 'enterprise', 30, 1, 1, ?, ?) returning id").bind(t.tenantId, name, Date.now(), Date.now()).first<{ id: number }>())!.id;
  const questions: number[] = [];
  for (const [i, text] of ["设备完好率", "操作手技能与服务态度", "进出场及时性", "对账与结算准确性", "故障响应速度", "总体满意度"].entries()) {
    const row = await env.DB.prepare("insert into satisfaction_questions (tenant_id, text, sort, enabled) values (?, ?, ?, 1) returning id").bind(t.tenantId, text, i * 10).first<{ id: number }>();
    questions.push(row!.id);
  }
  return { ...t, cookie, customer, questions, a: await customer(unique("中建八局")), b: await customer(unique("上海隧道")) };
}
type Manager = Awaited<ReturnType<typeof manager>>;

const form = (m: Manager, customerId: number, scores: (number | "")[], over: Record<string, string> = {}) => {
  const f: Record<string, string> = { customerId: String(customerId), answeredOn: todayInZone("Asia/Shanghai"), respondent: unique("项目经理").slice(0, 30), comment: "进场及时", ...over };
  scores.forEach((s, i) => {
    f[`answers[${i}].questionId`] = String(m.questions[i]);
    f[`answers[${i}].score`] = String(s);
  });
  return f;
};
const post = (m: Manager, fields: Record<string, string>, lang = "zh-CN", cookie = m.cookie) => postForm("/customerresearch", fields, { Cookie: `${cookie}; derrick_lang=${lang}` });
const stored = (respondent: string) => env.DB.prepare("select * from satisfaction_forms where respondent = ?").bind(respondent).first<{ id: number; average: number; version: number }>();
const answers = (formId: number) => env.DB.prepare("select question_id q, score from satisfaction_answers where form_id = ? order by question_id").bind(formId).all<{ q: number; score: number }>();

describe("/customerresearch 客户调研", () => {
  it("stores a form's scores and its average to the hundredth, half up, and recomputes it when the scores change", async () => {
    const m = await manager();
    const f = form(m, m.a, [5, 4, 4, 4, 4, 4]); // 25 / 6 = 4.1666… → 4.17
    expect((await post(m, { intent: "create", ...f })).status).toBe(302);
    const row = (await stored(f.respondent!))!;
    expect(row.average).toBe(417);
    expect((await answers(row.id)).results.map((a) => a.score)).toEqual([5, 4, 4, 4, 4, 4]);
    expect(await (await get("/customerresearch", m.cookie)).text()).toContain("4.17");
    // 3, 4, 4, 4, 4, 4 (23 / 6 = 3.8333…) → 3.83; the answers are replaced, not added to
    expect((await post(m, { intent: "update", id: String(row.id), version: String(row.version), ...form(m, m.a, [3, 4, 4, 4, 4, 4], { respondent: f.respondent! }) })).status).toBe(302);
    expect((await stored(f.respondent!))!.average).toBe(383);
    expect((await answers(row.id)).results).toHaveLength(6);
    // the edit form shows the stored scores: the first question's radio group, named by the question, with 3 chosen
    const edit = await (await get(`/customerresearch?edit=${row.id}`, m.cookie)).text();
    expect(edit).toMatch(/role="radiogroup"[^>]*aria-label="设备完好率 评分"/);
    expect(edit).toMatch(/name="answers\[0\]\.score" checked="" value="3"/);
    expect(edit).toContain('name="answers[0].questionId" value="' + m.questions[0] + '"');
    // and the form's average so far
    expect(edit).toMatch(/本表平均分(<!-- -->)?: <strong[^>]*>3\.83</);
  });

  it("refuses a question left unscored, a score out of 1–5 and another tenant's question, in both languages", async () => {
    const m = await manager();
    const missing = await post(m, { intent: "create", ...form(m, m.a, [5, 4, 4, 4, 4, ""]) });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("请为每个问题打分（1–5分）");
    const en = await post(m, { intent: "create", ...form(m, m.a, [5, 4, 4, 4, 4, 6]) }, "en-US");
    expect(await en.text()).toContain("Score every question (1–5)");
    const other = await manager();
    const foreign = form(m, m.a, [5, 4, 4, 4, 4, 4]);
    foreign["answers[5].questionId"] = String(other.questions[5]);
    const refused = await post(m, { intent: "create", ...foreign });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("问题不存在或未启用");
    expect(await env.DB.prepare("select count(*) n from satisfaction_forms where tenant_id = ?").bind(m.tenantId).first("n")).toBe(0);
  });

  it("shows the average per customer and per month of the last twelve months", async () => {
    const m = await manager();
    const today = todayInZone("Asia/Shanghai");
    const lastMonth = addMonths(today, -1);
    const old = addMonths(today, -13);
    for (const [customerId, scores, on] of [
      [m.a, [5, 5, 5, 5, 5, 4], today], // 4.83
      [m.a, [4, 4, 4, 4, 4, 4], lastMonth], // 4.00
      [m.b, [3, 3, 4, 4, 4, 4], lastMonth], // 3.67
      [m.b, [1, 1, 1, 1, 1, 1], old], // counts for the customer, not in the months
    ] as const) {
      expect((await post(m, { intent: "create", ...form(m, customerId, [...scores], { answeredOn: on }) })).status).toBe(302);
    }
    const page = (await (await get("/customerresearch", m.cookie)).text()).replace(/<!-- -->/g, "");
    const section = (id: string) => page.slice(page.indexOf(`data-testid="${id}"`), page.indexOf("</table>", page.indexOf(`data-testid="${id}"`)));
    const months = section("figures-month");
    // this month 4.83 (one form); last month (4.00 + 3.67) / 2 = 3.835 → 3.84; the form of 13 months ago is not a month shown
    expect(months).toMatch(new RegExp(`${today.slice(0, 7)}</td><td[^>]*>1</td><td[^>]*>4.83<`));
    expect(months).toMatch(new RegExp(`${lastMonth.slice(0, 7)}</td><td[^>]*>2</td><td[^>]*>3.84<`));
    expect(months).not.toContain(old.slice(0, 7));
    const customers = section("figures-customer");
    // A: (4.83 + 4.00) / 2 = 4.415 → 4.42; B: (3.67 + 1.00) / 2 = 2.335 → 2.34
    expect(customers).toMatch(/中建八局[^<]*<\/td><td[^>]*>2<\/td><td[^>]*>4.42</);
    expect(customers).toMatch(/上海隧道[^<]*<\/td><td[^>]*>2<\/td><td[^>]*>2.34</);
  });

  it("follows the customer's organisation: a form for a customer outside the user's departments is refused and unseen, in the figures too", async () => {
    const m = await manager();
    const f = form(m, m.a, [4, 4, 4, 4, 4, 4]);
    expect((await post(m, { intent: "create", ...f })).status).toBe(302);
    const dept = await makeDepartment(m.tenantId, m.rootOrgId);
    await env.DB.prepare("update customers set org_id = ? where tenant_id = ?").bind(m.rootOrgId, m.tenantId).run();
    await env.DB.prepare("update users set org_id = ? where id = ?").bind(dept, m.userId).run();
    const cookie = await signIn(m.account, m.password);
    const page = await (await get("/customerresearch", cookie)).text();
    expect(page).not.toContain(f.respondent!);
    expect(page).not.toContain('data-testid="figures-customer"');
    const refused = await post(m, { intent: "create", ...form(m, m.a, [4, 4, 4, 4, 4, 4]) }, "zh-CN", cookie);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("所选客户不存在或不在您的数据权限内");
  });

  it("keeps an answered question in the questionnaire (stop it instead) and lets a read-only user do nothing", async () => {
    const m = await manager();
    expect((await post(m, { intent: "create", ...form(m, m.a, [4, 4, 4, 4, 4, 4]) })).status).toBe(302);
    const del = await postForm("/customerresearch/questions", { intent: "delete", ids: String(m.questions[0]) }, { Cookie: m.cookie });
    expect(await del.text()).toContain("该问题已有调查表作答，不能删除，可改为停用");
    expect(await env.DB.prepare("select count(*) n from satisfaction_questions where id = ?").bind(m.questions[0]).first("n")).toBe(1);
    const v = await makeTenant({ role: "viewer" });
    const cookie = await signIn(v.account, v.password);
    expect((await get("/customerresearch", cookie)).status).toBe(403);
    expect((await get("/customerresearch/questions", cookie)).status).toBe(403);
  });
});

describe("the demo seed's customer care", () => {
  it("writes forty visits, the six questions and twenty-five forms whose averages match their scores, once", async () => {
    const t = await makeTenant({ role: "admin" });
    const ctx = { tenantId: t.tenantId, adminId: t.userId, vehicleIds: [] };
    expect(await seedVisits(db(), ctx)).toBeNull(); // no customers yet: nothing
    await seedParties(db(), ctx);
    expect(await seedVisits(db(), ctx)).toMatch(/40 customer visits, 6 satisfaction questions, 25 satisfaction forms/);
    expect(await seedVisits(db(), ctx)).toBeNull();
    const bad = await env.DB.prepare(
      "select count(*) n from satisfaction_forms f where f.tenant_id = ? and f.average != (select (200 * sum(score) + count(*)) / (2 * count(*)) from satisfaction_answers a where a.form_id = f.id)",
    )
      .bind(t.tenantId)
      .first("n");
    expect(bad).toBe(0);
    // every visit's contact is its customer's
    expect(await env.DB.prepare("select count(*) n from customer_visits v join customer_contacts c on c.id = v.contact_id where v.tenant_id = ? and c.customer_id != v.customer_id").bind(t.tenantId).first("n")).toBe(0);
  });
});
