import { env } from "cloudflare:test";
import { parseZonedTime } from "../../app/lib/tenant-days";
import type { RequestScope } from "../../app/modules/access/access.server";
import { alarms, vehicleDaily } from "../../db/schema";
import { db, unique } from "./helpers";

// The bill tests' fixtures: a clerk's scope over the whole tenant with the bills screen's codes, and a run of days.

export const ZONE = "Asia/Shanghai";

/** A clerk of the tenant seeing all of it, holding 合同账单报表 and the codes given (confirm by default). */
export function billScope(tenantId: number, userId: number, codes: string[] = ["contractBillReport:confirm", "contractBillReport:edit"]): RequestScope {
  return { env, db: db(), user: { id: userId, tenantId, orgId: null, wholeTenant: true }, access: { permissions: new Set(["contractBillReport", ...codes]), roleIds: [], roleNames: [], menuRows: [] }, session: {} } as unknown as RequestScope;
}

/** Every day from `from` to `to`. */
export function days(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = new Date(`${from}T00:00:00Z`); d.toISOString().slice(0, 10) <= to; d.setUTCDate(d.getUTCDate() + 1)) out.push(d.toISOString().slice(0, 10));
  return out;
}

/**
 * A crane's history on a contract from 2026-09-21 to `through`: 8 engine hours and 12 km a day except ten quiet days
 * (2026-10-30 → 11-08), and a fault from 18:00 on 11-12 lasting 20 hours (10 of them counted: 18–22 and 08–14).
 */
export async function craneHistory(tenantId: number, vehicleId: number, through: string): Promise<void> {
  const quiet = new Set(days("2026-10-30", "2026-11-08"));
  const rows = days("2026-09-21", through).map((day) => ({ tenantId, vehicleId, day, engineSeconds: quiet.has(day) ? 0 : 8 * 3600, mileageKm: quiet.has(day) ? 0 : 12 }));
  for (let i = 0; i < rows.length; i += 10) await db().insert(vehicleDaily).values(rows.slice(i, i + 10));
  const at = parseZonedTime("2026-11-12T18:00", ZONE);
  await db().insert(alarms).values({ tenantId, vehicleId, hubKey: unique("f"), kind: "fault", at, handleState: 1, handledAt: at + 20 * 3_600_000 });
}
