import type { Translation } from "~/i18n/types";
import type zh from "./prizes.zh-CN";

export default {
  tooLong: "At most {{value}} characters",
  nomineeRequired: "Choose the nominee",
  contractRequired: "Choose the contract",
  reasonRequired: "Enter the reason for the nomination",
  amount: "Enter an amount above 0, with at most two decimals",
  amountTooLarge: "A reward can be at most 1,000,000.00",
  nomineeUnknown: "The nominee is not an active user of your company",
  selfNomination: "You cannot nominate yourself",
  contractUnknown: "The chosen contract does not exist or is outside your data scope",
  contractNotWon: "Rewards are only for approved, in-force or completed contracts",
  readOnly: "A nomination submitted, approved, void or aborted can no longer be changed",
  deleteDraftOnly: "Only draft nominations can be deleted",
} satisfies Translation<typeof zh>;
