// /contractEquipmentCost: costs booked to the cent against a contract and its line, refused when the amount, the line
// or the contract is wrong, each contract's margin (value − costs and its share), and the data scope of the contract.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hashPassword } from "../../app/lib/password";
import { contractCosts, contracts, userRoles, users } from "../../db/schema";
import { db, get, makeTenant, postForm, signIn, unique } from "./helpers";
import { makeContract, makeDepartment } from "./rent-fixtures";

const PATH = "/contractEquipmentCost";

const cost = (contractId: number, lineId: number | "", more: Record<string, string> = {}) => ({
  intent: "create",
  contractId: String(contractId),
  lineId: String(lineId),
  kind: "transport",
  amount: "3,500.05",
  occurredOn: "2026-11-20",
  supplierId: "",
  remark: unique("进场运费"),
  ...more,
});

describe("the contract equipment cost register", () => {
  it("books a cost to the cent and shows the contract's margin", async () => {
    const t = await makeTenant({ role: "admin" });
    const cookie = await signIn(t.account, t.password);
    const c = await makeContract(t.tenantId, { state: 3, lines: [{ vehicleId: null, from: "2026-11-01", to: "2026-11-30" }] });
    await db().update(contracts).set({ valueCents: 10000000 }).where(eq(contracts.id, c.id));

    const first = cost(c.id, c.lineIds[0]!);
    expect((await postForm(PATH, first, { Cookie: cookie })).status).toBe(302);
    expect((await postForm(PATH, cost(c.id, "", { kind: "wages", amount: "12000" }), { Cookie: cookie })).status).toBe(302);
    const stored = await db().select({ amountCents: contractCosts.amountCents, kind: contractCosts.kind }).from(contractCosts).where(eq(contractCosts.contractId, c.id));
    expect(stored.map((s) => s.amountCents).sort((a, b) => a - b)).toEqual([350005, 1200000]);

    const page = await (await get(`${PATH}?contractId=${c.id}`, cookie)).text();
    expect(page).toContain(first.remark);
    expect(page).toContain("3,500.05");
    // value 100,000.00 − costs 15,500.05 = 84,499.95, 84.5 % of the value
    expect(page).toContain("15,500.05");
    expect(page).toContain("84,499.95");
    expect(page).toContain("84.5%");
  });

  it("refuses a wrong amount, a line of another contract and a contract outside the tenant", async () => {
    const t = await makeTenant({ role: "admin" });
    const other = await makeTenant({ role: "admin" });
    const cookie = await signIn(t.account, t.password);
    const c = await makeContract(t.tenantId, { lines: [{ vehicleId: null, from: "2026-11-01" }] });
    const d = await makeContract(t.tenantId, { lines: [{ vehicleId: null, from: "2026-11-01" }] });
    const theirs = await makeContract(other.tenantId, { lines: [{ vehicleId: null, from: "2026-11-01" }] });
    for (const amount of ["0", "-5", "1.234", "abc", ""]) {
      const res = await postForm(PATH, cost(c.id, "", { amount }), { Cookie: cookie });
      expect(res.status, amount).toBe(400);
      expect(await res.text()).toContain("金额须大于 0，最多两位小数");
    }
    const wrongLine = await postForm(PATH, cost(c.id, d.lineIds[0]!), { Cookie: cookie });
    expect(wrongLine.status).toBe(409);
    expect(await wrongLine.text()).toContain("该设备行不属于所选合同");
    const foreign = await postForm(PATH, cost(theirs.id, ""), { Cookie: cookie });
    expect(foreign.status).toBe(409);
    expect(await foreign.text()).toContain("合同不存在或不在您的数据范围内");
    const english = await postForm(PATH, cost(c.id, "", { amount: "0" }), { Cookie: `${cookie}; derrick_lang=en-US` });
    expect(await english.text()).toContain("The amount is above 0 with at most two decimals");
    expect(await env.DB.prepare("select count(*) as n from contract_costs where contract_id in (?, ?, ?)").bind(c.id, d.id, theirs.id).first<{ n: number }>()).toEqual({ n: 0 });
  });

  it("lists only the costs of contracts in the user's organisations", async () => {
    const t = await makeTenant({ role: "admin" });
    const admin = await signIn(t.account, t.password);
    const east = await makeDepartment(t.tenantId, t.rootOrgId);
    const west = await makeDepartment(t.tenantId, t.rootOrgId);
    const mine = await makeContract(t.tenantId, { orgId: east, lines: [{ vehicleId: null, from: "2026-11-01" }] });
    const theirs = await makeContract(t.tenantId, { orgId: west, lines: [{ vehicleId: null, from: "2026-11-01" }] });
    const own = cost(mine.id, "");
    const sibling = cost(theirs.id, "");
    expect((await postForm(PATH, own, { Cookie: admin })).status).toBe(302);
    expect((await postForm(PATH, sibling, { Cookie: admin })).status).toBe(302);

    const account = unique("east");
    const [user] = await db()
      .insert(users)
      .values({ tenantId: t.tenantId, orgId: east, loginAccount: account, userName: "华东文员", passwordHash: await hashPassword("Passw0rd@2026"), isAdmin: 0 })
      .returning({ id: users.id });
    const [role] = await db().select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, t.userId));
    await db().insert(userRoles).values({ tenantId: t.tenantId, userId: user!.id, roleId: role!.roleId });
    const scoped = await signIn(account, "Passw0rd@2026");
    const list = await (await get(`${PATH}?size=100`, scoped)).text();
    expect(list).toContain(own.remark);
    expect(list).not.toContain(sibling.remark);
    expect(list).not.toContain(theirs.number);
    // nor may the user book a cost on the sibling's contract
    expect((await postForm(PATH, cost(theirs.id, ""), { Cookie: scoped })).status).toBe(409);
  });
});
