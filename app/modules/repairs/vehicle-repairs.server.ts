/**
 * A machine's repairs for its page (`/deviceDetails`, issue 42): its last 10 repair orders (维修 tab) and its downtime
 * and availability per month over the tenant's last 12 months (停机与可用率 tab). Every order counts, a draft too: its
 * downtime is the machine's, whatever its approval (the bill run's deduction is another matter: downtime.server.ts).
 */
import { desc, eq, gt, isNull, lt, or, type SQL } from "drizzle-orm";
import { tenantWhere } from "../../../db/tenant";
import { formatCents } from "~/lib/cents";
import { addMonths, monthOf } from "~/lib/calendar";
import { todayInZone } from "~/lib/tenant-clock";
import { dayStartMs } from "~/lib/tenant-days";
import type { RequestScope } from "~/modules/access/access.server";
import { monthlyAvailability, type MonthWindow } from "./availability";
import { repairScopeWhere } from "./repair.server";
import { repairOrders } from "./tables.server";

/** The tenant's last `count` months, the one under way first, as instants. */
export function lastMonths(timeZone: string, now: number, count = 12): MonthWindow[] {
  const first = `${monthOf(todayInZone(timeZone, now))}-01`;
  return Array.from({ length: count }, (_, i) => {
    const day = addMonths(first, -i);
    return { month: monthOf(day), start: dayStartMs(day, timeZone)!, end: dayStartMs(addMonths(day, 1), timeZone)! };
  });
}

/** The machine's last 10 repair orders and its last 12 months' availability; empty for a machine the user does not see. */
export async function vehicleRepairs(scope: RequestScope, vehicleId: number, now = Date.now()) {
  const months = lastMonths(scope.user.timeZone, now);
  const of = (...more: (SQL | undefined)[]) => tenantWhere(repairOrders, scope, eq(repairOrders.vehicleId, vehicleId), repairScopeWhere(scope), ...more);
  const [orders, downtimes] = await Promise.all([
    scope.db
      .select({ id: repairOrders.id, number: repairOrders.number, state: repairOrders.state, fault: repairOrders.fault, downFrom: repairOrders.downFrom, downTo: repairOrders.downTo, totalCents: repairOrders.totalCents })
      .from(repairOrders)
      .where(of())
      .orderBy(desc(repairOrders.downFrom), desc(repairOrders.id))
      .limit(10),
    scope.db
      .select({ from: repairOrders.downFrom, to: repairOrders.downTo })
      .from(repairOrders)
      .where(of(lt(repairOrders.downFrom, now), or(isNull(repairOrders.downTo), gt(repairOrders.downTo, months.at(-1)!.start)))),
  ]);
  return {
    orders: orders.map(({ totalCents, state, ...o }) => ({ ...o, state: String(state), total: formatCents(totalCents) })),
    availability: monthlyAvailability(downtimes, months, now),
  };
}
export type VehicleRepairs = Awaited<ReturnType<typeof vehicleRepairs>>;
