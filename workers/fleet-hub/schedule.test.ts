import { describe, expect, it } from "vitest";
import { ARCHIVE_EVERY_MS, DAILY_FLUSH_MS, FLUSH_DELAY_MS, nextWake, TICK_MS, type WakeReasons } from "./schedule";

const NOW = Date.UTC(2026, 10, 23, 2);
const quiet: WakeReasons = { outboxWaiting: false, anyOnline: false, flagsUp: false, dirtyDays: false, dailyFlushedAt: 0, hasHistory: false, offlineDue: null, scopeExpiresAt: null, sockets: false };
const wake = (reasons: Partial<WakeReasons>) => nextWake(NOW, { ...quiet, ...reasons });

describe("the hub's next alarm", () => {
  it("sleeps for good when nothing is left to do", () => {
    expect(wake({})).toBeNull();
  });

  it("comes within a second while the outbox holds rows, before anything else", () => {
    expect(wake({ outboxWaiting: true, anyOnline: true, dirtyDays: true, hasHistory: true })).toBe(NOW + FLUSH_DELAY_MS);
  });

  it("ticks while a vehicle is online or an alarm flag is up", () => {
    expect(wake({ anyOnline: true, hasHistory: true })).toBe(NOW + TICK_MS);
    expect(wake({ flagsUp: true })).toBe(NOW + TICK_MS);
  });

  it("writes changed roll-ups a minute after the last write, and no sooner than a second from now", () => {
    expect(wake({ dirtyDays: true, dailyFlushedAt: NOW - 10_000 })).toBe(NOW - 10_000 + DAILY_FLUSH_MS);
    expect(wake({ dirtyDays: true, dailyFlushedAt: NOW - DAILY_FLUSH_MS * 5 })).toBe(NOW + FLUSH_DELAY_MS);
  });

  it("archives hourly while the hot history holds positions", () => {
    expect(wake({ hasHistory: true })).toBe(NOW + ARCHIVE_EVERY_MS);
  });

  it("comes earlier for a due offline alarm, and for an expiring data permission only while sockets are open", () => {
    expect(wake({ anyOnline: true, offlineDue: NOW + 5000 })).toBe(NOW + 5000);
    expect(wake({ offlineDue: NOW + 5000 })).toBe(NOW + 5000);
    expect(wake({ anyOnline: true, offlineDue: NOW + TICK_MS * 2 })).toBe(NOW + TICK_MS);
    expect(wake({ hasHistory: true, scopeExpiresAt: NOW + 7000 })).toBe(NOW + ARCHIVE_EVERY_MS);
    expect(wake({ hasHistory: true, scopeExpiresAt: NOW + 7000, sockets: true })).toBe(NOW + 7000);
    expect(wake({ scopeExpiresAt: NOW + 7000, sockets: true, offlineDue: NOW + 5000 })).toBe(NOW + 5000);
  });
});
