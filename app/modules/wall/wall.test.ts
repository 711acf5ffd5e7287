import { describe, expect, it } from "vitest";
import { findScreen } from "~/modules/screens/registry";
import { LINKABLE_NAMES, LINKABLE_SCREENS } from "./screen-links";
import { ageBucket, isStale, STALE_AFTER_MS } from "./wall";

describe("the big screens' rules", () => {
  it("buckets a machine's age as spec §9 does, by whole years on the day", () => {
    expect(ageBucket("2024-12-04", "2026-12-03")).toBe("under3");
    expect(ageBucket("2023-12-04", "2026-12-03")).toBe("under3");
    expect(ageBucket("2023-12-03", "2026-12-03")).toBe("from3to6");
    expect(ageBucket("2020-06", "2026-12-03")).toBe("from3to6");
    expect(ageBucket("2019", "2026-12-03")).toBe("over6");
    expect(ageBucket(null, "2026-12-03")).toBe("unknown");
    expect(ageBucket("不详", "2026-12-03")).toBe("unknown");
    expect(ageBucket("2027-01-01", "2026-12-03")).toBe("unknown");
  });

  it("calls live data stale after a minute, and none at all stale", () => {
    const now = 1_000_000_000;
    expect(isStale(now - STALE_AFTER_MS, now)).toBe(false);
    expect(isStale(now - STALE_AFTER_MS - 1, now)).toBe(true);
    expect(isStale(null, now)).toBe(true);
  });

  it("names the linkable screens as the registry does, and only built ones", () => {
    expect(Object.keys(LINKABLE_NAMES).sort()).toEqual(Object.keys(LINKABLE_SCREENS).sort());
    for (const [path, name] of Object.entries(LINKABLE_NAMES)) {
      const screen = findScreen(path)!;
      expect({ zh: screen.zh, en: screen.en, status: screen.status }).toEqual({ ...name, status: "built" });
    }
  });
});
