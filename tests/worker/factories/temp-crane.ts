import { env } from "cloudflare:test";
import { unique } from "../helpers";
import type { DomainFactories, Factory, Prepare } from "../factories";

/** The customer PREPARE made for each tenant's temporary crane factory. */
const craneCustomers = new Map<number, number>();

const factories: Record<string, Factory> = {
  // a crane for three days for the customer PREPARE made (no credit limit), in the tenant's root organisation
  tempCrane: (t) => ({ customerId: String(craneCustomers.get(t.tenantId!)), contractId: "", equipmentType: "1", spec: "25吨", fromOn: "2026-12-01", toOn: "2026-12-03", site: "", orgId: String(t.rootOrgId), reason: unique("临时吊装") }),
};

const prepare: Record<string, Prepare> = {
  async tempCrane(t) {
    const row = await env.DB.prepare("insert into customers (tenant_id, name, kind, payment_days, state, version, created_at, updated_at) values (?, ?, 'enterprise', 30, 1, 1, ?, ?) returning id")
      .bind(t.tenantId, unique("吊车客户"), Date.now(), Date.now())
      .first<{ id: number }>();
    craneCustomers.set(t.tenantId, row!.id);
  },
};

export default { factories, prepare } satisfies DomainFactories;
