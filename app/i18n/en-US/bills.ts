// The "bills" text namespace (contract bills, proposals, adjustments, statements), loaded with the bill screens' chunks.
export default {
  notFound: "The bill does not exist or is outside your data scope",
  contractNotFound: "The contract does not exist or is outside your data scope",
  contractNotBilled: "Only contracts in force, completed, stopped or terminated early are billed",
  proposalNotFound: "The proposal does not exist",
  reasonRequired: "Please give a reason",
  reasonTooLong: "The reason cannot exceed 200 characters",
  confirmedFixed: "The bill is confirmed and cannot be changed; add an adjustment bill to correct it",
  alreadyConfirmed: "The bill is already confirmed",
  proposalsOpen: "{{value}} proposals are still open: accept or reject each first",
  stale: "Someone else changed the bill; reload and try again",
  adjustmentAmount: "Enter an adjustment other than 0, with at most two decimals",
  adjustRegularOnly: "Only a regular bill can be adjusted",
  adjustConfirmedOnly: "Only a confirmed bill can be adjusted; settle a draft's proposals instead",
};
