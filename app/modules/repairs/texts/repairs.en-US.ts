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
  upkeep: {
    label: "Upkeep",
    tabs: { inspections: "Inspections", maintenance: "Maintenance", repairs: "Repairs", certificates: "Certificates", availability: "Downtime & availability" },
    inspections: {
      records: "Last inspections",
      none: "No inspection recorded yet",
      number: "Record no.",
      procedure: "Procedure",
      doneOn: "Day",
      result: "Result",
      passed: "Passed",
      failed: "Failed ({{items}} items)",
      issues: "Open issues",
      noIssues: "No open issue",
    },
    repairs: {
      title: "Last repair orders",
      new: "New repair order",
      none: "No repair order yet",
      number: "Repair no.",
      state: "State",
      fault: "Fault",
      downFrom: "Down from",
      downTo: "Running again",
      stillDown: "Still down",
      cost: "Cost (¥)",
    },
    availability: {
      title: "Downtime and availability, last 12 months",
      note: "From the repair orders' downtime, overlapping downtime counted once; this month up to now. MTBF = (hours in the month − hours down) ÷ failures; MTTR = the hours down of the repairs ended ÷ their number.",
      month: "Month",
      downHours: "Hours down",
      failures: "Failures",
      mtbf: "MTBF (h)",
      mttr: "MTTR (h)",
      availability: "Availability",
    },
  },
} as const satisfies Translation<typeof zh>;
