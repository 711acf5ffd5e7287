import type { Translation } from "~/i18n/types";
import type zh from "./repairs.zh-CN";

/** Texts of the equipment repairs. */
export default {
  complete: "Complete",
  completeConfirm: "Mark the selected repairs done? The machine is available again.",
  notRepairing: "The repair is not under way",
  downtimeOpen: "Give the day and time the machine ran again first",
  downInFuture: "The downtime cannot start after today",
  downEndBeforeStart: "The machine runs again after its downtime began",
  abnormalityOtherMachine: "The issue is not of the chosen machine",
  abnormalityNotOpen: "Issue {{value}} is closed or under repair already",
  overApproved: "The cost cannot pass the ¥{{value}} approved: open another repair order for the rest",
  toRepair: "Turn into a repair",
} as const satisfies Translation<typeof zh>;
