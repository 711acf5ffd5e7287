import type { ResourceView } from "~/modules/resource/types";

export const SCREEN = "/fenceManage";
export const FENCE_TYPES = ["site", "mixing", "custom", "admin"] as const;
export type FenceType = (typeof FENCE_TYPES)[number];
type LngLat = [number, number];

/** A fence as the screen receives it (vehicleIds: the bound vehicles this user may see). */
export interface FenceRow {
  id: number;
  version: number;
  name: string;
  fenceType: FenceType;
  shape: "polygon" | "circle" | "rectangle";
  coordinates: LngLat[];
  radius: number | null;
  alarmIn: number;
  alarmOut: number;
  speedLimit: number | null;
  period1Start: string | null;
  period1End: string | null;
  period2Start: string | null;
  period2End: string | null;
  dwellSeconds: number;
  level: number;
  state: number;
  boundCount: number;
  vehicleIds: number[];
}

export interface LineRow {
  id: number;
  version: number;
  name: string;
  startName: string;
  endName: string;
  path: LngLat[];
  bufferMeters: number;
  offRouteAlarm: number;
  dwellSeconds: number;
  level: number;
  state: number;
  boundCount: number;
  vehicleIds: number[];
}

const STATES = [
  { value: "1", label: { zh: "启用", en: "Enabled" }, tone: "success" as const },
  { value: "0", label: { zh: "停用", en: "Stopped" }, tone: "danger" as const },
];

/** Fences (spec §3): name, type, in/out alarm, bound vehicle count, two effective periods. */
export const fenceView: ResourceView = {
  name: "fence",
  path: SCREEN,
  permission: "fenceManage",
  title: { zh: "围栏", en: "Fences" },
  singular: { zh: "围栏", en: "fence" },
  rowLabel: "name",
  columns: [
    { key: "name", label: { zh: "名称", en: "Name" }, fixed: true },
    { key: "fenceType", label: { zh: "围栏类型", en: "Fence type" } },
    { key: "state", label: { zh: "状态", en: "State" }, type: "status", options: STATES },
  ],
  filters: [{ key: "q", label: { zh: "名称", en: "Name" }, type: "text", simple: true }],
  form: [],
};

/** Lines (spec §3): name, start, end, off-route alarm, state. */
export const lineView: ResourceView = {
  ...fenceView,
  name: "line",
  title: { zh: "线路", en: "Routes" },
  singular: { zh: "线路", en: "route" },
  columns: [
    { key: "name", label: { zh: "名称", en: "Name" }, fixed: true },
    { key: "startName", label: { zh: "起点", en: "Start" } },
    { key: "endName", label: { zh: "终点", en: "End" } },
    { key: "state", label: { zh: "状态", en: "State" }, type: "status", options: STATES },
  ],
};
