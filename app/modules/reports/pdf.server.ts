/**
 * A report as a PDF (issue 26 §5), printed by the contract PDF's renderer (ADR 010) as the statement is: the title, the
 * period and the controls applied, when it was made (the tenant's time), then each table of the Excel file with the
 * same columns, cell texts and total row (money two decimals, percents one decimal, hours one decimal).
 *
 * The renderer prints A4 portrait only (the spec's PDF page), so the columns are fitted to its width: a figure's
 * column is at least as wide as its widest figure (while the figures alone fit the page, as the four reports' do), so
 * no amount breaks across lines; names and headers wrap.
 */
import type { Language } from "~/i18n";
import { resources } from "~/i18n/resources";
import { stampInZone } from "~/lib/tenant-clock";
import { makePdf } from "~/modules/contract-pdf/make-pdf.server";
import type { ContractPrint, PrintTable } from "~/modules/contract-pdf/render.server";
import type { BlockName } from "~/modules/contract-pdf/template";
import { cellText, emptyTextKey, labelIn, type ReportData, type ReportKey, type ReportTable } from "./report-types";

/** The renderer's text width (A4, 51 pt margins), its table text size and cell padding. */
const TEXT_WIDTH = 595.28 - 2 * 51;
const TABLE_SIZE = 8.5;
const CELL_PAD = 4;
/** A column of names gets at least this much room when the figures need the rest. */
const LEAST_TEXT_WIDTH = 56;
/**
 * A PDF prints at most this many rows (all tables together): about 60 pages, a few seconds of the Worker's CPU (the
 * renderer lays out every cell's text; 10,000 rows take some 20 s). A longer report is refused with the reason; its
 * Excel file has every row.
 */
export const PDF_MAX_ROWS = 2_000;
/** The renderer's table slots, taken in this order; a report has at most three tables (运营数据报表). */
const SLOTS = ["lines", "plan", "fees"] as const satisfies readonly BlockName[];

/**
 * A text's width in points at the tables' size, without the fonts (the plan is made before they are parsed): figures a
 * little above the bold face's (Noto Sans SC Bold: digits 0.59 em, `,` and `.` 0.33, `%` 0.97, CJK 1 em), so a
 * figure's column always holds it; Latin letters at 0.7 em, above their average 0.57 (a word of m and w may come out
 * wider: names and headers wrap).
 */
export function estimateWidth(text: string, size = TABLE_SIZE): number {
  let em = 0;
  for (const ch of text) {
    if (ch >= "0" && ch <= "9") em += 0.6;
    else if (ch === "," || ch === ".") em += 0.34;
    else if (ch === " ") em += 0.23;
    else if (ch === "%") em += 0.98;
    else if (ch <= "\u007f") em += 0.7;
    else em += 1;
  }
  return em * size;
}

export interface ColumnNeed {
  header: string;
  cells: string[];
  /** figures never wrap: the column is at least as wide as the widest */
  figure: boolean;
}

/**
 * Each column's share of the text width. Every column starts at its least (a figure column its widest figure and its
 * header's longest word, a name column LEAST_TEXT_WIDTH); the room left goes first to the name columns up to their
 * widest text (a wrapped name makes every row taller), then to the figure columns' headers (a wrapped header costs one
 * row), then the rest to the name columns. Shares add up to 1.
 */
export function columnShares(columns: ColumnNeed[], width = TEXT_WIDTH): number[] {
  const fit = (s: string) => estimateWidth(s) + 2 * CELL_PAD + 2;
  const widest = (texts: string[]) => texts.reduce((m, s) => Math.max(m, fit(s)), 0);
  // a header breaks at its spaces and between CJK characters
  const words = (s: string) => s.match(/[\x21-\x7e]+|[^\s\x00-\x7f]/g) ?? [];
  const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
  const natural = columns.map((c) => Math.max(fit(c.header), widest(c.cells)));
  const widths = columns.map((c, i) => Math.min(natural[i]!, c.figure ? Math.max(widest(c.cells), widest(words(c.header))) : Math.max(LEAST_TEXT_WIDTH, widest(words(c.header)))));
  let room = width - sum(widths);
  if (room < 0) return widths.map((w) => w / sum(widths));
  /** Gives the columns of `of` the room (while it lasts) towards `target`, in proportion to what each lacks. */
  const give = (of: (i: number) => boolean, target: (i: number) => number) => {
    const lack = widths.map((w, i) => (of(i) ? Math.max(0, target(i) - w) : 0));
    const share = Math.min(room, sum(lack));
    if (share <= 0) return;
    lack.forEach((l, i) => (widths[i] = widths[i]! + (l * share) / sum(lack)));
    room -= share;
  };
  const name = (i: number) => !columns[i]!.figure;
  give(name, (i) => natural[i]!);
  give((i) => !name(i), (i) => natural[i]!);
  // the rest to the name columns in proportion to their widths (to every column when all are figures)
  const rest = columns.some((c) => !c.figure) ? name : () => true;
  const restWidth = sum(widths.filter((_, i) => rest(i)));
  return widths.map((w, i) => (rest(i) ? w + (room * w) / restWidth : w) / width);
}

/** A report table in the renderer's terms: the page's columns and cell texts, figures right-aligned, the total row last. */
function printTable(table: ReportTable, lang: string, empty: string): PrintTable {
  const rows = table.rows.map((r) => table.columns.map((c) => cellText(c.kind, r[c.key])));
  const total = table.total && table.rows.length > 0 ? table.columns.map((c) => cellText(c.kind, table.total![c.key])) : undefined;
  const headers = table.columns.map((c) => labelIn(c.label, lang));
  const shares = columnShares(table.columns.map((c, i) => ({ header: headers[i]!, cells: [...rows.map((r) => r[i]!), ...(total ? [total[i]!] : [])], figure: c.kind !== "text" })));
  return { columns: table.columns.map((c, i) => ({ label: headers[i]!, share: shares[i]!, align: c.kind === "text" ? "left" : "right" })), rows, empty, total };
}

export interface ReportPrint {
  report: ReportKey;
  /** the tenant's name, at the top of every page */
  tenant: string;
  /** the tenant's time zone: the file says when it was made in it */
  timeZone: string;
  /** the report's own controls as applied, worded: [label, value] (合同收入's grouping) */
  filters?: [string, string][];
  now?: number;
}

/** The report's title and period as a file name, without the extension: `加班报表-2026-09-01-2026-10-31`. */
export const reportFileName = (title: string, report: ReportData) => `${title}-${report.range.from}-${report.range.to}`;

/** A report's PDF bytes and file name, in the reader's language. Throws PdfFontMissing when the fonts are not in R2. */
export async function reportPdf(files: R2Bucket, report: ReportData, lang: Language, about: ReportPrint): Promise<{ bytes: Uint8Array<ArrayBuffer>; fileName: string }> {
  if (report.tables.length > SLOTS.length) throw new Error(`a report PDF prints at most ${SLOTS.length} tables`);
  const texts = resources[lang].reports;
  const title = texts.titles[about.report];
  const colon = lang === "zh-CN" ? "：" : ": ";
  const line = (label: string, value: string) => ({ type: "paragraph" as const, text: `${label}${colon}${value}` });
  const tables = report.tables.map((t, i) => printTable(t, lang, texts[emptyTextKey(about.report, i)]));
  const none: PrintTable = { columns: [], rows: [], empty: "" };
  const print: ContractPrint = {
    title: `${title} ${report.range.from} ~ ${report.range.to}`,
    runningHead: `${about.tenant} · ${title}`,
    parts: [
      { type: "title", text: title },
      line(texts.range.label, `${report.range.from} ~ ${report.range.to}`),
      ...(about.filters ?? []).map(([label, value]) => line(label, value)),
      line(texts.pdf.generated, `${stampInZone(about.now ?? Date.now(), about.timeZone, false)} (${about.timeZone})`),
      { type: "rule" },
      ...report.tables.flatMap((t, i) => [{ type: "heading" as const, text: labelIn(t.title, lang) }, { type: "block" as const, block: SLOTS[i]! }]),
    ],
    parties: [],
    lines: tables[0] ?? none,
    plan: tables[1] ?? none,
    fees: tables[2] ?? none,
    signatures: [],
    pageLabel: (page, pages) => texts.pdf.page.replace("{{page}}", String(page)).replace("{{pages}}", String(pages)),
    colon,
  };
  const bytes = await makePdf(print, files);
  return { bytes, fileName: `${reportFileName(title, report)}.pdf` };
}
