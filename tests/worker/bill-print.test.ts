// One bill printed and exported (issue 26 §1) through the Worker on real D1: a September bill of a crane at ¥30,000.00 a
// month with ten quiet days accepted as idle at 70 % (−¥3,000.00, the clerk's reason beside it); its PDF and its Excel
// workbook in both languages, with the items, the total, the decision and the day-by-day evidence; the bill page's
// guard: another tenant's bill and one outside the user's data scope are not found, a user without the screen refused.
import { and, eq, inArray } from "drizzle-orm";
import readXlsxFile from "read-excel-file/universal";
import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../app/lib/password";
import { runBills } from "../../app/modules/billing/bill-run.server";
import { decideProposal, loadBill } from "../../app/modules/billing/bill.server";
import { billScope } from "./bill-fixtures";
import { bills, contractLines, contracts, customers, menus, roleMenus, userRoles, users } from "../../db/schema";
import { db, get, insertDaily, installTestFonts, makeTenant, signIn, unique } from "./helpers";
import { makeDepartment } from "./rent-fixtures";
import { makeVehicle } from "./telematics";

const english = (cookie: string) => `${cookie.replace(/(^|; )derrick_lang=[^;]*/, "")}; derrick_lang=en-US`;
const REASON = "现场停工待命";

interface World {
  billId: number;
  number: string;
  contractName: string;
  customerName: string;
  amountCents: number;
  taxCents: number;
  admin: string;
  /** a user of the east department: the bill is the west's */
  east: string;
  /** a user whose role lacks the bills screen */
  viewer: string;
  /** another tenant's administrator */
  stranger: string;
}
let w: World;

/** A user of the tenant with a role and an organisation, signed in. */
async function userOf(tenantId: number, roleId: number, orgId: number) {
  const account = unique("u");
  const [user] = await db()
    .insert(users)
    .values({ tenantId, orgId, loginAccount: account, userName: unique("用户"), passwordHash: await hashPassword("Passw0rd@2026"), isAdmin: 0 })
    .returning({ id: users.id });
  await db().insert(userRoles).values({ tenantId, userId: user!.id, roleId });
  return signIn(account, "Passw0rd@2026");
}

beforeAll(async () => {
  await installTestFonts();
  const t = await makeTenant({ role: "admin" });
  const east = await makeDepartment(t.tenantId, t.rootOrgId);
  const west = await makeDepartment(t.tenantId, t.rootOrgId);
  const v = await makeVehicle(t.tenantId, { orgId: west });
  const customerName = unique("张江建工");
  const [customer] = await db().insert(customers).values({ tenantId: t.tenantId, name: customerName, kind: "enterprise" }).returning({ id: customers.id });
  const contractName = "张江塔吊租赁";
  const [c] = await db()
    .insert(contracts)
    .values({ tenantId: t.tenantId, orgId: west, number: unique("HT-"), kind: "rental", name: contractName, customerId: customer!.id, startOn: "2026-09-01", settlementDay: 31, paymentDays: 30, taxRateBp: 900, state: 3 })
    .returning({ id: contracts.id });
  await db().insert(contractLines).values({ tenantId: t.tenantId, contractId: c!.id, lineNo: 1, vehicleId: v.id, equipmentType: "3", spec: "QTZ80", monthlyCents: 3_000_000, idleRateBp: 7000, onRentOn: "2026-09-01" });
  // September: 8 engine hours and 12 km a day, but nothing from the 10th to the 19th
  const rows = Array.from({ length: 30 }, (_, i) => {
    const day = `2026-09-${String(i + 1).padStart(2, "0")}`;
    const quiet = day >= "2026-09-10" && day <= "2026-09-19";
    return { tenantId: t.tenantId, vehicleId: v.id, day, engineSeconds: quiet ? 0 : 8 * 3600, mileageKm: quiet ? 0 : 12 };
  });
  await insertDaily(rows);
  await runBills(db(), { tenantId: t.tenantId, timeZone: "Asia/Shanghai", through: "2026-09-30" });
  const [bill] = await db().select().from(bills).where(eq(bills.tenantId, t.tenantId));
  // the clerk: the bill list's screen and its edit (a proposal's decision)
  const scope = billScope(t.tenantId, t.userId);
  // the clerk accepts the idle days with a reason (any other proposal rejected)
  for (const p of (await loadBill(scope, bill!.id))!.proposals) expect(await decideProposal(scope, bill!.id, p.id, p.kind === "idle", p.kind === "idle" ? REASON : "不适用")).toEqual({ ok: true });
  const priced = (await loadBill(scope, bill!.id))!;
  // 3,000,000 − 3,000,000 × 10/30 × 30 %
  expect(priced.items.map((i) => [i.rule, i.quantity, i.amountCents])).toEqual([
    ["monthly", "1", 3_000_000],
    ["idle", "-10/30", -300_000],
  ]);
  expect(priced.bill.amountCents).toBe(2_700_000);

  // the viewer's role without the bills screen
  await db()
    .delete(roleMenus)
    .where(and(eq(roleMenus.roleId, t.roleIds.viewer), inArray(roleMenus.menuId, db().select({ id: menus.id }).from(menus).where(and(eq(menus.tenantId, t.tenantId), eq(menus.routerPath, "/contractBillReport"))))));
  const other = await makeTenant({ role: "admin" });
  w = {
    billId: bill!.id,
    number: bill!.number,
    contractName,
    customerName,
    amountCents: priced.bill.amountCents,
    taxCents: priced.bill.taxCents,
    admin: await signIn(t.account, t.password),
    east: await userOf(t.tenantId, t.roleIds.admin, east),
    viewer: await userOf(t.tenantId, t.roleIds.viewer, t.rootOrgId),
    stranger: await signIn(other.account, other.password),
  };
});

async function pdfText(res: Response): Promise<string> {
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toBe("application/pdf");
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await res.arrayBuffer())), { mergePages: true });
  return text;
}

type Cells = unknown[][];
async function workbook(res: Response): Promise<Record<string, Cells>> {
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toContain("spreadsheetml");
  const sheets = await readXlsxFile(await res.arrayBuffer());
  return Object.fromEntries(sheets.map((s) => [s.sheet, s.data as Cells]));
}
const rowOf = (rows: Cells, first: unknown) => rows.find((r) => r[0] === first);

describe("a bill's PDF", () => {
  it("prints the head, the items to the cent with the clerk's decision, the totals and the evidence, in Chinese", async () => {
    const res = await get(`/contractBillReport/bill/pdf?id=${w.billId}`, w.admin);
    expect(res.headers.get("Content-Disposition")).toContain(`attachment; filename="${w.number}.pdf"`);
    const text = await pdfText(res);
    const flat = text.replace(/\s+/g, "");
    expect(text).toContain(w.number);
    expect(flat).toContain(w.contractName);
    expect(flat).toContain(w.customerName);
    expect(flat).toContain("账单明细");
    expect(flat).toContain("停滞期折让");
    expect(text).toContain("30,000.00");
    expect(text).toContain("-3,000.00");
    expect(text).toContain("27,000.00");
    expect(flat).toContain(`已接受系统建议（停滞期）：${REASON}`);
    // what the money stands on: the accepted idle days as a run of dates
    expect(flat).toContain("计费依据（已接受的系统建议）");
    expect(flat).toContain("停滞期2026-09-10至2026-09-19，共10天");
    expect(flat).toContain("每日证据");
    // an evidence day with its engine hours beside it
    expect(text).toContain("2026-09-25");
    expect(flat).toContain("2026-09-258.012");
    expect(flat).toContain("2026-09-150.00");
  });

  it("prints in English when asked", async () => {
    const text = (await pdfText(await get(`/contractBillReport/bill/pdf?id=${w.billId}&lang=en-US`, w.admin))).replace(/\s+/g, " ");
    expect(text).toContain(w.number);
    expect(text).toContain("Idle-period discount");
    expect(text).toContain("-3,000.00");
    expect(text).toContain("Day-by-day evidence");
    expect(text).toContain("Accepted proposal (Idle period)");
    expect(text).toContain("2026-09-30");
  });
});

describe("a bill's Excel workbook", () => {
  it("holds the items as numbers with a total equal to the bill's amount, and the evidence by machine and day", async () => {
    const res = await get(`/contractBillReport/bill/xlsx?id=${w.billId}`, w.admin);
    expect(res.headers.get("Content-Disposition")).toContain(`attachment; filename="${w.number}.xlsx"`);
    const book = await workbook(res);
    expect(Object.keys(book)).toEqual(["账单明细", "每日证据"]);
    const items = book["账单明细"]!;
    expect(rowOf(items, "账单编号")?.[1]).toBe(w.number);
    expect(rowOf(items, "金额(元)")?.[1]).toBe(27_000);
    expect(rowOf(items, "设备")).toEqual(["设备", "项目", "数量", "单位", "比例", "单价(元)", "金额(元)", "税额(元)", "计算", "说明"]);
    const lines = items.filter((r) => typeof r[0] === "string" && r[0].startsWith("序号1"));
    expect(lines.map((r) => r.slice(1, 8))).toEqual([
      ["月租", 1, "月", null, 30_000, 30_000, expect.closeTo(2_477.06, 2)],
      ["停滞期折让", "-10/30", "月", 0.3, 30_000, -3_000, expect.closeTo(-247.71, 2)],
    ]);
    // how each amount was reached, as the customer would redo it: the day count's divisor, the days, the share
    expect(lines.map((r) => r[8])).toEqual(["30,000.00 × 1 = 30,000.00", "30,000.00 ÷ 30 × -10 × 30% = -3,000.00"]);
    expect(lines[1]![9]).toBe(`已接受系统建议（停滞期）：${REASON}`);
    expect(rowOf(items, "计日方式")?.[1]).toBe("按30天/月（日租金＝月租金÷30）");
    expect(rowOf(items, "价格")?.[1]).toBe("含税价（税额从价中分出）");
    const total = rowOf(items, "合计")!;
    expect(total[6]).toBe(w.amountCents / 100);
    expect(total[7]).toBeCloseTo(w.taxCents / 100, 2);

    const evidence = book["每日证据"]!;
    expect(evidence[0]).toEqual(["设备", "日期", "发动机小时", "里程(公里)", "在场分钟", "计入故障分钟", "出车登记", "无数据"]);
    expect(evidence).toHaveLength(31);
    const day = (d: string) => evidence.find((r) => r[1] instanceof Date && r[1].toISOString().startsWith(d));
    expect(day("2026-09-25")?.slice(2)).toEqual([8, 12, null, 0, 0, null]);
    expect(day("2026-09-12")?.slice(2)).toEqual([0, 0, null, 0, 0, null]);
    expect(day("2026-09-25")?.[0]).toMatch(/^序号1 · /);
    // the machine's type by its name, never its code
    expect(lines[0]![0]).toMatch(/ · 塔吊 QTZ80$/);
  });

  it("speaks the user's language", async () => {
    const book = await workbook(await get(`/contractBillReport/bill/xlsx?id=${w.billId}`, english(w.admin)));
    expect(Object.keys(book)).toEqual(["Items", "Day-by-day evidence"]);
    const items = book["Items"]!;
    expect(rowOf(items, "Machine")).toEqual(["Machine", "Item", "Quantity", "Unit", "Share", "Rate (¥)", "Amount (¥)", "Tax (¥)", "Arithmetic", "Note"]);
    expect(rowOf(items, "Total")?.[6]).toBe(27_000);
    expect(items.find((r) => typeof r[0] === "string" && r[0].startsWith("No. 1"))?.[0]).toMatch(/ · Tower crane QTZ80$/);
    expect(book["Day-by-day evidence"]![0]![1]).toBe("Day");
  });
});

describe("the bill's files keep the bill page's guard", () => {
  it("answers 404 for another tenant's bill, one outside the data scope and no bill; 403 without the bills screen", async () => {
    for (const kind of ["pdf", "xlsx"]) {
      const path = `/contractBillReport/bill/${kind}?id=${w.billId}`;
      expect((await get(path, w.stranger)).status, kind).toBe(404);
      expect((await get(path, w.east)).status, kind).toBe(404);
      expect((await get(path, w.viewer)).status, kind).toBe(403);
      expect((await get(`/contractBillReport/bill/${kind}?id=abc`, w.admin)).status, kind).toBe(404);
      // signed out: to the sign-in
      expect((await get(path)).status, kind).toBe(302);
    }
    // the east user sees the bills screen, so the guard refused the bill and not the screen
    expect((await get("/contractBillReport", w.east)).status).toBe(200);
  });

  it("are linked from the bill page", async () => {
    const html = await (await get(`/contractBillReport/bill?id=${w.billId}`, w.admin)).text();
    expect(html).toContain(`href="/contractBillReport/bill/pdf?id=${w.billId}"`);
    expect(html).toContain(`href="/contractBillReport/bill/xlsx?id=${w.billId}"`);
    expect(html).toContain("下载PDF");
    expect(html).toContain("导出Excel");
  });
});
