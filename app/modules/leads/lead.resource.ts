import { defineView, INDEX_COLUMN, type OptionDef } from "~/lib/list/types";
import { defineMachine } from "~/modules/workflow/machine";

/** The stages of a lead as the table stores them (db/schema/rental.ts: 0–3 open, 4 won, 5 lost). */
export const LEAD_STAGES = [
  { value: "0", label: { zh: "初步接触", en: "First contact" } },
  { value: "1", label: { zh: "需求确认", en: "Needs confirmed" } },
  { value: "2", label: { zh: "报价", en: "Quoted" } },
  { value: "3", label: { zh: "谈判", en: "Negotiating" } },
  { value: "4", label: { zh: "赢单", en: "Won" }, tone: "success" },
  { value: "5", label: { zh: "输单", en: "Lost" }, tone: "danger" },
] as const satisfies readonly OptionDef[];
export const OPEN_STAGES = [0, 1, 2, 3] as const;
export const WON = 4;
export const LOST = 5;

export const LEAD_EDIT_CODE = "businessList:edit";

/** What the transitions and the row's buttons read of a lead. */
export interface LeadStateRow {
  id: number;
  version: number;
  stage: number;
  title: string;
  customerId: number | null;
  contractId: number | null;
}

/** 赢单 / 输单 from an open stage; a lost lead keeps its reason (required). */
export const leadStages = defineMachine<LeadStateRow>({
  kind: "lead",
  stateOf: (r) => r.stage,
  transitions: [
    { name: "win", from: OPEN_STAGES, to: WON, permission: LEAD_EDIT_CODE, label: "leads:win", confirm: "leads:winConfirm", tone: "primary" },
    {
      name: "lose",
      from: OPEN_STAGES,
      to: LOST,
      permission: LEAD_EDIT_CODE,
      label: "leads:lose",
      confirm: "leads:loseConfirm",
      tone: "danger",
      asks: [{ key: "lostReason", label: "leads:lostReason", required: true, maxLength: 200, requiredMessage: "leads:lostReasonRequired", tooLongMessage: "leads:lostReasonTooLong" }],
    },
  ],
});

/** A won lead with a customer and no contract yet becomes a draft contract with its data carried over. */
export const convertHref = (r: Pick<LeadStateRow, "id" | "stage" | "customerId" | "contractId">): string | null =>
  r.stage === WON && r.customerId !== null && r.contractId === null ? `/contractList?new=1&fromLead=${r.id}` : null;

/**
 * /businessList 业务列表: the leads (商机), from first contact to won or lost: the customer (or a prospect's name),
 * the stage, the expected value, the equipment wanted, the site and dates, the owner. A lead belongs to an
 * organisation (data scope).
 */
export const leadView = defineView({
  name: "lead",
  path: "/businessList",
  permission: "businessList",
  title: { zh: "业务列表", en: "Business List" },
  singular: { zh: "商机", en: "lead" },
  rowLabel: "title",
  columns: [
    INDEX_COLUMN,
    { key: "title", label: { zh: "商机名称", en: "Lead" }, sortable: true, fixed: true },
    { key: "party", label: { zh: "客户", en: "Customer" } },
    { key: "stage", label: { zh: "阶段", en: "Stage" }, type: "status", options: [...LEAD_STAGES] },
    { key: "expectedText", label: { zh: "预计金额(元)", en: "Expected value (¥)" }, money: true },
    { key: "equipmentWanted", label: { zh: "意向设备", en: "Equipment wanted" } },
    { key: "site", label: { zh: "工地", en: "Site" } },
    { key: "expectedStart", label: { zh: "预计开始", en: "Expected start" }, sortable: true },
    { key: "expectedEnd", label: { zh: "预计结束", en: "Expected end" } },
    { key: "ownerName", label: { zh: "负责人", en: "Owner" } },
    { key: "lostReason", label: { zh: "输单原因", en: "Lost reason" } },
    { key: "orgName", label: { zh: "所属组织", en: "Organisation" } },
  ],
  filters: [
    { key: "q", label: { zh: "商机名称/客户/设备/工地", en: "Lead, customer, equipment or site" }, type: "text", simple: true },
    { key: "stage", label: { zh: "阶段", en: "Stage" }, type: "select", options: [...LEAD_STAGES], simple: true },
    { key: "ownerId", label: { zh: "负责人", en: "Owner" }, type: "select", simple: true },
  ],
  form: [
    { key: "title", label: { zh: "商机名称", en: "Lead" }, type: "text", required: true, maxLength: 50 },
    { key: "stage", label: { zh: "阶段", en: "Stage" }, type: "select", required: true, options: LEAD_STAGES.slice(0, 4), defaultValue: "0" },
    { key: "customerId", label: { zh: "客户", en: "Customer" }, type: "select", hint: { zh: "已有客户；没有时填写潜在客户", en: "An existing customer; else the prospect below" } },
    { key: "prospect", label: { zh: "潜在客户", en: "Prospect" }, type: "text", maxLength: 50 },
    { key: "expected", label: { zh: "预计金额(元)", en: "Expected value (¥)" }, type: "text", maxLength: 20, hint: { zh: "最多两位小数，如 360,000.00", en: "At most two decimals, e.g. 360,000.00" } },
    { key: "ownerId", label: { zh: "负责人", en: "Owner" }, type: "select" },
    { key: "expectedStart", label: { zh: "预计开始", en: "Expected start" }, type: "date" },
    { key: "expectedEnd", label: { zh: "预计结束", en: "Expected end" }, type: "date" },
    { key: "orgId", label: { zh: "所属组织", en: "Organisation" }, type: "select" },
    { key: "site", label: { zh: "工地", en: "Site" }, type: "text", maxLength: 100 },
    { key: "equipmentWanted", label: { zh: "意向设备", en: "Equipment wanted" }, type: "textarea", maxLength: 200 },
    { key: "remark", label: { zh: "备注", en: "Remark" }, type: "textarea", maxLength: 200 },
  ],
});
