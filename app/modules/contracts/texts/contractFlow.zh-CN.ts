// A contract's transitions (提交审批 and 通过 are the workflow's): the list and the document load them, the list nothing
// more of the contracts' texts (texts/contractFlow.ts).
export default {
  reject: "驳回",
  rejectConfirm: "确定驳回所选合同吗？",
  void: "作废",
  voidConfirm: "确定作废吗？作废后不能恢复。",
  execute: "执行合同",
  executeConfirm: "确定执行所选合同吗？执行后合同进入执行中。",
  complete: "完成",
  completeConfirm: "确定合同已完成吗？",
  stop: "中止",
  stopConfirm: "确定中止合同吗？",
  terminate: "提前终止",
  terminateConfirm: "确定提前终止合同吗？所有设备在终止日期停租。",
  endDate: "终止日期（YYYY-MM-DD）",
  endDateRequired: "请填写终止日期",
  notCurrent: "该版本不是现行版本",
};
