// The machine's page (/deviceDetails) and its upkeep tabs (issue 42), over HTTP on the real local D1: its inspection
// records and open issues, its maintenance schedules, its repair orders, its certificates and the availability of a
// month with a known repair, each tab only for a user of its screen; another tenant's machine still 404.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addDays, addMonths, daysInMonth, monthOf } from "../../app/lib/calendar";
import { todayInZone } from "../../app/lib/tenant-clock";
import { insertProcedure } from "./factories/inspections";
import { makeCrane } from "./factories/maintenance";
import { get, makeTenant, postForm, signIn, signInDepartmentUser, unique } from "./helpers";

type Fields = Record<string, string>;
const today = () => todayInZone("Asia/Shanghai");
const idOf = (res: Response) => Number(/[?&]id=(\d+)/.exec(res.headers.get("Location") ?? "")?.[1]);

async function admin() {
  const t = await makeTenant();
  const cookie = await signIn(t.account, t.password);
  const crane = await makeCrane(t.tenantId, t.rootOrgId, unique("沪F起").slice(0, 12));
  const post = async (path: string, fields: Fields) => {
    const res = await postForm(path, fields, { Cookie: cookie });
    expect(res.status, await res.clone().text().then((x) => x.slice(0, 300))).toBe(302);
    return idOf(res);
  };
  return { ...t, cookie, crane, post, page: async (path: string, c = cookie) => (await get(path, c)).text() };
}
type Admin = Awaited<ReturnType<typeof admin>>;

/** A repair of the machine down a whole day of last month, the 10th 08:00 to the 11th 08:00: 24 h; 1 h at ¥100 and a ¥260 filter: ¥360.00. */
function repairOf(vehicleId: number, month: string): Fields {
  return {
    intent: "save",
    vehicleId: String(vehicleId),
    abnormalityId: "",
    repairKind: "inhouse",
    supplierId: "",
    fault: "回转机构异响",
    diagnosis: "",
    downFromOn: `${month}-10`,
    downFromTime: "08:00",
    downToOn: `${month}-11`,
    downToTime: "08:00",
    deductRent: "",
    "labour[0].worker": "李师傅",
    "labour[0].hours": "1",
    "labour[0].rate": "100",
    "parts[0].partName": "液压滤芯",
    "parts[0].spec": "",
    "parts[0].quantity": "1",
    "parts[0].price": "260",
    outsideCents: "",
    remark: "",
  };
}

async function upkeepOf(a: Admin) {
  const procedureId = await insertProcedure(a.tenantId, { name: "汽车吊日常点检" });
  const record = unique("XJ-");
  await env.DB.prepare("insert into inspection_records (tenant_id, number, vehicle_id, procedure_id, procedure_revision, procedure_name, kind, inspector_id, done_on, passed, failed_items, created_at, updated_at) values (?, ?, ?, ?, 1, '汽车吊日常点检', 'spot', ?, ?, 0, 2, ?, ?)")
    .bind(a.tenantId, record, a.crane, procedureId, a.userId, addDays(today(), -1), Date.now(), Date.now())
    .run();
  const issue = await a.post("/abnormalReport/form?new=1", { intent: "save", vehicleId: String(a.crane), title: "回转异响", severity: "serious", foundOn: today(), detail: "", alarmId: "" });
  const plan = unique("250小时保养");
  await a.post("/maintenancePlan/plans/form?new=1", {
    intent: "save",
    name: plan,
    coverage: "machines",
    startOn: addDays(today(), -10),
    intervalDays: "",
    intervalHours: "250",
    intervalKm: "",
    soonDays: "7",
    soonHours: "25",
    soonKm: "500",
    remark: "",
    "items[0].item": "更换机油",
    "items[0].description": "",
    "vehicles[0].vehicleId": String(a.crane),
  });
  const lastMonth = monthOf(addMonths(`${monthOf(today())}-01`, -1));
  const repair = await a.post("/equipmentRepair/form?new=1", repairOf(a.crane, lastMonth));
  const certificate = await a.post("/certificate/form?new=1", { intent: "save", vehicleId: String(a.crane), kind: "inspection", number: "SHTJ-DJ-UPKEEP", issuer: "上海市特种设备监督检验技术研究院", issuedOn: addDays(today(), -400), expiresOn: addDays(today(), 200), mandatory: "1", remark: "" });
  const repairNumber = (await env.DB.prepare("select number from repair_orders where id = ?").bind(repair).first<{ number: string }>())!.number;
  return { record, issue, plan, lastMonth, repair, repairNumber, certificate };
}

/** The availability table's row of a month, its cells' texts. */
function monthRow(page: string, month: string): string[] {
  const row = new RegExp(`<tr[^>]*data-month="${month}"[^>]*>(.*?)</tr>`, "s").exec(page)?.[1] ?? "";
  return [...row.matchAll(/<td[^>]*>(.*?)<\/td>/gs)].map((m) => m[1]!.replace(/<[^>]+>/g, "").trim());
}

describe("/deviceDetails: the machine's upkeep tabs", () => {
  it("shows the machine's inspections, schedules, repairs, certificates and a month's availability, each linking to its record", async () => {
    const a = await admin();
    const u = await upkeepOf(a);
    const page = await a.page(`/deviceDetails?id=${a.crane}`);
    for (const tab of ["巡检记录", "保养", "维修", "证书", "停机与可用率"]) expect(page).toMatch(new RegExp(`role="tab"[^>]*>${tab}</button>`));
    // inspections: the record (failed, two items) and the open issue, each opening its own page
    expect(page).toContain(`/personalInspection/record?id=`);
    expect(page).toContain(u.record);
    expect(page).toContain("不合格（2项）");
    expect(page).toContain(`/abnormalReport/form?id=${u.issue}`);
    expect(page).toContain("回转异响");
    // maintenance: the plan's schedule of the machine
    expect(page).toContain('data-testid="vehicle-maintenance"');
    expect(page).toContain(u.plan);
    // repairs: the order with its state, fault, downtime and cost, and a new one for this machine
    const repairs = page.slice(page.indexOf('data-testid="vehicle-repairs"'));
    expect(repairs).toContain(`/equipmentRepair/form?id=${u.repair}`);
    expect(repairs).toContain(u.repairNumber);
    expect(repairs).toContain("草稿");
    expect(repairs).toContain("回转机构异响");
    expect(repairs).toContain(`${u.lastMonth}-10 08:00`);
    expect(repairs).toContain(`${u.lastMonth}-11 08:00`);
    expect(repairs).toContain("360.00");
    expect(page).toContain(`/equipmentRepair/form?new=1&amp;vehicleId=${a.crane}`);
    // certificates, as before, in their tab
    expect(page).toContain(`/certificate/form?id=${u.certificate}`);
    expect(page).toContain("SHTJ-DJ-UPKEEP");
    // last month: H = its days × 24 h (Shanghai keeps no summer time); 24 h down, one failure:
    // availability (H − 24) / H, MTBF (H − 24) / 1, MTTR 24 / 1 (a 30-day month: 96.7 %, 696.0, 24.0)
    const [y, m] = u.lastMonth.split("-").map(Number) as [number, number];
    const hours = daysInMonth(y, m) * 24;
    expect(monthRow(page, u.lastMonth)).toEqual([u.lastMonth, "24.0", "1", (hours - 24).toFixed(1), "24.0", `${(((hours - 24) / hours) * 100).toFixed(1)}%`]);
    // the month before it: no repair, fully available
    expect(monthRow(page, monthOf(addMonths(`${u.lastMonth}-01`, -1)))).toEqual([monthOf(addMonths(`${u.lastMonth}-01`, -1)), "0.0", "0", "—", "—", "100.0%"]);
    // in English too
    const en = await (await get(`/deviceDetails?id=${a.crane}`, a.cookie, { Cookie: `${a.cookie}; derrick_lang=en-US` })).text();
    expect(en).toContain("Downtime &amp; availability");
    expect(en).toContain("Failed (2 items)");
  });

  it("shows no repairs tab (nor its availability) to a user without 设备维修, nor any of its orders", async () => {
    const a = await admin();
    const u = await upkeepOf(a);
    await env.DB.prepare("delete from role_menus where tenant_id = ? and role_id = ? and menu_id = (select id from menus where tenant_id = ? and router_path = '/equipmentRepair')").bind(a.tenantId, a.roleIds.admin, a.tenantId).run();
    const clerk = await signInDepartmentUser(a, a.rootOrgId, "证书管理员");
    const res = await get(`/deviceDetails?id=${a.crane}`, clerk);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).not.toMatch(/role="tab"[^>]*>维修</);
    expect(page).not.toContain("停机与可用率");
    expect(page).not.toContain('data-testid="vehicle-repairs"');
    expect(page).not.toContain(u.repairNumber);
    // the other tabs stay
    expect(page).toContain("SHTJ-DJ-UPKEEP");
    expect(page).toContain(u.plan);
    expect(page).toContain(u.record);
  });

  it("an empty machine says so in words; another tenant's machine is 404", async () => {
    const a = await admin();
    const page = await a.page(`/deviceDetails?id=${a.crane}`);
    for (const words of ["暂无巡检记录", "暂无未处理异常", "暂无维修单", "暂无证书"]) expect(page).toContain(words);
    const b = await admin();
    await upkeepOf(b);
    expect((await get(`/deviceDetails?id=${b.crane}`, a.cookie)).status).toBe(404);
  });
});
