import type { Translation } from "../types";
import type zh from "../zh-CN/widgets";

export default {
  ok: "OK",
  steps: { label: "Approval progress", done: "Approved", current: "In review", refused: "Refused", waiting: "Waiting" },
  empty: "No data",
  close: "Close",
  clear: "Clear",
  back: "Back",
  download: "Download",
  money: {
    label: "Amount",
  },
  calendar: {
    label: "Calendar",
    weekdays: { "0": "Sun", "1": "Mon", "2": "Tue", "3": "Wed", "4": "Thu", "5": "Fri", "6": "Sat" },
    monthTitle: "{{monthName}} {{year}}",
    selectMonth: "Select month",
    prevMonth: "Previous month",
    nextMonth: "Next month",
    today: "Today",
    registrations: "Departures logged: {{count}}",
  },
  period: {
    prevYear: "Previous year",
    nextYear: "Next year",
    year: "{{year}}",
    month: "{{monthName}}",
  },
  quarter: {
    placeholder: "Select quarter",
    short: { "1": "Q1", "2": "Q2", "3": "Q3", "4": "Q4" },
    long: { "1": "1st quarter", "2": "2nd quarter", "3": "3rd quarter", "4": "4th quarter" },
    value: "{{quarter}} {{year}}",
  },
  yearRange: {
    start: "Start year",
    end: "End year",
    separator: "to",
    panelHeader: "{{start}} – {{end}}",
    prevPage: "Previous ten years",
    nextPage: "Next ten years",
    open: "Choose a year range",
  },
  toast: {
    success: "Done.",
    failed: "The operation failed",
    copySuccess: "Copied",
    copyFailed: "Could not copy",
    region: "Notifications",
  },
  noPermission: {
    title: "Notice",
  },
  qr: {
    label: "QR code: {{value}}",
  },
} satisfies Translation<typeof zh>;
