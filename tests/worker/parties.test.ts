// The parties of the rental business (customers, suppliers, leads): what a clerk notices: a name taken twice, a
// credit code with a wrong check character, a contact's phone, the exposure against the credit limit, a certificate
// about to expire, a lead lost without a reason, another organisation's or tenant's rows.
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { contracts, customerContacts, customers, leads, supplierCertificates, suppliers } from "../../db/schema";
import { customerExposure } from "../../app/modules/parties/exposure.server";
import { isCreditCode } from "../../app/lib/credit-code";
import { isLandline, isMobile } from "../../app/lib/validators";
import { seedParties } from "../../db/seed/rental/parties";
import { db, makeTenant, unique } from "./helpers";

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
