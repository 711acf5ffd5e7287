import { env, runInDurableObject } from "cloudflare:test";
import { hubFor } from "../../../workers/fleet-hub/client";
import type { VehicleLive } from "../../../workers/fleet-hub/protocol";
import { insertDaily } from "../helpers";
import type { DomainFactories } from "../factories";

/**
 * The terminals' health has no generic resource (its screens are bespoke), so no factory for the generic tests; these
 * build what its own test needs: a terminal's live state in the tenant's hub, and a machine's days of roll-ups.
 */
export default {} satisfies DomainFactories;

/** Sets fields of a machine's live state in its tenant's hub, as if its terminal had reported them (the hub loads the machine first). */
export async function liveAs(tenantId: number, vehicleId: number, fields: Partial<VehicleLive>): Promise<void> {
  await hubFor(env, tenantId).lastHeard(tenantId);
  await runInDurableObject(hubFor(env, tenantId), async (hub) => {
    const live = (hub as unknown as { live: { table: { vehicles: Map<number, VehicleLive> } } }).live.table.vehicles;
    Object.assign(live.get(vehicleId)!, fields);
  });
}

/** A healthy terminal's live state at `now`: a fix, its clock right, 24.6 V, CAN values, no fault codes. */
export const healthyLive = (now: number): Partial<VehicleLive> => ({ seen: now - 5_000, t: now - 8_000, lng: 121.47, lat: 31.23, battery: 24.6, rpm: 1200, torque: 40, fuel: 60, faults: [] });

/** Roll-ups of a machine's days: positions, online and engine time (seconds). */
export async function daysOf(tenantId: number, vehicleId: number, days: { day: string; points: number; online: number; engine?: number; idle?: number }[]): Promise<void> {
  await insertDaily(days.map((d) => ({ tenantId, vehicleId, day: d.day, points: d.points, onlineSeconds: d.online, engineSeconds: d.engine ?? 0, idleSeconds: d.idle ?? 0 })));
}
