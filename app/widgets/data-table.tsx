import { Form, Link, useFetcher } from "@remix-run/react";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatCell } from "~/modules/resource/format";
import { INFINITE_CHUNK, labelOf, listHref, PAGE_SIZES, type ColumnDef, type ListQuery } from "~/modules/resource/types";

const TONES: Record<string, string> = { success: "text-success", danger: "text-danger", muted: "text-muted" };

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
}

/**
 * The list table of spec §2: sortable headers (links, so they work without JavaScript), row checkboxes for
 * batch actions, 全选, 暂无数据 with an optional 新增, and the pager shown only when paging and total > 0.
 */
export function DataTable<Row extends { id: number }>({ path, columns, rows, total, query, formId, rowLabel, rowActions, emptyAction }: DataTableProps<Row>) {
  const { t, i18n } = useTranslation("resource");
  const lang = i18n.language;
  const tableRef = useRef<HTMLTableElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const boxes = () => [...(tableRef.current?.querySelectorAll<HTMLInputElement>('input[name="ids"]') ?? [])];
  const toggleAll = (on: boolean) => boxes().forEach((b) => (b.checked = on));

  return (
    <div className="rounded-lg border border-line bg-panel">
      <div ref={scrollRef} className={`overflow-x-auto ${query.size === 0 ? "max-h-[60vh] overflow-y-auto" : ""}`} data-testid="table-scroll">
        <table ref={tableRef} className="w-full border-collapse text-sm" data-testid="data-table">
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
                return (
                  <th key={c.key} scope="col" className="whitespace-nowrap px-3 py-2 font-medium" aria-sort={active ? (query.order === "asc" ? "ascending" : "descending") : undefined}>
                    {c.sortable ? (
                      <Link to={listHref(path, query, { sort: c.key, order: nextOrder, page: 1 })} className="hover:text-brand" preventScrollReset>
                        {labelOf(c.label, lang)}
                        <span aria-hidden className="ml-1 text-xs">
                          {active ? (query.order === "asc" ? "▲" : "▼") : "↕"}
                        </span>
                      </Link>
                    ) : (
                      labelOf(c.label, lang)
                    )}
                  </th>
                );
              })}
              {rowActions ? <th className="px-3 py-2 font-medium">{t("actions")}</th> : null}
            </tr>
          </thead>
          {query.size === 0 && rows.length > 0 ? (
            <InfiniteBody key={listHref(path, { ...query, page: 1 })} path={path} query={query} total={total} firstRows={rows} columns={columns} formId={formId} rowLabel={rowLabel} rowActions={rowActions} lang={lang} scrollRef={scrollRef} />
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
              rows.map((row) => <TableRow key={row.id} row={row} columns={columns} formId={formId} rowLabel={rowLabel} rowActions={rowActions} lang={lang} />)
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
  );
}

type RowProps<Row extends { id: number }> = Pick<DataTableProps<Row>, "columns" | "formId" | "rowLabel" | "rowActions"> & { lang: string };

function TableRow<Row extends { id: number }>({ row, columns, formId, rowLabel, rowActions, lang, style }: RowProps<Row> & { row: Row; style?: React.CSSProperties }) {
  const { t } = useTranslation("resource");
  return (
    <tr className="border-b border-line last:border-0 hover:bg-canvas" style={style}>
      {formId ? (
        <td className="px-3 py-2">
          <input type="checkbox" name="ids" value={row.id} form={formId} aria-label={t("selectRow", { label: rowLabel(row) })} />
        </td>
      ) : null}
      {columns.map((c) => {
        const cell = formatCell(c, (row as Record<string, unknown>)[c.key], lang);
        return (
          <td key={c.key} className={`max-w-64 truncate whitespace-nowrap px-3 py-2 ${cell.tone ? TONES[cell.tone] : "text-ink"}`} title={c.titleKey ? String((row as Record<string, unknown>)[c.titleKey] ?? cell.text) : cell.text}>
            {cell.text}
          </td>
        );
      })}
      {rowActions ? <td className="whitespace-nowrap px-3 py-2">{rowActions(row)}</td> : null}
    </tr>
  );
}

/** Row height of the virtual window: 0.48 rem (spec §2), in pixels of the current root font size. */
function rowHeightPx(): number {
  if (typeof document === "undefined") return 48;
  return 0.48 * parseFloat(getComputedStyle(document.documentElement).fontSize || "100");
}

/**
 * No paging (size 0): only the rows in view are in the page (a virtual window), and the next chunk of rows is
 * fetched as the user nears the end, until the total is reached.
 */
function InfiniteBody<Row extends { id: number }>({ path, query, total, firstRows, scrollRef, ...rowProps }: RowProps<Row> & { path: string; query: ListQuery; total: number; firstRows: Row[]; scrollRef: React.RefObject<HTMLDivElement> }) {
  const [rows, setRows] = useState(firstRows);
  const fetcher = useFetcher<{ rows: Row[] }>();
  const loadedPages = useRef(1);
  const height = useMemo(rowHeightPx, []);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scrollRef.current, estimateSize: () => height, overscan: 10 });
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1)?.index ?? 0;

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const more = fetcher.data.rows;
    setRows((have) => (have.length < loadedPages.current * INFINITE_CHUNK ? [...have, ...more] : have));
  }, [fetcher.state, fetcher.data]);
  useEffect(() => {
    const want = last >= rows.length - 20 && rows.length < total && fetcher.state === "idle" && rows.length === loadedPages.current * INFINITE_CHUNK;
    if (!want) return;
    loadedPages.current += 1;
    fetcher.load(listHref(path, query, { page: loadedPages.current }));
  }, [last, rows.length, total, fetcher, path, query]);

  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const span = rowProps.columns.length + (rowProps.formId ? 1 : 0) + (rowProps.rowActions ? 1 : 0);
  return (
    <tbody data-loaded={rows.length}>
      {top > 0 ? <tr aria-hidden style={{ height: top }}><td colSpan={span} /></tr> : null}
      {items.map((v) => (
        <TableRow key={rows[v.index]!.id} row={rows[v.index]!} {...rowProps} style={{ height }} />
      ))}
      {bottom > 0 ? <tr aria-hidden style={{ height: bottom }}><td colSpan={span} /></tr> : null}
    </tbody>
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
      <Link to={listHref(path, query, { page: page - 1 })} className={linkClass} aria-disabled={page <= 1 || undefined} preventScrollReset>
        {t("previous")}
      </Link>
      <span aria-current="page">{t("page", { page, pages })}</span>
      <Link to={listHref(path, query, { page: page + 1 })} className={linkClass} aria-disabled={page >= pages || undefined} preventScrollReset>
        {t("next")}
      </Link>
      <Form method="get" action={path} className="flex items-center gap-1">
        {Object.entries(query.filters).map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        {query.sort ? (
          <>
            <input type="hidden" name="sort" value={query.sort} />
            <input type="hidden" name="order" value={query.order} />
          </>
        ) : null}
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
