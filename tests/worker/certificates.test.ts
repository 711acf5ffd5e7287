// 证书管理 (/certificate) and the certificate gate, over HTTP as a browser posts them, on the real local D1: a machine's
// certificate saved and flagged by its expiry; a machine whose mandatory certificate has expired is refused on a new
// contract's line, on 派车 and on a trip after the day it expired, the refusal naming the certificate in the reader's
// language; an optional certificate or a renewed one lets it through; another tenant's machine and the user's scope.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addDays } from "../../app/lib/calendar";
import { todayInZone } from "../../app/lib/tenant-clock";
import { FACTORIES } from "./factories";
import { get, insertCustomer, makeTenant, postForm, signIn, signInDepartmentUser, unique } from "./helpers";
import { makeContract, makeDepartment } from "./rent-fixtures";
import { makeVehicle } from "./telematics";

type Fields = Record<string, string>;
const today = () => todayInZone("Asia/Shanghai");

async function admin() {
  const t = await makeTenant();
  const cookie = await signIn(t.account, t.password);
  const crane = await makeVehicle(t.tenantId, { orgId: t.rootOrgId, plate: "沪F起0001" });
  return { ...t, cookie, crane: crane.id, post: (path: string, fields: Fields, lang = "zh-CN") => postForm(path, fields, { Cookie: `${cookie}; derrick_lang=${lang}` }) };
}
type Admin = Awaited<ReturnType<typeof admin>>;

const certificate = (vehicleId: number, more: Fields = {}): Fields => ({
  intent: "save",
  vehicleId: String(vehicleId),
  kind: "inspection",
  number: "SHTJ-DJ-20261",
  issuer: "上海市特种设备监督检验技术研究院",
  issuedOn: addDays(today(), -400),
  expiresOn: addDays(today(), -3),
  mandatory: "1",
  remark: "",
  ...more,
});
const idOf = (res: Response) => Number(/[?&]id=(\d+)/.exec(res.headers.get("Location") ?? "")?.[1]);

/** a new rental contract with one line: the machine from today */
async function newContract(a: Admin, vehicleId: number, lang = "zh-CN") {
  const customer = await insertCustomer(a.tenantId, unique("客户"));
  const fields: Fields = { intent: "createDoc", kind: "rental", name: unique("合同").slice(0, 40), customerId: String(customer), startOn: today(), plannedEndOn: addDays(today(), 60), settlementDay: "20", paymentDays: "30", taxRate: "9", "lines[0].vehicleId": String(vehicleId), "lines[0].equipmentType": "1", "lines[0].monthly": "38000" };
  return a.post("/contractList/form?new=1", fields, lang);
}

describe("证书管理: a machine's certificates", () => {
  it("stores a certificate and flags it by its expiry; an expiry before the issue is refused", async () => {
    const a = await admin();
    const expired = await a.post("/certificate/form?new=1", certificate(a.crane));
    expect(expired.status).toBe(302);
    expect((await a.post("/certificate/form?new=1", certificate(a.crane, { kind: "insurance", number: "PICC-1", expiresOn: addDays(today(), 12), mandatory: "" }))).status).toBe(302);
    expect((await a.post("/certificate/form?new=1", certificate(a.crane, { kind: "registration", number: "起重沪F10231", expiresOn: "" }))).status).toBe(302);
    const row = await env.DB.prepare("select kind, mandatory, expires_on from vehicle_certificates where id = ?").bind(idOf(expired)).first();
    expect(row).toEqual({ kind: "inspection", mandatory: 1, expires_on: addDays(today(), -3) });
    const list = await (await get("/certificate", a.cookie)).text();
    // the one that ran out first comes first; expired, then within 30 days; the registration has no expiry
    expect(list.indexOf("SHTJ-DJ-20261")).toBeLessThan(list.indexOf("PICC-1"));
    expect(list.indexOf("PICC-1")).toBeLessThan(list.indexOf("起重沪F10231"));
    expect(list).toContain("已过期");
    expect(list).toContain("30天内到期");
    // the machine's page lists them the same way, each opening its record, and offers one more for it
    const details = await (await get(`/deviceDetails?id=${a.crane}`, a.cookie)).text();
    const section = details.slice(details.indexOf('data-testid="vehicle-certificates"'));
    expect(section.indexOf("SHTJ-DJ-20261")).toBeLessThan(section.indexOf("PICC-1"));
    expect(section).toContain(`/certificate/form?id=${idOf(expired)}`);
    expect(section).toContain(`/certificate/form?new=1&amp;vehicleId=${a.crane}`);
    expect(section).toContain("长期有效");
    const refused = await a.post("/certificate/form?new=1", certificate(a.crane, { issuedOn: "2026-05-01", expiresOn: "2026-04-30" }));
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("有效期不能早于发证日期");
  });

  it("keeps a machine with an expired mandatory certificate off a new contract line, in the reader's language; renewed, it goes on", async () => {
    const a = await admin();
    const id = idOf(await a.post("/certificate/form?new=1", certificate(a.crane)));
    const refused = await newContract(a, a.crane);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(`该设备定期检验报告已过期（SHTJ-DJ-20261 ${addDays(today(), -3)}），请先更新证书`);
    expect(await (await newContract(a, a.crane, "en-US")).text()).toContain("The machine&#x27;s periodic inspection report has expired");
    // renewed: the same certificate, a year on
    const version = String((await env.DB.prepare("select version from vehicle_certificates where id = ?").bind(id).first<{ version: number }>())!.version);
    expect((await a.post(`/certificate/form?id=${id}`, { ...certificate(a.crane, { expiresOn: addDays(today(), 362) }), id: String(id), version })).status).toBe(302);
    expect((await newContract(a, a.crane)).status).toBe(302);
  });

  it("lets an optional certificate's expiry pass, and a machine with none", async () => {
    const a = await admin();
    await a.post("/certificate/form?new=1", certificate(a.crane, { kind: "insurance", mandatory: "" }));
    expect((await newContract(a, a.crane)).status).toBe(302);
    const bare = await makeVehicle(a.tenantId, { orgId: a.rootOrgId });
    expect((await newContract(a, bare.id)).status).toBe(302);
  });

  it("refuses 派车 and a trip after the day it expired; a trip before it is kept", async () => {
    const a = await admin();
    const contract = await makeContract(a.tenantId, { state: 3, lines: [{ vehicleId: a.crane, from: addDays(today(), -30), to: addDays(today(), 30) }] });
    await a.post("/certificate/form?new=1", certificate(a.crane));
    const trip = (tripOn: string) => ({ intent: "create", ...FACTORIES.outcarRecord!({ ...a, tenantId: a.tenantId }), lineId: String(contract.lineIds[0]), tripOn });
    const after = await a.post("/outcarRecord", trip(today()));
    expect(after.status).toBe(409);
    expect(await after.text()).toContain("该设备定期检验报告已过期");
    expect((await a.post("/outcarRecord", trip(addDays(today(), -5)))).status).toBe(302);
    // 派车 on the board: a line asking for a truck crane is given the machine
    const open = await makeContract(a.tenantId, { state: 3, lines: [{ vehicleId: null, from: addDays(today(), 40), to: addDays(today(), 50), type: "1" }] });
    await env.DB.prepare("update vehicles set vehicle_type = '1' where id = ?").bind(a.crane).run();
    const month = addDays(today(), 40).slice(0, 7);
    const assign = await a.post(`/quickSchedule?month=${month}&assign=1`, { intent: "assign", lineId: String(open.lineIds[0]), vehicleId: String(a.crane) });
    expect(assign.status).toBe(409);
    expect(await assign.text()).toContain("该设备定期检验报告已过期");
  });

  it("shows a certificate with its machine only: another tenant's machine is refused, a department sees its own", async () => {
    const a = await admin();
    const b = await admin();
    const theirs = await a.post("/certificate/form?new=1", certificate(b.crane));
    expect(theirs.status).toBe(409);
    expect(await theirs.text()).toContain("请从选项中选择");
    const dept = await makeDepartment(a.tenantId, a.rootOrgId);
    const ours = await makeVehicle(a.tenantId, { orgId: dept, plate: "沪F部0001" });
    await a.post("/certificate/form?new=1", certificate(ours.id, { number: "DEPT-1" }));
    const mine = idOf(await a.post("/certificate/form?new=1", certificate(a.crane, { number: "ROOT-1" })));
    const scoped = await signInDepartmentUser(a, dept, "证书管理员");
    const list = await (await get("/certificate", scoped)).text();
    expect(list).toContain("DEPT-1");
    expect(list).not.toContain("ROOT-1");
    expect((await get(`/certificate/form?id=${mine}`, scoped)).status).toBe(404);
    expect((await get(`/certificate/form?id=${mine}`, b.cookie)).status).toBe(404);
  });

  it("puts the mandatory certificates expired or running out within 30 days on the workbench's to-do, first to expire first, in scope", async () => {
    const a = await admin();
    await a.post("/certificate/form?new=1", certificate(a.crane, { number: "LATE-1", expiresOn: addDays(today(), 20) }));
    await a.post("/certificate/form?new=1", certificate(a.crane, { number: "GONE-1", expiresOn: addDays(today(), -3) }));
    await a.post("/certificate/form?new=1", certificate(a.crane, { number: "FAR-1", expiresOn: addDays(today(), 31) }));
    await a.post("/certificate/form?new=1", certificate(a.crane, { number: "OPT-1", kind: "insurance", mandatory: "" }));
    const page = await (await get("/manageWork", a.cookie)).text();
    const items = page.match(/data-testid="todo-certificate"[\s\S]*?<\/li>/g) ?? [];
    expect(items).toHaveLength(2);
    expect(items[0]).toContain("GONE-1");
    expect(items[0]).toContain(`已于${addDays(today(), -3)}过期`);
    expect(items[1]).toContain("LATE-1");
    expect(items[1]).toContain(`${addDays(today(), 20)}到期`);
    expect(page).not.toContain("FAR-1");
    expect(page).not.toContain("OPT-1");
    const dept = await makeDepartment(a.tenantId, a.rootOrgId);
    expect(await (await get("/manageWork", await signInDepartmentUser(a, dept, "部门经理"))).text()).not.toContain("GONE-1");
  });

  it("证照管理: keeps the company's licences, first to expire first and flagged, the tenant's alone", async () => {
    const a = await admin();
    const b = await admin();
    const licence = (more: Fields): Fields => ({ intent: "save", kind: "safety", name: "安全生产许可证", number: "(沪)JZ安许证字[2023]0101", holder: "", issuer: "", issuedOn: addDays(today(), -1000), expiresOn: addDays(today(), 25), remark: "", ...more });
    const soon = idOf(await a.post("/license/form?new=1", licence({})));
    expect(soon).toBeGreaterThan(0);
    expect((await a.post("/license/form?new=1", licence({ kind: "business", name: "营业执照", number: "91310115MA1K4", expiresOn: "" }))).status).toBe(302);
    const list = await (await get("/license", a.cookie)).text();
    expect(list.indexOf("(沪)JZ安许证字[2023]0101")).toBeLessThan(list.indexOf("91310115MA1K4"));
    expect(list).toContain("30天内到期");
    expect((await a.post("/license/form?new=1", licence({ expiresOn: "2020-01-01", issuedOn: "2020-02-01" }))).status).toBe(409);
    expect((await get(`/license/form?id=${soon}`, b.cookie)).status).toBe(404);
    expect(await (await get("/license", b.cookie)).text()).not.toContain("91310115MA1K4");
  });
});
