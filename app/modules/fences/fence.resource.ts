import { ENABLED_STOPPED, enablement } from "~/modules/workflow/enablement";
import { defineView } from "~/lib/list/types";
import type { FenceRow as HubFenceRow, LineRow as HubLineRow } from "../../../workers/fleet-hub/rules";

export const SCREEN = "/fenceManage";
export const FENCE_TYPES = ["site", "mixing", "custom", "admin"] as const;
export type FenceType = (typeof FENCE_TYPES)[number];

/**
 * A fence as the screen receives it: the row the hub compiles (workers/fleet-hub/rules.ts) with its type, state and
 * bindings (vehicleIds: the bound vehicles this user may see).
 */
export interface FenceRow extends Omit<HubFenceRow, "shape"> {
  fenceType: FenceType;
  shape: "polygon" | "circle" | "rectangle";
  state: number;
  boundCount: number;
  vehicleIds: number[];
}

/** A line as the screen receives it: the hub's row with its ends' names, state and bindings. */
export interface LineRow extends HubLineRow {
  startName: string;
  endName: string;
  state: number;
  boundCount: number;
  vehicleIds: number[];
}

const STATES = ENABLED_STOPPED;

/** Fences (spec §3): name, type, in/out alarm, bound vehicle count, two effective periods. */
export const fenceView = defineView({
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
});

/** Lines (spec §3): name, start, end, off-route alarm, state. */
export const lineView = defineView({
  name: "line",
  path: SCREEN,
  permission: "fenceManage",
  rowLabel: "name",
  filters: [{ key: "q", label: { zh: "名称", en: "Name" }, type: "text", simple: true }],
  form: [],
  title: { zh: "线路", en: "Routes" },
  singular: { zh: "线路", en: "route" },
  columns: [
    { key: "name", label: { zh: "名称", en: "Name" }, fixed: true },
    { key: "startName", label: { zh: "起点", en: "Start" } },
    { key: "endName", label: { zh: "终点", en: "End" } },
    { key: "state", label: { zh: "状态", en: "State" }, type: "status", options: STATES },
  ],
});

/**
 * 启用 / 停用 of fences and lines (spec §4 "Line and fence enabled/stopped"); audited as an update of the row, as
 * the screen's other changes are.
 */
const fenceOrLineStates = (kind: "fence" | "line") =>
  enablement<{ id: number; state: number }>({ kind, stateOf: (r) => r.state, permission: "fenceManage:edit", audit: { enable: "update", disable: "update" } });
export const fenceStates = fenceOrLineStates("fence");
export const lineStates = fenceOrLineStates("line");
