// The "tempCrane" text namespace (临时吊车), loaded with that screen's chunk.
export default {
  notFound: "所选记录不存在或无权访问",
  tooLong: "不能超过{{value}}个字符",
  customerRequired: "请选择客户",
  typeRequired: "请选择设备类型",
  reasonRequired: "请填写申请原因",
  datesOrder: "结束日期不能早于开始日期",
  customerOutOfScope: "所选客户不存在或不在您的数据权限内",
  customerDisabled: "所选客户已停用，不能申请临时吊车",
  overCredit: "该客户已超出信用额度（敞口 / 额度：{{value}}），不能申请临时吊车，请先回款或调整信用额度",
  projectUnknown: "所选项目合同不存在或不在您的数据权限内",
  projectOfOther: "所选项目合同不属于该客户",
  projectClosed: "所选项目合同已结束或作废，不能再加设备",
  readOnly: "已提交、通过、作废或终止的申请不能再修改",
  deleteDraftOnly: "只能删除草稿状态的申请",
  contractMovedOn: "生成的合同「{{value}}」已提交或生效，请在合同列表中处理后再终止申请",
  openContract: "查看合同",
};
