import { defineView, INDEX_COLUMN, type OptionDef } from "~/lib/list/types";
import { enablement } from "~/modules/workflow/enablement";
import { VEHICLE_TYPES } from "./vehicle-types";

export const VEHICLE_STATES: OptionDef[] = [
  { value: "1", label: { zh: "启用", en: "Enabled" }, tone: "success" },
  { value: "0", label: { zh: "停用", en: "Stopped" }, tone: "danger" },
];
export const SALE_STATES: OptionDef[] = [
  { value: "0", label: { zh: "未售", en: "Unsold" }, tone: "muted" },
  { value: "1", label: { zh: "已售", en: "Sold" }, tone: "success" },
];
export const INSTALL_STATES: OptionDef[] = [
  { value: "1", label: { zh: "已安装", en: "Installed" }, tone: "success" },
  { value: "0", label: { zh: "未安装", en: "Not installed" }, tone: "muted" },
];
/** Whether OsmAnd clients may report for the vehicle (off unless an administrator turns it on). */
export const OSMAND_STATES: OptionDef[] = [
  { value: "0", label: { zh: "关闭", en: "Off" }, tone: "muted" },
  { value: "1", label: { zh: "开启", en: "On" }, tone: "danger" },
];
const JT808_RESET: OptionDef[] = [
  { value: "0", label: { zh: "否", en: "No" } },
  { value: "1", label: { zh: "是", en: "Yes" }, tone: "danger" },
];
export const DEVICE_TYPES: OptionDef[] = [
  { value: "new", label: { zh: "新装", en: "New" } },
  { value: "existing", label: { zh: "存量", en: "Existing" } },
];
export const ENERGY_TYPES: OptionDef[] = [
  { value: "diesel", label: { zh: "柴油", en: "Diesel" } },
  { value: "petrol", label: { zh: "汽油", en: "Petrol" } },
  { value: "electric", label: { zh: "纯电动", en: "Electric" } },
  { value: "hybrid", label: { zh: "混合动力", en: "Hybrid" } },
  { value: "gas", label: { zh: "天然气", en: "Natural gas" } },
];

/** /deviceList: the vehicle archive with each vehicle's terminal (spec §3 vehicle, §4 vehicle states, §5 VIN and terminal number). */
export const vehicleView = defineView({
  name: "vehicle",
  path: "/deviceList",
  permission: "deviceList",
  title: { zh: "车辆管理", en: "Vehicles" },
  singular: { zh: "车辆", en: "vehicle" },
  rowLabel: "plate",
  columns: [
    INDEX_COLUMN,
    { key: "plate", label: { zh: "车牌号", en: "Plate" }, sortable: true, fixed: true },
    { key: "terminalNo", label: { zh: "终端号", en: "Terminal no." }, sortable: true, empty: { zh: "未安装", en: "Not installed" } },
    { key: "orgName", label: { zh: "所属组织", en: "Organisation" } },
    { key: "modelName", label: { zh: "车型", en: "Model" } },
    { key: "saleState", label: { zh: "销售状态", en: "Sale state" }, type: "status", options: SALE_STATES, sortable: true },
    { key: "installed", label: { zh: "安装状态", en: "Installation" }, type: "status", options: INSTALL_STATES },
    { key: "state", label: { zh: "状态", en: "State" }, type: "status", options: VEHICLE_STATES, sortable: true },
    // self no., type, owner, VIN, SIM and the creation time in the row's 明细, so 操作 stays in view at 1440 px (at 1280 the
    // table scrolls inside); the export still has them as columns
    {
      key: "more",
      label: { zh: "明细", en: "More" },
      type: "expand",
      fields: [
        { key: "selfNo", label: { zh: "自编号", en: "Self no." } },
        { key: "vehicleType", label: { zh: "车辆类型", en: "Vehicle type" }, type: "status", options: VEHICLE_TYPES },
        { key: "ownerName", label: { zh: "车主", en: "Owner" } },
        { key: "vin", label: { zh: "VIN码", en: "VIN" } },
        { key: "sim1", label: { zh: "SIM卡号", en: "SIM no." } },
        { key: "createdAt", label: { zh: "创建时间", en: "Created" }, type: "datetime" },
      ],
    },
  ],
  filters: [
    { key: "q", label: { zh: "车牌号/终端号/自编号/VIN码", en: "Plate, terminal, self no. or VIN" }, type: "text", simple: true },
    { key: "state", label: { zh: "状态", en: "State" }, type: "select", options: VEHICLE_STATES, simple: true },
    { key: "saleState", label: { zh: "销售状态", en: "Sale state" }, type: "select", options: SALE_STATES },
    { key: "installed", label: { zh: "安装状态", en: "Installation" }, type: "select", options: INSTALL_STATES },
    { key: "vehicleType", label: { zh: "车辆类型", en: "Vehicle type" }, type: "select", options: VEHICLE_TYPES },
  ],
  form: [
    { key: "plate", label: { zh: "车牌号", en: "Plate" }, type: "text", required: true, maxLength: 20 },
    { key: "terminalNo", label: { zh: "终端号", en: "Terminal no." }, type: "text", required: true, maxLength: 10, hint: { zh: "10位字母或数字", en: "10 letters or digits" } },
    { key: "vin", label: { zh: "VIN码", en: "VIN" }, type: "text", maxLength: 17, hint: { zh: "17位字母或数字，不含 I、O、Q", en: "17 letters or digits, without I, O or Q" } },
    { key: "terminalSecret", label: { zh: "终端密钥", en: "Terminal secret" }, type: "password", maxLength: 128, hint: { zh: "16-128位；留空则不修改", en: "16–128 characters; leave empty to keep it" } },
    { key: "deviceIdent", label: { zh: "设备标识(IMEI)", en: "Device identifier (IMEI)" }, type: "text", maxLength: 32, hint: { zh: "6-32位字母或数字，不区分大小写", en: "6–32 letters or digits, case-blind" } },
    { key: "jt808Phone", label: { zh: "终端手机号(JT808)", en: "Terminal phone (JT/T 808)" }, type: "text", maxLength: 20, hint: { zh: "JT/T 808终端报文头中的手机号，1-20位数字；终端经网关注册后接入", en: "The phone number in a JT/T 808 terminal's header, 1–20 digits; the terminal then registers through the gateway" } },
    {
      key: "jt808Reset",
      label: { zh: "重置JT808注册", en: "Reset JT808 registration" },
      type: "select",
      options: JT808_RESET,
      defaultValue: "0",
      hint: { zh: "终端丢失鉴权码(恢复出厂、更换终端)时选是，保存后终端可重新注册", en: "Choose yes when the terminal lost its authentication code (factory reset, replaced): it may then register again" },
    },
    {
      key: "osmandEnabled",
      label: { zh: "OsmAnd接入", en: "OsmAnd reporting" },
      type: "select",
      options: OSMAND_STATES,
      defaultValue: "0",
      hint: {
        zh: "OsmAnd协议(Traccar Client)不带终端密钥：知道设备标识和OsmAnd密钥的任何人都能为本车上报位置和报警。仅在使用此类客户端时开启，请使用难以猜到的设备标识并设置OsmAnd密钥；已设终端密钥的终端不能开启。",
        en: "OsmAnd (Traccar Client) carries no terminal secret: anyone who knows the device identifier and OsmAnd key can report positions and alarms for this vehicle. Turn it on only for such clients, use an identifier that cannot be guessed and set an OsmAnd key. A terminal with a secret cannot use it.",
      },
    },
    {
      key: "osmandKey",
      label: { zh: "OsmAnd密钥", en: "OsmAnd key" },
      type: "password",
      maxLength: 64,
      hint: { zh: "8-64位字母、数字、_或-，客户端在服务器地址中带上 ?key=…；留空则不修改", en: "8–64 letters, digits, _ or -; the client adds ?key=… to its server URL. Leave empty to keep it" },
    },
    { key: "code", label: { zh: "整车编码", en: "Whole-vehicle code" }, type: "text", maxLength: 30 },
    { key: "selfNo", label: { zh: "自编号", en: "Self no." }, type: "text", maxLength: 30 },
    { key: "orgId", label: { zh: "所属组织", en: "Organisation" }, type: "select", required: true },
    { key: "modelId", label: { zh: "车型", en: "Model" }, type: "select" },
    { key: "ownerId", label: { zh: "车主", en: "Owner" }, type: "select" },
    { key: "vehicleType", label: { zh: "车辆类型", en: "Vehicle type" }, type: "select", options: VEHICLE_TYPES },
    { key: "energyType", label: { zh: "能源类型", en: "Energy type" }, type: "select", options: ENERGY_TYPES },
    { key: "sim1", label: { zh: "SIM卡号1", en: "SIM no. 1" }, type: "text", maxLength: 20 },
    { key: "sim2", label: { zh: "SIM卡号2", en: "SIM no. 2" }, type: "text", maxLength: 20 },
    { key: "manufactureDate", label: { zh: "出厂日期", en: "Manufacture date" }, type: "date" },
    { key: "warrantyEnd", label: { zh: "质保截止日期", en: "Warranty end" }, type: "date" },
    { key: "chassisType", label: { zh: "底盘型号", en: "Chassis type" }, type: "text", maxLength: 30 },
    { key: "engineModel", label: { zh: "发动机型号", en: "Engine model" }, type: "text", maxLength: 30 },
    { key: "passPermit", label: { zh: "通行证", en: "Pass permit" }, type: "text", maxLength: 30 },
    { key: "terminalFactory", label: { zh: "终端厂家", en: "Terminal factory" }, type: "text", maxLength: 30 },
    { key: "hardwareVersion", label: { zh: "硬件版本", en: "Hardware version" }, type: "text", maxLength: 30 },
    { key: "softwareVersion", label: { zh: "软件版本", en: "Software version" }, type: "text", maxLength: 30 },
    { key: "videoChannels", label: { zh: "视频通道数", en: "Video channels" }, type: "number", defaultValue: "0", hint: { zh: "0-36", en: "0–36" } },
    { key: "deviceType", label: { zh: "设备类型", en: "Device type" }, type: "select", required: true, options: DEVICE_TYPES, defaultValue: "new" },
    { key: "saleState", label: { zh: "销售状态", en: "Sale state" }, type: "select", required: true, options: SALE_STATES, defaultValue: "0" },
    { key: "assemblies", label: { zh: "总成", en: "Assemblies" }, type: "textarea", maxLength: 200 },
  ],
});

/** 启用 / 停用 of vehicles (spec §4: with confirm); a stopped vehicle's terminal is refused. */
export const vehicleStates = enablement<{ id: number; state: number }>({
  kind: "vehicle",
  stateOf: (r) => r.state,
  permission: "deviceList:edit",
  label: { enable: "telematics:vehicle.enable", disable: "telematics:vehicle.stop" },
  confirm: { enable: "telematics:vehicle.enableConfirm", disable: "telematics:vehicle.stopConfirm" },
  audit: { disable: "stop" },
});
