import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { addMonths, DEFAULT_WEEK_START, monthGrid, monthOf, moveByKey, pickRangeDay, todayIn, weekHeader, type DayKey, type DayRange, type Weekday } from "~/lib/calendar";
import { MonthPicker, useMonthTitle } from "./month-picker";
import { useTimeZone } from "~/lib/use-time-zone";

interface CalendarBaseProps {
  /** First weekday, 0 Sunday … 6 Saturday; Monday by default (spec §9). */
  weekStart?: Weekday;
  /** Today as yyyy-MM-dd; defaults to today in the tenant's zone so server and browser agree. */
  today?: string;
  /** Shown month as yyyy-MM; follows the selection otherwise. */
  month?: string;
  onMonthChange?: (month: string) => void;
  /** Calendar list counts per yyyy-MM-dd: cells then show 'N条出车登记'. */
  counts?: Readonly<Record<string, number>> | null;
  /** Posts the day (single) or `${name}Start` and `${name}End` (range) as yyyy-MM-dd. */
  name?: string;
  className?: string;
}

export type CalendarProps = CalendarBaseProps &
  (
    | { mode?: "single"; value?: string | null; onSelect?: (date: string) => void }
    | { mode: "range"; value?: DayRange; onSelect?: (range: [string, string | null]) => void }
  );

const DAY_KEYS = new Set<string>(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown"]);

/**
 * Month calendar (spec §2): week header, 42 cells, selected and today marks, click or Enter emits
 * yyyy-MM-dd; in range mode a range lies within one month. Arrow keys move by day and week,
 * Home/End to the week's ends, PageUp/PageDown by month.
 */
export function Calendar(props: CalendarProps) {
  const { weekStart = DEFAULT_WEEK_START, counts = null, className = "" } = props;
  const { t } = useTranslation("widgets");
  const monthTitle = useMonthTitle();
  const timeZone = useTimeZone();
  const today = props.today ?? todayIn(timeZone);

  // uncontrolled unless a value is passed
  const [ownRange, setOwnRange] = useState<DayRange>([null, null]);
  const [ownDay, setOwnDay] = useState<string | null>(null);
  const range: DayRange = props.mode === "range" ? (props.value ?? ownRange) : [null, null];
  const day = props.mode === "range" ? null : props.value !== undefined ? props.value : ownDay;
  const selected = props.mode === "range" ? range : day;
  const anchor = (props.mode === "range" ? range[0] : day) ?? today;

  const [ownMonth, setOwnMonth] = useState(() => monthOf(anchor));
  const month = props.month ?? ownMonth;
  const [focusDate, setFocusDate] = useState(anchor);
  const moved = useRef(false);
  const grid = useRef<HTMLTableElement>(null);

  const [year, monthNumber] = month.split("-").map(Number);
  const cells = monthGrid(year, monthNumber, { weekStart, today, selected, counts });
  // the roving tab stop stays on a day of the shown month
  const tabDate = cells.some((c) => c.date === focusDate && c.place === "current") ? focusDate : (cells.find((c) => c.date === anchor && c.place === "current") ?? cells.find((c) => c.place === "current")!).date;

  function showMonth(next: string) {
    setOwnMonth(next);
    props.onMonthChange?.(next);
  }

  function choose(date: string) {
    setFocusDate(date);
    if (monthOf(date) !== month) {
      // the grid is rebuilt for that month: keep focus on the chosen day
      moved.current = true;
      showMonth(monthOf(date));
    }
    if (props.mode === "range") {
      const next = pickRangeDay(range, date);
      setOwnRange(next);
      props.onSelect?.(next);
    } else {
      setOwnDay(date);
      props.onSelect?.(date);
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLTableElement>) {
    if (!DAY_KEYS.has(e.key)) return;
    e.preventDefault();
    const next = moveByKey(tabDate, e.key as DayKey, weekStart);
    if (next === tabDate) return;
    moved.current = true;
    setFocusDate(next);
    if (monthOf(next) !== month) showMonth(monthOf(next));
  }

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`button[data-date="${tabDate}"]`)?.focus();
  }, [tabDate]);

  const weekdays = weekHeader(weekStart);
  return (
    <div className={`inline-block rounded-md border border-line bg-panel p-3 text-ink ${className}`}>
      <div className="mb-2 flex items-center gap-2">
        <button type="button" onClick={() => showMonth(monthOf(addMonths(`${month}-01`, -1)))} aria-label={t("calendar.prevMonth")} title={t("calendar.prevMonth")} className="rounded px-2 py-1 text-muted hover:text-brand">
          ‹
        </button>
        <MonthPicker value={month} onChange={(m) => m && showMonth(m)} className="flex-1" />
        <button type="button" onClick={() => showMonth(monthOf(addMonths(`${month}-01`, 1)))} aria-label={t("calendar.nextMonth")} title={t("calendar.nextMonth")} className="rounded px-2 py-1 text-muted hover:text-brand">
          ›
        </button>
      </div>
      <table ref={grid} role="grid" aria-label={monthTitle(month)} aria-multiselectable={props.mode === "range" || undefined} onKeyDown={onKeyDown} className="w-full table-fixed border-collapse">
        <thead>
          <tr>
            {weekdays.map((d) => (
              <th key={d} scope="col" className="pb-1 text-center text-xs font-normal text-muted">
                {t(`calendar.weekdays.${d}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: 6 }, (_, row) => (
            <tr key={row}>
              {cells.slice(row * 7, row * 7 + 7).map((c) => {
                const tone = c.isSelected
                  ? "bg-brand text-white"
                  : c.inRange
                    ? "bg-brand-soft text-ink"
                    : c.isToday
                      ? "text-brand hover:bg-brand-soft"
                      : c.place === "current"
                        ? "text-ink hover:bg-brand-soft"
                        : "text-muted hover:bg-brand-soft";
                return (
                  <td key={c.date} role="gridcell" aria-selected={c.isSelected || c.inRange} className="p-0.5">
                    <button
                      type="button"
                      data-date={c.date}
                      tabIndex={c.date === tabDate ? 0 : -1}
                      aria-current={c.isToday ? "date" : undefined}
                      aria-label={c.count ? `${c.date} ${t("calendar.registrations", { count: c.count })}` : c.date}
                      onClick={() => choose(c.date)}
                      onFocus={() => setFocusDate(c.date)}
                      className={`flex w-full flex-col items-center justify-center rounded-md py-1 text-sm ${counts ? "min-h-14" : "h-9"} ${tone} ${c.isToday ? "font-semibold ring-1 ring-brand ring-inset" : ""}`}
                    >
                      <span>{c.day}</span>
                      {c.count ? <span className={`text-xs ${c.isSelected ? "text-white" : "text-brand"}`}>{t("calendar.registrations", { count: c.count })}</span> : null}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {props.name && props.mode === "range" ? (
        <>
          <input type="hidden" name={`${props.name}Start`} value={range[0] ?? ""} />
          <input type="hidden" name={`${props.name}End`} value={range[1] ?? ""} />
        </>
      ) : props.name ? (
        <input type="hidden" name={props.name} value={day ?? ""} />
      ) : null}
    </div>
  );
}
