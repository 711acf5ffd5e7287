import { describe, expect, it } from "vitest";
import { formatCell, formatDuration } from "./format";

describe("duration cells", () => {
  it("shows seconds under a minute, then minutes and seconds, in both languages", () => {
    expect(formatDuration(4200, "zh-CN")).toBe("4秒");
    expect(formatDuration(75_000, "zh-CN")).toBe("1分15秒");
    expect(formatDuration(120_000, "zh-CN")).toBe("2分钟");
    expect(formatDuration(4200, "en-US")).toBe("4 s");
    expect(formatDuration(75_000, "en-US")).toBe("1 min 15 s");
    expect(formatDuration(-5, "en-US")).toBe("0 s");
    expect(formatCell({ key: "stay", label: { zh: "停留", en: "Stay" }, type: "duration" }, 61_000, "en-US").text).toBe("1 min 1 s");
  });
});
