/**
 * 合同账单报表 (`/contractBillReport`): the bills of the contracts the user sees, newest period first, each opening as
 * its page (`/contractBillReport/bill?id=`). Read-only here: a bill is made by the bill run and worked on its page;
 * export to Excel. The view half (client-safe); the server half is bills-list.server.ts.
 */
import { defineView, INDEX_COLUMN, type OptionDef } from "~/lib/list/types";
import { BILL_STATE, PROPOSAL_STATE, STATEMENT_STATE } from "../../../db/states";
import { defineMachine } from "~/modules/workflow/machine";

export const BILL_LIST_PATH = "/contractBillReport";
export const BILL_PAGE_PATH = "/contractBillReport/bill";
export const billHref = (id: number | string) => `${BILL_PAGE_PATH}?id=${id}`;
/** The clerk's statement page (`?id=`, or `?bill=` to make or open the statement of a confirmed bill's period). */
export const STATEMENT_PAGE_PATH = "/contractBillReport/statement";
export const statementHref = (id: number) => `${STATEMENT_PAGE_PATH}?id=${id}`;

export { BILL_STATE, SETTLED_BILL_STATES } from "../../../db/states";

/** A bill whose statement the customer disputed and the clerk has not answered (its mark on the list). */
const DISPUTED_OPTIONS: OptionDef[] = [{ value: "1", label: { zh: "有异议待答复", en: "Disputed, to answer" }, tone: "danger" }];

export const BILL_STATES: OptionDef[] = [
  { value: String(BILL_STATE.draft), label: { zh: "草稿", en: "Draft" }, tone: "warning" },
  { value: String(BILL_STATE.confirmed), label: { zh: "已确认", en: "Confirmed" }, tone: "success" },
  { value: String(BILL_STATE.locked), label: { zh: "已锁定", en: "Locked" }, tone: "muted" },
];

/** bills.kind */
export const BILL_KIND_OPTIONS: OptionDef[] = [
  { value: "regular", label: { zh: "正常", en: "Regular" } },
  { value: "adjustment", label: { zh: "调整", en: "Adjustment" }, tone: "warning" },
];

export const billView = defineView({
  name: "contractBill",
  path: BILL_LIST_PATH,
  permission: "contractBillReport",
  title: { zh: "合同账单报表", en: "Contract Billing Report" },
  singular: { zh: "账单", en: "bill" },
  rowLabel: "number",
  readOnly: true,
  columns: [
    INDEX_COLUMN,
    { key: "number", label: { zh: "账单编号", en: "Bill no." }, fixed: true },
    { key: "contract", label: { zh: "合同", en: "Contract" } },
    { key: "customer", label: { zh: "客户", en: "Customer" } },
    { key: "period", label: { zh: "账期", en: "Period" }, sortable: true },
    { key: "kind", label: { zh: "类型", en: "Kind" }, type: "status", options: BILL_KIND_OPTIONS, headerFilter: "kind" },
    { key: "amount", label: { zh: "金额(元)", en: "Amount (¥)" }, money: true, sortable: true },
    { key: "tax", label: { zh: "税额(元)", en: "Tax (¥)" }, money: true },
    { key: "paid", label: { zh: "已收(元)", en: "Paid (¥)" }, money: true },
    { key: "dueOn", label: { zh: "应收日", en: "Due" }, sortable: true },
    { key: "state", label: { zh: "状态", en: "State" }, type: "status", options: BILL_STATES, headerFilter: "state" },
    // the customer's 有异议 on the bill's statement, still to answer
    { key: "disputed", label: { zh: "对账异议", en: "Disputed" }, type: "status", options: DISPUTED_OPTIONS },
  ],
  filters: [
    { key: "q", label: { zh: "账单编号/合同/客户", en: "Bill no., contract or customer" }, type: "text", simple: true },
    { key: "state", label: { zh: "状态", en: "State" }, type: "select", options: BILL_STATES, simple: true },
    { key: "kind", label: { zh: "类型", en: "Kind" }, type: "select", options: BILL_KIND_OPTIONS },
    { key: "periodFrom", label: { zh: "账期止日起", en: "Period ending from" }, type: "date", simple: true },
    { key: "periodTo", label: { zh: "账期止日止", en: "Period ending until" }, type: "date", simple: true },
    { key: "disputed", label: { zh: "对账异议", en: "Disputed" }, type: "select", options: DISPUTED_OPTIONS },
  ],
  form: [],
});

/** 确认账单's function code (the bill page's button). */
export const BILL_CONFIRM_CODE = "contractBillReport:confirm";
/** The bill list's edit: a proposal's decision, an adjustment, a statement's acts (发送给客户 among them). */
export const BILL_EDIT_CODE = "contractBillReport:edit";

/**
 * A bill's confirmation (草稿 → 已确认) through the engine: every proposal decided and its items adding up to its amount,
 * checked before and again in the guarded write (billing/bill.server.ts, billMachine). Its lock by a statement the
 * customer confirmed, a proposal's decision and an adjustment are still their own writes (db/state-literals.test.ts).
 */
export const billStates = defineMachine<{ id: number; state: number }>({
  kind: "bill",
  stateOf: (r) => r.state,
  transitions: [{ name: "confirm", from: [BILL_STATE.draft], to: BILL_STATE.confirmed, permission: BILL_CONFIRM_CODE, label: "bills:confirmBill", confirm: "bills:confirmBill", tone: "primary", notFrom: "bills:alreadyConfirmed" }],
});

/** The customer's code on a statement's link: no role grants it (it is no screen's function code); a link's scope holds it alone. */
export const STATEMENT_LINK_CODE = "statement:link";

/**
 * A monthly statement's states (billing/statement.server.ts: statementDeskMachine, statementLinkMachine): sent by the
 * clerk (again after a dispute, or to replace a link), then confirmed or disputed by the customer through the signed
 * link, who signs with a name. Confirmed is final: its bills lock in the same batch.
 */
export const statementStates = defineMachine<{ id: number; state: number }>({
  kind: "statement",
  stateOf: (r) => r.state,
  transitions: [
    { name: "send", from: [STATEMENT_STATE.draft, STATEMENT_STATE.sent, STATEMENT_STATE.disputed], to: STATEMENT_STATE.sent, permission: BILL_EDIT_CODE, label: "statements:desk.send", confirm: "statements:desk.send", notFrom: "statements:statementConfirmed" },
    {
      name: "confirm",
      from: [STATEMENT_STATE.sent],
      to: STATEMENT_STATE.confirmed,
      permission: STATEMENT_LINK_CODE,
      label: "statements:confirm",
      confirm: "statements:confirm",
      notFrom: "statements:statementConfirmed",
      asks: [{ key: "signer", label: "statements:signer", required: true, maxLength: 50, requiredMessage: "statements:signerRequired", tooLongMessage: "statements:signerTooLong" }],
    },
    {
      name: "dispute",
      from: [STATEMENT_STATE.sent],
      to: STATEMENT_STATE.disputed,
      permission: STATEMENT_LINK_CODE,
      label: "statements:dispute",
      confirm: "statements:disputeTicked",
      notFrom: "statements:statementDisputed",
      asks: [
        { key: "signer", label: "statements:signer", required: true, maxLength: 50, requiredMessage: "statements:signerRequired", tooLongMessage: "statements:signerTooLong" },
        // the disputed items' ids, "1,2,3": the plan checks each is the statement's
        { key: "items", label: "statements:disputeTicked", required: true, maxLength: 2000, requiredMessage: "statements:disputeItems", tooLongMessage: "statements:disputeItems" },
        { key: "comment", label: "statements:comment", required: true, maxLength: 500, requiredMessage: "statements:disputeComment", tooLongMessage: "statements:commentTooLong" },
      ],
    },
  ],
});

/**
 * A proposal of the bill run (a stop, an on-rent or off-rent day from the fence …) decided by the clerk while its bill
 * is a draft (billing/bill.server.ts, proposalMachine): 接受 (a reason if they like) or 驳回 (a reason required), once.
 */
export const proposalStates = defineMachine<{ id: number; state: number }>({
  kind: "billProposal",
  stateOf: (r) => r.state,
  transitions: [
    {
      name: "accept",
      from: [PROPOSAL_STATE.open],
      to: PROPOSAL_STATE.accepted,
      permission: BILL_EDIT_CODE,
      label: "bills:accept",
      confirm: "bills:accept",
      notFrom: "bills:proposalDecided",
      audit: "acceptProposal",
      asks: [{ key: "reason", label: "bills:reason", maxLength: 200, tooLongMessage: "bills:reasonTooLong" }],
    },
    {
      name: "reject",
      from: [PROPOSAL_STATE.open],
      to: PROPOSAL_STATE.rejected,
      permission: BILL_EDIT_CODE,
      label: "bills:reject",
      confirm: "bills:reject",
      notFrom: "bills:proposalDecided",
      audit: "rejectProposal",
      asks: [{ key: "reason", label: "bills:reason", required: true, maxLength: 200, requiredMessage: "bills:reasonRequired", tooLongMessage: "bills:reasonTooLong" }],
    },
  ],
});

/** The list of statements under the bill list (the bill list's screen and permission grant it). */
export const STATEMENT_LIST_PATH = `${BILL_LIST_PATH}/statements`;

export const STATEMENT_STATES: OptionDef[] = [
  { value: String(STATEMENT_STATE.draft), label: { zh: "未发送", en: "Not sent" }, tone: "warning" },
  { value: String(STATEMENT_STATE.sent), label: { zh: "已发送", en: "Sent" } },
  { value: String(STATEMENT_STATE.confirmed), label: { zh: "客户已确认", en: "Confirmed" }, tone: "success" },
  { value: String(STATEMENT_STATE.disputed), label: { zh: "客户有异议", en: "Disputed" }, tone: "danger" },
];

/**
 * 对账单 (`/contractBillReport/statements`): every statement of the contracts in the user's data scope, what the customer
 * did with it and when, the disputed ones to answer first; each opens as the clerk's statement page. Read-only here.
 */
export const statementListView = defineView({
  name: "statement",
  path: STATEMENT_LIST_PATH,
  screen: BILL_LIST_PATH,
  permission: "contractBillReport",
  title: { zh: "对账单", en: "Statements" },
  singular: { zh: "对账单", en: "statement" },
  rowLabel: "number",
  readOnly: true,
  columns: [
    INDEX_COLUMN,
    { key: "number", label: { zh: "对账单号", en: "Statement no." }, sortable: true, fixed: true },
    { key: "contractNumber", label: { zh: "合同编号", en: "Contract no." } },
    { key: "customer", label: { zh: "客户", en: "Customer" } },
    { key: "periodTo", label: { zh: "账期止日", en: "Period ending" }, sortable: true },
    { key: "amount", label: { zh: "金额(元)", en: "Amount (¥)" }, money: true },
    { key: "state", label: { zh: "状态", en: "State" }, type: "status", options: STATEMENT_STATES },
    { key: "disputes", label: { zh: "待答复异议", en: "Disputes to answer" }, type: "number" },
    { key: "sentAt", label: { zh: "发送时间", en: "Sent" }, type: "datetime", sortable: true },
    { key: "confirmedName", label: { zh: "确认人", en: "Confirmed by" } },
    { key: "confirmedAt", label: { zh: "确认时间", en: "Confirmed" }, type: "datetime" },
  ],
  filters: [
    { key: "q", label: { zh: "对账单号/合同/客户", en: "Statement, contract or customer" }, type: "text", simple: true },
    { key: "state", label: { zh: "状态", en: "State" }, type: "select", options: STATEMENT_STATES, simple: true },
  ],
  form: [],
});
