import { DEFAULT_PAGE_SIZE, type ListQuery } from "~/lib/list/types";

/**
 * The list state a GET form keeps besides its own fields, as hidden inputs (a list's state lives in the URL, so a
 * form that submits one part of it must carry the rest): the given filters, the sort, and the page size unless the
 * form has its own size field.
 */
export function ListQueryInputs({ query, filters = [], size = true }: { query: ListQuery; filters?: [string, string][]; size?: boolean }) {
  return (
    <>
      {filters.map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      {query.sort ? (
        <>
          <input type="hidden" name="sort" value={query.sort} />
          <input type="hidden" name="order" value={query.order} />
        </>
      ) : null}
      {size && query.size !== DEFAULT_PAGE_SIZE ? <input type="hidden" name="size" value={query.size} /> : null}
    </>
  );
}
