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
    duplicateStep: "The same approver cannot appear twice",
    inFlight: "Changes apply to the steps still to come; documents in approval continue on the new flow.",
  },
} satisfies Translation<typeof zh>;
