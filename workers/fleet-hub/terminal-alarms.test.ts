import { describe, expect, it } from "vitest";
import type { Point } from "../telematics/point";
import { terminalAlarms } from "./terminal-alarms";

const point = (t: number, alarms: string[]): Point => ({
  key: t, keyKind: "t", t, lng: 121.47, lat: 31.23, speed: 10, heading: null, alt: null, mileage: null, fuel: null, rpm: null, torque: null, urea: null, exhaustTemp: null, battery: null, accuracy: null, status: {}, alarms, faults: [], can: {},
});
const vehicle = { id: 7, plate: "沪A12345" };

describe("terminalAlarms", () => {
  it("raises a flag when it appears, not while it stays, and again after it cleared", () => {
    const first = terminalAlarms(vehicle, [], [point(1, ["sos"]), point(2, ["sos"]), point(3, []), point(4, ["sos", "tamper"])]);
    expect(first.alarms.map((a) => [a.at, a.detail.flag, a.level])).toEqual([
      [1, "sos", 1],
      [4, "sos", 1],
      [4, "tamper", 2],
    ]);
    expect(first.flags).toEqual(["sos", "tamper"]);
    // the next batch continues from the flags the last point had
    expect(terminalAlarms(vehicle, first.flags, [point(5, ["sos", "tamper"])]).alarms).toEqual([]);
    expect(terminalAlarms(vehicle, first.flags, [point(5, ["door_open"])]).alarms[0]).toMatchObject({ key: "7:terminal:door_open:5", kind: "terminal", level: 2, plate: "沪A12345" });
  });
});
