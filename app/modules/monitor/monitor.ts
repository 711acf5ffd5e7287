/** The monitoring screen's shared shapes and pure rules (tree, filters, area query checks), for server and browser. */
import type { VehicleLive, VehicleStatus } from "../../../workers/fleet-hub/protocol";
import { dayOf, DEFAULT_TIME_ZONE } from "~/lib/tenant-clock";
import { dayStartMs } from "~/lib/tenant-days";

/** A vehicle of the tree as the loader sends it (a tuple: 5,000 of them stay small): id, plate, terminal, self no, org, model. */
export type MonitorVehicle = [id: number, plate: string, terminalNo: string, selfNo: string | null, orgId: number | null, modelId: number | null];

/** A machine on rent under an overdue contract: the warning in the tree and the info panel (no amounts: a dispatcher
 * sees that the contract is overdue, not what is owed). contractId is null for a user without 逾期合同. */
export interface OverdueMark {
  contractId: number | null;
  number: string;
  days: number;
  stopApprovedOn: string | null;
}
export type OverdueMarks = Record<number, OverdueMark>;

/** A machine whose mandatory certificate has expired (证书管理): the mark in the tree and the info panel. id is null for
 * a user without 证书管理 (no link). */
export interface CertificateMark {
  id: number | null;
  kind: string;
  number: string;
  expiresOn: string;
}
export type CertificateMarks = Record<number, CertificateMark>;

export interface MonitorOrg {
  id: number;
  parentId: number | null;
  name: string;
}
/** per model id: icon URLs by status (null: the generated icon) */
export type ModelIcons = Record<number, { running: string | null; stopped: string | null; offline: string | null }>;
export interface AreaHitRow {
  vehicleId: number;
  plate: string;
  firstT: number;
  lastT: number;
}

export const MAX_AREA_RADIUS_M = 10_000;
export const MAX_AREA_RANGE_MS = 7 * 86_400_000;

/** Why an area search ran not: keys of the monitor namespace. */
export type AreaError = "area.errors.radius" | "area.errors.range" | "area.errors.order" | "area.errors.centre" | "area.errors.unavailable" | "area.needCircle";

/** Checks an area query as the form sends it. */
export function checkArea(q: { lng: number; lat: number; radiusM: number; from: number; to: number }): { error: AreaError } | typeof q {
  if (!Number.isFinite(q.lng) || !Number.isFinite(q.lat) || Math.abs(q.lng) > 180 || Math.abs(q.lat) > 90) return { error: "area.errors.centre" };
  if (!Number.isFinite(q.radiusM) || q.radiusM <= 0 || q.radiusM > MAX_AREA_RADIUS_M) return { error: "area.errors.radius" };
  if (!Number.isFinite(q.from) || !Number.isFinite(q.to) || q.from >= q.to) return { error: "area.errors.order" };
  if (q.to - q.from > MAX_AREA_RANGE_MS) return { error: "area.errors.range" };
  return { ...q, radiusM: Math.round(q.radiusM) };
}

/** What the map and the tree colour: alarm wins over the status; never-reported counts as offline. */
export type DisplayStatus = "running" | "stopped" | "offline" | "alarm";
export function displayStatus(v: Pick<VehicleLive, "status" | "alarm"> | undefined): DisplayStatus {
  if (!v) return "offline";
  if (v.alarm) return "alarm";
  return v.status === "running" || v.status === "stopped" ? v.status : "offline";
}
export const STATUS_COLOURS: Record<DisplayStatus, string> = { running: "#16a34a", stopped: "#2563eb", offline: "#94a3b8", alarm: "#dc2626" };

export type StatusFilter = "all" | "running" | "stopped" | "offline";
export function matchesStatus(status: VehicleStatus | undefined, filter: StatusFilter): boolean {
  if (filter === "all") return true;
  if (filter === "offline") return status === undefined || status === "offline" || status === "never";
  return status === filter;
}

/** Search by plate, terminal number or self number (case-insensitive, anywhere in the text). */
export function matchesSearch(v: MonitorVehicle, needle: string): boolean {
  if (!needle) return true;
  const n = needle.toLowerCase();
  return v[1].toLowerCase().includes(n) || v[2].toLowerCase().includes(n) || (v[3] ?? "").toLowerCase().includes(n);
}

/** Midnight of the day `now` falls in, in the tenant's zone (whatever the browser's zone). */
export const startOfTenantDay = (now: number, timeZone: string = DEFAULT_TIME_ZONE) => dayStartMs(dayOf(now, timeZone), timeZone)!;

/** Spec §9 online buckets from the last time heard: within 1 minute, same day, within 7 days, over 7 days. */
export type OnlineBucket = "minute" | "today" | "week" | "over7" | "never";
export function onlineBucket(seen: number | null, now: number, startOfToday: number): OnlineBucket {
  if (seen === null) return "never";
  if (now - seen <= 60_000) return "minute";
  if (seen >= startOfToday) return "today";
  if (now - seen <= 7 * 86_400_000) return "week";
  return "over7";
}

/**
 * The tree's vehicles as the hub knows them: before its first snapshot, those the page loaded; after it, the hub's
 * (the same data scope), so vehicles registered since the page loaded join the tree and removed ones leave it, as the
 * counts do. Loaded vehicles keep their order; newcomers follow by plate.
 */
export function liveTreeVehicles(loaded: MonitorVehicle[], live: ReadonlyMap<number, Pick<VehicleLive, "id" | "plate" | "terminalNo" | "selfNo" | "orgId" | "modelId">> | null): MonitorVehicle[] {
  if (!live) return loaded;
  const known = new Set<number>();
  const out: MonitorVehicle[] = [];
  for (const v of loaded) {
    const now = live.get(v[0]);
    if (!now) continue;
    known.add(v[0]);
    // an organisation or plate changed since the page loaded
    out.push(now.orgId === v[4] && (now.plate || v[1]) === v[1] ? v : [v[0], now.plate || v[1], now.terminalNo || v[2], now.selfNo ?? v[3], now.orgId, now.modelId ?? v[5]]);
  }
  const added: MonitorVehicle[] = [];
  for (const v of live.values()) if (!known.has(v.id)) added.push([v.id, v.plate || `#${v.id}`, v.terminalNo, v.selfNo, v.orgId, v.modelId]);
  added.sort((a, b) => a[1].localeCompare(b[1]));
  return added.length || out.length !== loaded.length ? [...out, ...added] : loaded;
}

export type TreeRow = { kind: "org"; id: number; name: string; depth: number; count: number; open: boolean } | { kind: "vehicle"; id: number; depth: number; vehicle: MonitorVehicle };

/** id of the group that holds vehicles without a (visible) organisation */
export const NO_ORG = 0;

/**
 * The tree's visible rows, flattened for a virtual list: organisations in their order, each followed by its
 * matching vehicles and sub-organisations; organisations without a match are left out; collapsed ones show only
 * their own row. `count` is the number of matching vehicles in the subtree.
 */
export function treeRows(orgs: MonitorOrg[], vehicles: MonitorVehicle[], keep: (v: MonitorVehicle) => boolean, collapsed: ReadonlySet<number>): TreeRow[] {
  const known = new Set(orgs.map((o) => o.id));
  const children = new Map<number | null, MonitorOrg[]>();
  for (const o of orgs) {
    const parent = o.parentId !== null && known.has(o.parentId) ? o.parentId : null;
    (children.get(parent) ?? children.set(parent, []).get(parent)!).push(o);
  }
  const byOrg = new Map<number, MonitorVehicle[]>();
  for (const v of vehicles) {
    if (!keep(v)) continue;
    const org = v[4] !== null && known.has(v[4]) ? v[4] : NO_ORG;
    (byOrg.get(org) ?? byOrg.set(org, []).get(org)!).push(v);
  }
  const counts = new Map<number, number>();
  const countOf = (id: number): number => {
    let n = byOrg.get(id)?.length ?? 0;
    for (const c of children.get(id) ?? []) n += countOf(c.id);
    counts.set(id, n);
    return n;
  };
  for (const o of children.get(null) ?? []) countOf(o.id);
  const rows: TreeRow[] = [];
  const walk = (o: MonitorOrg, depth: number) => {
    const count = counts.get(o.id) ?? 0;
    if (!count) return;
    const open = !collapsed.has(o.id);
    rows.push({ kind: "org", id: o.id, name: o.name, depth, count, open });
    if (!open) return;
    for (const v of byOrg.get(o.id) ?? []) rows.push({ kind: "vehicle", id: v[0], depth: depth + 1, vehicle: v });
    for (const c of children.get(o.id) ?? []) walk(c, depth + 1);
  };
  for (const o of children.get(null) ?? []) walk(o, 0);
  const loose = byOrg.get(NO_ORG) ?? [];
  if (loose.length) {
    const open = !collapsed.has(NO_ORG);
    rows.push({ kind: "org", id: NO_ORG, name: "", depth: 0, count: loose.length, open });
    if (open) for (const v of loose) rows.push({ kind: "vehicle", id: v[0], depth: 1, vehicle: v });
  }
  return rows;
}
