import { defineView, INDEX_COLUMN, type LocationKeys } from "~/lib/list/types";
import { ENABLED_STOPPED, enablement } from "~/modules/workflow/enablement";

/** Where a sign-in point keeps its place and range: WGS-84 longitude and latitude, the address, the range in metres. */
export const SIGN_POINT_LOCATION = { lng: "lng", lat: "lat", address: "address", signRange: "signRange" } as const satisfies LocationKeys;

/**
 * 签到管理 (`/signManagement`, Dispatch): the places operators and site staff sign in at (a site, a yard, a mixing
 * plant), each a point with a range on the sign-in map (spec §2: circle for the range, radius 100–2000 m, default
 * 100), the organisation it belongs to, the working hours sign-ins are expected in, and 启用 / 停用.
 */
export const signPointView = defineView({
  name: "signPoint",
  path: "/signManagement",
  permission: "signManagement",
  title: { zh: "签到管理", en: "Check-In Management" },
  singular: { zh: "签到点", en: "sign-in point" },
  rowLabel: "name",
  columns: [
    INDEX_COLUMN,
    { key: "name", label: { zh: "签到点名称", en: "Sign-in point" }, sortable: true, fixed: true },
    { key: "orgName", label: { zh: "所属组织", en: "Organisation" } },
    { key: "project", label: { zh: "所属项目", en: "Project" } },
    { key: "address", label: { zh: "签到地点", en: "Sign-in location" } },
    { key: "signRange", label: { zh: "签到范围(米)", en: "Range (m)" }, type: "number", sortable: true },
    { key: "hours", label: { zh: "签到时段", en: "Sign-in hours" } },
    { key: "state", label: { zh: "状态", en: "State" }, type: "status", options: ENABLED_STOPPED },
    { key: "creatorName", label: { zh: "创建人", en: "Created by" } },
    { key: "createdAt", label: { zh: "创建时间", en: "Created" }, type: "datetime", sortable: true },
  ],
  filters: [
    { key: "q", label: { zh: "签到点名称/地址/项目", en: "Name, address or project" }, type: "text", simple: true },
    { key: "orgId", label: { zh: "所属组织", en: "Organisation" }, type: "select" },
    { key: "state", label: { zh: "状态", en: "State" }, type: "select", options: ENABLED_STOPPED },
  ],
  form: [
    { key: "name", label: { zh: "签到点名称", en: "Sign-in point" }, type: "text", required: true, maxLength: 30 },
    { key: "orgId", label: { zh: "所属组织", en: "Organisation" }, type: "select", required: true },
    { key: "project", label: { zh: "所属项目", en: "Project" }, type: "text", maxLength: 50 },
    { key: "location", label: { zh: "签到地点", en: "Sign-in location" }, type: "location", required: true, keys: SIGN_POINT_LOCATION },
    { key: "workStart", label: { zh: "签到开始时间", en: "Sign-in from" }, type: "time", hint: { zh: "留空表示全天", en: "Empty: any time" } },
    { key: "workEnd", label: { zh: "签到结束时间", en: "Sign-in until" }, type: "time" },
    { key: "remark", label: { zh: "备注", en: "Remark" }, type: "textarea", maxLength: 100 },
  ],
});

/** 启用 / 停用 of a sign-in point: a stopped point takes no sign-ins. */
export const signPointStates = enablement<{ id: number; state: number }>({ kind: "signPoint", stateOf: (r) => r.state, permission: "signManagement:edit", audit: { enable: "update", disable: "update" } });
