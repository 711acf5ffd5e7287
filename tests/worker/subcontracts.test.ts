// /contractSubManagement: the sub-contracts in force, each beside the customer contract it serves, cost vs sell and
// the margin, within the data scope; read-only.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contracts, suppliers } from "../../db/schema";
import { db, get, makeTenant, postForm, signIn, unique } from "./helpers";
import { makeContract } from "./rent-fixtures";

describe("the sub-contract list", () => {
  it("shows each sub-contract's supplier, customer contract, cost, sell and margin, and takes no writes", async () => {
    const t = await makeTenant({ role: "admin" });
    const cookie = await signIn(t.account, t.password);
    const served = await makeContract(t.tenantId, { kind: "rental", customer: unique("上海建工"), lines: [{ vehicleId: null, from: "2026-11-01" }] });
    await db().update(contracts).set({ valueCents: 20000000 }).where(eq(contracts.id, served.id));
    const [supplier] = await db().insert(suppliers).values({ tenantId: t.tenantId, name: unique("华东塔机"), kind: "enterprise" }).returning({ id: suppliers.id });
    const name = unique("租入 QTZ80 塔吊");
    await db().insert(contracts).values({ tenantId: t.tenantId, number: unique("FB-"), kind: "subcontract", name, supplierId: supplier!.id, parentId: served.id, startOn: "2026-11-01", valueCents: 15000000, state: 3 });
    await db().insert(contracts).values({ tenantId: t.tenantId, number: unique("HT-"), kind: "rental", name: unique("不是分包"), startOn: "2026-11-01", state: 3 });

    const page = await (await get("/contractSubManagement?size=100", cookie)).text();
    expect(page).toContain(name);
    expect(page).toContain(served.number);
    expect(page).toContain("150,000.00");
    expect(page).toContain("200,000.00");
    // sell 200,000.00 − cost 150,000.00 = 50,000.00, 25 % of the sell
    expect(page).toContain("50,000.00");
    expect(page).toContain("25%");
    expect(page).not.toContain("不是分包");
    expect((await postForm("/contractSubManagement", { intent: "create", name: "x" }, { Cookie: cookie })).status).toBe(403);
  });
});
