import { defineView, INDEX_COLUMN, type OptionDef } from "~/lib/list/types";
import { ENERGY_TYPES } from "./vehicles.resource";

/**
 * The model icons are names from a fixed vocabulary (shape × state), not uploaded files: the map draws
 * `/sysimage/carmodelicon/<name>` shapes in the state's colour, so every tenant's icons stay small, cacheable and
 * legible on a slow link. See docs/vehicles.md.
 */
export const ICON_SHAPES: { value: string; zh: string; en: string }[] = [
  { value: "truck-crane", zh: "汽车吊", en: "Truck crane" },
  { value: "crawler-crane", zh: "履带吊", en: "Crawler crane" },
  { value: "tower-crane", zh: "塔吊", en: "Tower crane" },
  { value: "mixer", zh: "搅拌车", en: "Mixer truck" },
  { value: "pump", zh: "泵车", en: "Pump truck" },
  { value: "truck", zh: "货车", en: "Truck" },
  { value: "car", zh: "乘用车", en: "Car" },
  { value: "other", zh: "其他", en: "Other" },
];
const STATE_WORDS = { running: { zh: "行驶", en: "running" }, stopped: { zh: "停止", en: "stopped" }, offline: { zh: "离线", en: "offline" } } as const;
export type IconState = keyof typeof STATE_WORDS;
export const iconOptions = (state: IconState): OptionDef[] =>
  ICON_SHAPES.map((s) => ({ value: `${s.value}-${state}`, label: { zh: `${s.zh}（${STATE_WORDS[state].zh}）`, en: `${s.en} (${STATE_WORDS[state].en})` } }));

/** /deviceList/models: vehicle models (spec §3 vehicle model) with their three map icons. */
export const vehicleModelView = defineView({
  name: "vehicleModel",
  path: "/deviceList/models",
  screen: "/deviceList",
  permission: "deviceList",
  title: { zh: "车型管理", en: "Vehicle models" },
  singular: { zh: "车型", en: "vehicle model" },
  rowLabel: "name",
  columns: [
    INDEX_COLUMN,
    { key: "name", label: { zh: "车型名称", en: "Model name" }, sortable: true, fixed: true },
    { key: "length", label: { zh: "长(m)", en: "Length (m)" }, type: "number" },
    { key: "width", label: { zh: "宽(m)", en: "Width (m)" }, type: "number" },
    { key: "height", label: { zh: "高(m)", en: "Height (m)" }, type: "number" },
    { key: "volume", label: { zh: "方量(m³)", en: "Volume (m³)" }, type: "number" },
    { key: "fuelAlarm", label: { zh: "高油耗报警值(L/100km)", en: "High-fuel alarm (L/100 km)" }, type: "number" },
    { key: "idleCoefficient", label: { zh: "怠速系数(L/h)", en: "Idle coefficient (L/h)" }, type: "number" },
    { key: "energyType", label: { zh: "能源类型", en: "Energy type" }, type: "status", options: ENERGY_TYPES },
    { key: "vehicleCount", label: { zh: "车辆数", en: "Vehicles" }, type: "number" },
    { key: "createdAt", label: { zh: "创建时间", en: "Created" }, type: "datetime", sortable: true },
  ],
  filters: [{ key: "q", label: { zh: "车型名称/公告号", en: "Model name or announcement no." }, type: "text", simple: true }],
  form: [
    { key: "name", label: { zh: "车型名称", en: "Model name" }, type: "text", required: true, maxLength: 30 },
    { key: "energyType", label: { zh: "能源类型", en: "Energy type" }, type: "select", options: ENERGY_TYPES },
    { key: "length", label: { zh: "长(m)", en: "Length (m)" }, type: "number" },
    { key: "width", label: { zh: "宽(m)", en: "Width (m)" }, type: "number" },
    { key: "height", label: { zh: "高(m)", en: "Height (m)" }, type: "number" },
    { key: "volume", label: { zh: "方量(m³)", en: "Volume (m³)" }, type: "number" },
    { key: "fuelAlarm", label: { zh: "高油耗报警值(L/100km)", en: "High-fuel alarm (L/100 km)" }, type: "number" },
    { key: "idleCoefficient", label: { zh: "怠速系数(L/h)", en: "Idle coefficient (L/h)" }, type: "number" },
    { key: "announcementNo", label: { zh: "公告号", en: "Announcement no." }, type: "text", maxLength: 30 },
    { key: "announcementBatch", label: { zh: "公告批次", en: "Announcement batch" }, type: "text", maxLength: 30 },
    { key: "iconRunning", label: { zh: "行驶图标", en: "Running icon" }, type: "select", required: true, options: iconOptions("running"), defaultValue: "truck-crane-running" },
    { key: "iconStopped", label: { zh: "停止图标", en: "Stopped icon" }, type: "select", required: true, options: iconOptions("stopped"), defaultValue: "truck-crane-stopped" },
    { key: "iconOffline", label: { zh: "离线图标", en: "Offline icon" }, type: "select", required: true, options: iconOptions("offline"), defaultValue: "truck-crane-offline" },
  ],
});

export const OWNER_TYPES: OptionDef[] = [
  { value: "personal", label: { zh: "个人", en: "Personal" } },
  { value: "enterprise", label: { zh: "企业", en: "Enterprise" } },
];

/** /deviceList/owners: the owner archive (spec §3 owner). */
export const ownerView = defineView({
  name: "vehicleOwner",
  path: "/deviceList/owners",
  screen: "/deviceList",
  permission: "deviceList",
  title: { zh: "车主档案", en: "Owners" },
  singular: { zh: "车主", en: "owner" },
  rowLabel: "name",
  columns: [
    INDEX_COLUMN,
    { key: "name", label: { zh: "车主名称", en: "Owner name" }, sortable: true, fixed: true },
    { key: "ownerType", label: { zh: "车主类型", en: "Owner type" }, type: "status", options: OWNER_TYPES },
    { key: "idNumber", label: { zh: "证件号码", en: "ID number" } },
    { key: "phone", label: { zh: "联系电话", en: "Phone" } },
    { key: "authorizedUserName", label: { zh: "授权用户", en: "Authorized user" } },
    { key: "vehicleCount", label: { zh: "名下车辆", en: "Owned vehicles" }, type: "number" },
    { key: "createdAt", label: { zh: "创建时间", en: "Created" }, type: "datetime", sortable: true },
  ],
  filters: [
    { key: "q", label: { zh: "车主名称/证件号码/电话", en: "Name, ID number or phone" }, type: "text", simple: true },
    { key: "ownerType", label: { zh: "车主类型", en: "Owner type" }, type: "select", options: OWNER_TYPES, simple: true },
  ],
  form: [
    { key: "name", label: { zh: "车主名称", en: "Owner name" }, type: "text", required: true, maxLength: 30 },
    { key: "ownerType", label: { zh: "车主类型", en: "Owner type" }, type: "select", required: true, options: OWNER_TYPES, defaultValue: "personal" },
    { key: "idNumber", label: { zh: "证件号码", en: "ID number" }, type: "text", maxLength: 18, hint: { zh: "身份证号或统一社会信用代码（18位）", en: "ID card number or unified social credit code (18 characters)" } },
    { key: "phone", label: { zh: "联系电话", en: "Phone" }, type: "tel", maxLength: 13 },
    { key: "authorizedUserId", label: { zh: "授权用户", en: "Authorized user" }, type: "select" },
  ],
});

/** /deviceList/drivers: the driver archive (spec §3 driver). */
export const driverView = defineView({
  name: "driver",
  path: "/deviceList/drivers",
  screen: "/deviceList",
  permission: "deviceList",
  title: { zh: "司机档案", en: "Drivers" },
  singular: { zh: "司机", en: "driver" },
  rowLabel: "name",
  columns: [
    INDEX_COLUMN,
    { key: "name", label: { zh: "司机姓名", en: "Driver name" }, sortable: true, fixed: true },
    { key: "phone", label: { zh: "联系电话", en: "Phone" } },
    { key: "plate", label: { zh: "所驾车辆", en: "Vehicle" } },
    { key: "createdAt", label: { zh: "创建时间", en: "Created" }, type: "datetime", sortable: true },
  ],
  filters: [{ key: "q", label: { zh: "司机姓名/电话/车牌号", en: "Name, phone or plate" }, type: "text", simple: true }],
  form: [
    { key: "name", label: { zh: "司机姓名", en: "Driver name" }, type: "text", required: true, maxLength: 20 },
    { key: "phone", label: { zh: "联系电话", en: "Phone" }, type: "tel", maxLength: 13 },
    { key: "vehicleId", label: { zh: "所驾车辆", en: "Vehicle" }, type: "select" },
  ],
});
