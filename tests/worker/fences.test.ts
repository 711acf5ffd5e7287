import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { organisations, users } from "../../db/schema";
import { db, get, makeTenant, postForm, signIn, unique } from "./helpers";
import { makeVehicle } from "./telematics";

const PATH = "/fenceManage";

async function adminOf(role: "admin" | "dispatcher" | "viewer" = "admin") {
  const t = await makeTenant({ role });
  const cookie = await signIn(t.account, t.password);
  return { ...t, cookie, post: (fields: Record<string, string> | URLSearchParams) => postForm(PATH, fields, { Cookie: cookie }) };
}

const square = JSON.stringify([
  [121.34, 31.29],
  [121.36, 31.29],
  [121.36, 31.31],
  [121.34, 31.31],
]);

const fence = (over: Record<string, string> = {}) => ({
  intent: "save",
  kind: "fence",
  name: unique("搅拌站"),
  fenceType: "mixing",
  shape: "polygon",
  coordinates: square,
  radius: "",
  alarmIn: "1",
  alarmOut: "1",
  speedLimit: "",
  period1Start: "",
  period1End: "",
  period2Start: "",
  period2End: "",
  dwellSeconds: "30",
  level: "2",
  state: "1",
  ...over,
});

const row = (tenantId: number, name: string) => env.DB.prepare("select * from fences where tenant_id = ? and name = ?").bind(tenantId, name).first<Record<string, unknown>>();

describe("/fenceManage", () => {
  it("saves a drawn polygon fence with its bound vehicles and lists it with the bound count", async () => {
    const a = await adminOf();
    const v1 = await makeVehicle(a.tenantId);
    const v2 = await makeVehicle(a.tenantId);
    const body = new URLSearchParams(fence({ name: "一号搅拌站" }));
    body.append("vehicleIds", String(v1.id));
    body.append("vehicleIds", String(v2.id));
    const res = await a.post(body);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/^\/fenceManage\?tab=fences&sel=\d+&done=saved$/);
    const saved = await row(a.tenantId, "一号搅拌站");
    expect(saved).toMatchObject({ fence_type: "mixing", shape: "polygon", alarm_in: 1, alarm_out: 1, level: 2, state: 1, creator_id: a.userId });
    expect(JSON.parse(String(saved!.coordinates))).toHaveLength(4);
    const bound = await env.DB.prepare("select vehicle_id from fence_vehicles where fence_id = ? order by vehicle_id").bind(saved!.id).all<{ vehicle_id: number }>();
    expect(bound.results.map((r) => r.vehicle_id)).toEqual([v1.id, v2.id]);
    const page = await (await get(PATH, a.cookie)).text();
    expect(page).toContain("一号搅拌站");
    expect(page).toContain("绑定车辆数 2 辆");
  });

  it("refuses bad geometry, an oversize circle, overlapping periods and a duplicate name, with the reason, keeping what was typed", async () => {
    const a = await adminOf();
    const cases: [Record<string, string>, string][] = [
      [{ coordinates: "" }, "请在地图上绘制围栏"],
      [{ coordinates: JSON.stringify([[121.3, 31.3], [121.4, 31.3]]) }, "多边形至少需要3个顶点，最多500个"],
      [{ coordinates: JSON.stringify([[121.3, 31.3], [200, 31.3], [121.4, 31.4]]) }, "坐标须为经度-180到180、纬度-90到90"],
      [{ shape: "circle", coordinates: JSON.stringify([[121.35, 31.3]]), radius: "10001" }, "圆形半径须在1到10000米之间"],
      [{ shape: "rectangle", coordinates: JSON.stringify([[121.3, 31.3], [121.4, 31.4]]) }, "矩形须由对角两点绘制"],
      [{ period1Start: "08:00", period1End: "12:00", period2Start: "11:00", period2End: "14:00" }, "生效时段1和生效时段2不能重叠"],
      [{ period1Start: "22:00", period1End: "06:00", period2Start: "05:00", period2End: "07:00" }, "生效时段1和生效时段2不能重叠"],
      [{ period1Start: "08:00", period1End: "" }, "请同时填写开始和结束时间"],
      [{ alarmIn: "", alarmOut: "" }, "请至少开启进围栏告警或出围栏告警之一，或设置限速"],
      [{ name: "" }, "名称不能为空且不超过30个字符"],
      [{ speedLimit: "500" }, "限速须为1到200之间的数字"],
    ];
    for (const [over, message] of cases) {
      const name = over.name ?? unique("坏围栏");
      const res = await a.post(fence({ ...over, name }));
      expect(res.status, message).toBe(400);
      const html = await res.text();
      expect(html, message).toContain(message);
      if (name) expect(html).toContain(name);
    }
    // the form leaves out what it does not show (no radius for a polygon, unchecked boxes): still fine
    const { radius: _r, alarmOut: _o, ...sparse } = fence({ name: unique("少字段") });
    expect((await a.post(sparse)).status).toBe(302);
    // a circle of exactly 10 km and two periods that only touch are fine
    expect((await a.post(fence({ shape: "circle", coordinates: JSON.stringify([[121.35, 31.3]]), radius: "10000", period1Start: "08:00", period1End: "12:00", period2Start: "12:00", period2End: "18:00" }))).status).toBe(302);
    const name = unique("同名");
    expect((await a.post(fence({ name }))).status).toBe(302);
    const dup = await a.post(fence({ name }));
    expect(dup.status).toBe(409);
    expect(await dup.text()).toContain("该名称已存在");
  });

  it("edits with the version it read, stops and deletes; a stale version is refused", async () => {
    const a = await adminOf();
    await a.post(fence({ name: "工地A" }));
    const f = (await row(a.tenantId, "工地A"))!;
    expect((await a.post(fence({ name: "工地A2", id: String(f.id), version: String(f.version), fenceType: "site" }))).status).toBe(302);
    const stale = await a.post(fence({ name: "工地A3", id: String(f.id), version: String(f.version) }));
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("数据已被他人修改，请刷新后重试");
    const now = (await row(a.tenantId, "工地A2"))!;
    expect((await a.post({ intent: "state", kind: "fence", id: String(f.id), version: String(now.version), state: "0" })).status).toBe(302);
    expect((await row(a.tenantId, "工地A2"))!.state).toBe(0);
    expect((await a.post({ intent: "delete", kind: "fence", id: String(f.id) })).status).toBe(302);
    expect(await row(a.tenantId, "工地A2")).toBeNull();
    const audit = await env.DB.prepare("select action from audit_logs where tenant_id = ? and entity = 'fence' order by id").bind(a.tenantId).all<{ action: string }>();
    expect(audit.results.map((r) => r.action)).toEqual(["create", "update", "update", "delete"]);
  });

  it("saves a line only with its start, end and a drawn route", async () => {
    const a = await adminOf();
    const line = { intent: "save", kind: "line", name: "搅拌站到工地", startName: "搅拌站", endName: "", path: "", bufferMeters: "200", offRouteAlarm: "1", dwellSeconds: "30", level: "2", state: "1" };
    const bad = await (await a.post(line)).text();
    expect(bad).toContain("请填写终点");
    expect(bad).toContain("请在地图上绘制路线（至少2个点，最多1000个）");
    const ok = await a.post({ ...line, endName: "浦东工地", path: JSON.stringify([[121.35, 31.3], [121.4, 31.28], [121.47, 31.23]]) });
    expect(ok.status).toBe(302);
    const saved = await env.DB.prepare("select start_name, end_name, buffer_meters, off_route_alarm from route_lines where tenant_id = ?").bind(a.tenantId).first();
    expect(saved).toEqual({ start_name: "搅拌站", end_name: "浦东工地", buffer_meters: 200, off_route_alarm: 1 });
  });

  it("keeps tenants apart, checks permissions and binds only vehicles in the user's data scope", async () => {
    const a = await adminOf();
    const b = await adminOf();
    await a.post(fence({ name: "A的围栏" }));
    const mine = (await row(a.tenantId, "A的围栏"))!;
    // another tenant can neither see, edit nor delete it
    expect(await (await get(PATH, b.cookie)).text()).not.toContain("A的围栏");
    expect((await b.post(fence({ name: "改名", id: String(mine.id), version: String(mine.version) }))).status).toBe(404);
    await b.post({ intent: "delete", kind: "fence", id: String(mine.id) });
    expect(await row(a.tenantId, "A的围栏")).not.toBeNull();
    // a foreign vehicle cannot be bound
    const foreign = await makeVehicle(b.tenantId);
    const body = new URLSearchParams(fence({ name: "带外车" }));
    body.append("vehicleIds", String(foreign.id));
    const refused = await a.post(body);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("绑定的车辆不存在或无权限");

    // a user limited to a branch binds only its vehicles, and keeps bindings they cannot see
    const [branch] = await db().insert(organisations).values({ tenantId: a.tenantId, parentId: a.rootOrgId, name: "Branch" }).returning({ id: organisations.id });
    const inBranch = await makeVehicle(a.tenantId, { orgId: branch!.id });
    const outside = await makeVehicle(a.tenantId, { orgId: a.rootOrgId });
    const both = new URLSearchParams(fence({ name: "分部围栏" }));
    both.append("vehicleIds", String(outside.id));
    expect((await a.post(both)).status).toBe(302);
    const f = (await row(a.tenantId, "分部围栏"))!;
    await db().update(users).set({ orgId: branch!.id }).where(eq(users.id, a.userId));
    const limited = await signIn(a.account, a.password);
    const page = await (await get(PATH, limited)).text();
    expect(page).toContain(inBranch.terminalNo);
    expect(page).not.toContain(outside.terminalNo);
    const edit = new URLSearchParams(fence({ name: "分部围栏", id: String(f.id), version: String(f.version) }));
    edit.append("vehicleIds", String(inBranch.id));
    expect((await postForm(PATH, edit, { Cookie: limited })).status).toBe(302);
    const bound = await env.DB.prepare("select vehicle_id from fence_vehicles where fence_id = ? order by vehicle_id").bind(f.id).all<{ vehicle_id: number }>();
    expect(bound.results.map((r) => r.vehicle_id).sort()).toEqual([inBranch.id, outside.id].sort());

    // the read-only role sees fences but cannot write
    const viewer = await adminOf("viewer");
    expect((await get(PATH, viewer.cookie)).status).toBe(403);
    const dispatcher = await adminOf("dispatcher");
    expect((await get(PATH, dispatcher.cookie)).status).toBe(200);
  });

  it("takes the house's generic writes (a registered resource's): create, update by id, delete of the list's selection; an update naming no row makes none", async () => {
    const a = await adminOf();
    const { intent: _save, ...values } = fence({ name: unique("通用围栏") });
    expect((await a.post({ ...values, intent: "create" })).status).toBe(302);
    const made = (await row(a.tenantId, values.name))!;
    // ?edit=<id> opens one of the tenant's rows; any other id is not there
    expect((await get(`${PATH}?edit=${made.id}`, a.cookie)).status).toBe(200);
    expect((await get(`${PATH}?edit=${Number(made.id) + 1_000_000}`, a.cookie)).status).toBe(404);
    expect((await get(`${PATH}?tab=lines&edit=${made.id}`, a.cookie)).status).toBe(404);
    const renamed = unique("改名围栏");
    expect((await a.post({ ...values, intent: "update", id: String(made.id), version: String(made.version), name: renamed })).status).toBe(302);
    expect(await row(a.tenantId, renamed)).toMatchObject({ id: made.id });
    const stray = unique("无主围栏");
    expect((await a.post({ ...values, intent: "update", name: stray })).status).toBe(400);
    expect((await a.post({ ...values, intent: "create", id: String(made.id), name: stray })).status).toBe(400);
    expect(await row(a.tenantId, stray)).toBeNull();
    expect((await a.post({ intent: "delete", kind: "fence", ids: String(made.id) })).status).toBe(302);
    expect(await row(a.tenantId, renamed)).toBeNull();
  });
});
