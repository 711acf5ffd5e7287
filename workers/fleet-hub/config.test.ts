import { describe, expect, it } from "vitest";
import { DEFAULT_HUB_SETTINGS, HubConfig, hubSettingsOf } from "./config";

describe("the hub's settings", () => {
  it("are the defaults when the tenant set none", () => {
    expect(hubSettingsOf({})).toEqual(DEFAULT_HUB_SETTINGS);
  });

  it("keep the hub's own values, check the rules' values and keep 48 hot hours at least", () => {
    const s = hubSettingsOf({ offlineAfterMinutes: 3, hotHours: 12, retentionDays: 30, overspeedKmh: 60, idleLevel: 7, faultAlarm: "yes" } as never);
    expect(s.offlineAfterMinutes).toBe(3);
    expect(s.hotHours).toBe(48);
    expect(s.retentionDays).toBe(30);
    expect(s.overspeedKmh).toBe(60);
    // a level outside 1–3 and a value of the wrong type keep their defaults
    expect(s.idleLevel).toBe(DEFAULT_HUB_SETTINGS.idleLevel);
    expect(s.faultAlarm).toBe(DEFAULT_HUB_SETTINGS.faultAlarm);
    expect(hubSettingsOf({ hotHours: 72 }).hotHours).toBe(72);
  });
});

describe("an unknown vehicle's report", () => {
  it("makes the hub look for it again at most every few seconds, and never for a known one", () => {
    const config = new HubConfig();
    config.stale = false;
    expect(config.lookAgainFor(7)).toBe(true);
    expect(config.stale).toBe(true);
    config.stale = false;
    expect(config.lookAgainFor(7)).toBe(false);
    expect(config.stale).toBe(false);
    expect(config.lookAgainFor(8)).toBe(true);
    config.vehicles.set(9, { id: 9, plate: "沪A", orgId: null, modelId: null, terminalNo: "T9", selfNo: null, state: 1 });
    expect(config.lookAgainFor(9)).toBe(false);
  });
});
