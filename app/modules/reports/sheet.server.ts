import { moneyCell, xlsxBlob } from "~/lib/xlsx.server";
import { cellText, labelIn, type ReportData, type ReportTable } from "./report-types";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const bold = (value: string) => ({ value, fontWeight: "bold" as const });
/** An Excel sheet's name: at most 31 characters, none of []:*?/\ */
const sheetName = (name: string) => name.replace(/[[\]:*?/\\]/g, " ").slice(0, 31);

function sheetOf(table: ReportTable, lang: string) {
  // money as a number with two decimals (a sum in the sheet adds up); the rest as the page shows it
  const cell = (c: ReportTable["columns"][number], v: string | number | null | undefined, strong = false) =>
    c.kind === "money" && v !== null && v !== undefined && v !== "" && Number.isFinite(Number(v)) ? moneyCell(Number(v), strong) : strong ? bold(cellText(c.kind, v)) : { value: cellText(c.kind, v) };
  const row = (r: Record<string, string | number | null>) => table.columns.map((c) => cell(c, r[c.key]));
  const data: ReturnType<typeof cell>[][] = [table.columns.map((c) => bold(labelIn(c.label, lang))), ...table.rows.map(row)];
  if (table.total) data.push(table.columns.map((c) => cell(c, table.total![c.key], true)));
  return { data, sheet: sheetName(labelIn(table.title, lang)), columns: table.columns.map((c) => ({ width: c.kind === "text" ? 28 : 18 })) };
}

/**
 * A report as an .xlsx file: each of its tables one sheet, the columns, texts and total row exactly as the page shows
 * them in the user's language (money with separators and two decimals, percents one decimal). The file is named
 * after the report and its range.
 */
export async function reportSheet(report: ReportData, title: { zh: string; en: string }, lang: string): Promise<Response> {
  const blob = await xlsxBlob(report.tables.map((t) => sheetOf(t, lang)));
  const name = `${labelIn(title, lang)}-${report.range.from}-${report.range.to}.xlsx`;
  return new Response(blob, {
    headers: {
      "Content-Type": XLSX,
      "Content-Disposition": `attachment; filename="${name.replace(/[^\x20-\x7e]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      "Cache-Control": "no-store",
    },
  });
}
