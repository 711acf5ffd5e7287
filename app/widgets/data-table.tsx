import { Form, Link } from "@remix-run/react";
import { useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatCell } from "~/modules/resource/format";
import { labelOf, listHref, PAGE_SIZES, type ColumnDef, type ListQuery } from "~/modules/resource/types";

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
  const boxes = () => [...(tableRef.current?.querySelectorAll<HTMLInputElement>('input[name="ids"]') ?? [])];
  const toggleAll = (on: boolean) => boxes().forEach((b) => (b.checked = on));

  return (
    <div className="rounded-lg border border-line bg-panel">
      <div className="overflow-x-auto">
        <table ref={tableRef} className="w-full border-collapse text-sm" data-testid="data-table">
          <thead>
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
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length + (formId ? 1 : 0) + (rowActions ? 1 : 0)} className="px-3 py-10 text-center text-muted">
                  <p>{t("empty")}</p>
                  {emptyAction ? <div className="mt-3">{emptyAction}</div> : null}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.id} className="border-b border-line last:border-0 hover:bg-canvas">
                  {formId ? (
                    <td className="px-3 py-2">
                      <input type="checkbox" name="ids" value={row.id} form={formId} aria-label={t("selectRow", { label: rowLabel(row) })} />
                    </td>
                  ) : null}
                  {columns.map((c) => {
                    const cell = formatCell(c, (row as Record<string, unknown>)[c.key], lang);
                    return (
                      <td key={c.key} className={`max-w-64 truncate whitespace-nowrap px-3 py-2 ${cell.tone ? TONES[cell.tone] : "text-ink"}`} title={cell.text}>
                        {cell.text}
                      </td>
                    );
                  })}
                  {rowActions ? <td className="whitespace-nowrap px-3 py-2">{rowActions(row)}</td> : null}
                </tr>
              ))
            )}
          </tbody>
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
