import { formatCents } from "~/lib/cents";
import type { DayRange, ReportRange } from "./quick-range";

/*
 * A report's table, declared once: the page renders it and the Excel sheet writes the same columns, labels and texts
 * (money two decimals with separators, percents one decimal, hours one decimal). Client-safe.
 */

/** The reports: their texts (`reports:titles.<key>`) and their files. */
export type ReportKey =
  | "contractRevenue"
  | "customerZeroRent"
  | "overtime"
  | "operateData"
  | "operation"
  | "oilWear"
  | "hd"
  | "towerWork"
  | "performance"
  | "equipment"
  | "equipmentList"
  | "mileage"
  | "online"
  | "drivingBehaviour"
  | "state";

/** The text a table shows without rows: a few tables say what they list (运营数据报表's idle machines, the fuel and driving events), the others that the period is empty. */
const EMPTY_TEXTS: Partial<Record<ReportKey, Record<number, "idleNone" | "fuelEvents" | "drivingEvents">>> = {
  operateData: { 2: "idleNone" },
  oilWear: { 2: "fuelEvents" },
  drivingBehaviour: { 2: "drivingEvents" },
};
export const emptyTextKey = (report: ReportKey, tableIndex: number) => EMPTY_TEXTS[report]?.[tableIndex] ?? "empty";

export type CellKind = "text" | "money" | "percent" | "hours" | "decimal" | "count";
export interface ReportColumn {
  key: string;
  label: { zh: string; en: string };
  kind: CellKind;
  /** a long text (a list of items, a customer and project) wraps on the page instead of widening the table */
  wrap?: boolean;
}
/** money in integer cents, percent in tenths of a percent (permille), hours and decimals (km, litres) as a number; null shows — */
export type ReportRow = Record<string, string | number | null>;

export interface ReportTable {
  /** the sheet's name and the table's caption */
  title: { zh: string; en: string };
  columns: ReportColumn[];
  rows: ReportRow[];
  /** the total row (first column holds its label), when the figures add up */
  total?: ReportRow;
}

export interface ChartSeries {
  label: { zh: string; en: string };
  /** one per category */
  values: number[];
  kind: "money" | "hours" | "percent" | "decimal" | "count";
}
export interface ReportChart {
  title: { zh: string; en: string };
  categories: string[];
  series: ChartSeries[];
}

export interface ReportData {
  range: ReportRange;
  /** the tables in page order; the first one is the main sheet, the others follow it in the file */
  tables: ReportTable[];
  chart: ReportChart;
  /** the user holds the screen's export permission (<privis>:export): the Excel and PDF buttons show */
  canExport?: boolean;
}

export const labelIn = (label: { zh: string; en: string }, lang: string) => (lang.startsWith("zh") ? label.zh : label.en);

/** Tenths of a percent → "12.3%"; null → "—". */
export function formatPermille(permille: number | null | undefined): string {
  if (permille === null || permille === undefined) return "—";
  const sign = permille < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(permille));
  return `${sign}${Math.floor(abs / 10).toLocaleString("en-US")}.${abs % 10}%`;
}

/** Hours (and any figure kept to one decimal: km, litres) to one decimal, separators for thousands. */
export const formatHours = (h: number) => (Math.round(h * 10) / 10).toLocaleString("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A cell's text, the same on the page and in the sheet. */
export function cellText(kind: CellKind, value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === "") return kind === "text" ? "" : "—";
  switch (kind) {
    case "money":
      return formatCents(Number(value));
    case "percent":
      return formatPermille(Number(value));
    case "hours":
    case "decimal":
      return formatHours(Number(value));
    case "count":
      return Number(value).toLocaleString("en-US");
    default:
      return String(value);
  }
}

/** A chart value's text (axis ticks and bar titles): money in yuan with separators; a count whole (an axis tick between two counts has none). */
export function chartValue(kind: ChartSeries["kind"], v: number): string {
  if (kind === "count") return Number.isInteger(v) ? v.toLocaleString("en-US") : "";
  return kind === "money" ? formatCents(Math.round(v)) : kind === "percent" ? formatPermille(Math.round(v)) : formatHours(v);
}

export const rangeQuery = (r: DayRange & { range: string | null }) => (r.range ? `range=${r.range}` : `from=${r.from}&to=${r.to}`);
