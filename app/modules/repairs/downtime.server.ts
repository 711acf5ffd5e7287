/**
 * A machine's downtime as the bill run reads it (docs/billing.md, fault evidence): the repair orders sent or further
 * whose downtime takes rent off, with their numbers, so the evidence names them.
 */
import { eq, gt, inArray, isNull, lt, or, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { tenantWhere } from "../../../db/tenant";
import { REPAIR_DOWNTIME_STATES } from "./repair.resource";
import { repairOrders } from "./tables.server";

/** A machine's downtime the bill run counts as fault time: orders sent or further whose rent is deducted, over [fromMs, toMs). */
export function repairDowntimeRead(db: Db, tenantId: number, vehicleIds: number[] | SQL, fromMs: number, toMs: number) {
  return db
    .select({ vehicleId: repairOrders.vehicleId, number: repairOrders.number, downFrom: repairOrders.downFrom, downTo: repairOrders.downTo })
    .from(repairOrders)
    .where(
      tenantWhere(repairOrders, tenantId, inArray(repairOrders.vehicleId, vehicleIds), eq(repairOrders.deductRent, 1), inArray(repairOrders.state, [...REPAIR_DOWNTIME_STATES]), lt(repairOrders.downFrom, toMs), or(isNull(repairOrders.downTo), gt(repairOrders.downTo, fromMs))),
    );
}
