/**
 * Year-range picker (spec §2, §4, §9): two panels of 10 years paged by 10; selection state
 * 0 nothing, 1 start chosen, 2 both chosen; the smaller year goes first; choosing again restarts.
 */
export const PANEL_YEARS = 10;

export type YearRangePhase = 0 | 1 | 2;
export interface YearRangeState {
  phase: YearRangePhase;
  start: number | null;
  end: number | null;
}

export const EMPTY_YEAR_RANGE: YearRangeState = { phase: 0, start: null, end: null };

/** The state after a click on a year. */
export function pickYear(state: YearRangeState, year: number): YearRangeState {
  if (state.phase === 1 && state.start !== null) {
    return { phase: 2, start: Math.min(state.start, year), end: Math.max(state.start, year) };
  }
  return { phase: 1, start: year, end: null };
}

/** A state from two years typed or loaded (either may be missing); an end before the start swaps. */
export function yearRangeOf(start: number | null, end: number | null): YearRangeState {
  if (start !== null && end !== null) return { phase: 2, start: Math.min(start, end), end: Math.max(start, end) };
  if (start !== null || end !== null) return { phase: 1, start: start ?? end, end: null };
  return EMPTY_YEAR_RANGE;
}

/** First year of the decade holding a year: 2026 → 2020. */
export const decadeOf = (year: number) => Math.floor(year / PANEL_YEARS) * PANEL_YEARS;

/** The two panels shown from a left panel's first year. */
export function yearPanels(leftStart: number): [number[], number[]] {
  const panel = (from: number) => Array.from({ length: PANEL_YEARS }, (_, i) => from + i);
  return [panel(leftStart), panel(leftStart + PANEL_YEARS)];
}

/** The left panel's first year that shows a range: its start's decade. */
export const leftStartFor = (state: YearRangeState, fallbackYear: number) => decadeOf(state.start ?? fallbackYear);

export interface YearMark {
  isEdge: boolean;
  inRange: boolean;
}

/** How a year looks: an end of the range, or inside it; while choosing, the hovered year previews the end. */
export function markYear(state: YearRangeState, year: number, hovered: number | null = null): YearMark {
  if (state.start === null) return { isEdge: false, inRange: false };
  const other = state.phase === 2 ? state.end : hovered;
  if (other === null) return { isEdge: year === state.start, inRange: false };
  const low = Math.min(state.start, other);
  const high = Math.max(state.start, other);
  return { isEdge: year === low || year === high, inRange: year > low && year < high };
}

/** A year typed into the start or end input: four digits, else null. */
export function parseYear(text: string): number | null {
  const trimmed = text.trim().replace(/年$/, "");
  return /^\d{4}$/.test(trimmed) ? Number(trimmed) : null;
}
