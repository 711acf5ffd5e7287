import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { todayInZone } from "../../app/lib/tenant-clock";
import { overdueContracts } from "../../app/modules/overdue/ageing.server";
import { ActSchema, collectionMachine, saveAct } from "../../app/modules/overdue/collection.server";
import { dueUrgesRead, overdueMachines } from "../../app/modules/overdue/machines.server";
import { runTransition } from "../../app/modules/workflow/engine.server";
import { plusDays } from "../../workers/jobs/interest";
import { users } from "../../db/schema";
import { db, get, makeTenant, signIn, unique } from "./helpers";
import { billOf, overdueContract, scopeOf, ZONE } from "./overdue-fixtures";
import { makeContract } from "./rent-fixtures";
import { makeVehicle } from "./telematics";

// What overdue collection tells the rest of the back office, on real D1: the machines on rent under an overdue contract
// (the live map's warning), a stop-machine proposal (checked, approved, recorded: never a command), the urges due in
// the responsible person's workbench to-do, and an overdue list of more contracts than D1 binds parameters.

const act = (contractId: number, kind: string, more: Record<string, string> = {}) => ActSchema.safeParse({ kind, contractId: String(contractId), content: unique("处理"), ...more });
const today = () => todayInZone(ZONE);

describe("machines on an overdue contract", () => {
  it("lists a machine on rent under a contract owing past its due day, with the oldest bill's days; not paid, not due, off rent or another tenant's", async () => {
    const t = await makeTenant();
    const [late, paid, notDue, offRent] = await Promise.all([1, 2, 3, 4].map(() => makeVehicle(t.tenantId)));
    const c = await overdueContract(t.tenantId, { vehicleId: late!.id });
    await billOf(c, plusDays(today(), -40), 300000);
    await billOf(c, plusDays(today(), -12), 300000);
    const p = await overdueContract(t.tenantId, { vehicleId: paid!.id });
    await billOf(p, plusDays(today(), -40), 300000, { paid: 300000 });
    const n = await overdueContract(t.tenantId, { vehicleId: notDue!.id });
    await billOf(n, plusDays(today(), 5), 300000);
    const o = await makeContract(t.tenantId, { state: 3, lines: [{ vehicleId: offRent!.id, from: "2026-01-01", to: plusDays(today(), -1) }] });
    await billOf({ ...o, tenantId: t.tenantId }, plusDays(today(), -40), 300000);

    const rows = await overdueMachines(scopeOf(t.tenantId, t.userId), today());
    expect(rows).toEqual([{ vehicleId: late!.id, contractId: c.id, number: c.number, oldestDueOn: plusDays(today(), -40), stopApprovedOn: null }]);
    const other = await makeTenant();
    expect(await overdueMachines(scopeOf(other.tenantId, other.userId), today())).toEqual([]);
  });

  it("the monitoring page carries the warning for the user's own machines only", async () => {
    const t = await makeTenant();
    const v = await makeVehicle(t.tenantId);
    const c = await overdueContract(t.tenantId, { vehicleId: v.id });
    await billOf(c, plusDays(today(), -20), 120000);
    const html = await (await get("/equipmentMonitor", await signIn(t.account, t.password))).text();
    expect(html).toContain(c.number);
    const other = await makeTenant();
    expect(await (await get("/equipmentMonitor", await signIn(other.account, other.password))).text()).not.toContain(c.number);
  });
});

describe("a stop-machine proposal", () => {
  it("names machines on the contract only, goes through approval and is then shown on the map: nothing is sent to the machine", async () => {
    const t = await makeTenant();
    const clerk = scopeOf(t.tenantId, t.userId);
    const approver = scopeOf(t.tenantId, t.userId + 500000, { codes: ["overdueContract:approve"] });
    const [mine, elsewhere] = await Promise.all([makeVehicle(t.tenantId), makeVehicle(t.tenantId)]);
    const c = await overdueContract(t.tenantId, { vehicleId: mine.id });
    const clean = await overdueContract(t.tenantId, { vehicleId: elsewhere.id });

    const none = act(c.id, "stopMachine");
    expect(none.success).toBe(false);
    expect(none.error!.issues[0]).toMatchObject({ path: ["vehicleIds"], message: "overdue:machinesRequired" });
    expect(act(c.id, "stopMachine", { vehicleIds: "1,x" }).success).toBe(false);

    // nothing owed yet: refused; then a bill past due
    expect(await saveAct(clerk, act(c.id, "stopMachine", { vehicleIds: String(mine.id) }).data!)).toEqual({ errors: { contractId: "overdue:notOverdue" } });
    await billOf(c, plusDays(today(), -35), 500000);
    await billOf(clean, plusDays(today(), -35), 500000, { paid: 500000 });
    expect(await saveAct(clerk, act(c.id, "stopMachine", { vehicleIds: `${mine.id},${elsewhere.id}` }).data!)).toEqual({ errors: { vehicleIds: "overdue:machineNotOnContract" } });

    const saved = (await saveAct(clerk, act(c.id, "stopMachine", { vehicleIds: String(mine.id), content: "欠款两月，申请停机" }).data!)) as { id: number };
    const row = async () => (await env.DB.prepare("select state, vehicle_ids from collection_actions where id = ?").bind(saved.id).first<{ state: number; vehicle_ids: string }>())!;
    expect(await row()).toEqual({ state: 1, vehicle_ids: JSON.stringify([mine.id]) });
    expect((await overdueMachines(clerk, today()))[0]!.stopApprovedOn).toBeNull();
    expect(await saveAct(clerk, act(c.id, "stopMachine", { vehicleIds: String(mine.id) }).data!)).toEqual({ errors: { kind: "overdue:alreadyOpen" } });

    expect((await runTransition(approver, collectionMachine, "approve", [saved.id], { note: "同意停机" })).ok).toBe(true);
    expect((await row()).state).toBe(2);
    expect(await overdueMachines(clerk, today())).toEqual([expect.objectContaining({ vehicleId: mine.id, stopApprovedOn: today() })]);
    // approved is a record: the vehicle's lock state is untouched
    expect(await env.DB.prepare("select count(*) as n from audit_logs where entity = 'vehicle' and entity_id = ?").bind(String(mine.id)).first<number>("n")).toBe(0);
  });
});

describe("urges due in the to-do", () => {
  it("lists the contracts whose latest urge's next day has come for the responsible person, while they owe", async () => {
    const t = await makeTenant();
    const me = scopeOf(t.tenantId, t.userId);
    const [other] = await db().insert(users).values({ tenantId: t.tenantId, loginAccount: unique("collector"), userName: "催收专员", passwordHash: "x" }).returning({ id: users.id });
    const colleague = scopeOf(t.tenantId, other!.id);
    const due = await overdueContract(t.tenantId, { salesmanId: t.userId });
    await billOf(due, plusDays(today(), -20), 100000);
    const later = await overdueContract(t.tenantId, { salesmanId: t.userId });
    await billOf(later, plusDays(today(), -20), 100000);
    const settled = await overdueContract(t.tenantId, { salesmanId: t.userId });
    await billOf(settled, plusDays(today(), -20), 100000, { paid: 100000 });
    const urge = (c: { id: number }, nextOn: string, actedOn = plusDays(today(), -3)) => saveAct(me, act(c.id, "urge", { way: "phone", personId: String(t.userId), actedOn, nextOn }).data!);
    await urge(due, today());
    await urge(later, plusDays(today(), 2));
    // the settled contract is not overdue: an urge is refused there, so its reminder is written straight in
    await env.DB.prepare("insert into collection_actions (tenant_id, contract_id, kind, acted_on, next_on, content, state, created_at, updated_at) values (?, ?, 'urge', ?, ?, 'x', 2, 0, 0)").bind(t.tenantId, settled.id, plusDays(today(), -3), today()).run();

    const listed = await dueUrgesRead(me, today(), 5);
    expect(listed).toEqual([{ contractId: due.id, number: due.number, name: expect.any(String), nextOn: today() }]);
    expect(await dueUrgesRead(colleague, today(), 5)).toEqual([]);

    // an urge today without a next day ends the reminder; a person change hands a reminder to the colleague
    await urge(due, "", today());
    expect(await dueUrgesRead(me, today(), 5)).toEqual([]);
    await urge(later, today(), today());
    const handed = (await saveAct(me, act(later.id, "personChange", { personId: String(t.userId) }).data!)) as { id: number };
    await env.DB.prepare("update collection_actions set person_id = ?, state = 2 where id = ?").bind(other!.id, handed.id).run();
    expect(await dueUrgesRead(me, today(), 5)).toEqual([]);
    expect((await dueUrgesRead(colleague, today(), 5)).map((r) => r.contractId)).toEqual([later.id]);
  });

  it("the workbench shows the urge due to the signed-in salesman, in both languages", async () => {
    const t = await makeTenant();
    const c = await overdueContract(t.tenantId, { salesmanId: t.userId });
    await billOf(c, plusDays(today(), -20), 100000);
    await saveAct(scopeOf(t.tenantId, t.userId), act(c.id, "urge", { way: "visit", personId: String(t.userId), actedOn: plusDays(today(), -7), nextOn: today() }).data!);
    const cookie = await signIn(t.account, t.password);
    const page = async (lang: string) => (await (await get("/manageWork", `${cookie}; derrick_lang=${lang}`)).text()).replaceAll("<!-- -->", "");
    const zh = await page("zh-CN");
    expect(zh).toContain(`待催款 · ${c.number}`);
    expect(zh).toContain(`/overdueContract/contract?id=${c.id}`);
    const en = await page("en-US");
    expect(en).toContain(`Urge due · ${c.number}`);
  });
});

describe("a long overdue list", () => {
  it("reads 150 overdue contracts (more than D1's 100 bound parameters) with their acts and interest", async () => {
    const t = await makeTenant();
    const number = unique("BULK-");
    await env.DB.prepare(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < 150)
       insert into contracts (tenant_id, number, kind, name, state, current, start_on, created_at, updated_at)
       select ?, ? || '-' || i, 'rental', '批量合同 ' || i, 3, 1, '2026-01-01', 0, 0 from n`,
    )
      .bind(t.tenantId, number)
      .run();
    await env.DB.prepare(
      `insert into bills (tenant_id, number, kind, contract_id, root_id, period_from, period_to, amount_cents, tax_cents, tax_rate_bp, due_on, state, paid_cents, created_at, updated_at)
       select tenant_id, 'ZD-' || number, 'regular', id, id, '2026-01-01', '2026-01-31', 10000, 0, 900, ?, 1, 0, 0, 0 from contracts where tenant_id = ?`,
    )
      .bind(plusDays(today(), -15), t.tenantId)
      .run();
    const rows = await overdueContracts(scopeOf(t.tenantId, t.userId));
    expect(rows).toHaveLength(150);
    expect(rows.every((r) => r.totalCents === 10000 && r.buckets.d30 === 10000)).toBe(true);
  });
});
