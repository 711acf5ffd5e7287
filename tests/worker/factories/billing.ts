import { env } from "cloudflare:test";
import { unique } from "../helpers";
import type { DomainFactories, Seed } from "../factories";

const seeds: Record<string, Seed> = {
  // a bill of a contract of the tenant, its number the label
  async contractBill(t) {
    const label = unique("iso-bill-");
    const contract = await env.DB.prepare("insert into contracts (tenant_id, number, kind, name, start_on, state, current, version, created_at, updated_at) values (?, ?, 'rental', ?, '2026-10-01', 3, 1, 1, ?, ?) returning id")
      .bind(t.tenantId, unique("HT-"), unique("隔离合同"), Date.now(), Date.now())
      .first<{ id: number }>();
    await env.DB.prepare("insert into bills (tenant_id, number, contract_id, root_id, period_from, period_to, amount_cents, tax_cents, tax_rate_bp, due_on, created_at, updated_at) values (?, ?, ?, ?, '2026-10-01', '2026-10-31', 100000, 8257, 900, '2026-11-30', ?, ?)")
      .bind(t.tenantId, label, contract!.id, contract!.id, Date.now(), Date.now())
      .run();
    return label;
  },
  // a statement of a contract of the tenant, sent, its number the label
  async statement(t) {
    const label = unique("iso-dz-");
    const contract = await env.DB.prepare("insert into contracts (tenant_id, number, kind, name, start_on, state, current, version, created_at, updated_at) values (?, ?, 'rental', ?, '2026-10-01', 3, 1, 1, ?, ?) returning id")
      .bind(t.tenantId, unique("HT-"), unique("隔离合同"), Date.now(), Date.now())
      .first<{ id: number }>();
    await env.DB.prepare("insert into statements (tenant_id, number, contract_id, root_id, period_from, period_to, amount_cents, state, sent_at, created_at, updated_at) values (?, ?, ?, ?, '2026-10-01', '2026-10-31', 100000, 1, ?, ?, ?)")
      .bind(t.tenantId, label, contract!.id, contract!.id, Date.now(), Date.now(), Date.now())
      .run();
    return label;
  },
};

export default { seeds } satisfies DomainFactories;
