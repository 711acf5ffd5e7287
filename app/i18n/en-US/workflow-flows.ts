import type { Translation } from "../types";
import type zh from "../zh-CN/workflow-flows";

export default {
  flows: {
    title: "Approval flows",
    hint: "Each kind of document is approved step by step, in order: each step by a role (anyone holding it) or a named user. With no steps, anyone with the approve permission decides in one step. Approvers must hold the document's approve permission.",
    kind: "Document kind",
    stepNo: "Step",
    approverType: "Approver type",
    approver: "Approver",
    role: "Role",
    user: "User",
    addStep: "Add step",
    removeStep: "Remove step",
    save: "Save",
    none: "Not configured: anyone with the approve permission decides in one step",
    approverRequired: "Choose the approver",
    approverUnknown: "The approver does not exist",
    approverLacksCode: "This approver does not hold the approve permission for this kind of document",
    tooManySteps: "At most 10 steps",
    duplicateStep: "The same approver cannot appear twice, except on a step from another amount",
    amountHint: "For documents with an amount (contracts): a step with a from-amount applies only to documents of at least that amount and is skipped below it; leave it blank for every document.",
    fromAmount: "From (yuan)",
    anyAmount: "Any amount",
    amountInvalid: "Enter a valid amount",
    amountNegative: "The amount cannot be negative",
    amountDecimals: "At most two decimal places",
    inFlight: "Changes apply to the steps still to come; documents in approval continue on the new flow.",
  },
} satisfies Translation<typeof zh>;
