// 工序管理, 巡检计划, 个人巡检 and 异常上报 (issue 42), over HTTP as a browser posts them, on the real local D1: a
// procedure's revision; the daily job's tasks (daily, weekly, by engine hours; once a day; missed ones); a record with
// a failed item raising an issue and doing its task, posted twenty times at once storing one; the refusals in both
// languages; a retest once; the pre-use gate on a trip and on 派车; an issue closed with a reason and one raised from a
// fault alarm; another tenant's and a department's reach.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addDays } from "../../app/lib/calendar";
import { todayInZone } from "../../app/lib/tenant-clock";
import { makeTasks } from "../../app/modules/inspections/task-maker.server";
import { FACTORIES } from "./factories";
import { insertProcedure } from "./factories/inspections";
import { db, get, insertDaily, makeTenant, postForm, signIn, signInDepartmentUser } from "./helpers";
import { makeContract, makeDepartment } from "./rent-fixtures";
import { makeVehicle } from "./telematics";

type Fields = Record<string, string>;
const today = () => todayInZone("Asia/Shanghai");

async function admin() {
  const t = await makeTenant();
  const cookie = await signIn(t.account, t.password);
  const crane = await makeVehicle(t.tenantId, { orgId: t.rootOrgId, plate: "沪F起0001" });
  await env.DB.prepare("update vehicles set vehicle_type = '1' where id = ?").bind(crane.id).run();
  return { ...t, cookie, crane: crane.id, post: (path: string, fields: Fields, lang = "zh-CN") => postForm(path, fields, { Cookie: `${cookie}; derrick_lang=${lang}` }) };
}
type Admin = Awaited<ReturnType<typeof admin>>;
const idOf = (res: Response) => Number(/[?&]id=(\d+)/.exec(res.headers.get("Location") ?? "")?.[1]);

/** 汽车吊日常点检 through the form: a pass/fail item, a reading of 18–25 MPa, a choice failing on 严重磨损, a photo. */
async function procedure(a: Admin, more: Fields = {}) {
  const res = await a.post("/procedureManage/form?new=1", {
    intent: "save",
    ...FACTORIES.procedureManage!(a),
    "items[2].name": "钢丝绳",
    "items[2].itemKind": "choice",
    "items[2].choices": "正常、轻微磨损、严重磨损",
    "items[2].failChoices": "严重磨损",
    "items[3].name": "整机外观",
    "items[3].itemKind": "photo",
    ...more,
  });
  expect(res.status).toBe(302);
  return idOf(res);
}

async function plan(a: Admin, procedureId: number, more: Fields = {}) {
  const res = await a.post("/inspectionPlan/form?new=1", { intent: "save", name: "每日出车前点检", procedureId: String(procedureId), frequency: "daily", weekday: "", every: "", assigneeId: String(a.userId), startOn: addDays(today(), -10), endOn: "", remark: "", "vehicles[0].vehicleId": String(a.crane), ...more });
  expect(res.status).toBe(302);
  return idOf(res);
}

const tasksOf = (tenantId: number) => env.DB.prepare("select id, plan_id, vehicle_id, due_on, state from inspection_tasks where tenant_id = ? order by id").bind(tenantId).all<{ id: number; plan_id: number; due_on: string; state: number }>();

/** The answers of the four items: the brake fails (with a note), the pressure reads 21.5, the rope is slightly worn. */
const answers = (more: Fields = {}): Fields => ({ intent: "save", "items[0].value": "0", "items[0].note": "右后制动片磨损到限", "items[1].value": "21.5", "items[2].value": "轻微磨损", remark: "", ...more });

describe("工序管理: procedures and their revisions", () => {
  it("stores a procedure with its items; each save is a new revision; a choice's failing answer must be offered", async () => {
    const a = await admin();
    const id = await procedure(a);
    const read = () => env.DB.prepare("select revision, version from inspection_procedures where id = ?").bind(id).first<{ revision: number; version: number }>();
    expect((await read())!.revision).toBe(1);
    const edit = await a.post(`/procedureManage/form?id=${id}`, { intent: "save", id: String(id), version: "1", ...FACTORIES.procedureManage!(a), name: "汽车吊日常点检（新版）" });
    expect(edit.status).toBe(302);
    expect((await read())!.revision).toBe(2);
    const items = await env.DB.prepare("select count(*) n from inspection_procedure_items where procedure_id = ?").bind(id).first<{ n: number }>();
    expect(items!.n).toBe(2);
    const stray = await a.post("/procedureManage/form?new=1", { intent: "save", ...FACTORIES.procedureManage!(a), "items[2].name": "钢丝绳", "items[2].itemKind": "choice", "items[2].choices": "正常、磨损", "items[2].failChoices": "断丝" });
    expect(stray.status).toBe(409);
    expect(await stray.text()).toContain("“断丝”不在选项中");
    const reversed = await a.post("/procedureManage/form?new=1", { intent: "save", ...FACTORIES.procedureManage!(a), "items[1].minValue": "30" }, "en-US");
    expect(await reversed.text()).toContain("The maximum cannot be below the minimum");
  });
});

describe("巡检计划 and the daily job", () => {
  it("makes a daily plan's task once a day, a weekly one on its day only, and marks yesterday's undone task missed", async () => {
    const a = await admin();
    const p = await procedure(a);
    await plan(a, p);
    const weekdayOf = (day: string) => String(((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1);
    await plan(a, p, { name: "每周巡检", frequency: "weekly", weekday: weekdayOf(addDays(today(), 1)) });
    expect(await makeTasks(db(), a.tenantId, addDays(today(), -1))).toBe(1);
    // the same day again makes nothing
    expect(await makeTasks(db(), a.tenantId, addDays(today(), -1))).toBe(0);
    // today: the daily one (yesterday's goes missed); tomorrow: the daily and the weekly
    expect(await makeTasks(db(), a.tenantId, today())).toBe(1);
    const rows = (await tasksOf(a.tenantId)).results;
    expect(rows.map((r) => [r.due_on, r.state])).toEqual([
      [addDays(today(), -1), 2],
      [today(), 0],
    ]);
    expect(await makeTasks(db(), a.tenantId, addDays(today(), 1))).toBe(2);
  });

  it("makes a task by engine hours once the machine has run the interval since it was last checked", async () => {
    const a = await admin();
    const p = await procedure(a);
    await plan(a, p, { name: "每50小时巡检", frequency: "hours", every: "50" });
    // 30 h over three days: not yet
    await insertDaily([1, 2, 3].map((n) => ({ tenantId: a.tenantId, vehicleId: a.crane, day: addDays(today(), -n), engineSeconds: 10 * 3600 })));
    expect(await makeTasks(db(), a.tenantId, today())).toBe(0);
    await insertDaily([4, 5].map((n) => ({ tenantId: a.tenantId, vehicleId: a.crane, day: addDays(today(), -n), engineSeconds: 10 * 3600 })));
    expect(await makeTasks(db(), a.tenantId, today())).toBe(1);
    // while it is open, no second one
    expect(await makeTasks(db(), a.tenantId, addDays(today(), 1))).toBe(0);
  });

  it("refuses a machine that is not of the procedure's type, and a weekly plan without its day", async () => {
    const a = await admin();
    const p = await procedure(a);
    await env.DB.prepare("update inspection_procedures set equipment_type = '3' where id = ?").bind(p).run();
    const wrong = await a.post("/inspectionPlan/form?new=1", { intent: "save", name: "塔吊巡检", procedureId: String(p), frequency: "weekly", weekday: "", every: "", assigneeId: String(a.userId), startOn: today(), endOn: "", remark: "", "vehicles[0].vehicleId": String(a.crane) });
    expect(wrong.status).toBe(409);
    const text = await wrong.text();
    expect(text).toContain("该设备类型与工序适用的设备类型不符");
  });
});

describe("个人巡检: a record", () => {
  it("stores a record for a task: the failed item raises an issue, the task is done, the procedure's revision is kept", async () => {
    const a = await admin();
    const p = await procedure(a);
    await plan(a, p);
    await makeTasks(db(), a.tenantId, today());
    const task = (await tasksOf(a.tenantId)).results[0]!;
    const page = await (await get("/personalInspection", a.cookie)).text();
    expect(page).toContain("沪F起0001");
    expect(page).toContain("开始检查");
    const res = await a.post(`/personalInspection/record?task=${task.id}`, answers());
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toContain("saved=1");
    const record = await env.DB.prepare("select id, passed, failed_items, procedure_revision, task_id from inspection_records where tenant_id = ?").bind(a.tenantId).first<{ id: number; passed: number; failed_items: number; procedure_revision: number; task_id: number }>();
    expect(record).toMatchObject({ passed: 0, failed_items: 1, procedure_revision: 1, task_id: task.id });
    const issue = await env.DB.prepare("select source, title, detail, record_id, state from abnormalities where tenant_id = ?").bind(a.tenantId).first<Record<string, unknown>>();
    expect(issue).toMatchObject({ source: "inspection", title: "制动系统", record_id: record!.id, state: 0 });
    expect(String(issue!.detail)).toContain("右后制动片磨损到限");
    expect((await tasksOf(a.tenantId)).results[0]!.state).toBe(1);
    const shown = await (await get(`/personalInspection/record?id=${record!.id}`, a.cookie)).text();
    expect(shown).toContain("21.5 MPa");
    expect(shown).toContain("已生成异常");
    // the list of issues shows it, open
    const issues = await (await get("/abnormalReport", a.cookie)).text();
    expect(issues).toContain("巡检不合格");
    expect(issues).toContain("待处理");
  });

  it("says at each item what is missing, in the reader's language; a reading out of range fails its item", async () => {
    const a = await admin();
    const p = await procedure(a);
    const path = `/personalInspection/record?vehicleId=${a.crane}&procedureId=${p}`;
    const bare = await a.post(path, { intent: "save", "items[0].value": "0", "items[1].value": "", "items[2].value": "" });
    expect(bare.status).toBe(400);
    const zh = await bare.text();
    expect(zh).toContain("不合格项请填写说明");
    expect(zh).toContain("请按提示修改后再提交");
    const en = await a.post(path, { intent: "save", "items[0].value": "1", "items[1].value": "abc", "items[2].value": "断裂" }, "en-US");
    expect(en.status).toBe(400);
    const text = await en.text();
    expect(text).toContain("Correct the marked items and submit again");
    expect(text).toContain("Choose one of the options");
    const out = await a.post(path, answers({ "items[0].value": "1", "items[0].note": "", "items[1].value": "26", "items[1].note": "压力偏高" }));
    expect(out.status).toBe(302);
    expect(await env.DB.prepare("select title from abnormalities where tenant_id = ?").bind(a.tenantId).first()).toEqual({ title: "液压油压力" });
  });

  it("puts the inspector's open tasks on the workbench's to-do, until they are done", async () => {
    const a = await admin();
    await plan(a, await procedure(a));
    await makeTasks(db(), a.tenantId, today());
    const todo = async () => {
      const html = await (await get("/manageWork", a.cookie)).text();
      const at = html.indexOf('data-testid="todo-inspections"');
      return at < 0 ? null : html.slice(at, html.indexOf("</li>", at));
    };
    expect(await todo()).toContain("待检任务");
    expect(await todo()).toContain("1项");
    const task = (await tasksOf(a.tenantId)).results[0]!;
    await a.post(`/personalInspection/record?task=${task.id}`, answers({ "items[0].value": "1", "items[0].note": "" }));
    expect(await todo()).toBeNull();
  });

  it("stores one record when the same task is posted twenty times at once", async () => {
    const a = await admin();
    await plan(a, await procedure(a));
    await makeTasks(db(), a.tenantId, today());
    const task = (await tasksOf(a.tenantId)).results[0]!;
    const all = await Promise.all(Array.from({ length: 20 }, () => a.post(`/personalInspection/record?task=${task.id}`, answers())));
    // the one stored; the others are refused (该任务已完成) and land on that record, as the form posted again would
    const record = await env.DB.prepare("select id from inspection_records where tenant_id = ?").bind(a.tenantId).first<{ id: number }>();
    expect(all.map((r) => r.status === 302 && r.headers.get("Location")!.includes(`record?id=${record!.id}`))).toEqual(Array(20).fill(true));
    const n = await env.DB.prepare("select (select count(*) from inspection_records where tenant_id = ?1) records, (select count(*) from abnormalities where tenant_id = ?1) issues").bind(a.tenantId).first();
    expect(n).toEqual({ records: 1, issues: 1 });
  });

  it("sends a failed record for a retest once; a passed one needs none", async () => {
    const a = await admin();
    const p = await procedure(a);
    const failed = idOf(await a.post(`/personalInspection/record?vehicleId=${a.crane}&procedureId=${p}`, answers()));
    const asks = await Promise.all(Array.from({ length: 5 }, () => a.post(`/personalInspection/record?id=${failed}`, { intent: "retest" })));
    expect(asks.filter((r) => r.status === 302)).toHaveLength(1);
    const retest = await env.DB.prepare("select id, retest_of, due_on, state from inspection_tasks where tenant_id = ?").bind(a.tenantId).first<{ id: number; retest_of: number; due_on: string }>();
    expect(retest).toMatchObject({ retest_of: failed, due_on: today(), state: 0 });
    const passed = idOf(await a.post(`/personalInspection/record?task=${retest!.id}`, answers({ "items[0].value": "1", "items[0].note": "" })));
    expect((await env.DB.prepare("select retest_of, passed from inspection_records where id = ?").bind(passed).first())).toEqual({ retest_of: failed, passed: 1 });
    const again = await a.post(`/personalInspection/record?id=${passed}`, { intent: "retest" }, "en-US");
    expect(again.status).toBe(409);
  });

  it("keeps another tenant's and another inspector's tasks out of reach, and a department's machines to itself", async () => {
    const a = await admin();
    const b = await admin();
    await plan(b, await procedure(b));
    await makeTasks(db(), b.tenantId, today());
    const theirs = (await tasksOf(b.tenantId)).results[0]!;
    expect((await get(`/personalInspection/record?task=${theirs.id}`, a.cookie)).status).toBe(404);
    expect((await a.post(`/personalInspection/record?task=${theirs.id}`, answers())).status).toBe(404);
    const theirRecord = idOf(await b.post(`/personalInspection/record?task=${theirs.id}`, answers()));
    expect((await get(`/personalInspection/record?id=${theirRecord}`, a.cookie)).status).toBe(404);
    // a department's user sees the records of its machines only
    const dept = await makeDepartment(a.tenantId, a.rootOrgId);
    const p = await procedure(a);
    await a.post(`/personalInspection/record?vehicleId=${a.crane}&procedureId=${p}`, answers({ remark: "ROOT" }));
    const scoped = await signInDepartmentUser(a, dept, "巡检员");
    const list = await (await get("/inspectionPlan/records", scoped)).text();
    expect(list).not.toContain("沪F起0001");
    const viewer = await makeTenant({ role: "viewer" });
    const viewerCookie = await signIn(viewer.account, viewer.password);
    const vp = await insertProcedure(viewer.tenantId);
    const vm = await makeVehicle(viewer.tenantId, {});
    const refused = await postForm(`/personalInspection/record?vehicleId=${vm.id}&procedureId=${vp}`, answers(), { Cookie: viewerCookie });
    expect(refused.status).toBe(403);
  });
});

describe("出车前必检: the pre-use gate", () => {
  it("refuses a trip and 派车 for a machine without today's passed pre-use check, naming it; a passed check lets it through", async () => {
    const a = await admin();
    const p = await procedure(a, { preUse: "1", name: "汽车吊出车前点检" });
    const contract = await makeContract(a.tenantId, { state: 3, lines: [{ vehicleId: a.crane, from: addDays(today(), -30), to: addDays(today(), 30) }] });
    const trip = (tripOn: string) => ({ intent: "create", ...FACTORIES.outcarRecord!({ ...a, tenantId: a.tenantId }), lineId: String(contract.lineIds[0]), tripOn });
    const refused = await a.post("/outcarRecord", trip(today()));
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(`该设备${today()}（汽车吊出车前点检）未通过出车前点检`);
    const en = await a.post("/outcarRecord", trip(today()), "en-US");
    expect(await en.text()).toContain("has not passed its pre-use check");
    // a trip of an earlier day is a record of the past: kept
    expect((await a.post("/outcarRecord", trip(addDays(today(), -3)))).status).toBe(302);
    const open = await makeContract(a.tenantId, { state: 3, lines: [{ vehicleId: null, from: addDays(today(), 40), to: addDays(today(), 50), type: "1" }] });
    const assign = () => a.post(`/quickSchedule?month=${addDays(today(), 40).slice(0, 7)}&assign=1`, { intent: "assign", lineId: String(open.lineIds[0]), vehicleId: String(a.crane) });
    const refusedAssign = await assign();
    expect(refusedAssign.status).toBe(409);
    expect(await refusedAssign.text()).toContain("未通过出车前点检");
    // a failed check does not open the gate; a passed one does
    await a.post(`/personalInspection/record?vehicleId=${a.crane}&procedureId=${p}`, answers());
    expect((await a.post("/outcarRecord", trip(today()))).status).toBe(409);
    await a.post(`/personalInspection/record?vehicleId=${a.crane}&procedureId=${p}`, answers({ "items[0].value": "1", "items[0].note": "" }));
    expect((await a.post("/outcarRecord", trip(today()))).status).toBe(302);
    await assign();
    expect(await env.DB.prepare("select vehicle_id v from contract_lines where id = ?").bind(open.lineIds[0]).first()).toEqual({ v: a.crane });
  });
});

describe("异常上报: issues", () => {
  it("closes an issue with its outcome and raises one from a fault alarm once, its SPN/FMI in words", async () => {
    const a = await admin();
    const made = await a.post("/abnormalReport/form?new=1", { intent: "save", vehicleId: String(a.crane), title: "回转异响", severity: "normal", foundOn: today(), detail: "", alarmId: "" });
    expect(made.status).toBe(302);
    const id = idOf(made);
    const row = await env.DB.prepare("select version from abnormalities where id = ?").bind(id).first<{ version: number }>();
    const noReason = await a.post(`/abnormalReport/form?id=${id}`, { intent: "transition:close", ids: String(id), versions: `${id}:${row!.version}`, closeReason: "" });
    expect(noReason.status).toBe(400);
    const closed = await a.post(`/abnormalReport/form?id=${id}`, { intent: "transition:close", ids: String(id), versions: `${id}:${row!.version}`, closeReason: "已紧固回转支承螺栓" });
    expect(closed.status).toBeLessThan(400);
    expect(await env.DB.prepare("select state, close_reason from abnormalities where id = ?").bind(id).first()).toEqual({ state: 1, close_reason: "已紧固回转支承螺栓" });
    const alarm = await env.DB.prepare("insert into alarms (tenant_id, vehicle_id, hub_key, kind, level, at, detail, created_at) values (?, ?, ?, 'fault', 2, ?, ?, ?) returning id")
      .bind(a.tenantId, a.crane, `fault-${Date.now()}`, Date.now(), JSON.stringify({ spn: 100, fmi: 1 }), Date.now())
      .first<{ id: number }>();
    // the alarm list offers 上报异常 on a fault
    expect(await (await get("/alarmMessage", a.cookie)).text()).toContain('data-testid="raise-issue"');
    const raised = await Promise.all(Array.from({ length: 5 }, () => a.post("/abnormalReport/fromAlarm", { alarmId: String(alarm!.id) })));
    // one stored; every ask opens it
    const stored = await env.DB.prepare("select id from abnormalities where alarm_id = ?").bind(alarm!.id).all<{ id: number }>();
    expect(stored.results).toHaveLength(1);
    expect(new Set(raised.map((r) => r.headers.get("Location")))).toEqual(new Set([`/abnormalReport/form?id=${stored.results[0]!.id}`]));
    const issue = await env.DB.prepare("select source, severity, title, detail from abnormalities where alarm_id = ?").bind(alarm!.id).first<Record<string, string>>();
    expect(issue).toMatchObject({ source: "alarm", severity: "serious", title: "故障告警" });
    expect(issue!.detail).toMatch(/SPN ?100|机油压力/);
    const b = await admin();
    expect((await b.post("/abnormalReport/fromAlarm", { alarmId: String(alarm!.id) })).status).toBe(404);
  });
});
