import { env, runDurableObjectAlarm } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { organisations, userRoles, users } from "../../db/schema";
import { hashPassword } from "../../app/lib/password";
import { hubFor } from "../../workers/fleet-hub/client";
import { visibleVehicleIds } from "../../db/rules/data-scope";
import { db, get, makeTenant, postForm, signIn, unique } from "./helpers";
import { makeVehicle, openHub } from "./telematics";

const PATH = "/dataPermission";
const PASSWORD = "Passw0rd@2026";

/** A user of the tenant in a department of their own (so their data scope is that department), signed in. */
async function scopedUser(t: { tenantId: number; rootOrgId: number; roleIds: { admin: number; dispatcher: number } }, role: "admin" | "dispatcher" = "dispatcher") {
  const [dept] = await db().insert(organisations).values({ tenantId: t.tenantId, parentId: t.rootOrgId, name: unique("项目部") }).returning({ id: organisations.id });
  const account = unique("sc");
  const [u] = await db()
    .insert(users)
    .values({ tenantId: t.tenantId, orgId: dept!.id, loginAccount: account, userName: unique("范围用户"), passwordHash: await hashPassword(PASSWORD), isAdmin: 0 })
    .returning({ id: users.id });
  await db().insert(userRoles).values({ tenantId: t.tenantId, userId: u!.id, roleId: t.roleIds[role] });
  const cookie = await signIn(account, PASSWORD);
  return { id: u!.id, account, orgId: dept!.id, cookie, post: (fields: Record<string, string>, lang = "zh-CN") => postForm(PATH, fields, { Cookie: `${cookie}; derrick_lang=${lang}` }) };
}

/** An admin (sees every vehicle, may approve), a scoped dispatcher with one vehicle, and a vehicle outside their scope. */
async function setup() {
  const t = await makeTenant({ role: "admin" });
  const adminCookie = await signIn(t.account, t.password);
  const applicant = await scopedUser(t);
  const own = await makeVehicle(t.tenantId, { orgId: applicant.orgId, plate: unique("沪O") });
  const other = await makeVehicle(t.tenantId, { orgId: t.rootOrgId, plate: unique("沪X") });
  const plateOf = async (id: number) => (await env.DB.prepare("select plate from vehicles where id = ?").bind(id).first<{ plate: string }>())!.plate;
  return {
    ...t,
    admin: (fields: Record<string, string>, lang = "zh-CN") => postForm(PATH, fields, { Cookie: `${adminCookie}; derrick_lang=${lang}` }),
    adminCookie,
    applicant,
    own: { ...own, plate: await plateOf(own.id) },
    other: { ...other, plate: await plateOf(other.id) },
  };
}

const application = (userId: number, vehicleId: number) =>
  env.DB.prepare("select * from data_permissions where user_id = ? and vehicle_id = ? order by id desc").bind(userId, vehicleId).first<Record<string, any>>();
const seesInList = async (cookie: string, plate: string) => (await (await get(`/deviceList?size=100`, cookie)).text()).includes(plate);
const inHubScope = async (tenantId: number, userId: number, vehicleId: number) => {
  const visible = await visibleVehicleIds(db(), tenantId, userId);
  return visible === "all" || visible.has(vehicleId);
};

async function applyAndApprove(s: Awaited<ReturnType<typeof setup>>, periodEnd = "") {
  expect((await s.applicant.post({ intent: "create", vehicles: s.other.plate, reason: "临时调度需要查看", periodEnd })).status).toBe(302);
  const row = (await application(s.applicant.id, s.other.id))!;
  const ask = await s.admin({ intent: "confirmApprove", ids: String(row.id) });
  expect(ask.status).toBe(200);
  const text = await ask.text();
  expect(text).toContain("确定通过选中的数据权限申请吗？");
  const versions = /name="versions" value="([^"]+)"/.exec(text)![1]!;
  expect((await s.admin({ intent: "review", decision: "approve", ids: String(row.id), versions })).status).toBe(302);
  return (await application(s.applicant.id, s.other.id))!;
}

describe("/dataPermission", () => {
  it("applies per vehicle, refuses a second pending application, and leaves an audit record", async () => {
    const s = await setup();
    expect(await seesInList(s.applicant.cookie, s.other.plate)).toBe(false);
    expect((await s.applicant.post({ intent: "create", vehicles: s.other.plate, reason: "夜间施工需要监控", periodEnd: "" })).status).toBe(302);
    const row = (await application(s.applicant.id, s.other.id))!;
    expect(row).toMatchObject({ tenant_id: s.tenantId, state: 0, enabled: 1, reason: "夜间施工需要监控", period_end: null });
    const audit = await env.DB.prepare("select action from audit_logs where entity = 'dataPermission' and entity_id = ?").bind(String(row.id)).first();
    expect(audit).toEqual({ action: "create" });
    // the applicant sees their application; a pending one grants nothing yet
    expect(await (await get(PATH, s.applicant.cookie)).text()).toContain(s.other.plate);
    expect(await seesInList(s.applicant.cookie, s.other.plate)).toBe(false);

    const again = await s.applicant.post({ intent: "create", vehicles: s.other.plate, reason: "再申请一次", periodEnd: "" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(`以下车辆已有待审批的申请：${s.other.plate}`);
    const en = await s.applicant.post({ intent: "create", vehicles: s.other.plate, reason: "again", periodEnd: "" }, "en-US");
    expect(await en.text()).toContain(`These vehicles already have a pending application: ${s.other.plate}`);
  });

  it("validates the application in both languages", async () => {
    const s = await setup();
    const cases: [Record<string, string>, string, string][] = [
      [{ vehicles: s.other.plate, reason: "  " }, "请填写申请原因", "Give the reason for the application"],
      [{ vehicles: s.other.plate, reason: "长".repeat(201) }, "申请原因不能超过200个字符", "The reason can be at most 200 characters"],
      [{ vehicles: "", reason: "查看" }, "请选择要申请的车辆", "Choose the vehicles to apply for"],
      [{ vehicles: "沪Z不存在", reason: "查看" }, "以下车牌不存在：沪Z不存在", "These plates do not exist: 沪Z不存在"],
      [{ vehicles: s.own.plate, reason: "查看" }, `以下车辆已在您的数据范围内，无需申请：${s.own.plate}`, `These vehicles are already in your data scope: ${s.own.plate}`],
      [{ vehicles: s.other.plate, reason: "查看", periodEnd: "2020-01-01" }, "有效期不能早于今天", "The end of the period cannot be before today"],
    ];
    for (const [fields, zh, en] of cases) {
      const zhRes = await s.applicant.post({ intent: "create", periodEnd: "", ...fields });
      expect(zhRes.status).toBeGreaterThanOrEqual(400);
      expect(await zhRes.text()).toContain(zh);
      expect(await (await s.applicant.post({ intent: "create", periodEnd: "", ...fields }, "en-US")).text()).toContain(en);
    }
    expect(await application(s.applicant.id, s.other.id)).toBeNull();
  });

  it("approved, the vehicle is in the applicant's vehicle list and hub scope; disabled, it is gone; enabled, back", async () => {
    const s = await setup();
    const hub = await openHub(s.applicant.cookie);
    hub.send({ type: "watch", vehicles: "all", hz: 10 });
    expect((await hub.next("snapshot")).vehicles.map((v) => v.id)).toEqual([s.own.id]);

    const row = await applyAndApprove(s);
    expect(row).toMatchObject({ state: 1, enabled: 1, reviewer_id: s.userId, version: 2 });
    expect(await seesInList(s.applicant.cookie, s.other.plate)).toBe(true);
    expect(await inHubScope(s.tenantId, s.applicant.id, s.other.id)).toBe(true);
    // the open socket gets its new scope as a fresh snapshot
    const widened = await hub.next("snapshot", (m) => m.vehicles.length === 2);
    expect(widened.vehicles.map((v) => v.id).sort()).toEqual([s.own.id, s.other.id].sort());

    const ask = await (await s.admin({ intent: "confirmState", ids: String(row.id), enabled: "0" })).text();
    expect(ask).toContain("确定停用该数据权限吗？");
    expect(ask).toContain("临时调度需要查看");
    const versions = /name="versions" value="([^"]+)"/.exec(ask)![1]!;
    expect((await s.admin({ intent: "setState", ids: String(row.id), enabled: "0", versions })).status).toBe(302);
    expect(await seesInList(s.applicant.cookie, s.other.plate)).toBe(false);
    expect(await inHubScope(s.tenantId, s.applicant.id, s.other.id)).toBe(false);
    expect((await hub.next("snapshot", (m) => m.vehicles.length === 1)).vehicles.map((v) => v.id)).toEqual([s.own.id]);
    hub.ws!.close(1000);

    // the stale confirmation (version 2, now 3) is refused
    const stale = await s.admin({ intent: "setState", ids: String(row.id), enabled: "1", versions });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("数据已被他人修改，请刷新后重试");
    expect((await s.admin({ intent: "setState", ids: String(row.id), enabled: "1", versions: `${row.id}:3` })).status).toBe(302);
    expect(await seesInList(s.applicant.cookie, s.other.plate)).toBe(true);
    const actions = await env.DB.prepare("select action from audit_logs where entity = 'dataPermission' and entity_id = ? order by id").bind(String(row.id)).all();
    expect(actions.results.map((r) => r.action)).toEqual(["create", "approve", "disable", "enable"]);
  });

  it("counts only until the period end", async () => {
    const s = await setup();
    const row = await applyAndApprove(s, "2099-12-31");
    expect(await inHubScope(s.tenantId, s.applicant.id, s.other.id)).toBe(true);
    await env.DB.prepare("update data_permissions set period_end = ? where id = ?").bind(Date.now() - 1000, row.id).run();
    expect(await seesInList(s.applicant.cookie, s.other.plate)).toBe(false);
    expect(await inHubScope(s.tenantId, s.applicant.id, s.other.id)).toBe(false);
    expect(await (await get(`${PATH}?effect=2`, s.adminCookie)).text()).toContain(s.other.plate);
  });

  /** The applicant applies for the other vehicle until 2099; before the decision it is shortened to end in 1.5 s; approved. */
  async function approvedUntilSoon(s: Awaited<ReturnType<typeof setup>>): Promise<number> {
    expect((await s.applicant.post({ intent: "create", vehicles: s.other.plate, reason: "临时调度需要查看", periodEnd: "2099-12-31" })).status).toBe(302);
    const applied = (await application(s.applicant.id, s.other.id))!;
    const endsAt = Date.now() + 1500;
    await env.DB.prepare("update data_permissions set period_end = ? where id = ?").bind(endsAt, applied.id).run();
    const versions = /name="versions" value="([^"]+)"/.exec(await (await s.admin({ intent: "confirmApprove", ids: String(applied.id) })).text())![1]!;
    expect((await s.admin({ intent: "review", decision: "approve", ids: String(applied.id), versions })).status).toBe(302);
    return endsAt;
  }

  it("leaves an open monitoring screen when its period ends, not only screens opened later", async () => {
    const s = await setup();
    const hub = await openHub(s.applicant.cookie);
    hub.send({ type: "watch", vehicles: "all", hz: 10 });
    expect((await hub.next("snapshot")).vehicles.map((v) => v.id)).toEqual([s.own.id]);
    const endsAt = await approvedUntilSoon(s);
    expect((await hub.next("snapshot", (m) => m.vehicles.length === 2)).vehicles.map((v) => v.id).sort()).toEqual([s.own.id, s.other.id].sort());

    // the hub set its alarm for the end: when it rings, the open socket loses the vehicle, with nobody saving anything
    const stub = hubFor(env, s.tenantId);
    await new Promise((r) => setTimeout(r, Math.max(0, endsAt + 100 - Date.now())));
    await runDurableObjectAlarm(stub); // rings it now if the runtime has not yet
    expect((await hub.next("snapshot", (m) => m.vehicles.length === 1)).vehicles.map((v) => v.id)).toEqual([s.own.id]);
    hub.ws!.close(1000);
  });

  it("leaves a screen the hub had forgotten while asleep, when the period ends during the sleep", async () => {
    const s = await setup();
    const hub = await openHub(s.applicant.cookie);
    hub.send({ type: "watch", vehicles: "all", hz: 10 });
    await hub.next("snapshot");
    const endsAt = await approvedUntilSoon(s);
    await hub.next("snapshot", (m) => m.vehicles.length === 2);

    // the object sleeps (its memory of the socket gone, the socket open) and the period ends meanwhile; the alarm
    // that wakes it gives the screen a snapshot without the vehicle
    const stub = hubFor(env, s.tenantId);
    await stub.forgetSubscribers();
    await new Promise((r) => setTimeout(r, Math.max(0, endsAt + 100 - Date.now())));
    await runDurableObjectAlarm(stub);
    expect((await hub.next("snapshot", (m) => m.vehicles.length === 1)).vehicles.map((v) => v.id)).toEqual([s.own.id]);
    hub.ws!.close(1000);
  });

  it("refuses only with a reason, and a reviewed application only once; a stale confirmation is refused", async () => {
    const s = await setup();
    expect((await s.applicant.post({ intent: "create", vehicles: s.other.plate, reason: "查看位置", periodEnd: "" })).status).toBe(302);
    const row = (await application(s.applicant.id, s.other.id))!;
    const versions = `${row.id}:${row.version}`;
    const noReason = await s.admin({ intent: "review", decision: "refuse", ids: String(row.id), versions, refuseReason: " " });
    expect(noReason.status).toBe(400);
    expect(await noReason.text()).toContain("请填写拒绝原因");
    expect(await (await s.admin({ intent: "review", decision: "refuse", ids: String(row.id), versions, refuseReason: " " }, "en-US")).text()).toContain("Give the reason for the refusal");
    expect((await s.admin({ intent: "review", decision: "refuse", ids: String(row.id), versions: `${row.id}:${row.version + 5}`, refuseReason: "无业务往来" })).status).toBe(409);
    expect((await s.admin({ intent: "review", decision: "refuse", ids: String(row.id), versions, refuseReason: "无业务往来" })).status).toBe(302);
    expect(await application(s.applicant.id, s.other.id)).toMatchObject({ state: 2, refuse_reason: "无业务往来" });
    expect(await seesInList(s.applicant.cookie, s.other.plate)).toBe(false);
    const again = await s.admin({ intent: "confirmApprove", ids: String(row.id) });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("选中的申请已审批，不能重复审批");
  });

  it("lets only holders of dataPermission:approve review; applicants see only their own applications", async () => {
    const s = await setup();
    expect((await s.applicant.post({ intent: "create", vehicles: s.other.plate, reason: "查看", periodEnd: "" })).status).toBe(302);
    const row = (await application(s.applicant.id, s.other.id))!;
    for (const intent of ["confirmApprove", "review", "confirmState", "setState"]) {
      expect((await s.applicant.post({ intent, ids: String(row.id), decision: "approve", enabled: "1", versions: `${row.id}:1` })).status, intent).toBe(403);
    }
    expect((await application(s.applicant.id, s.other.id))!.state).toBe(0);
    // a second scoped user does not see the first one's application
    const neighbour = await scopedUser(s);
    expect(await (await get(PATH, neighbour.cookie)).text()).not.toContain(s.other.plate);
    // the approver's page offers the review, the applicant's does not
    expect(await (await get(PATH, s.adminCookie)).text()).toContain('value="confirmApprove"');
    expect(await (await get(PATH, s.applicant.cookie)).text()).not.toContain('value="confirmApprove"');
    // a scoped reviewer cannot approve their own application
    const reviewer = await scopedUser(s, "admin");
    expect((await reviewer.post({ intent: "create", vehicles: s.other.plate, reason: "自己申请", periodEnd: "" })).status).toBe(302);
    const own = (await application(reviewer.id, s.other.id))!;
    const self = await reviewer.post({ intent: "review", decision: "approve", ids: String(own.id), versions: `${own.id}:1` });
    expect(self.status).toBe(403);
    expect(await self.text()).toContain("不能审批本人的申请");
    expect((await application(reviewer.id, s.other.id))!.state).toBe(0);
  });

  it("answers 404 for another tenant's application and never applies for its vehicles", async () => {
    const s = await setup();
    const b = await setup();
    expect((await b.applicant.post({ intent: "create", vehicles: b.other.plate, reason: "查看", periodEnd: "" })).status).toBe(302);
    const foreign = (await application(b.applicant.id, b.other.id))!;
    for (const intent of ["confirmApprove", "review", "confirmState", "setState"]) {
      expect((await s.admin({ intent, ids: String(foreign.id), decision: "approve", enabled: "1", versions: `${foreign.id}:1` })).status, intent).toBe(404);
    }
    expect((await application(b.applicant.id, b.other.id))!.state).toBe(0);
    const res = await s.applicant.post({ intent: "create", vehicles: b.other.plate, reason: "查看", periodEnd: "" });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain(`以下车牌不存在：${b.other.plate}`);
  });
});

describe("/userManage authorized vehicles", () => {
  it("saves the vehicles with the user, counts them, and widens the user's scope", async () => {
    const s = await setup();
    const before = (await env.DB.prepare("select * from users where id = ?").bind(s.applicant.id).first<Record<string, any>>())!;
    const edit = await postForm(
      "/userManage",
      {
        intent: "update",
        id: String(s.applicant.id),
        version: String(before.version),
        userName: before.user_name,
        orgId: String(s.applicant.orgId),
        roleId: String(s.roleIds.dispatcher),
        phone: "",
        email: "",
        address: "",
        expiresAt: "",
        state: "1",
        vehicles: `${s.other.plate}\n`,
      },
      { Cookie: s.adminCookie },
    );
    expect(edit.status).toBe(302);
    expect(await env.DB.prepare("select vehicle_id from user_vehicles where user_id = ?").bind(s.applicant.id).all().then((r) => r.results)).toEqual([{ vehicle_id: s.other.id }]);
    expect(await seesInList(s.applicant.cookie, s.other.plate)).toBe(true);
    expect(await inHubScope(s.tenantId, s.applicant.id, s.other.id)).toBe(true);
    // the edit form shows the plate; the list counts it
    expect(await (await get(`/userManage?edit=${s.applicant.id}`, s.adminCookie)).text()).toContain(s.other.plate);
    const audit = await env.DB.prepare("select after from audit_logs where entity = 'user' and entity_id = ? order by id desc").bind(String(s.applicant.id)).first<{ after: string }>();
    expect(JSON.parse(audit!.after).vehicles).toEqual([s.other.plate]);
    // a stale save changes nothing
    const stale = await postForm("/userManage", { intent: "update", id: String(s.applicant.id), version: String(before.version), userName: before.user_name, orgId: String(s.applicant.orgId), roleId: String(s.roleIds.dispatcher), phone: "", email: "", address: "", expiresAt: "", state: "1", vehicles: "" }, { Cookie: s.adminCookie });
    expect(stale.status).toBe(409);
    expect((await env.DB.prepare("select count(*) n from user_vehicles where user_id = ?").bind(s.applicant.id).first())!.n).toBe(1);
  });

  it("refuses vehicles outside the editor's scope or of another tenant, in both languages", async () => {
    const s = await setup();
    const b = await setup();
    // an administrator scoped to a department of their own
    const editor = await scopedUser(s, "admin");
    const ownVehicle = await makeVehicle(s.tenantId, { orgId: editor.orgId, plate: unique("沪E") });
    const ownPlate = (await env.DB.prepare("select plate from vehicles where id = ?").bind(ownVehicle.id).first<{ plate: string }>())!.plate;
    const fields = (vehicles: string) => ({
      intent: "create",
      loginAccount: unique("nu"),
      userName: unique("新用户"),
      password: "Passw0rd@26",
      orgId: String(editor.orgId),
      roleId: String(s.roleIds.viewer),
      phone: "",
      email: "",
      address: "",
      expiresAt: "",
      state: "1",
      vehicles,
    });
    for (const plate of [s.other.plate, b.other.plate]) {
      const zh = await postForm("/userManage", fields(`${ownPlate}\n${plate}`), { Cookie: editor.cookie });
      expect(zh.status).toBe(409);
      expect(await zh.text()).toContain(`以下车辆不存在或不在您的数据范围内：${plate}`);
      const en = await postForm("/userManage", fields(plate), { Cookie: `${editor.cookie}; derrick_lang=en-US` });
      expect(await en.text()).toContain(`These vehicles do not exist or are outside your data scope: ${plate}`);
    }
    const ok = fields(ownPlate);
    expect((await postForm("/userManage", ok, { Cookie: editor.cookie })).status).toBe(302);
    const [created] = await db().select({ id: users.id }).from(users).where(eq(users.loginAccount, ok.loginAccount));
    expect(await env.DB.prepare("select vehicle_id from user_vehicles where user_id = ?").bind(created!.id).all().then((r) => r.results)).toEqual([{ vehicle_id: ownVehicle.id }]);
    // the search offers the editor's vehicles only
    const found = (await (await get(`/api/vehicles/choices?for=userManage&q=${encodeURIComponent("沪")}`, editor.cookie)).json()) as { data: { id: number }[] };
    expect(found.data.map((v) => v.id)).toEqual([ownVehicle.id]);
    const outside = (await (await get(`/api/vehicles/choices?for=dataPermission&q=`, editor.cookie)).json()) as { data: { id: number }[] };
    expect(outside.data.map((v) => v.id)).toEqual(expect.arrayContaining([s.other.id]));
    expect(outside.data.map((v) => v.id)).not.toContain(ownVehicle.id);
  });
});
