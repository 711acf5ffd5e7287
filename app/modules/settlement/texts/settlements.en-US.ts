// The "settlements" text namespace (final and overtime settlements, the settlement records).
export default {
  tooLong: "Cannot exceed {{value}} characters",
  contractRequired: "Choose a contract",
  throughRequired: "Choose the day the settlement runs through",
  throughDay: "The day the settlement runs through must be a real date from 2000-01-01 to 2099-12-31",
  readOnly: "A submitted, approved, void or aborted settlement cannot be changed",
  contractUnknown: "The contract does not exist, is outside your data scope, or is a rent-in",
  contractNotBilled: "Only a contract in force, completed, stopped or terminated early can be settled",
  throughBeforeStart: "The day cannot be before the contract's start",
  draftBills: "{{value}} bills up to that day are not confirmed yet: confirm them first",
  alreadySettled: "The contract already has settlement {{value}}",
  noOvertime: "No overtime was billed on the confirmed bills up to that day",
  deleteDraftOnly: "Only a draft settlement can be deleted",
};
