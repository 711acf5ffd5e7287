import { ALARM_LEVELS } from "~/lib/alarm-levels";
import { defineView, INDEX_COLUMN, type OptionDef } from "~/lib/list/types";

const YES_NO: OptionDef[] = [
  { value: "1", label: { zh: "显示", en: "Shown" }, tone: "success" },
  { value: "0", label: { zh: "不显示", en: "Hidden" }, tone: "muted" },
];
export const HANDLE_MODES: OptionDef[] = [
  { value: "manual", label: { zh: "手动处理", en: "Handled by hand" } },
  { value: "auto", label: { zh: "自动处理", en: "Handled automatically" } },
];
const IN_USE: OptionDef[] = [
  { value: "1", label: { zh: "启用", en: "In use" }, tone: "success" },
  { value: "0", label: { zh: "停用", en: "Closed" }, tone: "danger" },
];

const name = (zh: string, en: string) => ({ key: "name" as const, label: { zh, en }, type: "text" as const, required: true, maxLength: 30 });
const created = { key: "createdAt" as const, label: { zh: "创建时间", en: "Created" }, type: "datetime" as const, sortable: true };
const phone = { key: "phone" as const, label: { zh: "联系电话", en: "Phone" }, type: "tel" as const, maxLength: 13, hint: { zh: "手机号或 区号-号码", en: "Mobile, or area code-number" } };
const remark = { key: "remark" as const, label: { zh: "备注", en: "Remark" }, type: "textarea" as const, maxLength: 50 };

/** /alarmMgr 告警设置 (spec §3 alarm setting). */
export const alarmSettingView = defineView({
  name: "alarmSetting",
  path: "/alarmMgr",
  permission: "alarmMgr",
  title: { zh: "告警设置", en: "Alarm Settings" },
  singular: { zh: "告警", en: "alarm" },
  rowLabel: "name",
  columns: [
    INDEX_COLUMN,
    { key: "name", label: { zh: "告警名称", en: "Alarm" }, sortable: true, fixed: true },
    { key: "level", label: { zh: "告警级别", en: "Level" }, type: "status", options: ALARM_LEVELS, sortable: true },
    { key: "shown", label: { zh: "是否显示", en: "Shown" }, type: "status", options: YES_NO },
    { key: "handleMode", label: { zh: "处理方式", en: "Handling" }, type: "status", options: HANDLE_MODES },
    { key: "measure", label: { zh: "建议措施", en: "Suggested measure" } },
    created,
  ],
  filters: [
    { key: "q", label: { zh: "告警名称", en: "Alarm" }, type: "text", simple: true },
    { key: "level", label: { zh: "告警级别", en: "Level" }, type: "select", options: ALARM_LEVELS, simple: true },
    { key: "handleMode", label: { zh: "处理方式", en: "Handling" }, type: "select", options: HANDLE_MODES },
  ],
  form: [
    name("告警名称", "Alarm"),
    { key: "level", label: { zh: "告警级别", en: "Level" }, type: "select", required: true, options: ALARM_LEVELS, defaultValue: "2" },
    { key: "shown", label: { zh: "是否显示", en: "Shown" }, type: "select", required: true, options: YES_NO, defaultValue: "1" },
    { key: "handleMode", label: { zh: "处理方式", en: "Handling" }, type: "select", required: true, options: HANDLE_MODES, defaultValue: "manual" },
    { key: "measure", label: { zh: "建议措施", en: "Suggested measure" }, type: "textarea", maxLength: 200 },
  ],
});

/** /buildCompany 建设单位. */
export const buildCompanyView = defineView({
  name: "buildCompany",
  path: "/buildCompany",
  permission: "buildCompany",
  title: { zh: "建设单位", en: "Developer Companies" },
  singular: { zh: "建设单位", en: "developer company" },
  rowLabel: "name",
  columns: [
    INDEX_COLUMN,
    { key: "name", label: { zh: "单位名称", en: "Company" }, sortable: true, fixed: true },
    { key: "contact", label: { zh: "联系人", en: "Contact" } },
    { key: "phone", label: { zh: "联系电话", en: "Phone" } },
    { key: "address", label: { zh: "地址", en: "Address" } },
    { key: "remark", label: { zh: "备注", en: "Remark" } },
    created,
  ],
  filters: [{ key: "q", label: { zh: "单位名称/联系人", en: "Company or contact" }, type: "text", simple: true }],
  form: [
    name("单位名称", "Company"),
    { key: "contact", label: { zh: "联系人", en: "Contact" }, type: "text", maxLength: 10 },
    phone,
    { key: "address", label: { zh: "地址", en: "Address" }, type: "text", maxLength: 50 },
    remark,
  ],
});

/** /equipmentDepository 设备仓库. */
export const depositoryView = defineView({
  name: "depository",
  path: "/equipmentDepository",
  permission: "equipmentDepository",
  title: { zh: "设备仓库", en: "Equipment Depots" },
  singular: { zh: "仓库", en: "depot" },
  rowLabel: "name",
  columns: [
    INDEX_COLUMN,
    { key: "name", label: { zh: "仓库名称", en: "Depot" }, sortable: true, fixed: true },
    { key: "address", label: { zh: "地址", en: "Address" } },
    { key: "manager", label: { zh: "负责人", en: "Manager" } },
    { key: "phone", label: { zh: "联系电话", en: "Phone" } },
    { key: "state", label: { zh: "状态", en: "State" }, type: "status", options: IN_USE, sortable: true },
    created,
  ],
  filters: [
    { key: "q", label: { zh: "仓库名称/地址", en: "Depot or address" }, type: "text", simple: true },
    { key: "state", label: { zh: "状态", en: "State" }, type: "select", options: IN_USE, simple: true },
  ],
  form: [
    name("仓库名称", "Depot"),
    { key: "address", label: { zh: "地址", en: "Address" }, type: "text", maxLength: 50 },
    { key: "manager", label: { zh: "负责人", en: "Manager" }, type: "text", maxLength: 10 },
    phone,
    { key: "state", label: { zh: "状态", en: "State" }, type: "select", required: true, options: IN_USE, defaultValue: "1" },
    remark,
  ],
});
