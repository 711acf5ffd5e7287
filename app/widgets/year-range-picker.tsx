import * as Popover from "@radix-ui/react-popover";
import { useEffect, useMemo, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useTranslation } from "react-i18next";
import { todayIn } from "~/lib/calendar";
import { EMPTY_YEAR_RANGE, leftStartFor, markYear, parseYear, pickYear, PANEL_YEARS, yearPanels, yearRangeOf, type YearRangeState } from "~/lib/year-range";
import { moveGridFocus } from "./period-popover";
import { useControllable } from "./use-controllable";
import { useTimeZone } from "~/lib/use-time-zone";

/** A complete range, start ≤ end. */
export interface YearRange {
  start: number;
  end: number;
}

export interface YearRangePickerProps {
  /** Controlled value; leave undefined and use defaultValue to let the picker keep it. */
  value?: YearRange | null;
  defaultValue?: YearRange | null;
  /** Called when both ends are chosen (smaller first), or with null when cleared. */
  onChange?: (value: YearRange | null) => void;
  /** Posts the years as `${name}Start` and `${name}End`. */
  name?: string;
  id?: string;
  disabled?: boolean;
  className?: string;
}

/**
 * Year-range picker (spec §2, §4): start and end inputs, a clear button, and two panels of ten
 * years paged by ten with 'start年 - end年' headers. The first click chooses the start, the
 * second the end (the smaller year goes first) and closes the panels; hovering previews the range.
 * Years can also be typed; an end before the start swaps.
 */
export function YearRangePicker({ value: valueProp, defaultValue = null, onChange, name, id, disabled, className = "" }: YearRangePickerProps) {
  const { t } = useTranslation("widgets");
  const [value, setValue] = useControllable<YearRange | null>(valueProp, defaultValue, onChange);
  const [committedStart, committedEnd] = [value?.start ?? null, value?.end ?? null];
  const committed = useMemo(() => yearRangeOf(committedStart, committedEnd), [committedStart, committedEnd]);
  const [state, setState] = useState<YearRangeState>(committed);
  const [open, setOpen] = useState(false);
  const timeZone = useTimeZone();
  const [leftStart, setLeftStart] = useState(() => leftStartFor(committed, Number(todayIn(timeZone).slice(0, 4))));
  const [hovered, setHovered] = useState<number | null>(null);
  const [typed, setTyped] = useState({ start: String(committed.start ?? ""), end: String(committed.end ?? "") });
  const focusPanel = useRef(false);

  // follow the value when it changes (from the parent, or once chosen here)
  useEffect(() => {
    setState(committed);
    setTyped({ start: String(committed.start ?? ""), end: String(committed.end ?? "") });
  }, [committed]);

  function openPanels(withFocus: boolean) {
    if (disabled) return;
    focusPanel.current = withFocus;
    setLeftStart(leftStartFor(state, Number(todayIn(timeZone).slice(0, 4))));
    setOpen(true);
  }

  function choose(year: number) {
    const next = pickYear(state, year);
    setState(next);
    setHovered(null);
    if (next.phase === 2 && next.start !== null && next.end !== null) {
      setValue({ start: next.start, end: next.end });
      setTyped({ start: String(next.start), end: String(next.end) });
      setOpen(false);
    }
  }

  /** Closing without a second click drops the half-chosen range; the inputs keep what they show. */
  function closePanels() {
    setOpen(false);
    setHovered(null);
    setState(yearRangeOf(parseYear(typed.start), parseYear(typed.end)));
  }

  /** Reads the typed years: both valid makes the value (swapped if needed), both empty clears it, anything else waits. */
  function commitTyped() {
    const start = parseYear(typed.start);
    const end = parseYear(typed.end);
    setState(yearRangeOf(start, end));
    if (start !== null && end !== null) {
      const next = { start: Math.min(start, end), end: Math.max(start, end) };
      setTyped({ start: String(next.start), end: String(next.end) });
      if (next.start !== value?.start || next.end !== value?.end) setValue(next);
    } else if (!typed.start.trim() && !typed.end.trim() && value) {
      setValue(null);
    }
  }

  function clear() {
    setState(EMPTY_YEAR_RANGE);
    setTyped({ start: "", end: "" });
    setValue(null);
  }

  const inputClass = "h-full w-20 min-w-0 flex-1 bg-transparent px-2 text-center text-ink placeholder:text-muted focus:outline-none aria-[invalid]:text-danger";
  const yearInput = (which: "start" | "end") => (
    <input
      id={which === "start" ? id : undefined}
      name={name ? `${name}${which === "start" ? "Start" : "End"}` : undefined}
      value={typed[which]}
      placeholder={t(`yearRange.${which}`)}
      aria-label={t(`yearRange.${which}`)}
      aria-invalid={typed[which].trim() !== "" && parseYear(typed[which]) === null ? true : undefined}
      inputMode="numeric"
      maxLength={5}
      autoComplete="off"
      disabled={disabled}
      onChange={(e) => setTyped({ ...typed, [which]: e.target.value })}
      onClick={() => openPanels(false)}
      onBlur={commitTyped}
      onKeyDown={(e) => {
        if (e.key === "Enter") {
          // commit before the browser submits the form, so it posts the swapped years
          flushSync(commitTyped);
          if (open) {
            e.preventDefault();
            closePanels();
          }
        } else if (e.key === "ArrowDown") {
          e.preventDefault();
          openPanels(true);
        }
      }}
      className={inputClass}
    />
  );

  return (
    <Popover.Root open={open} onOpenChange={(next) => (next ? openPanels(true) : closePanels())}>
      <Popover.Anchor asChild>
        <div data-year-range-anchor="" className={`inline-flex h-9 items-center rounded-md border border-line bg-panel text-base focus-within:border-brand ${disabled ? "opacity-60" : ""} ${className}`}>
          {yearInput("start")}
          <span className="text-muted">{t("yearRange.separator")}</span>
          {yearInput("end")}
          {(typed.start || typed.end) && !disabled ? (
            <button type="button" onClick={clear} aria-label={t("clear")} title={t("clear")} className="px-2 text-muted hover:text-brand">
              ×
            </button>
          ) : null}
          <Popover.Trigger asChild disabled={disabled}>
            <button type="button" aria-label={t("yearRange.open")} title={t("yearRange.open")} className="px-2 text-muted hover:text-brand">
              ▾
            </button>
          </Popover.Trigger>
        </div>
      </Popover.Anchor>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          aria-label={t("yearRange.open")}
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            if (!focusPanel.current) return;
            const panels = e.currentTarget as HTMLElement | null;
            (panels?.querySelector<HTMLButtonElement>('button[aria-pressed="true"]') ?? panels?.querySelector<HTMLButtonElement>("[role=group] button"))?.focus();
          }}
          // clicks in the inputs belong to the picker, not outside it
          onInteractOutside={(e) => {
            if ((e.target as HTMLElement | null)?.closest?.("[data-year-range-anchor]")) e.preventDefault();
          }}
          className="z-50 flex gap-4 rounded-md border border-line bg-panel p-3 text-ink shadow-lg"
          onMouseLeave={() => setHovered(null)}
        >
          {yearPanels(leftStart).map((years, side) => (
            <div key={side} className="w-56">
              <div className="mb-2 flex items-center justify-between">
                {side === 0 ? (
                  <button type="button" onClick={() => setLeftStart(leftStart - PANEL_YEARS)} aria-label={t("yearRange.prevPage")} title={t("yearRange.prevPage")} className="rounded px-2 py-1 text-muted hover:text-brand">
                    «
                  </button>
                ) : (
                  <span />
                )}
                <span className="font-medium">{t("yearRange.panelHeader", { start: years[0], end: years[years.length - 1] })}</span>
                {side === 1 ? (
                  <button type="button" onClick={() => setLeftStart(leftStart + PANEL_YEARS)} aria-label={t("yearRange.nextPage")} title={t("yearRange.nextPage")} className="rounded px-2 py-1 text-muted hover:text-brand">
                    »
                  </button>
                ) : (
                  <span />
                )}
              </div>
              <div role="group" aria-label={t("yearRange.panelHeader", { start: years[0], end: years[years.length - 1] })} className="grid grid-cols-4 gap-1" onKeyDown={(e) => moveGridFocus(e, 4)}>
                {years.map((year) => {
                  const mark = markYear(state, year, hovered);
                  return (
                    <button
                      key={year}
                      type="button"
                      aria-pressed={mark.isEdge}
                      onClick={() => choose(year)}
                      onMouseEnter={() => setHovered(year)}
                      onFocus={() => setHovered(year)}
                      className={`h-9 rounded-md text-sm ${mark.isEdge ? "bg-brand text-white" : mark.inRange ? "bg-brand-soft text-brand" : "hover:bg-brand-soft hover:text-brand"}`}
                    >
                      {year}
                    </button>
                  );
                })}
              </div>
            </div>
          ))}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
