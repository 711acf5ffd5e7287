// The reports' PDF export on real D1 (issue 26 §5: "Excel and PDF export"): a small made-up tenant (a contract of the
// east department billed in September and October 2026 with overtime, a bill ending in November outside the range, a
// contract of the west department), each PDF read back as text: the figures to the cent and the total row as the page
// shows them, the range and grouping printed, nothing outside the range, nothing of another tenant or of another
// department for a department's user, 403 without the export permission, the heading in both languages, and a report
// too long for a PDF refused with the reason.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../app/lib/password";
import { contractCosts, userRoles, users } from "../../db/schema";
import { db, get, installTestFonts, makeTenant, signIn, unique } from "./helpers";
import { makeContract, makeDepartment, insertBill } from "./rent-fixtures";
import { makeVehicle } from "./telematics";


const bill = insertBill;

const RANGE = "from=2026-09-01&to=2026-10-31";
const EN = (cookie: string) => `${cookie.replace(/(^|; )derrick_lang=[^;]*/, "")}; derrick_lang=en-US`;

interface World {
  admin: string;
  east: string;
  viewer: string;
  c1: string;
  c2: string;
  otherContract: string;
}
let w: World;

beforeAll(async () => {
  await installTestFonts();
  const t = await makeTenant({ role: "admin" });
  const east = await makeDepartment(t.tenantId, t.rootOrgId);
  const west = await makeDepartment(t.tenantId, t.rootOrgId);
  const a = await makeVehicle(t.tenantId, { orgId: east, plate: unique("沪A") });
  const b = await makeVehicle(t.tenantId, { orgId: west, plate: unique("沪B") });
  const c1 = await makeContract(t.tenantId, { kind: "rental", orgId: east, state: 3, lines: [{ vehicleId: a.id, from: "2026-09-01" }] });
  const c2 = await makeContract(t.tenantId, { kind: "rental", orgId: west, state: 3, lines: [{ vehicleId: b.id, from: "2026-09-01" }] });
  const [l1, l2] = [c1.lineIds[0]!, c2.lineIds[0]!];
  // C1: 30,123.45 + 2.5 h shift overtime 250.50 in September; 31,000.50 + 13/8 h above the allowance 162.75 in October
  await bill(t.tenantId, c1, { from: "2026-09-01", to: "2026-09-30", state: 1, orgId: east, items: [{ lineId: l1, amountCents: 3_012_345 }, { lineId: l1, rule: "shiftOvertime", quantity: "2.5", amountCents: 25_050 }] });
  await bill(t.tenantId, c1, { from: "2026-10-01", to: "2026-10-31", state: 2, orgId: east, items: [{ lineId: l1, amountCents: 3_100_050 }, { lineId: l1, rule: "allowanceOvertime", quantity: "13/8", amountCents: 16_275 }] });
  // the bill ending in November: outside the range, its 44,444.44 and 777.77 nowhere
  await bill(t.tenantId, c1, { from: "2026-11-01", to: "2026-11-30", state: 1, orgId: east, items: [{ lineId: l1, amountCents: 4_444_444 }, { lineId: l1, rule: "shiftOvertime", quantity: "7", amountCents: 77_777 }] });
  // C2 (the west): 5,000.00 and 3 h shift overtime 300.00 in September
  await bill(t.tenantId, c2, { from: "2026-09-01", to: "2026-09-30", state: 1, orgId: west, items: [{ lineId: l2, amountCents: 500_000 }, { lineId: l2, rule: "shiftOvertime", quantity: "3", amountCents: 30_000 }] });
  await db().insert(contractCosts).values({ tenantId: t.tenantId, contractId: c1.id, lineId: l1, kind: "repair", amountCents: 1_234_567, occurredOn: "2026-10-15" });

  // another tenant with the same days: none of it may show
  const other = await makeTenant({ role: "admin" });
  const oc = await makeContract(other.tenantId, { kind: "rental", state: 3, lines: [{ vehicleId: null, from: "2026-09-01" }] });
  await bill(other.tenantId, oc, { from: "2026-09-01", to: "2026-09-30", state: 1, orgId: null, items: [{ lineId: oc.lineIds[0]!, rule: "shiftOvertime", quantity: "9", amountCents: 9_000_000 }] });

  // the east department's user with the admin's role, and a viewer (the reports' screens, no export)
  const user = async (account: string, orgId: number, roleId: number) => {
    const [row] = await db()
      .insert(users)
      .values({ tenantId: t.tenantId, orgId, loginAccount: account, userName: account, passwordHash: await hashPassword("Passw0rd@2026"), isAdmin: 0 })
      .returning({ id: users.id });
    await db().insert(userRoles).values({ tenantId: t.tenantId, userId: row!.id, roleId });
    return signIn(account, "Passw0rd@2026");
  };
  const [adminRole] = await db().select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, t.userId));
  w = {
    admin: await signIn(t.account, t.password),
    east: await user(unique("east"), east, adminRole!.roleId),
    viewer: await user(unique("viewer"), t.rootOrgId, t.roleIds.viewer),
    c1: c1.number,
    c2: c2.number,
    otherContract: oc.number,
  };
});

/** The PDF of an export URL as one line of text (whitespace collapsed), after checking it is a PDF download. */
async function pdfText(path: string, cookie: string) {
  const res = await get(path, cookie);
  expect(res.status, path).toBe(200);
  expect(res.headers.get("Content-Type")).toBe("application/pdf");
  const pdf = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()));
  const { text } = await extractText(pdf, { mergePages: true });
  return { text: text.replace(/\s+/g, " "), disposition: res.headers.get("Content-Disposition") ?? "" };
}

describe("合同收入 as a PDF", () => {
  it("prints the page's rows and total to the cent, with the range and the grouping", async () => {
    const { text, disposition } = await pdfText(`/contractRevenue/export?${RANGE}&by=contract&format=pdf`, w.admin);
    expect(text).toContain("合同收入");
    expect(text).toContain("统计区间：2026-09-01 ~ 2026-10-31");
    expect(text).toContain("分组维度：合同");
    expect(text).toMatch(/生成时间：\d{4}-\d{2}-\d{2} \d{2}:\d{2} \(Asia\/Shanghai\)/);
    // C1: 30,123.45 + 250.50 + 31,000.50 + 162.75 against 12,345.67 of repairs; C2 5,300.00 without cost
    expect(text).toContain("61,537.20 12,345.67 49,191.53 79.9%");
    expect(text).toContain("5,300.00 0.00 5,300.00 100.0%");
    expect(text).toContain("合计 66,837.20 12,345.67 54,491.53 81.5%");
    // per month
    expect(text).toContain("2026-09 35,673.95 0.00 35,673.95 100.0%");
    expect(text).toContain("2026-10 31,163.25 12,345.67 18,817.58 60.4%");
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent("合同收入-2026-09-01-2026-10-31.pdf")}`);
  });

  it("is the page's 导出PDF beside 导出Excel, with the page's range and grouping", async () => {
    const html = await (await get(`/contractRevenue?${RANGE}&by=customer`, w.admin)).text();
    expect(html).toMatch(/href="\/contractRevenue\/export\?from=2026-09-01&amp;to=2026-10-31&amp;by=customer"[^>]*data-testid="export"[^>]*>导出Excel</);
    expect(html).toMatch(/href="\/contractRevenue\/export\?from=2026-09-01&amp;to=2026-10-31&amp;by=customer&amp;format=pdf"[^>]*data-testid="export-pdf"[^>]*>导出PDF</);
    const quick = await (await get("/overtimeReport?range=lastMonth", w.admin)).text();
    expect(quick).toContain('href="/overtimeReport/export?range=lastMonth&amp;format=pdf"');
  });

  it("leaves out what falls outside the range", async () => {
    const { text } = await pdfText(`/contractRevenue/export?${RANGE}&format=pdf`, w.admin);
    expect(text).not.toContain("44,444.44");
    const september = (await pdfText("/contractRevenue/export?from=2026-09-01&to=2026-09-30&format=pdf", w.admin)).text;
    expect(september).toContain("合计 35,673.95 0.00 35,673.95 100.0%");
    expect(september).not.toContain("31,000.50");
    expect(september).not.toContain("12,345.67");
  });

  it("prints a department's user only their organisation's contracts", async () => {
    const { text } = await pdfText(`/contractRevenue/export?${RANGE}&format=pdf`, w.east);
    expect(text).toContain("合计 61,537.20 12,345.67 49,191.53 79.9%");
    expect(text).not.toContain("5,300.00");
  });

  it("is in English for an English reader, grouped as asked", async () => {
    const { text, disposition } = await pdfText(`/contractRevenue/export?${RANGE}&by=customer&format=pdf`, EN(w.admin));
    expect(text).toContain("Contract Revenue");
    expect(text).toContain("Period: 2026-09-01 ~ 2026-10-31");
    expect(text).toContain("Group by: Customer");
    expect(text).toContain("Revenue (CNY)");
    expect(text).toContain("Total 66,837.20 12,345.67 54,491.53 81.5%");
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent("Contract Revenue-2026-09-01-2026-10-31.pdf")}`);
  });
});

describe("加班报表 as a PDF", () => {
  it("prints each machine's overtime and the total to the cent", async () => {
    const { text } = await pdfText(`/overtimeReport/export?${RANGE}&format=pdf`, w.admin);
    expect(text).toContain("加班报表");
    // C1's machine: 2.5 h 250.50 and 1.625 h 162.75; C2's: 3 h 300.00
    expect(text).toContain("2.5 250.50 1.6 162.75 4.1 413.25");
    expect(text).toContain("3.0 300.00 0.0 0.00 3.0 300.00");
    expect(text).toContain("合计 5.5 550.50 1.6 162.75 7.1 713.25");
    // the November bill's overtime and the other tenant's
    expect(text).not.toContain("777.77");
    expect(text).not.toContain("90,000.00");
    expect(text).not.toContain(w.otherContract);
  });

  it("is in English for an English reader, and still Excel without format=pdf", async () => {
    const { text } = await pdfText(`/overtimeReport/export?${RANGE}&format=pdf`, EN(w.admin));
    expect(text).toContain("Overtime Report");
    expect(text).toContain("Total 5.5 550.50 1.6 162.75 7.1 713.25");
    const sheet = await get(`/overtimeReport/export?${RANGE}`, w.admin);
    expect(sheet.status).toBe(200);
    expect(sheet.headers.get("Content-Type")).toContain("spreadsheetml");
  });
});

describe("the other reports as PDFs", () => {
  it("prints 客户零租报表 and 运营数据报表 with their tables", async () => {
    const zero = await pdfText(`/customerZeroRentReport/export?${RANGE}&format=pdf`, w.admin);
    expect(zero.text).toContain("客户零租报表");
    expect(zero.text).toContain("该区间内没有数据");
    const operate = await pdfText(`/operateDataReport/export?${RANGE}&format=pdf`, w.admin);
    for (const heading of ["运营数据报表", "设备利用率", "按型号", "闲置设备"]) expect(operate.text).toContain(heading);
    // machine A: 61 of 61 days, the 61,537.20 of items on its line
    expect(operate.text).toContain("61 100.0% 0.0 61,537.20");
  });
});

describe("a report too long for a PDF", () => {
  it("is refused with the reason, which the download button shows", async () => {
    // 1,001 machines without a day on rent: 1,001 rows of utilisation, one model, 1,001 idle machines
    const t = await makeTenant({ role: "admin" });
    const prefix = unique("big");
    const numbers = "with recursive n(i) as (select 1 union all select i + 1 from n where i < 1001)";
    await env.DB.prepare(`${numbers} insert into vehicles (tenant_id, plate, terminal_no, created_at, updated_at) select ?, ? || i, ? || i, ?, ? from n`)
      .bind(t.tenantId, `${prefix}-`, `${prefix}-T`, Date.now(), Date.now())
      .run();
    const cookie = await signIn(t.account, t.password);
    const res = await get(`/operateDataReport/export?${RANGE}&format=pdf`, cookie);
    expect(res.status).toBe(422);
    expect(((await res.json()) as { message: string }).message).toBe("PDF最多打印 2,000 行，本报表有 2,003 行：请缩短统计区间，或导出Excel");
  });
});

describe("who may export", () => {
  it("refuses a user without the export permission (403) and shows them no export button; the page still theirs", async () => {
    for (const path of ["/overtimeReport", "/customerZeroRentReport", "/operateDataReport", "/contractRevenue"]) {
      // 合同收入 is not among the viewer's screens at all
      const page = await get(`${path}?${RANGE}`, w.viewer);
      expect(page.status, path).toBe(path === "/contractRevenue" ? 403 : 200);
      if (page.status === 200) expect(await page.text(), path).not.toContain('data-testid="export');
      expect((await get(`${path}/export?${RANGE}&format=pdf`, w.viewer)).status, path).toBe(403);
      expect((await get(`${path}/export?${RANGE}`, w.viewer)).status, path).toBe(403);
    }
  });
});
