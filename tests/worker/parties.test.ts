// The parties of the rental business (customers, suppliers, leads): what a clerk notices: a name taken twice, a
// credit code with a wrong check character, a contact's phone, the exposure against the credit limit, a certificate
// about to expire, a lead lost without a reason, another organisation's or tenant's rows.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { hashPassword } from "../../app/lib/password";
import type { RequestScope } from "../../app/modules/access/access.server";
import { customerResource } from "../../app/modules/parties/customer.server";
import { supplierResource } from "../../app/modules/parties/supplier.server";
import { addDays } from "../../app/modules/parties/supplier.resource";
import { todayInZone } from "../../app/lib/tenant-clock";
import { createRow } from "../../app/modules/resource/resource.server";
import { organisations, userRoles, users } from "../../db/schema";
import { contracts, customerContacts, customers, leads, supplierCertificates, suppliers } from "../../db/schema";
import { customerExposure } from "../../app/modules/parties/exposure.server";
import { isCreditCode } from "../../app/lib/credit-code";
import { isLandline, isMobile } from "../../app/lib/validators";
import { seedParties } from "../../db/seed/rental/parties";
import { db, get, makeTenant, postForm, signIn, unique } from "./helpers";

async function contract(tenantId: number, customerId: number, valueCents: number, state: number, current = 1) {
  await db()
    .insert(contracts)
    .values({ tenantId, customerId, number: unique("HT-"), kind: "rental", name: unique("合同"), startOn: "2026-11-01", valueCents, state, current });
}

describe("customer exposure", () => {
  it("sums the open contracts of the revision in force against the credit limit", async () => {
    const t = await makeTenant();
    const other = await makeTenant();
    const [a, b, c] = await db()
      .insert(customers)
      .values([
        { tenantId: t.tenantId, name: unique("中建"), kind: "enterprise", creditLimitCents: 50_000_000 },
        { tenantId: t.tenantId, name: unique("个人"), kind: "personal", creditLimitCents: null },
        { tenantId: t.tenantId, name: unique("空"), kind: "government", creditLimitCents: 100 },
      ])
      .returning({ id: customers.id });
    // counted: in approval, approved, executing (current revision)
    await contract(t.tenantId, a!.id, 20_000_000, 1);
    await contract(t.tenantId, a!.id, 25_000_000, 2);
    await contract(t.tenantId, a!.id, 10_000_001, 3);
    // not counted: draft, completed, refused, terminated, a superseded revision
    await contract(t.tenantId, a!.id, 99_000_000, 0);
    await contract(t.tenantId, a!.id, 99_000_000, 4);
    await contract(t.tenantId, a!.id, 99_000_000, 5);
    await contract(t.tenantId, a!.id, 99_000_000, 9);
    await contract(t.tenantId, a!.id, 99_000_000, 2, 0);
    await contract(t.tenantId, b!.id, 123_456, 3);

    const got = await customerExposure({ db: db(), tenantId: t.tenantId }, [a!.id, b!.id, c!.id]);
    expect(got.get(a!.id)).toEqual({ customerId: a!.id, contractsCents: 55_000_001, billsCents: 0, exposureCents: 55_000_001, limitCents: 50_000_000, over: true });
    expect(got.get(b!.id)).toMatchObject({ exposureCents: 123_456, limitCents: null, over: false });
    expect(got.get(c!.id)).toMatchObject({ exposureCents: 0, limitCents: 100, over: false });

    // another tenant asking for these customers learns nothing
    expect((await customerExposure({ db: db(), tenantId: other.tenantId }, [a!.id])).size).toBe(0);
  });
});

describe("the demo seed's parties", () => {
  it("are a dozen customers with checked credit codes and phones, six suppliers and eight leads, seeded once", async () => {
    const t = await makeTenant();
    const ctx = { tenantId: t.tenantId, adminId: t.userId, vehicleIds: [] };
    expect(await seedParties(db(), ctx)).toMatch(/12 customers, 6 suppliers, 8 leads/);
    expect(await seedParties(db(), ctx)).toBeNull();
    const cs = await db().select().from(customers).where(eq(customers.tenantId, t.tenantId));
    expect(cs).toHaveLength(12);
    expect(new Set(cs.map((c) => c.kind))).toEqual(new Set(["enterprise", "government", "personal"]));
    for (const c of cs) if (c.creditCode) expect(isCreditCode(c.creditCode), c.creditCode).toBe(true);
    const phones = await db().select({ phone: customerContacts.phone }).from(customerContacts).where(eq(customerContacts.tenantId, t.tenantId));
    for (const { phone } of phones) expect(isMobile(phone) || isLandline(phone), phone).toBe(true);
    expect(await db().select().from(suppliers).where(eq(suppliers.tenantId, t.tenantId))).toHaveLength(6);
    const certs = await db().select().from(supplierCertificates).where(eq(supplierCertificates.tenantId, t.tenantId));
    expect(certs.some((c) => c.issuer)).toBe(true);
    expect(await db().select().from(leads).where(eq(leads.tenantId, t.tenantId))).toHaveLength(8);
  });
});

const scopeOf = (t: { tenantId: number; userId: number }, orgId: number | null = null) => ({ env, db: db(), user: { id: t.userId, tenantId: t.tenantId, orgId, timeZone: "Asia/Shanghai" } }) as unknown as RequestScope;
const VALID_CODE = "91320500MA1MQ2B7X1";
const customerForm = (over: Record<string, string> = {}) => ({ name: unique("客户"), kind: "enterprise", creditCode: VALID_CODE, orgId: "", managerId: "", paymentDays: "30", address: "", remark: "", creditLimit: "", ...over });

describe("customers (/customerContract)", () => {
  it("are created with two contacts and shown in the list and in the detail with their exposure", async () => {
    const t = await makeTenant();
    const cookie = await signIn(t.account, t.password);
    const name = unique("中建三局");
    const res = await postForm("/customerContract", {
      intent: "create",
      ...customerForm({ name, creditLimit: "1,000,000.50" }),
      "contacts[0].name": "刘振华",
      "contacts[0].phone": "13916582307",
      "contacts[0].role": "项目经理",
      "contacts[1].name": "陈晓燕",
      "contacts[1].phone": "021-58763210",
      "contacts[1].role": "",
      // the blank line the form always offers is dropped
      "contacts[2].name": "",
      "contacts[2].phone": "",
      "contacts[2].role": "",
    }, { Cookie: cookie });
    expect(res.status).toBe(302);
    const [row] = await db().select().from(customers).where(eq(customers.name, name));
    expect(row).toMatchObject({ tenantId: t.tenantId, kind: "enterprise", creditCode: VALID_CODE, creditLimitCents: 100_000_050, paymentDays: 30 });
    const contacts = await db().select().from(customerContacts).where(eq(customerContacts.customerId, row!.id)).orderBy(customerContacts.sort);
    expect(contacts.map((c) => [c.name, c.phone, c.title, c.isMain])).toEqual([["刘振华", "13916582307", "项目经理", 1], ["陈晓燕", "021-58763210", null, 0]]);

    const list = await (await get("/customerContract", cookie)).text();
    expect(list).toContain(name);
    expect(list).toContain("1,000,000.50");
    await contract(t.tenantId, row!.id, 120_000_000, 3);
    const detail = await (await get(`/customerContract?view=${row!.id}`, cookie)).text();
    expect(detail).toContain("陈晓燕");
    expect(detail).toContain("021-58763210");
    expect(detail).toContain('data-over="1"');
    expect(detail).toContain("1,200,000.00");
  });

  it("refuses a name taken twice in the tenant, but not in another tenant", async () => {
    const t = await makeTenant();
    const other = await makeTenant();
    const name = unique("重名");
    expect(await createRow(scopeOf(t), customerResource, customerForm({ name }))).toMatchObject({ ok: true });
    expect(await createRow(scopeOf(t), customerResource, customerForm({ name }))).toMatchObject({ ok: false, errors: { name: "parties:customer.duplicate" } });
    expect(await createRow(scopeOf(other), customerResource, customerForm({ name }))).toMatchObject({ ok: true });
    const cookie = await signIn(t.account, t.password);
    const page = await (await postForm("/customerContract", { intent: "create", ...customerForm({ name }) }, { Cookie: cookie })).text();
    expect(page).toContain("该客户名称已存在");
  });

  it("checks the unified social credit code's check character, and asks an enterprise for one", async () => {
    const t = await makeTenant();
    const s = scopeOf(t);
    expect(await createRow(s, customerResource, customerForm({ creditCode: "91320500MA1MQ2B7X2" }))).toMatchObject({ ok: false, errors: { creditCode: "parties:creditCode.invalid" } });
    expect(await createRow(s, customerResource, customerForm({ creditCode: "9132050" }))).toMatchObject({ ok: false, errors: { creditCode: "parties:creditCode.invalid" } });
    expect(await createRow(s, customerResource, customerForm({ creditCode: "" }))).toMatchObject({ ok: false, errors: { creditCode: "parties:creditCode.required" } });
    // typed in lower case with spaces, it is stored as printed
    expect(await createRow(s, customerResource, customerForm({ creditCode: "91320500ma1mq2b7x1 " }))).toMatchObject({ ok: true });
    expect(await createRow(s, customerResource, customerForm({ kind: "personal", creditCode: "" }))).toMatchObject({ ok: true });
    const cookie = await signIn(t.account, t.password);
    const en = await (await postForm("/customerContract", { intent: "create", ...customerForm({ creditCode: "91320500MA1MQ2B7X2" }) }, { Cookie: cookie, "Accept-Language": "en-US" })).text();
    expect(en).toMatch(/check character|校验位/);
  });

  it("checks each contact's phone as a mobile or landline number, the message on that line", async () => {
    const t = await makeTenant();
    const got = await createRow(scopeOf(t), customerResource, {
      ...customerForm(),
      contacts: [
        { name: "甲", phone: "13800138000", role: "" },
        { name: "乙", phone: "12345", role: "" },
        { name: "", phone: "0512-6587123", role: "" },
      ],
    });
    expect(got).toEqual({ ok: false, status: 400, errors: { "contacts[1].phone": "validation.phone", "contacts[2].name": "parties:customer.contactNameRequired" } });
    const cookie = await signIn(t.account, t.password);
    const page = await (await postForm("/customerContract", { intent: "create", ...customerForm(), "contacts[0].name": "乙", "contacts[0].phone": "0512-65871234" }, { Cookie: cookie })).text();
    expect(page).toContain("请输入正确的手机号或座机号");
    // the message sits under that line's phone, and the phone names it for screen readers
    expect(page).toMatch(/<p id="resource-customer-new-contacts\[0\]\.phone-error"[^>]*>请输入正确的手机号或座机号/);
    expect(page).toMatch(/id="resource-customer-new-contacts\[0\]\.phone"[^>]*aria-describedby="resource-customer-new-contacts\[0\]\.phone-error"|aria-describedby="resource-customer-new-contacts\[0\]\.phone-error"[^>]*id="resource-customer-new-contacts\[0\]\.phone"/);
  });

  it("add and remove contact lines without JavaScript: the server answers with the form one line different and stores nothing", async () => {
    const t = await makeTenant();
    const cookie = await signIn(t.account, t.password);
    const name = unique("无脚本客户");
    const posted = { intent: "create", ...customerForm({ name }), "contacts[0].name": "甲", "contacts[0].phone": "13800138000", "contacts[0].role": "项目经理" };
    const added = await postForm("/customerContract?new=1", { ...posted, __intent__: JSON.stringify({ type: "insert", payload: { name: "contacts" } }) }, { Cookie: cookie });
    expect(added.status).toBe(200);
    const page = await added.text();
    // the typed line is kept, a second blank one follows, and the head's typed name too
    expect(page).toMatch(/name="contacts\[0\]\.name"[^>]*value="甲"|value="甲"[^>]*name="contacts\[0\]\.name"/);
    expect(page).toContain('name="contacts[1].name"');
    expect(page).not.toContain('name="contacts[2].name"');
    expect(page).toContain(name);
    const removed = await (await postForm("/customerContract?new=1", { ...posted, __intent__: JSON.stringify({ type: "remove", payload: { name: "contacts", index: 0 } }) }, { Cookie: cookie })).text();
    expect(removed).not.toContain('name="contacts[0].name"');
    // nothing was stored by either button
    expect(await db().select().from(customers).where(eq(customers.name, name))).toEqual([]);
    // the button needs the code to add, as the save does
    const v = await makeTenant({ role: "viewer" });
    const viewer = await signIn(v.account, v.password);
    expect((await postForm("/customerContract?new=1", { ...posted, __intent__: JSON.stringify({ type: "insert", payload: { name: "contacts" } }) }, { Cookie: viewer })).status).toBe(403);
  });

  it("are seen only by users of their organisation or above (data scope), never across tenants", async () => {
    const t = await makeTenant();
    const [dept] = await db().insert(organisations).values({ tenantId: t.tenantId, parentId: t.rootOrgId, name: unique("项目部") }).returning({ id: organisations.id });
    const [sibling] = await db().insert(organisations).values({ tenantId: t.tenantId, parentId: t.rootOrgId, name: unique("其他部") }).returning({ id: organisations.id });
    const account = unique("cs");
    const [u] = await db().insert(users).values({ tenantId: t.tenantId, orgId: dept!.id, loginAccount: account, userName: unique("范围"), passwordHash: await hashPassword("Passw0rd@2026"), isAdmin: 0 }).returning({ id: users.id });
    await db().insert(userRoles).values({ tenantId: t.tenantId, userId: u!.id, roleId: t.roleIds.admin });
    const mine = unique("本部客户");
    const theirs = unique("他部客户");
    const shared = unique("公共客户");
    await db().insert(customers).values([
      { tenantId: t.tenantId, orgId: dept!.id, name: mine, kind: "personal" },
      { tenantId: t.tenantId, orgId: sibling!.id, name: theirs, kind: "personal" },
      { tenantId: t.tenantId, orgId: null, name: shared, kind: "personal" },
    ]);
    const [hidden] = await db().select({ id: customers.id }).from(customers).where(eq(customers.name, theirs));
    const cookie = await signIn(account, "Passw0rd@2026");
    const list = await (await get("/customerContract?size=100", cookie)).text();
    expect(list).toContain(mine);
    expect(list).toContain(shared);
    expect(list).not.toContain(theirs);
    expect((await get(`/customerContract?view=${hidden!.id}`, cookie)).status).toBe(404);
    // a customer cannot be put in an organisation outside the user's
    expect(await createRow(scopeOf({ tenantId: t.tenantId, userId: u!.id }, dept!.id), customerResource, customerForm({ orgId: String(sibling!.id) }))).toMatchObject({ ok: false, errors: { orgId: "parties:notFound" } });
    // the administrator of the tenant sees all three
    const admin = await (await get("/customerContract?size=100", await signIn(t.account, t.password))).text();
    for (const n of [mine, theirs, shared]) expect(admin).toContain(n);
  });
});

describe("suppliers (/supplier, /supplier-tower)", () => {
  it("flag a certificate expiring within 30 days amber and an expired one red, on the list and the detail; /supplier-tower lists only tower-crane suppliers", async () => {
    const t = await makeTenant();
    const cookie = await signIn(t.account, t.password);
    const today = todayInZone("Asia/Shanghai");
    const soon = unique("将到期安装");
    const late = unique("已过期安装");
    const hauler = unique("运输公司");
    const post = (path: string, name: string, tower: string, until: string) =>
      postForm(path, {
        intent: "create",
        name,
        kind: "enterprise",
        creditCode: VALID_CODE,
        tower,
        supplies: "install",
        paymentDays: "30",
        address: "",
        remark: "",
        "certificates[0].name": "起重设备安装工程专业承包",
        "certificates[0].number": "D123",
        "certificates[0].issuer": "住建委",
        "certificates[0].validUntil": until,
        "certificates[1].name": "安全生产许可证",
        "certificates[1].validUntil": addDays(today, 400),
      }, { Cookie: cookie });
    expect((await post("/supplier-tower", soon, "1", addDays(today, 20))).status).toBe(302);
    expect((await post("/supplier-tower", late, "1", addDays(today, -1))).status).toBe(302);
    expect((await post("/supplier", hauler, "0", addDays(today, 31))).status).toBe(302);

    const tower = await (await get("/supplier-tower?size=100", cookie)).text();
    expect(tower).toContain(soon);
    expect(tower).toContain(late);
    expect(tower).not.toContain(hauler);
    const all = await (await get("/supplier?size=100", cookie)).text();
    for (const n of [soon, late, hauler]) expect(all).toContain(n);
    // the list's flag cells: one amber (30天内到期), one red (已过期), one valid (31 days out)
    expect(all).toMatch(/text-warning[^>]*>30天内到期/);
    expect(all).toMatch(/text-danger[^>]*>已过期/);

    const [s] = await db().select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.name, soon));
    const detail = await (await get(`/supplier-tower?view=${s!.id}`, cookie)).text();
    expect(detail).toMatch(/data-testid="supplier-certificates"[\s\S]*text-warning[^>]*>30天内到期/);
    expect(detail).toContain("住建委");
    const [l] = await db().select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.name, hauler));
    // a supplier that is not a tower-crane one is not opened from /supplier-tower
    expect((await get(`/supplier-tower?view=${l!.id}`, cookie)).status).toBe(404);
  });

  it("need at least one thing supplied and a named certificate on a line", async () => {
    const t = await makeTenant();
    const got = await createRow(scopeOf(t), supplierResource, { name: unique("供"), kind: "enterprise", creditCode: VALID_CODE, tower: "0", supplies: [], paymentDays: "30", address: "", remark: "", certificates: [{ name: "", number: "X1" }] });
    expect(got).toMatchObject({ ok: false, errors: { supplies: "parties:supplier.suppliesRequired", "certificates[0].name": "parties:supplier.certNameRequired" } });
  });
});
