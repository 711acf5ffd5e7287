import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { contractLines, contracts, vehicles } from "../../../db/schema";
import { ofTenant, sameTenant } from "../../../db/tenant";
import { labelOf, type SheetDef } from "~/lib/list/types";
import type { RequestScope } from "~/modules/access/access.server";
import { percentOfBp, plainCents } from "~/lib/cents";

const text = (x: string | number | null) => (x === null ? "" : String(x));
/** A stored value as a form field holds it: nothing for null. */
export const formText = (x: string | number | null | undefined) => (x === null || x === undefined ? "" : String(x));
/** Stored cents as a form's money field holds them (yuan text), nothing for null. */
export const formCents = (c: number | null | undefined) => (c === null || c === undefined ? "" : plainCents(c));

/** A stored line as the form posts it (money as yuan text, percentages as text); the Excel sheet starts from it too. */
export function lineFormValues(l: typeof contractLines.$inferSelect): Record<string, string> {
  return {
    vehicleId: formText(l.vehicleId),
    equipmentType: formText(l.equipmentType),
    spec: formText(l.spec),
    monthly: formCents(l.monthlyCents),
    daily: formCents(l.dailyCents),
    shift: formCents(l.shiftCents),
    shiftHours: String(l.shiftHours),
    shiftOvertime: formCents(l.shiftOvertimeCents),
    hourly: formCents(l.hourlyCents),
    minHoursPerCall: formText(l.minHoursPerCall),
    allowanceHours: formText(l.allowanceHours),
    allowancePer: formText(l.allowancePer),
    allowanceOvertime: formCents(l.allowanceOvertimeCents),
    idleRate: percentOfBp(l.idleRateBp),
    faultDeduction: l.faultDeduction ? "1" : "",
    operators: l.operators ? String(l.operators) : "",
    operatorMonthly: formCents(l.operatorMonthlyCents),
    costMonthly: formCents(l.costMonthlyCents),
    onRentOn: l.onRentOn,
    offRentOn: formText(l.offRentOn),
    remark: formText(l.remark),
  };
}

/** A stored contract as the form's posted values (money as yuan text, percentages as text). */

/**
 * The exported contracts' lines for 设备明细, in the import's own terms: the contract's name first, the machine by its
 * plate, the selects by their labels in the user's language, money in yuan. One statement whatever the number of
 * contracts (their ids travel as one JSON parameter: D1 binds at most 100).
 */
export async function contractSheetLines(scope: RequestScope, sheet: SheetDef, ids: number[], lang: string): Promise<{ head: string; values: Record<string, string> }[]> {
  if (!ids.length) return [];
  const rows = await scope.db
    .select({ head: contracts.name, plate: vehicles.plate, line: contractLines })
    .from(contractLines)
    .innerJoin(contracts, and(eq(contracts.id, contractLines.contractId), sameTenant(contracts, contractLines)))
    .leftJoin(vehicles, and(eq(vehicles.id, contractLines.vehicleId), sameTenant(vehicles, contractLines)))
    .where(and(ofTenant(contractLines, scope), inArray(contractLines.contractId, sql`(select value from json_each(${JSON.stringify(ids)}))`)))
    .orderBy(asc(contracts.id), asc(contractLines.lineNo));
  const fields = sheet.lines?.fields ?? [];
  const label = (key: string, value: string) => {
    const option = fields.find((f) => f.key === key)?.options?.find((o) => o.value === value);
    return option ? labelOf(option.label, lang) : value;
  };
  return rows.map(({ head, plate, line: l }) => ({
    head,
    values: {
      ...lineFormValues(l),
      vehicleId: text(plate),
      equipmentType: label("equipmentType", text(l.equipmentType)),
      allowancePer: label("allowancePer", text(l.allowancePer)),
      faultDeduction: label("faultDeduction", l.faultDeduction ? "1" : "0"),
      operators: String(l.operators),
    },
  }));
}
