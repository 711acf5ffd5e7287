import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { bills, contracts } from "../../db/schema";
import type { RequestScope } from "../../app/modules/access/access.server";
import { plusDays } from "../../workers/jobs/interest";
import { db, unique } from "./helpers";
import { makeContract } from "./rent-fixtures";

// The overdue tests' fixtures: a request scope with the overdue screen's codes, a confirmed bill straight into the
// table, a contract in force ready to fall overdue.

export const ZONE = "Asia/Shanghai";
export const CODES = ["overdueContract:add", "overdueContract:edit", "overdueContract:approve", "overdueContract:export"];

export function scopeOf(tenantId: number, userId: number, o: { orgId?: number | null; codes?: string[] } = {}): RequestScope {
  return {
    env,
    db: db(),
    user: { id: userId, tenantId, orgId: o.orgId ?? null, wholeTenant: false, timeZone: ZONE },
    access: { permissions: new Set(o.codes ?? CODES), roleIds: [], roleNames: [], menuRows: [] },
    session: {},
  } as unknown as RequestScope;
}

/** A bill of the contract straight into the table: state 1 confirmed unless told, due on the day given. */
export async function billOf(c: { id: number; customerId: number; tenantId: number }, dueOn: string, amountCents: number, o: { paid?: number; state?: number } = {}) {
  const [row] = await db()
    .insert(bills)
    .values({
      tenantId: c.tenantId,
      number: unique("ZD-"),
      kind: "regular",
      contractId: c.id,
      rootId: c.id,
      customerId: c.customerId,
      periodFrom: plusDays(dueOn, -60),
      periodTo: plusDays(dueOn, -30),
      amountCents,
      taxCents: 0,
      taxRateBp: 900,
      dueOn,
      state: o.state ?? 1,
      paidCents: o.paid ?? 0,
    } as typeof bills.$inferInsert)
    .returning({ id: bills.id });
  return row!.id;
}

export async function overdueContract(tenantId: number, o: { lateRateBp?: number; orgId?: number | null; vehicleId?: number | null; salesmanId?: number } = {}) {
  const c = await makeContract(tenantId, { state: 3, orgId: o.orgId ?? null, lines: [{ vehicleId: o.vehicleId ?? null, from: "2026-01-01" }] });
  if (o.salesmanId) await db().update(contracts).set({ salesmanId: o.salesmanId }).where(eq(contracts.id, c.id));
  if (o.lateRateBp) await db().update(contracts).set({ lateRateBp: o.lateRateBp }).where(eq(contracts.id, c.id));
  return { ...c, tenantId };
}
