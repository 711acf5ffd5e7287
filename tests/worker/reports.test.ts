// The four reports on real D1 (issue 26 §3, §5): a small made-up tenant (two contracts of one department billed over
// September and October 2026, a third in a sibling department, a cost per month, an adjustment credit, a draft bill
// that must not count, trips and engine hours), each report's figures checked as literals to the cent, the Excel file
// the same as the table, another tenant's rows never counted, a user of one department seeing none of the other's,
// and a quick range read from the URL in the tenant's days.
import { eq } from "drizzle-orm";
import { readSheet } from "read-excel-file/universal";
import { beforeAll, describe, expect, it } from "vitest";
import { todayInZone } from "../../app/lib/tenant-clock";
import { quickRange } from "../../app/modules/reports/quick-range";
import { contractCosts, outcarRecords, vehicleDaily, vehicleModels, vehicles } from "../../db/schema";
import { db, get, makeTenant, signIn, signInDepartmentUser, unique } from "./helpers";
import { makeContract, makeDepartment, insertBill } from "./rent-fixtures";
import { makeVehicle } from "./telematics";

const bill = insertBill;

const plateOf = async (id: number) => (await db().select({ plate: vehicles.plate }).from(vehicles).where(eq(vehicles.id, id)))[0]!.plate;
const RANGE = "from=2026-09-01&to=2026-10-31";

interface World {
  admin: string;
  scoped: string;
  tenantId: number;
  c1: { number: string };
  c2: { number: string };
  c3: { id: number; number: string };
  plateA: string;
  plateB: string;
  plateC: string;
  plateD: string;
  model: string;
  customerY: string;
}
let w: World;

beforeAll(async () => {
  const t = await makeTenant({ role: "admin" });
  const east = await makeDepartment(t.tenantId, t.rootOrgId);
  const west = await makeDepartment(t.tenantId, t.rootOrgId);
  const model = unique("QY25K汽车吊");
  const [m] = await db().insert(vehicleModels).values({ tenantId: t.tenantId, name: model }).returning({ id: vehicleModels.id });
  const a = await makeVehicle(t.tenantId, { orgId: east, plate: unique("沪A") });
  await db().update(vehicles).set({ modelId: m!.id }).where(eq(vehicles.id, a.id));
  const b = await makeVehicle(t.tenantId, { orgId: east, plate: unique("沪B") });
  const c = await makeVehicle(t.tenantId, { orgId: east, plate: unique("沪C") });
  const d = await makeVehicle(t.tenantId, { orgId: west, plate: unique("沪D") });
  const customerY = unique("零租客户");
  // C1: monthly rental of machine A in the east; C2: zero-rent (spot) of machine B in the east; C3: the west's machine D
  const c1 = await makeContract(t.tenantId, { kind: "rental", orgId: east, state: 3, lines: [{ vehicleId: a.id, from: "2026-09-01" }] });
  const c2 = await makeContract(t.tenantId, { kind: "spot", orgId: east, state: 3, customer: customerY, lines: [{ vehicleId: b.id, from: "2026-09-10", to: "2026-10-20" }] });
  const c3 = await makeContract(t.tenantId, { kind: "rental", orgId: west, state: 3, lines: [{ vehicleId: d.id, from: "2026-09-01" }] });
  // C4 has only a draft bill: machine C is not on rent of a billed contract, and the draft counts nowhere
  const c4 = await makeContract(t.tenantId, { kind: "rental", orgId: east, state: 3, lines: [{ vehicleId: c.id, from: "2026-09-01" }] });
  const [l1, l2, l3, l4] = [c1.lineIds[0]!, c2.lineIds[0]!, c3.lineIds[0]!, c4.lineIds[0]!];
  await bill(t.tenantId, c1, { from: "2026-09-01", to: "2026-09-30", state: 1, orgId: east, items: [{ lineId: l1, amountCents: 3_000_000 }, { lineId: l1, rule: "shiftOvertime", quantity: "2.5", amountCents: 25_000 }] });
  await bill(t.tenantId, c1, { from: "2026-10-01", to: "2026-10-31", state: 2, orgId: east, items: [{ lineId: l1, amountCents: 3_100_050 }] });
  // the adjustment: a credit of ¥500.00 on October, no line
  await bill(t.tenantId, c1, { from: "2026-10-01", to: "2026-10-31", state: 1, orgId: east, kind: "adjustment", items: [{ lineId: null, rule: "adjustment", amountCents: -50_000 }] });
  // a draft of C1 over the same days (another period start): never counted
  await bill(t.tenantId, c1, { from: "2026-10-02", to: "2026-10-31", state: 0, orgId: east, items: [{ lineId: l1, rule: "shiftOvertime", quantity: "40", amountCents: 999_999 }] });
  await bill(t.tenantId, c2, {
    from: "2026-09-07",
    to: "2026-09-30",
    state: 1,
    orgId: east,
    items: [{ lineId: l2, rule: "daily", amountCents: 120_000 }, { lineId: l2, rule: "allowanceOvertime", quantity: "13/8", amountCents: 16_250 }],
  });
  await bill(t.tenantId, c2, { from: "2026-10-01", to: "2026-10-18", state: 1, orgId: east, items: [{ lineId: l2, rule: "daily", amountCents: 80_000 }] });
  await bill(t.tenantId, c3, { from: "2026-09-01", to: "2026-09-30", state: 1, orgId: west, items: [{ lineId: l3, amountCents: 5_000_000 }] });
  await bill(t.tenantId, c4, { from: "2026-09-01", to: "2026-09-30", state: 0, orgId: east, items: [{ lineId: l4, amountCents: 777_777 }] });
  // a bill ending after the range: not counted
  await bill(t.tenantId, c3, { from: "2026-10-01", to: "2026-11-30", state: 1, orgId: west, items: [{ lineId: l3, amountCents: 4_444_444 }] });
  await db()
    .insert(contractCosts)
    .values([
      { tenantId: t.tenantId, contractId: c1.id, lineId: l1, kind: "repair", amountCents: 1_234_567, occurredOn: "2026-10-15" },
      { tenantId: t.tenantId, contractId: c2.id, lineId: null, kind: "transport", amountCents: 10_000, occurredOn: "2026-09-05" },
      { tenantId: t.tenantId, contractId: c2.id, lineId: null, kind: "transport", amountCents: 88_888, occurredOn: "2026-11-01" },
    ]);
  await db()
    .insert(outcarRecords)
    .values([
      { tenantId: t.tenantId, orgId: east, contractId: c2.id, lineId: l2, vehicleId: b.id, tripOn: "2026-09-12", engineHoursStart: 100, engineHoursEnd: 104.5 },
      { tenantId: t.tenantId, orgId: east, contractId: c2.id, lineId: l2, vehicleId: b.id, tripOn: "2026-10-02", departAt: Date.UTC(2026, 9, 2, 0), returnAt: Date.UTC(2026, 9, 2, 3) },
      { tenantId: t.tenantId, orgId: east, contractId: c2.id, lineId: l2, vehicleId: b.id, tripOn: "2026-11-02", engineHoursStart: 0, engineHoursEnd: 50 },
    ]);
  await db()
    .insert(vehicleDaily)
    .values([
      { tenantId: t.tenantId, vehicleId: a.id, day: "2026-09-15", engineSeconds: 7200 },
      { tenantId: t.tenantId, vehicleId: a.id, day: "2026-10-01", engineSeconds: 3600 },
      { tenantId: t.tenantId, vehicleId: a.id, day: "2026-11-01", engineSeconds: 36_000 },
    ]);

  // another tenant with the same days: none of it may show
  const other = await makeTenant({ role: "admin" });
  const oc = await makeContract(other.tenantId, { kind: "spot", state: 3, lines: [{ vehicleId: null, from: "2026-09-01" }] });
  await bill(other.tenantId, oc, { from: "2026-09-01", to: "2026-09-30", state: 1, orgId: null, items: [{ lineId: oc.lineIds[0]!, rule: "shiftOvertime", quantity: "9", amountCents: 9_000_000 }] });

  // a user of the east department with the admin's role
  const scoped = await signInDepartmentUser(t, east, "华东统计");

  w = {
    admin: await signIn(t.account, t.password),
    scoped,
    tenantId: t.tenantId,
    c1,
    c2,
    c3,
    plateA: await plateOf(a.id),
    plateB: await plateOf(b.id),
    plateC: await plateOf(c.id),
    plateD: await plateOf(d.id),
    model,
    customerY,
  };
});

const page = async (path: string, cookie: string) => {
  const res = await get(path, cookie);
  expect(res.status, path).toBe(200);
  return res.text();
};
const sheetOf = async (path: string, cookie: string) => {
  const res = await get(path, cookie);
  expect(res.status, path).toBe(200);
  expect(res.headers.get("Content-Type")).toContain("spreadsheetml");
  return readSheet(await res.arrayBuffer());
};
/** The cells of a table row (the HTML's) as text, for the row whose first cells match. */
function rowCells(html: string, ...first: string[]): string[] | undefined {
  for (const tr of html.match(/<tr[^>]*>[\s\S]*?<\/tr>/g) ?? []) {
    const cells = [...tr.matchAll(/<t[dh][^>]*>([\s\S]*?)<\/t[dh]>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, "").replace(/&amp;/g, "&").trim());
    if (first.every((f, i) => cells[i] === f)) return cells;
  }
  return undefined;
}

describe("合同收入 /contractRevenue", () => {
  it("counts confirmed and locked bills by period end, adjustments in, drafts out, against the costs, per contract and per month", async () => {
    const html = await page(`/contractRevenue?${RANGE}&by=contract`, w.admin);
    const c1 = `${w.c1.number} ${w.c1.number} 吊装`;
    const c2 = `${w.c2.number} ${w.c2.number} 吊装`;
    const c3 = `${w.c3.number} ${w.c3.number} 吊装`;
    // C1: 30,000.00 + 250.00 overtime in September, 31,000.50 less the 500.00 credit in October, 12,345.67 of repairs;
    // the draft's 9,999.99 and the bill ending in November nowhere
    expect(rowCells(html, c1)).toEqual([c1, "60,750.50", "12,345.67", "48,404.83", "79.7%"]);
    expect(rowCells(html, c2)).toEqual([c2, "2,162.50", "100.00", "2,062.50", "95.4%"]);
    expect(rowCells(html, c3)).toEqual([c3, "50,000.00", "0.00", "50,000.00", "100.0%"]);
    expect(rowCells(html, "2026-09")).toEqual(["2026-09", "81,612.50", "100.00", "81,512.50", "99.9%"]);
    expect(rowCells(html, "2026-10")).toEqual(["2026-10", "31,300.50", "12,345.67", "18,954.83", "60.6%"]);
    expect(rowCells(html, "合计")).toEqual(["合计", "112,913.00", "12,445.67", "100,467.33", "89.0%"]);
    expect(html).not.toContain("9,999.99");
    expect(html).not.toContain("44,444.44");
    expect(html).not.toContain("90,000.00");
    expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-label="合同收入/);

    const sheet = await sheetOf(`/contractRevenue/export?${RANGE}&by=contract`, w.admin);
    expect(sheet[0]).toEqual(["合同", "收入(元)", "成本(元)", "毛利(元)", "毛利率"]);
    // money as numbers (shown with two decimals), so the sheet adds them up; a percent as the page shows it
    expect(sheet.find((r) => r[0] === c1)).toEqual([c1, 60750.5, 12345.67, 48404.83, "79.7%"]);
    expect(sheet.at(-1)).toEqual(["合计", 112913, 12445.67, 100467.33, "89.0%"]);
    expect(sheet).toHaveLength(1 + 3 + 1);
  });

  it("groups by customer, equipment type and organisation with the same totals", async () => {
    for (const by of ["customer", "type", "org"]) {
      const html = await page(`/contractRevenue?${RANGE}&by=${by}`, w.admin);
      expect(rowCells(html, "合计"), by).toEqual(["合计", "112,913.00", "12,445.67", "100,467.33", "89.0%"]);
    }
    const byType = await page(`/contractRevenue?${RANGE}&by=type`, w.admin);
    // machine A's model: its line's items of both months and the repair booked on its line
    expect(rowCells(byType, w.model)).toEqual([w.model, "61,250.50", "12,345.67", "48,904.83", "79.8%"]);
    // no model: C2's and C3's lines (no model, no type), the credit (no line) and C2's transport (no line)
    expect(rowCells(byType, "未分配")).toEqual(["未分配", "51,662.50", "100.00", "51,562.50", "99.8%"]);
  });

  it("shows a department's user only their organisation's contracts", async () => {
    const html = await page(`/contractRevenue?${RANGE}&by=contract`, w.scoped);
    expect(html).not.toContain(w.c3.number);
    expect(rowCells(html, "合计")).toEqual(["合计", "62,913.00", "12,445.67", "50,467.33", "80.2%"]);
    expect(rowCells(html, "2026-09")).toEqual(["2026-09", "31,612.50", "100.00", "31,512.50", "99.7%"]);

    // a cost booked to the sibling department's contract counts for the administrator, never for the department's user
    const [west] = await db().insert(contractCosts).values({ tenantId: w.tenantId, contractId: w.c3.id, lineId: null, kind: "repair", amountCents: 55_555, occurredOn: "2026-09-20" }).returning();
    try {
      const scoped = await page(`/contractRevenue?${RANGE}&by=contract`, w.scoped);
      expect(rowCells(scoped, "2026-09")).toEqual(["2026-09", "31,612.50", "100.00", "31,512.50", "99.7%"]);
      expect(rowCells(scoped, "合计")).toEqual(["合计", "62,913.00", "12,445.67", "50,467.33", "80.2%"]);
      const admin = await page(`/contractRevenue?${RANGE}&by=contract`, w.admin);
      const c3 = `${w.c3.number} ${w.c3.number} 吊装`;
      expect(rowCells(admin, c3)).toEqual([c3, "50,000.00", "555.55", "49,444.45", "98.9%"]);
      expect(rowCells(admin, "2026-09")).toEqual(["2026-09", "81,612.50", "655.55", "80,956.95", "99.2%"]);
    } finally {
      await db().delete(contractCosts).where(eq(contractCosts.id, west!.id));
    }
  });

  it("reads a quick range in the tenant's days", async () => {
    const html = await page("/contractRevenue?range=lastMonth", w.admin);
    const r = quickRange("lastMonth", todayInZone("Asia/Shanghai"));
    expect(html).toContain(`${r.from} ~ ${r.to}`);
    expect(html).toMatch(/aria-current="true"[^>]*>上月</);
  });
});

describe("客户零租报表 /customerZeroRentReport", () => {
  it("gives the spot customer's trips, hours, machines and revenue", async () => {
    const html = await page(`/customerZeroRentReport?${RANGE}`, w.admin);
    // 4.5 h by the hour meter and 3 h by the clock; 1,362.50 + 800.00 billed
    expect(rowCells(html, w.customerY)).toEqual([w.customerY, "2", "7.5", "1", "2", "2,162.50"]);
    expect(html).not.toContain(w.c1.number);
    expect(rowCells(html, "合计")).toEqual(["合计", "2", "7.5", "—", "2", "2,162.50"]);
    const sheet = await sheetOf(`/customerZeroRentReport/export?${RANGE}`, w.admin);
    expect(sheet[1]).toEqual([w.customerY, "2", "7.5", "1", "2", 2162.5]);
  });
});

describe("加班报表 /overtimeReport", () => {
  it("sums the overtime items per machine and contract, fractions of hours included", async () => {
    const html = await page(`/overtimeReport?${RANGE}`, w.admin);
    const c1 = `${w.c1.number} ${w.c1.number} 吊装`;
    const c2 = `${w.c2.number} ${w.c2.number} 吊装`;
    expect(rowCells(html, w.plateA, c1)?.slice(3)).toEqual(["2.5", "250.00", "0.0", "0.00", "2.5", "250.00"]);
    expect(rowCells(html, w.plateB, c2)?.slice(3)).toEqual(["0.0", "0.00", "1.6", "162.50", "1.6", "162.50"]);
    expect(rowCells(html, "合计")?.slice(3)).toEqual(["2.5", "250.00", "1.6", "162.50", "4.1", "412.50"]);
    expect(html).not.toContain("90,000.00");
    const en = await (await get(`/overtimeReport/export?${RANGE}`, `${w.admin.replace(/(^|; )derrick_lang=[^;]*/, "")}; derrick_lang=en-US`)).arrayBuffer();
    expect((await readSheet(en))[0]).toEqual(["Machine (plate)", "Contract", "Customer", "Shift overtime (h)", "Shift overtime (CNY)", "Above allowance (h)", "Above allowance (CNY)", "Overtime (h)", "Overtime (CNY)"]);
  });
});

describe("运营数据报表 /operateDataReport", () => {
  it("gives days on rent, utilisation, engine hours and revenue per machine, and the idle machines", async () => {
    const html = await page(`/operateDataReport?${RANGE}`, w.admin);
    // 61 days: A all of them, B 10 Sep to 20 Oct (41 days, 67.2 %); C's contract has only a draft bill, so C is idle
    expect(rowCells(html, w.plateA)).toEqual([w.plateA, w.model, "61", "100.0%", "3.0", "61,250.50"]);
    expect(rowCells(html, w.plateB)).toEqual([w.plateB, "未设置型号", "41", "67.2%", "0.0", "2,162.50"]);
    expect(rowCells(html, w.plateD)).toEqual([w.plateD, "未设置型号", "61", "100.0%", "0.0", "50,000.00"]);
    expect(rowCells(html, w.plateC)).toEqual([w.plateC, "未设置型号", "0", "0.0%", "0.0", "0.00"]);
    const idle = html.slice(html.indexOf("闲置设备"));
    expect(rowCells(idle, w.plateC)).toEqual([w.plateC, "未设置型号", "0.0"]);
    expect(rowCells(idle, w.plateA)).toBeUndefined();
    // per model: the three machines without one, 102 of 183 days
    expect(rowCells(html, "未设置型号", "3")).toEqual(["未设置型号", "3", "102", "55.7%", "0.0", "52,162.50"]);
    const sheet = await sheetOf(`/operateDataReport/export?${RANGE}`, w.admin);
    expect(sheet.find((r) => r[0] === w.plateA)).toEqual([w.plateA, w.model, "61", "100.0%", "3.0", 61250.5]);
  });

  it("leaves the other department's machines out for a department's user", async () => {
    const html = await page(`/operateDataReport?${RANGE}`, w.scoped);
    expect(html).not.toContain(w.plateD);
    expect(html).toContain(w.plateA);
  });
});
