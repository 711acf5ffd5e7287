import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { labelOf, type FilterDef, type ListQuery } from "~/lib/list/types";

type PanelModule = typeof import("./header-filter-panel");
let panelModule: PanelModule | null = null;
let loading: Promise<PanelModule> | null = null;
/** The panel (a Radix popover) is fetched on the first hover, focus or click of a funnel, so a list's first load stays small. */
function loadPanel(): Promise<PanelModule> {
  loading ??= import("./header-filter-panel").then((m) => (panelModule = m));
  return loading;
}

/**
 * The funnel of a column header (spec §2 header filter panels): opens a small panel that sets one of the
 * list's URL filters by a GET navigation, so the result is bookmarkable like the search bar's. An active
 * filter shows as a filled, highlighted funnel whose name says the value.
 */
export function HeaderFilter({ path, query, filter, label }: { path: string; query: ListQuery; filter: FilterDef; label: string }) {
  const { t, i18n } = useTranslation("resource");
  const [panel, setPanel] = useState<PanelModule | null>(panelModule);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const value = query.filters[filter.key];
  const shown = value && filter.type === "select" ? labelOf(filter.options?.find((o) => o.value === value)?.label ?? { zh: value, en: value }, i18n.language) : value;
  const name = value ? t("filteredBy", { label, value: shown }) : t("filterBy", { label });
  const prefetch = () => void loadPanel().then(setPanel);

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={name}
        title={name}
        data-active={value ? "" : undefined}
        data-testid={`header-filter-${filter.key}`}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => void loadPanel().then((m) => (setPanel(m), setOpen((o) => !o)))}
        className={`ml-1 inline-grid h-6 w-6 place-items-center rounded align-middle hover:bg-brand-soft hover:text-brand ${value ? "bg-brand-soft text-brand" : "text-muted"}`}
      >
        <svg aria-hidden viewBox="0 0 16 16" className="h-3.5 w-3.5" fill={value ? "currentColor" : "none"} stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round">
          <path d="M2 3h12l-4.5 5.5V13l-3-1.5v-3z" />
        </svg>
      </button>
      {panel && open ? <panel.HeaderFilterPanel anchor={button} path={path} query={query} filter={filter} label={label} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
