import { env } from "cloudflare:test";
import { unique } from "../helpers";
import { makeVehicle } from "../telematics";
import type { DomainFactories, Factory, Prepare, Seed } from "../factories";

/** The contract and its machine's line PREPARE made for each tenant's idle declaration factory. */
const declared = new Map<number, { contractId: number; lineId: number }>();

const factories: Record<string, Factory> = {
  // ten idle days of the prepared contract's crane at 70 %
  idlePeriod: (t) => ({
    contractId: String(declared.get(t.tenantId!)?.contractId),
    fromOn: "2026-11-01",
    toOn: "2026-11-10",
    rate: "70",
    reason: unique("停工待图"),
    "lines[0].lineId": String(declared.get(t.tenantId!)?.lineId),
    "lines[0].remark": "",
  }),
};

const prepare: Record<string, Prepare> = {
  // a contract in force in the tenant's root organisation with one crane on rent; each declaration takes other days
  async idlePeriod(t) {
    const vehicle = await makeVehicle(t.tenantId, { orgId: t.rootOrgId });
    const contract = await env.DB.prepare("insert into contracts (tenant_id, org_id, number, kind, name, start_on, planned_end_on, state, current, version, created_at, updated_at) values (?, ?, ?, 'rental', ?, '2026-09-01', '2027-12-31', 3, 1, 1, ?, ?) returning id")
      .bind(t.tenantId, t.rootOrgId, unique("HT-"), unique("停滞合同"), Date.now(), Date.now())
      .first<{ id: number }>();
    const line = await env.DB.prepare("insert into contract_lines (tenant_id, contract_id, line_no, vehicle_id, monthly_cents, on_rent_on) values (?, ?, 1, ?, 2800000, '2026-09-01') returning id")
      .bind(t.tenantId, contract!.id, vehicle.id)
      .first<{ id: number }>();
    declared.set(t.tenantId, { contractId: contract!.id, lineId: line!.id });
  },
};

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

export default { factories, prepare, seeds } satisfies DomainFactories;
