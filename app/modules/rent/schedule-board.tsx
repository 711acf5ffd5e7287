import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef, type CSSProperties, type PointerEvent as ReactPointerEvent } from "react";
import { useTranslation } from "react-i18next";
import { RENT } from "~/modules/rent/texts/rent";
import { weekdayOf, requireDay } from "~/lib/calendar";
import { BOARD_STATE_OF, BOARD_STATES, bookingHref, contractHref, contractStateName, freeSpans, placeBars, type BoardState } from "./board";
import type { BoardData } from "./board.server";
import { DISABLED } from "~/modules/workflow/enablement";

/** A bar's colours by contract state, readable in the light and the dark theme. */
export const STATE_CLASS: Record<BoardState, string> = {
  draft: "bg-slate-400 text-white dark:bg-slate-500",
  inApproval: "bg-amber-500 text-white dark:bg-amber-600",
  approved: "bg-sky-600 text-white dark:bg-sky-500",
  executing: "bg-emerald-600 text-white dark:bg-emerald-500",
};

// sizes in the design's pixels: this app's rem is 100 of them (app/tailwind.css), so the board scales with the page
const LANE = 28;
const rem = (designPx: number) => `${designPx / 100}rem`;
const at = (i: number) => `calc(${i} * var(--day))`;

/**
 * The availability board: machines as rows (their column fixed), the month's days as columns scrolling inside the
 * board, a bar per contract line, hatching for a machine out of service, and the free days as links that book a new
 * draft contract line. Every row is one cell whose bars are positioned by CSS: 100 machines × 31 days stay a light
 * page, and the links work without JavaScript (a free run books all its days; with it, a click books the day and a
 * drag the days dragged over).
 */
export function ScheduleBoard({ data }: { data: BoardData }) {
  const { t, i18n } = useTranslation(RENT);
  const navigate = useNavigate();
  const drag = useRef<{ vehicleId: number; from: number; min: number; max: number; dayPx: number; left: number } | null>(null);
  const { days, today } = data;
  const todayIndex = days.indexOf(today);
  const scroller = useRef<HTMLDivElement>(null);
  // the month opens with today in view (the day columns scroll inside the board)
  useEffect(() => {
    const board = scroller.current;
    const mark = board?.querySelector<HTMLElement>('th[aria-current="date"]');
    if (board && mark) board.scrollLeft = Math.max(0, mark.offsetLeft - board.clientWidth / 2);
  }, [todayIndex, data.query.month]);
  const dayOf = (e: ReactPointerEvent, d: NonNullable<typeof drag.current>) => Math.min(d.max, Math.max(d.min, Math.floor((e.clientX - d.left) / d.dayPx)));

  const onPointerDown = (e: ReactPointerEvent<HTMLTableElement>) => {
    const span = (e.target as HTMLElement).closest<HTMLAnchorElement>("a[data-free]");
    if (!span || e.button !== 0) return;
    const cell = span.parentElement!.getBoundingClientRect();
    const dayPx = cell.width / days.length;
    const d = { vehicleId: Number(span.dataset.vehicle), from: 0, min: Number(span.dataset.start), max: Number(span.dataset.end), dayPx, left: cell.left };
    d.from = dayOf(e, d);
    drag.current = d;
  };
  const onPointerUp = (e: ReactPointerEvent<HTMLTableElement>) => {
    const d = drag.current;
    drag.current = null;
    if (!d) return;
    const to = dayOf(e, d);
    const [a, b] = to < d.from ? [to, d.from] : [d.from, to];
    e.preventDefault();
    navigate(bookingHref(d.vehicleId, days[a]!, days[b]!));
  };

  if (!data.machines.length) {
    return (
      <div className="rounded-lg border border-line bg-panel p-8 text-center" data-testid="board-empty">
        <p className="font-medium text-ink">{t("board.empty")}</p>
        <p className="mt-1 text-sm text-muted">{t("board.emptyHint")}</p>
      </div>
    );
  }
  return (
    <div ref={scroller} className="overflow-x-auto rounded-lg border border-line bg-panel" style={{ "--day": rem(36) } as CSSProperties} data-testid="schedule-board">
      <table
        className="border-separate border-spacing-0 text-xs"
        style={{ width: `calc(${rem(200)} + ${days.length} * var(--day))`, tableLayout: "fixed" }}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        // a click that ended a drag has navigated already: the link's own href would book the whole free run
        onClick={(e) => {
          if ((e.target as HTMLElement).closest("a[data-free]") && e.detail > 0) e.preventDefault();
        }}
      >
        <colgroup>
          <col style={{ width: rem(200) }} />
          {days.map((d) => (
            <col key={d} style={{ width: "var(--day)" }} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <th scope="col" className="sticky left-0 z-20 border-b border-r border-line bg-panel px-2 py-1 text-left font-medium text-muted">
              {t("board.machine")}
            </th>
            {days.map((d, i) => {
              const weekday = weekdayOf(requireDay(d));
              return (
                <th
                  key={d}
                  scope="col"
                  aria-current={i === todayIndex ? "date" : undefined}
                  title={i === todayIndex ? t("board.today") : undefined}
                  className={`border-b border-line px-0 py-1 text-center font-normal ${i === todayIndex ? "bg-brand text-white" : weekday === 0 || weekday === 6 ? "bg-canvas text-muted" : "text-ink"}`}
                >
                  <span className="block font-medium">{i + 1}</span>
                  <span className="block">{t(`board.weekday.${weekday}`)}</span>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {data.machines.map((m) => {
            const placed = placeBars(m.bars, days);
            const lanes = Math.max(1, ...placed.map((b) => b.lane + 1));
            const stopped = m.state === DISABLED;
            return (
              <tr key={m.id} data-testid="board-row" data-plate={m.plate}>
                <th scope="row" className="sticky left-0 z-10 border-b border-r border-line bg-panel px-2 py-1 text-left align-top font-normal">
                  <Link to={`/deviceDetails?id=${m.id}`} className="block truncate font-medium text-brand">
                    {m.plate}
                  </Link>
                  <span className="block truncate text-muted">{[m.modelName, m.orgName].filter(Boolean).join(" · ") || "—"}</span>
                </th>
                <td colSpan={days.length} className="relative border-b border-line p-0" style={{ height: rem(lanes * LANE + 12), backgroundImage: "linear-gradient(to right, var(--color-line) 1px, transparent 1px)", backgroundSize: "var(--day) 100%" }}>
                  {todayIndex >= 0 ? <div aria-hidden className="absolute inset-y-0 bg-brand/10" style={{ left: at(todayIndex), width: "var(--day)" }} /> : null}
                  {stopped ? (
                    <div className="absolute inset-0 flex items-center justify-center bg-[repeating-linear-gradient(45deg,transparent_0_6px,var(--color-line)_6px_8px)] text-muted" title={t("board.outOfServiceTitle", { plate: m.plate })}>
                      {t("board.outOfService")}
                    </div>
                  ) : (
                    freeSpans(placed, days.length).map((s) => (
                      <a
                        key={s.start}
                        href={bookingHref(m.id, days[s.start]!, days[s.end]!)}
                        data-free=""
                        data-vehicle={m.id}
                        data-start={s.start}
                        data-end={s.end}
                        title={t("board.bookTitle", { plate: m.plate, from: days[s.start], to: days[s.end] })}
                        className="absolute inset-y-0 rounded-sm hover:bg-brand/15 focus-visible:bg-brand/15 focus-visible:outline-2 focus-visible:outline-brand"
                        style={{ left: at(s.start), width: at(s.end - s.start + 1) }}
                      >
                        <span className="sr-only">{t("board.bookTitle", { plate: m.plate, from: days[s.start], to: days[s.end] })}</span>
                      </a>
                    ))
                  )}
                  {placed.map((b) => {
                    const state = BOARD_STATE_OF[b.state] ?? "draft";
                    const label = `${b.number}${b.customer ? ` · ${b.customer}` : ""}`;
                    return (
                      <Link
                        key={b.lineId}
                        to={contractHref(b.contractId)}
                        data-testid="board-bar"
                        data-state={state}
                        title={t("board.barTitle", { number: b.number, customer: b.customer ?? "—", from: b.from, to: b.to ?? t("board.open"), state: contractStateName(BOARD_STATES[state], i18n.language) })}
                        className={`absolute z-[1] flex items-center overflow-hidden whitespace-nowrap px-1.5 leading-6 shadow-sm hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ink ${STATE_CLASS[state]} ${b.before ? "" : "rounded-l-md"} ${b.after ? "" : "rounded-r-md"}`}
                        style={{ left: `calc(${b.start} * var(--day) + 1px)`, width: `calc(${b.end - b.start + 1} * var(--day) - 2px)`, top: rem(6 + b.lane * LANE), height: rem(LANE - 4) }}
                      >
                        {label}
                      </Link>
                    );
                  })}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The colours' key under the board. */
export function BoardLegend() {
  const { t, i18n } = useTranslation(RENT);
  return (
    <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted" aria-label={t("board.legend")}>
      {(Object.keys(STATE_CLASS) as BoardState[]).map((s) => (
        <li key={s} className="flex items-center gap-1.5">
          <span aria-hidden className={`inline-block h-3 w-5 rounded-sm ${STATE_CLASS[s]}`} />
          {contractStateName(BOARD_STATES[s], i18n.language)}
        </li>
      ))}
      <li className="flex items-center gap-1.5">
        <span aria-hidden className="inline-block h-3 w-5 rounded-sm border border-line bg-[repeating-linear-gradient(45deg,transparent_0_3px,var(--color-line)_3px_5px)]" />
        {t("board.outOfService")}
      </li>
      <li className="text-muted">{t("board.dragHint")}</li>
    </ul>
  );
}
