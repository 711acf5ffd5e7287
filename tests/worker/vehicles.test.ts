import { env, SELF } from "cloudflare:test";
import writeExcelFile from "write-excel-file/universal";
import { describe, expect, it } from "vitest";
import { seedTelematics, demoTerminalSecret } from "../../db/seed/telematics";
import { FACTORIES } from "./factories";
import { db, get, makeTenant, ORIGIN, postForm, signIn, unique } from "./helpers";
import { ingestPost, report, terminalNo, terminalToken } from "./telematics";

const PATH = "/deviceList";

async function adminOf() {
  const t = await makeTenant({ role: "admin" });
  const cookie = await signIn(t.account, t.password);
  return {
    ...t,
    cookie,
    post: (fields: Record<string, string>, lang = "zh-CN", path = PATH) => postForm(path, fields, { Cookie: `${cookie}; derrick_lang=${lang}` }),
  };
}
type Admin = Awaited<ReturnType<typeof adminOf>>;

const vehicleForm = (t: Admin, over: Record<string, string> = {}) => ({ intent: "create", ...FACTORIES.vehicle!(t), ...over });
const byPlate = (plate: string) => env.DB.prepare("select * from vehicles where plate = ?").bind(plate).first<Record<string, any>>();

/** A second account of the same tenant (admin role), in the organisation given, signed in. */
async function colleague(a: Admin, orgId: number) {
  const account = unique("co");
  const password = "Passw0rd@26";
  const res = await postForm("/userManage", { intent: "create", ...FACTORIES.user!(a), loginAccount: account, password, orgId: String(orgId), roleId: String(a.roleIds.admin) }, { Cookie: a.cookie });
  expect(res.status).toBe(302);
  return { account, cookie: await signIn(account, password) };
}

async function childOrg(a: Admin, name: string) {
  const row = await env.DB.prepare("insert into organisations (tenant_id, parent_id, name, sort, created_at, updated_at) values (?, ?, ?, 9, ?, ?) returning id").bind(a.tenantId, a.rootOrgId, name, Date.now(), Date.now()).first<{ id: number }>();
  return row!.id;
}

describe("/deviceList vehicle rules", () => {
  it("refuses a bad VIN, a bad terminal number and a missing plate with messages in both languages, keeping what was typed", async () => {
    const a = await adminOf();
    const bad = vehicleForm(a, { plate: "", vin: "LZZ1CLSB00000000I", terminalNo: "12345" });
    const zh = await a.post(bad);
    expect(zh.status).toBe(400);
    const html = await zh.text();
    expect(html).toContain("VIN码须为17位字母或数字，且不含 I、O、Q");
    expect(html).toContain("终端号须为10位字母或数字");
    expect(html).toContain("车牌号不能为空且不超过20个字符");
    expect(html).toContain('value="LZZ1CLSB00000000I"');
    const en = await (await a.post(bad, "en-US")).text();
    expect(en).toContain("A VIN is 17 letters or digits, without I, O or Q");
    expect(en).toContain("A terminal number is 10 letters or digits");
    // 16 characters is one short
    expect(await (await a.post(vehicleForm(a, { vin: "LZZ1CLSB00000001" }))).text()).toContain("VIN码须为17位字母或数字");
    expect(await env.DB.prepare("select count(*) n from vehicles where tenant_id = ?").bind(a.tenantId).first("n")).toBe(0);
  });

  it("saves a valid vehicle (VIN and terminal upper-cased) and refuses a duplicate plate, VIN or terminal number, also across tenants for the terminal", async () => {
    const a = await adminOf();
    const no = terminalNo();
    const plate = unique("沪A");
    expect((await a.post(vehicleForm(a, { plate, vin: "lzz1clsb000000001", terminalNo: no.toLowerCase() }))).status).toBe(302);
    const saved = await byPlate(plate);
    expect(saved).toMatchObject({ vin: "LZZ1CLSB000000001", terminal_no: no, state: 1, installed: 1, tenant_id: a.tenantId });

    const dup = await a.post(vehicleForm(a, { plate, vin: "LZZ1CLSB000000001", terminalNo: no }));
    expect(dup.status).toBe(409);
    const html = await dup.text();
    expect(html).toContain("该车牌号已存在");
    expect(html).toContain("该VIN码已存在");
    expect(html).toContain("该终端号已被使用");
    const en = await (await a.post(vehicleForm(a, { terminalNo: no }), "en-US")).text();
    expect(en).toContain("This terminal number is already in use");

    const b = await adminOf();
    const other = await b.post(vehicleForm(b, { terminalNo: no }));
    expect(other.status).toBe(409);
    // a VIN is unique within a tenant only
    expect((await b.post(vehicleForm(b, { vin: "LZZ1CLSB000000001" }))).status).toBe(302);
  });

  it("keeps a JT808 terminal's phone as its digits, unique across accounts, and lets its registration be reset", async () => {
    const a = await adminOf();
    const plate = unique("沪A");
    const phone = String(13_700_000_000 + Math.floor(Math.random() * 99_999_999));
    expect(await (await a.post(vehicleForm(a, { jt808Phone: "13a" }))).text()).toContain("终端手机号须为1-20位数字");
    expect((await a.post(vehicleForm(a, { plate, jt808Phone: `0${phone}` }))).status).toBe(302);
    const v = (await byPlate(plate))!;
    expect(v.jt808_phone).toBe(phone);
    // the same terminal phone in any account, however it is padded, is refused without saying whose it is
    const b = await adminOf();
    const taken = await b.post(vehicleForm(b, { jt808Phone: phone.padStart(20, "0") }), "en-US");
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain("This terminal phone number is already in use");
    // registered through the gateway, then reset on the vehicle's form: the terminal may register again
    await env.DB.prepare("update vehicles set jt808_auth_hash = 'x', jt808_registered_at = 1 where id = ?").bind(v.id).run();
    const edit = { ...vehicleForm(a, { plate, terminalNo: "", jt808Phone: phone }), intent: "update", id: String(v.id), version: String(v.version) };
    expect((await a.post({ ...edit, jt808Reset: "0" })).status).toBe(302);
    expect((await byPlate(plate))!.jt808_auth_hash).toBe("x");
    const again = (await byPlate(plate))!;
    expect((await a.post({ ...edit, version: String(again.version), jt808Reset: "1" })).status).toBe(302);
    expect(await byPlate(plate)).toMatchObject({ jt808_auth_hash: null, jt808_registered_at: null, jt808_phone: phone });
  });

  it("edits with the version check, keeps the terminal number when left empty, and shows the terminal's live state on the details page", async () => {
    const a = await adminOf();
    const plate = unique("沪A");
    const secret = "a-terminal-secret-16+";
    await a.post(vehicleForm(a, { plate, terminalSecret: secret }));
    const v = await byPlate(plate);
    expect(v!.terminal_secret_hash).toMatch(/^[0-9a-f]{64}$/);
    const edit = await (await get(`${PATH}?edit=${v!.id}`, a.cookie)).text();
    expect(edit).toContain(`value="${v!.terminal_no}"`);
    expect(edit).not.toContain(v!.terminal_secret_hash);
    const form = { ...vehicleForm(a, { plate, terminalNo: "", selfNo: "S-01", saleState: "1" }), intent: "update", id: String(v!.id), version: String(v!.version) };
    expect((await a.post(form)).status).toBe(302);
    expect(await byPlate(plate)).toMatchObject({ terminal_no: v!.terminal_no, self_no: "S-01", sale_state: 1, version: v!.version + 1, terminal_secret_hash: v!.terminal_secret_hash });
    // a second save of the old version is stale
    expect(await (await a.post(form)).text()).toContain("数据已被他人修改");
    // the terminal signs in with its secret and its point reaches the hub: the details page shows the live state
    const token = await terminalToken({ terminalNo: v!.terminal_no, secret });
    expect((await report(token, [{ seq: 1, t: Date.now() - 5_000, lng: 121.351, lat: 31.301, speed: 42.5, faults: [{ spn: 110, fmi: 0, count: 1 }] }])).status).toBe(200);
    const details = await (await get(`/deviceDetails?id=${v!.id}`, a.cookie)).text();
    expect(details).toContain("S-01");
    expect(details).toContain("42.5 km/h");
    expect(details).toContain("121.351000, 31.301000");
    expect(details).toContain("已售");
    // a fault reads as the alarm list writes it (the names arrive with their chunk in the browser), not as raw codes
    expect(details).toContain("SPN 110，FMI 0");
    expect(details).not.toContain("SPN 110 / FMI 0");
  });

  it("stops and enables only after a confirmation; a stopped vehicle's terminal is refused", async () => {
    const a = await adminOf();
    const plate = unique("沪A");
    const secret = "another-secret-0001";
    await a.post(vehicleForm(a, { plate, terminalSecret: secret }));
    const v = (await byPlate(plate))!;
    const ask = await a.post({ intent: "confirmState", ids: String(v.id), state: "0" });
    expect(ask.status).toBe(200);
    expect(await ask.text()).toContain("确定停用所选车辆吗？");
    expect((await byPlate(plate))!.state).toBe(1);
    expect((await a.post({ intent: "setState", ids: String(v.id), state: "0" })).status).toBe(302);
    expect((await byPlate(plate))!.state).toBe(0);
    const auth = await ingestPost("/ingest/v1/auth", { terminalNo: v.terminal_no, secret });
    expect(auth.status).toBe(403);
    expect((await a.post({ intent: "setState", ids: String(v.id), state: "1" })).status).toBe(302);
    expect((await ingestPost("/ingest/v1/auth", { terminalNo: v.terminal_no, secret })).status).toBe(200);
    const audit = await env.DB.prepare("select action from audit_logs where entity = 'vehicle' and entity_id = ? order by id").bind(String(v.id)).all<{ action: string }>();
    expect(audit.results.map((r) => r.action)).toEqual(["create", "stop", "enable"]);
  });

  it("uninstalls after a confirmation (number cleared and free for another vehicle) and installs with a checked number", async () => {
    const a = await adminOf();
    const plate = unique("沪A");
    await a.post(vehicleForm(a, { plate }));
    const v = (await byPlate(plate))!;
    const ask = await a.post({ intent: "confirmInstall", ids: String(v.id) });
    expect(await ask.text()).toContain("确定拆除该车辆的终端吗？");
    expect((await a.post({ intent: "uninstall", ids: String(v.id) })).status).toBe(302);
    const gone = (await byPlate(plate))!;
    expect(gone).toMatchObject({ installed: 0, terminal_secret_hash: null });
    expect(gone.uninstalled_at).toBeGreaterThan(0);
    const list = await (await get(`${PATH}?q=${encodeURIComponent(plate)}`, a.cookie)).text();
    expect(list).toContain("未安装");
    expect(list).not.toContain(v.terminal_no);
    // the released number can go on another vehicle
    expect((await a.post(vehicleForm(a, { terminalNo: v.terminal_no }))).status).toBe(302);
    // installing checks the number: bad, taken, then good
    expect(await (await a.post({ intent: "install", ids: String(v.id), terminalNo: "abc" })).text()).toContain("终端号须为10位字母或数字");
    expect(await (await a.post({ intent: "install", ids: String(v.id), terminalNo: v.terminal_no })).text()).toContain("该终端号已被使用");
    const fresh = terminalNo();
    expect((await a.post({ intent: "install", ids: String(v.id), terminalNo: fresh, terminalSecret: "installed-secret-01" })).status).toBe(302);
    expect(await byPlate(plate)).toMatchObject({ installed: 1, terminal_no: fresh });
    expect((await ingestPost("/ingest/v1/auth", { terminalNo: fresh, secret: "installed-secret-01" })).status).toBe(200);

    // a vehicle with a driver is deleted after the confirmation; the driver stays, without the vehicle
    const driver = unique("司机").slice(0, 20);
    expect((await a.post({ intent: "create", name: driver, phone: "", vehicleId: String(v.id) }, "zh-CN", "/deviceList/drivers")).status).toBe(302);
    expect(await (await a.post({ intent: "confirmDelete", ids: String(v.id) })).text()).toContain(plate);
    expect((await a.post({ intent: "delete", ids: String(v.id) })).status).toBe(302);
    expect(await byPlate(plate)).toBeNull();
    expect(await env.DB.prepare("select vehicle_id from drivers where name = ?").bind(driver).first("vehicle_id")).toBeNull();
  });
});

describe("/deviceList data scope", () => {
  it("a user of another organisation neither lists, opens, edits, stops nor deletes the vehicle; a granted vehicle is visible", async () => {
    const a = await adminOf();
    const east = await childOrg(a, unique("华东"));
    const south = await childOrg(a, unique("华南"));
    const plate = unique("沪A");
    await a.post(vehicleForm(a, { plate, orgId: String(east) }));
    const v = (await byPlate(plate))!;
    const southUser = await colleague(a, south);
    const cookie = southUser.cookie;
    expect(await (await get(`${PATH}?size=100`, cookie)).text()).not.toContain(plate);
    expect((await get(`${PATH}?edit=${v.id}`, cookie)).status).toBe(404);
    expect((await get(`/deviceDetails?id=${v.id}`, cookie)).status).toBe(404);
    await postForm(PATH, { intent: "setState", ids: String(v.id), state: "0" }, { Cookie: cookie });
    await postForm(PATH, { intent: "delete", ids: String(v.id) }, { Cookie: cookie });
    expect((await postForm(PATH, { ...vehicleForm(a, { plate }), intent: "update", id: String(v.id), version: String(v.version) }, { Cookie: cookie })).status).toBe(404);
    expect(await byPlate(plate)).toMatchObject({ state: 1, version: v.version });
    // the root organisation's admin sees it, and so does the south user once granted
    expect(await (await get(`${PATH}?size=100`, a.cookie)).text()).toContain(plate);
    const southId = await env.DB.prepare("select id from users where login_account = ?").bind(southUser.account).first<number>("id");
    await env.DB.prepare("insert into user_vehicles (tenant_id, user_id, vehicle_id) values (?, ?, ?)").bind(a.tenantId, southId, v.id).run();
    expect(await (await get(`${PATH}?size=100`, cookie)).text()).toContain(plate);
  });

  it("another tenant cannot read or change the vehicle", async () => {
    const a = await adminOf();
    const b = await adminOf();
    const plate = unique("沪A");
    await a.post(vehicleForm(a, { plate }));
    const v = (await byPlate(plate))!;
    expect(await (await get(`${PATH}?size=100`, b.cookie)).text()).not.toContain(plate);
    expect((await get(`/deviceDetails?id=${v.id}`, b.cookie)).status).toBe(404);
    expect((await get(`${PATH}?view=${v.id}`, b.cookie)).status).toBe(404);
    expect((await b.post({ ...vehicleForm(b, { plate: "改" }), intent: "update", id: String(v.id), version: String(v.version) })).status).toBe(404);
    await b.post({ intent: "setState", ids: String(v.id), state: "0" });
    await b.post({ intent: "uninstall", ids: String(v.id) });
    await b.post({ intent: "delete", ids: String(v.id) });
    expect(await byPlate(plate)).toMatchObject({ state: 1, installed: 1, version: v.version });
  });
});

describe("marker points and types", () => {
  it("only the creating account may edit or delete them; the action refuses anyone else", async () => {
    const a = await adminOf();
    const other = await colleague(a, a.rootOrgId);
    const typeName = unique("类型");
    expect((await a.post({ intent: "create", name: typeName, icon: "gas-station" }, "zh-CN", "/deviceList/markerTypes")).status).toBe(302);
    const type = await env.DB.prepare("select id, version from marker_types where name = ?").bind(typeName).first<{ id: number; version: number }>();
    const name = unique("标注");
    const point = { intent: "create", ...FACTORIES.markerPoint!(a), name, typeId: String(type!.id) };
    expect((await a.post(point, "zh-CN", "/deviceList/markers")).status).toBe(302);
    const row = await env.DB.prepare("select id, version from marker_points where name = ?").bind(name).first<{ id: number; version: number }>();

    const opts = (lang: string) => ({ Cookie: `${other.cookie}; derrick_lang=${lang}` });
    const edit = await postForm("/deviceList/markers", { ...point, intent: "update", id: String(row!.id), version: String(row!.version), remark: "改" }, opts("zh-CN"));
    expect(edit.status).toBe(409);
    expect(await edit.text()).toContain("只有创建该记录的账号才能修改或删除");
    const del = await postForm("/deviceList/markers", { intent: "delete", ids: String(row!.id) }, opts("en-US"));
    expect(await del.text()).toContain("Only the account that created this record may change or delete it");
    const delType = await postForm("/deviceList/markerTypes", { intent: "delete", ids: String(type!.id) }, opts("zh-CN"));
    expect(await delType.text()).toContain("只有创建该记录的账号才能修改或删除");
    expect(await env.DB.prepare("select remark from marker_points where id = ?").bind(row!.id).first("remark")).toBeNull();
    expect(await env.DB.prepare("select id from marker_types where id = ?").bind(type!.id).first()).not.toBeNull();
    // the list offers the edit link to the creator only
    const html = await (await get(`/deviceList/markers?q=${encodeURIComponent(name)}`, other.cookie)).text();
    expect(html).not.toContain(`edit=${row!.id}`);
    expect(await (await get(`/deviceList/markers?q=${encodeURIComponent(name)}`, a.cookie)).text()).toContain(`edit=${row!.id}`);

    // the creator may, and the marker limits apply (name 30, contact 10, remark 50, coordinates)
    const bad = await a.post({ ...point, intent: "update", id: String(row!.id), version: String(row!.version), lng: "181", contact1: "联".repeat(11), remark: "备".repeat(51) }, "zh-CN", "/deviceList/markers");
    const badHtml = await bad.text();
    expect(badHtml).toContain("经度须在-180到180之间");
    expect(badHtml).toContain("联系人不能超过10个字符");
    expect(badHtml).toContain("备注不能超过50个字符");
    expect((await a.post({ ...point, intent: "update", id: String(row!.id), version: String(row!.version), remark: "改" }, "zh-CN", "/deviceList/markers")).status).toBe(302);
    expect((await a.post({ intent: "delete", ids: String(row!.id) }, "zh-CN", "/deviceList/markers")).status).toBe(302);
  });
});

describe("vehicle import", () => {
  it("saves every good row and reports each bad row with its reasons", async () => {
    const a = await adminOf();
    const header = ["*车牌号", "*终端号", "VIN码", "*所属组织", "*设备类型", "*销售状态"].map((value) => ({ value }));
    const org = await env.DB.prepare("select name from organisations where id = ?").bind(a.rootOrgId).first<string>("name");
    const good1 = unique("沪A");
    const good2 = unique("沪A");
    const line = (plate: string, no: string, vin: string) => [plate, no, vin, org!, "新装", "未售"].map((value) => ({ value }));
    const file = await writeExcelFile([header, line(good1, terminalNo(), "LZZ1CLSB000000009"), line(unique("沪A"), "BAD", "LZZ1CLSB00000000O"), line(good2, terminalNo(), "")]).toBlob();
    const body = new FormData();
    body.set("intent", "import");
    body.set("file", new File([file], "vehicles.xlsx"));
    const res = await SELF.fetch(`${ORIGIN}${PATH}`, { method: "POST", redirect: "manual", headers: { Origin: ORIGIN, Host: "localhost", Cookie: a.cookie }, body });
    expect(res.status).toBe(200);
    const html = await res.text();
    const reportHtml = /data-testid="import-report"[\s\S]*?<\/div>/.exec(html)![0];
    expect(reportHtml).toContain("第 3 行");
    expect(reportHtml).toContain("终端号须为10位字母或数字");
    expect(reportHtml).toContain("VIN码须为17位字母或数字");
    expect(await byPlate(good1)).toMatchObject({ vin: "LZZ1CLSB000000009", org_id: a.rootOrgId });
    expect(await byPlate(good2)).not.toBeNull();
    expect(await env.DB.prepare("select count(*) n from vehicles where tenant_id = ?").bind(a.tenantId).first("n")).toBe(2);
  });
});

describe("seedTelematics", () => {
  it("seeds models, owners, drivers, 30 vehicles with demo secrets, markers and a bound fence, once", async () => {
    const t = await makeTenant();
    const prefix = unique("").replace(/[^a-z]/g, "").padEnd(3, "q").slice(0, 3).toUpperCase();
    const first = await seedTelematics(db(), t.tenantId, { prefix });
    expect(first.created).toBe(true);
    expect(first.vehicleIds).toHaveLength(30);
    const count = (table: string) => env.DB.prepare(`select count(*) n from ${table} where tenant_id = ?`).bind(t.tenantId).first<number>("n");
    expect(await count("vehicles")).toBe(30);
    expect(await count("vehicle_models")).toBeGreaterThanOrEqual(3);
    expect(await count("vehicle_owners")).toBeGreaterThan(0);
    expect(await count("drivers")).toBeGreaterThan(0);
    expect(await count("marker_points")).toBeGreaterThan(0);
    const fence = await env.DB.prepare("select * from fences where tenant_id = ?").bind(t.tenantId).first<Record<string, any>>();
    expect(fence).toMatchObject({ fence_type: "mixing", shape: "circle", radius: 800, alarm_in: 1, alarm_out: 1 });
    expect(JSON.parse(fence!.coordinates)).toEqual([[121.35, 31.3]]);
    expect(await count("fence_vehicles")).toBe(10);
    const no = `${prefix}0000001`;
    expect(await env.DB.prepare("select count(*) n from vehicles where terminal_no in (?, ?)").bind(no, `${prefix}0000030`).first("n")).toBe(2);
    // the seeded terminals sign in with demo-secret-<terminalNo>
    expect((await ingestPost("/ingest/v1/auth", { terminalNo: no, secret: demoTerminalSecret(no) })).status).toBe(200);
    // vehicles spread over the organisation tree below the root, every one valid for the form's rules
    const orgs = await env.DB.prepare("select count(distinct org_id) n from vehicles where tenant_id = ?").bind(t.tenantId).first<number>("n");
    expect(orgs).toBeGreaterThanOrEqual(1);
    const vins = await env.DB.prepare("select vin from vehicles where tenant_id = ?").bind(t.tenantId).all<{ vin: string }>();
    for (const r of vins.results) expect(r.vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);

    const again = await seedTelematics(db(), t.tenantId, { prefix });
    expect(again.created).toBe(false);
    expect(await count("vehicles")).toBe(30);
    expect(await count("fences")).toBe(1);
  });
});
