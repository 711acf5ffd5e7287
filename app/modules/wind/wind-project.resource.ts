/**
 * 风电管理 (`/windManage`): a wind-farm lifting project (风电项目): where and for whom, its cranes with the wind each may
 * lift in, its turbine positions (机位) and the stage each has reached, and the stop-work log (停工记录) the site keeps.
 * The view, the form with its three lines tables and the states (client-safe); the server half is
 * wind-project.server.ts. A document of the house (docs/documents.md). The wall screens /windScreen and
 * /windScreenOwner show what is declared here next to the cranes' live wind readings (docs/big-screens.md).
 */
import { defineFields, defineView, INDEX_COLUMN, type OptionDef } from "~/lib/list/types";
import { defineMachine } from "~/modules/workflow/machine";

/** The states as wind_projects.state stores them (spec §4, Project: in progress / ended). */
export const WIND_STATE = { active: 0, ended: 1 } as const;

export const WIND_STATES: OptionDef[] = [
  { value: String(WIND_STATE.active), label: { zh: "进行中", en: "In progress" }, tone: "success" },
  { value: String(WIND_STATE.ended), label: { zh: "已结束", en: "Ended" }, tone: "muted" },
];

/**
 * A turbine position's installation stages, in order: each lift of a wind turbine needs the one before it (the
 * foundation cured, the tower sections stacked, the nacelle on top, the rotor fitted). The stage's value is its rank.
 */
export const TURBINE_STAGES: OptionDef[] = [
  { value: "0", label: { zh: "未开始", en: "Not started" }, tone: "muted" },
  { value: "1", label: { zh: "基础完成", en: "Foundation ready" } },
  { value: "2", label: { zh: "塔筒吊装", en: "Tower sections" } },
  { value: "3", label: { zh: "机舱吊装", en: "Nacelle" } },
  { value: "4", label: { zh: "叶轮吊装", en: "Rotor" } },
  { value: "5", label: { zh: "吊装完成", en: "Erected" }, tone: "success" },
];
/** the last stage: the turbine stands */
export const TURBINE_DONE = TURBINE_STAGES.length - 1;

/** What each crane does on a wind site: the main crane lifts, the tailing crane keeps a long piece off the ground. */
export const CRANE_ROLES: OptionDef[] = [
  { value: "main", label: { zh: "主吊", en: "Main crane" } },
  { value: "assist", label: { zh: "辅吊", en: "Assist crane" } },
  { value: "tail", label: { zh: "溜尾吊", en: "Tailing crane" } },
];

export const STOP_REASONS: OptionDef[] = [
  { value: "wind", label: { zh: "大风", en: "High wind" } },
  { value: "rain", label: { zh: "雨雪", en: "Rain or snow" } },
  { value: "lightning", label: { zh: "雷暴", en: "Thunderstorm" } },
  { value: "fog", label: { zh: "大雾", en: "Fog" } },
  { value: "machine", label: { zh: "设备故障", en: "Machine fault" } },
  { value: "other", label: { zh: "其他", en: "Other" } },
];

export const WIND_EDIT_CODE = "windManage:edit";

/** What the transitions read of a project. */
export interface WindProjectStateRow {
  id: number;
  version: number;
  state: number;
  number: string;
}

/** 结束项目 (the lifting is over; the project is kept read-only) and 重新开启. */
export const windProjectStates = defineMachine<WindProjectStateRow>({
  kind: "windProject",
  stateOf: (r) => r.state,
  transitions: [
    { name: "end", from: [WIND_STATE.active], to: WIND_STATE.ended, permission: WIND_EDIT_CODE, label: "wind:end", confirm: "wind:endConfirm", notFrom: "wind:notActive" },
    { name: "reopen", from: [WIND_STATE.ended], to: WIND_STATE.active, permission: WIND_EDIT_CODE, label: "wind:reopen", confirm: "wind:reopenConfirm", notFrom: "wind:notEnded" },
  ],
});

/** The project's form: its head, its cranes, its turbine positions, its stop-work log and its files. */
export const windProjectForm = defineFields([
  { key: "name", label: { zh: "项目名称", en: "Project" }, type: "text", required: true, maxLength: 50 },
  { key: "ownerId", label: { zh: "业主", en: "Owner" }, type: "reference" },
  { key: "orgId", label: { zh: "所属组织", en: "Organisation" }, type: "reference" },
  { key: "site", label: { zh: "风场地址", en: "Wind farm address" }, type: "text", required: true, maxLength: 100 },
  { key: "turbineModel", label: { zh: "风机型号", en: "Turbine model" }, type: "text", maxLength: 50 },
  { key: "capacityMw", label: { zh: "单机容量(MW)", en: "Unit capacity (MW)" }, type: "quantity", decimals: 2, maxValue: 50 },
  { key: "startOn", label: { zh: "开工日期", en: "Start" }, type: "date", required: true },
  { key: "plannedEndOn", label: { zh: "计划完工日期", en: "Planned finish" }, type: "date" },
  {
    key: "windLimit",
    label: { zh: "吊装风速限值(m/s)", en: "Lifting wind limit (m/s)" },
    type: "quantity",
    decimals: 1,
    maxValue: 30,
    hint: { zh: "设备未设限值时使用；留空则用告警规则的大风阈值", en: "For cranes without their own limit; empty: the alarm rules' wind threshold" },
  },
  { key: "remark", label: { zh: "备注", en: "Remark" }, type: "textarea", maxLength: 200 },
  {
    key: "cranes",
    label: { zh: "吊装设备", en: "Cranes" },
    type: "lines",
    lines: {
      maxRows: 30,
      // a crane is listed once per project
      unique: ["vehicleId"],
      addLabel: { zh: "添加设备", en: "Add a crane" },
      fields: [
        { key: "vehicleId", label: { zh: "设备", en: "Crane" }, type: "reference", required: true, width: "w-64" },
        { key: "role", label: { zh: "用途", en: "Role" }, type: "select", options: CRANE_ROLES, width: "w-32" },
        { key: "windLimit", label: { zh: "风速限值(m/s)", en: "Wind limit (m/s)" }, type: "quantity", decimals: 1, maxValue: 30, width: "w-32" },
        { key: "remark", label: { zh: "备注", en: "Remark" }, type: "text", maxLength: 100 },
      ],
    },
  },
  {
    key: "positions",
    label: { zh: "机位", en: "Turbine positions" },
    type: "lines",
    lines: {
      maxRows: 200,
      unique: ["positionNo"],
      addLabel: { zh: "添加机位", en: "Add a position" },
      newRow: { stage: "0" },
      fields: [
        { key: "positionNo", label: { zh: "机位号", en: "Position" }, type: "text", required: true, maxLength: 20, width: "w-28" },
        { key: "hubHeight", label: { zh: "轮毂高度(m)", en: "Hub height (m)" }, type: "quantity", decimals: 1, maxValue: 300, width: "w-32" },
        { key: "stage", label: { zh: "吊装进度", en: "Stage" }, type: "select", options: TURBINE_STAGES, required: true, width: "w-36" },
        { key: "doneOn", label: { zh: "完成日期", en: "Erected on" }, type: "date", width: "w-40" },
        { key: "remark", label: { zh: "备注", en: "Remark" }, type: "text", maxLength: 100 },
      ],
    },
  },
  {
    key: "stops",
    label: { zh: "停工记录", en: "Stop-work log" },
    type: "lines",
    lines: {
      maxRows: 500,
      addLabel: { zh: "添加停工记录", en: "Add a stop" },
      newRow: { reason: "wind" },
      fields: [
        { key: "stopOn", label: { zh: "日期", en: "Day" }, type: "date", required: true, width: "w-40" },
        { key: "fromTime", label: { zh: "开始", en: "From" }, type: "time", required: true, width: "w-28" },
        { key: "toTime", label: { zh: "结束", en: "To" }, type: "time", width: "w-28" },
        { key: "reason", label: { zh: "原因", en: "Reason" }, type: "select", options: STOP_REASONS, required: true, width: "w-32" },
        { key: "windSpeed", label: { zh: "实测风速(m/s)", en: "Wind measured (m/s)" }, type: "quantity", decimals: 1, maxValue: 80, width: "w-32" },
        { key: "remark", label: { zh: "备注", en: "Remark" }, type: "text", maxLength: 100 },
      ],
    },
  },
  { key: "attachments", label: { zh: "附件", en: "Attachments" }, type: "files", limit: 10 },
]);

export const windProjectView = defineView({
  name: "windManage",
  path: "/windManage",
  permission: "windManage",
  title: { zh: "风电管理", en: "Wind Power Management" },
  singular: { zh: "风电项目", en: "wind project" },
  rowLabel: "name",
  document: true,
  columns: [
    INDEX_COLUMN,
    { key: "number", label: { zh: "项目编号", en: "Project no." }, sortable: true, fixed: true },
    { key: "name", label: { zh: "项目名称", en: "Project" }, sortable: true },
    { key: "state", label: { zh: "状态", en: "State" }, type: "status", options: WIND_STATES, sortable: true },
    { key: "ownerName", label: { zh: "业主", en: "Owner" } },
    { key: "site", label: { zh: "风场地址", en: "Wind farm" } },
    { key: "positions", label: { zh: "机位数", en: "Positions" }, type: "number" },
    { key: "erected", label: { zh: "已完成", en: "Erected" }, type: "number" },
    { key: "progress", label: { zh: "吊装进度", en: "Progress" } },
    { key: "cranes", label: { zh: "设备", en: "Cranes" } },
    { key: "stopHours", label: { zh: "停工小时", en: "Hours stopped" }, type: "number" },
    { key: "startOn", label: { zh: "开工日期", en: "Start" }, sortable: true },
    { key: "orgName", label: { zh: "所属组织", en: "Organisation" } },
    { key: "createdAt", label: { zh: "创建时间", en: "Created" }, type: "datetime", sortable: true },
  ],
  filters: [
    { key: "q", label: { zh: "编号/名称/风场/设备", en: "No., name, site or crane" }, type: "text", simple: true },
    { key: "state", label: { zh: "状态", en: "State" }, type: "select", options: WIND_STATES, simple: true },
  ],
  form: windProjectForm,
});
