// 工程设备 and 工程设备清单 on real D1 (issue 41): a made-up fleet of four machines — a truck crane on rent all
// October, one in the yard, a crawler crane whose line ended on the 10th, a stopped tower crane — each figure worked
// out by hand; another tenant's machine and a department's view kept out.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { engineeringEquipment, engineeringEquipmentList } from "../../app/modules/reports/equipment.server";
import type { RequestScope } from "../../app/modules/access/access.server";
import { db, get, insertDaily, makeTenant, signIn, signInDepartmentUser, unique } from "./helpers";
import { makeContract, makeDepartment } from "./rent-fixtures";
import { makeVehicle } from "./telematics";

const RANGE = { from: "2026-10-01", to: "2026-10-31", range: null };
const H = 3600;
let w: { scope: RequestScope; admin: string; scoped: string; site: string; plates: Record<"a" | "b" | "c" | "d", string> };

beforeAll(async () => {
  const t = await makeTenant({ role: "admin" });
  const east = await makeDepartment(t.tenantId, t.rootOrgId);
  const plates = { a: unique("沪A"), b: unique("沪B"), c: unique("沪C"), d: unique("沪D") };
  const a = await makeVehicle(t.tenantId, { orgId: east, plate: plates.a });
  const b = await makeVehicle(t.tenantId, { orgId: east, plate: plates.b });
  const c = await makeVehicle(t.tenantId, { orgId: t.rootOrgId, plate: plates.c, state: 0 });
  const d = await makeVehicle(t.tenantId, { orgId: t.rootOrgId, plate: plates.d });
  for (const [id, type] of [[a.id, "1"], [b.id, "1"], [c.id, "3"], [d.id, "2"]] as const) await env.DB.prepare("update vehicles set vehicle_type = ? where id = ?").bind(type, id).run();
  const site = unique("临港工地");
  await makeContract(t.tenantId, { state: 3, customer: unique("客户X"), site, lines: [{ vehicleId: a.id, from: "2026-09-15" }] });
  await makeContract(t.tenantId, { state: 4, customer: unique("客户Y"), site: unique("别处"), lines: [{ vehicleId: d.id, from: "2026-10-01", to: "2026-10-10" }] });
  await insertDaily([
    { tenantId: t.tenantId, vehicleId: a.id, day: "2026-10-05", engineSeconds: 10 * H },
    { tenantId: t.tenantId, vehicleId: d.id, day: "2026-10-06", engineSeconds: 5 * H },
    { tenantId: t.tenantId, vehicleId: d.id, day: "2026-11-01", engineSeconds: 50 * H },
  ]);
  const o = await makeTenant({ role: "admin" });
  await makeVehicle(o.tenantId, { plate: unique("沪X") });
  w = {
    scope: { db: db(), user: { id: t.userId, tenantId: t.tenantId, orgId: null, wholeTenant: true, timeZone: "Asia/Shanghai" } } as unknown as RequestScope,
    admin: await signIn(t.account, t.password),
    scoped: await signInDepartmentUser(t, east, "华东设备"),
    site,
    plates,
  };
});

describe("工程设备", () => {
  it("counts each type's machines by state on the last day, their utilisation and hours, and the projects with machines there", async () => {
    const r = await engineeringEquipment(w.scope, RANGE, "zh-CN");
    const [types, projects] = r.tables;
    // truck cranes: A on rent all 31 days, B idle: 31 ÷ 62 = 50.0 %; crawler: D on rent 10 of 31 days (its line ended on the 10th): 32.3 %
    expect(types!.rows).toEqual([
      { type: "汽车吊", machines: 2, onRent: 1, yard: 1, stopped: 0, utilisation: 500, engine: 10 },
      { type: "履带吊", machines: 1, onRent: 0, yard: 1, stopped: 0, utilisation: 323, engine: 5 },
      { type: "塔吊", machines: 1, onRent: 0, yard: 0, stopped: 1, utilisation: 0, engine: 0 },
    ]);
    // 41 days on rent of 4 × 31
    expect(types!.total).toMatchObject({ machines: 4, onRent: 1, yard: 2, stopped: 1, utilisation: 331, engine: 15 });
    expect(projects!.rows).toEqual([{ project: w.site, customer: expect.stringContaining("客户X"), machines: 1, types: "汽车吊" }]);
  });

  it("lists every machine with its state, project and days on rent; a department's user sees theirs only", async () => {
    const r = await engineeringEquipmentList(w.scope, RANGE, "en-US");
    const byPlate = new Map(r.tables[0]!.rows.map((x) => [x.plate, x]));
    expect(byPlate.get(w.plates.a)).toMatchObject({ type: "Truck crane", state: "On rent", project: w.site, rentDays: 31, utilisation: 1000, engine: 10 });
    expect(byPlate.get(w.plates.d)).toMatchObject({ type: "Crawler crane", state: "In the yard", project: "", rentDays: 10, engine: 5 });
    expect(byPlate.get(w.plates.c)).toMatchObject({ state: "Stopped", rentDays: 0 });
    expect(r.tables[0]!.rows).toHaveLength(4);
    const theirs = await (await get(`/engineeringEquipmentList?from=${RANGE.from}&to=${RANGE.to}`, w.scoped)).text();
    expect(theirs).toContain(w.plates.a);
    expect(theirs).not.toContain(w.plates.d);
    expect((await get(`/engineeringEquipment?from=${RANGE.from}&to=${RANGE.to}`, w.admin)).status).toBe(200);
  });
});
