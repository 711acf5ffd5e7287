// The "prizes" text namespace (提名奖励), loaded with that screen's chunk.
export default {
  tooLong: "不能超过{{value}}个字符",
  nomineeRequired: "请选择被提名人",
  contractRequired: "请选择合同",
  reasonRequired: "请填写提名理由",
  amount: "请输入大于0的金额，最多两位小数",
  amountTooLarge: "奖励金额不能超过1,000,000.00元",
  nomineeUnknown: "被提名人不是本企业的在职用户",
  selfNomination: "不能提名自己",
  contractUnknown: "所选合同不存在或不在您的数据权限内",
  contractNotWon: "只能为已审批、执行中或已完成的合同提名奖励",
  readOnly: "已提交、通过、作废或终止的提名不能再修改",
  deleteDraftOnly: "只能删除草稿状态的提名",
};
