/**
 * /areaEquipment 区域设备: the page (the map's settings, a default window) and the search: a drawn rectangle, circle
 * or polygon and a window, checked here as the hub checks it (area-query.ts), then asked of the tenant's hub with the
 * user's visible machines only (`visibleVehicleIds`; null when they see all), whose answer is filtered by them again.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { visibleVehicleIds } from "../../../db/rules/data-scope";
import { hubFor } from "../../../workers/fleet-hub/client";
import { checkAreaVisitQuery, type AreaQueryError, type AreaShape } from "../../../workers/fleet-hub/area-query";
import { formatZonedTime } from "~/lib/tenant-clock";
import { readForm } from "~/lib/posted-form.server";
import { parseZonedTime } from "~/lib/tenant-days";
import { requireScope, type RequestScope } from "~/modules/access/access.server";
import { loadMapConfig } from "~/modules/settings/map-config.server";

export const AREA_PATH = "/areaEquipment";

export type AreaError = AreaQueryError | "unavailable";
export interface AreaVisitRow {
  vehicleId: number;
  plate: string;
  enterT: number;
  exitT: number;
  fromStart: boolean;
  toEnd: boolean;
}
export type AreaAnswer = { error: AreaError | null; visits: AreaVisitRow[] };

export async function areaLoader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: AREA_PATH });
  const now = Date.now();
  return {
    mapConfig: await loadMapConfig(scope.db, scope.user.tenantId),
    fromText: formatZonedTime(now - 86_400_000, scope.user.timeZone),
    toText: formatZonedTime(now, scope.user.timeZone),
  };
}

/** The posted shape: `shape` (rectangle | circle | polygon) and `coordinates` (JSON, WGS-84), `radius` for a circle. */
export function postedShape(form: FormData): AreaShape | null {
  const kind = String(form.get("shape") ?? "");
  let coordinates: unknown;
  try {
    coordinates = JSON.parse(String(form.get("coordinates") ?? "null"));
  } catch {
    return null;
  }
  if (!Array.isArray(coordinates)) return null;
  if (kind === "circle") return { kind: "circle", centre: coordinates[0] as [number, number], radiusM: Number(form.get("radius")) };
  if (kind === "rectangle" || kind === "polygon") return { kind: "polygon", ring: coordinates as [number, number][] };
  return null;
}

/** The machines the user sees that were inside the area during the window, each stay with its entry and exit. */
export async function searchAreaVisits(scope: RequestScope, shape: AreaShape | null, from: number, to: number): Promise<AreaAnswer> {
  if (!shape) return { error: "shape", visits: [] };
  const error = checkAreaVisitQuery({ shape, from, to });
  if (error) return { error, visits: [] };
  const tenantId = scope.user.tenantId;
  const visible = await visibleVehicleIds(scope.db, tenantId, scope.user.id);
  if (visible !== "all" && visible.size === 0) return { error: null, visits: [] };
  try {
    const answer = await hubFor(scope.env, tenantId).areaVisits(tenantId, { vehicleIds: visible === "all" ? null : [...visible], shape, from, to });
    if (answer.error) return { error: answer.error, visits: [] };
    return {
      error: null,
      visits: answer.visits.filter((v) => visible === "all" || visible.has(v.vehicleId)).map((v) => ({ vehicleId: v.vehicleId, plate: v.plate, enterT: v.enterT, exitT: v.exitT, fromStart: v.fromStart, toEnd: v.toEnd })),
    };
  } catch (e) {
    console.error("area visits:", e);
    return { error: "unavailable", visits: [] };
  }
}

export async function areaAction({ request, context }: ActionFunctionArgs) {
  const scope = await requireScope(request, context, { screen: AREA_PATH });
  const form = await readForm(request);
  const tz = scope.user.timeZone;
  const from = parseZonedTime(String(form.get("from") ?? ""), tz);
  const to = parseZonedTime(String(form.get("to") ?? ""), tz);
  const answer = await searchAreaVisits(scope, postedShape(form), from, to);
  return data(answer, { status: answer.error === "unavailable" ? 503 : answer.error ? 400 : 200 });
}
