import type { RequestScope } from "~/modules/access/access.server";
import { centsOf } from "~/lib/cents";
import { formatCell } from "~/lib/list/format";
import { formatZonedTime } from "~/lib/tenant-clock";
import { moneyCell, readXlsx, xlsxBlob } from "~/lib/xlsx.server";
import { createRow, listResource, type AnyResource, type FieldErrors } from "./resource.server";
import { isDataColumn, labelOf, sheetFields, type FormFieldDef, type ListQuery, type ResourceView } from "~/lib/list/types";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
/** An export holds at most this many rows; a filter narrows a bigger list. */
export const EXPORT_MAX_ROWS = 50_000;
export const IMPORT_MAX_ROWS = 1_000;
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

function fileResponse(blob: Blob, name: string): Response {
  return new Response(blob, {
    headers: {
      "Content-Type": XLSX,
      "Content-Disposition": `attachment; filename="${name.replace(/[^\x20-\x7e]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      "Cache-Control": "no-store",
    },
  });
}

/** A file name's time: now in the tenant's zone, as 202611231605. */
const stamp = (timeZone: string) => formatZonedTime(Date.now(), timeZone).replace(/[-:T]/g, "");
const bold = (value: string) => ({ value, fontWeight: "bold" as const });

/**
 * A cell as the page shows it; money (38,000.50) as a number with two decimals, so the sheet can add it up. Text that
 * is not an amount (不限 for no credit limit, a margin with its percentage) stays text.
 */
function cellOf(text: string, money: boolean | undefined) {
  const cents = money ? centsOf(text) : null;
  return cents === null ? { value: text } : moneyCell(cents);
}

/** An Excel sheet's name: at most 31 characters, none of []:*?/\ */
const sheetName = (name: string) => name.replace(/[[\]:*?/\\]/g, " ").slice(0, 31);
const header = (fields: FormFieldDef[], lang: string) => fields.map((f) => bold(`${f.required ? "*" : ""}${labelOf(f.label, lang)}`));
/** The lines sheet's first column: the head's rowLabel field, which names the line's record */
const headColumn = (view: ResourceView) => sheetFields(view).find((f) => f.key === view.rowLabel) ?? { key: view.rowLabel, label: { zh: view.rowLabel, en: view.rowLabel }, type: "text" as const };

/**
 * The filtered list as an .xlsx file, columns and values as the table shows them in the user's language; a view with
 * a lines sheet adds the rows' lines as a second sheet in the import's own columns.
 */
export async function exportResource(scope: RequestScope, res: AnyResource, query: ListQuery, lang: string): Promise<Response> {
  const { rows } = await listResource(scope, res, { ...query, page: 1, size: EXPORT_MAX_ROWS });
  // the sheet numbers its own rows (no 序号); an expand column's fields become columns of their own
  const columns = res.view.columns.flatMap((c) => (c.type === "expand" ? (c.fields ?? []) : isDataColumn(c) ? [c] : []));
  const data = [columns.map((c) => bold(labelOf(c.label, lang))), ...rows.map((row: Record<string, unknown>) => columns.map((c) => cellOf(formatCell(c, row[c.key], lang, scope.user.timeZone).text, c.money)))];
  const title = labelOf(res.view.title, lang);
  const lines = res.view.sheet?.lines;
  const sheets = [{ data, sheet: sheetName(title), columns: columns.map(() => ({ width: 18 })) }];
  if (lines && res.sheetLines) {
    const fields = [headColumn(res.view), ...lines.fields];
    const body = (await res.sheetLines(scope, rows.map((r: { id: number }) => r.id), lang)).map((l) => [{ value: l.head }, ...lines.fields.map((f) => ({ value: l.values[f.key] ?? "" }))]);
    sheets.push({ data: [header(fields, lang), ...body], sheet: sheetName(labelOf(lines.title, lang)), columns: fields.map(() => ({ width: 16 })) });
  }
  const blob = await xlsxBlob(sheets);
  return fileResponse(blob, `${title}-${stamp(scope.user.timeZone)}.xlsx`);
}

/** The import template: a header row with the fields an import reads (required ones marked *), and the lines sheet's. */
export async function importTemplate(res: AnyResource, lang: string): Promise<Response> {
  const head = header(sheetFields(res.view), lang);
  const lines = res.view.sheet?.lines;
  const sheets = [{ data: [head], sheet: sheetName(labelOf(res.view.title, lang)), columns: head.map(() => ({ width: 20 })) }];
  if (lines) {
    const fields = [{ ...headColumn(res.view), required: true }, ...lines.fields];
    sheets.push({ data: [header(fields, lang)], sheet: sheetName(labelOf(lines.title, lang)), columns: fields.map(() => ({ width: 16 })) });
  }
  const blob = await xlsxBlob(sheets);
  return fileResponse(blob, `${labelOf(res.view.title, lang)}-template.xlsx`);
}

export interface ImportReport {
  created: number;
  rejected: { row: number; reasons: { field: string; message: string }[] }[];
  /** a problem with the file itself (not xlsx, empty, too big, unknown header) */
  fileError?: string;
}

type Options = Record<string, { value: string; label: string }[]>;
type Cells = unknown[];

/** A sheet's header cells → the fields they name (a field's label in either language, with or without the * mark, or its key). */
function columnsOf(headerRow: Cells, fields: FormFieldDef[]): Map<number, FormFieldDef> {
  const columns = new Map<number, FormFieldDef>();
  headerRow.forEach((cell, i) => {
    const name = String(cell ?? "")
      .replace(/^\*/, "")
      .trim();
    const f = fields.find((x) => x.label.zh === name || x.label.en.toLowerCase() === name.toLowerCase() || x.key === name);
    if (f) columns.set(i, f);
  });
  return columns;
}

/**
 * A row's cells as posted values: a date cell as its day, a select's option by its label (either language) or by the
 * label's name without the note in brackets (a vehicle's plate for 沪A12345（3号）).
 */
function valuesOf(cells: Cells, fields: FormFieldDef[], columns: Map<number, FormFieldDef>, options: Options): Record<string, string> {
  const values: Record<string, string> = {};
  for (const f of fields) values[f.key] = f.defaultValue ?? "";
  for (const [i, f] of columns) {
    const raw = cells[i];
    let text = raw instanceof Date ? raw.toISOString().slice(0, 10) : raw === null || raw === undefined ? "" : String(raw).trim();
    const choices = f.options?.map((o) => ({ value: o.value, labels: [o.label.zh, o.label.en] })) ?? options[f.key]?.map((o) => ({ value: o.value, labels: [o.label, o.label.replace(/[（(].*[）)]$/, "").trim()] }));
    const hit = text === "" ? undefined : choices?.find((c) => c.labels.includes(text));
    if (hit) text = hit.value;
    values[f.key] = text;
  }
  return values;
}

const filled = (r: Cells) => r.some((c) => c !== null && c !== undefined && String(c).trim() !== "");

/**
 * Imports rows from an .xlsx file through the same validation as the form: every valid row is saved, every
 * rejected row is reported with its reasons (nothing is dropped silently). Headers match a form field's label
 * in either language, with or without the * mark; select fields take the option's label or value. A view with a
 * lines sheet reads it too: each line joins the head row its first column names, and a refused line is reported
 * on its head's row as `<key>[<the line's own row in its sheet>].<field>`.
 */
export async function importResource(scope: RequestScope, res: AnyResource, file: File, options: Options): Promise<ImportReport> {
  if (file.size === 0) return { created: 0, rejected: [], fileError: "resource:importEmpty" };
  if (file.size > IMPORT_MAX_BYTES) return { created: 0, rejected: [], fileError: "resource:importTooBig" };
  let book: { sheet: string; data: Cells[] }[];
  try {
    book = (await readXlsx(file)) as { sheet: string; data: Cells[] }[];
  } catch {
    return { created: 0, rejected: [], fileError: "resource:importNotExcel" };
  }
  const lineSheet = res.view.sheet?.lines;
  const names = lineSheet ? [lineSheet.title.zh, lineSheet.title.en] : [];
  const sheet = book.find((b) => !names.includes(b.sheet))?.data ?? [];
  const [headerRow = [], ...body] = sheet;
  const fields = sheetFields(res.view);
  const columnOf = columnsOf(headerRow, fields);
  if (columnOf.size === 0) return { created: 0, rejected: [], fileError: "resource:importNoHeader" };
  const rows = body.filter(filled);
  if (rows.length > IMPORT_MAX_ROWS) return { created: 0, rejected: [], fileError: "resource:importTooMany" };

  // the lines, by the value of the head's rowLabel that names them, each with its own row in the lines sheet
  const linesOf = new Map<string, { row: number; values: Record<string, string> }[]>();
  if (lineSheet) {
    const [lineHeader = [], ...lineBody] = book.find((b) => names.includes(b.sheet))?.data ?? [];
    const lineColumns = columnsOf(lineHeader.slice(1), lineSheet.fields);
    lineBody.forEach((cells, i) => {
      if (!filled(cells)) return;
      const head = String(cells[0] ?? "").trim();
      const list = linesOf.get(head) ?? [];
      list.push({ row: i + 2, values: valuesOf(cells.slice(1), lineSheet.fields, lineColumns, options) });
      linesOf.set(head, list);
    });
  }

  const report: ImportReport = { created: 0, rejected: [] };
  const headRow = new Map<string, number>();
  for (const [index, cells] of rows.entries()) {
    const values: Record<string, unknown> = valuesOf(cells, fields, columnOf, options);
    // the sheet's own row number: the header is row 1
    const rowNumber = sheet.indexOf(cells) + 1 || index + 2;
    const head = String(values[res.view.rowLabel] ?? "");
    const first = headRow.get(head);
    if (lineSheet && first !== undefined) {
      report.rejected.push({ row: rowNumber, reasons: [{ field: res.view.rowLabel, message: `resource:importSameHead|${first}` }] });
      continue;
    }
    headRow.set(head, rowNumber);
    const lines = lineSheet ? (linesOf.get(head) ?? []) : [];
    if (lineSheet) values[lineSheet.key] = lines.map((l) => l.values);
    const result = await createRow(scope, res, values);
    if (result.ok) report.created++;
    else report.rejected.push({ row: rowNumber, reasons: reasonsOf(lineSheet ? lineRows(result.errors, lineSheet.key, lines) : result.errors) });
  }
  return report;
}

/** A refused line's key names its row in the lines sheet instead of its place among the head's lines. */
function lineRows(errors: FieldErrors, key: string, lines: { row: number }[]): FieldErrors {
  const pattern = new RegExp(`^${key}\\[(\\d+)\\]`);
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field.replace(pattern, (_, i: string) => `${key}[${lines[Number(i)]?.row ?? Number(i) + 2}]`), message]));
}

const reasonsOf = (errors: FieldErrors) => Object.entries(errors).map(([field, message]) => ({ field, message }));

/**
 * One document as a workbook: its head as label and value rows on the first sheet, each lines table on a sheet of
 * its own with its totals row; every value as the page shows it (options by their labels, money with separators).
 */
export async function documentWorkbook(title: string, head: [string, string, boolean?][], tables: { title: string; header: string[]; money?: boolean[]; rows: string[][]; total?: string[] }[]): Promise<Response> {
  const sheets = [
    { data: head.map(([label, value, money]) => [bold(label), cellOf(value, money)]), sheet: sheetName(title), columns: [{ width: 20 }, { width: 40 }] },
    ...tables.map((t) => ({
      data: [t.header.map(bold), ...t.rows.map((r) => r.map((value, i) => cellOf(value, t.money?.[i]))), ...(t.total ? [t.total.map((value, i) => ({ ...cellOf(value, t.money?.[i]), fontWeight: "bold" as const }))] : [])],
      sheet: sheetName(t.title),
      columns: t.header.map(() => ({ width: 16 })),
    })),
  ];
  return fileResponse(await xlsxBlob(sheets), `${title}.xlsx`);
}
