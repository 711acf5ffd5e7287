/** Texts of the approval flows settings (/tenantConfig/approvals), loaded with that screen's chunk into the "workflow" namespace (app/i18n/screen/workflow-flows.ts). */
export default {
  flows: {
    title: "审批流程",
    hint: "每种单据按顺序逐步审批：每一步由一个角色（任一持有该角色的人）或指定用户审批。未配置步骤时，由拥有审批权限的人员一步审批。审批人须拥有该单据的审批权限。",
    kind: "单据类型",
    stepNo: "步骤",
    approverType: "审批人类型",
    approver: "审批人",
    role: "角色",
    user: "用户",
    addStep: "添加步骤",
    removeStep: "删除步骤",
    save: "保存",
    none: "未配置：拥有审批权限的人员一步审批",
    approverRequired: "请选择审批人",
    approverUnknown: "审批人不存在",
    approverLacksCode: "该审批人没有此类单据的审批权限",
    tooManySteps: "最多10个步骤",
    duplicateStep: "同一审批人不能重复出现",
    inFlight: "修改只影响之后的审批步骤；审批中的单据按新流程继续。",
  },
} as const;
