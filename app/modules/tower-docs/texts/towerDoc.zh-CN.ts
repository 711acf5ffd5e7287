/** Texts of 塔吊档案. */
export default {
  oneFile: "该塔吊已有档案，请在原档案中添加记录",
  twice: "该阶段只能有一条记录（顶升除外）",
  beforeEarlier: "日期不能早于前一阶段（{{value}}）",
  jackBeforeAccepted: "顶升前须有“检测验收”记录",
  afterDismantled: "拆卸后不能再有记录",
  section: { title: "塔吊档案", none: "尚未建档", open: "查看档案", create: "建档", since: "自 {{day}}" },
};
