import type { HTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";

/*
 * A light data table for the screens beside the generic list (reports, overdue, collection): plain semantic rows a
 * screen fills itself, with the house's frame, header, number cells and total row. No sorting or paging of its own
 * (the generic list, app/widgets/data-table.tsx, has those); it renders on the server and needs no JavaScript.
 */

/** The frame: a scrolling panel when the columns are wider than the page; `bare` inside a card that is the panel already. */
export function Table({ testId, caption, bare, children }: { testId?: string; caption?: ReactNode; bare?: boolean; children: ReactNode }) {
  const table = (
    <table className="w-full border-collapse text-sm text-ink" data-testid={testId}>
      {caption ? <caption className="border-b border-line px-3 py-2 text-left font-medium text-ink">{caption}</caption> : null}
      {children}
    </table>
  );
  return bare ? <div className="overflow-x-auto">{table}</div> : <div className="overflow-x-auto rounded-lg border border-line bg-panel">{table}</div>;
}

/** The header row. */
export function HeadRow({ children }: { children: ReactNode }) {
  return <tr className="border-b border-line text-muted">{children}</tr>;
}

/** A column's header; `num` right-aligns it over a column of figures, `dense` narrows its padding (a table of many columns). */
export function Th({ num, dense, className = "", ...rest }: ThHTMLAttributes<HTMLTableCellElement> & { num?: boolean; dense?: boolean }) {
  return <th scope="col" className={`whitespace-nowrap py-2 font-normal ${dense ? "px-2" : "px-3"} ${num ? "text-right" : "text-left"} ${className}`} {...rest} />;
}

/** A body row. */
export function Row({ className = "", ...rest }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={`border-b border-line/60 last:border-b-0 ${className}`} {...rest} />;
}

/** A cell; `num` for a figure (right-aligned, tabular digits, on one line), `tone="danger"` for what is owed or negative. */
export function Td({ num, dense, tone, className = "", ...rest }: TdHTMLAttributes<HTMLTableCellElement> & { num?: boolean; dense?: boolean; tone?: "danger" }) {
  return <td className={`py-2 ${dense ? "px-2" : "px-3"} ${num ? "whitespace-nowrap text-right tabular-nums" : ""} ${tone === "danger" ? "text-danger" : ""} ${className}`} {...rest} />;
}

/** The total row, in the table's foot. */
export function TotalRow({ children }: { children: ReactNode }) {
  return (
    <tfoot>
      <tr className="border-t border-line font-semibold text-ink">{children}</tr>
    </tfoot>
  );
}

/** What a table says when it has no rows, in place of the table. */
export function EmptyPanel({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border border-line bg-panel p-6 text-center text-sm text-muted">{children}</p>;
}
