import { useFetcher } from "@remix-run/react";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { INFINITE_CHUNK, listHref, type ListQuery } from "~/lib/list/types";
import { TableRow, type RowProps } from "./table-row";

/** Row height of the virtual window: 0.48 rem (spec §2), in pixels of the current root font size. */
function rowHeightPx(): number {
  if (typeof document === "undefined") return 48;
  return 0.48 * parseFloat(getComputedStyle(document.documentElement).fontSize || "100");
}

/**
 * No paging (size 0): only the rows in view are in the page (a virtual window), and the next chunk of rows is
 * fetched as the user nears the end, until the total is reached.
 */
export function InfiniteBody<Row extends { id: number }>({ path, query, total, firstRows, scrollRef, ...rowProps }: RowProps<Row> & { path: string; query: ListQuery; total: number; firstRows: Row[]; scrollRef: React.RefObject<HTMLDivElement> }) {
  const [rows, setRows] = useState(firstRows);
  const fetcher = useFetcher<{ rows: Row[] }>();
  const loadedPages = useRef(1);
  const height = useMemo(rowHeightPx, []);
  // an expanded row is taller by its sub-row, measured once it is in the page
  const subHeights = useRef(new Map<number, number>());
  const { expanded } = rowProps;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => height + (expanded.has(rows[i]!.id) ? (subHeights.current.get(rows[i]!.id) ?? 0) : 0),
    overscan: 10,
  });
  const onSubRow = useCallback(
    (id: number, el: HTMLElement | null) => {
      if (!el || subHeights.current.get(id) === el.offsetHeight) return;
      subHeights.current.set(id, el.offsetHeight);
      virtualizer.measure();
    },
    [virtualizer],
  );
  useEffect(() => virtualizer.measure(), [expanded, virtualizer]);
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
        <TableRow key={rows[v.index]!.id} row={rows[v.index]!} number={v.index + 1} {...rowProps} style={{ height }} onSubRow={onSubRow} />
      ))}
      {bottom > 0 ? <tr aria-hidden style={{ height: bottom }}><td colSpan={span} /></tr> : null}
    </tbody>
  );
}

