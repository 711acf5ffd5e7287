// The settings screens' own refusals (enterprise info, tenant, map, page and mail settings), joined into the "common"
// namespace by the settings page's chunk (app/i18n/screen/settings-checks.ts): no other page carries them.
export default {
  settingsCheck: {
    offlineAlarm: "离线告警时长须为0，或不小于离线判定时长",
    retention: "轨迹保留天数须覆盖在线轨迹保留时长",
    logo: "请上传本企业的 JPEG 或 PNG 图片作为标志",
    hours: "请输入1-72之间的整数",
    styleUrl: "样式地址须以 https:// 或 mapbox:// 开头",
    tileUrl: "瓦片地址须以 https:// 开头并包含 {z}、{x}、{y}",
    zoom: "缩放级别须在3到18之间",
    mapboxToken: "使用 Mapbox 时须填写 pk. 开头的令牌",
    tiandituKey: "使用天地图底图时须填写天地图密钥",
    customBase: "自定义底图须填写瓦片地址或样式地址",
    geocoderUrl: "请填写 http:// 或 https:// 开头的 Nominatim 地址",
    geocoderKey: "所选地点搜索服务须填写密钥",
    quickMenus: "快捷菜单最多选择5个",
    subjectPrefix: "主题前缀不能超过20个字符",
    recipients: "收件人须为正确的邮箱地址，用逗号分隔",
    recipientsMax: "收件人最多10个",
    recipientsNone: "请先填写并保存收件人",
  },
} as const;
