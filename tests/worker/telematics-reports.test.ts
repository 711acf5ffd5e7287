// 里程报表, 在线离线报表 and 驾驶行为分析 on real D1 (issue 41): a made-up fleet of six machines in two departments —
// their days of kilometres and online time, their driving alarms (one marked a misreport, one a terminal flag that is
// no item, one just after the range), three of them on rent today, the hub having heard from them at chosen times —
// each figure worked out by hand; a department's user seeing only their machines; another tenant's machine on the same
// days never counted; the Excel and PDF files; the roll-ups above the day; 103 machines on one page.
import { eq, sql } from "drizzle-orm";
import { readSheet } from "read-excel-file/universal";
import { extractText, getDocumentProxy } from "unpdf";
import { env, runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { hubFor } from "../../workers/fleet-hub/client";
import { dayStartMs, parseZonedTime } from "../../app/lib/tenant-days";
import { stampInZone, todayInZone } from "../../app/lib/tenant-clock";
import { alarms, drivers, vehicleDaily, vehicleModels, vehicles } from "../../db/schema";
import { db, get, insertDaily, installTestFonts, makeTenant, signIn, signInDepartmentUser, unique } from "./helpers";
import { makeContract, makeDepartment } from "./rent-fixtures";
import { makeVehicle, report, terminalToken } from "./telematics";

const RANGE = "from=2026-10-01&to=2026-10-03";
const H = 3600;
const TZ = "Asia/Shanghai";
type Key = "a" | "b" | "c" | "d" | "e" | "f";

let w: { tenantId: number; ids: Record<Key, number>; plates: Record<Key | "x", string>; seen: Record<"b" | "d" | "e", number>; model: string; admin: string; scoped: string; readOnly: string; other: string };

/** Sets when the tenant's hub last heard from a machine (its live state), as if the machine had reported then. */
async function heardAt(tenantId: number, vehicleId: number, seen: number) {
  await runInDurableObject(hubFor(env, tenantId), async (hub) => {
    const live = (hub as unknown as { live: { table: { vehicles: Map<number, { seen: number | null }> } } }).live.table.vehicles;
    live.get(vehicleId)!.seen = seen;
  });
}

beforeAll(async () => {
  const t = await makeTenant({ role: "admin" });
  const east = await makeDepartment(t.tenantId, t.rootOrgId);
  const west = await makeDepartment(t.tenantId, t.rootOrgId);
  const model = unique("QY25K");
  const [m] = await db().insert(vehicleModels).values({ tenantId: t.tenantId, name: model }).returning({ id: vehicleModels.id });
  const plates = { a: unique("沪A"), b: unique("沪B"), c: unique("沪C"), d: unique("沪D"), e: unique("沪E"), f: unique("沪F") };
  const a = await makeVehicle(t.tenantId, { orgId: east, plate: plates.a });
  const b = await makeVehicle(t.tenantId, { orgId: east, plate: plates.b });
  const c = await makeVehicle(t.tenantId, { orgId: east, plate: plates.c });
  const d = await makeVehicle(t.tenantId, { orgId: west, plate: plates.d });
  const e = await makeVehicle(t.tenantId, { orgId: east, plate: plates.e });
  const f = await makeVehicle(t.tenantId, { orgId: east, plate: plates.f });
  await db().update(vehicles).set({ modelId: m!.id }).where(sql`${vehicles.id} in (${a.id}, ${b.id})`);
  const day = (vehicleId: number, dayOf: string, km: number, online: number) => ({ tenantId: t.tenantId, vehicleId, day: dayOf, mileageKm: km, onlineSeconds: online, engineSeconds: km > 0 ? 2 * H : 0 });
  await insertDaily([
    // A: 120 + 80 km on two days, online 10 + 8 + 2 h on three (the third without moving)
    day(a.id, "2026-10-01", 120, 10 * H),
    day(a.id, "2026-10-02", 80, 8 * H),
    day(a.id, "2026-10-03", 0, 2 * H),
    // B: 50.5 km on one day, online 6 h
    day(b.id, "2026-10-02", 50.5, 6 * H),
    // C: online 1.5 h, never moved
    day(c.id, "2026-10-03", 0, 1.5 * H),
    // D, the west's: 200 km, online 12 h
    day(d.id, "2026-10-01", 200, 12 * H),
    // outside the range
    day(a.id, "2026-10-04", 999, 20 * H),
    // E and F reported nothing
  ]);
  const at = (stamp: string) => parseZonedTime(stamp, TZ);
  const alarm = (vehicleId: number, kind: string, stamp: string, detail: Record<string, unknown> = {}, handleState = 0) => ({ tenantId: t.tenantId, vehicleId, hubKey: unique("k"), kind, level: 2, at: at(stamp), detail, handleState });
  const rows = [
    // A: two overspeeds and a fatigue (5 + 5 + 10 points): 80, just a pass
    alarm(a.id, "overspeed", "2026-10-01T09:00", { limitKmh: 60, speed: 71.5, since: at("2026-10-01T08:58") }),
    alarm(a.id, "overspeed", "2026-10-02T10:00", { limitKmh: 60, speed: 66 }, 1),
    alarm(a.id, "fatigue", "2026-10-02T15:00", { drivenMinutes: 250 }),
    // none of these counts: the terminal's own overspeed flag, a fuel event, an overspeed just after the range
    alarm(a.id, "terminal", "2026-10-02T10:00", { flag: "overspeed" }),
    alarm(a.id, "fuel_drop", "2026-10-02T11:00", { from: 80, to: 40 }),
    alarm(a.id, "overspeed", "2026-10-04T00:30", { limitKmh: 60, speed: 90 }),
    // B: an overspeed and a collision (5 + 20): 75, a fail; a second overspeed marked as a misreport counts nothing
    alarm(b.id, "overspeed", "2026-10-02T08:00", { limitKmh: 60, speed: 64 }),
    alarm(b.id, "overspeed", "2026-10-02T08:30", { limitKmh: 60, speed: 140 }, 2),
    alarm(b.id, "terminal", "2026-10-02T09:15", { flag: "collision" }),
    // C: idling too long (2): 98, without a kilometre
    alarm(c.id, "idle", "2026-10-03T23:59", { minutes: 45 }),
    // D: off route and a rollover (3 + 30): 67
    alarm(d.id, "off_route", "2026-10-01T07:00", { distanceM: 620, bufferM: 200, line: "临港线" }),
    alarm(d.id, "terminal", "2026-10-01T07:05", { flag: "rollover" }),
  ];
  // D1 binds at most 100 parameters a statement
  for (let i = 0; i < rows.length; i += 5) await db().insert(alarms).values(rows.slice(i, i + 5));
  await db()
    .insert(drivers)
    .values([
      { tenantId: t.tenantId, name: "张师傅", phone: "13700001111", vehicleId: a.id },
      { tenantId: t.tenantId, name: "李师傅", vehicleId: d.id },
      { tenantId: t.tenantId, name: "王师傅", vehicleId: d.id },
    ]);
  // A, C and E on rent today; B, D and F in the yard
  await makeContract(t.tenantId, { state: 3, lines: [{ vehicleId: a.id, from: "2026-09-01" }, { vehicleId: c.id, from: "2026-09-01" }, { vehicleId: e.id, from: "2026-11-01" }] });

  // the hub: A reports now (online); B was last heard three days ago, D six, E just before midnight; C and F never
  // (C's roll-ups have online time on 3 October: its last day heard; F none at all)
  await hubFor(env, t.tenantId).lastHeard(t.tenantId);
  expect((await report(await terminalToken(a), [{ seq: 1, t: Date.now() - 1000, lng: 121.47, lat: 31.23, speed: 0 }])).status).toBe(200);
  const now = Date.now();
  const seen = { b: now - 3 * 86_400_000, d: now - 6 * 86_400_000, e: dayStartMs(todayInZone(TZ), TZ)! - 60_000 };
  for (const [key, v] of [["b", b], ["d", d], ["e", e]] as const) await heardAt(t.tenantId, v.id, seen[key]);

  const other = await makeTenant({ role: "admin" });
  const x = await makeVehicle(other.tenantId, { plate: unique("沪X") });
  await insertDaily([{ tenantId: other.tenantId, vehicleId: x.id, day: "2026-10-01", mileageKm: 777, onlineSeconds: 20 * H }]);
  await db().insert(alarms).values({ tenantId: other.tenantId, vehicleId: x.id, hubKey: unique("x"), kind: "overspeed", level: 2, at: at("2026-10-01T12:00"), detail: {} });

  const viewer = await makeTenant({ role: "viewer" });
  w = {
    tenantId: t.tenantId,
    ids: { a: a.id, b: b.id, c: c.id, d: d.id, e: e.id, f: f.id },
    plates: { ...plates, x: (await db().select({ plate: vehicles.plate }).from(vehicles).where(eq(vehicles.id, x.id)))[0]!.plate },
    seen,
    model,
    admin: await signIn(t.account, t.password),
    scoped: await signInDepartmentUser(t, east, "华东调度"),
    readOnly: await signIn(viewer.account, viewer.password),
    other: await signIn(other.account, other.password),
  };
});

const page = async (path: string, cookie: string) => {
  const res = await get(path, cookie);
  expect(res.status, path).toBe(200);
  return res.text();
};
/** The cells of each table row (the HTML's) as text. */
const rowsOf = (html: string) =>
  (html.match(/<tr[^>]*>[\s\S]*?<\/tr>/g) ?? []).map((tr) =>
    [...tr.matchAll(/<t[dh][^>]*>([\s\S]*?)<\/t[dh]>/g)].map((m) =>
      m[1]!
        .replace(/<!-- -->/g, "")
        .replace(/<[^>]+>/g, "")
        .trim()
    )
  );
const row = (html: string, ...first: string[]) => rowsOf(html).find((cells) => first.every((f, i) => cells[i] === f));
const en = (cookie: string) => `${cookie.replace(/(^|; )derrick_lang=[^;]*/, "")}; derrick_lang=en-US`;
const sheetOf = async (path: string, cookie: string) => {
  const res = await get(path, cookie);
  expect(res.status, path).toBe(200);
  return readSheet(await res.arrayBuffer());
};
const pdfText = async (path: string, cookie: string) => {
  const res = await get(path, cookie);
  expect(res.status, path).toBe(200);
  expect(res.headers.get("Content-Type")).toBe("application/pdf");
  return (await extractText(await getDocumentProxy(new Uint8Array(await res.arrayBuffer())), { mergePages: true })).text;
};

describe("里程报表 /mileageReport", () => {
  it("gives each machine's kilometres, days moving and km per moving day, and the fleet's kilometres per day", async () => {
    const html = await page(`/mileageReport?${RANGE}`, w.admin);
    // most kilometres first; A and D tie at 200 km and go by plate
    const machines = rowsOf(html).filter((cells) => Object.values(w.plates).includes(cells[0]!));
    expect(machines).toEqual([
      [w.plates.a, w.model, "200.0", "2", "100.0"],
      [w.plates.d, "未设置型号", "200.0", "1", "200.0"],
      [w.plates.b, w.model, "50.5", "1", "50.5"],
      [w.plates.c, "未设置型号", "0.0", "0", "—"],
      [w.plates.e, "未设置型号", "0.0", "0", "—"],
      [w.plates.f, "未设置型号", "0.0", "0", "—"],
    ]);
    // 450.5 km over 4 moving days: 112.6 a day
    expect(row(html, "合计", "")).toEqual(["合计", "", "450.5", "4", "112.6"]);
    // per day: 1 Oct A and D, 2 Oct A and B (65.25 a machine), 3 Oct nobody moved
    expect(row(html, "2026-10-01")).toEqual(["2026-10-01", "2", "320.0", "160.0"]);
    expect(row(html, "2026-10-02")).toEqual(["2026-10-02", "2", "130.5", "65.3"]);
    expect(row(html, "2026-10-03")).toEqual(["2026-10-03", "0", "0.0", "—"]);
    expect(html).toMatch(/<svg[^>]*role="img"/);
    expect(html).not.toContain(w.plates.x);
    expect(html).not.toContain("999.0");

    const sheet = await sheetOf(`/mileageReport/export?${RANGE}`, en(w.admin));
    expect(sheet[0]).toEqual(["Machine (plate)", "Model", "Distance (km)", "Days moving", "km per moving day"]);
    expect(sheet.find((r) => r[0] === w.plates.b)).toEqual([w.plates.b, w.model, "50.5", "1", "50.5"]);
    expect(sheet.find((r) => r[0] === "Total")).toEqual(["Total", null, "450.5", "4", "112.6"]);
    await installTestFonts();
    const text = await pdfText(`/mileageReport/export?${RANGE}&format=pdf`, w.admin);
    for (const s of ["里程报表", "设备里程", "每日里程", w.plates.b, "450.5", "112.6"]) expect(text).toContain(s);
  });

  it("shows a department's user only their machines; another tenant only its own", async () => {
    const html = await page(`/mileageReport?${RANGE}`, w.scoped);
    expect(html).not.toContain(w.plates.d);
    expect(row(html, "合计", "")).toEqual(["合计", "", "250.5", "3", "83.5"]);
    expect(row(html, "2026-10-01")).toEqual(["2026-10-01", "1", "120.0", "120.0"]);
    const other = await page(`/mileageReport?${RANGE}`, w.other);
    expect(row(other, w.plates.x)).toEqual([w.plates.x, "未设置型号", "777.0", "1", "777.0"]);
    expect(other).not.toContain(w.plates.a);
  });

  it("lets the read-only user read the page but not export it", async () => {
    expect((await get(`/mileageReport?${RANGE}`, w.readOnly)).status).toBe(200);
    for (const path of ["/mileageReport", "/onlineReport", "/drivingBehaviorReport"]) expect((await get(`${path}/export?${RANGE}`, w.readOnly)).status, path).toBe(403);
  });
});

describe("在线离线报表 /onlineReport", () => {
  it("gives each machine's online hours, days and rate, when it was last heard and its class now, and flags the silent ones on rent", async () => {
    const html = await page(`/onlineReport?${RANGE}`, w.admin);
    const stamp = (ms: number) => stampInZone(ms, TZ, false);
    const machines = rowsOf(html).filter((cells) => Object.values(w.plates).includes(cells[0]!));
    // the range is 3 × 24 h = 259,200 s: A 72,000 s is 27.8 %; on rent and silent first (C last heard on 3 October,
    // by its roll-ups, E not today), then the longest silent: F never, D six days ago, B three, A now
    expect(machines.map((cells) => cells[0])).toEqual([w.plates.c, w.plates.e, w.plates.f, w.plates.d, w.plates.b, w.plates.a]);
    expect(row(html, w.plates.c)).toEqual([w.plates.c, "未设置型号", "1.5", "1", "2.1%", "2026-10-03", "离线5天以上", expect.stringContaining("客户"), "在租失联"]);
    expect(row(html, w.plates.e)).toEqual([w.plates.e, "未设置型号", "0.0", "0", "0.0%", stamp(w.seen.e), "离线1天", expect.stringContaining("客户"), "在租失联"]);
    expect(row(html, w.plates.f)).toEqual([w.plates.f, "未设置型号", "0.0", "0", "0.0%", "", "从未上线", "", ""]);
    expect(row(html, w.plates.d)).toEqual([w.plates.d, "未设置型号", "12.0", "1", "16.7%", stamp(w.seen.d), "离线5天以上", "", ""]);
    expect(row(html, w.plates.b)).toEqual([w.plates.b, w.model, "6.0", "1", "8.3%", stamp(w.seen.b), "离线2-5天", "", ""]);
    expect(row(html, w.plates.a)).toEqual([w.plates.a, w.model, "20.0", "3", "27.8%", expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/), "在线", expect.stringContaining("客户"), ""]);
    // 39.5 h of 6 × 259,200 s: 9.1 %
    expect(row(html, "合计", "")).toEqual(["合计", "", "39.5", "6", "9.1%", "", "", "3 台在租", "2 台在租失联"]);
    // the classes (the chart's bars)
    expect(row(html, "在线")).toEqual(["在线", "1", "1", "0"]);
    expect(row(html, "当天在线")).toEqual(["当天在线", "0", "0", "0"]);
    expect(row(html, "离线1天")).toEqual(["离线1天", "1", "1", "1"]);
    expect(row(html, "离线2-5天")).toEqual(["离线2-5天", "1", "0", "0"]);
    expect(row(html, "离线5天以上")).toEqual(["离线5天以上", "2", "1", "1"]);
    expect(row(html, "从未上线")).toEqual(["从未上线", "1", "0", "0"]);
    expect(row(html, "合计", "6")).toEqual(["合计", "6", "3", "2"]);
    // per day
    expect(row(html, "2026-10-01")).toEqual(["2026-10-01", "2", "22.0", "11.0"]);
    expect(row(html, "2026-10-03")).toEqual(["2026-10-03", "2", "3.5", "1.8"]);
    expect(html).not.toContain(w.plates.x);

    const sheet = await sheetOf(`/onlineReport/export?${RANGE}`, en(w.admin));
    expect(sheet[0]).toEqual(["Machine (plate)", "Model", "Online hours", "Days online", "Online rate", "Last heard", "Online class", "On rent (customer · project)", "Flag"]);
    expect(sheet.find((r) => r[0] === w.plates.b)).toEqual([w.plates.b, w.model, "6.0", "1", "8.3%", stamp(w.seen.b), "Offline 2–5 days", null, null]);
    expect(sheet.find((r) => r[0] === w.plates.c)?.slice(5)).toEqual(["2026-10-03", "Offline over 5 days", expect.stringContaining("客户"), "Silent on rent"]);
    const text = await pdfText(`/onlineReport/export?${RANGE}&format=pdf`, w.admin);
    for (const s of ["在线离线报表", "在线状态分布", "每日在线", "在租失联", "离线2-5天", "39.5"]) expect(text).toContain(s);
  });

  it("shows a department's user only their machines and classes", async () => {
    const html = await page(`/onlineReport?${RANGE}`, w.scoped);
    expect(html).not.toContain(w.plates.d);
    // A, B, C, E, F: 27.5 h of 5 × 259,200 s: 7.6 %
    expect(row(html, "合计", "")).toEqual(["合计", "", "27.5", "5", "7.6%", "", "", "3 台在租", "2 台在租失联"]);
    expect(row(html, "离线5天以上")).toEqual(["离线5天以上", "1", "1", "1"]);
  });

  it("answers only its own tenant's hub", async () => {
    const other = await makeTenant();
    expect(await hubFor(env, w.tenantId).lastHeard(other.tenantId)).toBeNull();
  });
});

describe("驾驶行为分析 /drivingBehaviorReport", () => {
  it("scores each machine from 100 by its events' points, names its drivers, and traces every point to its event", async () => {
    const html = await page(`/drivingBehaviorReport?${RANGE}`, w.admin);
    const machines = rowsOf(html).filter((cells) => Object.values(w.plates).includes(cells[0]!) && cells.length === 10);
    // lowest score first; E and F neither moved nor had an event: not listed
    expect(machines).toEqual([
      [w.plates.d, "未设置型号", "李师傅、王师傅", "200.0", "2", "1.0", "33", "67", "不合格", "偏离路线×1(-3)、侧翻×1(-30)"],
      [w.plates.b, w.model, "", "50.5", "2", "4.0", "25", "75", "不合格", "超速×1(-5)、碰撞×1(-20)"],
      [w.plates.a, w.model, "张师傅", "200.0", "3", "1.5", "20", "80", "合格", "超速×2(-10)、疲劳驾驶×1(-10)"],
      [w.plates.c, "未设置型号", "", "0.0", "1", "—", "2", "98", "合格", "怠速过长×1(-2)"],
    ]);
    // 8 events over 450.5 km; the mean score (67 + 75 + 80 + 98) ÷ 4
    expect(row(html, "合计", "")).toEqual(["合计", "", "", "450.5", "8", "1.8", "80", "80", "合格 2 / 4", ""]);
    // the items: points per event, events, points lost
    expect(row(html, "超速")).toEqual(["超速", "超速告警", "5", "3", "15"]);
    expect(row(html, "疲劳驾驶")).toEqual(["疲劳驾驶", "疲劳驾驶告警", "10", "1", "10"]);
    expect(row(html, "偏离路线")).toEqual(["偏离路线", "偏离路线告警", "3", "1", "3"]);
    expect(row(html, "怠速过长")).toEqual(["怠速过长", "怠速过长告警", "2", "1", "2"]);
    expect(row(html, "碰撞")).toEqual(["碰撞", "终端告警：碰撞", "20", "1", "20"]);
    expect(row(html, "侧翻")).toEqual(["侧翻", "终端告警：侧翻", "30", "1", "30"]);
    expect(rowsOf(html).find((cells) => cells[0] === "合计" && cells.length === 5)).toEqual(["合计", "", "—", "8", "80"]);
    // the events, in time: the misreport, the terminal's own overspeed flag, the fuel drop and 4 October's are not there
    const events = rowsOf(html).filter((cells) => /^2026-10-0\d \d\d:\d\d$/.test(cells[0] ?? ""));
    expect(events.map((cells) => cells.slice(0, 5))).toEqual([
      ["2026-10-01 07:00", w.plates.d, "李师傅、王师傅", "偏离路线", "3"],
      ["2026-10-01 07:05", w.plates.d, "李师傅、王师傅", "侧翻", "30"],
      ["2026-10-01 09:00", w.plates.a, "张师傅", "超速", "5"],
      ["2026-10-02 08:00", w.plates.b, "", "超速", "5"],
      ["2026-10-02 09:15", w.plates.b, "", "碰撞", "20"],
      ["2026-10-02 10:00", w.plates.a, "张师傅", "超速", "5"],
      ["2026-10-02 15:00", w.plates.a, "张师傅", "疲劳驾驶", "10"],
      ["2026-10-03 23:59", w.plates.c, "", "怠速过长", "2"],
    ]);
    expect(events[2]![5]).toBe("超速：71.5 km/h，限速 60 km/h，持续 2 分");
    expect(html).not.toContain(w.plates.x);

    const sheet = await sheetOf(`/drivingBehaviorReport/export?${RANGE}`, en(w.admin));
    expect(sheet[0]).toEqual(["Machine (plate)", "Model", "Driver", "Distance (km)", "Events", "Events per 100 km", "Points lost", "Score", "Verdict", "Points by item"]);
    expect(sheet.find((r) => r[0] === w.plates.b)).toEqual([w.plates.b, w.model, null, "50.5", "2", "4.0", "25", "75", "Fail", "Overspeed ×1 (−5), Collision ×1 (−20)"]);
    const text = await pdfText(`/drivingBehaviorReport/export?${RANGE}&format=pdf`, w.admin);
    for (const s of ["驾驶行为分析", "设备驾驶评分", "驾驶事件", "李师傅", "不合格", "终端告警：侧翻"]) expect(text).toContain(s);
  });

  it("scores a department's user's machines only", async () => {
    const html = await page(`/drivingBehaviorReport?${RANGE}`, w.scoped);
    expect(html).not.toContain(w.plates.d);
    expect(html).not.toContain("李师傅");
    // (75 + 80 + 98) ÷ 3
    expect(row(html, "合计", "")).toEqual(["合计", "", "", "250.5", "6", "2.4", "47", "84.3", "合格 2 / 3", ""]);
  });
});

describe("报表统计 /reportStat, the three reports' cards", () => {
  it("gives their headline figures from their total rows", async () => {
    const html = (await page(`/reportStat?${RANGE}`, w.admin)).replace(/<!-- -->/g, "");
    const card = (key: string) => html.slice(html.indexOf(`data-testid="centre-${key}"`), html.indexOf("</li>", html.indexOf(`data-testid="centre-${key}"`)));
    expect(card("mileage")).toMatch(/里程\(km\)<\/dt><dd[^>]*>450\.5<\/dd>[\s\S]*日均里程\(km\)<\/dt><dd[^>]*>112\.6<\/dd>/);
    expect(card("online")).toMatch(/在线小时<\/dt><dd[^>]*>39\.5<\/dd>[\s\S]*在线率<\/dt><dd[^>]*>9\.1%<\/dd>/);
    expect(card("drivingBehaviour")).toMatch(/事件数<\/dt><dd[^>]*>8<\/dd>[\s\S]*得分<\/dt><dd[^>]*>80<\/dd>/);
    expect(card("drivingBehaviour")).toContain(`href="/drivingBehaviorReport?${RANGE.replace("&", "&amp;")}"`);
  });
});

describe("the roll-ups above the day for kilometres and online time", () => {
  it("sums whole months from the months and the edge days from the days, and follows a rewritten day", async () => {
    const upsert = (vehicleId: number, d: string, km: number, online: number) =>
      db()
        .insert(vehicleDaily)
        .values({
          tenantId: w.tenantId,
          vehicleId,
          day: d,
          mileageKm: km,
          onlineSeconds: online,
        })
        // as the FleetHub writes a day: its totals again, the row replaced in place
        .onConflictDoUpdate({
          target: [vehicleDaily.vehicleId, vehicleDaily.day],
          set: {
            mileageKm: sql`excluded.mileage_km`,
            onlineSeconds: sql`excluded.online_seconds`,
          },
        });
    await upsert(w.ids.a, "2026-09-30", 10, H);
    await upsert(w.ids.a, "2026-11-01", 5, 2 * H);
    // the hub rewrites 4 October: 999 km became 100 km, 20 h online 4 h
    await upsert(w.ids.a, "2026-10-04", 100, 4 * H);
    // 30 September to 1 November: October from its month (120 + 80 + 0 + 100 km on 3 days moving; 10 + 8 + 2 + 4 h
    // online on 4 days), the two edge days from their days
    const range = "from=2026-09-30&to=2026-11-01";
    expect(row(await page(`/mileageReport?${range}`, w.admin), w.plates.a)).toEqual([w.plates.a, w.model, "315.0", "5", "63.0"]);
    expect(row(await page(`/onlineReport?${range}`, w.admin), w.plates.a)?.slice(0, 4)).toEqual([w.plates.a, w.model, "27.0", "6"]);
    // 2 to 31 October: October less its first day
    expect(row(await page("/mileageReport?from=2026-10-02&to=2026-10-31", w.admin), w.plates.a)).toEqual([w.plates.a, w.model, "180.0", "2", "90.0"]);
    expect(row(await page("/onlineReport?from=2026-10-02&to=2026-10-31", w.admin), w.plates.a)?.slice(0, 4)).toEqual([w.plates.a, w.model, "14.0", "3"]);
    // the fleet's day follows the rewrite
    expect(row(await page(`/mileageReport?${range}`, w.admin), "2026-10-04")).toEqual(["2026-10-04", "1", "100.0", "100.0"]);
    expect(row(await page(`/onlineReport?${range}`, w.admin), "2026-10-04")).toEqual(["2026-10-04", "1", "4.0", "4.0"]);
  });
});

describe("a large fleet on the pages", () => {
  it("shows the first 100 machines and folds the rest into one row; the files list every one", async () => {
    const t = await makeTenant({ role: "admin" });
    const tag = unique("F").slice(-6);
    // 103 machines straight into the tables, each with one day: machine i drove i km and was online i minutes, with one overspeed
    await env.DB.prepare(
      `with recursive seq(value) as (select 1 union all select value + 1 from seq where value < 103)
        insert into vehicles (tenant_id, plate, terminal_no, state, version, created_at, updated_at)
        select ?, ? || '-' || substr('000' || value, -3), ? || '-' || value, 1, 1, 0, 0 from seq`
    )
      .bind(t.tenantId, tag, tag)
      .run();
    await env.DB.prepare(
      `insert into vehicle_daily (tenant_id, vehicle_id, day, mileage_km, online_seconds, updated_at)
        select tenant_id, id, '2026-10-01', cast(substr(plate, -3) as integer), cast(substr(plate, -3) as integer) * 60, 0 from vehicles where tenant_id = ?`
    )
      .bind(t.tenantId)
      .run();
    await env.DB.prepare(
      `insert into alarms (tenant_id, vehicle_id, hub_key, kind, level, at, detail, version, created_at)
        select tenant_id, id, 'big-' || id, 'overspeed', 2, ?, '{}', 1, 0 from vehicles where tenant_id = ?`
    )
      .bind(parseZonedTime("2026-10-01T12:00", TZ), t.tenantId)
      .run();
    const cookie = await signIn(t.account, t.password);
    const range = "from=2026-10-01&to=2026-10-01";
    const mileage = await page(`/mileageReport?${range}`, cookie);
    expect(rowsOf(mileage).filter((cells) => cells[0]?.startsWith(tag))).toHaveLength(100);
    // the three with fewest kilometres (3, 2, 1) folded
    expect(row(mileage, "其他 3 台")).toEqual(["其他 3 台", "", "6.0", "3", "—"]);
    const online = await page(`/onlineReport?${range}`, cookie);
    expect(rowsOf(online).filter((cells) => cells[0]?.startsWith(tag))).toHaveLength(100);
    expect(row(online, "其他 3 台")?.slice(0, 4)).toEqual(["其他 3 台", "", expect.stringMatching(/^\d+\.\d$/), "3"]);
    const driving = await page(`/drivingBehaviorReport?${range}`, cookie);
    expect(rowsOf(driving).filter((cells) => cells[0]?.startsWith(tag) && cells.length === 10)).toHaveLength(100);
    expect(row(driving, "其他 3 台")?.slice(0, 7)).toEqual(["其他 3 台", "", "", expect.stringMatching(/^\d+\.\d$/), "3", "—", "15"]);
    // the events table keeps the latest 200 of 103: all of them
    expect(rowsOf(driving).filter((cells) => cells[0] === "2026-10-01 12:00")).toHaveLength(103);
    for (const path of ["/mileageReport", "/onlineReport", "/drivingBehaviorReport"]) {
      const sheet = await sheetOf(`${path}/export?${range}`, cookie);
      expect(sheet.filter((r) => String(r[0]).startsWith(tag)).length, path).toBeGreaterThanOrEqual(103);
    }
  });
});
