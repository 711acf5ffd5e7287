import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanSearchText } from "./validators";
import { debounce, debounceSearch, SEARCH_DEBOUNCE_MS } from "./use-debounce";

describe("search debounce (spec §4: 500 ms)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sends one search 500 ms after the last keystroke, with the last text, trimmed and without %", () => {
    const search = vi.fn();
    const onType = debounce((text: string) => search(cleanSearchText(text)));
    onType("塔");
    vi.advanceTimersByTime(300);
    onType("塔吊 %");
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    expect(search).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith("塔吊");
    expect(SEARCH_DEBOUNCE_MS).toBe(500);
  });
  it("flush sends a pending search at once (Enter), cancel drops it (unmount)", () => {
    const search = vi.fn();
    const onType = debounce(search);
    onType("a");
    onType.flush();
    expect(search).toHaveBeenCalledWith("a");
    onType("b");
    onType.cancel();
    vi.advanceTimersByTime(1000);
    expect(search).toHaveBeenCalledTimes(1);
    onType.flush();
    expect(search).toHaveBeenCalledTimes(1);
  });
  it("search text is sent trimmed and without %, and not again when only spaces or % changed", () => {
    const search = vi.fn();
    const onType = debounceSearch(search, "塔吊");
    onType(" 塔吊 ");
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    expect(search).not.toHaveBeenCalled();
    onType("塔吊 5%");
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    expect(search).toHaveBeenLastCalledWith("塔吊 5");
    onType("塔吊 5 ");
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    onType("");
    onType.flush();
    expect(search.mock.calls).toEqual([["塔吊 5"], [""]]);
  });
});
