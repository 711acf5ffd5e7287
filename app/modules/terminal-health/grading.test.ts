import { describe, expect, it } from "vitest";
import { gradeOf, healthFindings, type HealthInput } from "./grading";

const NOW = 1_800_000_000_000;
const live = (over: Partial<NonNullable<HealthInput["live"]>> = {}): NonNullable<HealthInput["live"]> => ({ t: NOW - 8_000, seen: NOW - 5_000, lng: 121.47, lat: 31.23, battery: 24.6, rpm: 1200, torque: 40, fuel: 60, hasCrane: false, faults: 0, ...over });
const input = (over: Partial<HealthInput> = {}): HealthInput => ({ windowMs: 86_400_000, points: 600, onlineSeconds: 36_000, engineSeconds: 7_200, live: live(), ...over });
const level = (i: HealthInput, check: string) => healthFindings(i).find((f) => f.check === check)!.level;

describe("health grading", () => {
  it("grades a terminal healthy when every check passes", () => {
    expect(gradeOf(healthFindings(input()))).toBe("healthy");
  });

  it("counts positions against one a minute online: 80 % passes, 30 % warns, less fails, none at all fails", () => {
    expect(level(input({ points: 480 }), "positions")).toBe("ok");
    expect(level(input({ points: 479 }), "positions")).toBe("warn");
    expect(level(input({ points: 180 }), "positions")).toBe("warn");
    expect(level(input({ points: 179 }), "positions")).toBe("bad");
    expect(level(input({ points: 0, onlineSeconds: 0 }), "positions")).toBe("bad");
    expect(gradeOf(healthFindings(input({ points: 300 })))).toBe("subHealthy");
  });

  it("fails a missing or 0,0 fix, and a terminal never heard", () => {
    expect(level(input({ live: live({ lng: 0, lat: 0 }) }), "gnss")).toBe("bad");
    expect(level(input({ live: live({ lng: null }) }), "gnss")).toBe("bad");
    expect(gradeOf(healthFindings(input({ live: null, points: 0, onlineSeconds: 0 })))).toBe("serious");
  });

  it("warns of a clock ahead by more than a minute and fails ten minutes, and of positions half an hour behind", () => {
    expect(level(input({ live: live({ t: NOW + 55_000, seen: NOW }) }), "drift")).toBe("ok");
    expect(level(input({ live: live({ t: NOW + 61_000, seen: NOW }) }), "drift")).toBe("warn");
    expect(level(input({ live: live({ t: NOW + 601_000, seen: NOW }) }), "drift")).toBe("bad");
    expect(level(input({ live: live({ t: NOW - 31 * 60_000, seen: NOW }) }), "drift")).toBe("warn");
  });

  it("judges the voltage of 12 V and 24 V systems, and n/a without one", () => {
    expect(level(input({ live: live({ battery: 12.6 }) }), "voltage")).toBe("ok");
    expect(level(input({ live: live({ battery: 11 }) }), "voltage")).toBe("warn");
    expect(level(input({ live: live({ battery: 9.8 }) }), "voltage")).toBe("bad");
    expect(level(input({ live: live({ battery: 18 }) }), "voltage")).toBe("bad");
    expect(level(input({ live: live({ battery: null }) }), "voltage")).toBe("na");
  });

  it("warns without CAN data and of fault codes, fails three or more", () => {
    expect(level(input({ live: live({ rpm: null, torque: null, fuel: null }) }), "can")).toBe("warn");
    expect(level(input({ live: live({ rpm: null, torque: null, fuel: null, hasCrane: true }) }), "can")).toBe("ok");
    expect(level(input({ live: live({ faults: 2 }) }), "faults")).toBe("warn");
    expect(level(input({ live: live({ faults: 3 }) }), "faults")).toBe("bad");
    expect(gradeOf(healthFindings(input({ live: live({ faults: 3 }) })))).toBe("serious");
  });
});
