import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { FACTORIES } from "./factories";
import { get, makeTenant, postForm, signIn, unique } from "./helpers";
import { makeContract, makeDepartment } from "./rent-fixtures";

// 临时吊车 (/tempCrane) and 提名奖励 (/nominatePrizes) over HTTP, as a browser posts them: an application saved and read
// back exactly with its LD number; the checks before saving refused with their message in both languages (dates, a
// customer over its credit limit, another customer's project contract); every transition from every state; approval
// making the draft zero-rent contract, or the line on a draft project contract; a nomination's amount to the cent and
// its rules; another tenant's ids refused; a user without the screen or the approve code refused; data scope.

type Fields = Record<string, string>;

async function signedAdmin(role: "admin" | "dispatcher" | "viewer" = "admin") {
  const t = await makeTenant({ role });
  const cookie = await signIn(t.account, t.password);
  const as = (c: string) => ({
    post: (path: string, fields: Fields, lang = "zh-CN") => postForm(path, fields, { Cookie: `${c}; derrick_lang=${lang}` }),
    page: async (path: string, lang = "zh-CN") => (await get(path, `${c}; derrick_lang=${lang}`)).text(),
  });
  return { ...t, cookie, ...as(cookie), as };
}
type Admin = Awaited<ReturnType<typeof signedAdmin>>;

/** Another administrator of the tenant (the approver, who did not apply), through /userManage. */
async function secondAdmin(a: Admin) {
  const account: Fields = { intent: "create", ...FACTORIES.user!(a), roleId: String(a.roleIds.admin) };
  expect((await a.post("/userManage", account)).status).toBe(302);
  const row = await env.DB.prepare("select id from users where login_account = ?").bind(account.loginAccount).first<{ id: number }>();
  const cookie = await signIn(account.loginAccount!, account.password!);
  return { id: row!.id, cookie, ...a.as(cookie) };
}

async function customer(tenantId: number, limitCents: number | null = null) {
  const row = await env.DB.prepare("insert into customers (tenant_id, name, kind, credit_limit_cents, payment_days, state, version, created_at, updated_at) values (?, ?, 'enterprise', ?, 30, 1, 1, ?, ?) returning id")
    .bind(tenantId, unique("吊车客户"), limitCents, Date.now(), Date.now())
    .first<{ id: number }>();
  return row!.id;
}

/** A contract of the customer straight in the table (kind, state, value), with one line of a truck crane. */
async function contractOf(tenantId: number, customerId: number, kind: string, state: number, valueCents = 0) {
  const row = await env.DB.prepare(
    "insert into contracts (tenant_id, number, kind, name, customer_id, start_on, planned_end_on, state, current, value_cents, version, created_at, updated_at) values (?, ?, ?, ?, ?, '2026-11-01', '2027-06-30', ?, 1, ?, 1, ?, ?) returning id",
  )
    .bind(tenantId, unique("HT-"), kind, unique("项目"), customerId, state, valueCents, Date.now(), Date.now())
    .first<{ id: number }>();
  await env.DB.prepare("insert into contract_lines (tenant_id, contract_id, line_no, equipment_type, on_rent_on) values (?, ?, 1, '3', '2026-11-01')").bind(tenantId, row!.id).run();
  return row!.id;
}

const application = (a: Admin, customerId: number, more: Fields = {}): Fields => ({ ...FACTORIES.tempCrane!(a), customerId: String(customerId), spec: "50吨", site: "闵行区莘庄地铁上盖", fromOn: "2026-12-08", toOn: "2026-12-10", ...more });
const stored = (reason: string) => env.DB.prepare("select * from temp_crane_applications where reason = ?").bind(reason).first<Record<string, number | string | null>>();
const contractRow = (id: number) => env.DB.prepare("select * from contracts where id = ?").bind(id).first<Record<string, number | string | null>>();
const linesOf = async (id: number) => (await env.DB.prepare("select * from contract_lines where contract_id = ? order by line_no").bind(id).all<Record<string, number | string | null>>()).results;

/** Saves a new application; answers its row (undefined when refused) and the answer. */
async function apply(a: { post: Admin["post"] }, fields: Fields, lang = "zh-CN") {
  const res = await a.post("/tempCrane", { intent: "create", ...fields }, lang);
  return { status: res.status, text: res.status === 302 ? "" : await res.text(), row: res.status === 302 ? (await stored(fields.reason!))! : undefined };
}
const transition = async (a: { post: Admin["post"] }, path: string, id: number, name: string, more: Fields = {}) => (await a.post(path, { intent: `transition:${name}`, ids: String(id), ...more })).status;

describe("/tempCrane 临时吊车", () => {
  it("stores an application with its LD number exactly and lists it by text, state and the day it is needed", async () => {
    const a = await signedAdmin();
    const c = await customer(a.tenantId);
    const fields = application(a, c);
    const { status, row } = await apply(a, fields);
    expect(status).toBe(302);
    expect(row).toMatchObject({ customer_id: c, contract_id: null, equipment_type: "1", spec: "50吨", site: "闵行区莘庄地铁上盖", from_on: "2026-12-08", to_on: "2026-12-10", state: 0, org_id: a.rootOrgId, creator_id: a.userId, result_contract_id: null });
    expect(row!.number).toMatch(/^LD-\d{6}-0001$/);
    const list = await a.page(`/tempCrane?q=${encodeURIComponent("莘庄")}&state=0&day=2026-12-09`);
    expect(list).toContain(String(row!.number));
    expect(list).toContain("汽车吊");
    expect(await a.page("/tempCrane?day=2026-12-11")).not.toContain(String(row!.number));
    // the next one takes the next number
    const next = await apply(a, application(a, c));
    expect(String(next.row!.number)).toBe(String(row!.number).replace(/0001$/, "0002"));
  });

  it("refuses dates out of order, a customer over its credit limit and another customer's project contract, in both languages", async () => {
    const a = await signedAdmin();
    const c = await customer(a.tenantId);
    const dates = await apply(a, application(a, c, { fromOn: "2026-12-10", toOn: "2026-12-08" }));
    expect(dates.status).toBe(400);
    expect(dates.text).toContain("结束日期不能早于开始日期");
    expect((await apply(a, application(a, c, { fromOn: "2026-12-10", toOn: "2026-12-08" }), "en-US")).text).toContain("The end cannot be before the start");
    expect((await apply(a, application(a, c, { reason: " " }))).text).toContain("请填写申请原因");
    // ¥1,000.00 of credit, ¥2,000.00 already open on an executing contract
    const over = await customer(a.tenantId, 100_000);
    await contractOf(a.tenantId, over, "rental", 3, 200_000);
    const refused = await apply(a, application(a, over));
    expect(refused.status).toBe(409);
    expect(refused.text).toContain("该客户已超出信用额度（敞口 / 额度：2,000.00 / 1,000.00），不能申请临时吊车");
    expect((await apply(a, application(a, over), "en-US")).text).toContain("This customer is over its credit limit (exposure / limit: 2,000.00 / 1,000.00)");
    // a project contract of another customer, a rental contract named as a project, a completed project
    const other = await customer(a.tenantId);
    expect((await apply(a, application(a, c, { contractId: String(await contractOf(a.tenantId, other, "project", 0)) }))).text).toContain("所选项目合同不属于该客户");
    expect((await apply(a, application(a, c, { contractId: String(await contractOf(a.tenantId, c, "rental", 0)) }))).text).toContain("所选项目合同不存在或不在您的数据权限内");
    expect((await apply(a, application(a, c, { contractId: String(await contractOf(a.tenantId, c, "project", 4)) }), "en-US")).text).toContain("The chosen project contract has ended or is void");
    expect(await env.DB.prepare("select count(*) n from temp_crane_applications where tenant_id = ?").bind(a.tenantId).first("n")).toBe(0);
  });

  // every transition from every state: [name, from states, to, who acts (the applicant or an approver)]
  const table: [string, number[], number, "creator" | "approver"][] = [
    ["submit", [0, 3], 1, "creator"],
    ["approve", [1], 2, "approver"],
    ["refuse", [1], 3, "approver"],
    ["recall", [1], 0, "creator"],
    ["abandon", [0, 3], 4, "creator"],
    ["abort", [1, 2], 5, "approver"],
  ];
  it("allows each transition from its states only, and refuses it from every other; only a draft or a refused one is edited", async () => {
    const a = await signedAdmin();
    const b = await secondAdmin(a);
    const fields = application(a, await customer(a.tenantId));
    const id = Number((await apply(a, fields)).row!.id);
    for (const [name, from, to, who] of table) {
      for (let state = 0; state <= 5; state++) {
        await env.DB.prepare("update temp_crane_applications set state = ?, result_contract_id = null where id = ?").bind(state, id).run();
        const status = await transition(who === "creator" ? a : b, "/tempCrane", id, name, { reason: "现场已不需要", note: "" });
        const after = (await stored(fields.reason!))!.state;
        if (from.includes(state)) expect([name, state, status, after]).toEqual([name, state, 302, to]);
        else expect([name, state, status, after]).toEqual([name, state, 409, state]);
      }
    }
    // nobody decides their own application; nobody else submits it
    await env.DB.prepare("update temp_crane_applications set state = 1 where id = ?").bind(id).run();
    expect(await transition(a, "/tempCrane", id, "approve")).toBe(403);
    await env.DB.prepare("update temp_crane_applications set state = 0 where id = ?").bind(id).run();
    expect(await transition(b, "/tempCrane", id, "submit")).toBe(403);
    // refusing asks for the reason
    await env.DB.prepare("update temp_crane_applications set state = 1 where id = ?").bind(id).run();
    expect(await transition(b, "/tempCrane", id, "refuse", { reason: "" })).toBe(400);
    // submitted: no more edits, nor a delete
    const row = (await stored(fields.reason!))!;
    const edit = await a.post("/tempCrane", { intent: "update", id: String(id), version: String(row.version), ...fields, spec: "70吨" });
    expect(edit.status).toBe(409);
    expect(await edit.text()).toContain("已提交、通过、作废或终止的申请不能再修改");
    expect(await (await a.post("/tempCrane", { intent: "delete", ids: String(id) })).text()).toContain("只能删除草稿状态的申请");
  });

  it("approved, becomes a draft zero-rent contract with the crane for those days (in the approver's to-do first); 终止 voids it", async () => {
    const a = await signedAdmin();
    const b = await secondAdmin(a);
    const c = await customer(a.tenantId);
    const { row } = await apply(a, application(a, c, { equipmentType: "2", spec: "80吨" }));
    const id = Number(row!.id);
    expect(await transition(a, "/tempCrane", id, "submit")).toBe(302);
    expect(await b.page("/manageWork")).toContain(String(row!.number));
    expect(await transition(b, "/tempCrane", id, "approve", { note: "同意" })).toBe(302);
    const approved = (await stored(String(row!.reason)))!;
    expect(approved.state).toBe(2);
    const contractId = Number(approved.result_contract_id);
    const contract = (await contractRow(contractId))!;
    expect(contract).toMatchObject({ kind: "spot", state: 0, customer_id: c, org_id: a.rootOrgId, start_on: "2026-12-08", planned_end_on: "2026-12-10", creator_id: a.userId, site_address: "闵行区莘庄地铁上盖", tenant_id: a.tenantId, current: 1, revision: 1 });
    expect(contract.number).toMatch(/^HT-\d{6}-0001$/);
    expect(await linesOf(contractId)).toMatchObject([{ line_no: 1, vehicle_id: null, equipment_type: "2", spec: "80吨", on_rent_on: "2026-12-08", off_rent_on: "2026-12-10", tenant_id: a.tenantId }]);
    // the row links the contract it became
    const list = await a.page("/tempCrane");
    expect(list).toContain(`/contractList/form?id=${contractId}`);
    expect(list).toContain(String(contract.number));
    expect(list).toContain("查看合同");
    // aborted while the contract is a draft: the contract is voided with it
    expect(await transition(b, "/tempCrane", id, "abort", { reason: "客户取消" })).toBe(302);
    expect((await contractRow(contractId))!.state).toBe(6);
  });

  it("adds a line to the project contract it names while that is a draft; an executing one gets a zero-rent contract instead", async () => {
    const a = await signedAdmin();
    const b = await secondAdmin(a);
    const c = await customer(a.tenantId);
    const draft = await contractOf(a.tenantId, c, "project", 0);
    const version = Number((await contractRow(draft))!.version);
    const { row } = await apply(a, application(a, c, { contractId: String(draft), equipmentType: "3", spec: "QTZ80" }));
    await transition(a, "/tempCrane", Number(row!.id), "submit");
    expect(await transition(b, "/tempCrane", Number(row!.id), "approve")).toBe(302);
    expect((await stored(String(row!.reason)))!.result_contract_id).toBe(draft);
    expect((await linesOf(draft)).map((l) => [l.line_no, l.equipment_type, l.spec, l.on_rent_on, l.off_rent_on, l.remark])).toEqual([
      [1, "3", null, "2026-11-01", null, null],
      [2, "3", "QTZ80", "2026-12-08", "2026-12-10", `临时吊车 ${row!.number}`],
    ]);
    // its version moved on: an editor open on the draft saves nothing over the new line
    expect(Number((await contractRow(draft))!.version)).toBe(version + 1);

    const executing = await contractOf(a.tenantId, c, "project", 3);
    const second = (await apply(a, application(a, c, { contractId: String(executing) }))).row!;
    await transition(a, "/tempCrane", Number(second.id), "submit");
    expect(await transition(b, "/tempCrane", Number(second.id), "approve")).toBe(302);
    const made = Number((await stored(String(second.reason)))!.result_contract_id);
    expect(made).not.toBe(executing);
    expect((await contractRow(made))!.kind).toBe("spot");
    expect(await linesOf(executing)).toHaveLength(1);
  });

  it("keeps to the application's organisation: a colleague of another department neither sees it nor acts on it", async () => {
    const a = await signedAdmin();
    const { row } = await apply(a, application(a, await customer(a.tenantId)));
    const dept = await makeDepartment(a.tenantId, a.rootOrgId);
    await env.DB.prepare("update users set org_id = ? where id = ?").bind(dept, a.userId).run();
    const moved = a.as(await signIn(a.account, a.password));
    expect(await moved.page("/tempCrane")).not.toContain(String(row!.number));
    expect((await get(`/tempCrane?edit=${row!.id}`, (await signIn(a.account, a.password)))).status).toBe(404);
    expect((await moved.post("/tempCrane", { intent: "transition:submit", ids: String(row!.id) })).status).toBe(404);
  });
});

describe("/nominatePrizes 提名奖励", () => {
  async function setUp() {
    const a = await signedAdmin();
    const b = await secondAdmin(a);
    const won = await makeContract(a.tenantId, { state: 3, lines: [{ vehicleId: null, from: "2026-11-01", to: "2026-11-30" }] });
    return { a, b, won };
  }
  const storedPrize = (reason: string) => env.DB.prepare("select * from prize_nominations where reason = ?").bind(reason).first<Record<string, number | string | null>>();

  it("stores the amount to the cent, lists and reopens it with two decimals, and goes through approval", async () => {
    const { a, b, won } = await setUp();
    const fields = nomination(b.id, won.id, { amount: "12,345.67" });
    expect((await a.post("/nominatePrizes", { intent: "create", ...fields })).status).toBe(302);
    const row = (await storedPrize(fields.reason!))!;
    expect(row).toMatchObject({ nominee_id: b.id, contract_id: won.id, amount_cents: 1_234_567, state: 0, creator_id: a.userId });
    expect(await a.page(`/nominatePrizes?nomineeId=${b.id}`)).toContain("12,345.67");
    expect(await a.page(`/nominatePrizes?edit=${row.id}`)).toContain("12,345.67");
    // thirty fen, typed without the trailing zero
    const small = nomination(b.id, won.id, { amount: "0.3" });
    await a.post("/nominatePrizes", { intent: "create", ...small });
    expect((await storedPrize(small.reason!))!.amount_cents).toBe(30);
    expect(await transition(a, "/nominatePrizes", Number(row.id), "submit")).toBe(302);
    expect(await transition(a, "/nominatePrizes", Number(row.id), "approve")).toBe(403);
    expect(await b.page("/manageWork")).toContain("12,345.67");
    expect(await transition(b, "/nominatePrizes", Number(row.id), "approve")).toBe(302);
    expect((await storedPrize(fields.reason!))!.state).toBe(2);
    expect(await transition(b, "/nominatePrizes", Number(row.id), "refuse", { reason: "x" })).toBe(409);
  });

  it("refuses oneself, a contract not won, and bad amounts, in both languages", async () => {
    const { a, b, won } = await setUp();
    const post = async (fields: Fields, lang = "zh-CN") => a.post("/nominatePrizes", { intent: "create", ...fields }, lang);
    expect(await (await post(nomination(a.userId, won.id))).text()).toContain("不能提名自己");
    expect(await (await post(nomination(a.userId, won.id), "en-US")).text()).toContain("You cannot nominate yourself");
    const draft = await makeContract(a.tenantId, { state: 0, lines: [{ vehicleId: null, from: "2026-11-01" }] });
    expect(await (await post(nomination(b.id, draft.id))).text()).toContain("只能为已审批、执行中或已完成的合同提名奖励");
    for (const amount of ["0", "1.234", "-5", "abc"]) expect(await (await post(nomination(b.id, won.id, { amount }))).text(), amount).toContain("请输入大于0的金额，最多两位小数");
    expect(await (await post(nomination(b.id, won.id, { amount: "1,000,000.01" }), "en-US")).text()).toContain("A reward can be at most 1,000,000.00");
    expect(await env.DB.prepare("select count(*) n from prize_nominations where tenant_id = ?").bind(a.tenantId).first("n")).toBe(0);
  });
});

describe("tenants and permissions", () => {
  it("refuses another tenant's rows, customers, contracts and users", async () => {
    const a = await signedAdmin();
    const other = await signedAdmin();
    const theirCustomer = await customer(other.tenantId);
    const theirs = (await apply(other, application(other, theirCustomer))).row!;
    const theirContract = await makeContract(other.tenantId, { state: 3, lines: [{ vehicleId: null, from: "2026-11-01" }] });
    const theirNomination = nomination(other.userId, theirContract.id);
    const ours = await makeContract(a.tenantId, { state: 3, lines: [{ vehicleId: null, from: "2026-11-01" }] });

    expect(await a.page("/tempCrane")).not.toContain(String(theirs.number));
    expect((await get(`/tempCrane?edit=${theirs.id}`, a.cookie)).status).toBe(404);
    expect(await transition(a, "/tempCrane", Number(theirs.id), "submit")).toBe(404);
    expect((await a.post("/tempCrane", { intent: "update", id: String(theirs.id), version: "1", ...application(a, theirCustomer) })).status).toBe(404);
    expect((await apply(a, application(a, theirCustomer))).text).toContain("所选客户不存在或不在您的数据权限内");
    const c = await customer(a.tenantId);
    expect((await apply(a, application(a, c, { contractId: String(await contractOf(other.tenantId, theirCustomer, "project", 0)) }))).text).toContain("所选项目合同不存在或不在您的数据权限内");

    expect(await (await a.post("/nominatePrizes", { intent: "create", ...nomination(other.userId, ours.id) })).text()).toContain("被提名人不是本企业的在职用户");
    expect(await (await a.post("/nominatePrizes", { intent: "create", ...nomination(other.userId, theirContract.id) })).text()).toContain("所选合同不存在或不在您的数据权限内");
    const b = await secondAdmin(other);
    expect((await other.post("/nominatePrizes", { intent: "create", ...theirNomination, nomineeId: String(b.id) })).status).toBe(302);
    const prize = await env.DB.prepare("select id from prize_nominations where reason = ?").bind(theirNomination.reason).first<{ id: number }>();
    expect(await transition(a, "/nominatePrizes", prize!.id, "submit")).toBe(404);
    expect((await get(`/nominatePrizes?view=${prize!.id}`, a.cookie)).status).toBe(404);
  });

  it("refuses a user without the screen, and a dispatcher without the approve code", async () => {
    const viewer = await signedAdmin("viewer");
    expect((await get("/tempCrane", viewer.cookie)).status).toBe(403);
    expect((await get("/nominatePrizes", viewer.cookie)).status).toBe(403);
    expect((await viewer.post("/tempCrane", { intent: "create", ...application(viewer, await customer(viewer.tenantId)) })).status).toBe(403);
    // a dispatcher works in the contract group (nominations) but decides none of them
    const a = await signedAdmin();
    const won = await makeContract(a.tenantId, { state: 3, lines: [{ vehicleId: null, from: "2026-11-01" }] });
    const account: Fields = { intent: "create", ...FACTORIES.user!(a), roleId: String(a.roleIds.dispatcher) };
    expect((await a.post("/userManage", account)).status).toBe(302);
    const dispatcher = a.as(await signIn(account.loginAccount!, account.password!));
    const fields = nomination(a.userId, won.id);
    expect((await dispatcher.post("/nominatePrizes", { intent: "create", ...fields })).status).toBe(302);
    const row = await env.DB.prepare("select id from prize_nominations where reason = ?").bind(fields.reason).first<{ id: number }>();
    expect(await transition(dispatcher, "/nominatePrizes", row!.id, "submit")).toBe(302);
    expect(await transition(dispatcher, "/nominatePrizes", row!.id, "approve")).toBe(403);
    expect(await transition(a, "/nominatePrizes", row!.id, "approve")).toBe(302);
  });
});

/** A nomination's form values. */
function nomination(nomineeId: number, contractId: number, more: Fields = {}): Fields {
  return { nomineeId: String(nomineeId), contractId: String(contractId), amount: "2,000.00", reason: unique("提名"), ...more };
}
