// 设备维修 (issue 42), over HTTP as a browser posts them, on the real local D1: an issue turned into a repair order
// (the issue 已转维修, once), the order's cost to the cent from its labour, parts and outside costs, its downtime's
// refusals in both languages, approval (nobody approves their own; the approved total is the most it may then cost),
// 完工 only once the machine runs again; and the downtime of a machine on rent becoming fault time on its contract's
// draft bill, the proposal's basis naming the order.
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bills } from "../../db/schema";
import { loadBill, decideProposal } from "../../app/modules/billing/bill.server";
import { runBills } from "../../app/modules/billing/bill-run.server";
import { decisionBasis, faultAlarmsOf } from "../../app/modules/billing/decision-basis.server";
import { addDays } from "../../app/lib/calendar";
import { todayInZone } from "../../app/lib/tenant-clock";
import { FACTORIES } from "./factories";
import { rentalWithHistory, ZONE } from "./bill-fixtures";
import { db, get, makeTenant, postForm, signIn } from "./helpers";
import { makeVehicle } from "./telematics";

type Fields = Record<string, string>;
const today = () => todayInZone("Asia/Shanghai");
const idOf = (res: Response) => Number(/[?&]id=(\d+)/.exec(res.headers.get("Location") ?? "")?.[1]);

async function signed(t: Awaited<ReturnType<typeof makeTenant>>) {
  const cookie = await signIn(t.account, t.password);
  return { ...t, cookie, post: (path: string, fields: Fields, lang = "zh-CN") => postForm(path, fields, { Cookie: `${cookie}; derrick_lang=${lang}` }) };
}
type Admin = Awaited<ReturnType<typeof signed>>;

/** A second administrator of the tenant (nobody approves their own order), signed in. */
async function approverOf(a: Admin) {
  const account: Fields = { intent: "create", ...FACTORIES.user!(a), roleId: String(a.roleIds.admin) };
  expect((await a.post("/userManage", account)).status).toBe(302);
  const cookie = await signIn(account.loginAccount!, account.password!);
  return (path: string, fields: Fields) => postForm(path, fields, { Cookie: cookie });
}

/** A repair of the machine: 2.5 h at ¥120, two seals at ¥85.50 and ¥200 outside: ¥671.00. */
const order = (vehicleId: number, more: Fields = {}): Fields => ({
  intent: "save",
  vehicleId: String(vehicleId),
  abnormalityId: "",
  repairKind: "inhouse",
  supplierId: "",
  fault: "主臂伸缩油缸内泄，空载下滑",
  diagnosis: "油缸密封件老化",
  downFromOn: addDays(today(), -2),
  downFromTime: "08:00",
  downToOn: "",
  downToTime: "",
  deductRent: "1",
  "labour[0].worker": "张师傅",
  "labour[0].hours": "2.5",
  "labour[0].rate": "120",
  "parts[0].partName": "油缸密封件",
  "parts[0].spec": "φ160",
  "parts[0].quantity": "2",
  "parts[0].price": "85.50",
  outsideCents: "200",
  remark: "",
  ...more,
});
const head = (id: number) => env.DB.prepare("select state, total_cents, approved_cents, down_from, down_to, abnormality_id from repair_orders where id = ?").bind(id).first<Record<string, number | null>>();

describe("设备维修: repair orders", () => {
  it("turns an open issue into a repair once, its machine and fault carried, and sums its cost to the cent", async () => {
    const a = await signed(await makeTenant());
    const crane = await makeVehicle(a.tenantId, { orgId: a.rootOrgId });
    const issue = idOf(await a.post("/abnormalReport/form?new=1", { intent: "save", vehicleId: String(crane.id), title: "主臂自动回缩", severity: "serious", foundOn: today(), detail: "", alarmId: "" }));
    const page = await (await get(`/equipmentRepair/form?new=1&abnormalityId=${issue}`, a.cookie)).text();
    expect(page).toContain("主臂自动回缩");
    const saves = await Promise.all(Array.from({ length: 5 }, () => a.post("/equipmentRepair/form?new=1", order(crane.id, { abnormalityId: String(issue) }))));
    expect(saves.filter((r) => r.status === 302)).toHaveLength(1);
    const id = idOf(saves.find((r) => r.status === 302)!);
    expect(await head(id)).toMatchObject({ state: 0, total_cents: 67_100, abnormality_id: issue, down_to: null });
    expect(await env.DB.prepare("select state, repair_id from abnormalities where id = ?").bind(issue).first()).toEqual({ state: 2, repair_id: id });
    const issuePage = await (await get(`/abnormalReport/form?id=${issue}`, a.cookie)).text();
    expect(issuePage).toContain("已转维修");
    expect(issuePage).toContain("查看维修单");
    const list = await (await get("/equipmentRepair", a.cookie)).text();
    expect(list).toContain("671.00");
    // the order still names its issue, and is saved again with it (the diagnosis written in later)
    const version = await env.DB.prepare("select version from repair_orders where id = ?").bind(id).first<number>("version");
    const again = await a.post(`/equipmentRepair/form?id=${id}`, { ...order(crane.id, { abnormalityId: String(issue), diagnosis: "油缸密封件老化，更换后保压试验合格" }), id: String(id), version: String(version) });
    expect(again.status).toBe(302);
    expect(await env.DB.prepare("select diagnosis, abnormality_id from repair_orders where id = ?").bind(id).first()).toEqual({ diagnosis: "油缸密封件老化，更换后保压试验合格", abnormality_id: issue });
  });

  it("refuses a downtime that ends before it starts or starts tomorrow, and an outside repair without its station, in both languages", async () => {
    const a = await signed(await makeTenant());
    const crane = await makeVehicle(a.tenantId, { orgId: a.rootOrgId });
    const reversed = await a.post("/equipmentRepair/form?new=1", order(crane.id, { downToOn: addDays(today(), -3), downToTime: "09:00" }));
    expect(reversed.status).toBe(409);
    expect(await reversed.text()).toContain("恢复运行时间须晚于停机开始时间");
    const future = await a.post("/equipmentRepair/form?new=1", order(crane.id, { downFromOn: addDays(today(), 1) }), "en-US");
    expect(await future.text()).toContain("The downtime cannot start after today");
    const outside = await a.post("/equipmentRepair/form?new=1", order(crane.id, { repairKind: "outside" }), "en-US");
    expect(outside.status).toBe(409);
    const other = await signed(await makeTenant());
    const theirs = await makeVehicle(other.tenantId, {});
    expect((await a.post("/equipmentRepair/form?new=1", order(theirs.id))).status).toBe(409);
  });

  it("is approved by another administrator, keeps to the approved cost, and is completed once the machine runs again", async () => {
    const a = await signed(await makeTenant());
    const crane = await makeVehicle(a.tenantId, { orgId: a.rootOrgId });
    const id = idOf(await a.post("/equipmentRepair/form?new=1", order(crane.id)));
    expect((await a.post(`/equipmentRepair/form?id=${id}`, { intent: "transition:submit", ids: String(id) })).status).toBe(302);
    expect((await a.post(`/equipmentRepair/form?id=${id}`, { intent: "transition:approve", ids: String(id) })).status).toBe(403);
    const approve = await approverOf(a);
    expect((await approve(`/equipmentRepair/form?id=${id}`, { intent: "transition:approve", ids: String(id), note: "同意" })).status).toBe(302);
    expect(await head(id)).toMatchObject({ state: 2, approved_cents: 67_100 });
    // under repair: 完工 waits for the machine to run again, and the cost keeps within what was approved
    const early = await a.post(`/equipmentRepair/form?id=${id}`, { intent: "transition:complete", ids: String(id) });
    expect(early.status).toBe(409);
    const version = () => env.DB.prepare("select version from repair_orders where id = ?").bind(id).first<number>("version");
    const over = await a.post(`/equipmentRepair/form?id=${id}`, { ...order(crane.id, { "labour[0].hours": "5" }), id: String(id), version: String(await version()) });
    expect(await over.text()).toContain("维修费用不能超过已批准金额 ¥671.00");
    const ran = await a.post(`/equipmentRepair/form?id=${id}`, { ...order(crane.id, { downToOn: addDays(today(), -1), downToTime: "16:30" }), id: String(id), version: String(await version()) });
    expect(ran.status).toBe(302);
    expect((await a.post(`/equipmentRepair/form?id=${id}`, { intent: "transition:complete", ids: String(id) })).status).toBe(302);
    const done = await head(id);
    expect(done!.state).toBe(4);
    // 2 days ago 08:00 to yesterday 16:30: 32.5 hours down
    expect((done!.down_to! - done!.down_from!) / 3_600_000).toBe(32.5);
  });
});

describe("设备维修 on the bill: downtime is fault time", () => {
  it("adds a machine's downtime on rent to its draft's fault proposal, the basis naming the repair order", async () => {
    const { t, v, scope } = await rentalWithHistory();
    await runBills(db(), { tenantId: t.tenantId, timeZone: ZONE, through: "2026-11-20" });
    const billOf = async () => (await db().select().from(bills).where(and(eq(bills.tenantId, t.tenantId), eq(bills.periodFrom, "2026-10-21"))))[0]!;
    const before = (await loadBill(scope, (await billOf()).id))!;
    expect(before.proposals.find((p) => p.kind === "fault")).toMatchObject({ hours: 10 });
    // the crane down from 11-15 08:00 to 11-16 16:00: 14 + 8 counted hours (08:00–22:00), on top of the alarm's 10
    const a = await signed(t);
    await env.DB.prepare("update vehicles set org_id = ? where id = ?").bind(a.rootOrgId, v.id).run();
    const id = idOf(await a.post("/equipmentRepair/form?new=1", order(v.id, { downFromOn: "2026-11-15", downFromTime: "08:00", downToOn: "2026-11-16", downToTime: "16:00" })));
    // a draft order is not yet a fact on the bill
    await runBills(db(), { tenantId: t.tenantId, timeZone: ZONE, through: "2026-11-20" });
    expect((await loadBill(scope, (await billOf()).id))!.proposals.find((p) => p.kind === "fault")).toMatchObject({ hours: 10 });
    // sent for approval: the contract's draft is priced again at once
    expect((await a.post(`/equipmentRepair/form?id=${id}`, { intent: "transition:submit", ids: String(id) })).status).toBe(302);
    const after = (await loadBill(scope, (await billOf()).id))!;
    const fault = after.proposals.find((p) => p.kind === "fault")!;
    expect(fault).toMatchObject({ hours: 32, days: ["2026-11-12", "2026-11-13", "2026-11-15", "2026-11-16"] });
    expect(after.evidence.find((e) => e.day === "2026-11-15")).toMatchObject({ faultMinutes: 14 * 60 });
    expect(await decideProposal(scope, after.bill.id, fault.id, true, "")).toEqual({ ok: true });
    const number = (await env.DB.prepare("select number from repair_orders where id = ?").bind(id).first<string>("number"))!;
    const spans = await faultAlarmsOf(db(), t.tenantId, [v.id], { from: "2026-10-21", to: "2026-11-20" }, ZONE);
    const accepted = (await loadBill(scope, after.bill.id))!.proposals;
    const text = decisionBasis({ proposals: accepted, lineLabel: () => "沪A·汽车吊", faultsOf: () => spans, timeZone: ZONE, lang: "zh-CN" }).join("\n");
    expect(text).toContain(`维修单${number}停机`);
    expect(text).toContain("计入22.00小时");
    // four whole 8-hour days of fault: four days' rent off (30-day month: 2,800,000 × 4 / 30 = 373,333.33 → 373,333)
    const priced = (await loadBill(scope, after.bill.id))!;
    expect(priced.items.find((i) => i.rule === "faultDeduction")).toMatchObject({ amountCents: -373_333 });
  });
});

