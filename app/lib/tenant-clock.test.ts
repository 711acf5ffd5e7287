import { describe, expect, it } from "vitest";
import { dayOf, formatInZone, formatZonedTime, isTimeZone, stampInZone, todayInZone } from "./tenant-clock";
import { dayEndMs, dayStartMs, daysToMs, parseZonedTime } from "./tenant-days";

const HOUR = 3_600_000;
const BERLIN = "Europe/Berlin";
const SHANGHAI = "Asia/Shanghai";
const length = (day: string, zone: string) => dayEndMs(day, zone)! + 1 - dayStartMs(day, zone)!;

describe("tenant clock", () => {
  it("a Shanghai day is 24 hours from 16:00 UTC the day before", () => {
    expect(dayStartMs("2026-11-23", SHANGHAI)).toBe(Date.UTC(2026, 10, 22, 16));
    expect(dayEndMs("2026-11-23", SHANGHAI)).toBe(Date.UTC(2026, 10, 23, 16) - 1);
    expect(length("2026-11-23", SHANGHAI)).toBe(24 * HOUR);
    expect(dayOf(Date.UTC(2026, 10, 22, 16), SHANGHAI)).toBe("2026-11-23");
    expect(dayOf(Date.UTC(2026, 10, 22, 16) - 1, SHANGHAI)).toBe("2026-11-22");
  });

  it("defaults to Asia/Shanghai, the column's default", () => {
    expect(dayStartMs("2026-11-23")).toBe(dayStartMs("2026-11-23", SHANGHAI));
    expect(todayInZone(undefined, Date.UTC(2026, 10, 22, 16, 30))).toBe("2026-11-23");
  });

  it("a Berlin day across the March change has 23 hours", () => {
    expect(dayStartMs("2026-03-29", BERLIN)).toBe(Date.UTC(2026, 2, 28, 23));
    expect(dayEndMs("2026-03-29", BERLIN)).toBe(Date.UTC(2026, 2, 29, 22) - 1);
    expect(length("2026-03-29", BERLIN)).toBe(23 * HOUR);
    expect(length("2026-03-28", BERLIN)).toBe(24 * HOUR);
    expect(dayOf(Date.UTC(2026, 2, 29, 21, 59), BERLIN)).toBe("2026-03-29");
    expect(dayOf(Date.UTC(2026, 2, 29, 22), BERLIN)).toBe("2026-03-30");
  });

  it("a Berlin day across the October change has 25 hours", () => {
    expect(dayStartMs("2026-10-25", BERLIN)).toBe(Date.UTC(2026, 9, 24, 22));
    expect(dayEndMs("2026-10-25", BERLIN)).toBe(Date.UTC(2026, 9, 25, 23) - 1);
    expect(length("2026-10-25", BERLIN)).toBe(25 * HOUR);
    expect(dayOf(Date.UTC(2026, 9, 25, 22, 59), BERLIN)).toBe("2026-10-25");
    expect(dayOf(Date.UTC(2026, 9, 25, 23), BERLIN)).toBe("2026-10-26");
  });

  it("writes every moment as Intl's own parts say, across zones, years and daylight-saving changes", () => {
    // the reference: the wall clock as formatToParts gives it, read part by part
    const byParts = (ms: number, timeZone: string) => {
      const f = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" });
      const p = Object.fromEntries(f.formatToParts(ms).map(({ type, value }) => [type, value]));
      return `${p.year!.padStart(4, "0")}-${p.month}-${p.day} ${String(Number(p.hour) % 24).padStart(2, "0")}:${p.minute}:${p.second}`;
    };
    const moments = [0, Date.UTC(999, 0, 1, 12), Date.UTC(2026, 2, 29, 0, 59, 59), Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 0, 30), Date.UTC(2026, 10, 27, 15, 59, 59, 999)];
    for (let i = 0; i < 200; i++) moments.push(Date.UTC(1990, 0, 1) + i * 7_919_993_117);
    for (const zone of ["Asia/Shanghai", "Europe/Berlin", "America/New_York", "Asia/Kathmandu", "Australia/Lord_Howe", "UTC"]) {
      for (const ms of moments) expect(stampInZone(ms, zone), `${ms} in ${zone}`).toBe(byParts(ms, zone));
    }
  });

  it("refuses what is not a date", () => {
    expect(dayStartMs("2026-02-31", BERLIN)).toBeNull();
    expect(dayEndMs("2026-13-01", SHANGHAI)).toBeNull();
    expect(dayStartMs("yesterday")).toBeNull();
    expect(parseZonedTime("2026-02-30T10:00", SHANGHAI)).toBeNaN();
    expect(parseZonedTime("", SHANGHAI)).toBeNaN();
  });

  it("reads and writes datetime-local values in the zone", () => {
    expect(parseZonedTime("2026-11-23T16:05", SHANGHAI)).toBe(Date.UTC(2026, 10, 23, 8, 5));
    expect(parseZonedTime("2026-07-01T12:00", BERLIN)).toBe(Date.UTC(2026, 6, 1, 10));
    expect(parseZonedTime("2026-12-01 12:00:30", BERLIN)).toBe(Date.UTC(2026, 11, 1, 11, 0, 30));
    expect(parseZonedTime("1763884800000", BERLIN)).toBe(1763884800000);
    expect(formatZonedTime(Date.UTC(2026, 10, 23, 8, 5), SHANGHAI)).toBe("2026-11-23T16:05");
    expect(formatZonedTime(Date.UTC(2026, 9, 25, 0, 30, 9), BERLIN, true)).toBe("2026-10-25T02:30:09");
    expect(formatZonedTime(Date.UTC(2026, 9, 25, 1, 30), BERLIN)).toBe("2026-10-25T02:30");
    expect(stampInZone(Date.UTC(2026, 10, 23, 8, 5, 1), BERLIN)).toBe("2026-11-23 09:05:01");
  });

  it("formats in the user's language in the zone", () => {
    const ms = Date.UTC(2026, 10, 23, 23, 30);
    expect(formatInZone(ms, BERLIN, "en-US", { dateStyle: "medium" })).toBe("Nov 24, 2026");
    expect(formatInZone(ms, "America/New_York", "en-US", { dateStyle: "medium" })).toBe("Nov 23, 2026");
    expect(formatInZone(ms, SHANGHAI, "zh-CN", { dateStyle: "long" })).toBe("2026年11月24日");
  });

  it("knows a zone from a typo", () => {
    expect(isTimeZone(BERLIN)).toBe(true);
    expect(isTimeZone("Europe/Berlinn")).toBe(false);
  });
});

describe("daysToMs", () => {
  it("runs from the first day's first moment to the next day's after the last, across month ends and a DST change", () => {
    expect(daysToMs("2026-11-30", "2026-12-01", "Asia/Shanghai")).toEqual([Date.UTC(2026, 10, 29, 16), Date.UTC(2026, 11, 1, 16)]);
    // New York springs forward on 2026-03-08: that day has 23 hours
    const [from, to] = daysToMs("2026-03-08", "2026-03-08", "America/New_York");
    expect(to - from).toBe(23 * 3_600_000);
    expect(daysToMs("2026-12-31", "2026-12-31", "Asia/Shanghai")[1]).toBe(Date.UTC(2026, 11, 31, 16));
  });
});
