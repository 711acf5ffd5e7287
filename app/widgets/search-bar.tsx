import { Form, Link, useLocation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { labelOf, listHref, type FilterDef, type ListQuery } from "~/lib/list/types";
import { ListQueryInputs } from "./list-query-inputs";
import { Button, LinkButton } from "~/ui/button";
import { boxClass } from "~/ui/input";

const DEBOUNCE_MS = 500;

/**
 * The search bar of spec §2: a GET form (bookmarkable, works without JavaScript) with the simple items
 * always shown and the rest behind 展开/收起, 重置, and the 查询条件 chips that each remove one filter.
 * With JavaScript, typing searches after 500 ms of quiet and selects search at once.
 */
export function SearchBar({ path, filters, query }: { path: string; filters: FilterDef[]; query: ListQuery }) {
  const { t, i18n } = useTranslation("resource");
  const lang = i18n.language;
  const submit = useSubmit();
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const hasMore = filters.some((f) => !f.simple && !f.hidden);
  const [expanded, setExpanded] = useState(() => filters.some((f) => !f.simple && !f.hidden && query.filters[f.key]));
  useEffect(() => () => clearTimeout(timer.current), []);
  // the URL can change under the form (a header filter, a removed chip): show its filters, except in the field being
  // typed in; only when the URL's filters change, so a re-render (live rows) never undoes typing that waits to be sent
  const urlFilters = JSON.stringify(query.filters);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    for (const f of filters) {
      const el = form.elements.namedItem(f.key);
      if ((el instanceof HTMLInputElement || el instanceof HTMLSelectElement) && el.type !== "hidden" && el !== document.activeElement) el.value = query.filters[f.key] ?? "";
    }
  }, [urlFilters]); // eslint-disable-line react-hooks/exhaustive-deps -- only a change of the URL's filters, as said above

  const send = (delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const form = formRef.current;
      if (!form) return;
      // nothing changed since the list was loaded (typed and erased, or 查询 already sent it): no navigation, which
      // would also close a confirmation opened in the meantime
      const wanted = new URLSearchParams([...new FormData(form)].filter(([, v]) => typeof v === "string" && v.trim() !== "") as [string, string][]);
      const current = new URLSearchParams(location.search);
      current.delete("page");
      wanted.sort();
      current.sort();
      if (location.pathname === path && wanted.toString() === current.toString()) return;
      submit(form, { replace: true, preventScrollReset: true });
    }, delay);
  };
  const active = filters.filter((f) => query.filters[f.key]);
  const shown = filters.filter((f) => !f.hidden && (f.simple || expanded));

  return (
    <section className="mb-3 rounded-lg border border-line bg-panel p-3" aria-label={t("conditions")}>
      <Form ref={formRef} method="get" action={path} onSubmit={() => clearTimeout(timer.current)} className="flex flex-wrap items-end gap-3" role="search">
        <ListQueryInputs query={query} />
        {filters.map((f) => {
          const id = `filter-${f.key}`;
          const hidden = !shown.includes(f);
          if (hidden) return query.filters[f.key] ? <input key={f.key} type="hidden" name={f.key} value={query.filters[f.key]} /> : null;
          return (
            <label key={f.key} htmlFor={id} className="flex flex-col gap-1 text-sm text-muted">
              {labelOf(f.label, lang)}
              {f.type === "select" ? (
                <select id={id} name={f.key} defaultValue={query.filters[f.key] ?? ""} onChange={() => send(0)} className={`${boxClass} h-9 min-w-32 px-2`}>
                  <option value="">{t("all")}</option>
                  {f.options?.map((o) => (
                    <option key={o.value} value={o.value}>
                      {labelOf(o.label, lang)}
                    </option>
                  ))}
                </select>
              ) : f.type === "date" ? (
                <input id={id} name={f.key} type="date" defaultValue={query.filters[f.key] ?? ""} onChange={() => send(0)} className={`${boxClass} h-9 px-2`} />
              ) : (
                <input
                  id={id}
                  name={f.key}
                  type="search"
                  defaultValue={query.filters[f.key] ?? ""}
                  maxLength={100}
                  onChange={() => send(DEBOUNCE_MS)}
                  className={`${boxClass} h-9 w-56 px-3`}
                />
              )}
            </label>
          );
        })}
        <div className="flex gap-2">
          <Button type="submit">
            {t("search")}
          </Button>
          <LinkButton to={path}>
            {t("reset")}
          </LinkButton>
          {hasMore ? (
            <button type="button" onClick={() => setExpanded((v) => !v)} aria-expanded={expanded} className="h-9 px-2 text-brand">
              {expanded ? t("collapse") : t("expand")}
            </button>
          ) : null}
        </div>
      </Form>
      {active.length ? (
        <div className="mt-3 flex flex-wrap items-center gap-2 text-sm" data-testid="conditions">
          <span className="text-muted">{t("conditions")}</span>
          {active.map((f) => {
            const value = query.filters[f.key]!;
            const shownValue = f.type === "select" ? labelOf(f.options?.find((o) => o.value === value)?.label ?? { zh: value, en: value }, lang) : value;
            const rest = { ...query.filters };
            delete rest[f.key];
            const label = `${labelOf(f.label, lang)}: ${shownValue}`;
            return (
              <Link key={f.key} to={listHref(path, query, { filters: rest, page: 1 })} aria-label={t("removeCondition", { label })} className="rounded-full border border-line bg-canvas px-3 py-0.5 text-ink hover:border-danger hover:text-danger">
                {label} <span aria-hidden>×</span>
              </Link>
            );
          })}
        </div>
      ) : null}
    </section>
  );
}
