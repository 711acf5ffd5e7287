// 停滞期申报 (/idlePeriod) on real D1, over HTTP as a browser posts it (Rental III §1, declared idle periods): a
// declaration saved with its machines, every refusal named at its field, twenty racing saves of the same days stored
// once, approval by a second administrator re-pricing the contract's draft at once (the declared rate, the calendar
// day count, to the cent, citing the declaration's number; the telemetry's idle proposal on those days gone), and the
// run billing a declared period under the 30-day month; another tenant and a read-only user refused.
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { runBills } from "../../app/modules/billing/bill-run.server";
import { loadBill } from "../../app/modules/billing/bill.server";
import { idlePeriodLines, idlePeriods } from "../../app/modules/billing/idle-period-store.server";
import { bills, contractLines, contracts } from "../../db/schema";
import { rentalWithHistory, ZONE } from "./bill-fixtures";
import { FACTORIES } from "./factories";
import { db, get, installTestFonts, postForm, signIn } from "./helpers";
import { makeDepartment } from "./rent-fixtures";
import { makeVehicle } from "./telematics";

type Fields = Record<string, string>;

async function clerk(dayCount: "thirty" | "calendar" = "calendar") {
  const r = await rentalWithHistory({ dayCount });
  const cookie = await signIn(r.t.account, r.t.password);
  const post = (path: string, fields: Fields, lang = "zh-CN", c = cookie) => postForm(path, fields, { Cookie: `${c}; derrick_lang=${lang}` });
  const page = async (path: string, lang = "zh-CN") => (await get(path, `${cookie}; derrick_lang=${lang}`)).text();
  return { ...r, cookie, post, page };
}
type Clerk = Awaited<ReturnType<typeof clerk>>;

const declaration = (c: Clerk, more: Fields = {}): Fields => ({
  intent: "save",
  contractId: String(c.contractId),
  fromOn: "2026-11-01",
  toOn: "2026-11-10",
  rate: "60",
  reason: "甲方停工待图纸",
  "lines[0].lineId": String(c.lineId),
  "lines[0].remark": "",
  ...more,
});
const idOf = (res: Response) => Number(/[?&]id=(\d+)/.exec(res.headers.get("Location") ?? "")?.[1]);
const headOf = async (id: number) => (await db().select().from(idlePeriods).where(eq(idlePeriods.id, id)))[0]!;
const billOf = async (tenantId: number, periodFrom: string) => (await db().select().from(bills).where(and(eq(bills.tenantId, tenantId), eq(bills.periodFrom, periodFrom))))[0]!;


/** A second administrator of the clerk's tenant (nobody approves their own declaration), signed in. */
async function approverOf(c: Clerk): Promise<string> {
  const account: Fields = { intent: "create", ...FACTORIES.user!(c.t), roleId: String(c.t.roleIds.admin) };
  expect((await c.post("/userManage", account)).status).toBe(302);
  return signIn(account.loginAccount!, account.password!);
}

describe("停滞期申报: idle days declared, approved and billed as declared", () => {
  it("stores a declaration with its machines, numbered TZ-, the rate in basis points, and lists it", async () => {
    const c = await clerk();
    const res = await c.post("/idlePeriod/form?new=1", declaration(c));
    expect(res.status).toBe(302);
    const id = idOf(res);
    const head = await headOf(id);
    expect(head).toMatchObject({ state: 0, contractId: c.contractId, fromOn: "2026-11-01", toOn: "2026-11-10", rate: 6000, reason: "甲方停工待图纸" });
    expect(head.number).toMatch(/^TZ-\d{6}-0001$/);
    expect(await db().select({ lineId: idlePeriodLines.lineId, position: idlePeriodLines.position }).from(idlePeriodLines).where(eq(idlePeriodLines.periodId, id))).toEqual([{ lineId: c.lineId, position: 1 }]);
    const list = await c.page("/idlePeriod");
    for (const text of [head.number, c.number, "2026-11-01", "60%", "甲方停工待图纸"]) expect(list).toContain(text);
    // 申报停滞期 from the contract in force: the new declaration starts on that contract; one the user may not declare on is ignored
    const contract = await c.page(`/contractList/form?id=${c.contractId}`);
    expect(contract).toContain(`href="/idlePeriod/form?new=1&amp;contractId=${c.contractId}"`);
    const fresh = await c.page(`/idlePeriod/form?new=1&contractId=${c.contractId}`);
    expect(fresh).toMatch(new RegExp(`<option value="${c.contractId}" selected=""`));
    const stranger = await rentalWithHistory();
    expect(await c.page(`/idlePeriod/form?new=1&contractId=${stranger.contractId}`)).not.toContain(`value="${stranger.contractId}" selected`);
  });

  it("names each refusal at its field, in the reader's language, and stores nothing", async () => {
    const c = await clerk();
    const refusedWith = async (more: Fields, lang = "zh-CN") => {
      const res = await c.post("/idlePeriod/form?new=1", declaration(c, more), lang);
      expect(res.status).toBeGreaterThanOrEqual(400);
      return res.text();
    };
    expect(await refusedWith({ toOn: "2026-10-31" })).toContain("结束日期不能早于开始日期");
    expect(await refusedWith({ fromOn: "2026-09-01" })).toContain("不在该设备的租期内（2026-09-21 – 2027-03-20）");
    expect(await refusedWith({ fromOn: "2026-02-30" })).toContain("请输入2000-01-01至2099-12-31之间的真实日期");
    expect(await refusedWith({ rate: "101" })).toContain("不能大于100");
    expect(await refusedWith({ reason: "" })).toContain("此项不能为空");
    expect(await refusedWith({ "lines[0].lineId": "" })).toContain("至少需要1行明细");
    // a machine of another contract of the same tenant
    const [other] = await db()
      .insert(contracts)
      .values({ tenantId: c.t.tenantId, number: `${c.number}-B`, kind: "rental", name: "另一合同", customerId: null, startOn: "2026-09-21", plannedEndOn: "2027-03-20", settlementDay: 20, paymentDays: 30, taxRateBp: 900, state: 3 })
      .returning({ id: contracts.id });
    const v = await makeVehicle(c.t.tenantId);
    const [line] = await db().insert(contractLines).values({ tenantId: c.t.tenantId, contractId: other!.id, lineNo: 1, vehicleId: v.id, monthlyCents: 1_000_000, onRentOn: "2026-09-21" }).returning({ id: contractLines.id });
    expect(await refusedWith({ "lines[0].lineId": String(line!.id) })).toContain("不是所选合同的设备");
    expect(await refusedWith({ "lines[0].lineId": String(line!.id) }, "en-US")).toContain("Not a machine of the chosen contract");
    // another tenant's contract and machine are not among the choices
    const stranger = await rentalWithHistory();
    const html = await refusedWith({ contractId: String(stranger.contractId), "lines[0].lineId": String(stranger.lineId) });
    expect(html.match(/请从选项中选择/g)?.length).toBeGreaterThanOrEqual(2);
    expect(await db().select().from(idlePeriods).where(eq(idlePeriods.tenantId, c.t.tenantId))).toEqual([]);
    // a day already declared for the machine, by a declaration not refused
    const first = idOf(await c.post("/idlePeriod/form?new=1", declaration(c)));
    expect(await refusedWith({ fromOn: "2026-11-10", toOn: "2026-11-12" })).toContain(`与${(await headOf(first)).number}的日期重叠`);
    // the read-only user and another tenant's clerk
    expect((await postForm("/idlePeriod/form?new=1", declaration(c), { Cookie: await signIn(...(await viewerOf(c))) })).status).toBe(403);
    const strangerCookie = await signIn(stranger.t.account, stranger.t.password);
    expect((await get(`/idlePeriod/form?id=${first}`, strangerCookie)).status).toBe(404);
    expect((await postForm(`/idlePeriod/form?id=${first}`, { ...declaration(c), id: String(first), version: "1" }, { Cookie: strangerCookie })).status).toBe(404);
  });

  it("shows a user whose data scope is a department only the declarations of that department's contracts", async () => {
    const c = await clerk();
    await db().update(contracts).set({ orgId: c.t.rootOrgId }).where(eq(contracts.id, c.contractId));
    const id = idOf(await c.post("/idlePeriod/form?new=1", declaration(c)));
    const number = (await headOf(id)).number;
    const dept = await makeDepartment(c.t.tenantId, c.t.rootOrgId);
    await env.DB.prepare("update users set org_id = ? where id = ?").bind(dept, c.t.userId).run();
    const scoped = await signIn(c.t.account, c.t.password);
    expect(await (await get("/idlePeriod", scoped)).text()).not.toContain(number);
    expect((await get(`/idlePeriod/form?id=${id}`, scoped)).status).toBe(404);
    expect((await postForm(`/idlePeriod/form?id=${id}`, { intent: "transition:submit", ids: String(id) }, { Cookie: scoped })).status).toBe(404);
    // nor may they declare on it: the contract is not among their choices
    const refused = await postForm("/idlePeriod/form?new=1", declaration(c, { fromOn: "2026-12-01", toOn: "2026-12-02" }), { Cookie: scoped });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("请从选项中选择");
  });

  it("stores the same machine's days once when twenty saves race", async () => {
    const c = await clerk();
    const answers = await Promise.all(Array.from({ length: 20 }, () => c.post("/idlePeriod/form?new=1", declaration(c))));
    expect(answers.filter((r) => r.status === 302)).toHaveLength(1);
    expect(answers.every((r) => r.status === 302 || r.status === 409)).toBe(true);
    const stored = await db().select({ lineId: idlePeriodLines.lineId }).from(idlePeriodLines).where(eq(idlePeriodLines.tenantId, c.t.tenantId));
    expect(stored).toHaveLength(1);
  });

  it("once approved by a second administrator, prices the draft at the declared rate over the period's 31 days, citing its number", async () => {
    const c = await clerk("calendar");
    expect(await runBills(db(), { tenantId: c.t.tenantId, timeZone: ZONE, through: "2026-11-20" })).toEqual({ contracts: 1, bills: 2 });
    const before = await loadBill(c.scope, (await billOf(c.t.tenantId, "2026-10-21")).id);
    // the telemetry saw ten quiet days (10-30 → 11-08) and proposed them as idle
    expect(before!.proposals.map((p) => [p.kind, p.days.length])).toEqual([
      ["idle", 10],
      ["fault", 2],
    ]);
    const id = idOf(await c.post("/idlePeriod/form?new=1", declaration(c)));
    expect((await c.post(`/idlePeriod/form?id=${id}`, { intent: "transition:submit", ids: String(id) })).status).toBe(302);
    // nobody approves their own
    expect((await c.post(`/idlePeriod/form?id=${id}`, { intent: "transition:approve", ids: String(id) })).status).toBe(403);
    const approver = await approverOf(c);
    expect((await postForm(`/idlePeriod/form?id=${id}`, { intent: "transition:approve", ids: String(id), note: "同意" }, { Cookie: approver })).status).toBe(302);
    const number = (await headOf(id)).number;
    expect((await headOf(id)).state).toBe(2);

    const bill = await billOf(c.t.tenantId, "2026-10-21");
    const after = (await loadBill(c.scope, bill.id))!;
    // 10-21 → 11-20 is 31 days; 11-01 → 11-10 declared at 60 %: 2,800,000 ÷ 31 × 10 × 40 % = 361,290.32 → 361,290 off
    expect(after.items.map((i) => [i.rule, i.quantity, i.amountCents, i.basis?.shareBp ?? null, i.basis?.declared ?? null])).toEqual([
      ["monthly", "1", 2_800_000, null, null],
      ["idle", "-10/31", -361_290, 4000, number],
    ]);
    expect(bill.amountCents).toBe(2_800_000 - 361_290);
    // the quiet run outside the declaration (10-30, 10-31) is too short to propose: the open idle proposal went
    expect(after.proposals.map((p) => p.kind)).toEqual(["fault"]);
    // the bill page names the declaration beside the item, in both languages
    expect(await c.page(`/contractBillReport/bill?id=${bill.id}`)).toContain(`（依据停滞期申报${number}）`);
    expect(await c.page(`/contractBillReport/bill?id=${bill.id}`, "en-US")).toContain(`(idle period declaration ${number})`);
    // the PDF the customer gets says what the days stand on: the declaration, its days, its rate and its reason
    await installTestFonts();
    const pdf = await get(`/contractBillReport/bill/pdf?id=${bill.id}`, c.cookie);
    expect(pdf.status).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())), { mergePages: true });
    expect(text.replace(/\s+/g, "")).toContain(`停滞期申报${number}（已审批）2026-11-01至2026-11-10，共10天，按日租金的60%计租；原因：甲方停工待图纸`);
    // the first month is untouched: the declaration's days are not in it
    expect((await billOf(c.t.tenantId, "2026-09-21")).amountCents).toBe(2_800_000);
  });

  it("bills an approved declaration in the run under the 30-day month, and proposes nothing on its days", async () => {
    const c = await clerk("thirty");
    const [head] = await db()
      .insert(idlePeriods)
      .values({ tenantId: c.t.tenantId, number: "TZ-202611-0009", contractId: c.contractId, fromOn: "2026-10-30", toOn: "2026-11-08", rate: 6000, reason: "雨季停工", state: 2 })
      .returning({ id: idlePeriods.id });
    await db().insert(idlePeriodLines).values({ tenantId: c.t.tenantId, periodId: head!.id, position: 1, lineId: c.lineId });
    await runBills(db(), { tenantId: c.t.tenantId, timeZone: ZONE, through: "2026-11-20" });
    const loaded = (await loadBill(c.scope, (await billOf(c.t.tenantId, "2026-10-21")).id))!;
    // ten days at 60 % over the 30-day month: 2,800,000 ÷ 30 × 10 × 40 % = 373,333.33 → 373,333 off
    expect(loaded.items.map((i) => [i.rule, i.quantity, i.amountCents])).toEqual([
      ["monthly", "1", 2_800_000],
      ["idle", "-10/30", -373_333],
    ]);
    expect(loaded.proposals.map((p) => p.kind)).toEqual(["fault"]);
  });
});

/** A user of the clerk's tenant whose role may only look at the declarations (the screen and its view code). */
async function viewerOf(c: Clerk): Promise<[string, string]> {
  const role = await env.DB.prepare("insert into roles (tenant_id, name, description, created_at, updated_at) values (?, '停滞期只读', '', ?, ?) returning id").bind(c.t.tenantId, Date.now(), Date.now()).first<{ id: number }>();
  const menu = await env.DB.prepare("select id from menus where tenant_id = ? and router_path = '/idlePeriod'").bind(c.t.tenantId).first<{ id: number }>();
  await env.DB.batch([
    env.DB.prepare("insert into role_menus (tenant_id, role_id, menu_id) values (?, ?, ?)").bind(c.t.tenantId, role!.id, menu!.id),
    env.DB.prepare("insert into role_permissions (tenant_id, role_id, code) values (?, ?, 'idlePeriod:view')").bind(c.t.tenantId, role!.id),
  ]);
  const account: Fields = { intent: "create", ...FACTORIES.user!(c.t), roleId: String(role!.id) };
  expect((await c.post("/userManage", account)).status).toBe(302);
  return [account.loginAccount!, account.password!];
}
