import { and, eq } from "drizzle-orm";
import { vehicles } from "../../../db/schema";
import { ofTenant } from "../../../db/tenant";
import { hubFor } from "../../../workers/fleet-hub/client";
import type { VehicleLive } from "../../../workers/fleet-hub/protocol";
import type { RequestScope } from "~/modules/access/access.server";
import { visibleVehiclesWhere } from "../../../db/rules/data-scope";
import { uninstalledTerminalNo, vehicleOptions } from "./vehicles.server";

/**
 * One vehicle for /deviceDetails: its archive row (tenant and data scope applied; undefined when outside them),
 * the names behind its selects, and its live state from the hub. The live state is optional: a hub that cannot be
 * reached leaves the archive readable.
 */
export async function loadVehicleDetails(scope: RequestScope, id: number) {
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  const [row] = await scope.db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.id, id), ofTenant(vehicles, scope.user.tenantId), visibleVehiclesWhere(scope)))
    .limit(1);
  if (!row) return undefined;
  const [options, live] = await Promise.all([
    vehicleOptions(scope),
    hubFor(scope.env, scope.user.tenantId)
      .vehicle(id)
      .then((v) => v as VehicleLive | null)
      .catch(() => null),
  ]);
  // digests of secrets and keys never reach the page
  const { terminalSecretHash, osmandKeyHash, ...archive } = row;
  return {
    vehicle: {
      ...archive,
      terminalNo: row.installed === 1 && row.terminalNo !== uninstalledTerminalNo(row.id) ? row.terminalNo : null,
      hasSecret: Boolean(terminalSecretHash),
      hasOsmandKey: Boolean(osmandKeyHash),
    },
    live,
    options,
  };
}
