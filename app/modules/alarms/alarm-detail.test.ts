import { describe, expect, it } from "vitest";
import { alarmDetailText, durationText, faultListText } from "./alarm-detail";
import { J1939_FMI, J1939_NAMES, J1939_SPN } from "./j1939";

const at = Date.parse("2026-11-23T08:02:10Z");
const since = Date.parse("2026-11-23T08:00:00Z");
const zh = { lang: "zh-CN", at, timeZone: "Asia/Shanghai", names: J1939_NAMES };
const en = { ...zh, lang: "en-US" };

describe("alarmDetailText", () => {
  it("writes an overspeed as a sentence with speed, limit and how long", () => {
    const detail = { limitKmh: 80, speed: 101.94, since };
    expect(alarmDetailText("overspeed", detail, zh)).toBe("超速：101.9 km/h，限速 80 km/h，持续 2 分 10 秒");
    expect(alarmDetailText("overspeed", detail, en)).toBe("Overspeed: 101.9 km/h, limit 80 km/h, for 2 min 10 s");
    expect(alarmDetailText("overspeed", { ...detail, fence: "北区工地" }, zh)).toBe("超速：101.9 km/h，限速 80 km/h，持续 2 分 10 秒（围栏 北区工地）");
  });

  it("names a fault's SPN and FMI from the dictionary, and an unknown SPN by its number", () => {
    expect(alarmDetailText("fault", { spn: 110, fmi: 0, count: 1 }, en)).toBe("Fault SPN 110 (engine coolant temperature) FMI 0 (above normal range)");
    expect(alarmDetailText("fault", { spn: 110, fmi: 0, count: 1 }, zh)).toBe("故障 SPN 110（发动机冷却液温度），FMI 0（高于正常范围）");
    expect(alarmDetailText("fault", { spn: 99999, fmi: 4, count: 3 }, en)).toBe("Fault SPN 99999 FMI 4 (voltage below normal or shorted low), 3 occurrences");
    expect(alarmDetailText("fault", { spn: 100, fmi: 1, count: 1 }, { ...en, names: null })).toBe("Fault SPN 100 FMI 1");
  });

  it("writes every other kind of the hub's rules in both languages", () => {
    expect(alarmDetailText("fence_in", { fence: "1号仓库", since }, zh)).toBe("进入围栏：1号仓库");
    expect(alarmDetailText("fence_out", { fence: "Depot 1", since }, en)).toBe("Left fence Depot 1");
    expect(alarmDetailText("off_route", { line: "G15", bufferM: 500, distanceM: 612.4, since }, zh)).toBe("偏离路线 G15：距路线 612 米（允许 500 米）");
    expect(alarmDetailText("fatigue", { since, drivenMinutes: 245 }, en)).toBe("Fatigue: driven for 4 h 5 min without a break");
    expect(alarmDetailText("idle", { since, minutes: 12 }, zh)).toBe("怠速 12 分");
    expect(alarmDetailText("offline", { since, minutes: 45 }, zh)).toBe("离线 45 分，最后在线 2026-11-23 16:00");
    expect(alarmDetailText("fuel_drop", { from: 55, to: 30.25, since }, en)).toBe("Fuel fell from 55% to 30.3%, for 2 min 10 s");
    expect(alarmDetailText("refuel", { from: 30, to: 55, since }, zh)).toBe("油量从 30% 升至 55%，持续 2 分 10 秒");
    expect(alarmDetailText("terminal", { flag: "sos" }, zh)).toBe("终端报警：紧急报警");
    expect(alarmDetailText("terminal", { flag: "power_cut" }, en)).toBe("Terminal alarm: main power cut");
    expect(alarmDetailText("terminal", { flag: "x_custom" }, en)).toBe("Terminal alarm: x_custom");
  });

  it("falls back to the record's plain values for what it does not know, and to nothing for no record", () => {
    expect(alarmDetailText("future_kind", { flag: "sos", limit: 80, path: [1, 2] }, en)).toBe("flag: sos, limit: 80");
    expect(alarmDetailText("overspeed", { speed: "fast" }, en)).toBe("speed: fast");
    expect(alarmDetailText("fault", null, en)).toBeNull();
    expect(alarmDetailText("fault", {}, en)).toBeNull();
  });
});

describe("durationText", () => {
  it("uses the two largest units", () => {
    expect(durationText(42_000, "zh-CN")).toBe("42 秒");
    expect(durationText(3_900_000, "zh-CN")).toBe("1 小时 5 分");
    expect(durationText(3_600_000, "en-US")).toBe("1 h");
    expect(durationText(2 * 86_400_000 + 3 * 3_600_000, "en-US")).toBe("2 d 3 h");
  });
});

describe("J1939 dictionary", () => {
  it("has every FMI 0–31 in both languages", () => {
    expect(J1939_FMI).toHaveLength(32);
    for (const label of J1939_FMI) expect(label.zh && label.en).toBeTruthy();
    expect(J1939_NAMES.fmi(31)).toEqual({ zh: "条件存在", en: "condition exists" });
    expect(J1939_NAMES.fmi(32)).toBeUndefined();
  });

  it("names the common SPNs in both languages", () => {
    expect(J1939_NAMES.spn(100)).toEqual({ zh: "机油压力", en: "engine oil pressure" });
    expect(J1939_NAMES.spn(190)?.zh).toBe("发动机转速");
    for (const label of Object.values(J1939_SPN)) expect(label.zh && label.en).toBeTruthy();
    expect(J1939_NAMES.spn(123456)).toBeUndefined();
  });

  it("lists a vehicle's faults on one line", () => {
    expect(faultListText([{ spn: 110, fmi: 0, count: 1 }, { spn: 97, fmi: 15, count: 2 }], "en-US", J1939_NAMES)).toBe("SPN 110 (engine coolant temperature) FMI 0 (above normal range); SPN 97 (water in fuel) FMI 15 (slightly above normal range) ×2");
  });
});

describe("a tower crane's alarms in words", () => {
  it("writes a high wind and an overload with their limits (and the load at its radius)", () => {
    expect(alarmDetailText("wind", { wind: 12.4, limitMs: 10.8 }, zh)).toBe("大风：风速 12.4 m/s，限值 10.8 m/s");
    expect(alarmDetailText("wind", { wind: 12.4, limitMs: 10.8 }, en)).toBe("High wind: 12.4 m/s, limit 10.8 m/s");
    expect(alarmDetailText("overload", { moment: 103, load: 6.2, radius: 38.5, limitPercent: 100 }, zh)).toBe("超载：力矩 103%，限值 100%（吊重 6.2 t，幅度 38.5 m）");
    expect(alarmDetailText("overload", { moment: 105.6, limitPercent: 100 }, en)).toBe("Overload: moment 105.6%, limit 100%");
  });
});
