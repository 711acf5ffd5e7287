// Races on the rules "only one open …" and "… is unique" (issue 38): every such rule was kept by reading first, and
// concurrent saves all passed the read. Twenty posts at once must store one row and answer the nineteen others 409 with
// the rule's own message in the user's language (never a 500); twenty deletes of one row delete it once and tell the
// others 404 (it is gone); and the database refuses a second row of a rule by itself (migration 0033's triggers and
// the unique indexes), whatever path writes it.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { registeredResources } from "../../app/modules/resource/registry.server";
import { FACTORIES, PREPARE } from "./factories";
import { makeTenant, postForm, signIn, unique } from "./helpers";
import { billOf } from "./overdue-fixtures";
import { makeContract } from "./rent-fixtures";
import { makeVehicle } from "./telematics";

const N = 20;
type Fields = Record<string, string>;
type Answer = { status: number; text: string };

let t: Awaited<ReturnType<typeof makeTenant>> & { cookie: string };
const post = (path: string, fields: Fields, lang = "zh-CN") => postForm(path, fields, { Cookie: `${t.cookie}; derrick_lang=${lang}` });
const one = <T = Record<string, number | string | null>>(sql: string, ...args: unknown[]) => env.DB.prepare(sql).bind(...args).first<T>();
const count = async (sql: string, ...args: unknown[]) => (await one<{ n: number }>(sql, ...args))!.n;

beforeAll(async () => {
  const made = await makeTenant({ role: "admin" });
  t = { ...made, cookie: await signIn(made.account, made.password) };
});

/** n posts sent at once (the i-th built by `send(i)`), each answered with its status and text. */
async function race(n: number, send: (i: number) => Promise<Response>): Promise<Answer[]> {
  const responses = await Promise.all(Array.from({ length: n }, (_, i) => send(i)));
  return Promise.all(responses.map(async (r) => ({ status: r.status, text: await r.text() })));
}

/** Exactly one post succeeded (302); every other answered `status` with the rule's message. */
function expectOneWinner(answers: Answer[], status: 404 | 409, message: string) {
  expect(answers.map((a) => a.status).sort()).toEqual([302, ...Array<number>(answers.length - 1).fill(status)]);
  for (const a of answers.filter((x) => x.status !== 302)) expect(a.text).toContain(message);
}

/** A contract in force (rental, since 2026-01-01) with an overdue confirmed bill of ¥1,000.00. */
async function overdueContract(vehicleId: number | null = null) {
  const c = await makeContract(t.tenantId, { state: 3, kind: "rental", lines: [{ vehicleId, from: "2026-01-01" }] });
  await billOf({ ...c, tenantId: t.tenantId }, "2026-06-30", 100_000);
  return c;
}

// the page shows the form of the kind in its address, and the refusal next to that form's field
const actPath = (contractId: number, kind: string) => `/overdueContract/contract?id=${contractId}&kind=${kind}`;
const lawsuit = (contractId: number, caseNumber: string): Fields => ({ intent: "create", kind: "lawsuit", contractId: String(contractId), court: "上海市浦东新区人民法院", caseNumber, amount: "1000", stage: "filed", content: "起诉欠款" });

describe(`one open … at a time: ${N} concurrent saves store one`, { timeout: 90_000 }, () => {
  it("合同清算: one final settlement a contract", async () => {
    const c = await makeContract(t.tenantId, { state: 3, kind: "rental", lines: [{ vehicleId: null, from: "2026-01-01" }] });
    const answers = await race(N, (i) => post("/contractClear", { intent: "create", contractId: String(c.id), throughOn: "2026-10-31", remark: unique(`并发${i}`) }));
    const [kept] = (await env.DB.prepare("select number from settlements where root_id = ? and kind = 'final'").bind(c.id).all<{ number: string }>()).results;
    expect(await count("select count(*) n from settlements where root_id = ? and kind = 'final'", c.id)).toBe(1);
    expectOneWinner(answers, 409, `该合同已有清算单${kept!.number}`);
  });

  it("延期申请: one open delay application a contract, refused in the user's language", async () => {
    const c = await overdueContract();
    const answers = await race(N, (i) => post(actPath(c.id, "delay"), { intent: "create", kind: "delay", contractId: String(c.id), untilOn: "2027-12-31", content: `延期${i}` }, i % 2 ? "en-US" : "zh-CN"));
    expect(await count("select count(*) n from collection_actions where contract_id = ? and kind = 'delay' and state in (0, 1)", c.id)).toBe(1);
    expect(answers.map((a) => a.status).sort()).toEqual([302, ...Array<number>(N - 1).fill(409)]);
    answers.forEach((a, i) => a.status === 409 && expect(a.text).toContain(i % 2 ? "The contract already has one of these in draft or in approval" : "该合同已有同类处理在草稿或审批中"));
  });

  it("延期申请: a refused one submitted again beside an open one is refused with the rule's message", async () => {
    const c = await overdueContract();
    const act = (state: number) => one<{ id: number }>("insert into collection_actions (tenant_id, contract_id, kind, acted_on, until_on, content, state, creator_id, created_at, updated_at) values (?, ?, 'delay', '2026-11-01', '2027-12-31', '延期', ?, ?, 0, 0) returning id", t.tenantId, c.id, state, t.userId);
    const refusedAct = (await act(5))!;
    await act(1);
    const again = await post(actPath(c.id, "delay"), { intent: "transition:submit", ids: String(refusedAct.id) });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("该合同已有同类处理在草稿或审批中");
    expect(await one("select state from collection_actions where id = ?", refusedAct.id)).toEqual({ state: 5 });
  });

  it("诉讼: one lawsuit a case number, on twenty contracts at once", async () => {
    const contracts = await Promise.all(Array.from({ length: N }, () => overdueContract()));
    const caseNumber = unique("(2026)沪0115民初");
    const answers = await race(N, (i) => post(actPath(contracts[i]!.id, "lawsuit"), lawsuit(contracts[i]!.id, caseNumber)));
    expect(await count("select count(*) n from collection_actions where tenant_id = ? and case_number = ?", t.tenantId, caseNumber)).toBe(1);
    expectOneWinner(answers, 409, "案号已存在");
  });

  it("变更: one open amendment a contract", async () => {
    const v = await makeVehicle(t.tenantId);
    const c = await makeContract(t.tenantId, { state: 3, kind: "rental", lines: [{ vehicleId: v.id, from: "2026-01-01" }] });
    const answers = await race(N, () => post(`/contractList/form?id=${c.id}`, { intent: "amend", id: String(c.id) }));
    expect(await count("select count(*) n from contracts where root_id = ? and current = 0", c.id)).toBe(1);
    expectOneWinner(answers, 409, "该合同已有未完成的变更");
  });
});

describe("unique names: concurrent creates with one value store one", { timeout: 90_000 }, () => {
  // every resource that declares a unique field (customers, suppliers, invoice numbers, users' accounts and names,
  // vehicles' plates, VINs and identifiers, roles, menus, dictionaries, the settings' names, survey questions, sign
  // points …): twenty posts at once each, as the attack sent them
  const WALK = 20;
  const declared = [...new Set(Object.entries(registeredResources()).flatMap(([name, { resource }]) => ((resource.unique ?? []) as { field: string }[]).map((u) => `${name}.${u.field}`)))];
  // the fields a factory leaves empty (optional), given a value here
  const sample: Record<string, () => string> = { "vehicle.vin": () => `LFV${Date.now().toString(36).toUpperCase().replace(/[IOQ]/g, "0")}`.padEnd(17, "9").slice(0, 17), "vehicle.deviceIdent": () => unique("DEV").toUpperCase(), "vehicle.jt808Phone": () => String(13_000_000_000 + Math.floor(Math.random() * 999_999_999)) };

  it("covers every declared unique field", () => {
    expect(declared).toEqual(expect.arrayContaining(["user.userName", "user.loginAccount", "satisfactionQuestion.text", "customer.name", "invoice.number", "vehicle.vin"]));
  });

  for (const key of declared) {
    const [name, field] = key.split(".") as [string, string];
    it(key, async () => {
      await PREPARE[name]?.(t);
      const shared = sample[key]?.() ?? FACTORIES[name]!(t)[field]!;
      expect(shared).not.toBe("");
      const answers = await race(WALK, () => post(registeredResources()[name]!.resource.view.path, { intent: "create", ...FACTORIES[name]!(t), [field]: shared }));
      expect(answers.map((a) => a.status).sort()).toEqual([302, ...Array<number>(WALK - 1).fill(409)]);
    });
  }

  it("组织管理: one organisation of a name under one parent", async () => {
    const name = unique("并发部门");
    const answers = await race(N, () => post("/orgManage", { intent: "create", ...FACTORIES.organisation!(t), name }));
    expect(await count("select count(*) n from organisations where tenant_id = ? and name = ?", t.tenantId, name)).toBe(1);
    expectOneWinner(answers, 409, "同一上级下已有同名组织");
  });
});

describe(`${N} concurrent deletes of one row`, { timeout: 90_000 }, () => {
  it("delete a receipt once, give its money back to the bill once, and tell the others it is gone (404)", async () => {
    const c = await makeContract(t.tenantId, { state: 3, lines: [{ vehicleId: null, from: "2026-08-01" }] });
    const billId = await billOf({ ...c, tenantId: t.tenantId }, "2026-09-30", 300_000);
    const receipt = { intent: "create", direction: "in", customerId: String(c.customerId), supplierId: "", contractId: "", receivedOn: "2026-10-01", amount: "1000", method: "transfer", reference: unique("BANK"), allocation: "auto", remark: "" };
    expect((await post("/payReceiveManage", receipt)).status).toBe(302);
    const { id } = (await one<{ id: number }>("select id from receipts where reference = ?", receipt.reference))!;
    expect(await one("select paid_cents from bills where id = ?", billId)).toEqual({ paid_cents: 100_000 });
    const answers = await race(N, () => post("/payReceiveManage", { intent: "delete", ids: String(id) }));
    expectOneWinner(answers, 404, "数据不存在或已被删除");
    expect(await one("select paid_cents from bills where id = ?", billId)).toEqual({ paid_cents: 0 });
    expect(await count("select count(*) n from audit_logs where entity = 'receipt' and action = 'delete' and entity_id = ?", String(id))).toBe(1);
  });
});

describe("the database keeps each rule itself, whatever path writes", () => {
  const refused = (sql: string, ...args: unknown[]) => expect(env.DB.prepare(sql).bind(...args).run()).rejects.toThrow(/UNIQUE constraint failed/);

  it("a second open final settlement, open act of a kind, lawsuit of a case number or name is refused", async () => {
    const c = await overdueContract();
    const settlement = (state: number) => env.DB.prepare("insert into settlements (tenant_id, number, kind, contract_id, root_id, through_on, state, created_at, updated_at) values (?, ?, 'final', ?, ?, '2026-10-31', ?, 0, 0)").bind(t.tenantId, unique("QS-"), c.id, c.id, state).run();
    await settlement(4); // abandoned ones do not count
    await settlement(2);
    await refused("insert into settlements (tenant_id, number, kind, contract_id, root_id, through_on, state, created_at, updated_at) values (?, ?, 'final', ?, ?, '2026-10-31', 0, 0, 0)", t.tenantId, unique("QS-"), c.id, c.id);
    // nor does an abandoned one come back into force beside it
    await refused("update settlements set state = 0 where root_id = ? and state = 4", c.id);

    const act = (kind: string, state: number, caseNumber: string | null = null) => env.DB.prepare("insert into collection_actions (tenant_id, contract_id, kind, acted_on, case_number, content, state, created_at, updated_at) values (?, ?, ?, '2026-11-01', ?, '测试', ?, 0, 0)").bind(t.tenantId, c.id, kind, caseNumber, state);
    await act("delay", 1).run();
    await act("delay", 2).run(); // decided ones do not count
    await expect(act("delay", 0).run()).rejects.toThrow(/UNIQUE constraint failed/);
    await act("urge", 2).run();
    await act("urge", 2).run(); // urges are records
    const caseNumber = unique("(2026)沪0115民初");
    await act("lawsuit", 2, caseNumber).run();
    await expect(act("lawsuit", 6, caseNumber).run()).resolves.toBeTruthy(); // abandoned ones do not count
    const other = await overdueContract();
    await refused("insert into collection_actions (tenant_id, contract_id, kind, acted_on, case_number, content, state, created_at, updated_at) values (?, ?, 'lawsuit', '2026-11-01', ?, '测试', 2, 0, 0)", t.tenantId, other.id, caseNumber);

    const name = unique("同名");
    await env.DB.prepare("insert into users (tenant_id, login_account, user_name, password_hash, state, version, created_at, updated_at) values (?, ?, ?, 'x', 1, 1, 0, 0)").bind(t.tenantId, unique("a"), name).run();
    await refused("insert into users (tenant_id, login_account, user_name, password_hash, state, version, created_at, updated_at) values (?, ?, ?, 'x', 1, 1, 0, 0)", t.tenantId, unique("a"), name);
    await env.DB.prepare("insert into organisations (tenant_id, parent_id, name, sort, version, created_at, updated_at) values (?, ?, ?, 1, 1, 0, 0)").bind(t.tenantId, t.rootOrgId, name).run();
    await refused("insert into organisations (tenant_id, parent_id, name, sort, version, created_at, updated_at) values (?, ?, ?, 1, 1, 0, 0)", t.tenantId, t.rootOrgId, name);
  });
});
