// 锁车管理 and OTA (issue 43), over HTTP as a browser posts them, on the real local D1, R2 and FleetHub: a lock task
// queues a command that the task shows through every state; the expiry job; a lock of a machine on rent asked twice and
// approved before its command exists, and an overdue contract's approved stop made into a lock task by hand; the
// emergency unlock's refusals and its code as docs/terminals.md computes it; OTA version codes, duplicates (twenty at
// once store one), a non-ZIP, the signed download link, an upgrade task's progress read from its commands and a retry
// of only its failed machines; another tenant's ids and a read-only user refused everywhere.
//
// The delivery of commands is not this screen's: the HTTP terminal API hands a pending command over (takeCommands), and
// the JT808 gateway moves them on. Where a test needs a command further along, it writes the command's row with plain
// SQL as the delivery would (marked "as the delivery would"), and reads what the screens make of it.
import { env, SELF } from "cloudflare:test";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { hashPassword } from "../../app/lib/password";
import { todayInZone } from "../../app/lib/tenant-clock";
import { addDays } from "../../app/lib/calendar";
import type { RequestScope } from "../../app/modules/access/access.server";
import { listResource } from "../../app/modules/resource/resource.server";
import { lockCodeSecret } from "../../app/modules/terminals/lock-record.server";
import { packageLink } from "../../app/modules/terminals/ota-link.server";
import { otaTaskResource } from "../../app/modules/terminals/ota-task.server";
import { unlockCode } from "../../app/modules/terminals/unlock-code";
import { commandExpiry } from "../../workers/jobs/command-expiry";
import { runScheduled } from "../../workers/scheduled";
import { FACTORIES } from "./factories";
import { db, get, makeTenant, ORIGIN, postForm, signIn, unique } from "./helpers";
import { makeContract } from "./rent-fixtures";
import { makeVehicle, report, terminalToken } from "./telematics";

type Fields = Record<string, string>;
const ZONE = "Asia/Shanghai";
const today = () => todayInZone(ZONE);
const one = <T>(sql: string, ...args: unknown[]) => env.DB.prepare(sql).bind(...args).first<T>();
const all = async <T>(sql: string, ...args: unknown[]) => (await env.DB.prepare(sql).bind(...args).all<T>()).results;

async function signed(t: Awaited<ReturnType<typeof makeTenant>>) {
  const cookie = await signIn(t.account, t.password);
  return { ...t, cookie, post: (path: string, fields: Fields, lang = "zh-CN") => postForm(path, fields, { Cookie: `${cookie}; derrick_lang=${lang}` }), page: async (path: string) => (await get(path, cookie)).text() };
}
type Admin = Awaited<ReturnType<typeof signed>>;

/** A second administrator of the tenant (nobody approves their own lock), signed in. */
async function approverOf(a: Admin) {
  const account: Fields = { intent: "create", ...FACTORIES.user!(a), roleId: String(a.roleIds.admin) };
  expect((await a.post("/userManage", account)).status).toBe(302);
  const cookie = await signIn(account.loginAccount!, account.password!);
  return { cookie, post: (path: string, fields: Fields) => postForm(path, fields, { Cookie: cookie }) };
}

/** A user of the tenant whose role has 锁车管理 to look at only (its menu and `lockCarManage:view`). */
async function readOnlyUser(a: Admin) {
  const account = unique("ro");
  const password = "Passw0rd@2026";
  const role = await one<{ id: number }>("insert into roles (tenant_id, name, state, version, created_at, updated_at) values (?, ?, 1, 1, ?, ?) returning id", a.tenantId, unique("只看锁车"), Date.now(), Date.now());
  const menu = await one<{ id: number }>("select id from menus where tenant_id = ? and router_path = '/lockCarManage'", a.tenantId);
  await env.DB.prepare("insert into role_menus (tenant_id, role_id, menu_id) values (?, ?, ?)").bind(a.tenantId, role!.id, menu!.id).run();
  await env.DB.prepare("insert into role_permissions (tenant_id, role_id, code) values (?, ?, 'lockCarManage:view')").bind(a.tenantId, role!.id).run();
  const user = await one<{ id: number }>("insert into users (tenant_id, org_id, login_account, user_name, password_hash, is_admin, state, version, created_at, updated_at) values (?, ?, ?, ?, ?, 0, 1, 1, ?, ?) returning id", a.tenantId, a.rootOrgId, account, `只读 ${account}`, await hashPassword(password), Date.now(), Date.now());
  await env.DB.prepare("insert into user_roles (tenant_id, user_id, role_id) values (?, ?, ?)").bind(a.tenantId, user!.id, role!.id).run();
  const cookie = await signIn(account, password);
  return { cookie, post: (path: string, fields: Fields) => postForm(path, fields, { Cookie: cookie }) };
}

const lock = (plates: string, operation: string, more: Fields = {}): Fields => ({ intent: "lock", plates, operation, reason: ["lock1", "lock2", "close"].includes(operation) ? "逾期未付租金" : "", ...more });
const taskOf = (vehicleId: number) => one<{ id: number; number: string; state: number; command_id: number | null; contract_id: number | null; stop_act_id: number | null; version: number }>("select * from lock_tasks where vehicle_id = ? order by id desc", vehicleId);
const commandOf = (id: number) => one<{ id: number; kind: string; payload: string; state: string; expires_at: number; created_at: number; acked_at: number | null }>("select * from terminal_commands where id = ?", id);
/** The numbers a list of 锁车任务 filtered by what a task shows lists. */
const shownAs = async (a: Admin, shown: string) => [...new Set((await a.page(`/lockCarManage?shown=${shown}&size=100`)).match(/SC-\d{6}-\d{4}/g) ?? [])];

function scopeOf(a: { tenantId: number; userId: number }): RequestScope {
  return { env, db: db(), user: { id: a.userId, tenantId: a.tenantId, orgId: null, wholeTenant: true, timeZone: ZONE }, access: { permissions: new Set(), roleIds: [], roleNames: [], menuRows: [] }, session: {} } as unknown as RequestScope;
}

/** A machine on rent today under a contract in force (执行中). */
async function onRent(tenantId: number) {
  const v = await makeVehicle(tenantId);
  const plate = (await one<{ plate: string }>("select plate from vehicles where id = ?", v.id))!.plate;
  const contract = await makeContract(tenantId, { state: 3, lines: [{ vehicleId: v.id, from: addDays(today(), -10) }] });
  return { ...v, plate, contract };
}
const plateOf = async (id: number) => (await one<{ plate: string }>("select plate from vehicles where id = ?", id))!.plate;

// ---- the version package upload, as the page's script drives it --------------------------------------------------

const zip = (text = "firmware") => zipSync({ "manifest.json": strToU8(JSON.stringify({ version: text })), "app.bin": strToU8(text.repeat(40)) });
async function api(cookie: string, path: string, body: Uint8Array | object) {
  const res = await SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { Origin: ORIGIN, Cookie: cookie, Accept: "application/json", "Content-Type": body instanceof Uint8Array ? "application/octet-stream" : "application/json" },
    body: body instanceof Uint8Array ? new Uint8Array(body) : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { code: number; data?: Record<string, unknown>; errors?: Record<string, string> } };
}
const start = (cookie: string, versionCode: string, size: number, fileName = "fw.zip") => api(cookie, "/lockCarManage/upload?step=start", { versionCode, description: "测试", fileName, size });
/** Uploads a (one-part) package and answers its id, or the first refusal. */
async function upload(cookie: string, versionCode: string, bytes: Uint8Array) {
  const started = await start(cookie, versionCode, bytes.length);
  if (started.status !== 200) return started;
  const id = started.json.data!.id as number;
  const part = await api(cookie, `/lockCarManage/upload?step=part&id=${id}&part=1`, bytes);
  if (part.status !== 200) return { ...part, id };
  const done = await api(cookie, `/lockCarManage/upload?step=complete&id=${id}`, { parts: [{ partNumber: 1, etag: part.json.data!.etag }] });
  return { ...done, id };
}

describe("锁车任务: commands and their states", () => {
  it("queues a pending command that expires in 72 hours, flags the hub, and shows each state the delivery moves it to", async () => {
    const a = await signed(await makeTenant());
    const v = await makeVehicle(a.tenantId);
    const plate = await plateOf(v.id);
    expect((await a.post("/lockCarManage?lock=1", lock(plate, "lock1"))).status).toBe(302);
    const task = (await taskOf(v.id))!;
    expect(task).toMatchObject({ state: 2, contract_id: null });
    const command = (await commandOf(task.command_id!))!;
    expect(command).toMatchObject({ kind: "lock", state: "pending", acked_at: null });
    expect(JSON.parse(command.payload)).toEqual({ operation: "lock1" });
    expect(command.expires_at - command.created_at).toBe(72 * 3_600_000);
    expect(await shownAs(a, "pending")).toContain(task.number);

    // the hub was told: the terminal's next answer carries it, and the terminal API marks it sent
    const answer = await report(await terminalToken(v), [{ seq: 1, t: Date.now(), lng: 121.5, lat: 31.2, speed: 0 }]);
    expect(answer.body.commands).toEqual([{ id: command.id, kind: "lock", payload: { operation: "lock1" } }]);
    expect((await commandOf(command.id))!.state).toBe("sent");
    expect(await shownAs(a, "sent")).toContain(task.number);
    expect(await shownAs(a, "pending")).not.toContain(task.number);

    // as the delivery would: the terminal answered it done
    await env.DB.prepare("update terminal_commands set state = 'done', done_at = ?, result = 'locked' where id = ?").bind(Date.now(), command.id).run();
    expect(await shownAs(a, "done")).toContain(task.number);

    // another, which the terminal refused: 任务失败
    expect((await a.post("/lockCarManage?lock=1", lock(plate, "lock2"))).status).toBe(302);
    const second = (await taskOf(v.id))!;
    await env.DB.prepare("update terminal_commands set state = 'failed', done_at = ?, result = 'moving' where id = ?").bind(Date.now(), second.command_id).run();
    expect(await shownAs(a, "failed")).toEqual([second.number]);
    // activate and unlock need no reason; a lock does
    const refused = await a.post("/lockCarManage?lock=1", lock(plate, "lock1", { reason: "" }));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("锁车必须填写原因");
    for (const op of ["activate", "unlock", "close"]) expect((await a.post("/lockCarManage?lock=1", lock(plate, op))).status, op).toBe(302);
    expect(await all("select operation from lock_tasks where vehicle_id = ? order by id", v.id)).toEqual(["lock1", "lock2", "activate", "unlock", "close"].map((operation) => ({ operation })));
  });

  it("refuses machines without a terminal, stopped, unknown, or more than 50, and an unknown operation", async () => {
    const a = await signed(await makeTenant());
    const v = await makeVehicle(a.tenantId);
    const plate = await plateOf(v.id);
    await env.DB.prepare("update vehicles set installed = 0 where id = ?").bind(v.id).run();
    expect(await (await a.post("/lockCarManage?lock=1", lock(plate, "unlock"))).text()).toContain(`车辆 ${plate} 未安装终端`);
    await env.DB.prepare("update vehicles set installed = 1, state = 0 where id = ?").bind(v.id).run();
    expect(await (await a.post("/lockCarManage?lock=1", lock(plate, "unlock"))).text()).toContain("已停用");
    expect(await (await a.post("/lockCarManage?lock=1", lock("沪X99999", "unlock"))).text()).toContain("沪X99999");
    const many = Array.from({ length: 51 }, (_, i) => `沪Z${String(i).padStart(5, "0")}`).join("\n");
    expect(await (await a.post("/lockCarManage?lock=1", lock(many, "unlock"))).text()).toContain("一次最多选择50台车辆");
    expect((await a.post("/lockCarManage?lock=1", lock(plate, "explode"))).status).toBe(400);
    expect(await one("select count(*) as n from lock_tasks where tenant_id = ?", a.tenantId)).toEqual({ n: 0 });
  });

  it("the expiry job turns commands still waiting past their expiry into 发送失败, and nothing else", async () => {
    const a = await signed(await makeTenant());
    const [late, waiting, sent] = await Promise.all([makeVehicle(a.tenantId), makeVehicle(a.tenantId), makeVehicle(a.tenantId)]);
    for (const v of [late, waiting, sent]) expect((await a.post("/lockCarManage?lock=1", lock(await plateOf(v.id), "unlock"))).status).toBe(302);
    const [t1, t2, t3] = [(await taskOf(late.id))!, (await taskOf(waiting.id))!, (await taskOf(sent.id))!];
    const past = Date.now() - 60_000;
    await env.DB.prepare("update terminal_commands set expires_at = ? where id = ?").bind(past, t1.command_id).run();
    // as the delivery would: handed over before it expired
    await env.DB.prepare("update terminal_commands set state = 'sent', sent_at = ?, expires_at = ? where id = ?").bind(past - 1000, past, t3.command_id).run();
    const [outcome] = await runScheduled(env, { cron: "0 * * * *", scheduledTime: Date.now() }, [commandExpiry]);
    expect(outcome).toEqual({ job: "command-expiry", outcome: "ok" });
    expect((await commandOf(t1.command_id!))!.state).toBe("send_failed");
    expect((await commandOf(t2.command_id!))!.state).toBe("pending");
    expect((await commandOf(t3.command_id!))!.state).toBe("sent");
    expect(await shownAs(a, "send_failed")).toEqual([t1.number]);
    // run again: nothing more
    expect((await commandExpiry.run(env, { cron: "0 * * * *", scheduledTime: Date.now() })) as { expired: number }).toEqual({ expired: 0 });
  });
});

describe("锁车任务: a lock of a machine on rent", () => {
  it("asks each plate again, waits for another's approval, and queues its command only then", async () => {
    const a = await signed(await makeTenant());
    const m = await onRent(a.tenantId);
    // first: the second confirmation names the machine and its contract; nothing is stored
    const asked = await a.post("/lockCarManage?lock=1", lock(m.plate, "lock1"));
    expect(asked.status).toBe(200);
    const html = await asked.text();
    expect(html).toContain("以下设备正在租赁合同中");
    expect(html).toContain(m.contract.number);
    expect(await taskOf(m.id)).toBeNull();
    // a wrong plate typed: asked again
    const wrong = await a.post("/lockCarManage?lock=1", lock(m.plate, "lock1", { confirming: "1", [`confirm_${m.id}`]: "沪A00000" }));
    expect(wrong.status).toBe(409);
    expect(await wrong.text()).toContain("输入的车牌号与设备不一致");
    expect(await taskOf(m.id)).toBeNull();
    // unlock and activate need neither confirmation nor approval
    expect((await a.post("/lockCarManage?lock=1", lock(m.plate, "unlock"))).status).toBe(302);
    expect((await taskOf(m.id))!.state).toBe(2);
    // confirmed (any case): made, in approval, no command
    expect((await a.post("/lockCarManage?lock=1", lock(m.plate, "lock2", { confirming: "1", [`confirm_${m.id}`]: m.plate.toLowerCase() }))).status).toBe(302);
    const task = (await taskOf(m.id))!;
    expect(task).toMatchObject({ state: 1, command_id: null, contract_id: m.contract.id });
    expect(await one("select count(*) as n from terminal_commands where vehicle_id = ? and json_extract(payload, '$.operation') = 'lock2'", m.id)).toEqual({ n: 0 });
    expect(await shownAs(a, "inApproval")).toEqual([task.number]);
    expect(await one("select action, round from approval_records where kind = 'lockTask' and document_id = ?", task.id)).toEqual({ action: "submit", round: 1 });

    // nobody approves their own
    const own = await a.post("/lockCarManage", { intent: "transition:approve", ids: String(task.id), versions: `${task.id}:${task.version}` });
    expect(own.status).toBe(403);
    expect((await taskOf(m.id))!.state).toBe(1);
    // it is in the other administrator's to-do
    const approver = await approverOf(a);
    expect(await (await get("/manageWork", approver.cookie)).text()).toContain(task.number);
    const confirm = await approver.post("/lockCarManage", { intent: "confirm:approve", ids: String(task.id) });
    expect(confirm.status).toBe(200);
    expect(await confirm.text()).toContain("最后一步通过后立即向终端下发锁车指令");
    expect((await approver.post("/lockCarManage", { intent: "transition:approve", ids: String(task.id), versions: `${task.id}:${task.version}`, note: "" })).status).toBe(302);
    const approved = (await taskOf(m.id))!;
    expect(approved.state).toBe(2);
    const command = (await commandOf(approved.command_id!))!;
    expect(command).toMatchObject({ kind: "lock", state: "pending" });
    expect(JSON.parse(command.payload)).toEqual({ operation: "lock2" });
    expect(await shownAs(a, "pending")).toContain(task.number);
    // the hub knows: the terminal's next answer carries it
    const answer = await report(await terminalToken(m), [{ seq: 1, t: Date.now(), lng: 121.5, lat: 31.2, speed: 0 }]);
    expect(answer.body.commands.map((c: { id: number }) => c.id)).toContain(command.id);
  });

  it("a refused lock gets no command; a user without the approve code cannot decide", async () => {
    const a = await signed(await makeTenant());
    const m = await onRent(a.tenantId);
    expect((await a.post("/lockCarManage?lock=1", lock(m.plate, "close", { confirming: "1", [`confirm_${m.id}`]: m.plate }))).status).toBe(302);
    const task = (await taskOf(m.id))!;
    // the dispatcher role holds the screen's six codes, not lockCarManage:approve
    const clerkAccount: Fields = { intent: "create", ...FACTORIES.user!(a), roleId: String(a.roleIds.dispatcher) };
    expect((await a.post("/userManage", clerkAccount)).status).toBe(302);
    const clerk = await signIn(clerkAccount.loginAccount!, clerkAccount.password!);
    expect((await postForm("/lockCarManage", { intent: "transition:approve", ids: String(task.id), versions: `${task.id}:1` }, { Cookie: clerk })).status).toBe(403);
    const approver = await approverOf(a);
    expect((await approver.post("/lockCarManage", { intent: "transition:refuse", ids: String(task.id), versions: `${task.id}:${task.version}`, reason: "合同已协商延期" })).status).toBe(302);
    expect((await taskOf(m.id))!).toMatchObject({ state: 3, command_id: null });
    expect(await shownAs(a, "refused")).toEqual([task.number]);
    expect(await one("select count(*) as n from terminal_commands where vehicle_id = ?", m.id)).toEqual({ n: 0 });
  });

  it("an overdue contract's approved stop becomes a lock task only by hand, its approval standing for the lock's", async () => {
    const a = await signed(await makeTenant());
    const m = await onRent(a.tenantId);
    const other = await onRent(a.tenantId);
    const act = await one<{ id: number }>(
      "insert into collection_actions (tenant_id, contract_id, kind, acted_on, vehicle_ids, content, state, creator_id, version, created_at, updated_at, done_at) values (?, ?, 'stopMachine', ?, ?, '欠款两月，申请停机', 2, ?, 1, ?, ?, ?) returning id",
      a.tenantId, m.contract.id, today(), JSON.stringify([m.id]), a.userId, Date.now(), Date.now(), Date.now(),
    );
    // approved, and still no lock task nor command: never on its own
    expect(await taskOf(m.id)).toBeNull();
    expect(await one("select count(*) as n from terminal_commands where vehicle_id = ?", m.id)).toEqual({ n: 0 });
    // the contract's overdue page offers it
    expect(await a.page(`/overdueContract/contract?id=${m.contract.id}`)).toContain(`/lockCarManage?lock=1&amp;stop=${act!.id}`);
    const form = await a.page(`/lockCarManage?lock=1&stop=${act!.id}`);
    expect(form).toContain(m.contract.number);
    expect(form).toContain(m.plate);
    const fromStop = (more: Fields) => a.post(`/lockCarManage?lock=1&stop=${act!.id}`, lock(m.plate, "lock1", { stopActId: String(act!.id), ...more }));
    // still confirmed twice
    expect((await fromStop({})).status).toBe(200);
    // a machine the stop does not name, another operation, a stop of another kind: refused
    expect(await (await a.post("/lockCarManage?lock=1", lock(other.plate, "lock1", { stopActId: String(act!.id) }))).text()).toContain("不在该停机申请中");
    expect(await (await a.post("/lockCarManage?lock=1", lock(m.plate, "close", { stopActId: String(act!.id) }))).text()).toContain("停机申请只能生成一级或二级锁车任务");
    expect((await fromStop({ confirming: "1", [`confirm_${m.id}`]: m.plate })).status).toBe(302);
    const task = (await taskOf(m.id))!;
    expect(task).toMatchObject({ state: 2, stop_act_id: act!.id, contract_id: m.contract.id });
    expect((await commandOf(task.command_id!))!.state).toBe("pending");
  });
});

describe("应急解锁", () => {
  it("refuses a bad device time and a missing reason, and gives the documented code once, recorded and counted", async () => {
    const a = await signed(await makeTenant());
    const v = await makeVehicle(a.tenantId);
    const plate = await plateOf(v.id);
    const post = (fields: Fields, lang?: string) => a.post("/lockCarManage/records?emergency=1", { intent: "emergency", plate, ...fields }, lang);
    const parts = Object.fromEntries(new Intl.DateTimeFormat("en-GB", { timeZone: ZONE, year: "2-digit", month: "2-digit", day: "2-digit", hour: "2-digit", hourCycle: "h23" }).formatToParts(Date.now()).map((p) => [p.type, p.value]));
    const now = `${parts.year}${parts.month}${parts.day}${parts.hour}`;
    const cases: [Fields, string][] = [
      [{ deviceTime: now, reason: "" }, "请填写应急解锁原因"],
      [{ deviceTime: "", reason: "无信号" }, "请输入设备时间"],
      [{ deviceTime: "26023008", reason: "无信号" }, "设备时间格式为YYMMDDHH"],
      [{ deviceTime: "26120424", reason: "无信号" }, "设备时间格式为YYMMDDHH"],
      [{ deviceTime: "2612040", reason: "无信号" }, "设备时间格式为YYMMDDHH"],
      [{ deviceTime: "99123123", reason: "无信号" }, "相差超过7天"],
    ];
    for (const [fields, text] of cases) {
      const res = await post(fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(await res.text()).toContain(text);
    }
    expect((await post({ deviceTime: now, reason: "" }, "en-US")).status).toBe(400);
    expect(await (await post({ deviceTime: now, reason: "" }, "en-US")).text()).toContain("Give the reason for the emergency unlock");
    expect(await one("select count(*) as n from lock_emergencies where vehicle_id = ?", v.id)).toEqual({ n: 0 });

    const res = await post({ deviceTime: now, reason: "地下车库无信号，客户已付款" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const html = await res.text();
    const code = await unlockCode(lockCodeSecret(env), v.terminalNo, now);
    expect(code).toMatch(/^\d{8}$/);
    expect(html.replace(/(\d{4}) (\d{4})/g, "$1$2")).toContain(code);
    const record = await one<Record<string, unknown>>("select * from lock_emergencies where vehicle_id = ?", v.id);
    expect(record).toMatchObject({ device_time: now, reason: "地下车库无信号，客户已付款", creator_id: a.userId });
    // the code itself is stored nowhere
    expect(JSON.stringify(record)).not.toContain(code);
    expect(JSON.stringify(await all("select * from audit_logs where tenant_id = ? and entity = 'lockEmergency'", a.tenantId))).not.toContain(code);
    // counted in the machine's lock record, its lock now an emergency unlock
    const records = await a.page(`/lockCarManage/records?q=${encodeURIComponent(plate)}`);
    expect(records).toContain(plate);
    expect(records).toContain("地下车库无信号，客户已付款");
    expect(await a.page(`/lockCarManage/records?level=emergency&size=100`)).toContain(plate);
    // its detail: the machine, its terminal, its emergency unlocks with the device time and who gave them
    const detail = await a.page(`/lockCarManage/records?view=${v.id}`);
    for (const text of [v.terminalNo, now, "地下车库无信号，客户已付款", `User ${a.account}`]) expect(detail, text).toContain(text);
    // the secret: LOCK_CODE_SECRET when set; never a made-up one in production
    expect(lockCodeSecret({ LOCK_CODE_SECRET: "vendor-secret", APP_ENV: "production" })).toBe("vendor-secret");
    expect(() => lockCodeSecret({ SESSION_SECRET: "s", APP_ENV: "production" })).toThrow(/LOCK_CODE_SECRET/);
    expect(lockCodeSecret({ SESSION_SECRET: "s", APP_ENV: "development" })).toBe("s");
  });
});

describe("版本包", () => {
  it("refuses version codes that are not letters, punctuation and digits, files that are not ZIPs or too large", async () => {
    const a = await signed(await makeTenant());
    for (const code of ["V 1.0", "版本1.0", "", "a".repeat(51)]) {
      const res = await start(a.cookie, code, 100);
      expect(res.status, code).toBe(400);
      expect(res.json.errors!.versionCode).toBeDefined();
    }
    expect((await start(a.cookie, "V1.0", 100, "fw.rar")).json.errors).toEqual({ fileName: "terminals:zipOnly" });
    expect((await start(a.cookie, "V1.0", 1000 * 1024 * 1024 + 1)).json.errors).toEqual({ size: "terminals:packageTooLarge" });
    expect((await start(a.cookie, "V1.0", 0)).json.errors).toEqual({ size: "terminals:fileEmpty" });
    // a file named .zip that is not one: refused at its first part, and its version code free again
    const pdf = new TextEncoder().encode("%PDF-1.7 not a zip at all");
    const refused = await upload(a.cookie, "V1.0", pdf);
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toEqual({ file: "terminals:notZip" });
    expect(await one("select count(*) as n from ota_packages where tenant_id = ?", a.tenantId)).toEqual({ n: 0 });
    // a part of the wrong size
    const started = await start(a.cookie, "V1.0", 100);
    const id = started.json.data!.id as number;
    expect((await api(a.cookie, `/lockCarManage/upload?step=part&id=${id}&part=1`, zip())).json.errors).toEqual({ form: "terminals:partSize" });
    expect((await api(a.cookie, `/lockCarManage/upload?step=part&id=${id}&part=2`, zip())).json.errors).toEqual({ form: "terminals:partUnknown" });
    // completing without its parts
    expect((await api(a.cookie, `/lockCarManage/upload?step=complete&id=${id}`, { parts: [] })).json.errors).toEqual({ form: "terminals:uploadIncomplete" });
    expect((await api(a.cookie, `/lockCarManage/upload?step=abort&id=${id}`, {})).status).toBe(200);
    expect(await one("select count(*) as n from ota_packages where tenant_id = ?", a.tenantId)).toEqual({ n: 0 });
  });

  it("stores a ZIP uploaded in parts; of twenty uploads of one version code (any case) one is kept", async () => {
    const a = await signed(await makeTenant());
    const bytes = zip("V9.9.9");
    const starts = await Promise.all(Array.from({ length: 20 }, (_, i) => start(a.cookie, i % 2 ? "V9.9.9" : "v9.9.9", bytes.length)));
    expect(starts.filter((r) => r.status === 200)).toHaveLength(1);
    expect(starts.filter((r) => r.status === 409).every((r) => r.json.errors!.versionCode === "terminals:versionExists")).toBe(true);
    expect(starts.filter((r) => r.status === 409)).toHaveLength(19);
    const id = starts.find((r) => r.status === 200)!.json.data!.id as number;
    const kept = (await one<{ version_code: string }>("select version_code from ota_packages where id = ?", id))!.version_code;
    expect(kept.toUpperCase()).toBe("V9.9.9");
    // another user of the tenant cannot add parts to it
    const approver = await approverOf(a);
    expect((await api(approver.cookie, `/lockCarManage/upload?step=part&id=${id}&part=1`, bytes)).status).toBe(404);
    const part = await api(a.cookie, `/lockCarManage/upload?step=part&id=${id}&part=1`, bytes);
    expect(part.status).toBe(200);
    expect((await api(a.cookie, `/lockCarManage/upload?step=complete&id=${id}`, { parts: [{ partNumber: 1, etag: part.json.data!.etag }] })).status).toBe(200);
    const row = (await one<{ uploaded_at: number | null; upload_id: string | null; size: number; r2_key: string }>("select * from ota_packages where id = ?", id))!;
    expect(row.uploaded_at).toBeGreaterThan(0);
    expect(row.upload_id).toBeNull();
    expect(new Uint8Array(await (await env.FILES.get(row.r2_key))!.arrayBuffer())).toEqual(bytes);
    const list = await a.page("/lockCarManage/packages");
    expect(list).toContain(kept);
    expect(list).toContain("可用");
    // once uploaded, the code stays taken
    expect((await start(a.cookie, "V9.9.9", 10)).status).toBe(409);
  });

  it("serves a package to its signed link only: a forged, altered or expired link, or an unfinished package, is 404", async () => {
    const a = await signed(await makeTenant());
    const bytes = zip("V2.0");
    const { id } = (await upload(a.cookie, "V2.0", bytes)) as { id: number };
    const link = await packageLink(env, ORIGIN, a.tenantId, id, Date.now() + 3_600_000);
    const res = await SELF.fetch(link);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/zip");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
    const head = await SELF.fetch(link, { headers: { Range: "bytes=0-3" } });
    expect(head.status).toBe(206);
    expect([...new Uint8Array(await head.arrayBuffer())]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    const [, pkg, expires, sig] = /\/ota\/(\d+)-(\d+)-([0-9a-f]{32})\.zip$/.exec(link)!;
    const b = await signed(await makeTenant());
    const other = (await upload(b.cookie, "V2.0", zip("B"))) as { id: number };
    for (const forged of [
      `/ota/${pkg}-${expires}-${"0".repeat(32)}.zip`,
      `/ota/${pkg}-${Number(expires) + 1}-${sig}.zip`,
      `/ota/${other.id}-${expires}-${sig}.zip`,
      `/ota/${pkg}-${Math.floor(Date.now() / 1000) - 10}-${sig}.zip`,
      `/ota/${pkg}.zip`,
      `/ota/${pkg}-${expires}-${sig}`,
    ]) expect((await SELF.fetch(`${ORIGIN}${forged}`)).status, forged).toBe(404);
    expect((await SELF.fetch(await packageLink(env, ORIGIN, a.tenantId, id, Date.now() - 1000))).status).toBe(404);
    // B's own link to A's package is not A's
    expect((await SELF.fetch(await packageLink(env, ORIGIN, b.tenantId, id, Date.now() + 3_600_000))).status).toBe(404);
    const unfinished = (await start(a.cookie, "V2.1", 10)).json.data!.id as number;
    expect((await SELF.fetch(await packageLink(env, ORIGIN, a.tenantId, unfinished, Date.now() + 3_600_000))).status).toBe(404);
  });
});

describe("升级任务", () => {
  it("queues one command a machine with its signed link, counts progress from the commands, and retries only the failed", async () => {
    const a = await signed(await makeTenant());
    const bytes = zip("V3.1.0");
    const { id: packageId } = (await upload(a.cookie, "V3.1.0", bytes)) as { id: number };
    const machines = await Promise.all(Array.from({ length: 6 }, () => makeVehicle(a.tenantId)));
    const plates = await Promise.all(machines.map((m) => plateOf(m.id)));
    const made = await a.post("/lockCarManage/upgrades?task=new", { intent: "createTask", packageId: String(packageId), upgradeType: "terminal", plates: plates.join("\n"), remark: "" });
    expect(made.status).toBe(302);
    const task = (await one<{ id: number; number: string }>("select id, number from ota_tasks where tenant_id = ?", a.tenantId))!;
    expect(task.number).toMatch(/^SJ-\d{6}-0001$/);
    const rows = await all<{ vehicle_id: number; command_id: number; attempts: number }>("select vehicle_id, command_id, attempts from ota_task_vehicles where task_id = ? order by vehicle_id", task.id);
    expect(rows.map((r) => r.vehicle_id)).toEqual(machines.map((m) => m.id).sort((x, y) => x - y));
    const commands = await Promise.all(rows.map((r) => commandOf(r.command_id)));
    for (const c of commands) {
      expect(c).toMatchObject({ kind: "ota", state: "pending" });
      expect(c!.expires_at - c!.created_at).toBe(7 * 24 * 3_600_000);
      const payload = JSON.parse(c!.payload) as { url: string; version: string; packageId: number; taskId: number };
      expect(payload).toMatchObject({ version: "V3.1.0", packageId, taskId: task.id });
      expect(payload.url).toMatch(new RegExp(`^${ORIGIN}/ota/${packageId}-\\d+-[0-9a-f]{32}\\.zip$`));
    }
    // the link the terminal gets downloads the ZIP
    expect(new Uint8Array(await (await SELF.fetch(JSON.parse(commands[0]!.payload).url)).arrayBuffer())).toEqual(bytes);

    // as the delivery would: two done, one failed, one upgrading (acknowledged), one sent, one never handed over
    const [c1, c2, c3, c4, c5, c6] = rows.map((r) => r.command_id);
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("update terminal_commands set state = 'done', sent_at = ?, acked_at = ?, done_at = ? where id in (?, ?)").bind(now, now, now, c1, c2),
      env.DB.prepare("update terminal_commands set state = 'failed', sent_at = ?, acked_at = ?, done_at = ?, result = 'md5' where id = ?").bind(now, now, now, c3),
      env.DB.prepare("update terminal_commands set state = 'sent', sent_at = ?, acked_at = ? where id = ?").bind(now, now, c4),
      env.DB.prepare("update terminal_commands set state = 'sent', sent_at = ? where id = ?").bind(now, c5),
      env.DB.prepare("update terminal_commands set expires_at = ? where id = ?").bind(now - 1, c6),
    ]);
    await commandExpiry.run(env, { cron: "0 * * * *", scheduledTime: Date.now() });
    const listed = async () => (await listResource(scopeOf(a), otaTaskResource, { page: 1, size: 20, sort: null, order: "desc", filters: {} })).rows[0] as unknown as Record<string, unknown>;
    expect(await listed()).toMatchObject({ total: 6, progress: "4/6", outcome: "2/2", success: 2, fail: 2, waiting: 1, upgrading: 1, taskState: "unfinished" });
    expect(await a.page("/lockCarManage/upgrades?taskState=unfinished")).toContain(task.number);
    expect(await a.page("/lockCarManage/upgrades?taskState=finished")).not.toContain(task.number);
    const detail = await a.page(`/lockCarManage/upgrades?view=${task.id}`);
    for (const word of ["成功", "失败", "升级中", "待下载", "重试失败（2台）"]) expect(detail, word).toContain(word);

    // five retries at once: the two failed machines get one new command each, the others keep theirs
    const retries = await Promise.all(Array.from({ length: 5 }, () => a.post("/lockCarManage/upgrades", { intent: "retry", ids: String(task.id) })));
    expect(retries.filter((r) => r.status === 302)).toHaveLength(1);
    expect(retries.filter((r) => r.status === 409)).toHaveLength(4);
    const after = await all<{ vehicle_id: number; command_id: number; attempts: number }>("select vehicle_id, command_id, attempts from ota_task_vehicles where task_id = ? order by vehicle_id", task.id);
    expect(after.map((r) => r.attempts)).toEqual([1, 1, 2, 1, 1, 2]);
    expect(after.map((r, i) => r.command_id === rows[i]!.command_id)).toEqual([true, true, false, true, true, false]);
    for (const r of [after[2]!, after[5]!]) expect((await commandOf(r.command_id))!.state).toBe("pending");
    expect(await one("select count(*) as n from terminal_commands where tenant_id = ? and kind = 'ota'", a.tenantId)).toEqual({ n: 8 });
    expect(await listed()).toMatchObject({ progress: "2/6", outcome: "2/0", waiting: 3, upgrading: 1 });
    // nothing failed now
    const again = await a.post("/lockCarManage/upgrades", { intent: "retry", ids: String(task.id) });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("没有失败的车辆需要重试");
    // as the delivery would: all done
    await env.DB.prepare("update terminal_commands set state = 'done', done_at = ? where tenant_id = ? and kind = 'ota' and state <> 'done'").bind(Date.now(), a.tenantId).run();
    expect(await listed()).toMatchObject({ progress: "6/6", outcome: "6/0", taskState: "finished" });
    // a package a task uses cannot be deleted
    const refused = await a.post("/lockCarManage/packages", { intent: "deletePackage", id: String(packageId) });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("版本包已被升级任务使用");
  });

  it("refuses an unfinished package, unknown machines, none, or more than 500", async () => {
    const a = await signed(await makeTenant());
    const v = await makeVehicle(a.tenantId);
    const plate = await plateOf(v.id);
    const unfinished = (await start(a.cookie, "V4.0", 10)).json.data!.id as number;
    const post = (fields: Fields) => a.post("/lockCarManage/upgrades?task=new", { intent: "createTask", upgradeType: "terminal", remark: "", ...fields });
    expect(await (await post({ packageId: String(unfinished), plates: plate })).text()).toContain("版本包不存在或尚未上传完成");
    const { id } = (await upload(a.cookie, "V4.1", zip())) as { id: number };
    expect(await (await post({ packageId: String(id), plates: "" })).text()).toContain("请选择车辆");
    expect(await (await post({ packageId: String(id), plates: "沪Q00000" })).text()).toContain("沪Q00000");
    expect(await (await post({ packageId: String(id), plates: Array.from({ length: 501 }, (_, i) => `沪W${i}`).join("\n") })).text()).toContain("一次最多选择500台车辆");
    expect((await post({ packageId: String(id), plates: plate, upgradeType: "firmware" })).status).toBe(400);
    expect(await one("select count(*) as n from ota_tasks where tenant_id = ?", a.tenantId)).toEqual({ n: 0 });
  });
});

describe("锁车管理 across tenants and for a read-only user", () => {
  it("answers another tenant's ids as if they did not exist, everywhere", async () => {
    const a = await signed(await makeTenant());
    const b = await signed(await makeTenant());
    const m = await onRent(a.tenantId);
    expect((await a.post("/lockCarManage?lock=1", lock(m.plate, "lock1", { confirming: "1", [`confirm_${m.id}`]: m.plate }))).status).toBe(302);
    const task = (await taskOf(m.id))!;
    const { id: packageId } = (await upload(a.cookie, "V5.0", zip())) as { id: number };
    expect((await a.post("/lockCarManage/upgrades?task=new", { intent: "createTask", packageId: String(packageId), upgradeType: "terminal", plates: m.plate, remark: "" })).status).toBe(302);
    const otaTask = (await one<{ id: number }>("select id from ota_tasks where tenant_id = ?", a.tenantId))!;
    const stop = await one<{ id: number }>("insert into collection_actions (tenant_id, contract_id, kind, acted_on, vehicle_ids, content, state, version, created_at, updated_at) values (?, ?, 'stopMachine', ?, ?, '停机', 2, 1, ?, ?) returning id", a.tenantId, m.contract.id, today(), JSON.stringify([m.id]), Date.now(), Date.now());
    const bv = await makeVehicle(b.tenantId);

    expect((await get(`/lockCarManage?view=${task.id}`, b.cookie)).status).toBe(404);
    expect((await b.post("/lockCarManage", { intent: "confirm:approve", ids: String(task.id) })).status).toBe(404);
    expect((await b.post("/lockCarManage", { intent: "transition:approve", ids: String(task.id), versions: `${task.id}:${task.version}` })).status).toBe(404);
    expect(await (await b.post("/lockCarManage?lock=1", lock(m.plate, "unlock"))).text()).toContain("不在您的数据权限内");
    expect(await (await b.post("/lockCarManage?lock=1", lock(await plateOf(bv.id), "lock1", { stopActId: String(stop!.id) }))).text()).toContain("停机申请不存在");
    expect(await (await b.post("/lockCarManage/records?emergency=1", { intent: "emergency", plate: m.plate, deviceTime: "26120408", reason: "x" })).text()).toContain("车牌号不存在或不在您的数据权限内");
    expect((await get(`/lockCarManage/records?view=${m.id}`, b.cookie)).status).toBe(404);
    expect((await get(`/lockCarManage/upgrades?view=${otaTask.id}`, b.cookie)).status).toBe(404);
    expect((await b.post("/lockCarManage/upgrades", { intent: "retry", ids: String(otaTask.id) })).status).toBe(404);
    expect(await (await b.post("/lockCarManage/upgrades?task=new", { intent: "createTask", packageId: String(packageId), upgradeType: "terminal", plates: await plateOf(bv.id), remark: "" })).text()).toContain("版本包不存在或尚未上传完成");
    expect((await b.post("/lockCarManage/packages", { intent: "deletePackage", id: String(packageId) })).status).toBe(404);
    expect((await api(b.cookie, `/lockCarManage/upload?step=part&id=${packageId}&part=1`, zip())).status).toBe(404);
    expect((await api(b.cookie, `/lockCarManage/upload?step=complete&id=${packageId}`, { parts: [] })).status).toBe(404);
    expect((await api(b.cookie, `/lockCarManage/upload?step=abort&id=${packageId}`, {})).status).toBe(404);
    // B's lists show none of A's
    for (const path of ["/lockCarManage", "/lockCarManage/records", "/lockCarManage/packages", "/lockCarManage/upgrades"]) {
      const html = await b.page(`${path}?size=100`);
      expect(html, path).not.toContain(task.number);
      expect(html, path).not.toContain(m.plate);
      expect(html, path).not.toContain("V5.0");
    }
    // nothing of A's changed
    expect((await taskOf(m.id))!.state).toBe(1);
    expect(await one("select uploaded_at is not null as ready from ota_packages where id = ?", packageId)).toEqual({ ready: 1 });
  });

  it("lets a read-only user look and do nothing; the viewer without the screen not even look", async () => {
    const a = await signed(await makeTenant());
    const v = await makeVehicle(a.tenantId);
    const plate = await plateOf(v.id);
    expect((await a.post("/lockCarManage?lock=1", lock(plate, "unlock"))).status).toBe(302);
    const { id: packageId } = (await upload(a.cookie, "V6.0", zip())) as { id: number };
    expect((await a.post("/lockCarManage/upgrades?task=new", { intent: "createTask", packageId: String(packageId), upgradeType: "terminal", plates: plate, remark: "" })).status).toBe(302);
    const task = (await taskOf(v.id))!;
    const otaTask = (await one<{ id: number }>("select id from ota_tasks where tenant_id = ?", a.tenantId))!;
    const ro = await readOnlyUser(a);
    for (const path of ["/lockCarManage", "/lockCarManage/records", "/lockCarManage/packages", "/lockCarManage/upgrades"]) {
      const res = await get(path, ro.cookie);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      for (const id of ["new-lock", "new-emergency", "upload-package", "new-task"]) expect(html, `${path} ${id}`).not.toContain(`data-testid="${id}"`);
    }
    expect(await (await get("/lockCarManage", ro.cookie)).text()).toContain(task.number);
    // the drawers are not offered, and every write is 403
    expect(await (await get("/lockCarManage?lock=1", ro.cookie)).text()).not.toContain('data-testid="lock-form"');
    expect((await ro.post("/lockCarManage?lock=1", lock(plate, "unlock"))).status).toBe(403);
    expect((await ro.post("/lockCarManage", { intent: "transition:approve", ids: String(task.id), versions: `${task.id}:1` })).status).toBe(403);
    expect((await ro.post("/lockCarManage/records?emergency=1", { intent: "emergency", plate, deviceTime: "26120408", reason: "x" })).status).toBe(403);
    expect((await api(ro.cookie, "/lockCarManage/upload?step=start", { versionCode: "V7.0", description: "", fileName: "fw.zip", size: 10 })).status).toBe(403);
    expect((await ro.post("/lockCarManage/upgrades?task=new", { intent: "createTask", packageId: String(packageId), upgradeType: "terminal", plates: plate, remark: "" })).status).toBe(403);
    expect((await ro.post("/lockCarManage/upgrades", { intent: "retry", ids: String(otaTask.id) })).status).toBe(403);
    expect((await ro.post("/lockCarManage/packages", { intent: "deletePackage", id: String(packageId) })).status).toBe(403);
    expect(await one("select count(*) as n from lock_tasks where tenant_id = ?", a.tenantId)).toEqual({ n: 1 });
    // the demo tenant's viewer role has no 锁车管理 at all
    const viewer = await signed(await makeTenant({ role: "viewer" }));
    expect((await get("/lockCarManage", viewer.cookie)).status).toBe(403);
    expect((await get("/api/vehicles/choices?for=lockCarManage&q=", viewer.cookie)).status).toBe(403);
  });
});
