import type { Translation } from "~/i18n/types";
import type zh from "./leads.zh-CN";

export default {
  notFound: "The chosen record does not exist or is not yours to see",
  tooLong: "At most {{value}} characters",
  money: "Enter an amount of 0 or more, with at most two decimals",
  customerOrProspect: "Choose a customer, or type the prospect's name",
  customerOutOfScope: "The chosen customer does not exist or is outside your data scope",
  datesOrder: "The expected end cannot be before the expected start",
  stageOpen: "The stage must be an open one; mark a lead won or lost with the buttons in the list",
  closed: "A won or lost lead can no longer be changed",
  win: "Won",
  winConfirm: "Mark the selected leads as won?",
  lose: "Lost",
  loseConfirm: "Mark the selected leads as lost?",
  lostReason: "Lost reason",
  lostReasonRequired: "Enter the reason the lead was lost",
  lostReasonTooLong: "The lost reason can be at most 200 characters",
  convert: "Convert to contract",
  converted: "Contract made",
} satisfies Translation<typeof zh>;
