import { and, desc, eq, sql } from "drizzle-orm";
import { contractLines, contracts, customers } from "../../../db/schema";
import { ofTenant, sameTenant } from "../../../db/tenant";
import { visibleOrgRowWhere } from "../../../db/rules/data-scope";
import { todayInZone } from "~/lib/tenant-clock";
import type { RequestScope } from "~/modules/access/access.server";
import { BOARD_STATES, withinLine } from "./board";

/** How many of a machine's past lines its detail lists. */
export const HISTORY_LINES = 30;

/**
 * A machine's rental for /deviceDetails: the lines of contracts in force (their current revision) that name it, newest
 * first, and among them the one executing today (its contract, customer, site and on-rent day). The contracts are those
 * of the user's data scope.
 */
export async function vehicleRental(scope: RequestScope, vehicleId: number) {
  const lines = await scope.db
    .select({
      lineId: contractLines.id,
      lineNo: contractLines.lineNo,
      contractId: contracts.id,
      number: contracts.number,
      kind: contracts.kind,
      state: contracts.state,
      customer: sql<string | null>`(select ${customers.name} from ${customers} where ${customers.id} = ${contracts.customerId})`,
      site: contracts.siteAddress,
      from: contractLines.onRentOn,
      to: sql<string | null>`coalesce(${contractLines.offRentOn}, ${contracts.endedOn}, ${contracts.plannedEndOn})`,
    })
    .from(contractLines)
    .innerJoin(contracts, and(eq(contracts.id, contractLines.contractId), sameTenant(contracts, contractLines)))
    .where(and(ofTenant(contractLines, scope), eq(contractLines.vehicleId, vehicleId), eq(contracts.current, 1), visibleOrgRowWhere(scope, contracts.orgId)))
    .orderBy(desc(contractLines.onRentOn), desc(contractLines.id))
    .limit(HISTORY_LINES);
  const today = todayInZone(scope.user.timeZone);
  const current = lines.find((l) => l.state === BOARD_STATES.executing && withinLine(today, l.from, l.to)) ?? null;
  return { current, lines };
}

export type VehicleRental = Awaited<ReturnType<typeof vehicleRental>>;
