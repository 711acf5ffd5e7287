import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { RequestScope } from "../../app/modules/access/access.server";
import { contractApprovalKind } from "../../app/modules/contracts/contracts.server";
import { historyOf } from "../../app/modules/workflow/approval.server";
import { FACTORIES } from "./factories";
import { db, get, makeTenant, postForm, signIn, unique } from "./helpers";

// Approval steps from an amount up (issue 25 §2: the sales manager, then finance above an amount): a step of 审批流程
// with a threshold applies only to documents worth at least that much. A contract below it is approved after the
// steps that apply; one above goes through every step, in the to-do of each approver in turn; the history shows the
// steps that apply; the flows page saves and refuses thresholds in both languages; a kind without an amount runs every
// step whatever is stored.

type Fields = Record<string, string>;

async function signedAdmin() {
  const t = await makeTenant({ role: "admin" });
  const cookie = await signIn(t.account, t.password);
  return { ...t, cookie, post: (path: string, fields: Fields, lang = "zh-CN") => postForm(path, fields, { Cookie: `${cookie}; derrick_lang=${lang}` }) };
}
type Admin = Awaited<ReturnType<typeof signedAdmin>>;

/** Another administrator of the tenant, signed in. */
async function secondAdmin(a: Admin) {
  const account: Fields = { intent: "create", ...FACTORIES.user!(a), roleId: String(a.roleIds.admin) };
  expect((await a.post("/userManage", account)).status).toBe(302);
  const id = (await env.DB.prepare("select id from users where login_account = ?").bind(account.loginAccount).first<number>("id"))!;
  const cookie = await signIn(account.loginAccount!, account.password!);
  return {
    id,
    name: account.userName!,
    cookie,
    post: (path: string, fields: Fields, lang = "zh-CN") => postForm(path, fields, { Cookie: `${cookie}; derrick_lang=${lang}` }),
    page: async (path: string) => (await get(path, cookie)).text(),
  };
}

async function customer(tenantId: number) {
  const row = await env.DB.prepare("insert into customers (tenant_id, name, kind, payment_days, state, version, created_at, updated_at) values (?, ?, 'enterprise', 30, 1, 1, ?, ?) returning id")
    .bind(tenantId, unique("客户"), Date.now(), Date.now())
    .first<{ id: number }>();
  return row!.id;
}

/** A rental contract of three months (2026-11-01 … 2027-01-31) at `monthly` yuan: worth three times that. */
async function contract(a: Admin, monthly: string) {
  const fields: Fields = { intent: "createDoc", kind: "rental", name: unique("合同").slice(0, 40), customerId: String(await customer(a.tenantId)), startOn: "2026-11-01", plannedEndOn: "2027-01-31", settlementDay: "20", paymentDays: "30", taxRate: "9", "lines[0].equipmentType": "1", "lines[0].monthly": monthly };
  const res = await a.post("/contractList/form?new=1", fields);
  expect(res.status).toBe(302);
  return Number(new URL(res.headers.get("Location")!, "http://x").searchParams.get("id"));
}
const contractRow = (id: number) => env.DB.prepare("select number, state, value_cents from contracts where id = ?").bind(id).first<{ number: string; state: number; value_cents: number }>();
const transition = async (who: { post: Admin["post"] }, id: number, name: string) => (await who.post("/contractList", { intent: `transition:${name}`, ids: String(id) })).status;
const saveFlow = (a: Admin, kind: string, steps: [approver: string, amount?: string][], lang = "zh-CN") =>
  a.post("/tenantConfig/approvals", { kind, ...Object.fromEntries(steps.flatMap(([approver, amount], i) => [[`steps[${i}].approver`, approver], ...(amount === undefined ? [] : [[`steps[${i}].amount`, amount]])])) }, lang);
const stepsOf = async (tenantId: number, kind: string) => (await env.DB.prepare("select step_no, approver_type, approver_id, min_amount_cents from approval_steps where tenant_id = ? and kind = ? order by step_no").bind(tenantId, kind).all()).results;

function scopeOf(tenantId: number, userId: number, codes: string[]): RequestScope {
  return { env, db: db(), user: { id: userId, tenantId }, access: { permissions: new Set(codes), roleIds: [], roleNames: [], menuRows: [] }, session: {} } as unknown as RequestScope;
}

describe("thresholds on 审批流程 (/tenantConfig/approvals)", () => {
  it("saves a step's amount as cents, shows it back and audits it; a blank amount is every document", async () => {
    const a = await signedAdmin();
    const b = await secondAdmin(a);
    expect((await saveFlow(a, "contract", [[`role:${a.roleIds.admin}`, ""], [`user:${b.id}`, "500,000.00"]])).status).toBe(302);
    expect(await stepsOf(a.tenantId, "contract")).toEqual([
      { step_no: 1, approver_type: "role", approver_id: a.roleIds.admin, min_amount_cents: null },
      { step_no: 2, approver_type: "user", approver_id: b.id, min_amount_cents: 50_000_000 },
    ]);
    const page = await (await get("/tenantConfig/approvals", a.cookie)).text();
    expect(page).toContain("起始金额（元）");
    expect(page).toMatch(/name="steps\[1\]\.amount"[^>]*value="500000\.00"|value="500000\.00"[^>]*name="steps\[1\]\.amount"/);
    const audit = await env.DB.prepare("select after from audit_logs where tenant_id = ? and entity = 'approvalFlow'").bind(a.tenantId).first<string>("after");
    expect(JSON.parse(audit!)).toEqual({ steps: [`role:${a.roleIds.admin}`, `user:${b.id} ≥ 500,000.00`] });
    // the same approver again is a step of its own from another amount only
    expect((await saveFlow(a, "contract", [[`role:${a.roleIds.admin}`], [`role:${a.roleIds.admin}`, "500000"]])).status).toBe(302);
    expect((await saveFlow(a, "contract", [[`role:${a.roleIds.admin}`, "1"], [`role:${a.roleIds.admin}`, "1.00"]])).status).toBe(400);
    // a kind without an amount offers no amount and stores none
    expect((await saveFlow(a, "application", [[`role:${a.roleIds.admin}`, "100"]])).status).toBe(302);
    expect(await stepsOf(a.tenantId, "application")).toEqual([{ step_no: 1, approver_type: "role", approver_id: a.roleIds.admin, min_amount_cents: null }]);
    const applicationCard = page.slice(page.indexOf('data-testid="flow-application"'));
    expect(applicationCard.slice(0, applicationCard.indexOf("</section>"))).not.toContain(".amount");
  });

  it("refuses a negative amount, more than two decimals and text, in both languages, and saves nothing", async () => {
    const a = await signedAdmin();
    const cases: [string, string, string][] = [
      ["-1", "金额不能为负数", "The amount cannot be negative"],
      ["1.234", "金额最多保留两位小数", "At most two decimal places"],
      ["五十万", "请输入有效的金额", "Enter a valid amount"],
    ];
    for (const [amount, zh, en] of cases) {
      const refused = await saveFlow(a, "contract", [[`role:${a.roleIds.admin}`], [`role:${a.roleIds.admin}`, amount]]);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(zh);
      expect(await (await saveFlow(a, "contract", [[`role:${a.roleIds.admin}`], [`role:${a.roleIds.admin}`, amount]], "en-US")).text()).toContain(en);
    }
    expect(await stepsOf(a.tenantId, "contract")).toEqual([]);
  });
});

describe("a contract's flow by its value", () => {
  it("skips a step from ¥500,000 for a contract worth less, and takes it for one worth more, in the second approver's to-do only then", async () => {
    const a = await signedAdmin();
    const b = await secondAdmin(a);
    const d = await secondAdmin(a);
    expect((await saveFlow(a, "contract", [[`user:${b.id}`], [`user:${d.id}`, "500000"]])).status).toBe(302);

    // ¥114,000.00: the first step only
    const small = await contract(a, "38000");
    expect((await contractRow(small))!.value_cents).toBe(11_400_000);
    expect(await transition(a, small, "submit")).toBe(302);
    // its submitter may not approve it: the refusal is a panel over the page (where the confirmation was), not an alert at its top
    const own = await a.post("/contractList", { intent: "transition:approve", ids: String(small) });
    expect(own.status).toBe(403);
    expect(await own.text()).toMatch(/data-testid="transition-refused"[\s\S]*?不能审批本人提交的单据/);
    expect(await d.page("/manageWork")).not.toContain((await contractRow(small))!.number);
    expect(await b.page("/manageWork")).toContain("第1/1步");
    expect(await transition(b, small, "approve")).toBe(302);
    expect((await contractRow(small))!.state).toBe(2);
    const smallHistory = await historyOf(scopeOf(a.tenantId, a.userId, ["contractList:approve"]), contractApprovalKind, small, 2);
    expect(smallHistory.steps.map((s) => [s.approver, s.state])).toEqual([[b.name, "done"]]);

    // ¥600,000.00: both steps; d's to-do only once b has approved
    const large = await contract(a, "200000");
    expect((await contractRow(large))!.value_cents).toBe(60_000_000);
    const number = (await contractRow(large))!.number;
    expect(await transition(a, large, "submit")).toBe(302);
    expect(await d.page("/manageWork")).not.toContain(number);
    expect(await b.page("/manageWork")).toContain("第1/2步");
    expect(await transition(d, large, "approve")).toBe(403);
    expect(await transition(b, large, "approve")).toBe(302);
    expect((await contractRow(large))!.state).toBe(1);
    expect(await b.page("/manageWork")).not.toContain(number);
    const dWork = await d.page("/manageWork");
    expect(dWork).toContain(number);
    expect(dWork).toContain("第2/2步");
    const waiting = await historyOf(scopeOf(a.tenantId, a.userId, ["contractList:approve"]), contractApprovalKind, large, 1);
    expect(waiting.steps.map((s) => [s.approver, s.state])).toEqual([
      [b.name, "done"],
      [d.name, "current"],
    ]);
    expect(await transition(d, large, "approve")).toBe(302);
    expect((await contractRow(large))!.state).toBe(2);
    expect(await d.page("/manageWork")).not.toContain(number);
  });

  it("counts the over-credit step after the steps that apply to the contract's value", async () => {
    const a = await signedAdmin();
    const b = await secondAdmin(a);
    const d = await secondAdmin(a);
    expect((await saveFlow(a, "contract", [[`user:${b.id}`], [`user:${d.id}`, "500000"]])).status).toBe(302);
    const limited = (await env.DB.prepare("insert into customers (tenant_id, name, kind, credit_limit_cents, payment_days, state, version, created_at, updated_at) values (?, ?, 'enterprise', 100, 30, 1, 1, ?, ?) returning id").bind(a.tenantId, unique("客户"), Date.now(), Date.now()).first<number>("id"))!;
    const res = await a.post("/contractList/form?new=1", { intent: "createDoc", kind: "rental", name: unique("合同").slice(0, 30), customerId: String(limited), startOn: "2026-11-01", plannedEndOn: "2027-01-31", settlementDay: "20", paymentDays: "30", taxRate: "9", "lines[0].equipmentType": "1", "lines[0].monthly": "1000", overCreditReason: "老客户" });
    expect(res.status).toBe(302);
    const id = Number(new URL(res.headers.get("Location")!, "http://x").searchParams.get("id"));
    // ¥3,000.00: b's step, then the credit step (not d's)
    expect(await transition(a, id, "submit")).toBe(302);
    expect(await transition(b, id, "approve")).toBe(302);
    expect((await contractRow(id))!.state).toBe(1);
    expect(await transition(b, id, "approve")).toBe(302);
    expect((await contractRow(id))!.state).toBe(2);
  });
});

describe("a kind without an amount", () => {
  it("runs every step, thresholds or not (an app user's application)", async () => {
    const a = await signedAdmin();
    const b = await secondAdmin(a);
    // stored as an older flow or a direct write might: the engine ignores it for a kind that has no amount
    await env.DB.prepare("insert into approval_steps (tenant_id, kind, step_no, approver_type, approver_id, min_amount_cents, created_at, updated_at) values (?, 'application', 1, 'role', ?, null, 0, 0), (?, 'application', 2, 'user', ?, 99999999999, 0, 0)")
      .bind(a.tenantId, a.roleIds.admin, a.tenantId, b.id)
      .run();
    const name = unique("申请人").slice(0, 20);
    expect((await a.post("/applicationManage", { intent: "create", name, phone: "13700001111", appRole: "operator", company: "华东工地", reason: "操作塔吊" })).status).toBe(302);
    const id = (await env.DB.prepare("select id from app_applications where name = ?").bind(name).first<number>("id"))!;
    expect((await a.post("/applicationManage", { intent: "transition:approve", ids: String(id) })).status).toBe(302);
    expect(await env.DB.prepare("select state from app_applications where id = ?").bind(id).first("state")).toBe(0);
    expect(await b.page("/manageWork")).toContain("第2/2步");
    expect((await b.post("/applicationManage", { intent: "transition:approve", ids: String(id) })).status).toBe(302);
    expect(await env.DB.prepare("select state from app_applications where id = ?").bind(id).first("state")).toBe(1);
  });
});
