// The telematics reports on real D1 (issue 41): 作业报表 and 油耗报表 from a small made-up fleet's daily roll-ups and
// fuel alarms (three machines of one department, one of a sibling department, a day outside the range, another
// tenant's machine on the same days), each figure checked as a literal worked out by hand, the Excel file the same as
// the page, a department's user seeing only their machines, the export refused without its permission, the read-only
// user reading the page.
import { eq, sql } from "drizzle-orm";
import { readSheet } from "read-excel-file/universal";
import { extractText, getDocumentProxy } from "unpdf";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { parseZonedTime } from "../../app/lib/tenant-days";
import { alarms, vehicleDaily, vehicleModels, vehicles } from "../../db/schema";
import { db, get, installTestFonts, makeTenant, signIn, signInDepartmentUser, unique } from "./helpers";
import { makeDepartment } from "./rent-fixtures";
import { makeVehicle } from "./telematics";

const RANGE = "from=2026-10-01&to=2026-10-03";
const H = 3600;

let w: { ids: Record<"a" | "d", number>; tenantId: number; east: number; admin: string; scoped: string; readOnly: string; other: string; plates: Record<"a" | "b" | "c" | "d" | "x", string>; model: string };

beforeAll(async () => {
  const t = await makeTenant({ role: "admin" });
  const east = await makeDepartment(t.tenantId, t.rootOrgId);
  const west = await makeDepartment(t.tenantId, t.rootOrgId);
  const model = unique("QY25K");
  const [m] = await db().insert(vehicleModels).values({ tenantId: t.tenantId, name: model, fuelAlarm: 45, idleCoefficient: 4.5 }).returning({ id: vehicleModels.id });
  const a = await makeVehicle(t.tenantId, { orgId: east, plate: unique("沪A") });
  const b = await makeVehicle(t.tenantId, { orgId: east, plate: unique("沪B") });
  const c = await makeVehicle(t.tenantId, { orgId: east, plate: unique("沪C") });
  const d = await makeVehicle(t.tenantId, { orgId: west, plate: unique("沪D") });
  await db().update(vehicles).set({ modelId: m!.id }).where(eq(vehicles.id, a.id));
  await db().update(vehicles).set({ modelId: m!.id }).where(eq(vehicles.id, b.id));
  const day = (vehicleId: number, d: string, engine: number, km: number, fuel: number, idle = 0) => ({ tenantId: t.tenantId, vehicleId, day: d, engineSeconds: engine, mileageKm: km, fuelUsedL: fuel, idleSeconds: idle });
  await db()
    .insert(vehicleDaily)
    .values([
      // A: two working days, 8 h and 6.5 h, 120 + 80 km on 50 + 40 L: 45.0 L/100 km, at its model's value (within)
      // (idling 1.5 h and 0.5 h of them)
      day(a.id, "2026-10-01", 8 * H, 120, 50, 1.5 * H),
      day(a.id, "2026-10-02", 6.5 * H, 80, 40, 0.5 * H),
      // B: one day, 5 h 20 min, 50 km on 30 L: 60.0 L/100 km, over 45
      day(b.id, "2026-10-02", 5 * H + 20 * 60, 50, 30, 2 * H),
      // C reported but did not run: online, no engine time, no fuel
      day(c.id, "2026-10-03", 0, 0, 0),
      // D, the west's: 10 h, 200 km, 70 L
      day(d.id, "2026-10-01", 10 * H, 200, 70),
      // outside the range
      day(a.id, "2026-10-04", 20 * H, 999, 999),
    ]);
  const at = (stamp: string) => parseZonedTime(stamp, "Asia/Shanghai");
  await db()
    .insert(alarms)
    .values([
      { tenantId: t.tenantId, vehicleId: a.id, hubKey: unique("r"), kind: "refuel", level: 3, at: at("2026-10-02T07:40"), detail: { from: 18.5, to: 92 } },
      { tenantId: t.tenantId, vehicleId: c.id, hubKey: unique("f"), kind: "fuel_drop", level: 1, at: at("2026-10-03T02:15"), detail: { from: 76, to: 41.5 } },
      { tenantId: t.tenantId, vehicleId: d.id, hubKey: unique("f"), kind: "fuel_drop", level: 1, at: at("2026-10-01T23:00"), detail: { from: 60, to: 20 } },
      // the range's days are the tenant's: 00:30 on 4 October in Shanghai is outside, 23:59 on 3 October inside
      { tenantId: t.tenantId, vehicleId: a.id, hubKey: unique("r"), kind: "refuel", level: 3, at: at("2026-10-04T00:30"), detail: { from: 10, to: 90 } },
      { tenantId: t.tenantId, vehicleId: b.id, hubKey: unique("r"), kind: "refuel", level: 3, at: at("2026-10-03T23:59"), detail: { from: 20, to: 80 } },
      // an overspeed is no fuel event
      { tenantId: t.tenantId, vehicleId: a.id, hubKey: unique("o"), kind: "overspeed", level: 2, at: at("2026-10-02T10:00"), detail: {} },
    ]);

  const other = await makeTenant({ role: "admin" });
  const x = await makeVehicle(other.tenantId, { plate: unique("沪X") });
  await db().insert(vehicleDaily).values({ tenantId: other.tenantId, vehicleId: x.id, day: "2026-10-01", engineSeconds: 23 * H, mileageKm: 777, fuelUsedL: 555 });

  // a user of the east department with the admin's role
  const scoped = await signInDepartmentUser(t, east, "华东调度");
  const viewer = await makeTenant({ role: "viewer" });
  const plate = async (id: number) => (await db().select({ plate: vehicles.plate }).from(vehicles).where(eq(vehicles.id, id)))[0]!.plate;
  w = {
    ids: { a: a.id, d: d.id },
    tenantId: t.tenantId,
    east,
    admin: await signIn(t.account, t.password),
    scoped,
    readOnly: await signIn(viewer.account, viewer.password),
    other: await signIn(other.account, other.password),
    plates: { a: await plate(a.id), b: await plate(b.id), c: await plate(c.id), d: await plate(d.id), x: await plate(x.id) },
    model,
  };
});

const page = async (path: string, cookie: string) => {
  const res = await get(path, cookie);
  expect(res.status, path).toBe(200);
  return res.text();
};
/** The cells of each table row (the HTML's) as text. */
const rowsOf = (html: string) =>
  (html.match(/<tr[^>]*>[\s\S]*?<\/tr>/g) ?? []).map((tr) => [...tr.matchAll(/<t[dh][^>]*>([\s\S]*?)<\/t[dh]>/g)].map((m) => m[1]!.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, "").trim()));
const row = (html: string, ...first: string[]) => rowsOf(html).find((cells) => first.every((f, i) => cells[i] === f));
const en = (cookie: string) => `${cookie.replace(/(^|; )derrick_lang=[^;]*/, "")}; derrick_lang=en-US`;

describe("作业报表 /operationReport", () => {
  it("gives each machine's operating hours, days worked and hours per working day, and the fleet's per day", async () => {
    const html = await page(`/operationReport?${RANGE}`, w.admin);
    expect(row(html, w.plates.a)).toEqual([w.plates.a, w.model, "2", "14.5", "7.3", "200.0"]);
    expect(row(html, w.plates.b)).toEqual([w.plates.b, w.model, "1", "5.3", "5.3", "50.0"]);
    expect(row(html, w.plates.c)).toEqual([w.plates.c, "未设置型号", "0", "0.0", "—", "0.0"]);
    expect(row(html, w.plates.d)).toEqual([w.plates.d, "未设置型号", "1", "10.0", "10.0", "200.0"]);
    // 8 + 6.5 + 5⅓ + 10 = 29.83 h over 4 working days
    expect(row(html, "合计", "")).toEqual(["合计", "", "4", "29.8", "7.5", "450.0"]);
    // per day: 1 Oct A and D (18 h), 2 Oct A and B (11.83 h), 3 Oct nobody ran
    expect(row(html, "2026-10-01")).toEqual(["2026-10-01", "2", "18.0", "9.0", "320.0"]);
    expect(row(html, "2026-10-02")).toEqual(["2026-10-02", "2", "11.8", "5.9", "130.0"]);
    expect(row(html, "2026-10-03")).toEqual(["2026-10-03", "0", "0.0", "—", "0.0"]);
    expect(html).not.toContain(w.plates.x);
    expect(html).not.toContain("999.0");

    const sheet = await readSheet(await (await get(`/operationReport/export?${RANGE}`, en(w.admin))).arrayBuffer());
    expect(sheet[0]).toEqual(["Machine (plate)", "Model", "Days worked", "Operating hours", "Hours per working day", "Distance (km)"]);
    expect(sheet.find((r) => r[0] === w.plates.a)).toEqual([w.plates.a, w.model, "2", "14.5", "7.3", "200.0"]);
    expect(sheet.at(-1)).toEqual(["Total", null, "4", "29.8", "7.5", "450.0"]);
  });

  it("shows a department's user only their machines, in their totals too", async () => {
    const html = await page(`/operationReport?${RANGE}`, w.scoped);
    expect(html).not.toContain(w.plates.d);
    expect(row(html, "合计", "")).toEqual(["合计", "", "3", "19.8", "6.6", "250.0"]);
    expect(row(html, "2026-10-01")).toEqual(["2026-10-01", "1", "8.0", "8.0", "120.0"]);
  });

  it("lets the read-only user read the page but not export it; another tenant sees none of it", async () => {
    expect(row(await page(`/operationReport?${RANGE}`, w.readOnly), "合计", "")).toBeUndefined();
    expect((await get(`/operationReport/export?${RANGE}`, w.readOnly)).status).toBe(403);
    const other = await page(`/operationReport?${RANGE}`, w.other);
    expect(other).toContain(w.plates.x);
    expect(other).not.toContain(w.plates.a);
  });
});

describe("油耗报表 /oilWearReport", () => {
  it("gives each machine's fuel per 100 km against its model's value, its fills and drops, the fuel per day and the events", async () => {
    const html = await page(`/oilWearReport?${RANGE}`, w.admin);
    expect(row(html, w.plates.a)).toEqual([w.plates.a, w.model, "200.0", "90.0", "45.0", "45.0", "正常", "1", "0"]);
    expect(row(html, w.plates.b)).toEqual([w.plates.b, w.model, "50.0", "30.0", "60.0", "45.0", "超标", "1", "0"]);
    // C burnt nothing but its tank fell at night: listed for the drop, no rate
    expect(row(html, w.plates.c)).toEqual([w.plates.c, "未设置型号", "0.0", "0.0", "—", "—", "", "0", "1"]);
    expect(row(html, w.plates.d)).toEqual([w.plates.d, "未设置型号", "200.0", "70.0", "35.0", "—", "", "0", "1"]);
    // 190 L over 450 km: 42.2 L/100 km
    expect(row(html, "合计", "")).toEqual(["合计", "", "450.0", "190.0", "42.2", "—", "", "2", "2"]);
    expect(row(html, "2026-10-02", "70.0")).toEqual(["2026-10-02", "70.0", "130.0", "53.8"]);
    // the events in time order, in the tenant's time; 4 October's fill is not in the range
    const events = rowsOf(html).filter((cells) => /^2026-10-0\d \d\d:\d\d$/.test(cells[0] ?? ""));
    expect(events).toEqual([
      ["2026-10-01 23:00", w.plates.d, "油量骤降", "60%", "20%"],
      ["2026-10-02 07:40", w.plates.a, "加油", "18.5%", "92%"],
      ["2026-10-03 02:15", w.plates.c, "油量骤降", "76%", "41.5%"],
      ["2026-10-03 23:59", w.plates.b, "加油", "20%", "80%"],
    ]);

    const sheets = await readSheet(await (await get(`/oilWearReport/export?${RANGE}`, w.admin)).arrayBuffer());
    expect(sheets.find((r) => r[0] === w.plates.b)).toEqual([w.plates.b, w.model, "50.0", "30.0", "60.0", "45.0", "超标", "1", "0"]);
    // the PDF prints the same tables
    await installTestFonts();
    const res = await get(`/oilWearReport/export?${RANGE}&format=pdf`, w.admin);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await res.arrayBuffer())), { mergePages: true });
    for (const t of ["油耗报表", "设备油耗", "每日油耗", "加油与油量骤降", w.plates.b, "超标", "42.2"]) expect(text).toContain(t);
  });

  it("leaves the other department's machines and events out for a department's user", async () => {
    const html = await page(`/oilWearReport?${RANGE}`, w.scoped);
    expect(html).not.toContain(w.plates.d);
    expect(row(html, "合计", "")).toEqual(["合计", "", "250.0", "120.0", "48.0", "—", "", "2", "1"]);
  });

  it("says so when a period has no fuel and no event", async () => {
    const html = await page("/oilWearReport?from=2026-09-01&to=2026-09-02", w.admin);
    expect(html).toContain("区间内没有加油或油量骤降");
    expect(html).toContain("该区间内没有数据");
  });
});

describe("HD报表 /hdReport", () => {
  it("gives each machine's idle hours, their share of its engine time and the fuel burnt idling at its model's rate, and the fleet's per day", async () => {
    const html = await page(`/hdReport?${RANGE}`, w.admin);
    // A: 2 of 14.5 h idle, 13.8 %, at 4.5 L/h 9.0 L; B: 2 of 5⅓ h, 37.5 %; C and D never idled: left out
    expect(row(html, w.plates.a)).toEqual([w.plates.a, w.model, "14.5", "2.0", "13.8%", "4.5", "9.0"]);
    expect(row(html, w.plates.b)).toEqual([w.plates.b, w.model, "5.3", "2.0", "37.5%", "4.5", "9.0"]);
    expect(row(html, w.plates.c)).toBeUndefined();
    expect(row(html, w.plates.d)).toBeUndefined();
    // 4 of 19.83 h: 20.2 %
    expect(row(html, "合计", "")).toEqual(["合计", "", "19.8", "4.0", "20.2%", "—", "18.0"]);
    // per day, the whole fleet's engine time: 1 Oct 1.5 of 18 h, 2 Oct 2.5 of 11.83 h; 3 Oct had no idling
    expect(row(html, "2026-10-01")).toEqual(["2026-10-01", "18.0", "1.5", "8.3%"]);
    expect(row(html, "2026-10-02")).toEqual(["2026-10-02", "11.8", "2.5", "21.1%"]);
    expect(row(html, "2026-10-03")).toBeUndefined();
    const sheet = await readSheet(await (await get(`/hdReport/export?${RANGE}`, en(w.admin))).arrayBuffer());
    expect(sheet[0]).toEqual(["Machine (plate)", "Model", "Engine hours", "Idle hours", "Idle share", "Idle fuel rate (L/h)", "Fuel burnt idling (L)"]);
    expect(sheet.find((r) => r[0] === w.plates.b)).toEqual([w.plates.b, w.model, "5.3", "2.0", "37.5%", "4.5", "9.0"]);
  });
});

describe("报表统计 /reportStat, the report centre", () => {
  it("gives each report's headline figures over the period from its total row, linking to it with the period", async () => {
    const html = await page(`/reportStat?${RANGE}`, w.admin);
    const card = (key: string) => {
      const at = html.indexOf(`data-testid="centre-${key}"`);
      return html.slice(at, html.indexOf("</li>", at)).replace(/<!-- -->/g, "");
    };
    expect(card("operation")).toMatch(/作业小时<\/dt><dd[^>]*>29\.8<\/dd>[\s\S]*作业天数<\/dt><dd[^>]*>4<\/dd>/);
    expect(card("operation")).toContain(`href="/operationReport?${RANGE.replace("&", "&amp;")}"`);
    expect(card("oilWear")).toMatch(/油耗\(L\)<\/dt><dd[^>]*>190\.0<\/dd>[\s\S]*百公里油耗\(L\)<\/dt><dd[^>]*>42\.2<\/dd>/);
    expect(card("hd")).toMatch(/怠速小时<\/dt><dd[^>]*>4\.0<\/dd>[\s\S]*怠速占比<\/dt><dd[^>]*>20\.2%<\/dd>/);
    // the rental reports are there too, with nothing billed in this tenant
    expect(card("contractRevenue")).toMatch(/收入\(元\)<\/dt><dd[^>]*>0\.00<\/dd>/);
    // a department's user: their machines' figures
    const scoped = await page(`/reportStat?${RANGE}`, w.scoped);
    expect(scoped.slice(scoped.indexOf('data-testid="centre-operation"'))).toMatch(/作业小时<\/dt><dd[^>]*>19\.8<\/dd>/);
  });
});

describe("the roll-ups above the day (vehicle_daily's triggers)", () => {
  it("sums whole months from the months and the edge days from the days, follows a rewritten day and a machine moved", async () => {
    const upsert = (vehicleId: number, day: string, engine: number, km: number, fuel: number) =>
      db()
        .insert(vehicleDaily)
        .values({ tenantId: w.tenantId, vehicleId, day, engineSeconds: engine, mileageKm: km, fuelUsedL: fuel })
        // as the FleetHub writes a day: its totals again, the row replaced in place
        .onConflictDoUpdate({ target: [vehicleDaily.vehicleId, vehicleDaily.day], set: { engineSeconds: sql`excluded.engine_seconds`, mileageKm: sql`excluded.mileage_km`, fuelUsedL: sql`excluded.fuel_used_l` } });
    await upsert(w.ids.a, "2026-09-30", 2 * H, 10, 4);
    await upsert(w.ids.a, "2026-11-01", 1 * H, 5, 2);
    // the hub rewrites 4 October: 20 h became 12 h, 999 km 100 km
    await upsert(w.ids.a, "2026-10-04", 12 * H, 100, 40);
    // 30 September to 1 November: October from its month (8 + 6.5 + 12 h), the two edge days from their days (2 + 1 h)
    const html = await page("/operationReport?from=2026-09-30&to=2026-11-01", w.admin);
    expect(row(html, w.plates.a)).toEqual([w.plates.a, w.model, "5", "29.5", "5.9", "315.0"]);
    expect(row(html, "2026-10-04")).toEqual(["2026-10-04", "1", "12.0", "12.0", "100.0"]);
    // 2 to 31 October: October less its first day (6.5 + 12 h over two days)
    expect(row(await page("/operationReport?from=2026-10-02&to=2026-10-31", w.admin), w.plates.a)).toEqual([w.plates.a, w.model, "2", "18.5", "9.3", "180.0"]);
    // the west's machine moves to the east: its days go with it, to the east's user too
    expect(row(await page(`/operationReport?${RANGE}`, w.scoped), "2026-10-01")).toEqual(["2026-10-01", "1", "8.0", "8.0", "120.0"]);
    await db().update(vehicles).set({ orgId: w.east }).where(eq(vehicles.id, w.ids.d));
    const moved = await page(`/operationReport?${RANGE}`, w.scoped);
    expect(row(moved, "2026-10-01")).toEqual(["2026-10-01", "2", "18.0", "9.0", "320.0"]);
    expect(row(moved, w.plates.d)).toEqual([w.plates.d, "未设置型号", "1", "10.0", "10.0", "200.0"]);
    // and the whole tenant's day is what it was
    expect(row(await page(`/operationReport?${RANGE}`, w.admin), "2026-10-01")).toEqual(["2026-10-01", "2", "18.0", "9.0", "320.0"]);
  });
});

describe("a large fleet on the page", () => {
  it("shows the first 100 machines and folds the rest into one row; the file lists every one", async () => {
    const t = await makeTenant({ role: "admin" });
    const tag = unique("F").slice(-6);
    // 103 machines straight into the tables, each with one day: machine i ran i minutes
    await env.DB.prepare(
      `with recursive seq(value) as (select 1 union all select value + 1 from seq where value < 103)
        insert into vehicles (tenant_id, plate, terminal_no, state, version, created_at, updated_at)
        select ?, ? || '-' || substr('000' || value, -3), ? || '-' || value, 1, 1, 0, 0 from seq`,
    )
      .bind(t.tenantId, tag, tag)
      .run();
    await env.DB.prepare(
      `insert into vehicle_daily (tenant_id, vehicle_id, day, engine_seconds, updated_at)
        select tenant_id, id, '2026-10-01', cast(substr(plate, -3) as integer) * 60, 0 from vehicles where tenant_id = ?`,
    )
      .bind(t.tenantId)
      .run();
    const cookie = await signIn(t.account, t.password);
    const html = await page("/operationReport?from=2026-10-01&to=2026-10-01", cookie);
    const machines = rowsOf(html).filter((cells) => cells[0]?.startsWith(tag));
    expect(machines).toHaveLength(100);
    // the busiest first: 103 minutes down to 4; the three least busy (3, 2 and 1 minutes: 0.1 h) folded
    expect(machines[0]).toEqual([`${tag}-103`, "未设置型号", "1", "1.7", "1.7", "0.0"]);
    expect(row(html, "其他 3 台")).toEqual(["其他 3 台", "", "3", "0.1", "—", "0.0"]);
    const sheet = await readSheet(await (await get("/operationReport/export?from=2026-10-01&to=2026-10-01", cookie)).arrayBuffer());
    expect(sheet.filter((r) => String(r[0]).startsWith(tag))).toHaveLength(103);
  });
});
