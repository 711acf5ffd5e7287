import { describe, expect, it } from "vitest";
import type { Point } from "../telematics/point";
import {
  bindRules,
  compileFence,
  compileLine,
  dayOf,
  DEFAULT_RULE_SETTINGS,
  emptyRuleState,
  evaluate,
  inPeriods,
  minuteOfDay,
  NO_RULES,
  offlineAlarm,
  periodOf,
  rollupStep,
  ruleSettingsOf,
  type FenceRow,
  type RuleSettings,
  type RuleState,
  type VehicleRules,
} from "./rules";

const S = 1000;
const MIN = 60 * S;
const ZONE = "Asia/Shanghai";
// 2026-11-23 10:00 in Shanghai (02:00 UTC)
const T0 = Date.UTC(2026, 10, 23, 2, 0, 0);
/** a time on T0's Shanghai day at hh:mm */
const at = (hh: number, mm = 0) => Date.UTC(2026, 10, 23, hh - 8, mm, 0);

function pt(t: number, lng: number, lat: number, extra: Partial<Point> = {}): Point {
  return { key: t, keyKind: "t", t, lng, lat, speed: 0, heading: null, alt: null, mileage: null, fuel: null, rpm: null, torque: null, urea: null, exhaustTemp: null, battery: null, accuracy: null, status: {}, alarms: [], faults: [], can: {}, ...extra };
}

// everything off but what a test turns on
const OFF: RuleSettings = { ...DEFAULT_RULE_SETTINGS, overspeedKmh: 0, fatigueHours: 0, idleMinutes: 0, faultAlarm: false, fuelDropPercent: 0, refuelPercent: 0, offlineAlarmMinutes: 0, terminalAlarm: false };

// a 0.02° square site north-east of (121, 31); outside is at lng 120.9
const SQUARE: [number, number][] = [
  [121.0, 31.0],
  [121.02, 31.0],
  [121.02, 31.02],
  [121.0, 31.02],
];
const IN: [number, number] = [121.01, 31.01];
const OUT: [number, number] = [120.9, 31.01];

function fence(over: Partial<FenceRow> = {}): VehicleRules {
  const row: FenceRow = { id: 7, version: 1, name: "工地A", shape: "polygon", coordinates: SQUARE, radius: null, alarmIn: 1, alarmOut: 1, speedLimit: null, period1Start: null, period1End: null, period2Start: null, period2End: null, dwellSeconds: 30, level: 1, ...over };
  return { fences: [compileFence(row)!], lines: [] };
}

/** Runs points through one state and returns every alarm with its kind and time. */
function run(points: Point[], rules: VehicleRules, s: RuleSettings = OFF, state: RuleState = emptyRuleState()) {
  return points.flatMap((p) => evaluate(state, p, rules, s, ZONE));
}

const kinds = (alarms: { kind: string; at: number }[]) => alarms.map((a) => `${a.kind}@${(a.at - T0) / S}`);

describe("fence in/out with debounce", () => {
  it("entering fires 'in' only after staying the dwell time; the alarm carries the fence, its level and when it crossed", () => {
    const alarms = run([pt(T0, ...OUT), pt(T0 + 10 * S, ...IN), pt(T0 + 20 * S, ...IN), pt(T0 + 40 * S, ...IN), pt(T0 + 50 * S, ...IN)], fence());
    expect(kinds(alarms)).toEqual(["fence_in@40"]);
    expect(alarms[0]).toMatchObject({ level: 1, refId: 7, detail: { fence: "工地A", since: T0 + 10 * S } });
  });

  it("a short visit shorter than the dwell raises nothing, and the dwell starts again on the next entry", () => {
    const alarms = run([pt(T0, ...OUT), pt(T0 + 10 * S, ...IN), pt(T0 + 30 * S, ...OUT), pt(T0 + 50 * S, ...IN), pt(T0 + 70 * S, ...IN), pt(T0 + 80 * S, ...IN)], fence());
    expect(kinds(alarms)).toEqual(["fence_in@80"]);
  });

  it("staying inside raises nothing more; leaving fires 'out' after the dwell outside", () => {
    const pts = [pt(T0, ...OUT), pt(T0 + 10 * S, ...IN), pt(T0 + 40 * S, ...IN)];
    for (let i = 1; i <= 20; i++) pts.push(pt(T0 + 40 * S + i * 10 * S, ...IN));
    pts.push(pt(T0 + 300 * S, ...OUT), pt(T0 + 320 * S, ...OUT), pt(T0 + 330 * S, ...OUT), pt(T0 + 400 * S, ...OUT));
    expect(kinds(run(pts, fence()))).toEqual(["fence_in@40", "fence_out@330"]);
  });

  it("the first point only says where the vehicle is: no alarm for a vehicle that starts inside", () => {
    expect(run([pt(T0, ...IN), pt(T0 + 60 * S, ...IN)], fence())).toEqual([]);
  });

  it("in or out alone when only that switch is on; dwell 0 fires on the first point", () => {
    const onlyOut = fence({ alarmIn: 0, dwellSeconds: 0 });
    expect(kinds(run([pt(T0, ...OUT), pt(T0 + 10 * S, ...IN), pt(T0 + 20 * S, ...OUT)], onlyOut))).toEqual(["fence_out@20"]);
    const onlyIn = fence({ alarmOut: 0, dwellSeconds: 0 });
    expect(kinds(run([pt(T0, ...OUT), pt(T0 + 10 * S, ...IN), pt(T0 + 20 * S, ...OUT)], onlyIn))).toEqual(["fence_in@10"]);
  });

  it("circle and rectangle fences", () => {
    const circle = fence({ shape: "circle", coordinates: [[121.01, 31.01]], radius: 500, dwellSeconds: 0 });
    // 0.004° of latitude ≈ 445 m: inside; 0.006° ≈ 667 m: outside
    expect(kinds(run([pt(T0, 121.01, 31.016), pt(T0 + 10 * S, 121.01, 31.014), pt(T0 + 20 * S, 121.01, 31.016)], circle))).toEqual(["fence_in@10", "fence_out@20"]);
    const rect = fence({ shape: "rectangle", coordinates: [[121.0, 31.0], [121.02, 31.02]], dwellSeconds: 0 });
    expect(kinds(run([pt(T0, ...OUT), pt(T0 + 10 * S, 121.019, 31.019), pt(T0 + 20 * S, 121.021, 31.019)], rect))).toEqual(["fence_in@10", "fence_out@20"]);
  });

  it("a radius above 10 000 m is held to 10 000 m", () => {
    const big = fence({ shape: "circle", coordinates: [[121, 31]], radius: 50_000, dwellSeconds: 0 });
    // 0.1° of latitude ≈ 11.1 km: outside a 10 km circle
    expect(kinds(run([pt(T0, 121, 31.1), pt(T0 + 10 * S, 121, 31.08)], big))).toEqual(["fence_in@10"]);
  });

  it("an edited fence (new version) starts afresh without an alarm from the edit", () => {
    const state = emptyRuleState();
    run([pt(T0, ...OUT), pt(T0 + 10 * S, ...OUT)], fence(), OFF, state);
    // the fence is moved so the parked vehicle is now inside it
    const moved = fence({ version: 2, coordinates: SQUARE.map(([x, y]) => [x - 0.11, y] as [number, number]) });
    expect(run([pt(T0 + 60 * S, ...OUT), pt(T0 + 120 * S, ...OUT)], moved, OFF, state)).toEqual([]);
  });

  it("a fence that can raise nothing or has no usable shape is not compiled", () => {
    expect(compileFence({ ...fenceRow(), alarmIn: 0, alarmOut: 0, speedLimit: null })).toBeNull();
    expect(compileFence({ ...fenceRow(), shape: "polygon", coordinates: [[121, 31]] })).toBeNull();
    expect(compileFence({ ...fenceRow(), alarmIn: 0, alarmOut: 0, speedLimit: 30 })).not.toBeNull();
  });
});

function fenceRow(): FenceRow {
  return { id: 1, version: 1, name: "x", shape: "polygon", coordinates: SQUARE, radius: null, alarmIn: 1, alarmOut: 1, speedLimit: null, period1Start: null, period1End: null, period2Start: null, period2End: null, dwellSeconds: 30, level: 2 };
}

describe("effective periods (tenant time zone)", () => {
  const enterAt = (t: number, rules: VehicleRules) => kinds(run([pt(t - 20 * S, ...OUT), pt(t, ...IN)], rules));

  it("fires inside a period and not outside it", () => {
    const day = fence({ dwellSeconds: 0, period1Start: "08:00", period1End: "18:00" });
    expect(enterAt(at(10), day)).toHaveLength(1);
    expect(enterAt(at(7, 59), day)).toEqual([]);
    expect(enterAt(at(8, 0), day)).toHaveLength(1); // the start is inside
    expect(enterAt(at(18, 0), day)).toEqual([]); // the end is outside
    expect(enterAt(at(19), day)).toEqual([]);
  });

  it("the period is the tenant's local time, not UTC", () => {
    // 09:00 Shanghai is 01:00 UTC: a 08:00–10:00 period holds it only in local time
    const morning = fence({ dwellSeconds: 0, period1Start: "08:00", period1End: "10:00" });
    expect(enterAt(at(9), morning)).toHaveLength(1);
    const state = emptyRuleState();
    const utcRun = [pt(at(9) - 20 * S, ...OUT), pt(at(9), ...IN)].flatMap((p) => evaluate(state, p, morning, OFF, "UTC"));
    expect(utcRun).toEqual([]);
  });

  it("a period may cross midnight", () => {
    const night = fence({ dwellSeconds: 0, period1Start: "22:00", period1End: "06:00" });
    expect(enterAt(at(23), night)).toHaveLength(1);
    expect(enterAt(at(2), night)).toHaveLength(1);
    expect(enterAt(at(6, 30), night)).toEqual([]);
    expect(enterAt(at(12), night)).toEqual([]);
  });

  it("two periods: either one counts", () => {
    const two = fence({ dwellSeconds: 0, period1Start: "06:00", period1End: "09:00", period2Start: "17:00", period2End: "20:00" });
    expect(enterAt(at(7), two)).toHaveLength(1);
    expect(enterAt(at(18), two)).toHaveLength(1);
    expect(enterAt(at(12), two)).toEqual([]);
  });

  it("the state follows the vehicle outside the period: entering before it starts does not fire when it starts", () => {
    const day = fence({ dwellSeconds: 0, period1Start: "08:00", period1End: "18:00" });
    const pts = [pt(at(7, 50), ...OUT), pt(at(7, 55), ...IN), pt(at(8, 5), ...IN), pt(at(9), ...IN), pt(at(9, 10), ...OUT)];
    expect(kinds(run(pts, day))).toEqual([`fence_out@${(at(9, 10) - T0) / S}`]);
  });

  it("periods and time helpers", () => {
    expect(periodOf("08:00", "18:30")).toEqual([480, 1110]);
    expect(periodOf("8:00", "18:00")).toBeNull();
    expect(periodOf("08:00", null)).toBeNull();
    expect(inPeriods([], 100)).toBe(true);
    expect(inPeriods([[600, 600]], 5)).toBe(true);
    expect(minuteOfDay(at(23, 59), ZONE)).toBe(23 * 60 + 59);
    expect(dayOf(Date.UTC(2026, 10, 23, 16, 30), ZONE)).toBe("2026-11-24"); // 00:30 next day in Shanghai
    expect(dayOf(Date.UTC(2026, 10, 23, 16, 30), "UTC")).toBe("2026-11-23");
  });
});

describe("fence speed limit", () => {
  it("over the fence's limit inside it for the sustain time raises overspeed with the fence", () => {
    const limited = fence({ alarmIn: 0, alarmOut: 0, speedLimit: 20, level: 3 });
    const s = { ...OFF, overspeedSeconds: 10 };
    const pts = [pt(T0, ...IN, { speed: 15 }), pt(T0 + 5 * S, ...IN, { speed: 30 }), pt(T0 + 10 * S, ...IN, { speed: 10 }), pt(T0 + 20 * S, ...IN, { speed: 30 }), pt(T0 + 30 * S, ...IN, { speed: 31 }), pt(T0 + 40 * S, ...IN, { speed: 32 })];
    const alarms = run(pts, limited, s);
    expect(kinds(alarms)).toEqual(["overspeed@30"]);
    expect(alarms[0]).toMatchObject({ refId: 7, level: 3, detail: { limitKmh: 20, speed: 31 } });
    // the same speed outside the fence is no offence
    expect(run([pt(T0, ...OUT, { speed: 30 }), pt(T0 + 30 * S, ...OUT, { speed: 30 })], limited, s)).toEqual([]);
  });
});

describe("route deviation", () => {
  const line: VehicleRules = {
    fences: [],
    lines: [compileLine({ id: 3, version: 1, name: "搅拌站→工地", path: [[121.0, 31.0], [121.1, 31.0]], bufferMeters: 200, offRouteAlarm: 1, dwellSeconds: 30, level: 2 })!],
  };
  const north = (m: number) => 31.0 + m / 111_195;

  it("beyond the buffer for the dwell time raises off_route once; back on the route resets it", () => {
    const pts = [pt(T0, 121.01, north(50)), pt(T0 + 10 * S, 121.02, north(150)), pt(T0 + 20 * S, 121.03, north(400)), pt(T0 + 40 * S, 121.04, north(500)), pt(T0 + 60 * S, 121.05, north(600)), pt(T0 + 70 * S, 121.05, north(5000))];
    const alarms = run(pts, line);
    expect(kinds(alarms)).toEqual(["off_route@60"]);
    expect(alarms[0]).toMatchObject({ refId: 3, detail: { line: "搅拌站→工地", bufferM: 200, since: T0 + 20 * S } });
    expect(alarms[0]!.detail.distanceM).toBeGreaterThan(550);
    const back = run([pt(T0 + 100 * S, 121.06, north(10)), pt(T0 + 200 * S, 121.06, north(10)), pt(T0 + 210 * S, 121.07, north(900)), pt(T0 + 250 * S, 121.07, north(900))], line, OFF, (() => {
      const st = emptyRuleState();
      run(pts, line, OFF, st);
      return st;
    })());
    expect(kinds(back)).toEqual(["off_route@250"]);
  });

  it("a short excursion shorter than the dwell raises nothing; a line with the alarm off is not compiled", () => {
    expect(run([pt(T0, 121.01, north(0)), pt(T0 + 10 * S, 121.02, north(400)), pt(T0 + 20 * S, 121.03, north(0)), pt(T0 + 60 * S, 121.04, north(0))], line)).toEqual([]);
    expect(compileLine({ id: 3, version: 1, name: "x", path: [[121, 31], [121.1, 31]], bufferMeters: 200, offRouteAlarm: 0, dwellSeconds: 30, level: 2 })).toBeNull();
  });
});

describe("overspeed", () => {
  const s = { ...OFF, overspeedKmh: 80, overspeedSeconds: 10 };
  const drive = (speeds: [number, number][]) => run(speeds.map(([sec, speed]) => pt(T0 + sec * S, 121 + sec / 1e4, 31, { speed })), { fences: [], lines: [] }, s);

  it("sustained above the threshold raises one alarm per episode", () => {
    const alarms = drive([[0, 70], [5, 90], [10, 95], [15, 100], [20, 95], [30, 60], [40, 90], [55, 90]]);
    expect(kinds(alarms)).toEqual(["overspeed@15", "overspeed@55"]);
    expect(alarms[0]).toMatchObject({ level: 2, refId: null, detail: { limitKmh: 80, speed: 100, since: T0 + 5 * S } });
  });

  it("a blip above the threshold raises nothing", () => {
    expect(drive([[0, 70], [5, 120], [10, 70], [15, 79], [20, 81], [25, 75]])).toEqual([]);
  });

  it("a silence breaks the episode", () => {
    expect(drive([[0, 90], [8, 90], [8 + 600, 90], [8 + 605, 90]])).toEqual([]);
  });
});

describe("fatigue driving", () => {
  const s = { ...OFF, fatigueHours: 4, fatigueRestMinutes: 20 };
  /** one point a minute; each segment is [minutes, speed] */
  function day(segments: [number, number][]) {
    const pts: Point[] = [];
    let t = T0;
    for (const [minutes, speed] of segments) for (let i = 0; i < minutes; i++, t += MIN) pts.push(pt(t, 121, 31, { speed }));
    return run(pts, { fences: [], lines: [] }, s);
  }

  it("four hours of driving with only short stops raises fatigue once", () => {
    const alarms = day([[120, 60], [10, 0], [130, 60]]);
    expect(alarms.map((a) => a.kind)).toEqual(["fatigue"]);
    expect(alarms[0]!.at).toBe(T0 + 240 * MIN);
    expect(alarms[0]!.detail).toMatchObject({ since: T0, drivenMinutes: 240 });
  });

  it("a rest of twenty minutes starts the count again", () => {
    expect(day([[120, 60], [21, 0], [130, 60]])).toEqual([]);
    expect(day([[120, 60], [21, 0], [241, 60]]).map((a) => a.at)).toEqual([T0 + (120 + 21 + 240) * MIN]);
  });
});

describe("idling", () => {
  const s = { ...OFF, idleMinutes: 10 };
  const idle = (minutes: number, acc: boolean, speed = 0) => run(Array.from({ length: minutes + 1 }, (_, i) => pt(T0 + i * MIN, 121, 31, { speed, status: { acc } })), { fences: [], lines: [] }, s);

  it("ACC on and standing for more than the idle time raises idle once", () => {
    const alarms = idle(30, true);
    expect(kinds(alarms)).toEqual([`idle@${600}`]);
    expect(alarms[0]!.level).toBe(3);
  });

  it("ACC off, or moving, or a shorter stop raises nothing", () => {
    expect(idle(30, false)).toEqual([]);
    expect(idle(30, true, 40)).toEqual([]);
    expect(idle(9, true)).toEqual([]);
  });

  it("a point without ACC keeps the last known ACC", () => {
    const pts = [pt(T0, 121, 31, { status: { acc: true } }), ...Array.from({ length: 12 }, (_, i) => pt(T0 + (i + 1) * MIN, 121, 31))];
    expect(run(pts, { fences: [], lines: [] }, s).map((a) => a.kind)).toEqual(["idle"]);
  });
});

describe("fault codes and terminal flags", () => {
  const s = { ...OFF, faultAlarm: true, terminalAlarm: true };
  it("a new SPN/FMI raises fault; one still present does not; one that cleared and returns does", () => {
    const f = (spn: number, fmi: number) => ({ spn, fmi, count: 1 });
    const pts = [pt(T0, 121, 31), pt(T0 + S, 121, 31, { faults: [f(100, 1)] }), pt(T0 + 2 * S, 121, 31, { faults: [f(100, 1)] }), pt(T0 + 3 * S, 121, 31, { faults: [f(100, 1), f(110, 0)] }), pt(T0 + 4 * S, 121, 31), pt(T0 + 5 * S, 121, 31, { faults: [f(100, 1)] })];
    const alarms = run(pts, { fences: [], lines: [] }, s);
    expect(alarms.map((a) => `${a.kind}:${a.detail.spn}/${a.detail.fmi}@${(a.at - T0) / S}`)).toEqual(["fault:100/1@1", "fault:110/0@3", "fault:100/1@5"]);
    expect(new Set(alarms.map((a) => a.key)).size).toBe(3);
  });

  it("a terminal flag raises 'terminal' when it appears", () => {
    const alarms = run([pt(T0, 121, 31, { alarms: ["sos"] }), pt(T0 + S, 121, 31, { alarms: ["sos"] }), pt(T0 + 2 * S, 121, 31, { alarms: ["sos", "power_cut"] })], { fences: [], lines: [] }, s);
    expect(alarms.map((a) => `${a.kind}:${a.detail.flag}`)).toEqual(["terminal:sos", "terminal:power_cut"]);
    expect(alarms[0]!.level).toBe(1);
  });
});

describe("fuel drop and refuel", () => {
  const s = { ...OFF, fuelDropPercent: 10, fuelDropMinutes: 30, refuelPercent: 10 };
  const levels = (values: [number, number][], speed = 0) => run(values.map(([min, fuel]) => pt(T0 + min * MIN, 121, 31, { fuel, speed })), { fences: [], lines: [] }, s);

  it("a fall of more than X% within Y minutes while stopped is a possible drain", () => {
    const alarms = levels([[0, 80], [5, 79.5], [10, 75], [15, 68]]);
    expect(kinds(alarms)).toEqual([`fuel_drop@${15 * 60}`]);
    expect(alarms[0]).toMatchObject({ level: 1, detail: { from: 80, to: 68, since: T0 } });
  });

  it("a slow fall over longer than the window is not", () => {
    expect(levels([[0, 80], [20, 76], [40, 72], [60, 68]])).toEqual([]);
  });

  it("a rise of more than X% is a refuel, not a drain", () => {
    const alarms = levels([[0, 30], [3, 35], [6, 55], [9, 80], [12, 80]]);
    expect(kinds(alarms)).toEqual([`refuel@${6 * 60}`]);
    expect(alarms[0]!.detail).toMatchObject({ from: 30, to: 55 });
  });

  it("falling while driving is consumption, not a drain", () => {
    expect(levels([[0, 80], [5, 75], [10, 65], [15, 60]], 50)).toEqual([]);
  });

  it("a drain across a silence while parked in the same place is caught", () => {
    const alarms = levels([[0, 80], [600, 50]]);
    expect(alarms.map((a) => a.kind)).toEqual(["fuel_drop"]);
  });
});

describe("late points and offline", () => {
  it("a late point (not newer than the last evaluated) raises nothing and changes nothing", () => {
    const state = emptyRuleState();
    const rules = fence({ dwellSeconds: 0 });
    run([pt(T0, ...OUT), pt(T0 + 60 * S, ...OUT)], rules, { ...OFF, faultAlarm: true }, state);
    const before = JSON.stringify(state);
    expect(run([pt(T0 + 30 * S, ...IN, { faults: [{ spn: 1, fmi: 1, count: 1 }] }), pt(T0 + 60 * S, ...IN)], rules, { ...OFF, faultAlarm: true }, state)).toEqual([]);
    expect(JSON.stringify(state)).toBe(before);
  });

  it("offline longer than N minutes raises once per silence; the next point re-arms it", () => {
    const s = { ...OFF, offlineAlarmMinutes: 60 };
    const state = emptyRuleState();
    run([pt(T0, 121, 31)], { fences: [], lines: [] }, s, state);
    expect(offlineAlarm(state, T0, T0 + 59 * MIN, s)).toBeNull();
    const a = offlineAlarm(state, T0, T0 + 61 * MIN, s)!;
    expect(a).toMatchObject({ kind: "offline", level: 3, at: T0 + 60 * MIN, detail: { since: T0, minutes: 61 } });
    expect(offlineAlarm(state, T0, T0 + 120 * MIN, s)).toBeNull();
    run([pt(T0 + 130 * MIN, 121, 31)], { fences: [], lines: [] }, s, state);
    expect(offlineAlarm(state, T0 + 130 * MIN, T0 + 200 * MIN, s)?.kind).toBe("offline");
    expect(offlineAlarm(emptyRuleState(), null, T0, s)).toBeNull();
  });

  it("the state survives JSON (the hub stores it) and goes on where it stopped", () => {
    const rules = fence();
    const state = emptyRuleState();
    run([pt(T0, ...OUT), pt(T0 + 10 * S, ...IN)], rules, OFF, state);
    const restored = JSON.parse(JSON.stringify(state)) as RuleState;
    expect(kinds(run([pt(T0 + 40 * S, ...IN)], rules, OFF, restored))).toEqual(["fence_in@40"]);
  });
});

describe("binding fences and lines to vehicles", () => {
  it("a bound fence applies to its vehicles; an unbound one to every vehicle; one that can raise nothing to none", () => {
    const row = (id: number, over: Partial<FenceRow> = {}): FenceRow => ({ ...fenceRow(), id, ...over });
    const line = { id: 9, version: 1, name: "l", path: [[121, 31], [121.1, 31]] as [number, number][], bufferMeters: 200, offRouteAlarm: 1, dwellSeconds: 30, level: 2 };
    const { byVehicle, all } = bindRules([row(1), row(2), row(3, { alarmIn: 0, alarmOut: 0 })], [{ ref: 1, vid: 100 }, { ref: 3, vid: 101 }], [line], [{ ref: 9, vid: 100 }]);
    expect(byVehicle.get(100)!.fences.map((f) => f.id).sort()).toEqual([1, 2]);
    expect(byVehicle.get(100)!.lines.map((l) => l.id)).toEqual([9]);
    // vehicle 101 is bound only to fence 3, which raises nothing: it keeps the unbound fence 2
    expect((byVehicle.get(101) ?? all).fences.map((f) => f.id)).toEqual([2]);
    expect(all.fences.map((f) => f.id)).toEqual([2]);
    expect(all.lines).toEqual([]);
    expect(bindRules([], [], [], []).all).toBe(NO_RULES);
  });
});

describe("settings", () => {
  it("stored values override defaults; wrong types and levels outside 1–3 keep the default", () => {
    const s = ruleSettingsOf({ overspeedKmh: 60, idleLevel: 7, faultAlarm: "yes", fatigueHours: -1, refuelPercent: 0, offlineAfterMinutes: 3 });
    expect(s.overspeedKmh).toBe(60);
    expect(s.idleLevel).toBe(DEFAULT_RULE_SETTINGS.idleLevel);
    expect(s.faultAlarm).toBe(true);
    expect(s.fatigueHours).toBe(4);
    expect(s.refuelPercent).toBe(0);
  });
});

describe("daily roll-up step", () => {
  const prev = { t: T0, lng: 121, lat: 31, speed: 40, mileage: 1000, fuel: 50, fuelTotal: null, acc: true };
  const s = DEFAULT_RULE_SETTINGS;

  it("uses the odometer, counts engine and online time", () => {
    const step = rollupStep(prev, pt(T0 + 60 * S, 121.01, 31, { mileage: 1001.2, fuel: 49.5, speed: 40 }), s, 5 * MIN);
    expect(step.km).toBeCloseTo(1.2);
    expect(step.fuelL).toBeCloseTo(2); // 0.5 % of a 400 L tank
    expect(step.engineS).toBe(60);
    expect(step.idleS).toBe(0);
    expect(step.onlineS).toBe(60);
  });

  it("counts engine time standing still as idle time, and no idle time with the engine off", () => {
    const still = { ...prev, speed: 2 };
    expect(rollupStep(still, pt(T0 + 90 * S, 121, 31, { mileage: 1000, speed: 0 }), s, 5 * MIN)).toMatchObject({ engineS: 90, idleS: 90 });
    expect(rollupStep({ ...still, acc: false }, pt(T0 + 90 * S, 121, 31, { mileage: 1000, speed: 0 }), s, 5 * MIN)).toMatchObject({ engineS: 0, idleS: 0, onlineS: 90 });
    // a gap past the offline time is no idle time either
    expect(rollupStep(still, pt(T0 + 30 * MIN, 121, 31, { speed: 0 }), s, 5 * MIN).idleS).toBe(0);
  });

  it("falls back to the haversine distance without an odometer, or when it jumps", () => {
    const noOdo = rollupStep({ ...prev, mileage: null }, pt(T0 + 60 * S, 121.01, 31, { speed: 40 }), s, 5 * MIN);
    expect(noOdo.km).toBeCloseTo(0.953, 2);
    const jump = rollupStep(prev, pt(T0 + 60 * S, 121.01, 31, { mileage: 9000, speed: 40 }), s, 5 * MIN);
    expect(jump.km).toBeCloseTo(0.953, 2);
  });

  it("a gap longer than the offline time is neither online nor engine time; a refuel is not fuel used", () => {
    const step = rollupStep(prev, pt(T0 + 30 * MIN, 121, 31, { fuel: 90, speed: 0 }), s, 5 * MIN);
    expect(step).toMatchObject({ engineS: 0, onlineS: 0, fuelL: 0 });
  });

  it("prefers the CAN fuel counter", () => {
    const step = rollupStep({ ...prev, fuelTotal: 5000 }, pt(T0 + 60 * S, 121.01, 31, { fuel: 40, can: { fuelTotal: 5000.4 } }), s, 5 * MIN);
    expect(step.fuelL).toBeCloseTo(0.4);
  });
});

describe("a tower crane's monitor", () => {
  const crane = (t: number, can: Record<string, number>) => pt(t, 121, 31, { can });
  const S_ON: RuleSettings = { ...OFF, overloadPercent: 100, windLimitMs: 10.8 };

  it("raises an overload once an episode, re-armed below 90 % of the threshold", () => {
    const state = emptyRuleState();
    const kinds = (t: number, moment: number) => evaluate(state, crane(t, { craneLoad: 4, craneMoment: moment, craneRadius: 30 }), NO_RULES, S_ON, ZONE).map((a) => `${a.kind}:${a.detail.moment}`);
    expect(kinds(T0, 80)).toEqual([]);
    expect(kinds(T0 + 1 * S, 100)).toEqual(["overload:100"]);
    // still over, and dipping to 95 % (above 90 %): the same episode
    expect(kinds(T0 + 2 * S, 104)).toEqual([]);
    expect(kinds(T0 + 3 * S, 95)).toEqual([]);
    expect(kinds(T0 + 4 * S, 101)).toEqual([]);
    // below 90 %, then over again: a new one
    expect(kinds(T0 + 5 * S, 85)).toEqual([]);
    expect(kinds(T0 + 6 * S, 102)).toEqual(["overload:102"]);
    // off (0): none
    expect(evaluate(emptyRuleState(), crane(T0, { craneMoment: 150 }), NO_RULES, { ...S_ON, overloadPercent: 0 }, ZONE)).toEqual([]);
  });

  it("raises a wind alarm at the limit, and ignores values outside a sensor's range", () => {
    const state = emptyRuleState();
    const wind = (t: number, v: number) => evaluate(state, crane(t, { windSpeed: v }), NO_RULES, S_ON, ZONE).map((a) => a.kind);
    expect(wind(T0, 10.7)).toEqual([]);
    expect(wind(T0 + S, 10.8)).toEqual(["wind"]);
    expect(wind(T0 + 2 * S, 12)).toEqual([]);
    expect(wind(T0 + 3 * S, 9)).toEqual([]);
    expect(wind(T0 + 4 * S, 11)).toEqual(["wind"]);
    // 95 m/s is no wind at a jib: a sensor's error, not kept, no alarm
    expect(evaluate(emptyRuleState(), crane(T0, { windSpeed: 95, craneMoment: -3 }), NO_RULES, S_ON, ZONE)).toEqual([]);
  });

  it("counts a lift when the load rises onto the hook, and keeps the moment for the day's peak", () => {
    const s = DEFAULT_RULE_SETTINGS;
    const prev = (load: number | null) => ({ t: T0, lng: 121, lat: 31, speed: 0, mileage: null, fuel: null, fuelTotal: null, acc: true, load });
    expect(rollupStep(prev(0), crane(T0 + 10 * S, { craneLoad: 3.2, craneMoment: 72 }), s, 5 * MIN)).toMatchObject({ lifts: 1, moment: 72 });
    // still loaded: the same lift
    expect(rollupStep(prev(3.2), crane(T0 + 10 * S, { craneLoad: 3.1, craneMoment: 80 }), s, 5 * MIN)).toMatchObject({ lifts: 0, moment: 80 });
    // below the hook's threshold (0.2 t): no lift; a machine without a monitor: nothing
    expect(rollupStep(prev(0), crane(T0 + 10 * S, { craneLoad: 0.1 }), s, 5 * MIN).lifts).toBe(0);
    expect(rollupStep(prev(null), pt(T0 + 10 * S, 121, 31), s, 5 * MIN)).toMatchObject({ lifts: 0, moment: 0 });
    // the rule state carries the load to the next step
    const state = emptyRuleState();
    evaluate(state, crane(T0, { craneLoad: 5 }), NO_RULES, OFF, ZONE);
    expect(state.prev!.load).toBe(5);
  });
});
