import { describe, expect, it } from "vitest";
import { alarmDetailText } from "~/modules/alarms/alarm-detail";
import { intervalLabel, leftLabel, meterLabel, usageLabel } from "./maintenance";

describe("保养计划's figures in words", () => {
  it("writes a meter in tenths of an hour and whole km, with separators", () => {
    expect(meterLabel(52305, 120345)).toEqual({ zh: "5,230.5 小时 / 120,345 公里", en: "5,230.5 h / 120,345 km" });
    expect(meterLabel(52305, null)).toEqual({ zh: "5,230.5 小时", en: "5,230.5 h" });
  });

  it("says what is left, and what is over once passed; the days of a meter already reached are left out", () => {
    expect(leftLabel({ daysLeft: 10, hoursLeft: 500, kmLeft: null })).toEqual({ zh: "10天 / 50.0小时", en: "10 days / 50.0 h" });
    expect(leftLabel({ daysLeft: -3, hoursLeft: null, kmLeft: null })).toEqual({ zh: "超3天", en: "3 days over" });
    expect(leftLabel({ daysLeft: 0, hoursLeft: -125, kmLeft: 800 })).toEqual({ zh: "超12.5小时 / 800公里", en: "12.5 h over / 800 km" });
    expect(leftLabel({ daysLeft: null, hoursLeft: null, kmLeft: null }).zh).toBe("—");
  });

  it("writes the use a day, or none, and the intervals whichever first", () => {
    expect(usageLabel(5, 42.4)).toEqual({ zh: "5.0 小时/天 · 42 公里/天", en: "5.0 h/day · 42 km/day" });
    expect(usageLabel(0, 0)).toEqual({ zh: "近30天无使用", en: "No use in 30 days" });
    expect(intervalLabel({ intervalDays: 365, intervalHours: 500, intervalKm: null })).toEqual({ zh: "每500小时 / 365天，先到为准", en: "Every 500 h / 365 days, whichever first" });
    expect(intervalLabel({ intervalDays: 30, intervalHours: null, intervalKm: null })).toEqual({ zh: "每30天", en: "Every 30 days" });
  });

  it("writes the maintenance alarm's detail as a sentence in both languages", () => {
    const context = { at: Date.now(), timeZone: "Asia/Shanghai" };
    const byHours = { plan: "250小时保养", dueBy: "hours", dueOn: "2026-12-05", meterHours: 5260, dueHours: 5250, meterKm: 120345, dueKm: null };
    expect(alarmDetailText("maintenanceDue", byHours, { ...context, lang: "zh-CN" })).toBe("保养到期：250小时保养，发动机 5,260.0 小时，应于 5,250.0 小时保养");
    expect(alarmDetailText("maintenanceDue", byHours, { ...context, lang: "en-US" })).toBe("Maintenance due: 250小时保养, engine at 5,260.0 h, due at 5,250.0 h");
    expect(alarmDetailText("maintenanceDue", { plan: "年度保养", dueBy: "days", dueOn: "2026-11-28" }, { ...context, lang: "zh-CN" })).toBe("保养到期：年度保养，应于 2026-11-28 保养");
    expect(alarmDetailText("maintenanceDue", { plan: "5000公里保养", dueBy: "km", meterKm: 125310, dueKm: 125000 }, { ...context, lang: "en-US" })).toBe("Maintenance due: 5000公里保养, 125,310 km, due at 125,000 km");
  });
});
