import * as Popover from "@radix-ui/react-popover";
import { useRef, type KeyboardEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** Arrow keys move focus between the buttons of a grid (disabled ones stop the move) with the given number of columns. */
export function moveGridFocus(e: KeyboardEvent<HTMLElement>, columns: number) {
  const step = ({ ArrowLeft: -1, ArrowRight: 1, ArrowUp: -columns, ArrowDown: columns } as Record<string, number>)[e.key];
  if (!step) return;
  const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>("button")];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const next = buttons[at + step];
  if (at >= 0 && next && !next.disabled) {
    e.preventDefault();
    next.focus();
  }
}

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
        <Popover.Content
          align="start"
          sideOffset={4}
          aria-label={placeholder}
          // start on the chosen period (else the first one) so arrows and Enter work at once
          onOpenAutoFocus={(e) => {
            const target = grid.current?.querySelector<HTMLButtonElement>('button[aria-pressed="true"]') ?? grid.current?.querySelector<HTMLButtonElement>("button:not(:disabled)");
            if (target) {
              e.preventDefault();
              target.focus();
            }
          }} className="z-50 w-64 rounded-md border border-line bg-panel p-3 text-ink shadow-lg">
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
          <div ref={grid} onKeyDown={(e) => moveGridFocus(e, columns)} className="grid gap-1" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
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
