import { HeadRow, Row, Table, Td, Th, TotalRow } from "~/ui/table";
import { cellText, labelIn, type ReportRow, type ReportTable as ReportData } from "./report-types";

const negative = (kind: string, v: unknown) => (kind === "money" || kind === "percent") && typeof v === "number" && v < 0;

/** A report's table: the same columns and cell texts as its Excel sheet, the total row last; negative money in red. */
export function ReportTable({ table, lang, emptyText, testId }: { table: ReportData; lang: string; emptyText: string; testId?: string }) {
  // a wrapping column keeps at least 192 px (a block inside the cell: a cell's own min-width is undefined in CSS tables;
  // px, as the root font size is not 16 px: app/tailwind.css scales rem for the big screens)
  const cell = (r: ReportRow, { key, kind, wrap }: ReportData["columns"][number]) => (
    <Td key={key} num={kind !== "text"} tone={negative(kind, r[key]) ? "danger" : undefined} className={wrap ? "" : "whitespace-nowrap"}>
      {wrap ? <div className="min-w-[192px]">{cellText(kind, r[key])}</div> : cellText(kind, r[key])}
    </Td>
  );
  return (
    <section className="mb-4">
      <Table testId={testId} caption={labelIn(table.title, lang)}>
        <thead>
          <HeadRow>
            {table.columns.map((c) => (
              <Th key={c.key} num={c.kind !== "text"}>
                {labelIn(c.label, lang)}
              </Th>
            ))}
          </HeadRow>
        </thead>
        <tbody>
          {table.rows.length === 0 ? (
            <tr>
              <td colSpan={table.columns.length} className="px-3 py-6 text-center text-muted">
                {emptyText}
              </td>
            </tr>
          ) : (
            table.rows.map((r, i) => <Row key={i}>{table.columns.map((c) => cell(r, c))}</Row>)
          )}
        </tbody>
        {table.total && table.rows.length > 0 ? <TotalRow>{table.columns.map((c) => cell(table.total!, c))}</TotalRow> : null}
      </Table>
    </section>
  );
}
