import { and, eq, isNotNull, or } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { organisations, vehicleModels, vehicles } from "../../../db/schema";
import { ofTenant } from "../../../db/tenant";
import { hubFor } from "../../../workers/fleet-hub/client";
import { HUB_SCREENS, type VehicleLive } from "../../../workers/fleet-hub/protocol";
import { visibleVehicleIds } from "../../../db/rules/data-scope";
import { daysFrom } from "~/lib/calendar";
import { todayInZone } from "~/lib/tenant-clock";
import { hasScreen, type RequestScope } from "~/modules/access/access.server";
import { overdueMachines } from "~/modules/overdue/machines.server";
import { OVERDUE_PATH } from "~/modules/overdue/overdue";
import { loadMapConfig } from "~/modules/settings/map-config.server";
import { checkArea, type AreaError, type AreaHitRow, type CertificateMarks, type MonitorOrg, type MonitorVehicle, type ModelIcons, type OverdueMarks } from "./monitor";
import { expiredMandatoryRows } from "~/modules/certificates/certificate-gate.server";

export const MONITOR_PATH = HUB_SCREENS.live;

/** The vehicles the user may see, with the organisations on the way to them, for the tree; the map settings; which of
 * them are on rent under an overdue contract (the warning). */
export async function loadMonitor(scope: RequestScope) {
  const { db, user } = scope;
  const tenantId = user.tenantId;
  const today = todayInZone(user.timeZone);
  const [visible, mapConfig, vehicleRows, orgRows, modelRows, overdueRows, expiredRows] = await Promise.all([
    visibleVehicleIds(db, tenantId, user.id),
    loadMapConfig(db, tenantId),
    db
      .select({ id: vehicles.id, plate: vehicles.plate, terminalNo: vehicles.terminalNo, selfNo: vehicles.selfNo, orgId: vehicles.orgId, modelId: vehicles.modelId })
      .from(vehicles)
      .where(ofTenant(vehicles, tenantId))
      .orderBy(vehicles.plate),
    db.select({ id: organisations.id, parentId: organisations.parentId, name: organisations.name, sort: organisations.sort }).from(organisations).where(ofTenant(organisations, tenantId)).orderBy(organisations.sort, organisations.id),
    modelIconRows(scope.db, tenantId),
    overdueMachines(scope, today),
    expiredMandatoryRows(db, tenantId, today),
  ]);
  // the scope filter runs here, not as an IN list: D1 caps bound parameters at 100
  const list: MonitorVehicle[] = (visible === "all" ? vehicleRows : vehicleRows.filter((v) => visible.has(v.id))).map((v) => [v.id, v.plate, v.terminalNo, v.selfNo, v.orgId, v.modelId]);
  const byId = new Map(orgRows.map((o) => [o.id, o]));
  const needed = new Set<number>();
  for (const v of list) {
    let id = v[4];
    while (id !== null && !needed.has(id) && byId.has(id)) {
      needed.add(id);
      id = byId.get(id)!.parentId;
    }
  }
  const orgs: MonitorOrg[] = orgRows.filter((o) => needed.has(o.id)).map((o) => ({ id: o.id, parentId: o.parentId !== null && needed.has(o.parentId) ? o.parentId : null, name: o.name }));
  const icons = iconsOf(modelRows, new Set(list.map((v) => v[5])));
  // a machine under two overdue contracts (a line ended today, another started) shows the one overdue longest
  const overdue: OverdueMarks = {};
  const linked = hasScreen(scope.access, OVERDUE_PATH);
  for (const r of overdueRows) {
    if (visible !== "all" && !visible.has(r.vehicleId)) continue;
    const days = daysFrom(r.oldestDueOn, today);
    if ((overdue[r.vehicleId]?.days ?? -1) >= days) continue;
    overdue[r.vehicleId] = { contractId: linked ? r.contractId : null, number: r.number, days, stopApprovedOn: r.stopApprovedOn };
  }
  // a machine whose mandatory certificate has expired: the first to have expired
  const certificates: CertificateMarks = {};
  const certificateLinked = hasScreen(scope.access, "/certificate");
  for (const r of expiredRows) {
    if ((visible !== "all" && !visible.has(r.vehicleId)) || certificates[r.vehicleId]) continue;
    certificates[r.vehicleId] = { id: certificateLinked ? r.id : null, kind: r.kind, number: r.number, expiresOn: r.expiresOn ?? "" };
  }
  return { mapConfig, vehicles: list, orgs, icons, overdue, certificates, seesAll: visible === "all" };
}

/** The tenant's models that have a map icon. */
export function modelIconRows(db: Db, tenantId: number) {
  return db
    .select({ id: vehicleModels.id, running: vehicleModels.iconRunning, stopped: vehicleModels.iconStopped, offline: vehicleModels.iconOffline })
    .from(vehicleModels)
    .where(and(ofTenant(vehicleModels, tenantId), or(isNotNull(vehicleModels.iconRunning), isNotNull(vehicleModels.iconStopped), isNotNull(vehicleModels.iconOffline))));
}

/** The map icons of the models the shown machines use. */
export function iconsOf(rows: Awaited<ReturnType<typeof modelIconRows>>, used: Set<number | null>): ModelIcons {
  const icons: ModelIcons = {};
  for (const m of rows) if (used.has(m.id)) icons[m.id] = { running: iconUrl(m.running), stopped: iconUrl(m.stopped), offline: iconUrl(m.offline) };
  return icons;
}

/** A model icon as stored (an uploaded file's id, or a URL) → a URL the browser can load from this origin. */
function iconUrl(value: string | null): string | null {
  if (!value) return null;
  if (/^\d+$/.test(value)) return `/api/common/commonfile/downloadFile?id=${value}`;
  return value.startsWith("/") && !value.startsWith("//") ? value : null;
}

/** Area vehicle search (circle ≤ 10000 m, ≤ 7 days) over the user's visible vehicles; errors are keys of the monitor namespace. */
export async function searchArea(scope: RequestScope, form: FormData): Promise<{ error: AreaError | null; hits: AreaHitRow[] }> {
  const query = checkArea({ lng: Number(form.get("lng")), lat: Number(form.get("lat")), radiusM: Number(form.get("radius")), from: Number(form.get("from")), to: Number(form.get("to")) });
  if ("error" in query) return { error: query.error, hits: [] };
  const tenantId = scope.user.tenantId;
  const visible = await visibleVehicleIds(scope.db, tenantId, scope.user.id);
  if (visible !== "all" && visible.size === 0) return { error: null, hits: [] };
  try {
    const answer = await hubFor(scope.env, tenantId).area(tenantId, { vehicleIds: visible === "all" ? null : [...visible], ...query });
    if (answer.error) return { error: hubErrorKey(answer.error), hits: [] };
    const hits = answer.hits.filter((h) => visible === "all" || visible.has(h.vehicleId));
    return { error: null, hits: hits.map((h) => ({ vehicleId: h.vehicleId, plate: h.plate, firstT: h.firstT, lastT: h.lastT })) };
  } catch (error) {
    console.error("area search:", error);
    return { error: "area.errors.unavailable", hits: [] };
  }
}

function hubErrorKey(message: string): AreaError {
  if (message.startsWith("radius")) return "area.errors.radius";
  if (message.includes("7 days")) return "area.errors.range";
  if (message.includes("start")) return "area.errors.order";
  if (message.includes("centre")) return "area.errors.centre";
  return "area.errors.unavailable";
}

/**
 * One visible vehicle's full live state (the info panel's first paint; the socket's detail watch keeps it fresh):
 * undefined when the user may not see it, null when the hub has nothing on it (never reported, hub unreachable).
 */
export async function vehicleDetail(scope: RequestScope, id: number): Promise<VehicleLive | null | undefined> {
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  const visible = await visibleVehicleIds(scope.db, scope.user.tenantId, scope.user.id);
  if (visible === "all") {
    const [row] = await scope.db.select({ id: vehicles.id }).from(vehicles).where(and(eq(vehicles.id, id), ofTenant(vehicles, scope.user.tenantId)));
    if (!row) return undefined;
  } else if (!visible.has(id)) return undefined;
  try {
    return await hubFor(scope.env, scope.user.tenantId).vehicle(id);
  } catch {
    return null;
  }
}
