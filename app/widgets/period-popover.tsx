import * as Popover from "@radix-ui/react-popover";
import { useRef, type KeyboardEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

export interface PeriodOption {
  key: string;
  label: ReactNode;
  /** Spoken name when the label alone is ambiguous ("一" → "2026年 第一季度"). */
  ariaLabel?: string;
  selected?: boolean;
  disabled?: boolean;
}

export interface PeriodPopoverProps {
  /** Text of the chosen value; the placeholder shows when empty. */
  valueText: string | null;
  placeholder: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  year: number;
  onYearChange: (year: number) => void;
  options: PeriodOption[];
  columns: number;
  onPick: (key: string) => void;
  /** Shows a clear button while a value is chosen. */
  onClear?: () => void;
  id?: string;
  disabled?: boolean;
  className?: string;
}

/**
 * A trigger and a popover with a year header (‹ 2026年 ›) above a grid of periods: shared by the
 * month and quarter pickers. Arrow keys move between periods, Enter picks, Esc closes.
 */
export function PeriodPopover({ valueText, placeholder, open, onOpenChange, year, onYearChange, options, columns, onPick, onClear, id, disabled, className = "" }: PeriodPopoverProps) {
  const { t } = useTranslation("widgets");
  const grid = useRef<HTMLDivElement>(null);

  function moveFocus(e: KeyboardEvent<HTMLDivElement>) {
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -columns, ArrowDown: columns }[e.key];
    if (!step || !grid.current) return;
    const buttons = [...grid.current.querySelectorAll<HTMLButtonElement>("button")];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = buttons[Math.min(buttons.length - 1, Math.max(0, at + step))];
    if (next) {
      e.preventDefault();
      next.focus();
    }
  }

  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <div className={`relative inline-flex h-9 min-w-40 items-center rounded-md border border-line bg-panel text-base focus-within:border-brand ${disabled ? "opacity-60" : ""} ${className}`}>
        <Popover.Trigger asChild disabled={disabled}>
          <button type="button" id={id} aria-haspopup="dialog" className={`h-full flex-1 px-3 text-left ${valueText ? "text-ink" : "text-muted"}`}>
            {valueText ?? placeholder}
          </button>
        </Popover.Trigger>
        {onClear && valueText && !disabled ? (
          <button type="button" onClick={onClear} aria-label={t("clear")} title={t("clear")} className="px-2 text-muted hover:text-brand">
            ×
          </button>
        ) : null}
      </div>
      <Popover.Portal>
        <Popover.Content align="start" sideOffset={4} aria-label={placeholder} className="z-50 w-64 rounded-md border border-line bg-panel p-3 text-ink shadow-lg">
          <div className="mb-2 flex items-center justify-between">
            <button type="button" onClick={() => onYearChange(year - 1)} aria-label={t("period.prevYear")} className="rounded px-2 py-1 text-muted hover:text-brand">
              ‹
            </button>
            <span className="font-medium" aria-live="polite">
              {t("period.year", { year })}
            </span>
            <button type="button" onClick={() => onYearChange(year + 1)} aria-label={t("period.nextYear")} className="rounded px-2 py-1 text-muted hover:text-brand">
              ›
            </button>
          </div>
          <div ref={grid} onKeyDown={moveFocus} className="grid gap-1" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
            {options.map((o) => (
              <button
                key={o.key}
                type="button"
                disabled={o.disabled}
                aria-pressed={o.selected ?? false}
                aria-label={o.ariaLabel}
                onClick={() => onPick(o.key)}
                className={`h-9 rounded-md text-sm disabled:cursor-not-allowed disabled:opacity-40 ${o.selected ? "bg-brand text-white" : "hover:bg-brand-soft hover:text-brand"}`}
              >
                {o.label}
              </button>
            ))}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
