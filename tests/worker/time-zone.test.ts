import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { readSheet } from "read-excel-file/universal";
import { describe, expect, it } from "vitest";
import { alarms, tenants } from "../../db/schema";
import { FACTORIES } from "./factories";
import { db, get, makeTenant, postForm, signIn, unique } from "./helpers";
import { makeVehicle } from "./telematics";

/** A signed-in administrator of a tenant whose time zone is `timeZone` (set before sign-in: the session reads it). */
async function adminIn(timeZone: string) {
  const t = await makeTenant({ role: "admin" });
  await db().update(tenants).set({ timeZone }).where(eq(tenants.id, t.tenantId));
  return { ...t, cookie: await signIn(t.account, t.password) };
}

const expiryOf = async (account: string) => (await env.DB.prepare("select id, expires_at from users where login_account = ?").bind(account).first<{ id: number; expires_at: number | null }>())!;

async function createUser(a: Awaited<ReturnType<typeof adminIn>>, expiresAt: string) {
  const account = unique("tz");
  const res = await postForm("/userManage", { intent: "create", ...FACTORIES.user!(a), loginAccount: account, expiresAt }, { Cookie: a.cookie });
  expect(res.status).toBe(302);
  return expiryOf(account);
}

let keyN = 0;
const insertAlarm = (tenantId: number, vehicleId: number, at: number) =>
  db()
    .insert(alarms)
    .values({ tenantId, vehicleId, hubKey: `tz:${Date.now()}:${keyN++}`, kind: "overspeed", level: 2, at, lng: 13.4, lat: 52.5, speed: 88, handleState: 0 });

describe("the tenant's time zone", () => {
  it("a user's expiry entered as a day ends at the end of that day in Berlin, across both DST changes", async () => {
    const a = await adminIn("Europe/Berlin");
    // 25 October 2026 has 25 hours in Berlin (CEST → CET): it ends at 23:00 UTC
    const october = await createUser(a, "2026-10-25");
    expect(october.expires_at).toBe(Date.UTC(2026, 9, 25, 23) - 1);
    // 28 March 2027 has 23 hours (CET → CEST): it ends at 22:00 UTC
    expect((await createUser(a, "2027-03-28")).expires_at).toBe(Date.UTC(2027, 2, 28, 22) - 1);
    // the edit form shows the day that was entered, not the Shanghai day of that moment (26 October)
    const form = await (await get(`/userManage?edit=${october.id}`, a.cookie)).text();
    expect(form).toContain('value="2026-10-25"');
  });

  it("a Shanghai tenant (the default) keeps its days", async () => {
    const a = await adminIn("Asia/Shanghai");
    expect((await createUser(a, "2026-10-25")).expires_at).toBe(Date.UTC(2026, 9, 25, 16) - 1);
  });

  it("the alarm list's day filter is a Berlin day of 25 hours, and shows Berlin times", async () => {
    const a = await adminIn("Europe/Berlin");
    const v = await makeVehicle(a.tenantId, { plate: unique("B-") });
    // 2026-10-25 in Berlin: from 22:00 UTC on the 24th to 23:00 UTC on the 25th
    await insertAlarm(a.tenantId, v.id, Date.UTC(2026, 9, 24, 21, 59)); // 23:59 on the 24th in Berlin: out
    await insertAlarm(a.tenantId, v.id, Date.UTC(2026, 9, 24, 22, 0)); // midnight: in
    await insertAlarm(a.tenantId, v.id, Date.UTC(2026, 9, 25, 22, 30)); // 23:30 (in Shanghai already the 26th): in
    await insertAlarm(a.tenantId, v.id, Date.UTC(2026, 9, 25, 23, 0)); // midnight of the 26th: out
    const html = await (await get("/alarmMessage?from=2026-10-25&to=2026-10-25", a.cookie)).text();
    expect(Number(/共 (\d+) 条/.exec(html)?.[1])).toBe(2);
    expect(html).toContain("2026-10-25 23:30");
    expect(html).toContain("2026-10-25 00:00");
    const next = await (await get("/alarmMessage?from=2026-10-26&to=2026-10-26", a.cookie)).text();
    expect(Number(/共 (\d+) 条/.exec(next)?.[1])).toBe(1);
  });

  it("an export writes Berlin days", async () => {
    const a = await adminIn("Europe/Berlin");
    const user = await createUser(a, "2026-10-25");
    const account = (await env.DB.prepare("select login_account from users where id = ?").bind(user.id).first<{ login_account: string }>())!.login_account;
    const res = await get(`/excel/user/export?q=${account}`, a.cookie);
    expect(res.status).toBe(200);
    const sheet = await readSheet(await res.arrayBuffer());
    expect(sheet[1]![0]).toBe(account);
    expect(sheet[1]).toContain("2026-10-25");
    expect(sheet[1]).not.toContain("2026-10-26");
  });
});
