import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { get, makeTenant, postForm, signIn, unique } from "./helpers";
import { makeDepartment } from "./rent-fixtures";

// 合同列表's totals: the contracts in force only (a superseded revision is not listed), read from row_counts
// (migration 0023) for the whole tenant and by state, counted for a user whose organisation narrows the rows.

async function customer(tenantId: number) {
  const row = await env.DB.prepare("insert into customers (tenant_id, name, kind, payment_days, state, version, created_at, updated_at) values (?, ?, 'enterprise', 30, 1, 1, ?, ?) returning id")
    .bind(tenantId, unique("客户"), Date.now(), Date.now())
    .first<{ id: number }>();
  return row!.id;
}

const totalOf = (html: string) => Number(/共 (\d+) 条/.exec(html)?.[1] ?? "-1");

describe("合同列表's totals", () => {
  it("count the contracts in force, as a whole and by state, through transitions and a new revision", async () => {
    const t = await makeTenant({ role: "admin" });
    const cookie = await signIn(t.account, t.password);
    const c = await customer(t.tenantId);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await postForm("/contractList/form?new=1", { intent: "createDoc", kind: "spot", name: unique("计数合同").slice(0, 40), customerId: String(c), startOn: "2026-12-01", settlementDay: "20", paymentDays: "30", "lines[0].equipmentType": "1", "lines[0].shiftHours": "8" }, { Cookie: cookie });
      expect(res.status).toBe(302);
      ids.push(Number(new URL(res.headers.get("Location")!, "http://x").searchParams.get("id")));
    }
    const totals = async (as = cookie) => {
      const read = async (q: string) => totalOf(await (await get(`/contractList${q}`, as)).text());
      return { all: await read(""), draft: await read("?state=0"), inApproval: await read("?state=1"), search: await read("?q=计数合同") };
    };
    expect(await totals()).toEqual({ all: 3, draft: 3, inApproval: 0, search: 3 });
    expect((await postForm("/contractList", { intent: "transition:submit", ids: String(ids[0]) }, { Cookie: cookie })).status).toBe(302);
    expect(await totals()).toEqual({ all: 3, draft: 2, inApproval: 1, search: 3 });

    // a second revision of the submitted contract, not yet in force: listed once, counted once
    const [old] = (await env.DB.prepare("select * from contracts where id = ?").bind(ids[0]).all<Record<string, unknown>>()).results;
    const draft = await env.DB.prepare("insert into contracts (tenant_id, number, revision, current, root_id, kind, name, customer_id, start_on, settlement_day, payment_days, deposit_cents, tax_rate_bp, value_cents, state, version, created_at, updated_at) values (?, ?, 2, 0, ?, 'spot', ?, ?, '2026-12-01', 20, 30, 0, 900, 0, 0, 1, ?, ?) returning id")
      .bind(t.tenantId, old!.number, ids[0], old!.name, c, Date.now(), Date.now())
      .first<{ id: number }>();
    expect(await totals()).toEqual({ all: 3, draft: 2, inApproval: 1, search: 3 });
    // the new revision comes into force and the old one steps back
    await env.DB.batch([env.DB.prepare("update contracts set current = 0 where id = ?").bind(ids[0]), env.DB.prepare("update contracts set current = 1 where id = ?").bind(draft!.id)]);
    expect(await totals()).toEqual({ all: 3, draft: 3, inApproval: 0, search: 3 });
    await env.DB.prepare("delete from contracts where id = ?").bind(ids[1]).run();
    expect(await totals()).toEqual({ all: 2, draft: 2, inApproval: 0, search: 2 });
    const kept = await env.DB.prepare("select entity, n from row_counts where tenant_id = ? and entity like 'contract%' and n <> 0 order by entity").bind(t.tenantId).all();
    expect(kept.results).toEqual([{ entity: "contract", n: 2 }, { entity: "contract.state=0", n: 2 }]);

    // a user of a department counts the rows he may see (his organisation's and those of none), revisions in force only
    const dept = await makeDepartment(t.tenantId, t.rootOrgId);
    await env.DB.prepare("update contracts set org_id = ? where id = ?").bind(dept, ids[2]).run();
    const other = await makeDepartment(t.tenantId, t.rootOrgId);
    await env.DB.prepare("update contracts set org_id = ? where id = ?").bind(other, draft!.id).run();
    await env.DB.prepare("update users set org_id = ? where id = ?").bind(dept, t.userId).run();
    await env.DB.prepare("update tenants set access_version = access_version + 1 where id = ?").bind(t.tenantId).run();
    const narrowed = await signIn(t.account, t.password);
    expect(await totals(narrowed)).toEqual({ all: 1, draft: 1, inApproval: 0, search: 1 });
  });
});
