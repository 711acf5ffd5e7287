import type { LocationKeys } from "~/modules/resource/types";
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
  ],
};

/** /mapConfig 地图配置: the map engine, its token and style, and the coordinates of the base map (spec §9). */
export const mapConfigView: SettingsView = {
  key: "map",
  path: "/mapConfig",
  permission: "mapConfig",
  title: { zh: "地图配置", en: "Map Settings" },
  fields: [
    { key: "engine", label: { zh: "地图引擎", en: "Map engine" }, type: "select", required: true, options: [{ value: "maplibre", label: { zh: "MapLibre（无需令牌）", en: "MapLibre (no token)" } }, { value: "mapbox", label: { zh: "Mapbox", en: "Mapbox" } }] },
    { key: "mapboxToken", label: { zh: "Mapbox 令牌", en: "Mapbox token" }, type: "password", maxLength: 200, hint: { zh: "pk. 开头；留空则保留已保存的令牌", en: "Starts with pk.; leave empty to keep the saved one" } },
    { key: "styleUrl", label: { zh: "地图样式地址", en: "Style URL" }, type: "text", maxLength: 300, hint: { zh: "https:// 或 mapbox:// 开头，可留空", en: "https:// or mapbox://, optional" } },
    { key: "tileUrl", label: { zh: "瓦片地址", en: "Tile URL" }, type: "text", maxLength: 300, hint: { zh: "含 {z}/{x}/{y}，可留空", en: "With {z}/{x}/{y}, optional" } },
    { key: "coordinateSystem", label: { zh: "底图坐标系", en: "Base map coordinates" }, type: "select", required: true, options: [{ value: "wgs84", label: { zh: "WGS-84", en: "WGS-84" } }, { value: "gcj02", label: { zh: "GCJ-02（国测局）", en: "GCJ-02 (China)" } }] },
    // WGS-84, like every stored position; a GCJ-02 base map shows it shifted (app/widgets/map/coords.ts)
    { key: "center", label: { zh: "默认中心位置", en: "Default centre" }, type: "location", required: true, keys: MAP_CENTER },
    { key: "zoom", label: { zh: "默认缩放级别", en: "Default zoom" }, type: "number", required: true, hint: { zh: "3-18", en: "3–18" } },
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
