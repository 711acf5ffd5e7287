/**
 * The operation log's words for what no declaration names: actions the machinery and the screens write, entities
 * without a view, fields of machines and rules. Client-safe (the log's filter offers the actions); a domain's own
 * words come from its declarations (audit-vocabulary.server.ts).
 */
import type { Label } from "~/lib/list/types";

/** What an audit record says happened, as the machinery and the screens write it. */
export const AUDIT_ACTIONS: Record<string, Label> = {
  create: { zh: "新增", en: "Create" },
  update: { zh: "修改", en: "Update" },
  delete: { zh: "删除", en: "Delete" },
  grant: { zh: "权限配置", en: "Grant permissions" },
  enable: { zh: "启用", en: "Enable" },
  disable: { zh: "停用", en: "Disable" },
  resetPassword: { zh: "重置密码", en: "Reset password" },
  handle: { zh: "告警处理", en: "Handle alarm" },
  confirm: { zh: "确认", en: "Confirm" },
  adjust: { zh: "调整", en: "Adjust" },
  saveItems: { zh: "保存字典项", en: "Save items" },
  addItem: { zh: "新增字典项", en: "Add item" },
  install: { zh: "安装终端", en: "Install terminal" },
  uninstall: { zh: "拆除终端", en: "Uninstall terminal" },
  answer: { zh: "答复异议", en: "Answer dispute" },
  acceptProposal: { zh: "接受建议", en: "Accept proposal" },
  rejectProposal: { zh: "驳回建议", en: "Reject proposal" },
  assignMachine: { zh: "派车", en: "Assign machine" },
  addDays: { zh: "补录天数", en: "Add days" },
};

/**
 * Names of the audited entities no view names (a view's own entity is called by its `singular`); an entity named
 * nowhere shows as written.
 */
export const AUDIT_ENTITIES: Record<string, Label> = {
  user: { zh: "用户", en: "User" },
  role: { zh: "角色", en: "Role" },
  menu: { zh: "菜单", en: "Menu item" },
  alarm: { zh: "告警", en: "Alarm" },
  bill: { zh: "账单", en: "Bill" },
  billProposal: { zh: "账单建议", en: "Bill proposal" },
  statement: { zh: "对账单", en: "Statement" },
  vehicle: { zh: "车辆", en: "Vehicle" },
  approvalFlow: { zh: "审批流程", en: "Approval flow" },
  collectionAction: { zh: "催收记录", en: "Collection action" },
  line: { zh: "线路", en: "Route line" },
  settings: { zh: "设置", en: "Settings" },
  "settings:business": { zh: "企业信息", en: "Business information" },
  "settings:map": { zh: "地图配置", en: "Map settings" },
};

/** Fields the records of machines and rules carry that no view's form or columns name. */
export const AUDIT_FIELDS: Record<string, Label> = {
  state: { zh: "状态", en: "State" },
  remark: { zh: "备注", en: "Remark" },
  reason: { zh: "原因", en: "Reason" },
  note: { zh: "说明", en: "Note" },
  items: { zh: "字典项", en: "Items" },
  menus: { zh: "菜单", en: "Menus" },
  codes: { zh: "功能权限", en: "Function permissions" },
  steps: { zh: "审批步骤", en: "Approval steps" },
  adjustment: { zh: "调整单", en: "Adjustment" },
  billItemId: { zh: "账单明细", en: "Bill item" },
  proposal: { zh: "建议", en: "Proposal" },
  comment: { zh: "答复", en: "Answer" },
  terminalNo: { zh: "终端号", en: "Terminal number" },
  installed: { zh: "已安装", en: "Installed" },
  amountCents: { zh: "金额(分)", en: "Amount (fen)" },
  handleState: { zh: "处理状态", en: "Handling" },
  handleNote: { zh: "处理说明", en: "Handling note" },
  logoFileId: { zh: "企业标志", en: "Company logo" },
};
