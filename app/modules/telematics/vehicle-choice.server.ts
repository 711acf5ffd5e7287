import { and, asc, inArray, not, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { vehicles } from "../../../db/schema";
import { ofTenant, tenantOfOuter, type TenantTable } from "../../../db/tenant";
import type { RequestScope } from "~/modules/access/access.server";
import { containing } from "~/modules/resource/resource.server";
import { searchText } from "~/lib/list/search";
import { visibleVehiclesWhere } from "../../../db/rules/data-scope";

/**
 * Which of the tenant's vehicles a picker offers: `visible`, the user's data scope (authorized vehicles of another
 * user may only come from there); `outside`, the vehicles the user cannot see (what a data permission asks for).
 */
export type VehicleChoice = "visible" | "outside";

function choiceWhere(scope: Pick<RequestScope, "user">, choice: VehicleChoice): SQL | undefined {
  const visible = visibleVehiclesWhere(scope);
  if (choice === "visible") return visible;
  // a user who sees every vehicle has nothing to apply for
  return visible ? not(visible) : sql`0`;
}

/** Up to 20 vehicles of the choice whose plate or terminal number contains the text, plates in order. */
export async function searchVehicles(scope: RequestScope, q: string, choice: VehicleChoice) {
  const text = searchText(q);
  return scope.db
    .select({ id: vehicles.id, plate: vehicles.plate, terminalNo: vehicles.terminalNo })
    .from(vehicles)
    .where(and(ofTenant(vehicles, scope.user.tenantId), choiceWhere(scope, choice), text ? or(containing(vehicles.plate, text), containing(vehicles.terminalNo, text)) : undefined))
    .orderBy(asc(vehicles.plate))
    .limit(20);
}

/** The plates of a picker's value: one a line (commas, 、 and spaces also separate), trimmed, each once. */
export function parsePlates(value: unknown): string[] {
  return [
    ...new Set(
      String(value ?? "")
        .split(/[\n\r,，、;；\s]+/)
        .map((p) => p.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * Plates → the tenant's vehicles, split into those of the choice and the rest (unknown plates, another tenant's,
 * or outside the choice), so a save can name what it refuses.
 */
export async function resolvePlates(scope: RequestScope, plates: string[], choice: VehicleChoice) {
  if (!plates.length) return { vehicles: [] as { id: number; plate: string }[], refused: [] as string[] };
  const found: { id: number; plate: string; ok: number }[] = [];
  const cond = choiceWhere(scope, choice);
  for (let i = 0; i < plates.length; i += 90) {
    found.push(
      ...(await scope.db
        .select({ id: vehicles.id, plate: vehicles.plate, ok: cond ? sql<number>`case when ${cond} then 1 else 0 end` : sql<number>`1` })
        .from(vehicles)
        .where(and(ofTenant(vehicles, scope.user.tenantId), inArray(vehicles.plate, plates.slice(i, i + 90))))),
    );
  }
  const ok = found.filter((v) => v.ok === 1);
  const okPlates = new Set(ok.map((v) => v.plate));
  return { vehicles: ok.map(({ id, plate }) => ({ id, plate })), refused: plates.filter((p) => !okPlates.has(p)), known: new Set(found.map((v) => v.plate)) };
}

/** A machine as a select names it: its plate, and its own number after it when it has one (沪AD0001（DRK-001）). */
export const machineLabel = sql<string>`${vehicles.plate} || coalesce('（' || ${vehicles.selfNo} || '）', '')`;

/**
 * The machines the user sees as a form's choices (a document's reference field), plates in order; only these
 * equipment types when named (a wind site's cranes). A select of the scope's, for a batch or on its own.
 */
export function machineChoicesRead(scope: Pick<RequestScope, "db" | "user">, types?: readonly string[]) {
  return scope.db
    .select({ value: vehicles.id, label: machineLabel.as("vehicle_label") })
    .from(vehicles)
    .where(and(ofTenant(vehicles, scope.user.tenantId), types ? inArray(vehicles.vehicleType, [...types]) : undefined, visibleVehiclesWhere(scope)))
    .orderBy(asc(vehicles.plate));
}

/** The same as options: ids as strings. */
export async function machineChoices(scope: Pick<RequestScope, "db" | "user">, types?: readonly string[]): Promise<{ value: string; label: string }[]> {
  return (await machineChoicesRead(scope, types)).map((r) => ({ value: String(r.value), label: r.label }));
}

/**
 * A list's search by the row's machine: its plate or its own number contains the text. An exists of its own, so the
 * list's count (which reads the rows' table alone, without the select's joins) filters the same rows.
 */
export function machineMatches(vehicleId: SQLiteColumn, outer: TenantTable, text: string): SQL {
  return sql`exists (select 1 from ${vehicles} where ${vehicles.id} = ${vehicleId} and ${tenantOfOuter(vehicles, outer)} and (${containing(vehicles.plate, text)} or ${containing(vehicles.selfNo, text)}))`;
}
