import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { contractLines, contracts, vehicles } from "../../../db/schema";
import { ofTenant, sameTenant } from "../../../db/tenant";
import { labelOf, type SheetDef } from "~/lib/list/types";
import type { RequestScope } from "~/modules/access/access.server";
import { lineFormValues } from "./contracts.server";

const text = (x: string | number | null) => (x === null ? "" : String(x));

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
