/** Texts of the widgets namespace (spec quotes kept exactly). */
export default {
  ok: "确定",
  steps: { label: "审批进度", done: "已通过", current: "审批中", refused: "已驳回", waiting: "待审批" },
  empty: "暂无数据",
  close: "关闭",
  clear: "清空",
  back: "返回",
  download: "下载",
  money: {
    label: "金额",
  },
  calendar: {
    label: "日历",
    weekdays: { "0": "日", "1": "一", "2": "二", "3": "三", "4": "四", "5": "五", "6": "六" },
    monthTitle: "{{year}}年{{month}}月",
    selectMonth: "选择月",
    prevMonth: "上个月",
    nextMonth: "下个月",
    today: "今天",
    registrations: "{{count}}条出车登记",
  },
  period: {
    prevYear: "上一年",
    nextYear: "下一年",
    year: "{{year}}年",
    month: "{{month}}月",
  },
  quarter: {
    placeholder: "选择季度",
    short: { "1": "一", "2": "二", "3": "三", "4": "四" },
    long: { "1": "第一季度", "2": "第二季度", "3": "第三季度", "4": "第四季度" },
    value: "{{year}}年 {{quarter}}",
  },
  yearRange: {
    start: "开始年份",
    end: "结束年份",
    separator: "至",
    panelHeader: "{{start}}年 - {{end}}年",
    prevPage: "前十年",
    nextPage: "后十年",
    open: "选择年份范围",
  },
  toast: {
    success: "操作成功！",
    failed: "操作失败",
    copySuccess: "复制成功",
    copyFailed: "复制失败",
    region: "通知",
  },
  noPermission: {
    title: "提示",
  },
  qr: {
    label: "二维码：{{value}}",
  },
} as const;
