import { env, SELF } from "cloudflare:test";
import readXlsxFile from "read-excel-file/universal";
import writeExcelFile from "write-excel-file/universal";
import { describe, expect, it } from "vitest";
import { get, makeTenant, ORIGIN, postForm, signIn, unique } from "./helpers";
import { makeVehicle } from "./telematics";

// 合同列表's Excel: the export's second sheet 设备明细 carries every exported contract's lines in the import's own
// columns, the template has both sheets, and an import creates contracts with their lines through the document's
// checks (money to the cent, a double booking refused on the line's own row of 设备明细).

async function admin() {
  const t = await makeTenant({ role: "admin" });
  const cookie = await signIn(t.account, t.password);
  const customer = await env.DB.prepare("insert into customers (tenant_id, name, kind, payment_days, state, version, created_at, updated_at) values (?, ?, 'enterprise', 30, 1, 1, ?, ?) returning id, name")
    .bind(t.tenantId, unique("客户"), Date.now(), Date.now())
    .first<{ id: number; name: string }>();
  return { ...t, cookie, customer: customer! };
}

const cells = (row: (string | number)[]) => row.map((value) => ({ value: String(value) }));
const importFile = (cookie: string, file: Blob) => {
  const body = new FormData();
  body.set("intent", "import");
  body.set("file", new File([file], "contracts.xlsx"));
  return SELF.fetch(`${ORIGIN}/contractList`, { method: "POST", redirect: "manual", headers: { Origin: ORIGIN, Host: "localhost", Cookie: cookie }, body });
};
const reportOf = async (res: Response) => (/data-testid="import-report"[\s\S]*?<\/div>/.exec(await res.text())?.[0] ?? "").replace(/<!-- -->/g, "");

describe("合同列表 Excel with the equipment lines", () => {
  it("exports 设备明细 beside the list, each line under its contract's name, the plate and the money in yuan", async () => {
    const a = await admin();
    const v1 = await makeVehicle(a.tenantId, { plate: `沪E${Date.now() % 100000}` });
    const v2 = await makeVehicle(a.tenantId, { plate: `沪F${Date.now() % 100000}` });
    const name = unique("出口合同").slice(0, 40);
    const fields = { intent: "create", kind: "rental", name, customerId: String(a.customer.id), startOn: "2026-11-01", plannedEndOn: "2027-01-31", settlementDay: "20", paymentDays: "30", taxRate: "9",
      "lines[0].vehicleId": String(v1.id), "lines[0].monthly": "38000.5", "lines[0].idleRate": "70", "lines[0].shiftHours": "8",
      "lines[1].vehicleId": String(v2.id), "lines[1].daily": "1200", "lines[1].shiftHours": "8", "lines[1].faultDeduction": "1", "lines[1].onRentOn": "2026-11-10" };
    expect((await postForm("/contractList/form", fields, { Cookie: a.cookie })).status).toBe(302);

    const res = await get(`/excel/contract/export?q=${encodeURIComponent(name)}`, a.cookie);
    expect(res.status).toBe(200);
    const book = await readXlsxFile(await res.arrayBuffer());
    expect(book.map((s) => s.sheet)).toEqual(["合同列表", "设备明细"]);
    const list = book[0]!.data;
    expect(list).toHaveLength(2);
    expect(list[1]).toContain(name);
    const [header, ...lines] = book[1]!.data;
    expect(header!.slice(0, 5)).toEqual(["*合同名称", "设备", "设备类型", "规格/吨位", "月租（元）"]);
    const col = (label: string) => header!.indexOf(label);
    expect(lines).toHaveLength(2);
    expect(lines.map((l) => [l[0], l[col("设备")], l[col("月租（元）")], l[col("日租（元）")], l[col("停滞期费率（%）")], l[col("故障扣减")], l[col("起租日")]])).toEqual([
      [name, `${(await plate(v1.id))}`, "38000.50", null, "70", "否", "2026-11-01"],
      [name, `${(await plate(v2.id))}`, null, "1200.00", null, "是", "2026-11-10"],
    ]);
    // in English the sheets and the options follow the user's language
    const en = await readXlsxFile(await (await get(`/excel/contract/export?q=${encodeURIComponent(name)}`, `${a.cookie}; derrick_lang=en-US`)).arrayBuffer());
    expect(en.map((s) => s.sheet)).toEqual(["Contract List", "Machines"]);
    expect(en[1]!.data[2]![en[1]!.data[0]!.indexOf("Fault deduction")]).toBe("Yes");
  });

  it("gives a template of both sheets, the head's required fields and the line's columns", async () => {
    const a = await admin();
    const book = await readXlsxFile(await (await get("/excel/contract/template", a.cookie)).arrayBuffer());
    expect(book.map((s) => s.sheet)).toEqual(["合同列表", "设备明细"]);
    expect(book[0]!.data[0]).toEqual(expect.arrayContaining(["*合同类型", "*合同名称", "客户", "*开始日期", "*结算日（每月）"]));
    expect(book[1]!.data[0]).toEqual(expect.arrayContaining(["*合同名称", "设备", "月租（元）", "起租日", "停租日"]));
  });

  it("imports contracts with their lines exactly, and reports a refused line on its own row of 设备明细", async () => {
    const a = await admin();
    const v1 = await makeVehicle(a.tenantId);
    const v2 = await makeVehicle(a.tenantId);
    const plate1 = await plate(v1.id);
    const plate2 = await plate(v2.id);
    const good = unique("导入合同").slice(0, 40);
    const clash = unique("冲突合同").slice(0, 40);
    const empty = unique("无设备").slice(0, 40);
    const head = ["*合同类型", "*合同名称", "客户", "*开始日期", "计划结束日期", "*结算日（每月）", "付款天数", "税率（%）"];
    const headRow = (name: string) => ["租赁", name, a.customer.name, "2026-12-01", "2027-02-28", "20", "30", "9"];
    const lineHead = ["*合同名称", "设备", "设备类型", "月租（元）", "日租（元）", "停滞期费率（%）", "故障扣减", "起租日", "停租日"];
    const file = await writeExcelFile([
      { sheet: "合同列表", data: [cells(head), cells(headRow(good)), cells(headRow(clash)), cells(headRow(empty)), cells(headRow(good))] },
      {
        sheet: "设备明细",
        data: [
          cells(lineHead),
          cells([good, plate1, "", "45000.25", "", "70", "是", "2026-12-01", "2027-02-28"]),
          cells([good, plate2, "", "", "1500", "", "否", "2026-12-05", ""]),
          // the same machine for overlapping days on another contract of the same import: refused, the first contract named
          cells([clash, plate1, "", "30000", "", "", "", "2026-12-10", "2027-01-10"]),
        ],
      },
    ]).toBlob();
    const report = await reportOf(await importFile(a.cookie, file));
    expect(report).toContain("导入完成：成功 1 条，失败 3 条");
    const saved = await env.DB.prepare("select id, number, state from contracts where tenant_id = ? and name = ?").bind(a.tenantId, good).first<{ id: number; number: string; state: number }>();
    expect(saved!.number).toMatch(/^HT-\d{6}-\d{4}$/);
    expect(saved!.state).toBe(0);
    expect(report).toMatch(new RegExp(`第 3 行：设备明细 第 4 行 设备 .*${saved!.number}`));
    expect(report).toMatch(/第 4 行：.*至少/);
    expect(report).toContain("第 5 行：合同名称 与第 2 行同名，明细行无法区分，请改名后导入");
    const lines = await env.DB.prepare("select line_no, vehicle_id, monthly_cents, daily_cents, idle_rate_bp, fault_deduction, on_rent_on, off_rent_on from contract_lines where contract_id = ? order by line_no").bind(saved!.id).all();
    expect(lines.results).toEqual([
      { line_no: 1, vehicle_id: v1.id, monthly_cents: 4_500_025, daily_cents: null, idle_rate_bp: 7000, fault_deduction: 1, on_rent_on: "2026-12-01", off_rent_on: "2027-02-28" },
      { line_no: 2, vehicle_id: v2.id, monthly_cents: null, daily_cents: 150_000, idle_rate_bp: null, fault_deduction: 0, on_rent_on: "2026-12-05", off_rent_on: null },
    ]);
    expect(await env.DB.prepare("select count(*) n from contracts where tenant_id = ? and name in (?, ?)").bind(a.tenantId, clash, empty).first<number>("n")).toBe(0);
  });

  it("never takes another tenant's machine or customer by its name", async () => {
    const a = await admin();
    const b = await admin();
    const theirs = await makeVehicle(b.tenantId);
    const name = unique("越权合同").slice(0, 40);
    const file = await writeExcelFile([
      { sheet: "合同列表", data: [cells(["*合同类型", "*合同名称", "客户", "*开始日期", "*结算日（每月）", "付款天数"]), cells(["租赁", name, b.customer.name, "2026-12-01", "20", "30"])] },
      { sheet: "设备明细", data: [cells(["*合同名称", "设备", "月租（元）"]), cells([name, await plate(theirs.id), "1000"])] },
    ]).toBlob();
    const report = await reportOf(await importFile(a.cookie, file));
    expect(report).toContain("导入完成：成功 0 条，失败 1 条");
    expect(await env.DB.prepare("select count(*) n from contracts where name = ?").bind(name).first<number>("n")).toBe(0);
  });
});

async function plate(id: number) {
  return (await env.DB.prepare("select plate from vehicles where id = ?").bind(id).first<{ plate: string }>())!.plate;
}
