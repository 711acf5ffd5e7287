// The "bills" text namespace (合同账单: bills, proposals, adjustments, statements), loaded with the bill screens' chunks.
export default {
  notFound: "账单不存在或不在您的数据权限内",
  contractNotFound: "合同不存在或不在您的数据权限内",
  contractNotBilled: "只有执行中、已完成、已中止或提前终止的合同才能出账",
  proposalNotFound: "该建议不存在",
  reasonRequired: "请填写原因",
  reasonTooLong: "原因不能超过200个字符",
  confirmedFixed: "账单已确认，不能再修改；如需更正请新增调整账单",
  alreadyConfirmed: "账单已确认",
  proposalsOpen: "还有{{value}}条建议未处理，请先逐条接受或驳回",
  stale: "账单已被他人修改，请刷新后重试",
  adjustmentAmount: "请输入不为0的调整金额，最多两位小数",
  adjustRegularOnly: "只能对正常账单做调整",
  adjustConfirmedOnly: "只能对已确认的账单做调整；草稿账单请直接处理建议",
};
