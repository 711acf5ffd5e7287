import type { KeyboardEvent, ReactNode } from "react";

export interface TabItem<V extends string = string> {
  value: V;
  label: ReactNode;
  /** The panel; leave it out when the page renders the content itself below the tabs. */
  content?: ReactNode;
  disabled?: boolean;
}

export interface TabsProps<V extends string = string> {
  /** Names the tab list for screen readers. */
  label: string;
  /** Prefix of the tab and panel ids (unique on the page). */
  id: string;
  items: TabItem<V>[];
  value: V;
  onValueChange: (value: V) => void;
  /** Tabs share the width (a narrow side panel) or hug their labels. */
  fill?: boolean;
  className?: string;
}

/**
 * In-page tabs (WAI-ARIA tabs pattern, automatic activation): one tab stop, arrow keys, Home and End
 * move and select. No dependency: a tab list is a few buttons. Tabs that are routes use RouteTabs.
 */
export function Tabs<V extends string>({ label, id, items, value, onValueChange, fill = false, className = "" }: TabsProps<V>) {
  const enabled = items.filter((item) => !item.disabled);
  const onKeyDown = (e: KeyboardEvent) => {
    const at = enabled.findIndex((item) => item.value === value);
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: enabled.length - 1 }[e.key];
    if (next === undefined || enabled.length === 0) return;
    e.preventDefault();
    const target = enabled[(next + enabled.length) % enabled.length]!;
    onValueChange(target.value);
    document.getElementById(`${id}-tab-${target.value}`)?.focus();
  };
  const active = items.find((item) => item.value === value);
  return (
    <div className={className}>
      <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className="flex border-b border-line">
        {items.map((item) => {
          const selected = item.value === value;
          return (
            <button
              key={item.value}
              id={`${id}-tab-${item.value}`}
              role="tab"
              type="button"
              aria-selected={selected}
              aria-controls={item.content !== undefined ? `${id}-panel-${item.value}` : undefined}
              tabIndex={selected ? 0 : -1}
              disabled={item.disabled}
              onClick={() => onValueChange(item.value)}
              className={`-mb-px border-b-2 px-4 py-2 text-sm focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand disabled:opacity-50 ${fill ? "flex-1" : ""} ${selected ? "border-brand font-medium text-brand" : "border-transparent text-muted hover:text-ink"}`}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {active && active.content !== undefined ? (
        <div role="tabpanel" id={`${id}-panel-${active.value}`} aria-labelledby={`${id}-tab-${active.value}`} tabIndex={0} className="focus-visible:outline-2 focus-visible:outline-brand">
          {active.content}
        </div>
      ) : null}
    </div>
  );
}
