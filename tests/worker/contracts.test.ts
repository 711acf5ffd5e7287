import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { FACTORIES } from "./factories";
import { get, makeTenant, postForm, signIn, unique } from "./helpers";
import { makeVehicle } from "./telematics";
import { makeDepartment } from "./rent-fixtures";

// The contract document (/contractList, /contractList/form) over HTTP, as a browser posts it: each kind saved with its
// lines and read back to the cent, the judge-status checks (double booking, credit limit, dates, the plan's total),
// every transition from every state, two-step approval with recall and refusal, amendments, numbering under load,
// data scope.

type Fields = Record<string, string>;

async function signedAdmin() {
  const t = await makeTenant({ role: "admin" });
  const cookie = await signIn(t.account, t.password);
  const as = (c: string) => ({
    post: (path: string, fields: Fields | URLSearchParams, lang = "zh-CN") => postForm(path, fields, { Cookie: `${c}; derrick_lang=${lang}` }),
    page: async (path: string, lang = "zh-CN") => (await get(path, `${c}; derrick_lang=${lang}`)).text(),
  });
  return { ...t, cookie, ...as(cookie), as };
}
type Admin = Awaited<ReturnType<typeof signedAdmin>>;

/** Another administrator of the tenant (an approver who did not submit), through /userManage; of `orgId` when given. */
async function secondAdmin(a: Admin, orgId?: number) {
  const account: Fields = { intent: "create", ...FACTORIES.user!(a), roleId: String(a.roleIds.admin) };
  expect((await a.post("/userManage", account)).status).toBe(302);
  const row = await env.DB.prepare("select id from users where login_account = ?").bind(account.loginAccount).first<{ id: number }>();
  if (orgId) await env.DB.prepare("update users set org_id = ? where id = ?").bind(orgId, row!.id).run();
  const cookie = await signIn(account.loginAccount!, account.password!);
  return { id: row!.id, cookie, ...a.as(cookie) };
}

async function customer(tenantId: number, limitCents: number | null = null) {
  const row = await env.DB.prepare("insert into customers (tenant_id, name, kind, credit_limit_cents, payment_days, state, version, created_at, updated_at) values (?, ?, 'enterprise', ?, 30, 1, 1, ?, ?) returning id")
    .bind(tenantId, unique("客户"), limitCents, Date.now(), Date.now())
    .first<{ id: number }>();
  return row!.id;
}
async function supplier(tenantId: number) {
  const row = await env.DB.prepare("insert into suppliers (tenant_id, name, kind, supplies, payment_days, state, version, created_at, updated_at) values (?, ?, 'enterprise', 'hire', 30, 1, 1, ?, ?) returning id")
    .bind(tenantId, unique("供应商"), Date.now(), Date.now())
    .first<{ id: number }>();
  return row!.id;
}

const head = (customerId: number, more: Fields = {}): Fields => ({
  kind: "rental",
  name: unique("合同").slice(0, 40),
  customerId: String(customerId),
  startOn: "2026-11-01",
  plannedEndOn: "2027-01-31",
  settlementDay: "20",
  paymentDays: "30",
  taxRate: "9",
  ...more,
});
const line = (i: number, fields: Fields): Fields => Object.fromEntries(Object.entries(fields).map(([k, v]) => [`lines[${i}].${k}`, v]));

/** Saves a new contract; answers its id (null when refused) and the page's text. */
async function create(a: { post: Admin["post"] }, fields: Fields, lang = "zh-CN") {
  const res = await a.post("/contractList/form?new=1", { intent: "createDoc", ...fields }, lang);
  const id = res.status === 302 ? Number(new URL(res.headers.get("Location")!, "http://x").searchParams.get("id")) : null;
  return { id, status: res.status, text: res.status === 302 ? "" : await res.text() };
}
const contractRow = (id: number) => env.DB.prepare("select * from contracts where id = ?").bind(id).first<Record<string, unknown>>();
const linesOf = async (id: number) => (await env.DB.prepare("select * from contract_lines where contract_id = ? order by line_no").bind(id).all<Record<string, unknown>>()).results;
const setState = (id: number, state: number, creatorId: number | null) => env.DB.prepare("update contracts set state = ?, creator_id = ? where id = ?").bind(state, creatorId, id).run();
const transition = async (a: { post: Admin["post"] }, id: number, name: string, more: Fields = {}) => (await a.post("/contractList", { intent: `transition:${name}`, ids: String(id), ...more })).status;

describe("saving a contract of each kind", () => {
  it("stores the head, the lines, the fees and the plan exactly, the value to the cent, with the next number", async () => {
    const a = await signedAdmin();
    const c = await customer(a.tenantId);
    const s = await supplier(a.tenantId);
    const v1 = await makeVehicle(a.tenantId);
    const v2 = await makeVehicle(a.tenantId);
    // 租赁: a 25 t truck crane at ¥38,000.00 a month with two operators, a 50 t at ¥65,000.00 from the 16th; entry fee
    const rental = await create(a, {
      ...head(c, { deposit: "50,000", siteAddress: "上海市嘉定区安亭镇工地", siteLng: "121.16", siteLat: "31.29" }),
      ...line(0, { vehicleId: String(v1.id), monthly: "38,000.00", operators: "2", operatorMonthly: "9000", idleRate: "70", faultDeduction: "1", onRentOn: "2026-11-01", offRentOn: "2026-11-30" }),
      ...line(1, { vehicleId: String(v2.id), spec: "50t", monthly: "65000", onRentOn: "2026-11-16" }),
      "fees[0].kind": "entry",
      "fees[0].amount": "3,500.50",
      "fees[0].lineNo": "2",
    });
    expect(rental.status, rental.text.slice(0, 300)).toBe(302);
    const row = (await contractRow(rental.id!))!;
    expect(row.number).toMatch(/^HT-\d{6}-\d{4}$/);
    // line 1: 38,000 + 2 × 9,000; line 2: 11-16 → 01-31 is 2 months 16 days: 130,000 + 65,000 × 16 / 30 = 164,666.666… → 164,666.67
    expect(row.value_cents).toBe(5_600_000 + 16_466_667 + 350_050);
    expect(row.deposit_cents).toBe(5_000_000);
    expect(row.tax_rate_bp).toBe(900);
    const lines = await linesOf(rental.id!);
    expect(lines.map((l) => [l.line_no, l.vehicle_id, l.monthly_cents, l.operators, l.operator_monthly_cents, l.idle_rate_bp, l.fault_deduction, l.on_rent_on, l.off_rent_on])).toEqual([
      [1, v1.id, 3_800_000, 2, 900_000, 7000, 1, "2026-11-01", "2026-11-30"],
      [2, v2.id, 6_500_000, 0, null, null, 0, "2026-11-16", null],
    ]);
    const fee = await env.DB.prepare("select kind, amount_cents, line_id from contract_fees where contract_id = ?").bind(rental.id).first<Record<string, unknown>>();
    expect(fee).toEqual({ kind: "entry", amount_cents: 350_050, line_id: lines[1]!.id });
    // the document shows it again with two decimals and separators
    const page = await a.page(`/contractList/form?id=${rental.id}`);
    expect(page).toContain("224,167.17");
    expect(page).toContain('value="3500.50"');

    // 零租 by shift and hour (billed from out-car records: no value in advance), 光租 daily, 包租 fixed with its plan
    // a machine priced by the shift and by the hour at once is refused: the same hours would be billed twice
    const both = await create(a, { ...head(c, { kind: "spot", plannedEndOn: "" }), ...line(0, { equipmentType: "1", spec: "25t", shift: "2800", shiftHours: "8", hourly: "400" }) });
    expect(both.status).toBe(400);
    expect(both.text).toContain("同一台设备按台班或按小时计价，不能同时填写");
    const spot = await create(a, { ...head(c, { kind: "spot", plannedEndOn: "" }), ...line(0, { equipmentType: "1", spec: "25t", shift: "2800", shiftHours: "8", shiftOvertime: "350", minHoursPerCall: "4" }) });
    expect(spot.status).toBe(302);
    expect((await contractRow(spot.id!))!.value_cents).toBe(0);
    expect((await linesOf(spot.id!)).map((l) => [l.shift_cents, l.shift_hours, l.shift_overtime_cents, l.hourly_cents, l.min_hours_per_call])).toEqual([[280_000, 8, 35_000, null, 4]]);
    const hourly = await create(a, { ...head(c, { kind: "spot", plannedEndOn: "" }), ...line(0, { equipmentType: "1", spec: "25t", hourly: "400", minHoursPerCall: "4" }) });
    expect(hourly.status).toBe(302);
    const bare = await create(a, { ...head(c, { kind: "bare", plannedEndOn: "2026-11-10" }), ...line(0, { equipmentType: "3", daily: "1,234.56" }) });
    expect((await contractRow(bare.id!))!.value_cents).toBe(10 * 123_456);
    const charter = await create(a, {
      ...head(c, { kind: "charter", fixedPrice: "120,000.01" }),
      ...line(0, { equipmentType: "2", monthly: "50000" }),
      "plans[0].dueOn": "2026-11-30",
      "plans[0].amount": "60000",
      "plans[1].dueOn": "2026-12-31",
      "plans[1].amount": "60000.01",
    });
    expect(charter.status).toBe(302);
    expect((await contractRow(charter.id!))!.value_cents).toBe(12_000_001);
    const plans = (await env.DB.prepare("select seq, due_on, amount_cents from contract_plans where contract_id = ? order by seq").bind(charter.id).all()).results;
    expect(plans).toEqual([
      { seq: 1, due_on: "2026-11-30", amount_cents: 6_000_000 },
      { seq: 2, due_on: "2026-12-31", amount_cents: 6_000_001 },
    ]);
    // 以租代售: the purchase price; 项目 without a fixed price: the rent
    const rto = await create(a, { ...head(c, { kind: "rentToOwn", purchasePrice: "880000" }), ...line(0, { equipmentType: "1", monthly: "30000" }) });
    expect((await contractRow(rto.id!))!.value_cents).toBe(88_000_000);
    const project = await create(a, { ...head(c, { kind: "project", plannedEndOn: "2026-12-31" }), ...line(0, { equipmentType: "3", monthly: "28000" }), ...line(1, { equipmentType: "3", monthly: "28000" }) });
    expect((await contractRow(project.id!))!.value_cents).toBe(2 * 2 * 2_800_000);
    // 分包: from a supplier for the rental contract, its cost beside the sell price
    const sub = await create(a, { ...head(0, { kind: "subcontract", customerId: "", supplierId: String(s), parentId: String(rental.id) }), ...line(0, { equipmentType: "2", monthly: "60000", costMonthly: "45000" }) });
    expect(sub.status, sub.text.slice(0, 200)).toBe(302);
    const subRow = (await contractRow(sub.id!))!;
    expect([subRow.supplier_id, subRow.customer_id, subRow.parent_id, subRow.value_cents]).toEqual([s, null, rental.id, 3 * 6_000_000]);
    expect((await linesOf(sub.id!))[0]!.cost_monthly_cents).toBe(4_500_000);
    const subPage = await a.page(`/contractList/form?id=${sub.id}`);
    expect(subPage).toContain("45,000.00（25.00%）");
    // its head as drawn: the supplier and the customer contract shown, the customer and a fixed price hidden and
    // disabled (they post nothing), as the kind says before the page runs
    const cell = (key: string) => new RegExp(`<fieldset[^>]*data-field="${key}"`).exec(subPage)?.[0] ?? "";
    expect(cell("supplierId")).not.toMatch(/hidden|disabled/);
    expect(cell("parentId")).not.toMatch(/hidden|disabled/);
    expect(cell("customerId")).toMatch(/hidden=""[^>]*disabled=""/);
    expect(cell("fixedPrice")).toMatch(/hidden=""[^>]*disabled=""/);
    const rentalPage = await a.page(`/contractList/form?id=${rental.id}`);
    expect(new RegExp('<fieldset[^>]*data-field="supplierId"').exec(rentalPage)?.[0]).toMatch(/hidden=""[^>]*disabled=""/);
    expect(new RegExp('<fieldset[^>]*data-field="customerId"').exec(rentalPage)?.[0]).not.toMatch(/hidden|disabled/);
    // the numbers follow each other without a gap
    const numbers = (await env.DB.prepare("select number from contracts where tenant_id = ? order by id").bind(a.tenantId).all<{ number: string }>()).results.map((r) => Number(r.number.slice(-4)));
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("refuses what the checks refuse, with the message on the field, in both languages", async () => {
    const a = await signedAdmin();
    const c = await customer(a.tenantId);
    const v = await makeVehicle(a.tenantId);
    const first = await create(a, { ...head(c), ...line(0, { vehicleId: String(v.id), monthly: "38000" }) });
    const number = (await contractRow(first.id!))!.number as string;
    // the vehicle is on the first contract for overlapping days: named
    const clash = await create(a, { ...head(c, { startOn: "2027-01-15", plannedEndOn: "2027-03-31" }), ...line(0, { vehicleId: String(v.id), monthly: "38000" }) });
    expect(clash.status).toBe(409);
    expect(clash.text).toContain(`该设备在合同 ${number} 中的日期与此重叠`);
    const english = await create(a, { ...head(c, { startOn: "2027-01-15", plannedEndOn: "2027-03-31" }), ...line(0, { vehicleId: String(v.id), monthly: "38000" }) }, "en-US");
    expect(english.text).toContain(`This machine is on contract ${number} on overlapping dates`);
    // after the planned end it is free
    expect((await create(a, { ...head(c, { startOn: "2027-02-01", plannedEndOn: "2027-03-31" }), ...line(0, { vehicleId: String(v.id), monthly: "38000" }) })).status).toBe(302);
    // dates in order, at least one line, settlement day, a line inside the term, the plan's total of a fixed price
    const bad = await create(a, { ...head(c, { plannedEndOn: "2026-10-01", settlementDay: "32" }) });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("结束日期不能早于开始日期");
    expect(bad.text).toContain("至少添加一台设备");
    expect(bad.text).toContain("结算日为每月1到31日");
    const early = await create(a, { ...head(c), ...line(0, { equipmentType: "1", onRentOn: "2026-10-01", monthly: "1" }) });
    expect(early.text).toContain("起租日不能早于合同开始日期");
    const planned = await create(a, { ...head(c, { kind: "charter", fixedPrice: "1000" }), ...line(0, { equipmentType: "1" }), "plans[0].dueOn": "2026-12-01", "plans[0].amount": "999.99" });
    expect(planned.status).toBe(409);
    expect(planned.text).toContain("付款计划合计与合同金额不符，相差 -0.01 元");
    expect(await env.DB.prepare("select count(*) n from contracts where tenant_id = ?").bind(a.tenantId).first("n")).toBe(2);
  });

  it("adds, moves and removes machines without JavaScript: the form comes back one line different, each message at its line, nothing saved", async () => {
    const a = await signedAdmin();
    const c = await customer(a.tenantId);
    const intent = (type: string, payload: Record<string, unknown>) => JSON.stringify({ type, payload: { name: "lines", ...payload } });
    const typed = { ...head(c, { name: "无脚本合同" }), ...line(0, { monthly: "38000", spec: "25吨汽车吊" }) };
    const added = await a.page("/contractList/form?new=1");
    expect(added).toContain('name="lines[0].monthly"');
    const more = await a.post("/contractList/form?new=1", { ...typed, __intent__: intent("insert", { defaultValue: { shiftHours: "8" } }) });
    expect(more.status).toBe(200);
    const page = await more.text();
    // the typed line and the head kept, a new line with its 8 shift hours, each cell named by its line for screen readers
    expect(page).toContain("无脚本合同");
    expect(page).toMatch(/name="lines\[0\]\.spec"[^>]*value="25吨汽车吊"|value="25吨汽车吊"[^>]*name="lines\[0\]\.spec"/);
    expect(page).toMatch(/name="lines\[1\]\.shiftHours"[^>]*value="8"|value="8"[^>]*name="lines\[1\]\.shiftHours"/);
    expect(page).toContain('aria-label="序号 2 月租（元）"');
    const removed = await (await a.post("/contractList/form?new=1", { ...typed, __intent__: intent("remove", { index: 0 }) })).text();
    expect(removed).not.toContain('name="lines[0].spec"');
    expect(await env.DB.prepare("select count(*) n from contracts where tenant_id = ?").bind(a.tenantId).first("n")).toBe(0);
    // a refused save shows the message under that line's cell, the typed rows kept
    const refused = await create(a, { ...head(c), ...line(0, { monthly: "38000" }), ...line(1, { monthly: "abc", spec: "50吨" }) });
    expect(refused.status).toBe(400);
    expect(refused.text).toMatch(/id="contract-new-lines\[1\]\.monthly-error"/);
    expect(refused.text).toContain("50吨");
  });

  it("a customer over its credit limit needs a reason, and its approval takes one more step", async () => {
    const a = await signedAdmin();
    const b = await secondAdmin(a);
    // ¥100,000.00 of credit, ¥60,000.00 already in approval
    const c = await customer(a.tenantId, 10_000_000);
    const open = await create(a, { ...head(c, { plannedEndOn: "2026-11-30" }), ...line(0, { equipmentType: "1", monthly: "60000" }) });
    await setState(open.id!, 1, a.userId);
    const over = { ...head(c, { plannedEndOn: "2026-11-30" }), ...line(0, { equipmentType: "1", monthly: "40000.01" }) };
    const refused = await create(a, over);
    expect(refused.status).toBe(409);
    expect(refused.text).toContain("客户超出信用额度（敞口/额度：100,000.01 / 100,000.00 元）");
    const saved = await create(a, { ...over, overCreditReason: "老客户，回款及时，总经理同意" });
    expect(saved.status).toBe(302);
    expect((await contractRow(saved.id!))!.over_credit_reason).toBe("老客户，回款及时，总经理同意");
    // no flow configured: one step, plus the credit step
    expect(await transition(a, saved.id!, "submit")).toBe(302);
    expect(await transition(b, saved.id!, "approve")).toBe(302);
    expect((await contractRow(saved.id!))!.state).toBe(1);
    expect(await transition(b, saved.id!, "approve")).toBe(302);
    expect((await contractRow(saved.id!))!.state).toBe(2);
    // now over for anything more; another customer within its limit: one step
    expect((await create(a, { ...head(c, { plannedEndOn: "2026-11-30" }), ...line(0, { equipmentType: "1", monthly: "0.01" }) })).status).toBe(409);
    const within = await create(a, { ...head(await customer(a.tenantId, 10_000_000), { plannedEndOn: "2026-11-30" }), ...line(0, { equipmentType: "1", monthly: "100000" }) });
    await transition(a, within.id!, "submit");
    await transition(b, within.id!, "approve");
    expect((await contractRow(within.id!))!.state).toBe(2);
  });
});

describe("a contract's states", () => {
  // every transition from every state: [name, from states, to, who acts (the creator or an approver)]
  const table: [string, number[], number, "creator" | "approver"][] = [
    ["submit", [0, 5], 1, "creator"],
    ["approve", [1], 2, "approver"],
    ["refuse", [1], 5, "approver"],
    ["recall", [1], 0, "creator"],
    ["abandon", [0, 5], 6, "creator"],
    ["abort", [1, 2], 7, "approver"],
    ["execute", [2], 3, "approver"],
    ["complete", [3], 4, "approver"],
    ["stop", [3], 8, "approver"],
    ["terminate", [3], 9, "approver"],
  ];
  it("allows each transition from its states only, and refuses it from every other", async () => {
    const a = await signedAdmin();
    const b = await secondAdmin(a);
    const c = await customer(a.tenantId);
    const made = await create(a, { ...head(c), ...line(0, { equipmentType: "1", monthly: "38000" }) });
    const id = made.id!;
    for (const [name, from, to, who] of table) {
      for (let state = 0; state <= 9; state++) {
        await setState(id, state, a.userId);
        const actor = who === "creator" ? a : b;
        const status = await transition(actor, id, name, { reason: "现场停工", endDate: "2026-12-15", note: "" });
        const after = (await contractRow(id))!.state;
        if (from.includes(state)) {
          expect([name, state, status, after]).toEqual([name, state, 302, to]);
        } else {
          expect([name, state, status, after]).toEqual([name, state, 409, state]);
        }
      }
    }
    // the early termination closed every line at its end day, with the reason
    const row = (await contractRow(id))!;
    expect([row.ended_on, row.state_reason]).toEqual(["2026-12-15", "现场停工"]);
    expect((await linesOf(id)).map((l) => l.off_rent_on)).toEqual(["2026-12-15"]);
    // the creator decides nothing of their own; a viewer nothing at all
    await setState(id, 1, a.userId);
    expect(await transition(a, id, "approve")).toBe(403);
  });

  it("goes through a two-step flow, with recall and refusal, and shows in the second approver's to-do", async () => {
    const a = await signedAdmin();
    const b = await secondAdmin(a);
    const d = await secondAdmin(a);
    expect((await a.post("/tenantConfig/approvals", { kind: "contract", "steps[0].approver": `user:${b.id}`, "steps[1].approver": `user:${d.id}` })).status).toBe(302);
    const c = await customer(a.tenantId);
    const { id } = await create(a, { ...head(c), ...line(0, { equipmentType: "1", monthly: "38000" }) });
    expect(await transition(a, id!, "submit")).toBe(302);
    // step 1 is b's: d may not take it
    expect(await transition(d, id!, "approve")).toBe(403);
    expect(await transition(a, id!, "recall")).toBe(302);
    expect((await contractRow(id!))!.state).toBe(0);
    expect(await transition(a, id!, "submit")).toBe(302);
    expect(await transition(b, id!, "approve")).toBe(302);
    expect((await contractRow(id!))!.state).toBe(1);
    expect(await d.page("/manageWork")).toContain((await contractRow(id!))!.number as string);
    expect(await transition(d, id!, "refuse", { reason: "月租低于公司底价" })).toBe(302);
    expect((await contractRow(id!))!.state).toBe(5);
    // sent back: editable again, resubmitted, both steps approve
    expect(await transition(a, id!, "submit")).toBe(302);
    expect(await transition(b, id!, "approve")).toBe(302);
    expect(await transition(d, id!, "approve")).toBe(302);
    expect((await contractRow(id!))!.state).toBe(2);
    const history = await a.page(`/contractList/form?id=${id}`);
    expect(history).toContain("月租低于公司底价");
    // 变更记录, as every document keeps it: the save and each step, by who, in the reader's words
    const changes = /data-testid="document-history"[\s\S]*?<\/section>/.exec(history)?.[0] ?? "";
    for (const step of ["新增", "提交审批", "驳回", "通过"]) expect(changes, step).toContain(step);
  });
});

describe("amendments", () => {
  it("drafts a new version, keeps the old in force until the new is approved, and compares them", async () => {
    const a = await signedAdmin();
    const b = await secondAdmin(a);
    const c = await customer(a.tenantId);
    const v = await makeVehicle(a.tenantId);
    const { id } = await create(a, { ...head(c), ...line(0, { vehicleId: String(v.id), monthly: "38000" }) });
    await transition(a, id!, "submit");
    await transition(b, id!, "approve");
    await transition(b, id!, "execute");
    // an executing contract is read-only
    const stale = await a.post(`/contractList/form?id=${id}`, { intent: "updateDoc", id: String(id), version: String((await contractRow(id!))!.version), ...head(c), ...line(0, { vehicleId: String(v.id), monthly: "1" }) });
    expect(stale.status).toBe(409);
    const amended = await a.post(`/contractList/form?id=${id}`, { intent: "amend", id: String(id) });
    expect(amended.status).toBe(302);
    const newId = Number(new URL(amended.headers.get("Location")!, "http://x").searchParams.get("id"));
    const draft = (await contractRow(newId))!;
    const old = (await contractRow(id!))!;
    expect([draft.number, draft.revision, draft.root_id, draft.current, draft.state]).toEqual([old.number, 2, id, 0, 0]);
    // a second amendment waits for the first
    expect((await a.post(`/contractList/form?id=${id}`, { intent: "amend", id: String(id) })).status).toBe(409);
    // the amendment keeps its own vehicle (no clash with the version it replaces) and raises the rate
    const saved = await a.post(`/contractList/form?id=${newId}`, { intent: "updateDoc", id: String(newId), version: String(draft.version), ...head(c, { name: String(draft.name) }), ...line(0, { vehicleId: String(v.id), monthly: "42000" }) });
    expect(saved.status).toBe(302);
    await transition(a, newId, "submit");
    expect((await contractRow(id!))!.current).toBe(1);
    await transition(b, newId, "approve");
    const [was, now] = [(await contractRow(id!))!, (await contractRow(newId))!];
    expect([was.current, now.current, now.state]).toEqual([0, 1, 3]);
    // the list shows the version in force (版本 is optional: shown once ticked in 显示配置); the document compares field by field
    const byDefault = await a.page(`/contractList?q=${encodeURIComponent(String(old.number))}`);
    const versionHeader = /<th scope="col"[^>]*>版本<\/th>/;
    expect(byDefault).not.toMatch(versionHeader);
    const ticked = new URLSearchParams([["intent", "columns"], ["order", "number,name,state,revision"], ...["number", "name", "state", "revision"].map((k) => ["visible", k])]);
    expect((await postForm("/contractList", ticked, { Cookie: a.cookie })).status).toBe(302);
    const list = await a.page(`/contractList?q=${encodeURIComponent(String(old.number))}`);
    expect(list).toMatch(versionHeader);
    expect(list).toContain(">2<");
    const compared = await a.page(`/contractList/form?id=${newId}&compare=${id}`);
    expect(compared).toContain("版本比较：v1 → v2");
    expect(compared).toContain("38000.00");
    expect(compared).toContain("42000.00");
  });
});

describe("numbering and data scope", () => {
  it("numbers 50 concurrent saves without a gap or a duplicate", async () => {
    const a = await signedAdmin();
    const c = await customer(a.tenantId);
    const results = await Promise.all(Array.from({ length: 50 }, () => create(a, { ...head(c), ...line(0, { equipmentType: "1", monthly: "100" }) })));
    expect(results.every((r) => r.status === 302)).toBe(true);
    const numbers = (await env.DB.prepare("select number from contracts where tenant_id = ?").bind(a.tenantId).all<{ number: string }>()).results.map((r) => Number(r.number.slice(-4)));
    expect(numbers.sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it("shows a user the contracts of his organisations only", async () => {
    const a = await signedAdmin();
    const c = await customer(a.tenantId);
    const east = await makeDepartment(a.tenantId, a.rootOrgId);
    const west = await makeDepartment(a.tenantId, a.rootOrgId);
    const plan = (remark: string) => ({ "plans[0].dueOn": "2026-12-20", "plans[0].amount": "12,345.67", "plans[0].remark": remark });
    const mine = await create(a, { ...head(c, { orgId: String(east) }), ...line(0, { equipmentType: "1", monthly: "1" }), ...plan("东区首付") });
    const theirs = await create(a, { ...head(c, { orgId: String(west) }), ...line(0, { equipmentType: "1", monthly: "1" }), ...plan("西区首付") });
    const b = await secondAdmin(a, east);
    const [m, t] = [(await contractRow(mine.id!))!, (await contractRow(theirs.id!))!];
    const list = await b.page("/contractList?size=100");
    expect(list).toContain(String(m.name));
    expect(list).not.toContain(String(t.name));
    expect((await get(`/contractList/form?id=${theirs.id}`, b.cookie)).status).toBe(404);
    expect((await get(`/contractList/form?id=${mine.id}`, b.cookie)).status).toBe(200);
    // 合同计划 lists the instalments of the contracts he sees, with the amount as money, filtered by due day
    const plans = await b.page("/contractPlan?size=100");
    expect(plans).toContain("东区首付");
    expect(plans).toContain("12,345.67");
    expect(plans).not.toContain("西区首付");
    expect(await b.page("/contractPlan?dueFrom=2026-12-21")).not.toContain("东区首付");
  });
});
