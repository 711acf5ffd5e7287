import { env } from "cloudflare:test";
import type { RequestScope } from "../../app/modules/access/access.server";
import { db } from "./helpers";

// The bill tests' fixtures: a clerk's scope over the whole tenant with the bills screen's codes, and a run of days.

export const ZONE = "Asia/Shanghai";

/** A clerk of the tenant seeing all of it, holding 合同账单报表 and the codes given (confirm by default). */
export function billScope(tenantId: number, userId: number, codes: string[] = ["contractBillReport:confirm"]): RequestScope {
  return { env, db: db(), user: { id: userId, tenantId, orgId: null, wholeTenant: true }, access: { permissions: new Set(["contractBillReport", ...codes]), roleIds: [], roleNames: [], menuRows: [] }, session: {} } as unknown as RequestScope;
}

/** Every day from `from` to `to`. */
export function days(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = new Date(`${from}T00:00:00Z`); d.toISOString().slice(0, 10) <= to; d.setUTCDate(d.getUTCDate() + 1)) out.push(d.toISOString().slice(0, 10));
  return out;
}
