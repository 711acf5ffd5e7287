import { Form } from "@remix-run/react";
import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { formatCell } from "~/lib/list/format";
import { useTimeZone } from "~/lib/use-time-zone";
import { imageCell, labelOf, listHref, PAGE_SIZES, rowNumber, type ColumnDef, type FilterDef, type ListQuery } from "~/lib/list/types";
import { HeaderFilter } from "./header-filter";
import { ListQueryInputs } from "./list-query-inputs";
import { ListNavigation, QueryLink } from "./list-navigation";
import type { InfiniteBody as InfiniteBodyType } from "./infinite-body";

// the previewer (a Radix dialog) loads only when someone opens an image, so lists without images pay nothing
const Previewer = lazy(() => import("./previewer").then((m) => ({ default: m.Previewer })));
// the virtual window (and its virtualiser) only for lists without paging, which few users choose
const InfiniteBody = lazy(() => import("./infinite-body").then((m) => ({ default: m.InfiniteBody }))) as unknown as typeof InfiniteBodyType;

const TONES: Record<string, string> = { success: "text-success", warning: "text-warning", danger: "text-danger", muted: "text-muted" };

export interface DataTableProps<Row extends { id: number }> {
  path: string;
  columns: ColumnDef[];
  rows: Row[];
  total: number;
  query: ListQuery;
  /** id of the form the row checkboxes belong to (batch actions post their ids) */
  formId?: string;
  rowLabel: (row: Row) => string;
  rowActions?: (row: Row) => ReactNode;
  emptyAction?: ReactNode;
  /** the view's filters (with their choices): a column's `headerFilter` names one of them */
  filters?: FilterDef[];
}

/**
 * The list table of spec §2: sortable headers (links, so they work without JavaScript), header filter panels,
 * row checkboxes for batch actions, 全选, the column types of {@link ColumnDef} (序号, expandable rows, images),
 * 暂无数据 with an optional 新增, and the pager shown only when paging and total > 0.
 */
export function DataTable<Row extends { id: number }>({ path, columns, rows, total, query, formId, rowLabel, rowActions, emptyAction, filters = [] }: DataTableProps<Row>) {
  const { t, i18n } = useTranslation("resource");
  const lang = i18n.language;
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const toggleRow = useCallback((id: number) => setExpanded((have) => {
    const next = new Set(have);
    if (!next.delete(id)) next.add(id);
    return next;
  }), []);
  const tableRef = useRef<HTMLTableElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const boxes = () => [...(tableRef.current?.querySelectorAll<HTMLInputElement>('input[name="ids"]') ?? [])];
  const toggleAll = (on: boolean) => boxes().forEach((b) => (b.checked = on));

  return (
    <ListNavigation>
    <div className="rounded-lg border border-line bg-panel">
      <div ref={scrollRef} className={`overflow-x-auto ${query.size === 0 ? "max-h-[60vh] overflow-y-auto" : ""}`} data-testid="table-scroll">
        <table ref={tableRef} className="w-full border-collapse text-sm" data-testid="data-table" onPointerOver={titleIfTruncated}>
          <thead className="sticky top-0 z-10">
            <tr className="border-b border-line bg-canvas text-left text-muted">
              {formId ? (
                <th className="w-10 px-3 py-2">
                  <input type="checkbox" aria-label={t("selectAll")} onChange={(e) => toggleAll(e.currentTarget.checked)} />
                </th>
              ) : null}
              {columns.map((c) => {
                const active = query.sort === c.key;
                const nextOrder = active && query.order === "asc" ? "desc" : "asc";
                const filter = c.headerFilter ? filters.find((f) => f.key === c.headerFilter) : undefined;
                const filtered = filter ? Boolean(query.filters[filter.key]) : false;
                return (
                  <th key={c.key} scope="col" className={`whitespace-nowrap px-3 py-2 font-medium ${filtered ? "text-brand" : ""} ${c.type === "index" || c.type === "expand" ? "w-12" : ""}`} aria-sort={active ? (query.order === "asc" ? "ascending" : "descending") : undefined}>
                    {c.sortable ? (
                      <QueryLink to={listHref(path, query, { sort: c.key, order: nextOrder, page: 1 })} className="hover:text-brand" preventScrollReset>
                        {labelOf(c.label, lang)}
                        <span aria-hidden className="ml-1 text-xs">
                          {active ? (query.order === "asc" ? "▲" : "▼") : "↕"}
                        </span>
                      </QueryLink>
                    ) : (
                      labelOf(c.label, lang)
                    )}
                    {filter ? <HeaderFilter path={path} query={query} filter={filter} label={labelOf(c.label, lang)} /> : null}
                  </th>
                );
              })}
              {rowActions ? <th className="dt-actions font-medium">{t("actions")}</th> : null}
            </tr>
          </thead>
          {query.size === 0 && rows.length > 0 ? (
            <Suspense
              fallback={
                <tbody>
                  {rows.slice(0, 30).map((row, i) => (
                    <TableRow key={row.id} row={row} number={i + 1} columns={columns} formId={formId} rowLabel={rowLabel} rowActions={rowActions} lang={lang} t={t} expanded={expanded} toggleRow={toggleRow} />
                  ))}
                </tbody>
              }
            >
              <InfiniteBody key={listHref(path, { ...query, page: 1 })} path={path} query={query} total={total} firstRows={rows} columns={columns} formId={formId} rowLabel={rowLabel} rowActions={rowActions} lang={lang} t={t} scrollRef={scrollRef} expanded={expanded} toggleRow={toggleRow} />
            </Suspense>
          ) : (
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length + (formId ? 1 : 0) + (rowActions ? 1 : 0)} className="px-3 py-10 text-center text-muted">
                  <p>{t("empty")}</p>
                  {emptyAction ? <div className="mt-3">{emptyAction}</div> : null}
                </td>
              </tr>
            ) : (
              rows.map((row, i) => (
                <TableRow key={row.id} row={row} number={rowNumber(query, i)} columns={columns} formId={formId} rowLabel={rowLabel} rowActions={rowActions} lang={lang} t={t} expanded={expanded} toggleRow={toggleRow} />
              ))
            )}
          </tbody>
          )}
        </table>
      </div>
      <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-line px-3 py-2 text-sm text-muted">
        {formId && rows.length ? (
          <label className="flex items-center gap-2">
            <input type="checkbox" onChange={(e) => toggleAll(e.currentTarget.checked)} />
            {t("selectAll")}
          </label>
        ) : (
          <span />
        )}
        {query.size > 0 && total > 0 ? <Pager path={path} query={query} total={total} /> : <span>{t("total", { total })}</span>}
      </footer>
    </div>
    </ListNavigation>
  );
}

/**
 * Spec §2: a cell shows its whole text as a tooltip only when the text is cut off. The title is set as the pointer
 * reaches the cell (and taken away when a wider window shows it whole), so rows carry no title of their own. A
 * column with a `titleKey` keeps the title it was given: that one adds something the cell does not show.
 */
function titleIfTruncated(e: React.PointerEvent<HTMLTableElement>) {
  const cell = (e.target as Element).closest?.("td.dt-cell");
  if (!(cell instanceof HTMLElement) || cell.hasAttribute("data-own-title")) return;
  if (cell.scrollWidth > cell.clientWidth + 1) cell.title = cell.textContent ?? "";
  else cell.removeAttribute("title");
}

export type RowProps<Row extends { id: number }> = Pick<DataTableProps<Row>, "columns" | "formId" | "rowLabel" | "rowActions"> & {
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

function Pager({ path, query, total }: { path: string; query: ListQuery; total: number }) {
  const { t } = useTranslation("resource");
  const pages = Math.max(1, Math.ceil(total / query.size));
  const page = Math.min(query.page, pages);
  const linkClass = "rounded-md border border-line px-2 py-1 hover:border-brand hover:text-brand aria-disabled:pointer-events-none aria-disabled:opacity-40";
  return (
    <nav aria-label={t("page", { page, pages })} className="flex items-center gap-2" data-testid="pager">
      <span>{t("total", { total })}</span>
      <QueryLink to={listHref(path, query, { page: page - 1 })} className={linkClass} aria-disabled={page <= 1 || undefined} preventScrollReset>
        {t("previous")}
      </QueryLink>
      <span aria-current="page">{t("page", { page, pages })}</span>
      <QueryLink to={listHref(path, query, { page: page + 1 })} className={linkClass} aria-disabled={page >= pages || undefined} preventScrollReset>
        {t("next")}
      </QueryLink>
      <Form method="get" action={path} className="flex items-center gap-1">
        <ListQueryInputs query={query} filters={Object.entries(query.filters)} size={false} />
        <select name="size" defaultValue={query.size} aria-label={t("pageSize", { size: query.size })} onChange={(e) => e.currentTarget.form?.requestSubmit()} className="h-8 rounded-md border border-line bg-panel px-2">
          {PAGE_SIZES.map((s) => (
            <option key={s} value={s}>
              {s === 0 ? t("noPaging") : t("pageSize", { size: s })}
            </option>
          ))}
        </select>
        <noscript>
          <button type="submit" className={linkClass}>
            OK
          </button>
        </noscript>
      </Form>
    </nav>
  );
}
