import { env } from "cloudflare:test";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { tenantWhere } from "../../db/tenant";
import type { RequestScope } from "../../app/modules/access/access.server";
import { approvalTransitions } from "../../app/modules/workflow/approval";
import { approvalPlan, historyOf, pendingRead, todoFor, type ApprovalKind } from "../../app/modules/workflow/approval.server";
import { approvalKinds } from "../../app/modules/resource/registry.server";
import { batchableSelect } from "../../db/client";
import { runTransition, type Machine } from "../../app/modules/workflow/engine.server";
import { defineMachine } from "../../app/modules/workflow/machine";
import { FACTORIES } from "./factories";
import { db, get, makeTenant, postForm, signIn, unique } from "./helpers";

// Approval on the transitions engine (app/modules/workflow/approval*.ts): flows per tenant and kind, steps by role or
// named user, the to-do of whoever must act, the history on the document, and the family's verbs.

async function adminOf() {
  const t = await makeTenant({ role: "admin" });
  const cookie = await signIn(t.account, t.password);
  return { ...t, cookie, post: (path: string, fields: Record<string, string>, lang = "zh-CN") => postForm(path, fields, { Cookie: `${cookie}; derrick_lang=${lang}` }) };
}
type Admin = Awaited<ReturnType<typeof adminOf>>;

/** A second user of the tenant with the given role, signed in. */
async function colleague(a: Admin, role: "admin" | "viewer" = "admin") {
  const fields: Record<string, string> = { intent: "create", ...FACTORIES.user!(a), roleId: String(a.roleIds[role]) };
  expect((await a.post("/userManage", fields)).status).toBe(302);
  const id = (await env.DB.prepare("select id from users where login_account = ?").bind(fields.loginAccount).first<number>("id"))!;
  const cookie = await signIn(fields.loginAccount!, fields.password!);
  return { id, name: fields.userName!, cookie, post: (path: string, body: Record<string, string>, lang = "zh-CN") => postForm(path, body, { Cookie: `${cookie}; derrick_lang=${lang}` }) };
}

async function application(a: Admin) {
  const name = unique("申请人").slice(0, 20);
  expect((await a.post("/applicationManage", { intent: "create", name, phone: "13700001111", appRole: "operator", company: "华东工地", reason: "操作塔吊" })).status).toBe(302);
  return (await env.DB.prepare("select id from app_applications where name = ?").bind(name).first<number>("id"))!;
}
const appState = (id: number) => env.DB.prepare("select state, version from app_applications where id = ?").bind(id).first<{ state: number; version: number }>();
const saveFlow = (a: Admin, kind: string, approvers: string[], lang = "zh-CN") =>
  a.post("/tenantConfig/approvals", { kind, ...Object.fromEntries(approvers.map((v, i) => [`steps[${i}].approver`, v])) }, lang);

describe("approval flows (/tenantConfig/approvals)", () => {
  it("saves a kind's steps in order, shows them, and audits the change", async () => {
    const a = await adminOf();
    const b = await colleague(a);
    expect((await saveFlow(a, "application", [`role:${a.roleIds.admin}`, "", `user:${b.id}`])).status).toBe(302);
    const steps = await env.DB.prepare("select step_no, approver_type, approver_id from approval_steps where tenant_id = ? and kind = 'application' order by step_no").bind(a.tenantId).all();
    // the blank row is skipped: the named user is step 2
    expect(steps.results).toEqual([
      { step_no: 1, approver_type: "role", approver_id: a.roleIds.admin },
      { step_no: 2, approver_type: "user", approver_id: b.id },
    ]);
    const page = await (await get("/tenantConfig/approvals", a.cookie)).text();
    expect(page).toContain("审批流程");
    expect(page).toMatch(new RegExp(`<option value="user:${b.id}" selected=""`));
    const audit = await env.DB.prepare("select before, after from audit_logs where tenant_id = ? and entity = 'approvalFlow'").bind(a.tenantId).first<{ before: string; after: string }>();
    expect(JSON.parse(audit!.after)).toEqual({ steps: [`role:${a.roleIds.admin}`, `user:${b.id}`] });
  });

  it("answers the step buttons without JavaScript: the kind's steps come back one longer, moved or shorter, nothing saved", async () => {
    const a = await adminOf();
    const steps = { kind: "contract", "steps[0].approver": `role:${a.roleIds.admin}`, "steps[0].amount": "", "steps[1].approver": `role:${a.roleIds.dispatcher}`, "steps[1].amount": "500000" };
    const added = await a.post("/tenantConfig/approvals", { ...steps, __intent__: JSON.stringify({ type: "insert", payload: { name: "steps" } }) });
    expect(added.status).toBe(200);
    const card = (html: string) => html.slice(html.indexOf('data-testid="flow-contract"'), html.indexOf("</section>", html.indexOf('data-testid="flow-contract"')));
    expect(card(await added.text())).toContain('name="steps[2].approver"');
    const moved = card(await (await a.post("/tenantConfig/approvals", { ...steps, __intent__: JSON.stringify({ type: "reorder", payload: { name: "steps", from: 1, to: 0 } }) })).text());
    // the dispatcher's step, with its amount, is now the first
    expect(moved).toMatch(/name="steps\[0\]\.amount"[^>]*value="500000"|value="500000"[^>]*name="steps\[0\]\.amount"/);
    const removed = card(await (await a.post("/tenantConfig/approvals", { ...steps, __intent__: JSON.stringify({ type: "remove", payload: { name: "steps", index: 0 } }) })).text());
    expect(removed).not.toContain('name="steps[1].approver"');
    expect(await env.DB.prepare("select count(*) n from approval_steps where tenant_id = ?").bind(a.tenantId).first("n")).toBe(0);
  });

  it("refuses an approver without the approve code, another tenant's user, a repeated step and a made-up value, in both languages", async () => {
    const a = await adminOf();
    const viewer = await colleague(a, "viewer");
    const other = await adminOf();
    const lacks = await saveFlow(a, "dataPermission", [`role:${a.roleIds.viewer}`]);
    expect(lacks.status).toBe(400);
    expect(await lacks.text()).toContain("该审批人没有此类单据的审批权限");
    expect(await (await saveFlow(a, "dataPermission", [`user:${viewer.id}`], "en-US")).text()).toContain("does not hold the approve permission");
    expect(await (await saveFlow(a, "dataPermission", [`user:${other.userId}`])).text()).toContain("审批人不存在");
    expect(await (await saveFlow(a, "dataPermission", [`role:${a.roleIds.admin}`, `role:${a.roleIds.admin}`])).text()).toContain("同一审批人不能重复出现");
    expect(await (await saveFlow(a, "dataPermission", ["role:1 or 1=1"])).text()).toContain("请选择审批人");
    expect((await saveFlow(a, "nonsense", [`role:${a.roleIds.admin}`])).status).toBe(404);
    expect(await env.DB.prepare("select count(*) n from approval_steps where tenant_id = ?").bind(a.tenantId).first("n")).toBe(0);
    // without tenantConfig:edit the flows are shown, never saved
    expect((await viewer.post("/tenantConfig/approvals", { kind: "application", "steps[0].approver": `role:${a.roleIds.admin}` })).status).toBe(403);
  });
});

describe("a two-step approval", () => {
  it("goes step by step: the role's holder first, then the named user; each finds it in their to-do in turn", async () => {
    const a = await adminOf();
    const b = await colleague(a);
    expect((await saveFlow(a, "application", [`role:${a.roleIds.admin}`, `user:${b.id}`])).status).toBe(302);
    const id = await application(a);
    // step 1 is the admin role's: both admins see it waiting
    expect(await (await get("/manageWork", a.cookie)).text()).toContain(`/applicationManage/form?id=${id}`);
    expect(await (await get("/manageWork", b.cookie)).text()).toContain("第1/2步");

    expect((await a.post("/applicationManage", { intent: "transition:approve", ids: String(id) })).status).toBe(302);
    // approved at step 1 only: still pending, now waiting on the named user alone
    expect(await appState(id)).toEqual({ state: 0, version: 2 });
    expect(await (await get("/manageWork", a.cookie)).text()).not.toContain(`/applicationManage/form?id=${id}`);
    const bWork = await (await get("/manageWork", b.cookie)).text();
    expect(bWork).toContain(`/applicationManage/form?id=${id}`);
    expect(bWork).toContain("第2/2步");
    const notYours = await a.post("/applicationManage", { intent: "transition:approve", ids: String(id) });
    expect(notYours.status).toBe(403);
    expect(await notYours.text()).toContain("当前审批步骤不由您审批");
    expect(await appState(id)).toEqual({ state: 0, version: 2 });

    expect((await b.post("/applicationManage", { intent: "transition:approve", ids: String(id), note: "资料齐全" })).status).toBe(302);
    expect(await appState(id)).toEqual({ state: 1, version: 3 });
    expect(await (await get("/manageWork", b.cookie)).text()).toContain("暂无待办");

    // the history on the document: both steps done, by whom, with the note
    const form = await (await get(`/applicationManage/form?id=${id}`, a.cookie)).text();
    expect(form).toContain('data-testid="approval-history"');
    expect(form.match(/data-state="done"/g)).toHaveLength(2);
    expect(form).toContain(b.name);
    expect(form).toContain("资料齐全");
    const records = await env.DB.prepare("select step_no, action, actor_id from approval_records where kind = 'application' and document_id = ? order by id").bind(id).all();
    expect(records.results).toEqual([
      { step_no: 1, action: "approve", actor_id: a.userId },
      { step_no: 2, action: "approve", actor_id: b.id },
    ]);
  });

  it("refused at step 2 with its reason: refused, step 1 done, step 2 refused; nothing more waits", async () => {
    const a = await adminOf();
    const b = await colleague(a);
    await saveFlow(a, "application", [`role:${a.roleIds.admin}`, `user:${b.id}`]);
    const id = await application(a);
    await a.post("/applicationManage", { intent: "transition:approve", ids: String(id) });
    const noReason = await b.post("/applicationManage", { intent: "transition:refuse", ids: String(id), refuseReason: " " });
    expect(noReason.status).toBe(400);
    expect(await noReason.text()).toContain("请填写拒绝原因");
    expect((await b.post("/applicationManage", { intent: "transition:refuse", ids: String(id), refuseReason: "证件过期" })).status).toBe(302);
    expect(await env.DB.prepare("select state, refuse_reason from app_applications where id = ?").bind(id).first()).toEqual({ state: 2, refuse_reason: "证件过期" });
    const form = await (await get(`/applicationManage/form?id=${id}`, a.cookie)).text();
    expect(form).toContain('data-state="done"');
    expect(form).toContain('data-state="refused"');
    expect(form).toContain("证件过期");
    expect(await (await get("/manageWork", b.cookie)).text()).toContain("暂无待办");
  });

  it("lets one of two holders decide a step when both try at once", async () => {
    const a = await adminOf();
    const b = await colleague(a);
    const c = await colleague(a);
    await saveFlow(a, "application", [`role:${a.roleIds.admin}`, `user:${c.id}`]);
    const id = await application(a);
    const answers = await Promise.all([a.post("/applicationManage", { intent: "transition:approve", ids: String(id) }), b.post("/applicationManage", { intent: "transition:approve", ids: String(id) })]);
    // the loser is told the data changed (both read step 1) or, if it read after the winner, that step 2 is not theirs
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses[0]).toBe(302);
    expect([403, 409]).toContain(statuses[1]);
    expect(await env.DB.prepare("select count(*) n from approval_records where kind = 'application' and document_id = ?").bind(id).first("n")).toBe(1);
    expect(await appState(id)).toEqual({ state: 0, version: 2 });
  });

  it("never shows another tenant's documents in the to-do", async () => {
    const a = await adminOf();
    const other = await adminOf();
    const foreign = await application(other);
    expect(await (await get("/manageWork", a.cookie)).text()).not.toContain(`id=${foreign}`);
    expect(await (await get("/manageWork", other.cookie)).text()).toContain(`id=${foreign}`);
  });
});

// The family's other verbs, on a document kind with a draft (the contracts of the next issues): a table of the test's own.
const contracts = sqliteTable("test_contracts", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  tenantId: integer("tenant_id").notNull(),
  ownerId: integer("owner_id").notNull(),
  title: text("title").notNull(),
  state: integer("state").notNull(),
  version: integer("version").notNull().default(1),
  updatedAt: integer("updated_at"),
});
type Contract = typeof contracts.$inferSelect;
const STATES = { draft: 0, pending: 1, approved: 2, refused: 3, abandoned: 4, aborted: 5 };
const kind: ApprovalKind = {
  kind: "testContract",
  title: "workflow:submit",
  href: (id) => `/contracts?view=${id}`,
  approveCode: "contract:approve",
  states: STATES,
  pending: (scope, limit) =>
    pendingRead(scope.db.select().from(contracts).where(tenantWhere(contracts, scope, inArray(contracts.state, [STATES.pending]))).limit(limit), (c) => ({ id: c.id, label: c.title, ownerId: c.ownerId, createdAt: c.id })),
};
const machine: Machine<Contract> = {
  view: defineMachine<Contract>({ kind: "testContract", stateOf: (r) => r.state, transitions: approvalTransitions<Contract>(kind, "contract:edit", (r) => r.ownerId) }),
  table: contracts,
  stateKey: "state",
  load: (scope, ids) => scope.db.select().from(contracts).where(tenantWhere(contracts, scope, inArray(contracts.id, ids))),
  label: (r) => r.title,
  plan: approvalPlan(kind),
};
function scopeOf(tenantId: number, userId: number, codes: string[], roleIds: number[] = []): RequestScope {
  return { env, db: db(), user: { id: userId, tenantId }, access: { permissions: new Set(codes), roleIds, roleNames: [], menuRows: [] }, session: {} } as unknown as RequestScope;
}

describe("the approval family's verbs", () => {
  beforeAll(async () => {
    await env.DB.exec("create table if not exists test_contracts (id integer primary key autoincrement, tenant_id integer not null, owner_id integer not null, title text not null, state integer not null, version integer not null default 1, updated_at integer)");
  });

  it("submit, recall, submit again, approve, abort; abandon from draft; each only by whom it belongs to", async () => {
    const t = await makeTenant();
    const owner = scopeOf(t.tenantId, t.userId, ["contract:edit"]);
    const stranger = scopeOf(t.tenantId, t.userId + 100000, ["contract:edit"]);
    const approver = scopeOf(t.tenantId, t.userId + 200000, ["contract:approve"]);
    const [{ id }] = await db().insert(contracts).values({ tenantId: t.tenantId, ownerId: t.userId, title: "HT-202611-0001 塔吊租赁", state: STATES.draft }).returning({ id: contracts.id });
    const state = async () => (await env.DB.prepare("select state from test_contracts where id = ?").bind(id).first<number>("state"))!;

    expect((await runTransition(stranger, machine, "submit", [id], {})).ok).toBe(false);
    expect((await runTransition(owner, machine, "approve", [id], {})).ok).toBe(false); // no code, and not pending
    expect((await runTransition(owner, machine, "submit", [id], {})).ok).toBe(true);
    expect(await state()).toBe(STATES.pending);
    expect((await todoFor(approver, [kind])).map((x) => x.id)).toEqual([id]);
    // the owner never decides their own document
    const self = await runTransition(scopeOf(t.tenantId, t.userId, ["contract:approve"]), machine, "approve", [id], {});
    expect(self).toMatchObject({ ok: false, refusal: { message: "workflow:selfDecision", status: 403 } });
    expect((await runTransition(owner, machine, "recall", [id], {})).ok).toBe(true);
    expect(await state()).toBe(STATES.draft);
    expect(await todoFor(approver, [kind])).toEqual([]);
    expect((await runTransition(owner, machine, "submit", [id], {})).ok).toBe(true);
    expect((await runTransition(approver, machine, "approve", [id], {})).ok).toBe(true);
    expect(await state()).toBe(STATES.approved);
    const noReason = await runTransition(approver, machine, "abort", [id], { reason: "" });
    expect(noReason).toMatchObject({ ok: false, field: "reason" });
    expect((await runTransition(approver, machine, "abort", [id], { reason: "客户违约" })).ok).toBe(true);
    expect(await state()).toBe(STATES.aborted);
    // nothing leaves aborted
    expect((await runTransition(owner, machine, "submit", [id], {})).ok).toBe(false);

    const history = await historyOf(approver, kind, id, STATES.aborted);
    expect(history.records.map((r) => [r.action, r.round])).toEqual([
      ["submit", 1],
      ["recall", 1],
      ["submit", 2],
      ["approve", 2],
      ["abort", 2],
    ]);
    expect(history.steps).toMatchObject([{ approverType: "code", state: "done" }]);

    const [{ id: draft }] = await db().insert(contracts).values({ tenantId: t.tenantId, ownerId: t.userId, title: "草稿", state: STATES.draft }).returning({ id: contracts.id });
    expect((await runTransition(owner, machine, "abandon", [draft], {})).ok).toBe(true);
    expect(await env.DB.prepare("select state from test_contracts where id = ?").bind(draft).first("state")).toBe(STATES.abandoned);
  });
});

describe("the to-do's reads", () => {
  it("reads every registered kind's pending documents in one round trip with the flows: each select can join a D1 batch", async () => {
    const t = await makeTenant();
    const scope = scopeOf(t.tenantId, t.userId, approvalKinds().map((k) => k.approveCode));
    // a select naming two result columns alike cannot join a batch (db/client.ts batchableSelect), and the to-do would fall back to one round trip a kind
    for (const k of approvalKinds()) expect([k.kind, batchableSelect(k.pending(scope, 5).query)]).toEqual([k.kind, true]);
  });
});
