import { env } from "cloudflare:test";
import { unique } from "../helpers";
import { makeContract } from "../rent-fixtures";
import type { DomainFactories, Factory, Prepare } from "../factories";

/** The colleague and the contract PREPARE made for each tenant's nomination factory. */
const prizeFixtures = new Map<number, { nomineeId: number; contractId: number }>();

const factories: Record<string, Factory> = {
  // a reward for the colleague PREPARE made, on the executing contract it made
  prizeNomination: (t) => ({ nomineeId: String(prizeFixtures.get(t.tenantId!)!.nomineeId), contractId: String(prizeFixtures.get(t.tenantId!)!.contractId), amount: "2,000.00", reason: unique("提前进场") }),
};

const prepare: Record<string, Prepare> = {
  async prizeNomination(t) {
    const contract = await makeContract(t.tenantId, { state: 3, lines: [{ vehicleId: null, from: "2026-11-01", to: "2026-11-30" }] });
    const nominee = await env.DB.prepare("insert into users (tenant_id, org_id, login_account, user_name, password_hash, state, version, created_at, updated_at) values (?, ?, ?, ?, 'x', 1, 1, ?, ?) returning id")
      .bind(t.tenantId, t.rootOrgId, unique("nominee"), unique("项目经理"), Date.now(), Date.now())
      .first<{ id: number }>();
    prizeFixtures.set(t.tenantId, { nomineeId: nominee!.id, contractId: contract.id });
  },
};

export default { factories, prepare } satisfies DomainFactories;
