import { env } from "cloudflare:test";
import { unique } from "../helpers";
import { makeContract } from "../rent-fixtures";
import type { DomainFactories, Factory, Prepare } from "../factories";

/** A confirmed bill of ¥1,000.00 for a new customer of the tenant (the finance screens' factories name it). */
const financeBills = new Map<number, { customerId: number; billId: number }>();
async function confirmedBill(tenantId: number) {
  const contract = await makeContract(tenantId, { state: 3, lines: [{ vehicleId: null, from: "2026-10-01" }] });
  const bill = await env.DB.prepare(
    "insert into bills (tenant_id, number, kind, contract_id, root_id, customer_id, period_from, period_to, amount_cents, tax_cents, tax_rate_bp, due_on, state, version, created_at, updated_at) values (?, ?, 'regular', ?, ?, ?, '2026-10-01', '2026-10-31', 100000, 8257, 900, '2026-11-30', 1, 1, ?, ?) returning id",
  )
    .bind(tenantId, unique("ZD-"), contract.id, contract.id, contract.customerId, Date.now(), Date.now())
    .first<{ id: number }>();
  financeBills.set(tenantId, { customerId: contract.customerId, billId: bill!.id });
}

const factories: Record<string, Factory> = {
  // an invoice of ¥1,000.00 covering the whole confirmed bill PREPARE made for the tenant's customer
  invoice: (t) => ({ number: unique("FP"), kind: "special", taxRate: "900", customerId: String(financeBills.get(t.tenantId!)!.customerId), contractId: "", issuedOn: "2026-11-20", amount: "1,000.00", remark: "", "bills[0].billId": String(financeBills.get(t.tenantId!)!.billId), "bills[0].on": "1", "bills[0].amount": "1000" }),
  // ¥600.00 received from that customer, allocated automatically to the bill
  receipt: (t) => ({ direction: "in", customerId: String(financeBills.get(t.tenantId!)!.customerId), supplierId: "", contractId: "", receivedOn: "2026-11-21", amount: "600", method: "transfer", reference: unique("BANK"), allocation: "auto", remark: "" }),
};

const prepare: Record<string, Prepare> = {
  invoice: (t) => confirmedBill(t.tenantId),
  receipt: (t) => confirmedBill(t.tenantId),
};

export default { factories, prepare } satisfies DomainFactories;
