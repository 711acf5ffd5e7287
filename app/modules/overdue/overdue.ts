/**
 * 逾期合同 (/overdueContract), the client-safe half: the ageing buckets, the collection acts' kinds, ways, stages and
 * states, and their approval machine (kind `collection`). The server half is ageing.server.ts and collection.server.ts.
 */
import { approvalTransitions, type ApprovalStates } from "~/modules/workflow/approval";
import { defineMachine, type Actor } from "~/modules/workflow/machine";

export const OVERDUE_PATH = "/overdueContract";
export const OVERDUE_EDIT_CODE = "overdueContract:edit";
export const OVERDUE_APPROVE_CODE = "overdueContract:approve";

/** Days past due (by each bill's due day): 1–30, 31–60, 61–90, over 90. */
export const BUCKETS = ["d30", "d60", "d90", "over90"] as const;
export type Bucket = (typeof BUCKETS)[number];
export const bucketOf = (daysPast: number): Bucket => (daysPast <= 30 ? "d30" : daysPast <= 60 ? "d60" : daysPast <= 90 ? "d90" : "over90");

/** collection_actions.state: an urge is recorded as approved; the others go through approval. */
export const ACT_STATE = { draft: 0, inApproval: 1, approved: 2, refused: 5, abandoned: 6, aborted: 7 } as const;
export const ACT_APPROVAL_STATES: ApprovalStates = { draft: 0, pending: 1, approved: 2, refused: 5, abandoned: 6, aborted: 7 };
/** the states that make an act "open": a second of its kind on the contract is refused meanwhile */
export const OPEN_ACT_STATES: readonly number[] = [ACT_STATE.draft, ACT_STATE.inApproval];

export const ACT_KINDS = ["urge", "personChange", "delay", "overtimePayment", "badDebt", "lawsuit", "stopMachine"] as const;
export type ActKind = (typeof ACT_KINDS)[number];
export const URGE_WAYS = ["phone", "visit", "letter", "lawyer", "sms"] as const;
export const LAWSUIT_STAGES = ["filed", "trial", "judged", "enforcing", "closed"] as const;

/** What the transitions and the buttons read of an act. */
export interface ActStateRow {
  id: number;
  version: number;
  state: number;
  kind: ActKind;
  creatorId: number | null;
}

/** 提交审批, 通过, 驳回, 撤回, 作废, 终止 on the engine for every act but an urge (which is never pending). */
export const collectionStates = defineMachine<ActStateRow>({
  kind: "collection",
  stateOf: (r) => r.state,
  // an urge is a record of what was done, never approved nor aborted: every verb refuses it
  transitions: approvalTransitions<ActStateRow>({ approveCode: OVERDUE_APPROVE_CODE, states: ACT_APPROVAL_STATES }, OVERDUE_EDIT_CODE, (r) => r.creatorId).map((t) => ({
    ...t,
    guard: (row: ActStateRow, actor: Actor) => (row.kind === "urge" ? { message: "overdue:urgeIsRecord", status: 409 } : (t.guard?.(row, actor) ?? null)),
  })),
});

/** One overdue contract as the list shows it. */
export interface AgeingRow {
  contractId: number;
  number: string;
  name: string;
  customerId: number | null;
  customerName: string | null;
  orgId: number | null;
  lateRateBp: number;
  buckets: Record<Bucket, number>;
  totalCents: number;
  interestCents: number;
  /** the oldest overdue bill's days past due */
  maxDays: number;
  responsibleId: number | null;
  responsibleName: string | null;
  lastUrgeOn: string | null;
  nextUrgeOn: string | null;
}
