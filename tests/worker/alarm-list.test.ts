import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { alarms, auditLogs, organisations, users, userVehicles } from "../../db/schema";
import { hubFor } from "../../workers/fleet-hub/client";
import { db, get, makeTenant, postForm, signIn, unique } from "./helpers";
import { makeVehicle as makeTerminalVehicle, openHub, report, terminalToken } from "./telematics";

/** A vehicle with a terminal and a plate unique to the test (so the page can be searched for it). */
async function makeVehicle(tenantId: number, opts: { orgId?: number | null; plate?: string } = {}) {
  const plate = opts.plate ?? unique("沪V");
  return { ...(await makeTerminalVehicle(tenantId, { ...opts, plate })), plate };
}

const DAY = 86_400_000;
let keyN = 0;

/** An alarm row as the hub's flush writes it. */
async function insertAlarm(tenantId: number, vehicleId: number, opts: { kind?: string; level?: number; at?: number; handleState?: number } = {}) {
  const [row] = await db()
    .insert(alarms)
    .values({ tenantId, vehicleId, hubKey: `test:${Date.now()}:${keyN++}`, kind: opts.kind ?? "overspeed", level: opts.level ?? 2, at: opts.at ?? Date.now() - 60_000, lng: 121.47, lat: 31.23, speed: 88, handleState: opts.handleState ?? 0 })
    .returning({ id: alarms.id, version: alarms.version });
  return row!;
}

async function signedIn(role: "admin" | "dispatcher" | "viewer" = "admin") {
  const t = await makeTenant({ role });
  return { ...t, cookie: await signIn(t.account, t.password) };
}

const totalOf = (html: string) => Number(/共 (\d+) 条/.exec(html)?.[1] ?? "0");
const list = async (cookie: string, query = "") => {
  const res = await get(`/alarmMessage${query}`, cookie);
  expect(res.status).toBe(200);
  return res.text();
};
/** yyyy-MM-dd in China time */
const day = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
const handle = (cookie: string, fields: Record<string, string> | URLSearchParams) => postForm("/alarmMessage", fields, { Cookie: cookie });
const alarmRow = async (id: number) => (await db().select().from(alarms).where(eq(alarms.id, id)))[0]!;

describe("/alarmMessage list", () => {
  it("filters by level, type, handling state and vehicle, pages newest first, today by default", async () => {
    const t = await signedIn();
    const a = await makeVehicle(t.tenantId, { plate: unique("沪A") });
    const b = await makeVehicle(t.tenantId, { plate: unique("苏B") });
    const now = Date.now();
    // today in China time starts at most 24 h ago; keep every "today" alarm after that start
    const todayStart = Date.parse(`${day(now)}T00:00:00+08:00`);
    const spread = (i: number) => todayStart + 1 + Math.floor(((now - todayStart - 2) * i) / 30);
    for (let i = 0; i < 22; i++) await insertAlarm(t.tenantId, a.id, { kind: i % 2 ? "overspeed" : "fatigue", level: (i % 3) + 1, at: spread(i) });
    const newest = await insertAlarm(t.tenantId, b.id, { kind: "fault", level: 1, at: now - 1 });
    await insertAlarm(t.tenantId, b.id, { kind: "fault", level: 1, at: spread(0), handleState: 1 });
    await insertAlarm(t.tenantId, a.id, { kind: "offline", at: todayStart - DAY / 2 }); // yesterday

    const first = await list(t.cookie);
    expect(totalOf(first)).toBe(24);
    // newest first: b's latest alarm leads the first page
    expect(first.indexOf(b.plate)).toBeLessThan(first.indexOf(a.plate));
    expect(first).toContain("故障告警");
    expect(first).toContain("第 1 / 2 页");
    const second = await list(t.cookie, "?page=2");
    expect(second).toContain("第 2 / 2 页");
    expect(second.match(/type="checkbox" name="ids"/g)?.length).toBe(4);

    expect(totalOf(await list(t.cookie, "?level=1"))).toBe(8 + 2);
    expect(totalOf(await list(t.cookie, "?kind=fatigue"))).toBe(11);
    expect(totalOf(await list(t.cookie, "?state=1"))).toBe(1);
    expect(totalOf(await list(t.cookie, "?state=0&kind=fault"))).toBe(1);
    expect(totalOf(await list(t.cookie, `?q=${encodeURIComponent(b.plate)}`))).toBe(2);
    expect(totalOf(await list(t.cookie, `?q=${b.terminalNo}`))).toBe(2);
    const device = await list(t.cookie, `?vehicleId=${b.id}`);
    expect(totalOf(device)).toBe(2);
    expect(device).toContain(`设备告警 · ${b.plate}`);
    expect(totalOf(await list(t.cookie, `?from=${day(now - DAY)}&to=${day(now)}`))).toBe(25);
    expect(totalOf(await list(t.cookie, `?from=${day(now - DAY)}&to=${day(now - DAY)}`))).toBe(1);
    const en = await (await get("/alarmMessage?kind=fault", `${t.cookie}; derrick_lang=en-US`)).text();
    expect(en).toContain("Fault code");
    expect(newest.id).toBeGreaterThan(0);
  });

  it("refuses a time range over 31 days, and a reversed one, with a clear message", async () => {
    const t = await signedIn();
    const v = await makeVehicle(t.tenantId);
    await insertAlarm(t.tenantId, v.id, { at: Date.parse("2026-01-15T08:00:00+08:00") });
    const tooLong = await list(t.cookie, "?from=2026-01-01&to=2026-02-01");
    expect(tooLong).toContain("查询时间范围不能超过31天");
    expect(tooLong).toContain("暂无数据");
    // 31 days inclusive is allowed
    const month = await list(t.cookie, "?from=2026-01-01&to=2026-01-31");
    expect(month).not.toContain("查询时间范围不能超过31天");
    expect(totalOf(month)).toBe(1);
    expect(await list(t.cookie, "?from=2026-02-01&to=2026-01-01")).toContain("开始日期不能晚于结束日期");
    expect(await (await get("/alarmMessage?from=2026-01-01&to=2026-03-01", `${t.cookie}; derrick_lang=en-US`)).text()).toContain("The time range cannot be longer than 31 days");
  });
});

describe("/alarmMessage handling", () => {
  it("needs a description to mark handled, records who and when, and refuses a stale version", async () => {
    const t = await signedIn();
    const v = await makeVehicle(t.tenantId);
    const alarm = await insertAlarm(t.tenantId, v.id);

    const dialog = await handle(t.cookie, { intent: "confirmHandle", ids: String(alarm.id) });
    expect(dialog.status).toBe(200);
    const html = await dialog.text();
    expect(html).toContain("告警处理");
    expect(html).toContain(`name="version_${alarm.id}" value="${alarm.version}"`);

    const noNote = await handle(t.cookie, { intent: "handle", ids: String(alarm.id), [`version_${alarm.id}`]: String(alarm.version), state: "1", note: "  " });
    expect(noNote.status).toBe(400);
    expect(await noNote.text()).toContain("请输入处理描述");
    expect((await alarmRow(alarm.id)).handleState).toBe(0);

    const before = Date.now();
    const ok = await handle(t.cookie, { intent: "handle", ids: String(alarm.id), [`version_${alarm.id}`]: String(alarm.version), state: "1", note: "已联系司机减速" });
    expect(ok.status).toBe(302);
    const row = await alarmRow(alarm.id);
    expect(row).toMatchObject({ handleState: 1, handleNote: "已联系司机减速", handlerId: t.userId, version: alarm.version + 1 });
    expect(row.handledAt!).toBeGreaterThanOrEqual(before);
    const audit = await db().select().from(auditLogs).where(and(eq(auditLogs.tenantId, t.tenantId), eq(auditLogs.entity, "alarm")));
    expect(audit).toHaveLength(1);
    const shown = await list(t.cookie);
    expect(shown).toContain("已联系司机减速");
    expect(shown).toContain("已处理");

    // a second user still holding the old version is told, and nothing changes
    const stale = await handle(t.cookie, { intent: "handle", ids: String(alarm.id), [`version_${alarm.id}`]: String(alarm.version), state: "2", note: "" });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("告警已被他人处理或修改，请刷新后重试");
    expect((await alarmRow(alarm.id)).handleState).toBe(1);
  });

  it("handles a batch as misreports without a description, and writes none of a batch with one stale alarm", async () => {
    const t = await signedIn();
    const v = await makeVehicle(t.tenantId);
    const [x, y, z] = [await insertAlarm(t.tenantId, v.id), await insertAlarm(t.tenantId, v.id), await insertAlarm(t.tenantId, v.id)];
    const batch = new URLSearchParams({ intent: "handle", state: "2", note: "" });
    for (const a of [x, y]) {
      batch.append("ids", String(a.id));
      batch.append(`version_${a.id}`, String(a.version));
    }
    expect((await handle(t.cookie, batch)).status).toBe(302);
    expect((await alarmRow(x.id)).handleState).toBe(2);
    expect((await alarmRow(y.id)).handleState).toBe(2);

    const mixed = new URLSearchParams({ intent: "handle", state: "1", note: "处理完毕" });
    for (const a of [y, z]) {
      mixed.append("ids", String(a.id));
      mixed.append(`version_${a.id}`, String(a.version));
    }
    expect((await handle(t.cookie, mixed)).status).toBe(409);
    expect((await alarmRow(z.id)).handleState).toBe(0);

    // nothing selected, or only handled ones
    expect(await (await handle(t.cookie, { intent: "confirmHandle" })).text()).toContain("请至少选择一条数据");
    expect(await (await handle(t.cookie, { intent: "confirmHandle", ids: String(x.id) })).text()).toContain("所选告警均已处理");
  });

  it("keeps another tenant's alarms out of sight and out of reach", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const theirs = await makeVehicle(b.tenantId, { plate: unique("浙C") });
    const alarm = await insertAlarm(b.tenantId, theirs.id);
    const mine = await list(a.cookie, `?vehicleId=${theirs.id}`);
    expect(mine).not.toContain(theirs.plate);
    expect(totalOf(mine)).toBe(0);
    expect(await list(a.cookie)).not.toContain(theirs.plate);
    const res = await handle(a.cookie, { intent: "handle", ids: String(alarm.id), [`version_${alarm.id}`]: String(alarm.version), state: "2" });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("告警不存在或无权查看");
    expect((await alarmRow(alarm.id)).handleState).toBe(0);
  });

  it("shows a user limited to one organisation only its vehicles' alarms (and granted vehicles)", async () => {
    const t = await signedIn("dispatcher");
    const [branch] = await db().insert(organisations).values({ tenantId: t.tenantId, parentId: t.rootOrgId, name: "Branch" }).returning({ id: organisations.id });
    const [site] = await db().insert(organisations).values({ tenantId: t.tenantId, parentId: branch!.id, name: "Site" }).returning({ id: organisations.id });
    const inSite = await makeVehicle(t.tenantId, { orgId: site!.id, plate: unique("沪S") });
    const atRoot = await makeVehicle(t.tenantId, { orgId: t.rootOrgId, plate: unique("沪R") });
    const granted = await makeVehicle(t.tenantId, { orgId: t.rootOrgId, plate: unique("沪G") });
    await db().update(users).set({ orgId: branch!.id }).where(eq(users.id, t.userId));
    await db().insert(userVehicles).values({ tenantId: t.tenantId, userId: t.userId, vehicleId: granted.id });
    await insertAlarm(t.tenantId, inSite.id);
    await insertAlarm(t.tenantId, granted.id);
    const hidden = await insertAlarm(t.tenantId, atRoot.id);

    const html = await list(t.cookie);
    expect(totalOf(html)).toBe(2);
    expect(html).toContain(inSite.plate);
    expect(html).toContain(granted.plate);
    expect(html).not.toContain(atRoot.plate);
    const res = await handle(t.cookie, { intent: "handle", ids: String(hidden.id), [`version_${hidden.id}`]: String(hidden.version), state: "2" });
    expect(res.status).toBe(404);
  });

  it("lets a user without alarmMessage:edit see the list but not handle (403)", async () => {
    const t = await signedIn("viewer");
    const v = await makeVehicle(t.tenantId);
    const alarm = await insertAlarm(t.tenantId, v.id);
    const html = await list(t.cookie);
    expect(totalOf(html)).toBe(1);
    expect(html).not.toContain('value="confirmHandle"');
    expect((await handle(t.cookie, { intent: "confirmHandle", ids: String(alarm.id) })).status).toBe(403);
    const res = await handle(t.cookie, { intent: "handle", ids: String(alarm.id), [`version_${alarm.id}`]: String(alarm.version), state: "2" });
    expect(res.status).toBe(403);
    expect((await alarmRow(alarm.id)).handleState).toBe(0);
  });
});

describe("live alarms", () => {
  it("pushes a terminal's alarm flag to an alarms-only watch (no vehicle state), once per appearance, and saves it", async () => {
    const t = await signedIn();
    const v = await makeVehicle(t.tenantId, { plate: unique("沪L") });
    const other = await makeVehicle(t.tenantId);
    const hub = await openHub(t.cookie);
    await hub.next("hello");
    hub.send({ type: "watch", alarms: true, hz: 10 });
    const snap = await hub.next("snapshot");
    expect(snap.vehicles).toEqual([]);
    hub.send({ type: "ack", seq: snap.seq });

    const now = Date.now();
    const token = await terminalToken(v);
    await report(await terminalToken(other), [{ seq: 1, t: now - 3000, lng: 121.5, lat: 31.2, speed: 20 }]);
    await report(token, [
      { seq: 1, t: now - 3000, lng: 121.47, lat: 31.23, speed: 10, alarms: ["sos"] },
      { seq: 2, t: now - 2000, lng: 121.48, lat: 31.23, speed: 10, alarms: ["sos"] },
    ]);
    const delta = await hub.next("delta", (d) => !!d.alarms?.length);
    expect(delta.vehicles).toEqual([]);
    expect(delta.pos).toBeUndefined();
    expect(delta.alarms).toHaveLength(1);
    expect(delta.alarms![0]).toMatchObject({ vehicleId: v.id, plate: v.plate, kind: "terminal", level: 1, at: now - 3000, detail: { flag: "sos" } });
    hub.ws!.close(1000);

    expect(await hubFor(env, t.tenantId).flush()).toBeGreaterThan(0);
    const html = await list(t.cookie);
    expect(html).toContain(v.plate);
    expect(html).toContain("终端告警");
    expect(html).toContain("终端报警：紧急报警");
    expect(totalOf(html)).toBe(1);
  });

  it("saves a burst of alarms larger than one insert statement can bind (D1: 100 parameters)", async () => {
    const t = await signedIn();
    const v = await makeVehicle(t.tenantId);
    const flags = Array.from({ length: 20 }, (_, i) => `flag_${i}`);
    await report(await terminalToken(v), [{ seq: 1, t: Date.now() - 1000, lng: 121.47, lat: 31.23, speed: 10, alarms: flags }]);
    expect(await hubFor(env, t.tenantId).flush()).toBe(21); // 20 alarms and the online event
    expect(totalOf(await list(t.cookie))).toBe(20);
  });
});
