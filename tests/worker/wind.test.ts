// 风电管理 (/windManage) and the wind screens (/windScreen, /windScreenOwner), over HTTP as a browser posts and reads
// them, on the real local D1: a wind project saved with its cranes, positions and stop log, its own rules named at
// their lines, another tenant's crane refused, a department's scope, ended read-only and reopened; the screens'
// figures worked out by hand (limits crane → project → alarm rules, stop hours this month and in all, stopped now,
// progress, the day's wind alarms), within scope.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { alarms } from "../../db/schema";
import { addDays } from "../../app/lib/calendar";
import { formatZonedTime, todayInZone } from "../../app/lib/tenant-clock";
import { windFigures } from "../../app/modules/wind/wind-wall.server";
import { db, get, insertCustomer, makeTenant, postForm, signIn, signInDepartmentUser } from "./helpers";
import { makeDepartment } from "./rent-fixtures";
import { makeVehicle } from "./telematics";

type Fields = Record<string, string>;
const ZONE = "Asia/Shanghai";

async function windAdmin() {
  const t = await makeTenant();
  const cookie = await signIn(t.account, t.password);
  const crane = async (plate: string, type: string) => {
    const v = await makeVehicle(t.tenantId, { orgId: t.rootOrgId, plate });
    await env.DB.prepare("update vehicles set vehicle_type = ?, self_no = ? where id = ?").bind(type, `WD-${plate.slice(-2)}`, v.id).run();
    return v.id;
  };
  const cranes = [await crane("苏FW0801", "2"), await crane("苏FW0802", "2"), await crane("苏FQ1307", "1")];
  const truck = await crane("苏E12345", "5");
  const owner = await insertCustomer(t.tenantId, "华润新能源如东有限公司");
  return {
    ...t,
    cookie,
    cranes,
    truck,
    owner,
    post: (path: string, fields: Fields, lang = "zh-CN") => postForm(path, fields, { Cookie: `${cookie}; derrick_lang=${lang}` }),
    page: async (path: string, lang = "zh-CN") => (await get(path, `${cookie}; derrick_lang=${lang}`)).text(),
  };
}
type Admin = Awaited<ReturnType<typeof windAdmin>>;

const today = () => todayInZone(ZONE);

/** a project begun 40 days ago: three cranes (a limit of 9 m/s, none, none), four positions, three stops */
function project(a: Admin, more: Fields = {}): Fields {
  const t = today();
  return {
    intent: "save",
    name: "如东洋口风电场三期吊装",
    ownerId: String(a.owner),
    orgId: String(a.rootOrgId),
    site: "江苏省南通市如东县洋口镇",
    turbineModel: "EN-200/6.25",
    capacityMw: "6.25",
    startOn: addDays(t, -40),
    plannedEndOn: addDays(t, 60),
    windLimit: "10",
    remark: "",
    "cranes[0].vehicleId": String(a.cranes[0]),
    "cranes[0].role": "main",
    "cranes[0].windLimit": "9",
    "cranes[0].remark": "",
    "cranes[1].vehicleId": String(a.cranes[1]),
    "cranes[1].role": "tail",
    "cranes[1].windLimit": "",
    "cranes[1].remark": "",
    "positions[0].positionNo": "F01",
    "positions[0].hubHeight": "115",
    "positions[0].stage": "5",
    "positions[0].doneOn": addDays(t, -20),
    "positions[1].positionNo": "F02",
    "positions[1].hubHeight": "115",
    "positions[1].stage": "4",
    "positions[1].doneOn": "",
    "positions[2].positionNo": "F03",
    "positions[2].hubHeight": "",
    "positions[2].stage": "1",
    "positions[2].doneOn": "",
    "positions[3].positionNo": "F04",
    "positions[3].hubHeight": "",
    "positions[3].stage": "0",
    "positions[3].doneOn": "",
    // 6.5 h earlier this month or last (the month's test reads where the day falls), 2.25 h two months ago, and one
    // today from 00:00 with no end: stopped now
    "stops[0].stopOn": addDays(t, -1),
    "stops[0].fromTime": "08:00",
    "stops[0].toTime": "14:30",
    "stops[0].reason": "wind",
    "stops[0].windSpeed": "12.6",
    "stops[1].stopOn": addDays(t, -35),
    "stops[1].fromTime": "13:15",
    "stops[1].toTime": "15:30",
    "stops[1].reason": "rain",
    "stops[1].windSpeed": "",
    "stops[2].stopOn": t,
    "stops[2].fromTime": "00:00",
    "stops[2].toTime": "",
    "stops[2].reason": "wind",
    "stops[2].windSpeed": "13.1",
    ...more,
  };
}
const idOf = (res: Response) => Number(/[?&]id=(\d+)/.exec(res.headers.get("Location") ?? "")?.[1]);
const rows = async (sql: string, ...args: unknown[]) => (await env.DB.prepare(sql).bind(...args).all<Record<string, unknown>>()).results;

describe("风电管理: a wind project with its cranes, positions and stop log", () => {
  it("stores the head and its three lines (limits and heights in tenths, capacity in hundredths), numbered FD-yyyyMM-nnnn, and lists its progress", async () => {
    const a = await windAdmin();
    const res = await a.post("/windManage/form?new=1", project(a));
    expect(res.status).toBe(302);
    const id = idOf(res);
    const [head] = await rows("select number, state, wind_limit, capacity_mw, owner_id from wind_projects where id = ?", id);
    expect(head).toMatchObject({ state: 0, wind_limit: 100, capacity_mw: 625, owner_id: a.owner });
    expect(String(head!.number)).toMatch(/^FD-\d{6}-0001$/);
    expect(await rows("select vehicle_id, role, wind_limit from wind_project_cranes where project_id = ? order by position", id)).toEqual([
      { vehicle_id: a.cranes[0], role: "main", wind_limit: 90 },
      { vehicle_id: a.cranes[1], role: "tail", wind_limit: null },
    ]);
    expect(await rows("select position_no, hub_height, stage from wind_project_positions where project_id = ? order by position", id)).toEqual([
      { position_no: "F01", hub_height: 1150, stage: "5" },
      { position_no: "F02", hub_height: 1150, stage: "4" },
      { position_no: "F03", hub_height: null, stage: "1" },
      { position_no: "F04", hub_height: null, stage: "0" },
    ]);
    expect((await rows("select to_time, wind_speed from wind_project_stops where project_id = ? order by position", id)).map((r) => [r.to_time, r.wind_speed])).toEqual([
      ["14:30", 126],
      ["15:30", null],
      [null, 131],
    ]);
    // the list: 4 positions, 1 erected, progress (5 + 4 + 1 + 0) / 20 = 50 %, hours stopped 6.5 + 2.25 = 8.75 → 8.8
    const list = await a.page("/windManage");
    expect(list).toContain(String(head!.number));
    expect(list).toContain("50%");
    expect(list).toContain("8.8");
    expect(list).toContain("WD-01、WD-02");
  });

  it("names its own refusals at their lines: a stop before the start, an end before its beginning, an erected day out of place; and stores nothing", async () => {
    const a = await windAdmin();
    const t = today();
    const res = await a.post(
      "/windManage/form?new=1",
      project(a, {
        plannedEndOn: addDays(t, -50),
        "stops[0].stopOn": addDays(t, -45),
        "stops[1].toTime": "13:00",
        "positions[0].doneOn": "",
        "positions[1].doneOn": addDays(t, -3),
      }),
    );
    // the declaration's own checks passed (400 is theirs): these are the project's rules, answered as a conflict
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(html).toContain(`停工日期不能早于开工日期（${addDays(t, -40)}）`);
    expect(html).toContain("仅“吊装完成”的机位填写完成日期");
    expect(html).toContain("此项不能为空");
    expect(html).toContain("结束日期不能早于开始日期");
    expect(html).toContain("结束时间须晚于开始时间");
    const en = await (await a.post("/windManage/form?new=1", project(a, { "stops[1].toTime": "13:00" }), "en-US")).text();
    expect(en).toContain("The stop must end after it begins");
    // a position number twice, a crane twice
    const twice = await (await a.post("/windManage/form?new=1", project(a, { "positions[1].positionNo": "F01", "cranes[1].vehicleId": String(a.cranes[0]) }))).text();
    expect(twice.match(/与第1行重复/g)?.length).toBe(2);
    expect((await rows("select count(*) as n from wind_projects where tenant_id = ?", a.tenantId))[0]!.n).toBe(0);
  });

  it("offers cranes only: a truck, another tenant's crane or customer are refused at their fields", async () => {
    const a = await windAdmin();
    const other = await windAdmin();
    const res = await a.post("/windManage/form?new=1", project(a, { "cranes[0].vehicleId": String(a.truck), "cranes[1].vehicleId": String(other.cranes[0]), ownerId: String(other.owner) }));
    expect(res.status).toBe(409);
    expect((await res.text()).match(/请从选项中选择/g)?.length).toBeGreaterThanOrEqual(3);
    const mine = idOf(await a.post("/windManage/form?new=1", project(a)));
    expect((await get(`/windManage/form?id=${mine}`, other.cookie)).status).toBe(404);
    expect((await other.post(`/windManage/form?id=${mine}`, { ...project(other), id: String(mine), version: "1" })).status).toBe(404);
    // nor on the screens: the other tenant's /windScreen and /windScreenOwner do not show it even when asked by id
    expect(await (await get(`/windScreen?project=${mine}`, other.cookie)).text()).not.toContain("如东洋口风电场三期吊装");
    expect(await (await get(`/windScreenOwner?project=${mine}`, other.cookie)).text()).not.toContain("如东洋口风电场三期吊装");
  });

  it("ends read-only and reopens; an ended project is neither saved over nor deleted", async () => {
    const a = await windAdmin();
    const id = idOf(await a.post("/windManage/form?new=1", project(a)));
    expect((await a.post(`/windManage/form?id=${id}`, { intent: "transition:end", ids: String(id) })).status).toBe(302);
    expect((await rows("select state from wind_projects where id = ?", id))[0]!.state).toBe(1);
    const version = String((await rows("select version from wind_projects where id = ?", id))[0]!.version);
    const locked = await a.post(`/windManage/form?id=${id}`, { ...project(a), id: String(id), version });
    expect(locked.status).toBe(409);
    expect(await locked.text()).toContain("该单据当前状态不可编辑");
    expect((await a.post("/windManage", { intent: "delete", ids: String(id) })).status).toBeGreaterThanOrEqual(400);
    expect((await a.post(`/windManage/form?id=${id}`, { intent: "transition:end", ids: String(id) })).status).toBe(409);
    // the page names the way back in the reader's words
    expect(await a.page(`/windManage/form?id=${id}`)).toContain("重新开启");
    expect(await a.page(`/windManage/form?id=${id}`, "en-US")).toContain("Reopen");
    expect((await a.post(`/windManage/form?id=${id}`, { intent: "transition:reopen", ids: String(id) })).status).toBe(302);
    // open again, it is deleted with its lines
    expect((await a.post("/windManage", { intent: "delete", ids: String(id) })).status).toBe(302);
    expect((await rows("select count(*) as n from wind_project_positions where project_id = ?", id))[0]!.n).toBe(0);
  });

  it("shows a department's user its organisation's projects and those naming none, not another's", async () => {
    const a = await windAdmin();
    const dept = await makeDepartment(a.tenantId, a.rootOrgId);
    const sibling = await makeDepartment(a.tenantId, a.rootOrgId);
    await a.post("/windManage/form?new=1", project(a, { name: "部门项目", orgId: String(dept) }));
    await a.post("/windManage/form?new=1", project(a, { name: "无组织项目", orgId: "" }));
    const elsewhere = idOf(await a.post("/windManage/form?new=1", project(a, { name: "别的部门项目", orgId: String(sibling) })));
    const scoped = await signInDepartmentUser(a, dept, "风电专员");
    const list = await (await get("/windManage", scoped)).text();
    expect(list).toContain("部门项目");
    expect(list).toContain("无组织项目");
    expect(list).not.toContain("别的部门项目");
    expect((await get(`/windManage/form?id=${elsewhere}`, scoped)).status).toBe(404);
    const wall = await (await get("/windScreen", scoped)).text();
    expect(wall).toContain("部门项目");
    expect(wall).not.toContain("别的部门项目");
  });
});

describe("风电监控大屏 and 风电业主大屏: the figures", () => {
  it("works out each crane's limit, the stop hours, stopped now, progress and the day's wind alarms, as counted by hand", async () => {
    const a = await windAdmin();
    const id = idOf(await a.post("/windManage/form?new=1", project(a, { "cranes[2].vehicleId": String(a.cranes[2]), "cranes[2].role": "assist", "cranes[2].windLimit": "", "cranes[2].remark": "", windLimit: "" })));
    const now = Date.now();
    await db()
      .insert(alarms)
      .values([
        { tenantId: a.tenantId, vehicleId: a.cranes[0]!, hubKey: `t:wind:${now}`, kind: "wind", level: 2, at: now - 3_600_000, lng: 121, lat: 32, detail: { wind: 11.2, limitMs: 10.8 } },
        { tenantId: a.tenantId, vehicleId: a.cranes[1]!, hubKey: `t:wind:${now - 1}`, kind: "wind", level: 2, at: now - 30 * 3_600_000, lng: 121, lat: 32, detail: { wind: 12, limitMs: 10.8 } },
        { tenantId: a.tenantId, vehicleId: a.truck, hubKey: `t:wind:${now - 2}`, kind: "wind", level: 2, at: now - 3_600_000, lng: 121, lat: 32, detail: { wind: 12, limitMs: 10.8 } },
      ]);
    const f = await windFigures(db(), { tenantId: a.tenantId, timeZone: ZONE, scopeWhere: undefined, projectId: null }, now);
    expect(f.projects).toHaveLength(1);
    const p = f.projects[0]!;
    expect(p.id).toBe(id);
    // crane 1: its own 9; the others: no project limit → the alarm rules' 10.8
    expect(p.cranes.map((c) => [c.selfNo, c.role, c.limitMs])).toEqual([
      ["WD-01", "main", 9],
      ["WD-02", "tail", 10.8],
      ["WD-07", "assist", 10.8],
    ]);
    expect(p.positions.map((x) => x.stage)).toEqual([5, 4, 1, 0]);
    expect(p.capacityMw).toBe(6.25);
    // all stops: 6.5 + 2.25 (+ 0 for today's, still open) = 8.75 → 8.8; this month: yesterday's when it is this month
    expect(p.stopHoursTotal).toBe(8.8);
    expect(p.stopCount).toBe(3);
    const t = today();
    expect(p.stopHoursMonth).toBe(addDays(t, -1).slice(0, 7) === t.slice(0, 7) ? 6.5 : 0);
    // today's stop from 00:00 with no end: the site is stopped (unless the test runs in the first minute of the day)
    if (formatZonedTime(now, ZONE).slice(11, 16) > "00:00") expect(p.stoppedNow).toMatchObject({ reason: "wind", windSpeed: 13.1, toTime: null });
    // the last 7 days' stops, newest first: today's, yesterday's (the one 35 days ago is not listed)
    expect(f.stops.map((s) => s.stopOn)).toEqual([t, addDays(t, -1)]);
    // the last 24 hours' wind alarms of the project's cranes: one (the other is 30 h old; the truck is not a crane of it)
    expect(f.winds24h).toBe(1);
    // an ended project leaves the wall, but the owner's screen still opens it by id
    await a.post(`/windManage/form?id=${id}`, { intent: "transition:end", ids: String(id) });
    expect((await windFigures(db(), { tenantId: a.tenantId, timeZone: ZONE, scopeWhere: undefined, projectId: null }, now)).projects).toHaveLength(0);
    const owner = await a.page(`/windScreenOwner?project=${id}`);
    expect(owner).toContain("如东洋口风电场三期吊装");
    expect(owner).toContain("8.8");
  });

  it("needs a signed-in user with the screen: the wall sends a stranger to sign in", async () => {
    const res = await get("/windScreen");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toContain("/login?l=t");
    const a = await windAdmin();
    const page = await get("/windScreen", a.cookie);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("暂无进行中的风电项目");
    // a hostile project id is no project, not an error
    for (const q of ["abc", "-1", "1e9", "99999999999", "1 or 1=1"]) expect((await get(`/windScreen?project=${encodeURIComponent(q)}`, a.cookie)).status).toBe(200);
  });
});
