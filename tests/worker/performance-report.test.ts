// 绩效报表 on real D1 (issue 41): results per organisation and salesperson from a small made-up tenant, each figure
// a literal worked out by hand: contracts won in the range and their value (a draft, one signed outside the range and
// another tenant's not counted), revenue of confirmed bills (a draft bill's not), money received in the range by the
// receipt's contract (one without a contract by its own organisation), the organisations' utilisation; a department's
// user sees only theirs.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { contracts, receipts, users } from "../../db/schema";
import { performanceReport } from "../../app/modules/reports/performance.server";
import type { RequestScope } from "../../app/modules/access/access.server";
import { db, get, makeTenant, signIn, signInDepartmentUser, unique } from "./helpers";
import { insertBill, makeContract, makeDepartment } from "./rent-fixtures";
import { makeVehicle } from "./telematics";

const RANGE = { from: "2026-10-01", to: "2026-10-31", range: null };

let w: { tenantId: number; admin: string; scoped: string; east: string; west: string; li: string; wang: string; scope: RequestScope };

async function salesman(tenantId: number, name: string) {
  const [u] = await db().insert(users).values({ tenantId, loginAccount: unique("s"), userName: name, passwordHash: "x", isAdmin: 0 }).returning({ id: users.id });
  return u!.id;
}

async function won(tenantId: number, o: { orgId: number; salesmanId: number; signedOn: string; valueCents: number; state?: number; vehicleId?: number; from?: string; to?: string | null }) {
  const c = await makeContract(tenantId, { state: o.state ?? 3, orgId: o.orgId, lines: [{ vehicleId: o.vehicleId ?? null, from: o.from ?? o.signedOn, to: o.to ?? null }] });
  await db().update(contracts).set({ salesmanId: o.salesmanId, signedOn: o.signedOn, valueCents: o.valueCents }).where(eq(contracts.id, c.id));
  return c;
}

async function received(tenantId: number, orgId: number, contractId: number | null, on: string, cents: number) {
  await db().insert(receipts).values({ tenantId, orgId, number: unique("SK"), direction: "in", contractId, receivedOn: on, amountCents: cents });
}

beforeAll(async () => {
  const t = await makeTenant({ role: "admin" });
  const [east, west] = [unique("华东"), unique("华西")];
  const eastId = await makeDepartment(t.tenantId, t.rootOrgId);
  const westId = await makeDepartment(t.tenantId, t.rootOrgId);
  await env.DB.prepare("update organisations set name = ? where id = ?").bind(east, eastId).run();
  await env.DB.prepare("update organisations set name = ? where id = ?").bind(west, westId).run();
  const [li, wang] = [unique("李"), unique("王")];
  const liId = await salesman(t.tenantId, li);
  const wangId = await salesman(t.tenantId, wang);
  // two machines in the east: one on rent 10 of October's 31 days, one idle; none in the west
  const m1 = await makeVehicle(t.tenantId, { orgId: eastId });
  await makeVehicle(t.tenantId, { orgId: eastId });
  // 李 in the east: won ¥100,000.00 on 10-05 (machine 1 on rent 10-22…31) and ¥50,000.00 on 10-20; a draft of ¥900,000.00 does not count
  const a = await won(t.tenantId, { orgId: eastId, salesmanId: liId, signedOn: "2026-10-05", valueCents: 10_000_000, vehicleId: m1.id, from: "2026-10-22" });
  await won(t.tenantId, { orgId: eastId, salesmanId: liId, signedOn: "2026-10-20", valueCents: 5_000_000 });
  await won(t.tenantId, { orgId: eastId, salesmanId: liId, signedOn: "2026-10-21", valueCents: 90_000_000, state: 0 });
  // 王 in the west: won ¥30,000.00 on 10-31, and one signed in September (outside)
  const b = await won(t.tenantId, { orgId: westId, salesmanId: wangId, signedOn: "2026-10-31", valueCents: 3_000_000 });
  await won(t.tenantId, { orgId: westId, salesmanId: wangId, signedOn: "2026-09-30", valueCents: 7_000_000 });
  // revenue: a's October bill ¥12,345.67 confirmed, b's ¥2,000.00 locked; a draft of ¥99,999.00 does not count
  await insertBill(t.tenantId, a, { from: "2026-10-01", to: "2026-10-31", state: 1, orgId: eastId, items: [{ lineId: a.lineIds[0]!, amountCents: 1_234_567 }] });
  await insertBill(t.tenantId, b, { from: "2026-10-01", to: "2026-10-31", state: 2, orgId: westId, items: [{ lineId: b.lineIds[0]!, amountCents: 200_000 }] });
  await insertBill(t.tenantId, a, { from: "2026-10-16", to: "2026-10-31", state: 0, orgId: eastId, items: [{ lineId: a.lineIds[0]!, amountCents: 9_999_900 }] });
  // money received: ¥8,000.00 on a (10-15), ¥500.00 on b (10-31), ¥300.00 without a contract in the west (10-02); ¥1,000.00 on a in November
  await received(t.tenantId, eastId, a.id, "2026-10-15", 800_000);
  await received(t.tenantId, westId, b.id, "2026-10-31", 50_000);
  await received(t.tenantId, westId, null, "2026-10-02", 30_000);
  await received(t.tenantId, eastId, a.id, "2026-11-01", 100_000);
  // another tenant's contract won in October
  const o = await makeTenant({ role: "admin" });
  await won(o.tenantId, { orgId: o.rootOrgId, salesmanId: await salesman(o.tenantId, li), signedOn: "2026-10-10", valueCents: 77_700_000 });
  const session = { user: { id: t.userId, tenantId: t.tenantId, orgId: null, wholeTenant: true, timeZone: "Asia/Shanghai" } };
  w = {
    tenantId: t.tenantId,
    admin: await signIn(t.account, t.password),
    scoped: await signInDepartmentUser(t, westId, "华西统计"),
    east,
    west,
    li,
    wang,
    scope: { db: db(), ...session } as unknown as RequestScope,
  };
});

describe("绩效报表", () => {
  it("sums each organisation's and salesperson's contracts won, value, revenue and collections, and the utilisation", async () => {
    const r = await performanceReport(w.scope, RANGE, "zh-CN");
    const [orgs, sales] = r.tables;
    const row = (t: typeof orgs, name: string) => t!.rows.find((x) => x.name === name);
    // 10 of 31 days × 1 machine on rent of 2 machines: 10 ÷ 62 = 16.1 %
    expect(row(orgs, w.east)).toEqual({ name: w.east, signed: 2, value: 15_000_000, revenue: 1_234_567, collected: 800_000, machines: 2, utilisation: 161 });
    expect(row(orgs, w.west)).toEqual({ name: w.west, signed: 1, value: 3_000_000, revenue: 200_000, collected: 80_000, machines: 0, utilisation: null });
    expect(row(sales, w.li)).toEqual({ name: w.li, signed: 2, value: 15_000_000, revenue: 1_234_567, collected: 800_000 });
    // the receipt without a contract has no salesperson: its own row
    expect(row(sales, w.wang)).toEqual({ name: w.wang, signed: 1, value: 3_000_000, revenue: 200_000, collected: 50_000 });
    expect(row(sales, "（未指定）")).toMatchObject({ collected: 30_000, revenue: 0, signed: 0 });
    expect(orgs!.total).toMatchObject({ signed: 3, value: 18_000_000, revenue: 1_434_567, collected: 880_000, machines: 2, utilisation: 161 });
    expect(sales!.rows.map((x) => x.name)).toEqual([w.li, w.wang, "（未指定）"]);
  });

  it("shows a department's user only their organisation, on the page", async () => {
    const html = await (await get(`/performanceReport?from=${RANGE.from}&to=${RANGE.to}`, w.scoped)).text();
    expect(html).toContain(w.west);
    expect(html).not.toContain(w.east);
    expect(html).not.toContain(w.li);
    const all = await get(`/performanceReport?from=${RANGE.from}&to=${RANGE.to}`, w.admin);
    expect(all.status).toBe(200);
    expect(await all.text()).toContain("12,345.67");
  });
});
