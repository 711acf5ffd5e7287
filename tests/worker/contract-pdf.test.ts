// The printed contract (GET /contractList/pdf): a real PDF whose text carries the customer, the number and the Chinese
// lines in both languages, from the tenant's template; 404 outside the tenant or the data scope; the template tab
// refuses unknown placeholders. The fonts come from the npm package into R2 as `npm run fonts:upload` puts them.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../app/lib/password";
import { PDF_FONTS } from "../../app/modules/contract-pdf/fonts.server";
import { contractFees, contractLines, contractPlans, contracts, customerContacts, customers, organisations, userRoles, users, vehicleModels, vehicles } from "../../db/schema";
import { db, get, installTestFonts, makeTenant, postForm, signIn, unique } from "./helpers";

const PASSWORD = "Passw0rd@2026";
let models = 0;


/** A rental contract with its customer, a contact, `lineCount` lines on a vehicle of a named model, two fees and a plan, straight into the tables. */
async function makeContract(tenantId: number, opts: { orgId?: number | null; lineCount?: number; customer?: string; terms?: Partial<typeof contracts.$inferInsert> } = {}) {
  const [customer] = await db()
    .insert(customers)
    .values({ tenantId, name: opts.customer ?? unique("中建三局第一建设工程有限公司"), kind: "enterprise", creditCode: "91420000177571449P", address: "武汉市洪山区关山大道 1 号" })
    .returning({ id: customers.id, name: customers.name });
  await db().insert(customerContacts).values({ tenantId, customerId: customer!.id, name: "王建国", phone: "13800138000", isMain: 1 });
  const [model] = await db().insert(vehicleModels).values({ tenantId, name: `QY25K汽车起重机 ${++models}` }).returning({ id: vehicleModels.id });
  const [vehicle] = await db()
    .insert(vehicles)
    .values({ tenantId, plate: unique("鄂A"), terminalNo: unique("T"), modelId: model!.id, state: 1 })
    .returning({ id: vehicles.id });
  const number = unique("HT-202611-");
  const [contract] = await db()
    .insert(contracts)
    .values({ tenantId, orgId: opts.orgId ?? null, number, kind: "rental", name: "光谷科技园二期吊装", customerId: customer!.id, project: "光谷科技园二期", siteAddress: "武汉市东湖高新区高新大道 999 号", signedOn: "2026-11-02", startOn: "2026-11-05", plannedEndOn: "2027-02-04", depositCents: 5000000, taxRateBp: 900, valueCents: 12345678, state: 3, ...opts.terms })
    .returning({ id: contracts.id });
  const lines = Array.from({ length: opts.lineCount ?? 1 }, (_, i) => ({
    tenantId,
    contractId: contract!.id,
    lineNo: i + 1,
    vehicleId: i === 0 ? vehicle!.id : null,
    equipmentType: i === 0 ? null : "汽车起重机",
    spec: "25吨",
    monthlyCents: 3800000,
    shiftCents: 250000,
    shiftOvertimeCents: 35000,
    idleRateBp: 7000,
    faultDeduction: 1,
    operators: 1,
    operatorMonthlyCents: 1200000,
    onRentOn: "2026-11-05",
    offRentOn: "2027-02-04",
  }));
  for (let i = 0; i < lines.length; i += 3) await db().insert(contractLines).values(lines.slice(i, i + 3));
  await db()
    .insert(contractFees)
    .values([
      { tenantId, contractId: contract!.id, kind: "entry", amountCents: 300000, feeOn: "2026-11-05" },
      { tenantId, contractId: contract!.id, kind: "exit", amountCents: 300000, feeOn: "2027-02-04" },
    ]);
  await db()
    .insert(contractPlans)
    .values([
      { tenantId, contractId: contract!.id, seq: 1, dueOn: "2026-12-20", amountCents: 6000000 },
      { tenantId, contractId: contract!.id, seq: 2, dueOn: "2027-01-20", amountCents: 6345678 },
    ]);
  return { id: contract!.id, number, customer: customer!.name };
}

async function textOf(res: Response): Promise<{ text: string; pages: number }> {
  const pdf = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()));
  const { text, totalPages } = await extractText(pdf, { mergePages: true });
  return { text: text.replace(/\s+/g, " "), pages: totalPages };
}

beforeAll(async () => {
  await installTestFonts();
});

describe("the contract PDF", () => {
  it("prints the customer, the number and the Chinese equipment lines, in the chosen language", async () => {
    const t = await makeTenant({ role: "admin" });
    const cookie = await signIn(t.account, t.password);
    const c = await makeContract(t.tenantId);

    const zh = await get(`/contractList/pdf?id=${c.id}&lang=zh-CN`, cookie);
    expect(zh.status).toBe(200);
    expect(zh.headers.get("Content-Type")).toBe("application/pdf");
    expect(zh.headers.get("Content-Disposition")).toContain(`filename*=UTF-8''${encodeURIComponent(c.number)}`);
    const zhText = await textOf(zh.clone());
    expect(new TextDecoder().decode((await zh.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    expect(zhText.text).toContain(c.customer);
    expect(zhText.text).toContain(c.number);
    expect(zhText.text).toContain("设备清单");
    expect(zhText.text).toContain("QY25K汽车起重机");
    expect(zhText.text).toContain("月租 ¥38,000.00");
    expect(zhText.text).toContain("出租方（甲方）");
    expect(zhText.text).toContain("123,456.78");

    const en = await get(`/contractList/pdf?id=${c.id}&lang=en-US`, cookie);
    const enText = await textOf(en);
    expect(enText.text).toContain("Equipment and prices");
    expect(enText.text).toContain("Monthly ¥38,000.00");
    expect(enText.text).toContain(c.customer);
    expect(enText.text).toContain(c.number);

    // a term the contract does not set prints nothing (no "最短租期：天"); the conventions print as sentences
    expect(zhText.text).not.toContain("最短租期");
    expect(zhText.text).not.toContain("备注：");
    // both parties by their company names in the parties block; a detail not set (the lessor's address) is not printed
    expect(zhText.text).toMatch(new RegExp(`出租方（甲方）：Tenant \\S+ 承租方（乙方）：${c.customer} 统一社会信用代码：91420000177571449P`));
    expect(zhText.text).toContain("租金计日方式：按30天/月计日（日租金＝月租金÷30）");
    expect(zhText.text).toContain("以上价格均含税");
    const termed = await makeContract(t.tenantId, { terms: { minTermMonths: 6, minTermClause: "第5条", dayCount: "calendar", priceTax: "excluded" } });
    const termedText = (await textOf(await get(`/contractList/pdf?id=${termed.id}&lang=zh-CN`, cookie))).text;
    expect(termedText).toContain("最短租期：6个月（第5条），提前终止的按最短租期补足租金");
    expect(termedText).toContain("按自然日计日");
    expect(termedText).toContain("以上价格均不含税，税额按税率另计");

    // without ?lang=, the user's language (its cookie)
    const mine = await get(`/contractList/pdf?id=${c.id}`, `${cookie}; derrick_lang=en-US`);
    expect((await textOf(mine)).text).toContain("Lessee (Party B)");
  });

  it("runs to several pages, the lines' header repeated, page numbers on each", async () => {
    const t = await makeTenant({ role: "admin" });
    const cookie = await signIn(t.account, t.password);
    const c = await makeContract(t.tenantId, { lineCount: 40 });
    const { text, pages } = await textOf(await get(`/contractList/pdf?id=${c.id}&lang=zh-CN`, cookie));
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(text).toContain(`第 ${pages} 页 / 共 ${pages} 页`);
    expect(text.split("价格条款").length - 1).toBeGreaterThanOrEqual(2);
  });

  it("answers 404 for another tenant's contract and for one outside the user's organisations", async () => {
    const t = await makeTenant({ role: "admin" });
    const other = await makeTenant({ role: "admin" });
    const theirs = await makeContract(other.tenantId);
    const cookie = await signIn(t.account, t.password);
    expect((await get(`/contractList/pdf?id=${theirs.id}`, cookie)).status).toBe(404);
    expect((await get(`/contractList/pdf?id=abc`, cookie)).status).toBe(404);

    // a user of one department does not print the contract of a sibling department
    const [east] = await db().insert(organisations).values({ tenantId: t.tenantId, parentId: t.rootOrgId, name: unique("华东项目部") }).returning({ id: organisations.id });
    const [west] = await db().insert(organisations).values({ tenantId: t.tenantId, parentId: t.rootOrgId, name: unique("华西项目部") }).returning({ id: organisations.id });
    const account = unique("scoped");
    const [scoped] = await db()
      .insert(users)
      .values({ tenantId: t.tenantId, orgId: east!.id, loginAccount: account, userName: "范围用户", passwordHash: await hashPassword(PASSWORD), isAdmin: 0 })
      .returning({ id: users.id });
    const [adminRole] = await db().select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, t.userId));
    await db().insert(userRoles).values({ tenantId: t.tenantId, userId: scoped!.id, roleId: adminRole!.roleId });
    const scopedCookie = await signIn(account, PASSWORD);
    const eastContract = await makeContract(t.tenantId, { orgId: east!.id });
    const westContract = await makeContract(t.tenantId, { orgId: west!.id });
    expect((await get(`/contractList/pdf?id=${eastContract.id}`, scopedCookie)).status).toBe(200);
    expect((await get(`/contractList/pdf?id=${westContract.id}`, scopedCookie)).status).toBe(404);
  });

  it("prints from the tenant's own template, and the template tab refuses unknown placeholders", async () => {
    const t = await makeTenant({ role: "admin" });
    const cookie = await signIn(t.account, t.password);
    const c = await makeContract(t.tenantId);
    const page = await (await get("/tenantConfig/contractPdf", cookie)).text();
    const version = /name="version" value="(\d+)"/.exec(page)?.[1];
    expect(version).toBe("0");

    const refused = await postForm("/tenantConfig/contractPdf", { intent: "save", version: "0", templateZh: "# 合同 {{contract.nmber}}\n{{block:lines}}", templateEn: "" }, { Cookie: cookie });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("模板中有未知的占位符：{{contract.nmber}}");

    const saved = await postForm(
      "/tenantConfig/contractPdf",
      { intent: "save", version: "0", templateZh: "# 吊装服务合同\n本合同编号 {{contract.number}}，承租方 {{customer.name}}。\n## 设备清单\n{{block:lines}}\n{{block:signatures}}", templateEn: "" },
      { Cookie: cookie },
    );
    expect(saved.status).toBe(302);
    const zh = (await textOf(await get(`/contractList/pdf?id=${c.id}&lang=zh-CN`, cookie))).text;
    expect(zh).toContain("吊装服务合同");
    expect(zh).toContain(`本合同编号 ${c.number}，承租方 ${c.customer}。`);
    expect(zh).not.toContain("双方约定");
    // an emptied template prints the language's default
    expect((await textOf(await get(`/contractList/pdf?id=${c.id}&lang=en-US`, cookie))).text).toContain("Terms agreed");
  });

  it("says what is missing when the font is not in R2", async () => {
    const t = await makeTenant({ role: "admin" });
    const cookie = await signIn(t.account, t.password);
    const c = await makeContract(t.tenantId);
    await env.FILES.delete(PDF_FONTS.regular.key);
    try {
      const res = await get(`/contractList/pdf?id=${c.id}`, cookie);
      expect(res.status).toBe(503);
      expect(await res.text()).toContain("npm run fonts:upload");
    } finally {
      await installTestFonts();
    }
  });
});
