import * as Popover from "@radix-ui/react-popover";
import { Form, useSubmit } from "@remix-run/react";
import { useEffect, useRef, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { labelOf, listHref, type FilterDef, type ListQuery } from "~/lib/list/types";
import { ListQueryInputs } from "./list-query-inputs";
import { Button, LinkButton } from "~/ui/button";
import { boxClass } from "~/ui/input";

const DEBOUNCE_MS = 500;

/**
 * The panel of a header filter: one choice (radio buttons, 全部 first) or a search box, 确定 and 重置.
 * A GET form to the list, carrying the other filters, the sort and the page size, so it sets the same
 * URL parameter as the search bar. Enter applies, Escape closes and gives the focus back to the funnel;
 * typed text also applies after 500 ms of quiet (spec §4), keeping the panel open.
 */
export function HeaderFilterPanel({ anchor, path, query, filter, label, onClose }: { anchor: RefObject<HTMLButtonElement>; path: string; query: ListQuery; filter: FilterDef; label: string; onClose: () => void }) {
  const { t, i18n } = useTranslation("resource");
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const value = query.filters[filter.key] ?? "";
  const rest = Object.entries(query.filters).filter(([k]) => k !== filter.key);
  const resetHref = listHref(path, query, { filters: Object.fromEntries(rest), page: 1 });

  return (
    <Popover.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Popover.Anchor virtualRef={anchor as RefObject<HTMLButtonElement>} />
      <Popover.Portal>
        <Popover.Content
          side="bottom"
          align="start"
          sideOffset={6}
          collisionPadding={8}
          aria-label={t("filterBy", { label })}
          data-testid="header-filter-panel"
          className="z-50 w-60 rounded-lg border border-line bg-panel p-3 text-sm text-ink shadow-xl"
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            formRef.current?.querySelector<HTMLElement>("[data-autofocus]")?.focus();
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            anchor.current?.focus();
          }}
          // a click on the funnel itself toggles through its own handler
          onInteractOutside={(e) => anchor.current?.contains(e.target as Node) && e.preventDefault()}
        >
          <Form
            ref={formRef}
            method="get"
            action={path}
            preventScrollReset
            onSubmit={() => (clearTimeout(timer.current), onClose())}
            onKeyDown={(e) => {
              // Enter on a choice applies it, as it does in the search box
              if (e.key === "Enter" && (e.target as HTMLInputElement).type === "radio") {
                e.preventDefault();
                formRef.current?.requestSubmit();
              }
            }}
          >
            <ListQueryInputs query={query} filters={rest} />
            {filter.type === "select" ? (
              <fieldset className="mb-3 max-h-60 overflow-y-auto">
                <legend className="sr-only">{label}</legend>
                {[{ value: "", label: t("all") }, ...(filter.options ?? []).map((o) => ({ value: o.value, label: labelOf(o.label, i18n.language) }))].map((o) => (
                  <label key={o.value} className="flex cursor-pointer items-center gap-2 rounded px-1 py-1 hover:bg-canvas">
                    <input type="radio" name={filter.key} value={o.value} defaultChecked={o.value === value} data-autofocus={o.value === value ? "" : undefined} />
                    {o.label}
                  </label>
                ))}
              </fieldset>
            ) : (
              <input
                type="search"
                name={filter.key}
                defaultValue={value}
                maxLength={100}
                aria-label={label}
                placeholder={t("filterText")}
                data-autofocus=""
                onChange={() => {
                  clearTimeout(timer.current);
                  timer.current = setTimeout(() => formRef.current && submit(formRef.current, { replace: true, preventScrollReset: true }), DEBOUNCE_MS);
                }}
                className={`${boxClass} mb-3 h-8 w-full px-2`}
              />
            )}
            <div className="flex justify-end gap-2">
              <LinkButton to={resetHref} preventScrollReset onClick={onClose} size="sm">
                {t("reset")}
              </LinkButton>
              <Button type="submit" size="sm">
                {t("confirm")}
              </Button>
            </div>
          </Form>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
