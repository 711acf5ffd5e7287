import { env } from "cloudflare:test";
import { parseZonedTime } from "../../app/lib/tenant-days";
import type { RequestScope } from "../../app/modules/access/access.server";
import { alarms, contractLines, contracts, customers } from "../../db/schema";
import { db, insertDaily, makeTenant, unique } from "./helpers";
import { makeVehicle } from "./telematics";

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
  await insertDaily(rows);
  const at = parseZonedTime("2026-11-12T18:00", ZONE);
  await db().insert(alarms).values({ tenantId, vehicleId, hubKey: unique("f"), kind: "fault", at, handleState: 1, handledAt: at + 20 * 3_600_000 });
}

/**
 * A rental contract in force since 2026-09-21, settled on the 20th, 9 % tax, one crane at ¥28,000.00 a month with a
 * 70 % idle rate and the fault rule; the crane works 8 hours a day except 2026-10-30 → 11-08 (ten quiet days), and has
 * a fault from 18:00 on 11-12 to 14:00 on 11-13 (20 hours, of which 10 are counted: 18–22 and 08–14). The day count
 * is the contract's default (the 30-day month) unless given.
 */
export async function rentalWithHistory(terms: { dayCount?: "thirty" | "calendar" } = {}) {
  const t = await makeTenant();
  const v = await makeVehicle(t.tenantId);
  const [customer] = await db().insert(customers).values({ tenantId: t.tenantId, name: unique("客户"), kind: "enterprise" }).returning({ id: customers.id });
  const number = unique("HT-");
  const [c] = await db()
    .insert(contracts)
    .values({ tenantId: t.tenantId, number, kind: "rental", name: "浦东塔吊", customerId: customer!.id, startOn: "2026-09-21", plannedEndOn: "2027-03-20", settlementDay: 20, paymentDays: 30, taxRateBp: 900, state: 3, ...terms })
    .returning({ id: contracts.id });
  const [line] = await db()
    .insert(contractLines)
    .values({ tenantId: t.tenantId, contractId: c!.id, lineNo: 1, vehicleId: v.id, monthlyCents: 2_800_000, idleRateBp: 7000, faultDeduction: 1, onRentOn: "2026-09-21" })
    .returning({ id: contractLines.id });
  await craneHistory(t.tenantId, v.id, "2026-11-20");
  return { t, v, contractId: c!.id, lineId: line!.id, number, scope: billScope(t.tenantId, t.userId) };
}
