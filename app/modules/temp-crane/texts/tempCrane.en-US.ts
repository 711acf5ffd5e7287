import type { Translation } from "~/i18n/types";
import type zh from "./tempCrane.zh-CN";

export default {
  notFound: "The chosen record does not exist or is not yours to see",
  tooLong: "At most {{value}} characters",
  customerRequired: "Choose the customer",
  typeRequired: "Choose the crane type",
  reasonRequired: "Enter the reason for the application",
  datesOrder: "The end cannot be before the start",
  customerOutOfScope: "The chosen customer does not exist or is outside your data scope",
  customerDisabled: "The chosen customer is disabled and cannot apply for a temporary crane",
  overCredit: "This customer is over its credit limit (exposure / limit: {{value}}) and cannot apply for a temporary crane; collect payment or raise the limit first",
  projectUnknown: "The chosen project contract does not exist or is outside your data scope",
  projectOfOther: "The chosen project contract is not this customer's",
  projectClosed: "The chosen project contract has ended or is void and takes no more equipment",
  readOnly: "An application submitted, approved, void or aborted can no longer be changed",
  deleteDraftOnly: "Only draft applications can be deleted",
  contractMovedOn: "The contract it made ({{value}}) has been submitted or is in force: deal with it in the contract list before aborting the application",
  openContract: "Open contract",
} satisfies Translation<typeof zh>;
