// A contract's transitions (submit and approve are the workflow's): the list and the document load them, the list nothing
// more of the contracts' texts (texts/contractFlow.ts).
export default {
  reject: "Reject",
  rejectConfirm: "Reject the selected contracts?",
  void: "Void",
  voidConfirm: "Void it? This cannot be undone.",
  execute: "Put in force",
  executeConfirm: "Put the selected contracts in force?",
  complete: "Complete",
  completeConfirm: "Is the contract completed?",
  stop: "Stop",
  stopConfirm: "Stop the contract?",
  terminate: "Terminate early",
  terminateConfirm: "Terminate the contract early? Every machine goes off-rent on the end date.",
  endDate: "End date (YYYY-MM-DD)",
  endDateRequired: "Enter the end date",
  notCurrent: "This version is not the one in force",
};
