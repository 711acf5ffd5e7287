/**
 * 塔吊档案 (`/towerDocument`): a tower crane's file: its registration (备案) and the units answerable for it, and its
 * record through the stages a tower crane goes through on a site: registration, installation notice, installation,
 * inspection and acceptance, jacking (as often as it climbs), dismantling; each record with its day, its document's
 * number, the height reached and who did it. One file a tower. The view and the form (client-safe); the server half is
 * tower-doc.server.ts. A document of the house (docs/documents.md); the tower screen shows each tower's stage.
 */
import { defineFields, defineView, INDEX_COLUMN, type OptionDef } from "~/lib/list/types";

/**
 * The stages in the order a tower goes through them (the value is the rank). Jacking repeats; the others happen once a
 * file. A tower's stage is that of its latest record.
 */
export const TOWER_STAGE = { registered: 1, notified: 2, installed: 3, accepted: 4, jacked: 5, dismantled: 6 } as const;
export const TOWER_STAGES: OptionDef[] = [
  { value: "1", label: { zh: "备案登记", en: "Registered" } },
  { value: "2", label: { zh: "安装告知", en: "Installation notified" } },
  { value: "3", label: { zh: "安装完成", en: "Installed" } },
  { value: "4", label: { zh: "检测验收", en: "Inspected and accepted" }, tone: "success" },
  { value: "5", label: { zh: "顶升加节", en: "Jacked" }, tone: "success" },
  { value: "6", label: { zh: "已拆卸", en: "Dismantled" }, tone: "muted" },
];
/** the stages a tower is in use from (inspected, then jacked as it climbs) */
export const IN_USE_STAGES: readonly number[] = [TOWER_STAGE.accepted, TOWER_STAGE.jacked];

export const towerDocForm = defineFields([
  { key: "vehicleId", label: { zh: "塔吊", en: "Tower crane" }, type: "reference", required: true },
  { key: "recordNo", label: { zh: "备案编号", en: "Registration no." }, type: "text", maxLength: 50 },
  { key: "site", label: { zh: "工程名称/安装地点", en: "Project or site" }, type: "text", required: true, maxLength: 100 },
  { key: "ownerUnit", label: { zh: "产权单位", en: "Owner" }, type: "text", maxLength: 50 },
  { key: "installUnit", label: { zh: "安装单位", en: "Installer" }, type: "text", maxLength: 50 },
  { key: "useUnit", label: { zh: "使用单位", en: "User" }, type: "text", maxLength: 50 },
  { key: "armLength", label: { zh: "臂长(m)", en: "Jib length (m)" }, type: "quantity", decimals: 1, maxValue: 150 },
  { key: "maxLoad", label: { zh: "最大起重量(t)", en: "Maximum load (t)" }, type: "quantity", decimals: 1, maxValue: 100 },
  { key: "remark", label: { zh: "备注", en: "Remark" }, type: "textarea", maxLength: 200 },
  {
    key: "records",
    label: { zh: "档案记录", en: "Records" },
    type: "lines",
    lines: {
      minRows: 1,
      maxRows: 100,
      addLabel: { zh: "添加记录", en: "Add a record" },
      fields: [
        { key: "stage", label: { zh: "阶段", en: "Stage" }, type: "select", options: TOWER_STAGES, required: true, width: "w-52" },
        { key: "doneOn", label: { zh: "日期", en: "Day" }, type: "date", required: true, width: "w-40" },
        { key: "docNo", label: { zh: "文书编号", en: "Document no." }, type: "text", maxLength: 50, width: "w-40" },
        { key: "height", label: { zh: "高度(m)", en: "Height (m)" }, type: "quantity", decimals: 1, maxValue: 400, width: "w-28" },
        { key: "sections", label: { zh: "标准节数", en: "Mast sections" }, type: "number", maxValue: 200, width: "w-24" },
        { key: "agency", label: { zh: "办理/检测单位", en: "Agency or inspector" }, type: "text", maxLength: 50 },
        { key: "remark", label: { zh: "备注", en: "Remark" }, type: "text", maxLength: 100 },
      ],
    },
  },
  { key: "attachments", label: { zh: "附件", en: "Attachments" }, type: "files", limit: 20 },
]);

export const towerDocView = defineView({
  name: "towerDocument",
  path: "/towerDocument",
  permission: "towerDocument",
  title: { zh: "塔吊档案", en: "Tower Crane Records" },
  singular: { zh: "塔吊档案", en: "tower crane record" },
  rowLabel: "number",
  document: true,
  columns: [
    INDEX_COLUMN,
    { key: "number", label: { zh: "档案编号", en: "File no." }, sortable: true, fixed: true },
    { key: "tower", label: { zh: "塔吊", en: "Tower crane" } },
    { key: "stage", label: { zh: "当前阶段", en: "Stage" }, type: "status", options: TOWER_STAGES },
    { key: "stageOn", label: { zh: "阶段日期", en: "Since" } },
    { key: "height", label: { zh: "高度(m)", en: "Height (m)" }, type: "number" },
    { key: "jackings", label: { zh: "顶升次数", en: "Jackings" }, type: "number" },
    { key: "recordNo", label: { zh: "备案编号", en: "Registration no." } },
    { key: "site", label: { zh: "工程名称/安装地点", en: "Project or site" } },
    { key: "useUnit", label: { zh: "使用单位", en: "User" } },
    { key: "createdAt", label: { zh: "建档时间", en: "Created" }, type: "datetime", sortable: true },
  ],
  filters: [
    { key: "q", label: { zh: "编号/塔吊/地点/备案编号", en: "No., tower, site or registration" }, type: "text", simple: true },
    { key: "stage", label: { zh: "当前阶段", en: "Stage" }, type: "select", options: TOWER_STAGES, simple: true },
  ],
  form: towerDocForm,
});
