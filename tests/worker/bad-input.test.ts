// Bad input refused before it is stored (issue 38 items 3 and 7), as an attacker posts it: an impossible or far day
// (a settlement through 2026-10-99 would close its contract on that "day" and stop the hourly bill run; a contract to
// 9999-12-31 broke its save and its payment plan; a report to 9999-12-31 broke the page and its files), a 台班 of 0 hours,
// another tenant's file id or markup as a collection act's attachments, control characters in text, an adjustment
// beyond its bill or beyond any sane charge. Each is refused with the field's message and nothing is stored.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { get, makeTenant, postForm, signIn, unique } from "./helpers";
import { LAWSUIT_STAGES } from "../../app/modules/overdue/overdue";
import { billOf, overdueContract } from "./overdue-fixtures";

const STAGE = LAWSUIT_STAGES[0];

type Fields = Record<string, string>;
const one = <T = Record<string, unknown>>(sql: string, ...args: unknown[]) => env.DB.prepare(sql).bind(...args).first<T>();

let a: Awaited<ReturnType<typeof makeTenant>> & { cookie: string };
const post = (path: string, fields: Fields, lang = "zh-CN") => postForm(path, fields, { Cookie: `${a.cookie}; derrick_lang=${lang}` });
const page = (path: string, lang = "zh-CN") => get(path, `${a.cookie}; derrick_lang=${lang}`);

beforeAll(async () => {
  const t = await makeTenant({ role: "admin" });
  a = { ...t, cookie: await signIn(t.account, t.password) };
});

/** A contract in force (执行中) since 2026-09-01, written as the approval leaves it. */
async function contractInForce() {
  const row = await one<{ id: number }>(
    "insert into contracts (tenant_id, number, kind, name, start_on, state, current, version, created_at, updated_at) values (?, ?, 'rental', ?, '2026-09-01', 3, 1, 1, ?, ?) returning id",
    a.tenantId,
    unique("HT-"),
    unique("合同"),
    Date.now(),
    Date.now(),
  );
  return row!.id;
}

const contractHead = (more: Fields = {}): Fields => ({
  kind: "rental",
  name: unique("坏输入合同"),
  startOn: "2026-11-01",
  plannedEndOn: "2027-01-31",
  settlementDay: "20",
  paymentDays: "30",
  "lines[0].equipmentType": "1",
  "lines[0].monthly": "30000",
  ...more,
});

describe("days: real days of 2000-01-01..2099-12-31, or refused with the field's message", () => {
  it("a settlement through 2026-10-99 is refused and nothing is saved (the contract is never closed on it)", async () => {
    const contractId = await contractInForce();
    const remark = unique("坏日期");
    const zh = await post("/contractClear", { intent: "create", contractId: String(contractId), throughOn: "2026-10-99", remark });
    expect(zh.status).toBe(400);
    expect(await zh.text()).toContain("清算截止日须为2000-01-01至2099-12-31之间的真实日期");
    const en = await post("/contractClear", { intent: "create", contractId: String(contractId), throughOn: "9999-12-31", remark }, "en-US");
    expect(en.status).toBe(400);
    expect(await en.text()).toContain("The day the settlement runs through must be a real date from 2000-01-01 to 2099-12-31");
    expect(await one("select id from settlements where remark = ?", remark)).toBeNull();
  });

  it("a contract ending 9999-12-31 is refused on save and on 生成付款计划, not answered 500", async () => {
    const fields = contractHead({ plannedEndOn: "9999-12-31" });
    const saved = await post("/contractList/form?new=1", { intent: "createDoc", ...fields });
    expect(saved.status).toBe(400);
    expect(await saved.text()).toContain("计划结束日期须为2000-01-01至2099-12-31之间的真实日期");
    expect(await one("select id from contracts where name = ?", fields.name)).toBeNull();
    const plan = await post("/contractList/form?new=1", { intent: "rows:generatePlan", ...fields }, "en-US");
    expect(plan.status).toBe(400);
    expect(await plan.text()).toContain("The planned end must be a real date from 2000-01-01 to 2099-12-31");
  });

  it("a report to 9999-12-31 says why it shows its default period, and its Excel and PDF files are refused with the reason", async () => {
    const query = "from=2026-01-01&to=9999-12-31";
    const shown = await page(`/contractRevenue?${query}`);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain("开始和结束日期须为2000-01-01至2099-12-31之间的真实日期");
    for (const file of [`/contractRevenue/export?${query}`, `/contractRevenue/export?${query}&format=pdf`, `/overtimeReport/export?from=2026-02-30&to=2026-03-01`]) {
      const res = await page(file, "en-US");
      expect(res.status, file).toBe(400);
      expect(await res.text()).toContain("must be real dates from 2000-01-01 to 2099-12-31");
    }
  });
});

describe("garbage that would be stored", () => {
  it("a 台班 line of 0 hours is refused (its bills would come out ¥0.00)", async () => {
    const fields = contractHead({ "lines[0].monthly": "", "lines[0].shift": "1800", "lines[0].shiftHours": "0" });
    const res = await post("/contractList/form?new=1", { intent: "createDoc", ...fields });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("台班小时数为1到24");
    expect(await one("select id from contracts where name = ?", fields.name)).toBeNull();
  });

  it("a collection act's attachments are this tenant's file ids: another tenant's file or markup is refused", async () => {
    const c = await overdueContract(a.tenantId);
    await billOf(c, "2026-01-31", 123_456);
    const other = await makeTenant();
    const theirs = await one<{ id: number }>("insert into files (tenant_id, r2_key, file_name, content_type, size, created_at) values (?, ?, 'secret.pdf', 'application/pdf', 1, ?) returning id", other.tenantId, unique("k/"), Date.now());
    const content = unique("催款");
    // a lawsuit is the act whose form carries attachments
    const act = (attachments: string): Fields => ({ intent: "create", kind: "lawsuit", contractId: String(c.id), court: "人民法院", caseNumber: unique("案"), amount: "1000", stage: STAGE, content, attachments });
    const stolen = await post(`/overdueContract/contract?id=${c.id}&kind=lawsuit`, act(String(theirs!.id)));

    expect(stolen.status).toBeGreaterThanOrEqual(400);
    expect(await stolen.text()).toContain("附件须为本单位已上传的文件");
    const markup = await post(`/overdueContract/contract?id=${c.id}&kind=lawsuit`, act("<img src=x onerror=alert(1)>'; drop table bills;--"), "en-US");
    expect(markup.status).toBe(400);
    expect(await markup.text()).toContain("Attachments must be files uploaded to this company");
    expect(await one("select id from collection_actions where content = ?", content)).toBeNull();
  });

  it("control characters are removed from stored text: all of them from a line, all but line breaks and tabs from a note", async () => {
    const contractId = await contractInForce();
    const mark = unique("备注");
    const res = await post("/contractClear", { intent: "create", contractId: String(contractId), throughOn: "2026-10-31", remark: `${mark}\u0000\u0007第一行\r\n第二行\u001b[31m\u2028` });
    expect(res.status).toBe(302);
    expect((await one<{ remark: string }>("select remark from settlements where contract_id = ?", contractId))!.remark).toBe(`${mark}第一行\n第二行[31m`);
    const name = unique("名称");
    const customer = await one<{ id: number }>("insert into customers (tenant_id, name, kind, payment_days, state, version, created_at, updated_at) values (?, ?, 'enterprise', 30, 1, 1, ?, ?) returning id", a.tenantId, unique("客户"), Date.now(), Date.now());
    const saved = await post("/contractList/form?new=1", { intent: "createDoc", ...contractHead({ name: `\u0000${name}\t\n\u0085`, customerId: String(customer!.id) }) });
    expect(saved.status).toBe(302);
    expect(await one("select id from contracts where name = ?", name)).not.toBeNull();
  });

  it("an adjustment stays within its bill (a credit) and under the ceiling (a charge)", async () => {
    const c = await overdueContract(a.tenantId);
    const billId = await billOf(c, "2026-10-31", 402_189);
    const path = `/contractBillReport/bill?id=${billId}`;
    const credit = await post(path, { intent: "adjust", amount: "-9,999,999,999,999.99", reason: "调减" });
    expect(credit.status).toBe(400);
    expect(await credit.text()).toContain("调减不能超过账单尚余金额¥4,021.89");
    const charge = await post(path, { intent: "adjust", amount: "10000000.01", reason: "调增" }, "en-US");
    expect(charge.status).toBe(400);
    expect(await charge.text()).toContain("One charge cannot exceed ¥10,000,000.00");
    expect(await one("select id from bills where adjusts_id = ?", billId)).toBeNull();
    // the whole bill can still be credited
    expect((await post(path, { intent: "adjust", amount: "-4021.89", reason: "全额调减" })).status).toBe(302);
  });
});
