import { HeadRow, Row, Table, Td, Th, TotalRow } from "~/ui/table";
import { cellText, labelIn, type ReportRow, type ReportTable as ReportData } from "./report-types";

const negative = (kind: string, v: unknown) => (kind === "money" || kind === "percent") && typeof v === "number" && v < 0;

/** A report's table: the same columns and cell texts as its Excel sheet, the total row last; negative money in red. */
export function ReportTable({ table, lang, emptyText, testId }: { table: ReportData; lang: string; emptyText: string; testId?: string }) {
  const cell = (r: ReportRow, key: string, kind: string) => (
    <Td key={key} num={kind !== "text"} tone={negative(kind, r[key]) ? "danger" : undefined} className="whitespace-nowrap">
      {cellText(kind as never, r[key])}
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
            table.rows.map((r, i) => <Row key={i}>{table.columns.map((c) => cell(r, c.key, c.kind))}</Row>)
          )}
        </tbody>
        {table.total && table.rows.length > 0 ? <TotalRow>{table.columns.map((c) => cell(table.total!, c.key, c.kind))}</TotalRow> : null}
      </Table>
    </section>
  );
}
