// The "settlements" text namespace (合同清算, 超期清算管理, 清算记录), loaded with those screens' chunks.
export default {
  tooLong: "不能超过{{value}}个字符",
  contractRequired: "请选择合同",
  throughRequired: "请选择清算截止日",
  throughDay: "清算截止日须为2000-01-01至2099-12-31之间的真实日期",
  readOnly: "已提交、通过、作废或终止的清算单不能再修改",
  contractUnknown: "合同不存在、不在您的数据权限内，或是租入合同",
  contractNotBilled: "只能清算执行中、已完成、已中止或提前终止的合同",
  throughBeforeStart: "清算截止日不能早于合同开始日期",
  draftBills: "截止日前还有{{value}}张账单未确认，请先确认账单",
  alreadySettled: "该合同已有清算单{{value}}",
  noOvertime: "截止日前的已确认账单中没有超时费用",
  deleteDraftOnly: "只能删除草稿状态的清算单",
};
