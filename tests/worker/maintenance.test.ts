// 保养计划 (/maintenancePlan, issue 42) over HTTP as a browser posts it, on the real local D1 with the machines' daily
// roll-ups inserted: a schedule due by engine hours, by km or by the calendar, whichever first, with its forecast
// worked out by hand beside each; the due-soon thresholds; a completed service starting the next cycle; a reading that
// goes backwards refused in both languages, and a voided one counting no more; the daily job (once a day, one alarm a
// cycle) and stopped reminders; the workbench's and the machine page's reads; another tenant's ids, a department's
// scope, the read-only user; and twenty identical posts at once against each "only one" rule.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addDays } from "../../app/lib/calendar";
import { todayInZone } from "../../app/lib/tenant-clock";
import { parseZonedTime } from "../../app/lib/tenant-days";
import type { RequestScope } from "../../app/modules/access/access.server";
import { maintenanceDueRead, maintenanceOfVehicle } from "../../app/modules/maintenance/schedule.server";
import { maintenance as maintenanceJob } from "../../workers/jobs/maintenance";
import { makeCrane } from "./factories/maintenance";
import { db, get, insertDaily, makeTenant, postForm, signIn, signInDepartmentUser, unique } from "./helpers";
import { makeDepartment } from "./rent-fixtures";

type Fields = Record<string, string>;
const ZONE = "Asia/Shanghai";
const today = () => todayInZone(ZONE);
const day = (n: number) => addDays(today(), n);
const one = <T = Record<string, unknown>>(sql: string, ...args: unknown[]) => env.DB.prepare(sql).bind(...args).first<T>();
const idOf = (res: Response) => Number(/[?&]id=(\d+)/.exec(res.headers.get("Location") ?? "")?.[1]);

async function admin() {
  const t = await makeTenant();
  const cookie = await signIn(t.account, t.password);
  const post = (path: string, fields: Fields, lang = "zh-CN") => postForm(path, fields, { Cookie: `${cookie}; derrick_lang=${lang}` });
  return { ...t, cookie, post };
}
type Admin = Awaited<ReturnType<typeof admin>>;

/** n days of roll-ups from `from` on: each `hours` engine hours and `km` kilometres. */
async function rollups(tenantId: number, vehicleId: number, from: string, n: number, hours: number, km = 0) {
  await insertDaily(Array.from({ length: n }, (_, i) => ({ tenantId, vehicleId, day: addDays(from, i), engineSeconds: Math.round(hours * 3600), mileageKm: km })));
}

/** A plan of listed machines saved on its page; its id. */
async function savePlan(a: Admin, vehicleIds: number[], more: Fields = {}) {
  const fields: Fields = {
    intent: "save",
    name: unique("250小时保养"),
    coverage: "machines",
    startOn: day(-41),
    intervalDays: "",
    intervalHours: "250",
    intervalKm: "",
    soonDays: "7",
    soonHours: "25",
    soonKm: "500",
    remark: "",
    "items[0].item": "更换机油",
    "items[0].description": "",
    "items[1].item": "检查液压油",
    "items[1].description": "",
    ...Object.fromEntries(vehicleIds.map((id, i) => [`vehicles[${i}].vehicleId`, String(id)])),
    ...more,
  };
  const res = await a.post("/maintenancePlan/plans/form?new=1", fields);
  expect(res.status, await res.clone().text().then((t) => t.slice(0, 300))).toBe(302);
  return idOf(res);
}

const reading = (vehicleId: number, readOn: string, hours: string, km = "", remark = ""): Fields => ({ intent: "create", vehicleId: String(vehicleId), readOn, hours, km, remark });
const service = (planId: number, vehicleId: number, more: Fields = {}): Fields => ({
  intent: "save",
  planId: String(planId),
  vehicleId: String(vehicleId),
  serviceOn: today(),
  doneBy: "王师傅",
  hours: "",
  km: "",
  cost: "1,280.50",
  remark: "",
  "items[0].item": "更换机油",
  "items[0].result": "replaced",
  "items[0].note": "",
  ...more,
});

type Schedule = { due_on: string | null; due_by: string | null; due_state: number; meter_hours: number; meter_km: number; hours_left: number | null; km_left: number | null; days_left: number | null; avg_hours: number; last_on: string; last_hours: number };
const scheduleOf = (planId: number, vehicleId: number) => one<Schedule>("select * from maintenance_schedules where plan_id = ? and vehicle_id = ?", planId, vehicleId);

/** A crane with a reading of 950.0 h on day −41 and 5 h a day on each of the 40 days since: 1,150.0 h now. */
async function workedCrane(a: Admin, plate?: string, orgId: number = a.rootOrgId) {
  const crane = await makeCrane(a.tenantId, orgId, plate);
  expect((await a.post("/maintenancePlan/readings", reading(crane, day(-41), "950.0"))).status).toBe(302);
  await rollups(a.tenantId, crane, day(-40), 40, 5);
  return crane;
}

const scopeOf = (t: { tenantId: number; userId: number }, orgId: number | null = null) =>
  ({ db: db(), user: { id: t.userId, tenantId: t.tenantId, orgId, wholeTenant: orgId === null, timeZone: ZONE }, access: { permissions: new Set<string>() } }) as unknown as RequestScope;

/** The daily job as its cron fires at the tenant's local 04:00 today (or another hour). */
const runJob = async (hour = "04:00") => (await maintenanceJob.run(env, { scheduledTime: parseZonedTime(`${today()}T${hour}`, ZONE), cron: "0 * * * *" })) as { tenants: number[]; alarms: number };

describe("保养计划: due by engine hours, km or the calendar, whichever first", () => {
  it("forecasts by the hours: 250 h, 200.0 h used, 5 h a day over the last 30 days → due in 10 days", async () => {
    const a = await admin();
    const crane = await workedCrane(a, unique("沪F起").slice(0, 12));
    const plan = await savePlan(a, [crane]);
    // by hand: the cycle starts on day −41 at the reading, 950.0 h; 40 days × 5 h = 200.0 h since: 1,150.0 h now; 50.0 h
    // left; the 30 days before today averaged 5 h a day, so 50 ÷ 5 = 10 days: today + 10. 50 h > 25 h and 10 days > 7
    // days: 正常
    expect(await scheduleOf(plan, crane)).toMatchObject({ meter_hours: 11500, last_hours: 9500, last_on: day(-41), hours_left: 500, avg_hours: 5, due_on: day(10), due_by: "hours", days_left: 10, due_state: 0 });
    const list = await (await get("/maintenancePlan", a.cookie)).text();
    expect(list).toContain("1,150.0 小时");
    expect(list).toContain(day(10));
    expect(list).toContain("按发动机小时");
    expect(list).toContain("5.0 小时/天");
  });

  it("forecasts by the km when they come first, and by the calendar when it does", async () => {
    const a = await admin();
    // by hand: no reading, 40 days × 100 km and 2 h since the start (day −41): 4,000 km and 80.0 h; every 5,000 km or
    // 500 h: 1,000 km left at 100 km a day = 10 days; 420 h left at 2 h a day = 210 days; the km decide: today + 10
    const truck = await makeCrane(a.tenantId, a.rootOrgId);
    await rollups(a.tenantId, truck, day(-40), 40, 2, 100);
    const byKm = await savePlan(a, [truck], { intervalHours: "500", intervalKm: "5000" });
    expect(await scheduleOf(byKm, truck)).toMatchObject({ meter_km: 4000, meter_hours: 800, km_left: 1000, hours_left: 4200, due_on: day(10), due_by: "km", due_state: 0 });
    // by hand: every 30 days or 250 h from day −27 (its own roll-up counted: 1.0 h then), 1 h a day since: 27.0 h now,
    // 224.0 h left at 0.9 h a day = 249 days; the calendar's day −27 + 30 = today + 3 comes first, within the 7 days'
    // threshold: 即将到期
    const idle = await makeCrane(a.tenantId, a.rootOrgId);
    await rollups(a.tenantId, idle, day(-27), 27, 1);
    const monthly = await savePlan(a, [idle], { startOn: day(-27), intervalDays: "30" });
    expect(await scheduleOf(monthly, idle)).toMatchObject({ due_on: day(3), due_by: "days", days_left: 3, hours_left: 2240, due_state: 1 });
    // a machine with no use in 30 days and an hours-only plan: nothing foreseeable (无法预测)
    const still = await makeCrane(a.tenantId, a.rootOrgId);
    const hoursOnly = await savePlan(a, [still]);
    expect(await scheduleOf(hoursOnly, still)).toMatchObject({ due_on: null, due_by: null, hours_left: 2500, due_state: 0 });
    expect(await (await get("/maintenancePlan", a.cookie)).text()).toContain("无法预测");
  });

  it("says 即将到期 within a threshold and 已超期 once reached, overdue first on the due list", async () => {
    const a = await admin();
    // 230.0 h used long ago, no use in the last 30 days: 20.0 h left, within the 25 h threshold
    const soon = await makeCrane(a.tenantId, a.rootOrgId, unique("沪F近").slice(0, 12));
    await rollups(a.tenantId, soon, day(-80), 46, 5);
    // 260.0 h used: 10.0 h over, due today
    const over = await makeCrane(a.tenantId, a.rootOrgId, unique("沪F超").slice(0, 12));
    await rollups(a.tenantId, over, day(-80), 52, 5);
    const plan = await savePlan(a, [soon, over], { startOn: day(-81) });
    expect(await scheduleOf(plan, soon)).toMatchObject({ hours_left: 200, due_on: null, due_state: 1 });
    expect(await scheduleOf(plan, over)).toMatchObject({ hours_left: -100, due_on: today(), due_state: 2 });
    const list = await (await get("/maintenancePlan", a.cookie)).text();
    expect(list.indexOf("已超期")).toBeLessThan(list.indexOf("即将到期"));
    expect(list).toContain("超10.0小时");
    const overdueOnly = await (await get("/maintenancePlan?dueState=2", a.cookie)).text();
    const plateOf = async (id: number) => (await one<{ plate: string }>("select plate from vehicles where id = ?", id))!.plate;
    expect(overdueOnly).toContain(await plateOf(over));
    expect(overdueOnly).not.toContain(await plateOf(soon));
  });

  it("counts a cycle begun before the machine's first reading from that reading less the roll-ups between", async () => {
    const a = await admin();
    // by hand: 5 h a day from day −50, the hour meter read at 950.0 h on day −41; the plan counts from day −45, when the
    // meter stood at 950.0 − 4 days × 5 h = 930.0 h (not 0 h, or the reading would pass for 930 h of work); now
    // 950.0 + 40 × 5 = 1,150.0 h: 220.0 h used, 30.0 h left at 5 h a day, 6 days
    const crane = await makeCrane(a.tenantId, a.rootOrgId);
    await rollups(a.tenantId, crane, day(-50), 50, 5);
    expect((await a.post("/maintenancePlan/readings", reading(crane, day(-41), "950.0"))).status).toBe(302);
    const plan = await savePlan(a, [crane], { startOn: day(-45) });
    expect(await scheduleOf(plan, crane)).toMatchObject({ last_hours: 9300, meter_hours: 11500, hours_left: 300, due_on: day(6), due_state: 1 });
    // and a reading by hand before the first one may not pass it back: day −45's meter is 930.0 h
    expect(await (await a.post("/maintenancePlan/readings", reading(crane, day(-45), "900.0"))).text()).toContain("发动机小时不能小于该设备当日表读数 930.0 小时");
  });

  it("covers every machine of an equipment type, one added later too, from the day it joins", async () => {
    const a = await admin();
    // nothing planned yet: the due list says so, and where to begin
    const empty = await (await get("/maintenancePlan", a.cookie)).text();
    expect(empty).toContain("还没有到期提醒");
    expect(empty).toContain("/maintenancePlan/plans/form?new=1");
    const first = await makeCrane(a.tenantId, a.rootOrgId);
    const plan = await savePlan(a, [], { coverage: "type", equipmentType: "1", "vehicles[0].vehicleId": "" });
    expect(await scheduleOf(plan, first)).toMatchObject({ due_state: 0 });
    const later = await makeCrane(a.tenantId, a.rootOrgId);
    await runJob();
    expect(await one("select start_on from maintenance_schedules where plan_id = ? and vehicle_id = ?", plan, later)).toEqual({ start_on: today() });
    // the plan's start moved: its machines count from the new day
    const { version } = (await one<{ version: number }>("select version from maintenance_plans where id = ?", plan))!;
    const moved = await a.post(`/maintenancePlan/plans/form?id=${plan}`, { intent: "save", id: String(plan), version: String(version), name: unique("250小时保养"), coverage: "type", equipmentType: "1", startOn: day(-10), intervalHours: "250", soonDays: "7", soonHours: "25", soonKm: "500", "items[0].item": "更换机油" });
    expect(moved.status).toBe(302);
    expect(await one("select start_on, last_on from maintenance_schedules where plan_id = ? and vehicle_id = ?", plan, later)).toEqual({ start_on: day(-10), last_on: day(-10) });
    // taken off the type, the machines leave the plan: its schedules go with them
    await env.DB.prepare("update vehicles set vehicle_type = '2' where id = ?").bind(later).run();
    await runJob();
    expect(await scheduleOf(plan, later)).toBeNull();
    // a plan needs an interval
    const refused = await a.post("/maintenancePlan/plans/form?new=1", { intent: "save", name: unique("无周期"), coverage: "type", equipmentType: "1", startOn: today(), intervalDays: "", intervalHours: "", intervalKm: "", soonDays: "7", soonHours: "25", soonKm: "500", "items[0].item": "检查" });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("保养周期至少填写一项（天、小时或公里）");
  });
});

describe("保养记录 and 表读数", () => {
  it("a completed service starts the next cycle at once, at the meter of its day, and is the machine's reading", async () => {
    const a = await admin();
    const crane = await workedCrane(a);
    const plan = await savePlan(a, [crane]);
    // from the due list: the plan's items to check
    const page = await (await get(`/maintenancePlan/records/form?new=1&planId=${plan}&vehicleId=${crane}`, a.cookie)).text();
    expect(page).toContain("检查液压油");
    const res = await a.post("/maintenancePlan/records/form?new=1", service(plan, crane));
    expect(res.status).toBe(302);
    const record = idOf(res);
    expect(await one("select hours, km, cost from maintenance_records where id = ?", record)).toEqual({ hours: 11500, km: 0, cost: 128050 });
    expect(await one("select source, read_on, hours from meter_readings where service_id = ?", record)).toEqual({ source: "service", read_on: today(), hours: 11500 });
    // by hand: the cycle starts today at 1,150.0 h: 250 h left at 5 h a day = 50 days
    expect(await scheduleOf(plan, crane)).toMatchObject({ last_on: today(), last_hours: 11500, hours_left: 2500, due_on: day(50), due_state: 0 });
    // a service below the meter of its day is refused, naming it, in the reader's language: day −2's meter is 950.0 h
    // and 39 days × 5 h, 1,145.0 h
    const backwards = await a.post("/maintenancePlan/records/form?new=1", service(plan, crane, { serviceOn: day(-2), hours: "1,100.0" }));
    expect(backwards.status).toBe(409);
    expect(await backwards.text()).toContain("发动机小时不能小于该设备当日表读数 1,145.0 小时");
    const english = await a.post("/maintenancePlan/records/form?new=1", service(plan, crane, { serviceOn: day(-2), hours: "1,100.0" }), "en-US");
    expect(await english.text()).toContain("meter that day, 1,145.0 h");
    // deleted, the schedule goes back to its start
    expect((await a.post("/maintenancePlan/records", { intent: "delete", ids: String(record) })).status).toBe(302);
    expect(await scheduleOf(plan, crane)).toMatchObject({ last_on: day(-41), hours_left: 500 });
    expect(await one("select count(*) n from meter_readings where service_id = ?", record)).toEqual({ n: 0 });
    // a plan with a service recorded is kept; one without goes with its schedules and lines
    const kept = idOf(await a.post("/maintenancePlan/records/form?new=1", service(plan, crane)));
    const refused = await a.post("/maintenancePlan/plans", { intent: "delete", ids: String(plan) });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toMatch(/保养计划BP-\d{6}-\d{4}已有保养记录，不能删除/);
    expect(kept).toBeGreaterThan(0);
    const spare = await savePlan(a, [crane]);
    expect((await a.post("/maintenancePlan/plans", { intent: "delete", ids: String(spare) })).status).toBe(302);
    expect(await one("select (select count(*) from maintenance_plans where id = ?1) + (select count(*) from maintenance_schedules where plan_id = ?1) + (select count(*) from maintenance_plan_items where plan_id = ?1) n", spare)).toEqual({ n: 0 });
  });

  it("refuses a reading that goes backwards, in both languages, and a voided one counts no more", async () => {
    const a = await admin();
    const crane = await workedCrane(a);
    const plan = await savePlan(a, [crane]);
    const below = await a.post("/maintenancePlan/readings", reading(crane, today(), "1,100.0"));
    expect(below.status).toBe(409);
    expect(await below.text()).toContain("发动机小时不能小于该设备当日表读数 1,150.0 小时");
    expect(await (await a.post("/maintenancePlan/readings", reading(crane, today(), "1,100.0"), "en-US")).text()).toContain("meter that day, 1,150.0 h");
    // before the reading of day −41: not above it
    const above = await a.post("/maintenancePlan/readings", reading(crane, day(-45), "960.0"));
    expect(await above.text()).toContain("发动机小时不能大于该设备之后的读数 950.0 小时");
    expect((await a.post("/maintenancePlan/readings", reading(crane, day(1), "1,200.0"))).status).toBe(409);
    expect(await (await a.post("/maintenancePlan/readings", reading(crane, today(), "", ""))).text()).toContain("发动机小时和里程至少填写一项");
    // the hour meter read at 1,300.0 h: 350 h since the start, 100 h over
    expect((await a.post("/maintenancePlan/readings", reading(crane, today(), "1,300.0", "", "仪表盘读数"))).status).toBe(302);
    expect(await scheduleOf(plan, crane)).toMatchObject({ meter_hours: 13000, hours_left: -1000, due_state: 2 });
    const { id } = (await one<{ id: number }>("select id from meter_readings where vehicle_id = ? and read_on = ?", crane, today()))!;
    // a reading is never changed nor deleted
    expect((await a.post("/maintenancePlan/readings", { ...reading(crane, today(), "1,400.0"), intent: "update", id: String(id), version: "1" })).status).toBe(409);
    expect((await a.post("/maintenancePlan/readings", { intent: "delete", ids: String(id) })).status).toBe(400);
    // voided with a reason: kept, flagged, no longer counted
    const noReason = await a.post("/maintenancePlan/readings", { intent: "transition:void", ids: String(id), reason: "" });
    expect(noReason.status).toBe(400);
    expect(await noReason.text()).toContain("请填写作废原因");
    expect((await a.post("/maintenancePlan/readings", { intent: "transition:void", ids: String(id), reason: "读错表" })).status).toBe(302);
    expect(await one("select state, void_reason from meter_readings where id = ?", id)).toEqual({ state: 1, void_reason: "读错表" });
    expect(await scheduleOf(plan, crane)).toMatchObject({ meter_hours: 11500, hours_left: 500, due_state: 0 });
    const list = await (await get("/maintenancePlan/readings", a.cookie)).text();
    expect(list).toContain("已作废");
    expect(list).toContain("读错表");
    // the corrected reading of the same day is taken
    expect((await a.post("/maintenancePlan/readings", reading(crane, today(), "1,150.0"))).status).toBe(302);
  });

  it("keeps a service record's own reading with it: it is not voided on its own", async () => {
    const a = await admin();
    const crane = await workedCrane(a);
    const plan = await savePlan(a, [crane]);
    const record = idOf(await a.post("/maintenancePlan/records/form?new=1", service(plan, crane)));
    const { id } = (await one<{ id: number }>("select id from meter_readings where service_id = ?", record))!;
    const refused = await a.post("/maintenancePlan/readings", { intent: "transition:void", ids: String(id), reason: "x" });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("保养记录产生的读数不能单独作废");
    // a service of a machine the plan does not cover is refused
    const other = await makeCrane(a.tenantId, a.rootOrgId);
    const uncovered = await a.post("/maintenancePlan/records/form?new=1", service(plan, other));
    expect(await uncovered.text()).toContain("该设备不在所选保养计划的适用范围内");
  });
});

describe("the daily job, the reminders and the reads", () => {
  it("runs for a tenant at its 04:00, once a day, raising one alarm a schedule and cycle", async () => {
    const a = await admin();
    const crane = await workedCrane(a, unique("沪F警").slice(0, 12));
    // every 150 h: 200 h used, overdue
    const plan = await savePlan(a, [crane], { intervalHours: "150" });
    expect((await runJob("05:00")).tenants).not.toContain(a.tenantId);
    expect(await one("select count(*) n from alarms where tenant_id = ? and kind = 'maintenanceDue'", a.tenantId)).toEqual({ n: 0 });
    expect((await runJob()).tenants).toContain(a.tenantId);
    await runJob();
    const alarms = (await env.DB.prepare("select vehicle_id, hub_key, detail from alarms where tenant_id = ? and kind = 'maintenanceDue'").bind(a.tenantId).all<{ vehicle_id: number; hub_key: string; detail: string }>()).results;
    expect(alarms).toHaveLength(1);
    expect(alarms[0]!.vehicle_id).toBe(crane);
    expect(JSON.parse(alarms[0]!.detail)).toMatchObject({ dueBy: "hours", meterHours: 1150, dueHours: 1100 });
    const page = await (await get("/alarmMessage", a.cookie)).text();
    expect(page).toContain("保养到期：");
    expect(page).toContain("发动机 1,150.0 小时，应于 1,100.0 小时保养");
    // serviced yesterday (1,150.0 h), then overdue again (a reading of 1,400.0 h today): a new cycle, a second alarm
    expect((await a.post("/maintenancePlan/records/form?new=1", service(plan, crane, { serviceOn: day(-1) }))).status).toBe(302);
    expect((await a.post("/maintenancePlan/readings", reading(crane, today(), "1,400.0"))).status).toBe(302);
    await runJob();
    await runJob();
    expect(await one("select count(*) n from alarms where tenant_id = ? and kind = 'maintenanceDue'", a.tenantId)).toEqual({ n: 2 });
  });

  it("stopped reminders: off the workbench's read and no alarm; started again, back", async () => {
    const a = await admin();
    const crane = await workedCrane(a);
    const plan = await savePlan(a, [crane], { intervalHours: "150" });
    const scope = scopeOf(a);
    expect((await maintenanceDueRead(scope, today(), 5)).map((r) => r.vehicleId)).toEqual([crane]);
    expect((await a.post("/maintenancePlan/plans", { intent: "transition:disable", ids: String(plan) })).status).toBe(302);
    expect(await one("select state from maintenance_plans where id = ?", plan)).toEqual({ state: 0 });
    expect(await maintenanceDueRead(scope, today(), 5)).toEqual([]);
    await runJob();
    expect(await one("select count(*) n from alarms where tenant_id = ? and kind = 'maintenanceDue'", a.tenantId)).toEqual({ n: 0 });
    expect(await (await get("/maintenancePlan/plans", a.cookie)).text()).toContain("已停止提醒");
    expect((await a.post("/maintenancePlan/plans", { intent: "transition:enable", ids: String(plan) })).status).toBe(302);
    expect(await maintenanceDueRead(scope, today(), 5)).toHaveLength(1);
    // none read without the screen (limit 0)
    expect(await maintenanceDueRead(scope, today(), 0)).toEqual([]);
  });

  it("maintenanceDueRead: overdue first, then the soonest, of the machines the user sees; maintenanceOfVehicle: a machine's schedules and last services", async () => {
    const a = await admin();
    const dept = await makeDepartment(a.tenantId, a.rootOrgId);
    // over: 200.0 h since day −81 (its first reading, 950.0 h, less no roll-ups) against every 150 h; fine: no use at
    // all; soon (the department's): 230.0 h of 250
    const over = await workedCrane(a);
    const fine = await makeCrane(a.tenantId, a.rootOrgId);
    const soon = await makeCrane(a.tenantId, dept);
    await rollups(a.tenantId, soon, day(-80), 46, 5);
    const often = await savePlan(a, [over, fine], { intervalHours: "150", startOn: day(-81) });
    await savePlan(a, [soon], { startOn: day(-81) });
    const rows = await maintenanceDueRead(scopeOf(a), today(), 10);
    expect(rows.map((r) => [r.vehicleId, r.dueState])).toEqual([
      [over, 2],
      [soon, 1],
    ]);
    expect(rows[0]).toMatchObject({ dueBy: "hours", daysLeft: 0, hoursLeft: -500 });
    const deptScope = scopeOf(a, dept);
    expect((await maintenanceDueRead(deptScope, today(), 10)).map((r) => r.vehicleId)).toEqual([soon]);
    expect((await a.post("/maintenancePlan/records/form?new=1", service(often, over))).status).toBe(302);
    const mine = await maintenanceOfVehicle(scopeOf(a), over);
    expect(mine.schedules).toHaveLength(1);
    expect(mine.schedules[0]).toMatchObject({ planId: often, dueState: "0", lastOn: today() });
    expect(mine.records).toHaveLength(1);
    expect(mine.records[0]).toMatchObject({ hours: 11500, doneBy: "王师傅", cost: 128050 });
    expect(await maintenanceOfVehicle(deptScope, over)).toEqual({ schedules: [], records: [] });
    expect((await maintenanceOfVehicle(deptScope, soon)).schedules).toHaveLength(1);
  });
});

describe("isolation, scope and permissions", () => {
  it("refuses another tenant's machine and plan ids, and never shows their rows", async () => {
    const a = await admin();
    const b = await admin();
    const theirCrane = await workedCrane(b);
    const theirPlan = await savePlan(b, [theirCrane]);
    const ours = await makeCrane(a.tenantId, a.rootOrgId);
    const plan = await a.post("/maintenancePlan/plans/form?new=1", { intent: "save", name: unique("保养"), coverage: "machines", startOn: today(), intervalHours: "250", soonDays: "7", soonHours: "25", soonKm: "500", "vehicles[0].vehicleId": String(theirCrane), "items[0].item": "检查" });
    expect(plan.status).toBe(409);
    expect(await plan.text()).toContain("请从选项中选择");
    expect((await a.post("/maintenancePlan/records/form?new=1", service(theirPlan, ours))).status).toBe(409);
    expect((await a.post("/maintenancePlan/readings", reading(theirCrane, today(), "2,000.0"))).status).toBe(409);
    expect((await get(`/maintenancePlan/plans/form?id=${theirPlan}`, a.cookie)).status).toBe(404);
    const theirReading = (await one<{ id: number }>("select id from meter_readings where vehicle_id = ?", theirCrane))!.id;
    expect((await a.post("/maintenancePlan/readings", { intent: "transition:void", ids: String(theirReading), reason: "x" })).status).toBe(404);
    expect((await a.post("/maintenancePlan/plans", { intent: "transition:disable", ids: String(theirPlan) })).status).toBe(404);
    expect(await (await get("/maintenancePlan", a.cookie)).text()).not.toContain(String((await one<{ plate: string }>("select plate from vehicles where id = ?", theirCrane))!.plate));
  });

  it("a department sees the schedules, records and readings of its own machines only", async () => {
    const a = await admin();
    const dept = await makeDepartment(a.tenantId, a.rootOrgId);
    const ours = await workedCrane(a, unique("沪F部").slice(0, 12), dept);
    const theirs = await workedCrane(a, unique("沪F总").slice(0, 12));
    const plan = await savePlan(a, [ours, theirs]);
    const record = idOf(await a.post("/maintenancePlan/records/form?new=1", service(plan, theirs)));
    const scoped = await signInDepartmentUser(a, dept, "租赁部保养员");
    const plateOf = async (id: number) => (await one<{ plate: string }>("select plate from vehicles where id = ?", id))!.plate;
    for (const path of ["/maintenancePlan", "/maintenancePlan/readings", "/maintenancePlan/records"]) {
      const page = await (await get(path, scoped)).text();
      expect(page, path).not.toContain(await plateOf(theirs));
      if (path !== "/maintenancePlan/records") expect(page, path).toContain(await plateOf(ours));
    }
    expect((await get(`/maintenancePlan/records/form?id=${record}`, scoped)).status).toBe(404);
    // and may not record a service nor a reading of a machine it does not see
    expect((await postForm("/maintenancePlan/readings", reading(theirs, today(), "2,000.0"), { Cookie: scoped })).status).toBe(409);
    expect((await postForm("/maintenancePlan/records/form?new=1", service(plan, theirs, { serviceOn: day(-2) }), { Cookie: scoped })).status).toBe(409);
  });

  it("refuses the read-only user, and a user who may only look", async () => {
    const a = await admin();
    const crane = await makeCrane(a.tenantId, a.rootOrgId);
    const viewer = await makeTenant({ role: "viewer" });
    const cookie = await signIn(viewer.account, viewer.password);
    expect((await get("/maintenancePlan", cookie)).status).toBe(403);
    expect((await postForm("/maintenancePlan/readings", reading(crane, today(), "1.0"), { Cookie: cookie })).status).toBe(403);
    // the screen to look at, no more: every write refused
    const looker = await signInDepartmentUser(a, a.rootOrgId, "只看保养");
    const { id: userId } = (await one<{ id: number }>("select id from users where user_name = '只看保养' and tenant_id = ?", a.tenantId))!;
    const role = (await one<{ id: number }>("insert into roles (tenant_id, name, version, created_at, updated_at) values (?, ?, 1, 0, 0) returning id", a.tenantId, unique("保养查看")))!.id;
    const menu = (await one<{ id: number }>("select id from menus where tenant_id = ? and privis = 'maintenancePlan'", a.tenantId))!.id;
    await env.DB.batch([
      env.DB.prepare("delete from user_roles where user_id = ?").bind(userId),
      env.DB.prepare("insert into user_roles (tenant_id, user_id, role_id) values (?, ?, ?)").bind(a.tenantId, userId, role),
      env.DB.prepare("insert into role_menus (tenant_id, role_id, menu_id) values (?, ?, ?)").bind(a.tenantId, role, menu),
      env.DB.prepare("insert into role_permissions (tenant_id, role_id, code) values (?, ?, 'maintenancePlan:view')").bind(a.tenantId, role),
      env.DB.prepare("update tenants set access_version = access_version + 1 where id = ?").bind(a.tenantId),
    ]);
    expect((await get("/maintenancePlan", looker)).status).toBe(200);
    expect((await postForm("/maintenancePlan/readings", reading(crane, today(), "1.0"), { Cookie: looker })).status).toBe(403);
    expect((await postForm("/maintenancePlan/plans/form?new=1", { intent: "save", name: "x" }, { Cookie: looker })).status).toBe(403);
    expect((await get("/maintenancePlan/plans/form?new=1", looker)).status).toBe(403);
  });
});

describe("only one: twenty identical posts at once", { timeout: 60_000 }, () => {
  const race = async (n: number, send: () => Promise<Response>) => Promise.all(Array.from({ length: n }, async () => ((r) => r.text().then((text) => ({ status: r.status, text })))(await send())));

  it("one reading by hand a machine and day", async () => {
    const a = await admin();
    const crane = await workedCrane(a);
    const answers = await race(20, () => a.post("/maintenancePlan/readings", reading(crane, today(), "1,200.0")));
    expect(answers.map((x) => x.status).sort()).toEqual([302, ...Array<number>(19).fill(409)]);
    for (const x of answers.filter((y) => y.status === 409)) expect(x.text).toContain("该设备当日已有读数");
    expect(await one("select count(*) n from meter_readings where vehicle_id = ? and read_on = ?", crane, today())).toEqual({ n: 1 });
  });

  it("one service of a plan a machine and day", async () => {
    const a = await admin();
    const crane = await workedCrane(a);
    const plan = await savePlan(a, [crane]);
    const answers = await race(20, () => a.post("/maintenancePlan/records/form?new=1", service(plan, crane)));
    expect(answers.map((x) => x.status).sort()).toEqual([302, ...Array<number>(19).fill(409)]);
    for (const x of answers.filter((y) => y.status === 409)) expect(x.text).toContain("该设备在此日期已有本计划的保养记录");
    expect(await one("select count(*) n from maintenance_records where plan_id = ?", plan)).toEqual({ n: 1 });
    expect(await one("select count(*) n from meter_readings where vehicle_id = ? and source = 'service'", crane)).toEqual({ n: 1 });
  });

  it("one plan of a name, one void of a reading, one alarm of a cycle", async () => {
    const a = await admin();
    const crane = await workedCrane(a);
    const name = unique("年度保养");
    const plans = await race(20, () => a.post("/maintenancePlan/plans/form?new=1", { intent: "save", name, coverage: "machines", startOn: day(-41), intervalHours: "150", soonDays: "7", soonHours: "25", soonKm: "500", "vehicles[0].vehicleId": String(crane), "items[0].item": "检查" }));
    expect(plans.map((x) => x.status).sort()).toEqual([302, ...Array<number>(19).fill(409)]);
    for (const x of plans.filter((y) => y.status === 409)) expect(x.text).toContain("该名称已存在");
    expect(await one("select count(*) n from maintenance_schedules s join maintenance_plans p on p.id = s.plan_id where p.name = ?", name)).toEqual({ n: 1 });
    const { id } = (await one<{ id: number }>("select id from meter_readings where vehicle_id = ?", crane))!;
    const voids = await race(20, () => a.post("/maintenancePlan/readings", { intent: "transition:void", ids: String(id), reason: "重复录入", versions: `${id}:1` }));
    expect(voids.map((x) => x.status).sort()).toEqual([302, ...Array<number>(19).fill(409)]);
    expect(await one("select count(*) n from audit_logs where entity = 'meterReading' and action = 'void' and entity_id = ?", String(id))).toEqual({ n: 1 });
    // 200.0 h since the start against every 150 h: overdue; twenty runs of the job at once raise one alarm
    await Promise.all(Array.from({ length: 20 }, () => runJob()));
    expect(await one("select count(*) n from alarms where tenant_id = ? and kind = 'maintenanceDue'", a.tenantId)).toEqual({ n: 1 });
  });
});
