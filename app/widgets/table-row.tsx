import { lazy, Suspense, useMemo, useState, type ReactNode } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { formatCell } from "~/lib/list/format";
import { useTimeZone } from "~/lib/use-time-zone";
import { imageCell, labelOf, type ColumnDef } from "~/lib/list/types";

// One row of the list table (widgets/data-table.tsx) and its cells: the table's pages and its virtual window
// (widgets/infinite-body.tsx) both draw rows with it.

// the previewer (a Radix dialog) loads only when someone opens an image, so lists without images pay nothing
const Previewer = lazy(() => import("./previewer").then((m) => ({ default: m.Previewer })));

const TONES: Record<string, string> = { success: "text-success", warning: "text-warning", danger: "text-danger", muted: "text-muted" };

export type RowProps<Row extends { id: number }> = {
  columns: ColumnDef[];
  /** id of the form the row checkboxes belong to (batch actions post their ids) */
  formId?: string;
  rowLabel: (row: Row) => string;
  rowActions?: (row: Row) => ReactNode;
  lang: string;
  /** the table's translator, handed down: one useTranslation per table instead of one per row */
  t: TFunction<"resource">;
  expanded: ReadonlySet<number>;
  toggleRow: (id: number) => void;
};

/** One row, and below it the expanded sub-row with the expand column's fields when it is open. */
export function TableRow<Row extends { id: number }>({ row, number, columns, formId, rowLabel, rowActions, lang, t, expanded, toggleRow, style, onSubRow }: RowProps<Row> & { row: Row; number: number; style?: React.CSSProperties; onSubRow?: (id: number, el: HTMLElement | null) => void }) {
  const values = row as Record<string, unknown>;
  const timeZone = useTimeZone();
  const expander = columns.find((c) => c.type === "expand");
  const open = expander ? expanded.has(row.id) : false;
  const subId = `row-${row.id}-more`;
  const span = columns.length + (formId ? 1 : 0) + (rowActions ? 1 : 0);
  return (
    <>
      <tr className={`border-b border-line hover:bg-canvas ${open ? "bg-canvas" : "last:border-0"}`} style={style}>
        {formId ? (
          <td className="px-3 py-2">
            <input type="checkbox" name="ids" value={row.id} form={formId} aria-label={t("selectRow", { label: rowLabel(row) })} />
          </td>
        ) : null}
        {columns.map((c) => {
          if (c.type === "index") return <td key={c.key} className="whitespace-nowrap px-3 py-2 tabular-nums text-muted">{number}</td>;
          if (c.type === "expand") {
            const label = rowLabel(row);
            return (
              <td key={c.key} className="px-3 py-1">
                <button
                  type="button"
                  aria-expanded={open}
                  aria-controls={open ? subId : undefined}
                  aria-label={t(open ? "collapseRow" : "expandRow", { label })}
                  title={t(open ? "collapseRow" : "expandRow", { label })}
                  onClick={() => toggleRow(row.id)}
                  className="grid h-7 w-7 place-items-center rounded-md text-muted hover:bg-brand-soft hover:text-brand"
                  data-testid="expand-row"
                >
                  <svg aria-hidden viewBox="0 0 16 16" className={`h-4 w-4 transition-transform ${open ? "rotate-90" : ""}`} fill="currentColor">
                    <path d="M5.5 3.5 10.5 8l-5 4.5z" />
                  </svg>
                </button>
              </td>
            );
          }
          if (c.type === "images") return <ImagesCell key={c.key} value={values[c.key]} />;
          const cell = formatCell(c, values[c.key], lang, timeZone);
          return (
            <td key={c.key} className={cell.tone ? `dt-cell ${TONES[cell.tone]}` : "dt-cell"} {...(c.titleKey ? { title: String(values[c.titleKey] ?? cell.text), "data-own-title": "" } : null)}>
              {cell.text}
            </td>
          );
        })}
        {rowActions ? <td className="dt-actions">{rowActions(row)}</td> : null}
      </tr>
      {open && expander ? (
        <tr id={subId} ref={onSubRow ? (el) => onSubRow(row.id, el) : undefined} className="border-b border-line bg-canvas" data-testid="expanded-row">
          <td colSpan={span} className="px-6 pb-3 pt-1">
            {/* kept in view while a wide table scrolls sideways */}
            <dl className="sticky left-6 grid max-w-[9rem] grid-cols-[repeat(auto-fill,minmax(2.2rem,1fr))] gap-x-6 gap-y-2 text-sm">
              {(expander.fields ?? []).map((f) => (
                <div key={f.key} className={f.pre ? "col-span-full" : undefined}>
                  <dt className="text-muted">{labelOf(f.label, lang)}</dt>
                  <dd className={`mt-0.5 text-ink ${f.pre ? "max-h-60 overflow-auto whitespace-pre-wrap break-all rounded-md border border-line bg-panel p-2 font-mono text-xs" : "break-all"}`}>
                    {f.pre ? readable(values[f.key]) : formatCell(f, values[f.key], lang, timeZone).text}
                  </dd>
                </div>
              ))}
            </dl>
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** A long value as written; JSON indented so a person can read it. */
function readable(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/**
 * Up to 4 thumbnails and +N for the rest (spec §2/§9). Each is a link to the file, so it opens without
 * JavaScript; with it, a click opens the previewer at that image, with all of the row's images to page through.
 */
export function ImagesCell({ value }: { value: unknown }) {
  const { t } = useTranslation("resource");
  const { urls, shown, more } = imageCell(value);
  const [open, setOpen] = useState<number | null>(null);
  const items = useMemo(() => urls.map((url, i) => ({ url, name: t("image", { index: i + 1, total: urls.length }) })), [urls, t]);
  if (!urls.length) return <td className="px-3 py-2 text-ink">—</td>;
  const show = (i: number) => (e: React.MouseEvent) => {
    e.preventDefault();
    setOpen(i);
  };
  return (
    <td className="whitespace-nowrap px-3 py-1" data-testid="images-cell">
      <span className="flex items-center gap-1">
        {shown.map((url, i) => (
          <a key={`${url}-${i}`} href={url} target="_blank" rel="noopener noreferrer" onClick={show(i)} className="block h-8 w-8 overflow-hidden rounded border border-line bg-canvas hover:border-brand">
            <img src={url} alt={items[i]!.name} loading="lazy" decoding="async" className="h-full w-full object-cover" />
          </a>
        ))}
        {more > 0 ? (
          <a href={urls[shown.length]} target="_blank" rel="noopener noreferrer" onClick={show(shown.length)} aria-label={t("moreImages", { count: more })} title={t("moreImages", { count: more })} className="grid h-8 min-w-8 place-items-center rounded border border-line px-1 text-xs text-muted hover:border-brand hover:text-brand">
            +{more}
          </a>
        ) : null}
      </span>
      {open !== null ? (
        <Suspense fallback={null}>
          <Previewer items={items} index={open} open onOpenChange={(o) => (o ? undefined : setOpen(null))} />
        </Suspense>
      ) : null}
    </td>
  );
}
