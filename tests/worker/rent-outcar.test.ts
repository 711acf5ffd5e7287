import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { FACTORIES } from "./factories";
import { get, makeTenant, postForm, signIn } from "./helpers";
import { makeContract, makeDepartment } from "./rent-fixtures";
import { makeVehicle } from "./telematics";

async function dispatcher() {
  const t = await makeTenant({ role: "admin" });
  const cookie = await signIn(t.account, t.password);
  const vehicle = await makeVehicle(t.tenantId, { orgId: t.rootOrgId });
  const contract = await makeContract(t.tenantId, { state: 3, site: "嘉定区安亭镇墨玉路工地", lines: [{ vehicleId: vehicle.id, from: "2026-03-01", to: "2026-03-31" }] });
  return { ...t, cookie, vehicle, contract, lineId: contract.lineIds[0]! };
}
type Dispatcher = Awaited<ReturnType<typeof dispatcher>>;

const trip = (d: Dispatcher, over: Record<string, string> = {}): Record<string, string> => ({ ...FACTORIES.outcarRecord!({ ...d, tenantId: d.tenantId }), lineId: String(d.lineId), tripOn: "2026-03-16", ...over });
const post = (d: Dispatcher, fields: Record<string, string>, lang = "zh-CN") => postForm("/outcarRecord", { intent: "create", ...fields }, { Cookie: `${d.cookie}; derrick_lang=${lang}` });
const stored = (work: string) => env.DB.prepare("select * from outcar_records where work = ?").bind(work).first<Record<string, number | string | null>>();

describe("/outcarRecord 出车登记", () => {
  it("stores a trip with its line's contract, machine and site, times in the tenant's zone", async () => {
    const d = await dispatcher();
    const fields = trip(d);
    expect((await post(d, fields)).status).toBe(302);
    const row = (await stored(fields.work!))!;
    expect(row.contract_id).toBe(d.contract.id);
    expect(row.vehicle_id).toBe(d.vehicle.id);
    expect(row.site).toBe("嘉定区安亭镇墨玉路工地");
    // 07:30 in Shanghai is 23:30 UTC the day before
    expect(new Date(Number(row.depart_at)).toISOString()).toBe("2026-03-15T23:30:00.000Z");
    expect(row.engine_hours_end).toBe(1208.5);
    const list = await (await get("/outcarRecord?tripOn=2026-03-16", d.cookie)).text();
    expect(list).toContain(fields.work!);
    expect(list).toContain(d.contract.number);
  });

  it("keeps the customer's signed photo with the trip; another tenant's file or a second photo is refused", async () => {
    const d = await dispatcher();
    const file = async (tenantId: number) => (await env.DB.prepare("insert into files (tenant_id, r2_key, public_key, file_name, content_type, size, created_at) values (?, ?, lower(hex(randomblob(16))), '签字.jpg', 'image/jpeg', 10, ?) returning id").bind(tenantId, `k${Math.random()}`, Date.now()).first<{ id: number }>())!.id;
    const keyOf = async (id: number) => (await env.DB.prepare("select public_key as k from files where id = ?").bind(id).first<{ k: string }>())!.k;
    const mine = await file(d.tenantId);
    const fields = trip(d, { signer: "王工", signature: String(mine) });
    expect((await post(d, fields)).status).toBe(302);
    const row = (await stored(fields.work!))!;
    expect([row.signer, row.signature_file_id]).toEqual(["王工", String(mine)]);
    // the list links the photo; the edit form shows it by name
    expect(await (await get("/outcarRecord?tripOn=2026-03-16", d.cookie)).text()).toContain(`/api/common/commonfile/downloadFile?id=${await keyOf(mine)}`);
    expect(await (await get(`/outcarRecord?edit=${row.id}`, d.cookie)).text()).toContain("签字.jpg");

    const other = await makeTenant();
    const theirs = trip(d, { signature: String(await file(other.tenantId)) });
    const refused = await post(d, theirs);
    expect(refused.status).toBe(409);
    expect(await stored(theirs.work!)).toBeNull();
    const two = new URLSearchParams({ intent: "create", ...trip(d) });
    two.append("signature", String(mine));
    two.append("signature", String(await file(d.tenantId)));
    const twice = await postForm("/outcarRecord", two, { Cookie: `${d.cookie}; derrick_lang=en-US` });
    expect(twice.status).toBe(400);
    expect(await twice.text()).toContain("Only one signed photo can be uploaded");
  });

  it("refuses a return before the departure, end readings below the start and a day outside the line, in both languages", async () => {
    const d = await dispatcher();
    const back = await post(d, trip(d, { departTime: "17:00", returnTime: "08:00" }));
    expect(back.status).toBe(400);
    expect(await back.text()).toContain("回场时间须晚于出车时间");
    const hours = await post(d, trip(d, { engineHoursStart: "1200", engineHoursEnd: "1100", kmStart: "500", kmEnd: "499" }), "en-US");
    expect(hours.status).toBe(400);
    const text = await hours.text();
    expect(text).toContain("The engine hours at return cannot be less than at departure");
    expect(text).toContain("The kilometres at return cannot be less than at departure");
    const outside = await post(d, trip(d, { tripOn: "2026-04-02" }));
    expect(outside.status).toBe(409);
    expect(await outside.text()).toContain("出车日期须在该设备行的进场与退场日期之间（2026-03-01 ~ 2026-03-31）");
    const bad = await post(d, trip(d, { departTime: "7点半" }));
    expect(await bad.text()).toContain("请输入时间，格式为 时:分");
    expect(await env.DB.prepare("select count(*) n from outcar_records where tenant_id = ?").bind(d.tenantId).first("n")).toBe(0);
  });

  it("records trips only for approved or executing contracts of the tenant", async () => {
    const d = await dispatcher();
    const draft = await makeContract(d.tenantId, { state: 0, lines: [{ vehicleId: d.vehicle.id, from: "2026-03-01" }] });
    const res = await post(d, trip(d, { lineId: String(draft.lineIds[0]) }));
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("只能为已审批或执行中的合同登记出车");
    const other = await dispatcher();
    expect(await (await post(d, trip(d, { lineId: String(other.lineId) }))).text()).toContain("所选合同设备行不存在或不在执行中");
    // the form offers the executing line, not the draft's nor another tenant's
    const form = await (await get("/outcarRecord?new=1", d.cookie)).text();
    expect(form).toContain(`value="${d.lineId}"`);
    expect(form).not.toContain(`value="${draft.lineIds[0]}"`);
    expect(form).not.toContain(`value="${other.lineId}"`);
  });

  it("prefills the start readings from the machine's telemetry: on the form opened from a line, and on a save left blank", async () => {
    const d = await dispatcher();
    // 1,234.5 engine hours over two reported days
    await env.DB.prepare("insert into vehicle_daily (tenant_id, vehicle_id, day, engine_seconds, updated_at) values (?, ?, '2026-03-01', ?, ?), (?, ?, '2026-03-02', ?, ?)")
      .bind(d.tenantId, d.vehicle.id, 4_000_000, Date.now(), d.tenantId, d.vehicle.id, 444_200, Date.now())
      .run();
    const form = await (await get(`/outcarRecord?new=1&lineId=${d.lineId}&tripOn=2026-03-16`, d.cookie)).text();
    expect(form).toMatch(/name="engineHoursStart"[^>]*value="1234.5"|value="1234.5"[^>]*name="engineHoursStart"/);
    const fields = trip(d, { engineHoursStart: "", engineHoursEnd: "1240", kmStart: "", kmEnd: "" });
    expect((await post(d, fields)).status).toBe(302);
    expect((await stored(fields.work!))!.engine_hours_start).toBe(1234.5);
  });

  it("counts the day's trips on the calendar as 'N条出车登记' within the user's data scope", async () => {
    const d = await dispatcher();
    for (const work of ["吊装钢梁A", "吊装钢梁B"]) expect((await post(d, trip(d, { work: `${work}${d.tenantId}` }))).status).toBe(302);
    expect((await post(d, trip(d, { tripOn: "2026-03-17", work: `次日${d.tenantId}` }))).status).toBe(302);
    const page = await (await get("/outcarRecord?cal=2026-03", d.cookie)).text();
    expect(page).toContain("2026-03-16 2条出车登记");
    expect(page).toContain("2026-03-17 1条出车登记");
    const en = await (await get("/outcarRecord?cal=2026-03", `${d.cookie}; derrick_lang=en-US`)).text();
    expect(en).toContain("2026-03-16 Departures logged: 2");
    // a colleague of another department sees neither the trips nor their count
    const dept = await makeDepartment(d.tenantId, d.rootOrgId);
    await env.DB.prepare("update users set org_id = ? where id = ?").bind(dept, d.userId).run();
    await env.DB.prepare("update contracts set org_id = ? where id = ?").bind(d.rootOrgId, d.contract.id).run();
    await env.DB.prepare("update outcar_records set org_id = ? where tenant_id = ?").bind(d.rootOrgId, d.tenantId).run();
    const scoped = await (await get("/outcarRecord?cal=2026-03", await signIn(d.account, d.password))).text();
    expect(scoped).not.toContain("条出车登记");
    expect(scoped).not.toContain(`次日${d.tenantId}`);
  });
});
