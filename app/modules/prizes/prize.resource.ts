/**
 * 提名奖励 (`/nominatePrizes`): a member of staff nominated for a reward on a won or well-run contract, with the reason
 * and the amount, approved like any document. The view half and the states (client-safe); the server half is
 * prize.server.ts.
 */
import { defineView, INDEX_COLUMN } from "~/lib/list/types";
import { APPLICATION_APPROVAL_STATES, APPLICATION_STATES } from "~/modules/temp-crane/temp-crane.resource";
import { approvalTransitions } from "~/modules/workflow/approval";
import { defineMachine } from "~/modules/workflow/machine";

export const PRIZE_EDIT_CODE = "nominatePrizes:edit";
export const PRIZE_APPROVE_CODE = "nominatePrizes:approve";

/** What the transitions and the row's buttons read of a nomination. */
export interface PrizeStateRow {
  id: number;
  version: number;
  state: number;
  reason: string;
  creatorId: number | null;
}

/** 提交审批, 通过, 驳回, 撤回, 作废, 终止 on the engine (the approval family, kind prizeNomination); the states are an application's. */
export const prizeStates = defineMachine<PrizeStateRow>({
  kind: "prizeNomination",
  stateOf: (r) => r.state,
  transitions: approvalTransitions<PrizeStateRow>({ approveCode: PRIZE_APPROVE_CODE, states: APPLICATION_APPROVAL_STATES }, PRIZE_EDIT_CODE, (r) => r.creatorId),
});

export const prizeView = defineView({
  name: "prizeNomination",
  path: "/nominatePrizes",
  permission: "nominatePrizes",
  title: { zh: "提名奖励", en: "Prize Nominations" },
  singular: { zh: "奖励提名", en: "nomination" },
  rowLabel: "reason",
  columns: [
    INDEX_COLUMN,
    { key: "nomineeName", label: { zh: "被提名人", en: "Nominee" }, fixed: true },
    { key: "contractNumber", label: { zh: "合同编号", en: "Contract no." } },
    { key: "customerName", label: { zh: "客户", en: "Customer" } },
    { key: "amountText", label: { zh: "奖励金额(元)", en: "Reward (¥)" }, money: true },
    { key: "state", label: { zh: "状态", en: "State" }, type: "status", options: APPLICATION_STATES, sortable: true },
    { key: "reason", label: { zh: "提名理由", en: "Reason" } },
    { key: "creatorName", label: { zh: "提名人", en: "Nominated by" } },
    { key: "createdAt", label: { zh: "提名时间", en: "Nominated" }, type: "datetime", sortable: true },
    { key: "contractName", label: { zh: "合同名称", en: "Contract" } },
  ],
  filters: [
    { key: "q", label: { zh: "被提名人/合同/理由", en: "Nominee, contract or reason" }, type: "text", simple: true },
    { key: "state", label: { zh: "状态", en: "State" }, type: "select", options: APPLICATION_STATES, simple: true },
    { key: "nomineeId", label: { zh: "被提名人", en: "Nominee" }, type: "select" },
  ],
  form: [
    { key: "nomineeId", label: { zh: "被提名人", en: "Nominee" }, type: "select", required: true, hint: { zh: "本企业的员工，不能提名自己", en: "A member of staff; not yourself" } },
    { key: "contractId", label: { zh: "合同", en: "Contract" }, type: "select", required: true, hint: { zh: "您可见的已审批、执行中或已完成的合同", en: "An approved, in-force or completed contract you can see" } },
    { key: "amount", label: { zh: "奖励金额(元)", en: "Reward (¥)" }, type: "text", required: true, maxLength: 20, hint: { zh: "大于 0，最多两位小数，如 2,000.00", en: "Above 0, at most two decimals, e.g. 2,000.00" } },
    { key: "reason", label: { zh: "提名理由", en: "Reason" }, type: "textarea", required: true, maxLength: 200 },
  ],
});
