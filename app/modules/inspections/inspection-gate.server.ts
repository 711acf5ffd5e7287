/**
 * The pre-use gate (issue 42): a procedure marked 出车前必检 is the daily check of its equipment type (or of every
 * machine, when it names none). A machine it covers goes on no trip (出车登记) of today or later and no 派车 until it
 * has passed one of them that day. The refusal names the check and the day (validation.preUseMissing|<procedure> <day>).
 */
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { vehicles } from "../../../db/schema";
import { ofTenant, sameTenant, tenantOfOuter } from "../../../db/tenant";
import { PROCEDURE_STATE } from "./procedure.resource";
import { inspectionRecords, procedures } from "./tables.server";

export type PreUseRefusal = `validation.preUseMissing|${string}`;

/** For each of these machines that a pre-use check covers and that has passed none on `day`, the refusal naming it. */
export async function missingPreUse(db: Db, tenantId: number, vehicleIds: readonly number[], day: string): Promise<Map<number, PreUseRefusal>> {
  const out = new Map<number, PreUseRefusal>();
  const ids = [...new Set(vehicleIds)];
  for (let i = 0; i < ids.length; i += 90) {
    const rows = await db
      .select({ vehicleId: vehicles.id, procedure: procedures.name })
      .from(vehicles)
      .innerJoin(
        procedures,
        and(sameTenant(procedures, vehicles), eq(procedures.preUse, 1), eq(procedures.state, PROCEDURE_STATE.enabled), or(isNull(procedures.equipmentType), eq(procedures.equipmentType, vehicles.vehicleType))),
      )
      .where(
        and(
          ofTenant(vehicles, tenantId),
          inArray(vehicles.id, ids.slice(i, i + 90)),
          sql`not exists (select 1 from ${inspectionRecords} where ${tenantOfOuter(inspectionRecords, vehicles)} and ${inspectionRecords.vehicleId} = ${vehicles.id} and ${inspectionRecords.doneOn} = ${day} and ${inspectionRecords.preUse} = 1 and ${inspectionRecords.passed} = 1)`,
        ),
      )
      .orderBy(procedures.id);
    for (const r of rows) if (!out.has(r.vehicleId)) out.set(r.vehicleId, `validation.preUseMissing|${day}（${r.procedure}）`);
  }
  return out;
}
