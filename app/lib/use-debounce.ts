import { useEffect, useMemo, useRef, useState } from "react";
import { cleanSearchText } from "./validators";

/** Spec §4: search forms and table filter text wait 500 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500;

export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  /** Drops a pending call. */
  cancel(): void;
  /** Runs a pending call now (e.g. on Enter or submit). */
  flush(): void;
}

/** A function that runs only after calls stop for `wait` ms, with the last call's arguments. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, wait = SEARCH_DEBOUNCE_MS): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: A | null = null;
  const run = () => {
    timer = null;
    const args = pending;
    pending = null;
    if (args) fn(...args);
  };
  const debounced = ((...args: A) => {
    pending = args;
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(run, wait);
  }) as Debounced<A>;
  debounced.cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    pending = null;
  };
  debounced.flush = () => {
    if (timer !== null) clearTimeout(timer);
    run();
  };
  return debounced;
}

/** A debounced callback that always calls the latest `fn` and is cancelled on unmount. */
export function useDebouncedCallback<A extends unknown[]>(fn: (...args: A) => void, wait = SEARCH_DEBOUNCE_MS): Debounced<A> {
  const latest = useRef(fn);
  latest.current = fn;
  const debounced = useMemo(() => debounce((...args: A) => latest.current(...args), wait), [wait]);
  useEffect(() => debounced.cancel, [debounced]);
  return debounced;
}

/** The value as it was `wait` ms after it last changed. */
export function useDebouncedValue<T>(value: T, wait = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), wait);
    return () => clearTimeout(timer);
  }, [value, wait]);
  return settled;
}

/**
 * Search text as the search form and table filters send it (spec §4, §5): trimmed, without %,
 * 500 ms after typing stops, and not again when only spaces or % changed.
 */
export function debounceSearch(onSearch: (text: string) => void, initial = "", wait = SEARCH_DEBOUNCE_MS): Debounced<[string]> {
  let last = cleanSearchText(initial);
  return debounce((raw: string) => {
    const text = cleanSearchText(raw);
    if (text === last) return;
    last = text;
    onSearch(text);
  }, wait);
}

/** {@link debounceSearch} for a component: call it from onChange, `.flush()` on Enter; cancelled on unmount. */
export function useSearchText(onSearch: (text: string) => void, initial = "", wait = SEARCH_DEBOUNCE_MS): Debounced<[string]> {
  const latest = useRef(onSearch);
  latest.current = onSearch;
  const debounced = useMemo(() => debounceSearch((text) => latest.current(text), initial, wait), [wait]); // eslint-disable-line react-hooks/exhaustive-deps -- `initial` only seeds the first value; a new one must not reset the pending search
  useEffect(() => debounced.cancel, [debounced]);
  return debounced;
}
