import { cellText, labelIn, type ReportRow, type ReportTable as Table } from "./report-types";

const alignOf = (kind: string) => (kind === "text" ? "text-left" : "text-right tabular-nums");
const negative = (kind: string, v: unknown) => (kind === "money" || kind === "percent") && typeof v === "number" && v < 0;

/** A report's table: the same columns and cell texts as its Excel sheet, the total row last; negative money in red. */
export function ReportTable({ table, lang, emptyText, testId }: { table: Table; lang: string; emptyText: string; testId?: string }) {
  const cell = (r: ReportRow, key: string, kind: string) => (
    <td key={key} className={`whitespace-nowrap px-3 py-2 ${alignOf(kind)} ${negative(kind, r[key]) ? "text-danger" : ""}`}>
      {cellText(kind as never, r[key])}
    </td>
  );
  return (
    <section className="mb-4">
      <div className="overflow-x-auto rounded-lg border border-line bg-panel">
        <table className="w-full border-collapse text-sm text-ink" data-testid={testId}>
          <caption className="px-3 py-2 text-left font-medium text-ink">{labelIn(table.title, lang)}</caption>
          <thead>
            <tr className="border-y border-line text-muted">
              {table.columns.map((c) => (
                <th key={c.key} scope="col" className={`whitespace-nowrap px-3 py-2 font-normal ${alignOf(c.kind)}`}>
                  {labelIn(c.label, lang)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.length === 0 ? (
              <tr>
                <td colSpan={table.columns.length} className="px-3 py-6 text-center text-muted">
                  {emptyText}
                </td>
              </tr>
            ) : (
              table.rows.map((r, i) => (
                <tr key={i} className="border-b border-line/60 last:border-b-0">
                  {table.columns.map((c) => cell(r, c.key, c.kind))}
                </tr>
              ))
            )}
          </tbody>
          {table.total && table.rows.length > 0 ? (
            <tfoot>
              <tr className="border-t border-line font-semibold">{table.columns.map((c) => cell(table.total!, c.key, c.kind))}</tr>
            </tfoot>
          ) : null}
        </table>
      </div>
    </section>
  );
}
