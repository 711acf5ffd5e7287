import type { FormFieldDef, LocationKeys } from "~/lib/list/types";
import { ALARM_LEVELS } from "~/lib/alarm-levels";
import type { SettingsView } from "./settings-types";

/** Where /mapConfig keeps the default centre of every map. */
export const MAP_CENTER: LocationKeys = { lng: "centerLng", lat: "centerLat" };

const onOff = [
  { value: "1", label: { zh: "开启", en: "On" } },
  { value: "0", label: { zh: "关闭", en: "Off" } },
];

/** /tenantConfig 租户配置. */
export const tenantConfigView: SettingsView = {
  key: "tenant",
  path: "/tenantConfig",
  permission: "tenantConfig",
  title: { zh: "租户配置", en: "Tenant Settings" },
  fields: [
    { key: "systemName", label: { zh: "系统名称", en: "System name" }, type: "text", required: true, maxLength: 30 },
    { key: "loginTitle", label: { zh: "登录页标题", en: "Sign-in page title" }, type: "text", maxLength: 30 },
    { key: "defaultLanguage", label: { zh: "默认语言", en: "Default language" }, type: "select", required: true, options: [{ value: "zh-CN", label: { zh: "中文", en: "Chinese" } }, { value: "en-US", label: { zh: "英文", en: "English" } }] },
    { key: "sessionIdleHours", label: { zh: "会话空闲超时（小时）", en: "Session idle timeout (hours)" }, type: "number", required: true, hint: { zh: "1-72", en: "1–72" } },
    { key: "watermark", label: { zh: "默认显示水印", en: "Watermark by default" }, type: "select", required: true, options: onOff },
    // a new contract's 计日方式 (its own field then decides its bills: docs/billing.md, "Day count")
    {
      key: "dayCount",
      label: { zh: "新合同计日方式", en: "Day count of new contracts" },
      type: "select",
      required: true,
      options: [
        { value: "thirty", label: { zh: "按30天/月", en: "30-day month" } },
        { value: "calendar", label: { zh: "按自然日", en: "Calendar days" } },
      ],
      hint: { zh: "日租金＝月租金÷30，或÷该结算月的天数", en: "A day's rent = the monthly rate ÷ 30, or ÷ the settlement month's days" },
    },
  ],
};

const optionsOf = (pairs: [value: string, zh: string, en: string][]) => pairs.map(([value, zh, en]) => ({ value, label: { zh, en } }));

/**
 * /mapConfig 地图配置 (spec §9): the base map as a preset, each with its own coordinate system and attribution
 * (app/widgets/map/config.ts), its key or token, a custom tile or style URL, the default view, and the place-search
 * provider the Worker calls for every map picker (app/modules/geo; its key never reaches a browser).
 */
export const mapConfigView: SettingsView = {
  key: "map",
  path: "/mapConfig",
  permission: "mapConfig",
  title: { zh: "地图配置", en: "Map Settings" },
  intro: {
    zh: "底图决定地图上能否看到道路和地名；未配置在线底图时，地图只显示国界和海岸线。地点搜索和地址识别由服务器调用所选服务，密钥不会发送到浏览器。",
    en: "The base map decides whether maps show streets and place names; without an online base they show only borders and coastlines. Place search and address lookup are called by the server through the chosen service; its key never reaches a browser.",
  },
  fields: [
    {
      key: "basemap",
      label: { zh: "底图", en: "Base map" },
      type: "select",
      required: true,
      options: optionsOf([
        ["offline", "离线底图（仅国界和海岸线）", "Offline (borders and coastlines only)"],
        ["amap", "高德地图 标准（GCJ-02）", "Amap standard (GCJ-02)"],
        ["amapSatellite", "高德地图 卫星（GCJ-02）", "Amap satellite (GCJ-02)"],
        ["tianditu", "天地图 矢量（CGCS2000，需密钥）", "Tianditu vector (CGCS2000, key needed)"],
        ["tiandituImage", "天地图 影像（CGCS2000，需密钥）", "Tianditu imagery (CGCS2000, key needed)"],
        ["osm", "OpenStreetMap（WGS-84）", "OpenStreetMap (WGS-84)"],
        ["mapbox", "Mapbox（需 pk. 令牌）", "Mapbox (pk. token needed)"],
        ["custom", "自定义瓦片或样式地址", "Custom tile or style URL"],
      ]),
    },
    { key: "tiandituKey", label: { zh: "天地图密钥（浏览器端）", en: "Tianditu key (browser)" }, type: "text", maxLength: 100, hint: { zh: "天地图底图必填；随瓦片请求发送", en: "Needed for Tianditu; sent with tile requests" } },
    { key: "mapboxToken", label: { zh: "Mapbox 令牌", en: "Mapbox token" }, type: "password", maxLength: 200, hint: { zh: "pk. 开头；留空则保留已保存的令牌", en: "Starts with pk.; leave empty to keep the saved one" } },
    { key: "styleUrl", label: { zh: "地图样式地址", en: "Style URL" }, type: "text", maxLength: 300, hint: { zh: "自定义或 Mapbox：https:// 或 mapbox:// 开头，可留空", en: "Custom or Mapbox: https:// or mapbox://, optional" } },
    { key: "tileUrl", label: { zh: "瓦片地址", en: "Tile URL" }, type: "text", maxLength: 300, hint: { zh: "自定义：https:// 开头，含 {z}/{x}/{y}", en: "Custom: https:// with {z}/{x}/{y}" } },
    { key: "attribution", label: { zh: "版权声明", en: "Attribution" }, type: "text", maxLength: 200, hint: { zh: "自定义底图显示在地图角落", en: "Shown in the map's corner for a custom base" } },
    // presets fix their own coordinate system; only a custom base needs this
    { key: "coordinateSystem", label: { zh: "自定义底图坐标系", en: "Custom base coordinates" }, type: "select", required: true, options: [{ value: "wgs84", label: { zh: "WGS-84", en: "WGS-84" } }, { value: "gcj02", label: { zh: "GCJ-02（国测局）", en: "GCJ-02 (China)" } }] },
    // WGS-84, like every stored position; a GCJ-02 base map shows it shifted (app/widgets/map/coords.ts)
    { key: "center", label: { zh: "默认中心位置", en: "Default centre" }, type: "location", required: true, keys: MAP_CENTER },
    { key: "zoom", label: { zh: "默认缩放级别", en: "Default zoom" }, type: "number", required: true, hint: { zh: "3-18", en: "3–18" } },
    {
      key: "geocoder",
      label: { zh: "地点搜索服务", en: "Place search service" },
      type: "select",
      required: true,
      options: optionsOf([
        ["none", "不使用（手动填写地址）", "None (addresses are typed)"],
        ["amap", "高德 Web 服务", "Amap Web Service"],
        ["tianditu", "天地图", "Tianditu"],
        ["mapbox", "Mapbox", "Mapbox"],
        ["nominatim", "Nominatim 兼容服务", "Nominatim-compatible"],
      ]),
    },
    { key: "geocoderKey", label: { zh: "地点搜索密钥", en: "Place search key" }, type: "password", maxLength: 200, hint: { zh: "高德 Web 服务 Key、天地图服务端密钥或 Mapbox 令牌；只保存在服务器；留空则保留已保存的密钥", en: "Amap Web Service key, Tianditu server key or Mapbox token; kept on the server; leave empty to keep the saved one" } },
    { key: "geocoderUrl", label: { zh: "Nominatim 地址", en: "Nominatim URL" }, type: "text", maxLength: 300, hint: { zh: "如 https://nominatim.example.com，须遵守其使用政策", en: "e.g. https://nominatim.example.com; follow its usage policy" } },
    { key: "geocoderPerMinute", label: { zh: "每分钟查询上限（每租户）", en: "Lookups per minute (per tenant)" }, type: "number", required: true, hint: { zh: "1-600", en: "1–600" } },
  ],
};

/** /pageConfig 页面配置: quick menus (at most 5) and list defaults (spec §9 limits). */
export const pageConfigView: SettingsView = {
  key: "page",
  path: "/pageConfig",
  permission: "pageConfig",
  title: { zh: "页面配置", en: "Page Settings" },
  fields: [
    { key: "quickMenus", label: { zh: "快捷菜单（最多5个）", en: "Quick menus (at most 5)" }, type: "checkboxes" },
    { key: "pageSize", label: { zh: "列表默认每页条数", en: "Default rows per page" }, type: "select", required: true, options: ["20", "30", "50", "100"].map((v) => ({ value: v, label: { zh: `${v} 条`, en: v } })) },
  ],
};

/** /zhongtaiMailSet 中台邮件设置: who alarm and report mails come from and go to, with a test send. */
export const mailSetView: SettingsView = {
  key: "mail",
  path: "/zhongtaiMailSet",
  permission: "zhongtaiMailSet",
  title: { zh: "中台邮件设置", en: "Platform Email Settings" },
  fields: [
    { key: "enabled", label: { zh: "邮件推送", en: "E-mail push" }, type: "select", required: true, options: onOff },
    { key: "senderName", label: { zh: "发件人名称", en: "Sender name" }, type: "text", maxLength: 30 },
    { key: "senderAddress", label: { zh: "发件人邮箱", en: "Sender address" }, type: "email", required: true, maxLength: 254 },
    { key: "subjectPrefix", label: { zh: "主题前缀", en: "Subject prefix" }, type: "text", maxLength: 20 },
    { key: "recipients", label: { zh: "收件人（逗号分隔，最多10个）", en: "Recipients (comma-separated, at most 10)" }, type: "textarea", maxLength: 2600 },
  ],
  actions: [{ intent: "test", label: { zh: "发送测试邮件", en: "Send a test e-mail" } }],
};

/** /bussinessinfo 企业信息: the company's name, contact and logo (served at /api/businessInfo/logo). */
export const businessInfoView: SettingsView = {
  key: "business",
  path: "/bussinessinfo",
  permission: "bussinessinfo",
  title: { zh: "企业信息", en: "Company Information" },
  fields: [
    { key: "companyName", label: { zh: "企业名称", en: "Company name" }, type: "text", required: true, maxLength: 50 },
    { key: "shortName", label: { zh: "企业简称", en: "Short name" }, type: "text", maxLength: 20 },
    { key: "contact", label: { zh: "联系人", en: "Contact" }, type: "text", maxLength: 10 },
    { key: "phone", label: { zh: "联系电话", en: "Phone" }, type: "tel", maxLength: 13 },
    { key: "address", label: { zh: "企业地址", en: "Address" }, type: "text", maxLength: 50 },
    { key: "logoFileId", label: { zh: "企业标志", en: "Logo" }, type: "text", hint: { zh: "JPEG、PNG，不超过2MB", en: "JPEG or PNG, at most 2 MB" } },
  ],
};

const count = (key: string, zh: string, en: string, range: string, off = false): FormFieldDef => ({
  key,
  label: { zh, en },
  type: "number",
  required: true,
  hint: { zh: off ? `${range}，0为关闭` : range, en: off ? `${range.replace("-", "–")}, 0 = off` : range.replace("-", "–") },
});
const level = (key: string, zh: string, en: string): FormFieldDef => ({ key, label: { zh, en }, type: "select", required: true, options: ALARM_LEVELS });

/**
 * /alarmMgr/rules 告警规则: the thresholds the FleetHub's alarm rules and online states use (tenant setting
 * "telematics", read by workers/fleet-hub; docs/alarm-rules.md), and how long track history is kept.
 */
export const alarmRulesView: SettingsView = {
  key: "telematics",
  path: "/alarmMgr/rules",
  screen: "/alarmMgr",
  permission: "alarmMgr",
  title: { zh: "告警规则", en: "Alarm Rules" },
  intro: {
    zh: "车辆告警的判定阈值，保存后立即对所有车辆生效。时长为0的规则不再告警。",
    en: "The thresholds behind vehicle alarms; a save applies to every vehicle at once. A rule whose threshold is 0 raises nothing.",
  },
  fields: [
    count("offlineAfterMinutes", "离线判定（分钟）", "Offline after (minutes)", "1-1440"),
    count("movingKmh", "行驶判定速度（km/h）", "Moving above (km/h)", "0-30"),
    count("overspeedKmh", "超速阈值（km/h）", "Overspeed above (km/h)", "0-300", true),
    count("overspeedSeconds", "超速持续（秒）", "Overspeed lasting (seconds)", "0-3600"),
    level("overspeedLevel", "超速告警级别", "Overspeed alarm level"),
    count("fatigueHours", "疲劳驾驶（连续驾驶小时）", "Fatigue (hours driven)", "0-24", true),
    count("fatigueRestMinutes", "疲劳解除（休息分钟）", "Rest that resets fatigue (minutes)", "1-600"),
    level("fatigueLevel", "疲劳驾驶告警级别", "Fatigue alarm level"),
    count("idleMinutes", "怠速过长（分钟）", "Idling longer than (minutes)", "0-1440", true),
    level("idleLevel", "怠速告警级别", "Idling alarm level"),
    { key: "faultAlarm", label: { zh: "故障码告警", en: "Fault code alarms" }, type: "select", required: true, options: onOff },
    level("faultLevel", "故障码告警级别", "Fault code alarm level"),
    count("fuelDropPercent", "油量骤降（%）", "Fuel drop (%)", "0-100", true),
    count("fuelDropMinutes", "骤降时间窗（分钟）", "Fuel drop within (minutes)", "1-1440"),
    level("fuelDropLevel", "油量骤降告警级别", "Fuel drop alarm level"),
    count("refuelPercent", "加油判定（%）", "Refuel above (%)", "0-100", true),
    level("refuelLevel", "加油提醒级别", "Refuel alarm level"),
    count("offlineAlarmMinutes", "离线告警（分钟）", "Offline alarm after (minutes)", "0-10080", true),
    level("offlineLevel", "离线告警级别", "Offline alarm level"),
    count("silentOnRentHours", "在租失联提醒（小时）", "Silent on rent after (hours)", "1-720"),
    { key: "terminalAlarm", label: { zh: "终端告警（紧急报警、断电等）", en: "Terminal alarms (SOS, power cut …)" }, type: "select", required: true, options: onOff },
    level("terminalLevel", "终端告警级别", "Terminal alarm level"),
    count("tankLitres", "油箱容积（升）", "Tank size (litres)", "1-5000"),
    count("overloadPercent", "塔吊超载（力矩百分比）", "Crane overload at (% of rated moment)", "0-200", true),
    level("overloadLevel", "塔吊超载告警级别", "Crane overload alarm level"),
    count("windLimitMs", "大风告警（风速 m/s）", "High wind at (m/s)", "0-60", true),
    level("windLevel", "大风告警级别", "High wind alarm level"),
    count("hotHours", "在线轨迹保留（小时）", "Recent track kept online (hours)", "48-720"),
    count("retentionDays", "轨迹保留（天）", "Track history kept (days)", "3-3650"),
  ],
};
