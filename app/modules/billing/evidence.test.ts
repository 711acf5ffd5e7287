import { describe, expect, it } from "vitest";
import { decisionsOf, evidenceDays, mergeProposals, faultMinutesByDay, MIN_IDLE_RUN, NO_ACTIVITY, onSiteMinutesByDay, type Proposal, proposalsFor } from "./evidence";
import type { BillLineTerms, EvidenceDay } from "./types";

// moments written with their offset, so each figure below is a hand calculation on wall-clock times
const at = (iso: string) => Date.parse(iso);
const SH = "Asia/Shanghai";
const BER = "Europe/Berlin";

describe("faultMinutesByDay", () => {
  it("counts a 20-hour fault only 08:00–22:00: 240 minutes on day 1 (18–22) and 360 on day 2 (08–14), 10 h", () => {
    const m = faultMinutesByDay([{ from: at("2026-11-02T18:00:00+08:00"), to: at("2026-11-03T14:00:00+08:00") }], SH);
    expect(m).toEqual(new Map([["2026-11-02", 240], ["2026-11-03", 360]]));
    expect([...m.values()].reduce((a, b) => a + b, 0) / 60).toBe(10);
  });
  it("reads 08:00 and 22:00 on the wall clock across Berlin's October change (2026-10-25 has 25 hours)", () => {
    // 20:00 CEST on the 24th to 10:00 CET on the 25th: 20–22 = 120, 08–10 = 120 (a fixed +2 h would make it 180)
    expect(faultMinutesByDay([{ from: at("2026-10-24T20:00:00+02:00"), to: at("2026-10-25T10:00:00+01:00") }], BER)).toEqual(new Map([["2026-10-24", 120], ["2026-10-25", 120]]));
    // the whole 25-hour day still counts 14 hours (840 minutes)
    expect(faultMinutesByDay([{ from: at("2026-10-25T00:00:00+02:00"), to: at("2026-10-26T00:00:00+01:00") }], BER)).toEqual(new Map([["2026-10-25", 840]]));
    // across midnight after the change: 21–22 = 60 on the 25th, 08–09 = 60 on the 26th
    expect(faultMinutesByDay([{ from: at("2026-10-25T21:00:00+01:00"), to: at("2026-10-26T09:00:00+01:00") }], BER)).toEqual(new Map([["2026-10-25", 60], ["2026-10-26", 60]]));
  });
  it("counts overlapping intervals once and an interval wholly 22:00–08:00 as nothing", () => {
    // 10–12 and 11–13 overlap: 10–13 = 180; 09:00–09:30 inside 08–12 adds nothing
    const overlapping = [
      { from: at("2026-11-05T10:00:00+08:00"), to: at("2026-11-05T12:00:00+08:00") },
      { from: at("2026-11-05T11:00:00+08:00"), to: at("2026-11-05T13:00:00+08:00") },
      { from: at("2026-11-05T08:00:00+08:00"), to: at("2026-11-05T12:00:00+08:00") },
      { from: at("2026-11-05T09:00:00+08:00"), to: at("2026-11-05T09:30:00+08:00") },
    ];
    expect(faultMinutesByDay(overlapping, SH)).toEqual(new Map([["2026-11-05", 300]]));
    expect(faultMinutesByDay([{ from: at("2026-11-05T22:00:00+08:00"), to: at("2026-11-06T08:00:00+08:00") }], SH)).toEqual(new Map());
    expect(faultMinutesByDay([{ from: at("2026-11-05T23:00:00+08:00"), to: at("2026-11-06T07:59:00+08:00") }], SH)).toEqual(new Map());
    // an empty or reversed interval is nothing
    expect(faultMinutesByDay([{ from: at("2026-11-05T12:00:00+08:00"), to: at("2026-11-05T11:00:00+08:00") }], SH)).toEqual(new Map());
  });
});

describe("onSiteMinutesByDay", () => {
  const from = at("2026-11-01T00:00:00+08:00");
  const to = at("2026-11-04T00:00:00+08:00");
  it("counts an entry at 09:30 and an exit at 17:00 as 450 minutes, the other days 0", () => {
    const events = [
      { at: at("2026-11-01T09:30:00+08:00"), kind: "in" as const },
      { at: at("2026-11-01T17:00:00+08:00"), kind: "out" as const },
    ];
    expect(onSiteMinutesByDay(events, false, from, to, SH)).toEqual(new Map([["2026-11-01", 450], ["2026-11-02", 0], ["2026-11-03", 0]]));
  });
  it("counts a machine inside at the start that leaves the next day at 10:00: 1440, then 600", () => {
    expect(onSiteMinutesByDay([{ at: at("2026-11-02T10:00:00+08:00"), kind: "out" }], true, from, to, SH)).toEqual(new Map([["2026-11-01", 1440], ["2026-11-02", 600], ["2026-11-03", 0]]));
  });
  it("counts an entry late on the last day that stays past the end up to the end: 20:00–24:00 = 240", () => {
    expect(onSiteMinutesByDay([{ at: at("2026-11-03T20:00:00+08:00"), kind: "in" }], false, from, to, SH)).toEqual(new Map([["2026-11-01", 0], ["2026-11-02", 0], ["2026-11-03", 240]]));
  });
  it("sorts events out of order: in 08:00, out 12:00, in 13:00, out 18:00 = 540", () => {
    const events = [
      { at: at("2026-11-02T18:00:00+08:00"), kind: "out" as const },
      { at: at("2026-11-02T08:00:00+08:00"), kind: "in" as const },
      { at: at("2026-11-02T13:00:00+08:00"), kind: "in" as const },
      { at: at("2026-11-02T12:00:00+08:00"), kind: "out" as const },
    ];
    expect(onSiteMinutesByDay(events, false, from, to, SH).get("2026-11-02")).toBe(540);
  });
  it("counts Berlin's 25-hour day as 1500 minutes inside", () => {
    expect(onSiteMinutesByDay([], true, at("2026-10-25T00:00:00+02:00"), at("2026-10-26T00:00:00+01:00"), BER)).toEqual(new Map([["2026-10-25", 1500]]));
  });
});

describe("evidenceDays", () => {
  it("marks a day without a roll-up as no data (zeros, not a quiet day), reads hours from seconds and counts the out-car records", () => {
    const daily = new Map([["2026-11-02", { engineSeconds: 5400, mileageKm: 12.5 }]]);
    expect(evidenceDays("2026-11-01", "2026-11-03", daily, new Map([["2026-11-02", 300]]), new Map([["2026-11-03", 45]]), new Map([["2026-11-03", 2]]))).toEqual([
      { day: "2026-11-01", engineHours: 0, km: 0, onSiteMinutes: 0, faultMinutes: 0, noData: true, calls: 0 },
      { day: "2026-11-02", engineHours: 1.5, km: 12.5, onSiteMinutes: 300, faultMinutes: 0, noData: false, calls: 0 },
      { day: "2026-11-03", engineHours: 0, km: 0, onSiteMinutes: 0, faultMinutes: 45, noData: true, calls: 2 },
    ]);
    expect(evidenceDays("2026-11-01", "2026-11-01", new Map(), null, new Map())).toEqual([{ day: "2026-11-01", engineHours: 0, km: 0, onSiteMinutes: null, faultMinutes: 0, noData: true, calls: 0 }]);
  });
});

const line = (over: Partial<BillLineTerms> = {}): BillLineTerms => ({
  id: 7,
  lineNo: 1,
  monthlyCents: 3_000_000,
  dailyCents: null,
  shiftCents: null,
  shiftHours: 8,
  shiftOvertimeCents: null,
  hourlyCents: null,
  minHoursPerCall: null,
  allowanceHours: null,
  allowancePer: null,
  allowanceOvertimeCents: null,
  idleRateBp: null,
  faultDeduction: 0,
  operators: 0,
  operatorMonthlyCents: null,
  onRentOn: "2026-10-01",
  offRentOn: null,
  ...over,
});

/** November 2026, every day at work on site, with the given days changed */
function november(changes: Record<string, Partial<EvidenceDay>> = {}, base: Partial<EvidenceDay> = {}): EvidenceDay[] {
  return Array.from({ length: 30 }, (_, i) => {
    const day = `2026-11-${String(i + 1).padStart(2, "0")}`;
    return { day, engineHours: 6, km: 3, onSiteMinutes: 600, faultMinutes: 0, ...base, ...changes[day] };
  });
}
const quiet = { engineHours: 0, km: 0 };
const NOV = { from: "2026-11-01", to: "2026-11-30", overtimeHours: 0, rentDatesFromFence: false };

describe("proposalsFor", () => {
  it("uses the thresholds of the brief", () => {
    expect(NO_ACTIVITY).toEqual({ engineHours: 0.1, km: 0.5 });
    expect(MIN_IDLE_RUN).toBe(3);
  });
  it("proposes a 4-day quiet run as idle when the line has an idle rate, else as stop-rent", () => {
    const evidence = november({ "2026-11-10": quiet, "2026-11-11": quiet, "2026-11-12": { engineHours: 0.09, km: 0.4 }, "2026-11-13": quiet });
    const days = ["2026-11-10", "2026-11-11", "2026-11-12", "2026-11-13"];
    expect(proposalsFor({ ...NOV, line: line({ idleRateBp: 7000 }), evidence })).toEqual([{ lineId: 7, kind: "idle", days, basis: { from: "2026-11-10", to: "2026-11-13", days: 4 } }]);
    expect(proposalsFor({ ...NOV, line: line(), evidence })).toEqual([{ lineId: 7, kind: "stopRent", days, basis: { from: "2026-11-10", to: "2026-11-13", days: 4 } }]);
  });
  it("proposes nothing for days without data: a terminal that sent nothing is not a machine standing still", () => {
    const none = { engineHours: 0, km: 0, noData: true };
    // four days without data, then three quiet days reported by the terminal: only the reported run is proposed
    const evidence = november({ "2026-11-10": none, "2026-11-11": none, "2026-11-12": none, "2026-11-13": none, "2026-11-20": quiet, "2026-11-21": quiet, "2026-11-22": quiet });
    expect(proposalsFor({ ...NOV, line: line({ idleRateBp: 7000 }), evidence })).toEqual([{ lineId: 7, kind: "idle", days: ["2026-11-20", "2026-11-21", "2026-11-22"], basis: { from: "2026-11-20", to: "2026-11-22", days: 3 } }]);
    // a day missing from the evidence altogether is no data too
    expect(proposalsFor({ ...NOV, line: line(), evidence: evidence.filter((e) => e.day < "2026-11-15") })).toEqual([]);
  });
  it("counts a day with an out-car record as work, whatever the telemetry says", () => {
    const evidence = november({ "2026-11-10": quiet, "2026-11-11": { ...quiet, calls: 1 }, "2026-11-12": quiet, "2026-11-13": quiet });
    // the call breaks the run: 10 (1 day) and 12–13 (2 days) are both under the 3-day minimum
    expect(proposalsFor({ ...NOV, line: line(), evidence })).toEqual([]);
  });
  it("proposes no stop-rent or idle for a line priced by use alone (台班, by the hour): a quiet day costs nothing there", () => {
    const evidence = november({ "2026-11-10": quiet, "2026-11-11": quiet, "2026-11-12": quiet, "2026-11-13": quiet });
    const shift = line({ monthlyCents: null, shiftCents: 280_000, idleRateBp: 7000 });
    const hourly = line({ monthlyCents: null, hourlyCents: 45_000 });
    expect(proposalsFor({ ...NOV, line: shift, evidence })).toEqual([]);
    expect(proposalsFor({ ...NOV, line: hourly, evidence })).toEqual([]);
    // a daily rate is time: its quiet run is proposed
    expect(proposalsFor({ ...NOV, line: line({ monthlyCents: null, dailyCents: 120_000 }), evidence }).map((p) => p.kind)).toEqual(["stopRent"]);
  });
  it("proposes nothing for a 2-day quiet run, nor for a day at the threshold (0.1 h or 0.5 km is work)", () => {
    expect(proposalsFor({ ...NOV, line: line({ idleRateBp: 7000 }), evidence: november({ "2026-11-10": quiet, "2026-11-11": quiet }) })).toEqual([]);
    const threshold = november({ "2026-11-10": quiet, "2026-11-11": { engineHours: 0.1, km: 0 }, "2026-11-12": { engineHours: 0, km: 0.5 }, "2026-11-13": quiet });
    expect(proposalsFor({ ...NOV, line: line(), evidence: threshold })).toEqual([]);
  });
  it("proposes a quiet run off the site fence as stop-rent even with an idle rate, and counts only on-rent days", () => {
    const evidence = november({ "2026-11-20": { ...quiet, onSiteMinutes: 0 }, "2026-11-21": { ...quiet, onSiteMinutes: 0 }, "2026-11-22": { ...quiet, onSiteMinutes: 0 } });
    expect(proposalsFor({ ...NOV, line: line({ idleRateBp: 7000 }), evidence })).toEqual([
      { lineId: 7, kind: "stopRent", days: ["2026-11-20", "2026-11-21", "2026-11-22"], basis: { from: "2026-11-20", to: "2026-11-22", days: 3 } },
    ]);
    // quiet 1–5 before an on-rent day of the 4th: only the 4th and 5th are on rent, too short a run
    expect(proposalsFor({ ...NOV, line: line({ onRentOn: "2026-11-04" }), evidence: november({}, quiet).map((e) => (e.day > "2026-11-05" ? { ...e, engineHours: 6 } : e)) })).toEqual([]);
  });
  it("proposes the on-rent days' fault minutes as hours, with the days off per 8 hours", () => {
    // 240 + 360 + 400 = 1000 minutes = 16.666… h → 16.67, 2 days off; the 2nd is before the on-rent day and not counted
    const evidence = november({ "2026-11-02": { faultMinutes: 500 }, "2026-11-05": { faultMinutes: 240 }, "2026-11-06": { faultMinutes: 360 }, "2026-11-07": { faultMinutes: 400 } });
    expect(proposalsFor({ ...NOV, line: line({ faultDeduction: 1, onRentOn: "2026-11-03" }), evidence }).filter((p) => p.kind === "fault")).toEqual([
      { lineId: 7, kind: "fault", days: ["2026-11-05", "2026-11-06", "2026-11-07"], hours: 16.67, basis: { hours: 16.67, dayOff: 2 } },
    ]);
    expect(proposalsFor({ ...NOV, line: line({ faultDeduction: 0, onRentOn: "2026-11-03" }), evidence }).filter((p) => p.kind === "fault")).toEqual([]);
  });
  it("proposes the overtime the pricing computed", () => {
    expect(proposalsFor({ ...NOV, overtimeHours: 12.5, line: line(), evidence: november() })).toEqual([{ lineId: 7, kind: "overtime", days: [], hours: 12.5, basis: { hours: 12.5 } }]);
  });
  it("proposes active days before the on-rent day, after the off-rent day and off the site fence, one proposal per reason", () => {
    // on rent 3rd–27th; work on the 1st and 2nd (before), 28th (after); the 29th and 30th quiet; the 15th at work off site
    const evidence = november({ "2026-11-15": { onSiteMinutes: 0 }, "2026-11-29": quiet, "2026-11-30": quiet });
    expect(proposalsFor({ ...NOV, line: line({ onRentOn: "2026-11-03", offRentOn: "2026-11-27" }), evidence })).toEqual([
      { lineId: 7, kind: "outside", days: ["2026-11-01", "2026-11-02"], basis: { reason: "beforeOnRent", days: 2 } },
      { lineId: 7, kind: "outside", days: ["2026-11-28"], basis: { reason: "afterOffRent", days: 1 } },
      { lineId: 7, kind: "outside", days: ["2026-11-15"], basis: { reason: "offSite", days: 1 } },
    ]);
  });
  it("proposes on- and off-rent days from the fence only when asked to", () => {
    // on site 3rd–20th, at work elsewhere before and after; the line says on rent from the 5th, no off-rent day
    const evidence = november({}, { onSiteMinutes: 0 }).map((e) => (e.day >= "2026-11-03" && e.day <= "2026-11-20" ? { ...e, onSiteMinutes: 480 } : e));
    const fence = (p: Proposal) => p.kind === "onRent" || p.kind === "offRent";
    const input = { ...NOV, line: line({ onRentOn: "2026-11-05" }), evidence };
    expect(proposalsFor({ ...input, rentDatesFromFence: true }).filter(fence)).toEqual([
      { lineId: 7, kind: "onRent", days: ["2026-11-03"], day: "2026-11-03", basis: { day: "2026-11-03", onRentOn: "2026-11-05", onSiteMinutes: 480 } },
      { lineId: 7, kind: "offRent", days: ["2026-11-20"], day: "2026-11-20", basis: { day: "2026-11-20", onSiteMinutes: 480 } },
    ]);
    expect(proposalsFor(input).filter(fence)).toEqual([]);
    // the off-rent day already set to the 20th: only the on-rent day differs
    expect(proposalsFor({ ...input, line: line({ onRentOn: "2026-11-05", offRentOn: "2026-11-20" }), rentDatesFromFence: true }).filter(fence).map((p) => p.kind)).toEqual(["onRent"]);
  });
  it("proposes no fence dates for a machine on site all month on a line on rent since before it", () => {
    expect(proposalsFor({ ...NOV, line: line({ onRentOn: "2026-10-01" }), evidence: november(), rentDatesFromFence: true })).toEqual([]);
    // nor without a fence
    const noFence = proposalsFor({ ...NOV, line: line({ onRentOn: "2026-11-05" }), evidence: november({}, { onSiteMinutes: null }), rentDatesFromFence: true });
    expect(noFence.filter((p) => p.kind === "onRent" || p.kind === "offRent")).toEqual([]);
  });
});

describe("decisionsOf", () => {
  it("turns accepted proposals into the pricing's decisions, ignoring fence dates", () => {
    const p = (kind: Proposal["kind"], days: string[], hours?: number): Proposal => ({ lineId: 7, kind, days, ...(hours !== undefined && { hours }), basis: {} });
    expect(
      decisionsOf([
        p("stopRent", ["2026-11-20", "2026-11-21", "2026-11-22"]),
        p("idle", ["2026-11-10", "2026-11-11", "2026-11-12"]),
        p("fault", ["2026-11-05"], 16.67),
        p("overtime", [], 12.5),
        p("outside", ["2026-11-28"]),
        p("outside", ["2026-11-01", "2026-11-02"]),
        { ...p("onRent", ["2026-11-03"]), day: "2026-11-03" },
        { ...p("offRent", ["2026-11-29"]), day: "2026-11-29" },
      ]),
    ).toEqual({
      stopDays: ["2026-11-20", "2026-11-21", "2026-11-22"],
      idleDays: ["2026-11-10", "2026-11-11", "2026-11-12"],
      faultHours: 16.67,
      overtimeHours: 12.5,
      outsideDays: ["2026-11-01", "2026-11-02", "2026-11-28"],
    });
    expect(decisionsOf([p("fault", ["2026-11-05"], 0.1), p("fault", ["2026-11-06"], 0.2)])).toEqual({ faultHours: 0.3 });
    expect(decisionsOf([])).toEqual({});
    expect(() => decisionsOf([p("idle", ["2026-11-10"]), { ...p("idle", ["2026-11-11"]), lineId: 8 }])).toThrow(RangeError);
  });
});

describe("mergeProposals (late evidence on a draft)", () => {
  const run = (kind: "idle" | "stopRent", days: string[]): Proposal => ({ lineId: 7, kind, days, basis: { from: days[0]!, to: days.at(-1)!, days: days.length } });
  const held = (p: Proposal, id: number, state: number) => ({ ...p, id, state });
  it("keeps an open proposal that still stands, proposes only the days no decision covers, and drops one the evidence no longer bears", () => {
    const decided = held(run("idle", ["2026-11-10", "2026-11-11", "2026-11-12"]), 1, 1);
    const open = held(run("stopRent", ["2026-11-20", "2026-11-21", "2026-11-22"]), 2, 0);
    const gone = held(run("stopRent", ["2026-11-25", "2026-11-26", "2026-11-27"]), 3, 0);
    // the quiet run now reaches the 14th; the 20–22 run still stands; the 25–27 run is gone (the roll-ups corrected)
    const fresh = [run("idle", ["2026-11-10", "2026-11-11", "2026-11-12", "2026-11-13", "2026-11-14"]), run("stopRent", ["2026-11-20", "2026-11-21", "2026-11-22"])];
    expect(mergeProposals(fresh, [decided, open, gone])).toEqual({ keep: [2], drop: [3], add: [run("idle", ["2026-11-13", "2026-11-14"])] });
    // a day decided as idle is not proposed again as stop-rent (one group of quiet days), and a rejected run neither
    expect(mergeProposals([run("stopRent", ["2026-11-10", "2026-11-11", "2026-11-12"])], [decided]).add).toEqual([]);
    expect(mergeProposals([run("idle", ["2026-11-10", "2026-11-11", "2026-11-12"])], [{ ...decided, state: 2 }]).add).toEqual([]);
  });
});
