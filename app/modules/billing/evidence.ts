/**
 * The telemetry evidence of the monthly bill and what it suggests (issue 26): fault and on-site minutes per tenant day,
 * a line's evidence table, and the proposals the clerk accepts or rejects (stop-rent, idle, fault, overtime, use outside
 * the term or site, on/off-rent days from the fence). Pure: the bill run reads the rows and calls these. Days are the
 * tenant's yyyy-MM-dd in its zone; a day's bounds come from the zone helpers (a Berlin day may have 23 or 25 hours).
 */
import { addDays } from "~/lib/calendar";
import { dayOf } from "~/lib/tenant-clock";
import { dayStartMs, parseZonedTime } from "~/lib/tenant-days";
import { PROPOSAL_STATE } from "../../../db/states";
import type { BillLineTerms, EvidenceDay, LineDecisions } from "./types";

/** Below both of these a day counts as quiet (no work): telemetry drift and a yard shuffle are not work. */
export const NO_ACTIVITY = { engineHours: 0.1, km: 0.5 };
/** The shortest run of quiet days proposed as idle or stop-rent: a weekend without work is not a stoppage. */
export const MIN_IDLE_RUN = 3;

/** The trade's rule: fault hours count only between 08:00 and 22:00 local time. */
const FAULT_FROM = "08:00";
const FAULT_TO = "22:00";
const MINUTE = 60_000;

type Interval = { from: number; to: number };

function startOf(day: string, timeZone: string): number {
  const ms = dayStartMs(day, timeZone);
  if (ms === null) throw new RangeError(`Invalid day: ${day}`);
  return ms;
}

/** Splits [from, to) at the zone's midnights and adds each day's share (ms) to `into`. */
function addByDay(into: Map<string, number>, from: number, to: number, timeZone: string, window?: (day: string) => Interval) {
  if (!(to > from)) return;
  for (let day = dayOf(from, timeZone); ; day = addDays(day, 1)) {
    const start = startOf(day, timeZone);
    const next = startOf(addDays(day, 1), timeZone);
    const w = window ? window(day) : { from: start, to: next };
    const ms = Math.min(to, next, w.to) - Math.max(from, start, w.from);
    if (ms > 0) into.set(day, (into.get(day) ?? 0) + ms);
    if (next >= to) return;
  }
}

const toMinutes = (msByDay: Map<string, number>) => new Map([...msByDay].map(([day, ms]) => [day, ms / MINUTE] as const));

/** The union of intervals, sorted and merged, so an overlap is counted once. */
function merged(intervals: readonly Interval[]): Interval[] {
  const out: Interval[] = [];
  for (const { from, to } of [...intervals].filter((i) => i.to > i.from).sort((a, b) => a.from - b.from)) {
    const last = out[out.length - 1];
    if (last && from <= last.to) last.to = Math.max(last.to, to);
    else out.push({ from, to });
  }
  return out;
}

/**
 * Minutes of each day the intervals cover, counting only 08:00–22:00 local time (the trade's rule: fault hours between
 * 22:00 and 08:00 are not counted); overlapping intervals counted once. Intervals are [from, to) in ms; only days with
 * counted minutes are in the map (minutes are exact, not rounded: the proposal rounds the hours once).
 */
export function faultMinutesByDay(intervals: readonly { from: number; to: number }[], timeZone: string): Map<string, number> {
  const ms = new Map<string, number>();
  // 08:00 and 22:00 as wall-clock times of the day, so a 23- or 25-hour day still counts 14 hours
  const window = (day: string) => ({ from: parseZonedTime(`${day}T${FAULT_FROM}`, timeZone), to: parseZonedTime(`${day}T${FAULT_TO}`, timeZone) });
  for (const { from, to } of merged(intervals)) addByDay(ms, from, to, timeZone, window);
  return toMinutes(ms);
}

/**
 * Minutes inside the fence per day between fromMs and toMs (toMs exclusive: pass the next day's start), from the
 * entry/exit events in time order and whether the machine was inside at fromMs. Every day of the span is in the map
 * (0 when the machine was never inside): with a fence, 0 means off site, not unknown. Events outside the span are
 * ignored (insideAtStart already says where the machine was); a repeated entry or exit is read as the first one.
 */
export function onSiteMinutesByDay(events: readonly { at: number; kind: "in" | "out" }[], insideAtStart: boolean, fromMs: number, toMs: number, timeZone: string): Map<string, number> {
  const ms = new Map<string, number>();
  if (!(toMs > fromMs)) return ms;
  for (let day = dayOf(fromMs, timeZone), last = dayOf(toMs - 1, timeZone); day <= last; day = addDays(day, 1)) ms.set(day, 0);
  let inside = insideAtStart;
  let since = fromMs;
  // a stable sort: events at the same moment keep the order the device reported them in
  for (const e of [...events].sort((a, b) => a.at - b.at)) {
    if (e.at < fromMs || e.at >= toMs) continue;
    if (e.kind === "in" && !inside) [inside, since] = [true, e.at];
    else if (e.kind === "out" && inside) {
      addByDay(ms, since, e.at, timeZone);
      inside = false;
    }
  }
  if (inside) addByDay(ms, since, toMs, timeZone);
  return toMinutes(ms);
}

/** The days from `from` to `to`, both included (none when to < from). */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/**
 * The evidence table of a line for the period's days: one EvidenceDay per day from `from` to `to` (a day without a
 * roll-up is 0 h, 0 km and `noData`: the terminal sent nothing, which is not a quiet day; onSiteMinutes null when the
 * contract has no site fence, 0 on a day the fence map lacks; `calls` the out-car records of the day). Engine hours are
 * not rounded: the quiet-day threshold reads the exact value.
 */
export function evidenceDays(
  from: string,
  to: string,
  daily: ReadonlyMap<string, { engineSeconds: number; mileageKm: number }>,
  onSite: ReadonlyMap<string, number> | null,
  faults: ReadonlyMap<string, number>,
  calls: ReadonlyMap<string, number> = new Map(),
): EvidenceDay[] {
  return daysBetween(from, to).map((day) => {
    const d = daily.get(day);
    return { day, engineHours: d ? d.engineSeconds / 3600 : 0, km: d ? d.mileageKm : 0, onSiteMinutes: onSite ? (onSite.get(day) ?? 0) : null, faultMinutes: faults.get(day) ?? 0, noData: !d, calls: calls.get(day) ?? 0 };
  });
}

/** late: evidence that came after an earlier bill was confirmed, proposed on the next draft as an adjustment (bill-run.server.ts) */
export type ProposalKind = "stopRent" | "idle" | "fault" | "overtime" | "outside" | "onRent" | "offRent" | "late";

export interface Proposal {
  lineId: number;
  kind: ProposalKind;
  days: string[];
  hours?: number;
  /** onRent/offRent: the day the fence suggests */
  day?: string;
  /** the facts, for the clerk */
  basis: Record<string, string | number>;
}

/** Work: the engine ran or the machine moved, or an out-car record says it went out. */
export const isActive = (e: EvidenceDay) => (e.calls ?? 0) > 0 || e.engineHours >= NO_ACTIVITY.engineHours || e.km >= NO_ACTIVITY.km;
/** Nothing known of the day: no roll-up and no out-car record (never proposed as idle or stop-rent). */
export const isNoData = (e: EvidenceDay) => e.noData === true && !isActive(e);
/** hours to 2 places, rounded once from the minutes' sum */
const hoursOf = (minutes: number) => Math.round((minutes * 100) / 60) / 100;

/**
 * What the evidence suggests for a line in a period (the clerk accepts or rejects each), in this order: idle/stop-rent
 * runs, fault, overtime, outside use (before the on-rent day, after the off-rent day, off site), on-rent, off-rent.
 */
export function proposalsFor(input: { line: BillLineTerms; from: string; to: string; evidence: readonly EvidenceDay[]; overtimeHours: number; rentDatesFromFence: boolean; declared?: ReadonlySet<string> }): Proposal[] {
  const { line, from, to, overtimeHours, rentDatesFromFence } = input;
  const lineId = line.id;
  const byDay = new Map(input.evidence.map((e) => [e.day, e]));
  // a day the bill run has no row for is a day without data, with nothing known of the fence
  const ev = (day: string): EvidenceDay => byDay.get(day) ?? { day, engineHours: 0, km: 0, onSiteMinutes: null, faultMinutes: 0, noData: true };
  const period = daysBetween(from, to);
  const rentFrom = line.onRentOn > from ? line.onRentOn : from;
  const rentTo = line.offRentOn !== null && line.offRentOn < to ? line.offRentOn : to;
  const onRent = daysBetween(rentFrom, rentTo);
  const out: Proposal[] = [];

  // quiet runs: on site (or fence unknown) → idle when the line has an idle rate; a machine that sat off site is a stop-rent
  // candidate even then, so a run breaks where the kind changes
  const quietKind = (e: EvidenceDay): "idle" | "stopRent" => (line.idleRateBp !== null && (e.onSiteMinutes === null || e.onSiteMinutes > 0) ? "idle" : "stopRent");
  let run: string[] = [];
  let runKind: "idle" | "stopRent" | null = null;
  const closeRun = () => {
    if (runKind && run.length >= MIN_IDLE_RUN) out.push({ lineId, kind: runKind, days: run, basis: { from: run[0]!, to: run[run.length - 1]!, days: run.length } });
    [run, runKind] = [[], null];
  };
  // a line priced by use alone (台班, by the hour) charges nothing for a quiet day: there is no stop-rent to propose
  const timeRated = line.monthlyCents !== null || line.dailyCents !== null;
  for (const day of timeRated ? onRent : []) {
    const e = ev(day);
    // a day without data breaks a run: nothing says the machine stood still (the terminal may simply have been off); a
    // day of an approved idle declaration is billed as declared, nothing to propose
    const kind = isActive(e) || isNoData(e) || input.declared?.has(day) ? null : quietKind(e);
    if (kind !== runKind) closeRun();
    if (kind) {
      runKind = kind;
      run.push(day);
    }
  }
  closeRun();

  if (line.faultDeduction === 1) {
    const faultDays = onRent.filter((day) => ev(day).faultMinutes > 0);
    const minutes = faultDays.reduce((sum, day) => sum + ev(day).faultMinutes, 0);
    if (minutes > 0) {
      const hours = hoursOf(minutes);
      out.push({ lineId, kind: "fault", days: faultDays, hours, basis: { hours, dayOff: Math.floor(hours / 8) } });
    }
  }

  if (overtimeHours > 0) out.push({ lineId, kind: "overtime", days: [], hours: overtimeHours, basis: { hours: overtimeHours } });

  const outside = { beforeOnRent: [] as string[], afterOffRent: [] as string[], offSite: [] as string[] };
  for (const day of period) {
    const e = ev(day);
    if (!isActive(e)) continue;
    if (day < line.onRentOn) outside.beforeOnRent.push(day);
    else if (line.offRentOn !== null && day > line.offRentOn) outside.afterOffRent.push(day);
    else if (e.onSiteMinutes === 0) outside.offSite.push(day);
  }
  for (const [reason, days] of Object.entries(outside)) if (days.length) out.push({ lineId, kind: "outside", days, basis: { reason, days: days.length } });

  if (rentDatesFromFence) {
    const onSiteDays = period.filter((day) => (ev(day).onSiteMinutes ?? 0) > 0);
    const first = onSiteDays[0];
    const last = onSiteDays[onSiteDays.length - 1];
    // on site on the period's first day of a line on rent since before the period: the entry was earlier, the fence suggests nothing
    if (first && first !== line.onRentOn && !(first === from && line.onRentOn < from)) {
      out.push({ lineId, kind: "onRent", days: [first], day: first, basis: { day: first, onRentOn: line.onRentOn, onSiteMinutes: ev(first).onSiteMinutes! } });
    }
    // on site on the period's last day: the machine is still there, no off-rent day yet
    if (last && last < to && last !== line.offRentOn) {
      out.push({ lineId, kind: "offRent", days: [last], day: last, basis: { day: last, ...(line.offRentOn !== null && { offRentOn: line.offRentOn }), onSiteMinutes: ev(last).onSiteMinutes! } });
    }
  }
  return out;
}

const sortedUnique = (days: readonly string[]) => [...new Set(days)].sort();

/**
 * An accepted set of proposals of one line as the pricing's decisions (onRent/offRent change the line's dates elsewhere:
 * ignored here). Proposals of several lines are refused: merging them would bill one line on another's evidence.
 */
export function decisionsOf(accepted: readonly Proposal[]): LineDecisions {
  if (new Set(accepted.map((p) => p.lineId)).size > 1) throw new RangeError("decisionsOf: proposals of more than one line");
  const stop: string[] = [];
  const idle: string[] = [];
  const outside: string[] = [];
  let faultHours = 0;
  let overtimeHours = 0;
  for (const p of accepted) {
    if (p.kind === "stopRent") stop.push(...p.days);
    else if (p.kind === "idle") idle.push(...p.days);
    else if (p.kind === "outside") outside.push(...p.days);
    else if (p.kind === "fault") faultHours += p.hours ?? 0;
    else if (p.kind === "overtime") overtimeHours += p.hours ?? 0;
  }
  const d: LineDecisions = {};
  if (stop.length) d.stopDays = sortedUnique(stop);
  if (idle.length) d.idleDays = sortedUnique(idle);
  // a sum of 2-place hours: rounded again so 0.1 + 0.2 does not reach the bill as 0.30000000000000004
  if (faultHours) d.faultHours = Math.round(faultHours * 100) / 100;
  if (overtimeHours) d.overtimeHours = overtimeHours;
  if (outside.length) d.outsideDays = sortedUnique(outside);
  return d;
}

/** A proposal the draft holds: its id and whether the clerk has decided it. */
export type StoredProposal = Proposal & { id: number; state: number };

/** A `bill_proposals` row as a proposal (its nulls as absent). */
export const storedProposal = (p: { id: number; state: number; lineId: number; kind: ProposalKind; days: string[]; hours: number | null; day: string | null; basis: Record<string, string | number> | null }): StoredProposal => ({
  id: p.id,
  state: p.state,
  lineId: p.lineId,
  kind: p.kind,
  days: p.days,
  hours: p.hours ?? undefined,
  day: p.day ?? undefined,
  basis: p.basis ?? {},
});

/** Which kinds cover the same days: a day decided as idle is not proposed again as stop-rent, and the reverse. */
const DAY_GROUP: Partial<Record<ProposalKind, string>> = { idle: "quiet", stopRent: "quiet", outside: "outside" };

const sameProposal = (a: Proposal, b: Proposal) =>
  a.lineId === b.lineId && a.kind === b.kind && a.days.length === b.days.length && a.days.every((d, i) => d === b.days[i]) && (a.hours ?? null) === (b.hours ?? null) && (a.day ?? null) === (b.day ?? null);

/**
 * A draft's proposals against what the evidence proposes now (late evidence, Rental III §2): the clerk's decisions
 * stand (accepted or rejected, never touched); what they cover is not proposed again (the days of a decided run, the
 * hours of a decided fault or overtime: only more hours are proposed, as the difference); an on- or off-rent day once
 * decided stays. The rest is the draft's open proposals: `keep` (open ones that still stand, by id), `drop` (open ones
 * the evidence no longer bears out), `add` (new ones).
 */
export function mergeProposals(fresh: readonly Proposal[], stored: readonly StoredProposal[]): { keep: number[]; drop: number[]; add: Proposal[] } {
  const decided = stored.filter((p) => p.state !== PROPOSAL_STATE.open);
  const wanted: Proposal[] = [];
  for (const f of fresh) {
    const mine = decided.filter((d) => d.lineId === f.lineId);
    const group = DAY_GROUP[f.kind];
    if (group) {
      const covered = new Set(mine.filter((d) => DAY_GROUP[d.kind] === group).flatMap((d) => d.days));
      const days = f.days.filter((d) => !covered.has(d));
      if (days.length === f.days.length) wanted.push(f);
      else if (days.length) wanted.push({ ...f, days, basis: { ...f.basis, from: days[0]!, to: days[days.length - 1]!, days: days.length } });
    } else if (f.kind === "fault" || f.kind === "overtime") {
      const had = mine.filter((d) => d.kind === f.kind).reduce((sum, d) => sum + (d.hours ?? 0), 0);
      const more = Math.round(((f.hours ?? 0) - had) * 100) / 100;
      if (!had) wanted.push(f);
      else if (more > 0) wanted.push({ ...f, hours: more, basis: { hours: more, decidedHours: had, totalHours: f.hours ?? 0 } });
    } else if (!mine.some((d) => d.kind === f.kind)) wanted.push(f);
  }
  const open = stored.filter((p) => p.state === PROPOSAL_STATE.open);
  const keep: number[] = [];
  const add: Proposal[] = [];
  for (const w of wanted) {
    const match = open.find((o) => !keep.includes(o.id) && sameProposal(o, w));
    if (match) keep.push(match.id);
    else add.push(w);
  }
  return { keep, drop: open.filter((o) => !keep.includes(o.id)).map((o) => o.id), add };
}
