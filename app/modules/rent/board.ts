/**
 * The availability board's arithmetic (/quickSchedule), shared by the server that reads the bars and the page that
 * draws them: a month's days, a contract line's bar clipped to the month, lanes for bars that overlap, and the free
 * spans a dispatcher books from. Pure functions of yyyy-MM-dd text: no time zone can move a day.
 */
import { daysInMonth, formatDay, parseDay } from "~/lib/calendar";
import { labelOf } from "~/lib/list/types";
import { CONTRACT_STATES } from "~/modules/contracts/contracts.resource";

/** The contract states a bar is drawn for (contracts.state), in the order of the legend. */
export const BOARD_STATES = { draft: 0, inApproval: 1, approved: 2, executing: 3 } as const;
export type BoardState = keyof typeof BOARD_STATES;
export const BOARD_STATE_OF: Record<number, BoardState> = { 0: "draft", 1: "inApproval", 2: "approved", 3: "executing" };

/** A contract state's name as the contract screens show it (CONTRACT_STATES, the one list), in the page's language. */
export function contractStateName(state: number, lang: string): string {
  const named = CONTRACT_STATES.find((s) => s.value === String(state));
  return named ? labelOf(named.label, lang) : String(state);
}

/** Machines per page of the board (the budget's 2,000 machines are 20 pages). */
export const BOARD_PAGE_SIZE = 100;

/** A contract line on the board, as the server reads it. */
export interface BoardBar {
  lineId: number;
  vehicleId: number;
  contractId: number;
  number: string;
  customer: string | null;
  state: number;
  /** the line's on-rent day */
  from: string;
  /** its off-rent day, else the contract's planned end, else null (open) */
  to: string | null;
}

/** A bar placed in the month: the first and last day index (0-based, inclusive) it covers and its lane. */
export interface PlacedBar extends BoardBar {
  start: number;
  end: number;
  lane: number;
  /** the line goes on before / after the shown month */
  before: boolean;
  after: boolean;
}

/** yyyy-MM → its days as yyyy-MM-dd; null when the text is not a month. */
export function monthDays(month: string): string[] | null {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) return null;
  const year = Number(m[1]);
  const mon = Number(m[2]);
  if (mon < 1 || mon > 12 || year < 2000 || year > 2100) return null;
  return Array.from({ length: daysInMonth(year, mon) }, (_, i) => formatDay({ year, month: mon, day: i + 1 }));
}

/** The month before or after yyyy-MM. */
export function shiftMonth(month: string, n: number): string {
  const first = parseDay(`${month}-01`)!;
  const index = first.year * 12 + first.month - 1 + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/**
 * The bars of one machine placed in the month: clipped to its days, in lanes so that two lines over the same days
 * (a double booking the contract screen refuses, or data from before it did) sit one above the other, never hidden.
 */
export function placeBars(bars: BoardBar[], days: string[]): PlacedBar[] {
  const first = days[0]!;
  const last = days[days.length - 1]!;
  const placed: PlacedBar[] = [];
  const laneEnds: number[] = [];
  for (const bar of [...bars].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : a.lineId - b.lineId))) {
    if (bar.from > last || (bar.to !== null && bar.to < first)) continue;
    const start = bar.from < first ? 0 : days.indexOf(bar.from);
    const end = bar.to === null || bar.to > last ? days.length - 1 : days.indexOf(bar.to);
    let lane = laneEnds.findIndex((e) => e < start);
    if (lane === -1) lane = laneEnds.push(end) - 1;
    else laneEnds[lane] = end;
    placed.push({ ...bar, start, end, lane, before: bar.from < first, after: bar.to === null || bar.to > last });
  }
  return placed;
}

/** The runs of days no bar covers (0-based, inclusive): where a free cell books a new line. */
export function freeSpans(placed: Pick<PlacedBar, "start" | "end">[], dayCount: number): { start: number; end: number }[] {
  const taken = new Array<boolean>(dayCount).fill(false);
  for (const b of placed) for (let i = b.start; i <= b.end; i++) taken[i] = true;
  const spans: { start: number; end: number }[] = [];
  for (let i = 0; i < dayCount; i++) {
    if (taken[i]) continue;
    const start = i;
    while (i + 1 < dayCount && !taken[i + 1]) i++;
    spans.push({ start, end: i });
  }
  return spans;
}

/** Books free days of a machine into a new draft contract line (the contract form reads these and refuses a double booking). */
export const bookingHref = (vehicleId: number, from: string, to: string) => `/contractList/form?new=1&vehicleId=${vehicleId}&from=${from}&to=${to}`;

/** Opens the contract document a bar or a line belongs to. */
export const contractHref = (contractId: number) => `/contractList/form?id=${contractId}`;

/** Whether a day lies within a line's on-rent and off-rent days (an open end is open). */
export const withinLine = (day: string, from: string, to: string | null) => day >= from && (to === null || day <= to);
