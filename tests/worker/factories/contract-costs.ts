import { env } from "cloudflare:test";
import { unique } from "../helpers";
import { makeContract } from "../rent-fixtures";
import type { DomainFactories, Factory, Prepare, Seed } from "../factories";

/** The contract and line PREPARE made for each tenant's cost factory. */
const costContracts = new Map<number, { id: number; lineId: number }>();

const factories: Record<string, Factory> = {
  // a transport cost on the contract PREPARE made, on its line
  contractCost: (t) => ({ contractId: String(costContracts.get(t.tenantId!)!.id), lineId: String(costContracts.get(t.tenantId!)!.lineId), kind: "transport", amount: "3,500.00", occurredOn: "2026-11-20", supplierId: "", remark: unique("进场运费") }),
};

const prepare: Record<string, Prepare> = {
  async contractCost(t) {
    const contract = await makeContract(t.tenantId, { state: 3, lines: [{ vehicleId: null, from: "2026-11-01", to: "2026-11-30" }] });
    costContracts.set(t.tenantId, { id: contract.id, lineId: contract.lineIds[0]! });
  },
};

const seeds: Record<string, Seed> = {
  // a sub-contract of the tenant, its name the label
  async subcontract(t) {
    const label = unique("iso-sub-");
    await env.DB.prepare("insert into contracts (tenant_id, number, kind, name, start_on, state, current, version, created_at, updated_at) values (?, ?, 'subcontract', ?, '2026-11-01', 3, 1, 1, ?, ?)")
      .bind(t.tenantId, unique("FB-"), label, Date.now(), Date.now())
      .run();
    return label;
  },
};

export default { factories, prepare, seeds } satisfies DomainFactories;
