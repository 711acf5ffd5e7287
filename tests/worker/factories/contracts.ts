import { env } from "cloudflare:test";
import { insertCustomer, unique } from "../helpers";
import type { DomainFactories, Factory, Prepare, Seed } from "../factories";

/** The customer PREPARE made for each tenant's contract factory. */
const contractCustomers = new Map<number, number>();

const factories: Record<string, Factory> = {
  // a rental contract of one line for the customer PREPARE made (an equipment type: no vehicle to clash on)
  contract: (t) => ({ kind: "rental", name: unique("隔离合同"), customerId: String(contractCustomers.get(t.tenantId!)), startOn: "2026-11-01", plannedEndOn: "2026-11-30", settlementDay: "20", paymentDays: "30", taxRate: "9", "lines[0].equipmentType": "1", "lines[0].monthly": "38000" }),
};

const prepare: Record<string, Prepare> = {
  async contract(t) {
    contractCustomers.set(t.tenantId, await insertCustomer(t.tenantId, unique("隔离客户")));
  },
};

const seeds: Record<string, Seed> = {
  // an instalment of a contract of the tenant, its remark the label
  async contractPlan(t) {
    const label = unique("iso-plan-");
    const contract = await env.DB.prepare("insert into contracts (tenant_id, number, kind, name, start_on, state, current, version, created_at, updated_at) values (?, ?, 'rental', ?, '2026-11-01', 3, 1, 1, ?, ?) returning id")
      .bind(t.tenantId, unique("HT-"), unique("隔离合同"), Date.now(), Date.now())
      .first<{ id: number }>();
    await env.DB.prepare("insert into contract_plans (tenant_id, contract_id, seq, due_on, amount_cents, remark) values (?, ?, 1, '2026-12-20', 100, ?)").bind(t.tenantId, contract!.id, label).run();
    return label;
  },
};

export default { factories, prepare, seeds } satisfies DomainFactories;
