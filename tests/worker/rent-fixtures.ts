import { eq } from "drizzle-orm";
import { env } from "cloudflare:test";
import { bills, contractLines, contracts, customers, organisations } from "../../db/schema";
import { db, unique } from "./helpers";

/** A department under the tenant's root organisation (data-scope tests). */
export async function makeDepartment(tenantId: number, parentId: number) {
  const [row] = await db().insert(organisations).values({ tenantId, parentId, name: unique("租赁部"), sort: 9 }).returning({ id: organisations.id });
  return row!.id;
}

/**
 * A contract with its equipment lines straight into the database, as the contract screen would have saved it: the
 * rental screens' tests do not depend on that screen. state: 0 draft, 1 in approval, 2 approved, 3 executing, 4 completed.
 */
export async function makeContract(
  tenantId: number,
  opts: { state?: number; orgId?: number | null; customer?: string; site?: string; kind?: "rental" | "spot"; plannedEndOn?: string | null; current?: number; lines: { vehicleId: number | null; from: string; to?: string | null; type?: string }[] },
) {
  const [customer] = await db()
    .insert(customers)
    .values({ tenantId, name: opts.customer ?? unique("客户"), kind: "enterprise", orgId: opts.orgId ?? null })
    .returning({ id: customers.id });
  const number = unique("HT-");
  const [contract] = await db()
    .insert(contracts)
    .values({
      tenantId,
      orgId: opts.orgId ?? null,
      number,
      kind: opts.kind ?? "spot",
      name: `${number} 吊装`,
      customerId: customer!.id,
      siteAddress: opts.site ?? "上海市浦东新区张江路88号工地",
      startOn: opts.lines[0]?.from ?? "2026-01-01",
      plannedEndOn: opts.plannedEndOn ?? null,
      state: opts.state ?? 3,
      current: opts.current ?? 1,
    })
    .returning({ id: contracts.id });
  const lines = await db()
    .insert(contractLines)
    .values(opts.lines.map((l, i) => ({ tenantId, contractId: contract!.id, lineNo: i + 1, vehicleId: l.vehicleId, equipmentType: l.type ?? null, onRentOn: l.from, offRentOn: l.to ?? null, shiftCents: 350000 })))
    .returning({ id: contractLines.id });
  return { id: contract!.id, number, customerId: customer!.id, lineIds: lines.map((l) => l.id) };
}

export type BillItemFixture = { lineId: number | null; rule?: string; quantity?: string; amountCents: number };

/** A bill straight into the tables: draft while its items go in (the triggers refuse items of a confirmed bill), then its state. */
export async function insertBill(tenantId: number, c: { id: number; customerId: number }, o: { from: string; to: string; state: number; orgId: number | null; kind?: "regular" | "adjustment"; items: BillItemFixture[] }) {
  const amountCents = o.items.reduce((s, i) => s + i.amountCents, 0);
  const [row] = await db()
    .insert(bills)
    .values({ tenantId, orgId: o.orgId, number: unique("ZD-"), kind: o.kind ?? "regular", contractId: c.id, rootId: c.id, customerId: c.customerId, periodFrom: o.from, periodTo: o.to, amountCents, taxCents: 0, taxRateBp: 900, dueOn: o.to, state: 0 })
    .returning({ id: bills.id });
  for (const [i, it] of o.items.entries())
    await env.DB.prepare("insert into bill_items (tenant_id, bill_id, seq, line_id, rule, quantity, unit, rate_cents, amount_cents, tax_rate_bp, tax_cents) values (?, ?, ?, ?, ?, ?, 'item', ?, ?, 900, 0)")
      .bind(tenantId, row!.id, i + 1, it.lineId, it.rule ?? "monthly", it.quantity ?? "1", it.amountCents, it.amountCents)
      .run();
  if (o.state) await db().update(bills).set({ state: o.state }).where(eq(bills.id, row!.id));
  return row!.id;
}
