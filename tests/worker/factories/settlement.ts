import { env } from "cloudflare:test";
import { unique } from "../helpers";
import { makeContract } from "../rent-fixtures";
import type { DomainFactories, Factory, Prepare, Seed } from "../factories";

/** The contract PREPARE made for each tenant's settlement factories (an overtime settlement's with overtime billed). */
const settlementContracts = new Map<number, number>();

const factories: Record<string, Factory> = {
  settlement: (t) => ({ contractId: String(settlementContracts.get(t.tenantId!)), throughOn: "2026-10-31", remark: unique("清算") }),
  overtimeSettlement: (t) => ({ contractId: String(settlementContracts.get(t.tenantId!)), throughOn: "2026-10-31", remark: unique("超时清算") }),
};

const prepare: Record<string, Prepare> = {
  async settlement(t) {
    const contract = await makeContract(t.tenantId, { state: 3, kind: "rental", lines: [{ vehicleId: null, from: "2026-10-01", to: null }] });
    settlementContracts.set(t.tenantId, contract.id);
  },
  async overtimeSettlement(t) {
    const contract = await makeContract(t.tenantId, { state: 3, kind: "rental", lines: [{ vehicleId: null, from: "2026-10-01", to: null }] });
    settlementContracts.set(t.tenantId, contract.id);
    // a confirmed bill with 3 hours of 台班 overtime (items go in while it is a draft: a confirmed bill's are fixed)
    const bill = await env.DB.prepare("insert into bills (tenant_id, number, contract_id, root_id, period_from, period_to, amount_cents, tax_cents, tax_rate_bp, due_on, created_at, updated_at) values (?, ?, ?, ?, '2026-10-01', '2026-10-31', 75000, 6193, 900, '2026-11-30', ?, ?) returning id")
      .bind(t.tenantId, unique("ZD-"), contract.id, contract.id, Date.now(), Date.now())
      .first<{ id: number }>();
    await env.DB.prepare("insert into bill_items (tenant_id, bill_id, seq, rule, quantity, unit, rate_cents, amount_cents, tax_rate_bp, tax_cents) values (?, ?, 1, 'shiftOvertime', '3', 'hour', 25000, 75000, 900, 6193)").bind(t.tenantId, bill!.id).run();
    await env.DB.prepare("update bills set state = 1 where id = ?").bind(bill!.id).run();
  },
};

const seeds: Record<string, Seed> = {
  // an approved settlement of a contract of the tenant, its number the label
  async settlementRecord(t) {
    const label = unique("QS-iso-");
    const contract = await env.DB.prepare("insert into contracts (tenant_id, number, kind, name, start_on, state, current, version, created_at, updated_at) values (?, ?, 'rental', ?, '2026-10-01', 4, 1, 1, ?, ?) returning id")
      .bind(t.tenantId, unique("HT-"), unique("隔离合同"), Date.now(), Date.now())
      .first<{ id: number }>();
    await env.DB.prepare("insert into settlements (tenant_id, number, kind, contract_id, root_id, through_on, state, version, created_at, updated_at) values (?, ?, 'final', ?, ?, '2026-10-31', 2, 1, ?, ?)")
      .bind(t.tenantId, label, contract!.id, contract!.id, Date.now(), Date.now())
      .run();
    return label;
  },
};

export default { factories, prepare, seeds } satisfies DomainFactories;
