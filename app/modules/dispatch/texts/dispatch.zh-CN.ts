// The "dispatch" text namespace (the Dispatch group: 签到管理…), loaded with its screens' chunks.
export default {
  signPoint: {
    duplicateName: "签到点名称已存在",
    project: "所属项目不能超过50个字符",
    time: "请输入时间，格式 时:分（如 08:00）",
    hoursBoth: "签到开始和结束时间须同时填写或同时留空",
    hoursSame: "签到结束时间不能与开始时间相同",
  },
};
