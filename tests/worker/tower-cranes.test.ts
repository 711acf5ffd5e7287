// Tower cranes end to end on the real hub and D1 (issue 41): a safety monitor's readings through the terminal API
// become the vehicle's live crane values (what 塔吊大屏 shows), an overload and a wind alarm each raised once an
// episode, the day's lifts and peak moment in vehicle_daily; TJWS作业报表 and the tower screen's figures read them
// back, within the user's data scope.
import { env } from "cloudflare:test";
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { alarms, vehicleDaily } from "../../db/schema";
import { todayInZone } from "../../app/lib/tenant-clock";
import { towerFigures } from "../../app/modules/wall/tower.server";
import { hubFor } from "../../workers/fleet-hub/client";
import { db, get, makeTenant, signIn, signInDepartmentUser, unique } from "./helpers";
import { makeDepartment } from "./rent-fixtures";
import { makeVehicle, report, terminalToken } from "./telematics";

const SITE = { lng: 121.92, lat: 30.91 };
let seq = 0;
const reading = (t: number, can: Record<string, number>) => ({ seq: ++seq, t, ...SITE, speed: 0, status: { acc: true }, can });

let w: { tenantId: number; towerId: number; otherTowerId: number; admin: string; scoped: string; selfNo: string; today: string };

beforeAll(async () => {
  const t = await makeTenant({ role: "admin" });
  const east = await makeDepartment(t.tenantId, t.rootOrgId);
  const west = await makeDepartment(t.tenantId, t.rootOrgId);
  const selfNo = unique("TC-");
  const tower = await makeVehicle(t.tenantId, { orgId: east });
  const other = await makeVehicle(t.tenantId, { orgId: west });
  await env.DB.prepare("update vehicles set vehicle_type = '3', self_no = ? where id = ?").bind(selfNo, tower.id).run();
  await env.DB.prepare("update vehicles set vehicle_type = '3' where id = ?").bind(other.id).run();
  await hubFor(env, t.tenantId).configChanged();
  const token = await terminalToken(tower);
  const base = Date.now() - 10 * 60_000;
  // an empty hook, a lift of 4 t out to 30 m (96 %), set down, a second lift overloaded (6 t at 22 m: 105.6 % of 125 t·m),
  // still over, back under 90 %, then wind rising to 11.5 m/s and staying up
  const rows = [
    reading(base, { craneLoad: 0, craneMoment: 0, craneRadius: 15, windSpeed: 5 }),
    reading(base + 10_000, { craneLoad: 4, craneMoment: 96, craneRadius: 30, craneHeight: 42, craneSlew: 90, windSpeed: 6 }),
    reading(base + 20_000, { craneLoad: 0, craneMoment: 0, craneRadius: 15, windSpeed: 6 }),
    reading(base + 30_000, { craneLoad: 6, craneMoment: 105.6, craneRadius: 22, windSpeed: 7 }),
    reading(base + 40_000, { craneLoad: 6, craneMoment: 101, craneRadius: 21.5, windSpeed: 7 }),
    reading(base + 50_000, { craneLoad: 0.1, craneMoment: 1, craneRadius: 15, windSpeed: 9 }),
    reading(base + 60_000, { craneLoad: 0, craneMoment: 0, craneRadius: 15, windSpeed: 11.5 }),
    reading(base + 70_000, { craneLoad: 0, craneMoment: 0, craneRadius: 16, craneHeight: 999, craneSlew: 700, windSpeed: 12 }),
  ];
  expect((await report(token, rows)).status).toBe(200);
  await hubFor(env, t.tenantId).flush();
  // a user of the west department with the administrator's role, who sees the other tower only
  const scoped = await signInDepartmentUser(t, west, "西区调度");
  w = { tenantId: t.tenantId, towerId: tower.id, otherTowerId: other.id, admin: await signIn(t.account, t.password), scoped, selfNo, today: todayInZone("Asia/Shanghai") };
});

describe("a tower crane's safety monitor", () => {
  it("keeps the last readings live, a slew past a turn as its angle, a value outside a sensor's range not at all", async () => {
    const live = await hubFor(env, w.tenantId).vehicle(w.towerId);
    // 700° is 340°; a hook 999 m up is a sensor's error
    expect(live!.crane).toEqual({ load: 0, moment: 0, radius: 16, height: null, slew: 340, wind: 12 });
  });

  it("raises one overload for the episode and one wind alarm, with the values", async () => {
    const rows = await db().select({ kind: alarms.kind, detail: alarms.detail }).from(alarms).where(and(eq(alarms.tenantId, w.tenantId), eq(alarms.vehicleId, w.towerId))).orderBy(asc(alarms.at));
    expect(rows.map((r) => r.kind)).toEqual(["overload", "wind"]);
    expect(rows[0]!.detail).toMatchObject({ moment: 105.6, load: 6, radius: 22, limitPercent: 100 });
    expect(rows[1]!.detail).toMatchObject({ wind: 11.5, limitMs: 10.8 });
  });

  it("rolls up the day's lifts and peak moment", async () => {
    const [day] = await db().select({ lifts: vehicleDaily.lifts, peak: vehicleDaily.peakMoment }).from(vehicleDaily).where(eq(vehicleDaily.vehicleId, w.towerId));
    // two loads rose onto the hook (4 t and 6 t); 0.1 t is no load
    expect(day).toEqual({ lifts: 2, peak: 105.6 });
  });

  it("shows on the tower screen's figures and in TJWS作业报表, within the user's scope", async () => {
    const f = await towerFigures(db(), { tenantId: w.tenantId, timeZone: "Asia/Shanghai", vehicleIds: "all" });
    const row = f.towers.find((x) => x.id === w.towerId)!;
    expect(row).toMatchObject({ selfNo: w.selfNo, lifts: 2, peakMoment: 105.6, overloads: 1, winds: 1, site: null });
    expect(f.latest.map((a) => [a.kind, a.value])).toEqual([
      ["wind", 11.5],
      ["overload", 105.6],
    ]);
    expect(f.lifts.at(-1)).toEqual({ day: w.today, lifts: 2 });
    expect(f.overloadPercent).toBe(100);

    const page = await get(`/tjwsWorkingReport?from=${w.today}&to=${w.today}`, w.admin);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(w.selfNo);
    expect(html).toContain("105.6");
    const theirs = await (await get(`/tjwsWorkingReport?from=${w.today}&to=${w.today}`, w.scoped)).text();
    expect(theirs).not.toContain(w.selfNo);
    expect((await get("/towerScreen", w.admin)).status).toBe(200);
  });
});
