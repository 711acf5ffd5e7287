/**
 * 健康检测's grading, pure and client-safe: what a terminal sent over the detection window (its daily roll-ups) and
 * what the hub holds of it now (its live state), checked item by item; each check's finding is ok, warn or bad (or
 * n/a when the terminal does not send that value), and the run's grade is the worst of them: healthy (健康) when all
 * pass, sub-healthy (亚健康) with a warning, serious (严重) with a failure. docs/terminal-health.md has the thresholds.
 */

export type HealthGrade = "healthy" | "subHealthy" | "serious";
export type HealthTrigger = "manual" | "daily" | "retest";
export const HEALTH_GRADES: readonly HealthGrade[] = ["healthy", "subHealthy", "serious"];

export type CheckKey = "positions" | "gnss" | "drift" | "voltage" | "can" | "faults";
export const CHECK_KEYS: readonly CheckKey[] = ["positions", "gnss", "drift", "voltage", "can", "faults"];
export type CheckLevel = "ok" | "warn" | "bad" | "na";

/** One check's result: its level and the figures the page words (the texts' `checks.<key>.<level>` with `values`). */
export interface HealthFinding {
  check: CheckKey;
  level: CheckLevel;
  values: Record<string, number | string>;
}

/** What a run reads: the window's roll-ups summed, and the hub's live state of the terminal (null: never heard). */
export interface HealthInput {
  windowMs: number;
  /** positions the hub stored in the window (vehicle_daily.points) */
  points: number;
  /** time online in the window (vehicle_daily.online_seconds) */
  onlineSeconds: number;
  /** engine time in the window (vehicle_daily.engine_seconds) */
  engineSeconds: number;
  live: {
    /** last position's time (terminal clock) and when the hub last heard from it (server clock) */
    t: number | null;
    seen: number | null;
    lng: number | null;
    lat: number | null;
    battery: number | null;
    rpm: number | null;
    torque: number | null;
    fuel: number | null;
    hasCrane: boolean;
    faults: number;
  } | null;
}

/** A terminal reports at least once a minute while online: the positions expected are its online minutes. */
export const EXPECTED_INTERVAL_S = 60;
/** positions received ÷ expected: at least this share passes, at least the lower one warns, less fails */
export const POSITIONS_OK = 0.8;
export const POSITIONS_WARN = 0.3;
/** the last position's time against the hub's clock when it arrived: ahead by more than this warns, 10 times fails */
export const DRIFT_WARN_MS = 60_000;
/** positions lagging the terminal's last contact by more than this (a buffered or stale fix) warn */
export const LAG_WARN_MS = 30 * 60_000;
/** supply voltage bands of 12 V and 24 V systems */
const VOLT_OK: [number, number][] = [
  [11.5, 15],
  [23, 30],
];
const VOLT_WARN: [number, number][] = [
  [10.5, 11.5],
  [21, 23],
  [30, 32],
];
const within = (v: number, bands: [number, number][]) => bands.some(([lo, hi]) => v >= lo && v <= hi);

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Each check of one terminal over the window. */
export function healthFindings(input: HealthInput): HealthFinding[] {
  const live = input.live;
  const findings: HealthFinding[] = [];
  // positions received vs expected (one a minute online); none at all in the window is a failure
  const expected = Math.floor(input.onlineSeconds / EXPECTED_INTERVAL_S);
  if (input.points === 0 && expected === 0) findings.push({ check: "positions", level: "bad", values: { received: 0, expected: 0, percent: 0 } });
  else {
    const share = expected > 0 ? input.points / expected : 1;
    const level = share >= POSITIONS_OK ? "ok" : share >= POSITIONS_WARN ? "warn" : "bad";
    findings.push({ check: "positions", level, values: { received: input.points, expected, percent: Math.min(100, Math.round(share * 100)) } });
  }
  // GNSS fix: the last position is a real one (not missing, not 0,0, in range)
  if (!live || live.lng === null || live.lat === null) findings.push({ check: "gnss", level: "bad", values: {} });
  else {
    const zero = Math.abs(live.lng) < 1e-6 && Math.abs(live.lat) < 1e-6;
    const ok = !zero && Math.abs(live.lng) <= 180 && Math.abs(live.lat) <= 90;
    findings.push({ check: "gnss", level: ok ? "ok" : "bad", values: { longitude: live.lng, latitude: live.lat } });
  }
  // time drift: a terminal clock ahead of the hub's (a position from the future) or positions far behind the last contact
  if (!live || live.t === null || live.seen === null) findings.push({ check: "drift", level: "na", values: {} });
  else {
    const ahead = live.t - live.seen;
    const lag = live.seen - live.t;
    if (ahead > DRIFT_WARN_MS) findings.push({ check: "drift", level: ahead > 10 * DRIFT_WARN_MS ? "bad" : "warn", values: { seconds: Math.round(ahead / 1000) } });
    else if (lag > LAG_WARN_MS) findings.push({ check: "drift", level: "warn", values: { minutes: Math.round(lag / 60_000) } });
    else findings.push({ check: "drift", level: "ok", values: { seconds: Math.round(Math.abs(ahead) / 1000) } });
  }
  // supply voltage, when the terminal sends it
  if (!live || live.battery === null) findings.push({ check: "voltage", level: "na", values: {} });
  else {
    const v = round1(live.battery);
    findings.push({ check: "voltage", level: within(v, VOLT_OK) ? "ok" : within(v, VOLT_WARN) ? "warn" : "bad", values: { volts: v } });
  }
  // CAN data: an engine that ran with no engine values from the bus, or a terminal that never sent any
  const can = live ? [live.rpm, live.torque, live.fuel].filter((x) => x !== null).length + (live.hasCrane ? 1 : 0) : 0;
  if (!live) findings.push({ check: "can", level: "na", values: {} });
  else findings.push({ check: "can", level: can > 0 ? "ok" : "warn", values: { values: can, engineHours: round1(input.engineSeconds / 3600) } });
  // fault codes the terminal reports now
  const faults = live?.faults ?? 0;
  findings.push({ check: "faults", level: faults === 0 ? "ok" : faults >= 3 ? "bad" : "warn", values: { count: faults } });
  return findings;
}

/** The run's grade: the worst finding (n/a counts as passing). */
export function gradeOf(findings: readonly HealthFinding[]): HealthGrade {
  if (findings.some((f) => f.level === "bad")) return "serious";
  if (findings.some((f) => f.level === "warn")) return "subHealthy";
  return "healthy";
}

/** A run that raises a health alarm: sub-healthy or serious. */
export const raisesAlarm = (grade: HealthGrade) => grade !== "healthy";
