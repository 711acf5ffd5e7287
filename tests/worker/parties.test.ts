// The parties of the rental business (customers, suppliers, leads): what a clerk notices: a name taken twice, a
// credit code with a wrong check character, a contact's phone, the exposure against the credit limit, a certificate
// about to expire, a lead lost without a reason, another organisation's or tenant's rows.
import { describe, expect, it } from "vitest";
import { contracts, customers } from "../../db/schema";
import { customerExposure } from "../../app/modules/parties/exposure.server";
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
