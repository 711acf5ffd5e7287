import { Form } from "@remix-run/react";
import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { labelOf, listHref, PAGE_SIZES, rowNumber, type ColumnDef, type FilterDef, type ListQuery } from "~/lib/list/types";
import { HeaderFilter } from "./header-filter";
import { TableRow } from "./table-row";
import { ListQueryInputs } from "./list-query-inputs";
import { ListNavigation, QueryLink } from "./list-navigation";
import type { InfiniteBody as InfiniteBodyType } from "./infinite-body";
import { boxClass } from "~/ui/input";

// the virtual window (and its virtualiser) only for lists without paging, which few users choose
const InfiniteBody = lazy(() => import("./infinite-body").then((m) => ({ default: m.InfiniteBody }))) as unknown as typeof InfiniteBodyType;

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
        <select name="size" defaultValue={query.size} aria-label={t("pageSize", { size: query.size })} onChange={(e) => e.currentTarget.form?.requestSubmit()} className={`${boxClass} h-8 px-2`}>
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
