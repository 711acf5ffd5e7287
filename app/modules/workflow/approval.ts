/**
 * The approval family's client-safe half: the actions, a kind's states, and the transitions they allow (the page shows
 * the buttons from these; approval.server.ts runs them).
 */
import type { Actor, AskDef, Refusal, TransitionDef } from "./machine";

export type ApprovalAction = "submit" | "approve" | "refuse" | "recall" | "abandon" | "abort";
export const APPROVAL_ACTIONS: readonly ApprovalAction[] = ["submit", "approve", "refuse", "recall", "abandon", "abort"];

/** A document's states as its table writes them; draft, abandoned and aborted only where the kind has them. */
export interface ApprovalStates {
  pending: number;
  approved: number;
  refused: number;
  draft?: number;
  abandoned?: number;
  aborted?: number;
}

/**
 * The steps that apply to a document: the tenant's flow less the steps from an amount above the document's. A kind
 * without an amount (or a document whose amount is unknown) takes every step. Client-safe: the demo seed reads it too.
 */
export function effectiveSteps<Step extends { minAmountCents: number | null }>(flow: readonly Step[], amountCents: number | null | undefined): Step[] {
  if (amountCents === null || amountCents === undefined) return [...flow];
  return flow.filter((s) => s.minAmountCents === null || amountCents >= s.minAmountCents);
}

/** Texts of an approval transition on a screen (message keys), where the screen has its own words. */
type Texts<Row> = Partial<Pick<TransitionDef<Row>, "label" | "confirm" | "notFrom" | "asks" | "audit" | "tone" | "guard">>;

/**
 * The approval family's declarations for a kind: the transitions its states allow (submit, recall and abandon need a
 * draft state; abort an aborted one). `owner` reads who submitted a row: only they submit, recall or abandon it, and
 * they never decide it. Client-safe values only (the page shows the buttons from these).
 */
export function approvalTransitions<Row>(
  kind: { approveCode: string; states: ApprovalStates },
  editCode: string,
  owner: (row: Row) => number | null,
  texts: Partial<Record<ApprovalAction, Texts<Row>>> = {},
): TransitionDef<Row>[] {
  const s = kind.states;
  const notOwn = (row: Row, actor: Actor): Refusal | null => (owner(row) === actor.id ? { message: "workflow:selfDecision", status: 403 } : null);
  const onlyOwner = (row: Row, actor: Actor): Refusal | null => (owner(row) === actor.id ? null : { message: "workflow:notOwner", status: 403 });
  const reason: AskDef = { key: "reason", label: "workflow:reason", required: true, maxLength: 200, requiredMessage: "workflow:reasonRequired" };
  const all: (TransitionDef<Row> | null)[] = [
    s.draft !== undefined ? { name: "submit", from: [s.draft, s.refused], to: s.pending, permission: editCode, label: "workflow:submit", confirm: "workflow:submitConfirm", tone: "primary", guard: onlyOwner } : null,
    { name: "approve", from: [s.pending], to: s.approved, permission: kind.approveCode, label: "workflow:approve", confirm: "workflow:approveConfirm", tone: "primary", guard: notOwn, asks: [{ key: "note", label: "workflow:note", maxLength: 200 }] },
    { name: "refuse", from: [s.pending], to: s.refused, permission: kind.approveCode, label: "workflow:refuse", confirm: "workflow:refuseConfirm", tone: "danger", guard: notOwn, asks: [reason] },
    s.draft !== undefined ? { name: "recall", from: [s.pending], to: s.draft, permission: editCode, label: "workflow:recall", confirm: "workflow:recallConfirm", tone: "danger", guard: onlyOwner } : null,
    s.abandoned !== undefined ? { name: "abandon", from: [...(s.draft !== undefined ? [s.draft] : []), s.refused], to: s.abandoned, permission: editCode, label: "workflow:abandon", confirm: "workflow:abandonConfirm", tone: "danger", guard: onlyOwner } : null,
    s.aborted !== undefined ? { name: "abort", from: [s.pending, s.approved], to: s.aborted, permission: kind.approveCode, label: "workflow:abort", confirm: "workflow:abortConfirm", tone: "danger", asks: [reason] } : null,
  ];
  return all.filter((t): t is TransitionDef<Row> => t !== null).map((t) => ({ ...t, ...texts[t.name as ApprovalAction] }));
}

