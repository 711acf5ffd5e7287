/** Texts of 设备维修. */
export default {
  complete: "完工",
  completeConfirm: "确认所选维修单已完工？完工后设备恢复可用。",
  notRepairing: "维修单不在维修中",
  downtimeOpen: "请先填写恢复运行的日期和时间",
  downInFuture: "停机开始日期不能晚于今天",
  downEndBeforeStart: "恢复运行时间须晚于停机开始时间",
  abnormalityOtherMachine: "该异常不属于所选设备",
  abnormalityNotOpen: "异常{{value}}已处理或已转维修",
  overApproved: "维修费用不能超过已批准金额 ¥{{value}}，超出部分请另开维修单审批",
  toRepair: "转维修",
};
