import { readSheet } from "read-excel-file/universal";
import writeExcelFile from "write-excel-file/universal";
import type { RequestScope } from "~/modules/access/access.server";
import { formatCell } from "~/lib/list/format";
import { formatZonedTime } from "~/lib/tenant-clock";
import { createRow, listResource, type AnyResource, type FieldErrors } from "./resource.server";
import { formInputs, isDataColumn, labelOf, type ListQuery } from "~/lib/list/types";

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

/** The filtered list as an .xlsx file, columns and values as the table shows them in the user's language. */
export async function exportResource(scope: RequestScope, res: AnyResource, query: ListQuery, lang: string): Promise<Response> {
  const { rows } = await listResource(scope, res, { ...query, page: 1, size: EXPORT_MAX_ROWS });
  // the sheet numbers its own rows (no 序号); an expand column's fields become columns of their own
  const columns = res.view.columns.flatMap((c) => (c.type === "expand" ? (c.fields ?? []) : isDataColumn(c) ? [c] : []));
  const data = [columns.map((c) => bold(labelOf(c.label, lang))), ...rows.map((row: Record<string, unknown>) => columns.map((c) => ({ value: formatCell(c, row[c.key], lang, scope.user.timeZone).text })))];
  const blob = await writeExcelFile(data, { columns: columns.map(() => ({ width: 18 })) }).toBlob();
  return fileResponse(blob, `${labelOf(res.view.title, lang)}-${stamp(scope.user.timeZone)}.xlsx`);
}

/** The import template: one header row with the create form's fields (required ones marked *). */
export async function importTemplate(res: AnyResource, lang: string): Promise<Response> {
  const header = formInputs(res.view.form).map((f) => bold(`${f.required ? "*" : ""}${labelOf(f.label, lang)}`));
  const blob = await writeExcelFile([header], { columns: header.map(() => ({ width: 20 })) }).toBlob();
  return fileResponse(blob, `${labelOf(res.view.title, lang)}-template.xlsx`);
}

export interface ImportReport {
  created: number;
  rejected: { row: number; reasons: { field: string; message: string }[] }[];
  /** a problem with the file itself (not xlsx, empty, too big, unknown header) */
  fileError?: string;
}

/**
 * Imports rows from an .xlsx file through the same validation as the form: every valid row is saved, every
 * rejected row is reported with its reasons (nothing is dropped silently). Headers match a form field's label
 * in either language, with or without the * mark; select fields take the option's label or value.
 */
export async function importResource(scope: RequestScope, res: AnyResource, file: File, options: Record<string, { value: string; label: string }[]>): Promise<ImportReport> {
  if (file.size === 0) return { created: 0, rejected: [], fileError: "resource:importEmpty" };
  if (file.size > IMPORT_MAX_BYTES) return { created: 0, rejected: [], fileError: "resource:importTooBig" };
  let sheet: unknown[][];
  try {
    sheet = (await readSheet(await file.arrayBuffer())) as unknown[][];
  } catch {
    return { created: 0, rejected: [], fileError: "resource:importNotExcel" };
  }
  const [header = [], ...body] = sheet;
  const fields = formInputs(res.view.form);
  const columnOf = new Map<number, (typeof fields)[number]>();
  header.forEach((cell, i) => {
    const name = String(cell ?? "")
      .replace(/^\*/, "")
      .trim();
    const f = fields.find((x) => x.label.zh === name || x.label.en.toLowerCase() === name.toLowerCase() || x.key === name);
    if (f) columnOf.set(i, f);
  });
  if (columnOf.size === 0) return { created: 0, rejected: [], fileError: "resource:importNoHeader" };
  const rows = body.filter((r) => r.some((c) => c !== null && c !== undefined && String(c).trim() !== ""));
  if (rows.length > IMPORT_MAX_ROWS) return { created: 0, rejected: [], fileError: "resource:importTooMany" };

  const report: ImportReport = { created: 0, rejected: [] };
  for (const [index, cells] of rows.entries()) {
    const values: Record<string, string> = {};
    for (const f of fields) values[f.key] = f.defaultValue ?? "";
    for (const [i, f] of columnOf) {
      const raw = cells[i];
      let text = raw instanceof Date ? raw.toISOString().slice(0, 10) : raw === null || raw === undefined ? "" : String(raw).trim();
      const choices = f.options?.map((o) => ({ value: o.value, labels: [o.label.zh, o.label.en] })) ?? options[f.key]?.map((o) => ({ value: o.value, labels: [o.label] }));
      const hit = choices?.find((c) => c.labels.includes(text));
      if (hit) text = hit.value;
      values[f.key] = text;
    }
    const result = await createRow(scope, res, values);
    // the sheet's own row number: the header is row 1
    const rowNumber = sheet.indexOf(cells) + 1;
    if (result.ok) report.created++;
    else report.rejected.push({ row: rowNumber || index + 2, reasons: reasonsOf(result.errors) });
  }
  return report;
}

const reasonsOf = (errors: FieldErrors) => Object.entries(errors).map(([field, message]) => ({ field, message }));
