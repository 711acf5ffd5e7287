/**
 * Runs the alarm rules (rules.ts, pure) in the hub: each vehicle's rule state kept in SQLite (table `rule_state`) so
 * debounces survive eviction and restart, the daily roll-up of each new point, the offline alarm of silent vehicles,
 * and what a raised alarm does: the outbox, the day's alarm count, the map's alarm flag and the sockets that watch
 * alarms (docs/alarm-rules.md).
 */
import type { Point } from "../telematics/point";
import type { HubConfig } from "./config";
import type { Fanout } from "./fanout";
import type { LiveStore } from "./live-store";
import type { Outbox } from "./outbox";
import type { AlarmEvent } from "./protocol";
import type { Rollups } from "./rollups";
import { emptyRuleState, evaluate, offlineAlarm, rollupStep, type RuleAlarm, type RuleState } from "./rules";

export const RULE_STATE_SCHEMA = [
  // the alarm rules' state of each vehicle (rules.ts RuleState as JSON), so debounces survive eviction and restart
  `CREATE TABLE IF NOT EXISTS rule_state (vid INTEGER PRIMARY KEY, v TEXT NOT NULL)`,
];

const MINUTE = 60_000;
/** an alarm flag on the map stays this long after the alarm */
const ALARM_FLAG_MS = 3600_000;
/** a vehicle silent longer than the offline alarm time plus this raises no offline alarm (it was silent before) */
const OFFLINE_ALARM_HORIZON_MS = 24 * 3600_000;

/** A vehicle's rule state with the JSON last stored. */
interface StoredState {
  state: RuleState;
  json: string;
}

export class RuleRunner {
  /** rule states loaded from SQLite */
  private readonly states = new Map<number, StoredState>();
  /** when each vehicle with its alarm flag up last raised an alarm */
  private readonly lastAlarmAt = new Map<number, number>();

  constructor(
    private readonly sql: SqlStorage,
    private readonly config: HubConfig,
    private readonly live: LiveStore,
    private readonly rollups: Rollups,
    private readonly outbox: Outbox,
    private readonly fanout: Fanout,
  ) {}

  /** Some vehicle has its alarm flag up on the map. */
  get flagsUp(): boolean {
    return this.lastAlarmAt.size > 0;
  }

  /**
   * The alarm rules and the daily roll-up over the new points of one vehicle, in time order. The rule state is
   * stored when it changed (one write per batch), the day's totals likewise.
   */
  run(tenantId: number, vid: number, points: Point[]) {
    const entry = this.stateOf(vid);
    const state = entry.state;
    const rules = this.config.rulesOf(vid);
    const settings = this.config.settings;
    const offlineAfterMs = this.config.offlineAfterMs;
    // heard from again: a later silence may raise its own offline alarm
    state.offline = false;
    for (const p of points) {
      if (state.t !== null && p.t <= state.t) {
        this.rollups.add(vid, p.t, null, 1);
        continue;
      }
      this.rollups.add(vid, p.t, rollupStep(state.prev, p, settings, offlineAfterMs), 1);
      const raised = evaluate(state, p, rules, settings, this.config.timeZone);
      for (const a of raised) this.raiseRule(tenantId, vid, a, p.lng, p.lat, p.speed);
    }
    this.save(vid, entry);
    this.rollups.save(vid);
  }

  /** A heartbeat: heard from again, so a later silence raises its own offline alarm. */
  heardFrom(vid: number) {
    const entry = this.stateOf(vid);
    if (entry.state.offline) {
      entry.state.offline = false;
      this.save(vid, entry);
    }
  }

  /** Raises the offline alarm of vehicles silent longer than the offline alarm time (once per silence). */
  offlineAlarms(tenantId: number | null, now: number) {
    const afterMs = this.config.settings.offlineAlarmMinutes * MINUTE;
    if (afterMs <= 0 || tenantId === null) return;
    for (const v of this.live.table.vehicles.values()) {
      if (v.seen === null || now - v.seen < afterMs || now - v.seen > afterMs + OFFLINE_ALARM_HORIZON_MS) continue;
      const cached = this.states.get(v.id);
      if (cached?.state.offline) continue;
      const entry = this.stateOf(v.id);
      const alarm = offlineAlarm(entry.state, v.seen, now, this.config.settings);
      if (!alarm) continue;
      this.raiseRule(tenantId, v.id, alarm, v.lng, v.lat, null);
      this.save(v.id, entry);
    }
  }

  /** The earliest time a silent vehicle's offline alarm falls due (never before `earliest`), or null. */
  nextOfflineDue(now: number, earliest: number): number | null {
    const afterMs = this.config.settings.offlineAlarmMinutes * MINUTE;
    if (afterMs <= 0) return null;
    let due: number | null = null;
    for (const v of this.live.table.vehicles.values()) {
      if (v.seen === null || now - v.seen > afterMs + OFFLINE_ALARM_HORIZON_MS || this.states.get(v.id)?.state.offline) continue;
      const at = Math.max(earliest, v.seen + afterMs);
      if (due === null || at < due) due = at;
    }
    return due;
  }

  /** Takes down the map's alarm flags raised longer ago than they stay (at the live state's seq); returns the vehicles whose flag went down. */
  clearFlags(now: number): number[] {
    const cleared: number[] = [];
    for (const [id, at] of this.lastAlarmAt) {
      if (now - at < ALARM_FLAG_MS) continue;
      this.lastAlarmAt.delete(id);
      if (this.live.table.apply(id, { alarm: false }, this.live.seq).length) cleared.push(id);
    }
    return cleared;
  }

  /** Forgets a vehicle that left the archive, with its stored rule state. */
  forget(vid: number) {
    this.sql.exec("DELETE FROM rule_state WHERE vid = ?", vid);
    this.states.delete(vid);
  }

  private raiseRule(tenantId: number, vid: number, a: RuleAlarm, lng: number | null, lat: number | null, speed: number | null) {
    const plate = this.live.table.vehicles.get(vid)?.plate ?? String(vid);
    this.raise(tenantId, { key: `${vid}:${a.key}`, vehicleId: vid, plate, kind: a.kind, level: a.level, at: a.at, lng, lat, speed, refId: a.refId, detail: a.detail });
  }

  /** Raises an alarm: outbox to the business database, the vehicle's alarm flag, and the sockets that watch alarms. */
  private raise(tenantId: number, alarm: AlarmEvent) {
    this.outbox.queue({ kind: "alarm", tenantId, alarm });
    this.rollups.add(alarm.vehicleId, alarm.at, null, 0, 1);
    this.rollups.save(alarm.vehicleId);
    this.lastAlarmAt.set(alarm.vehicleId, alarm.at);
    if (this.live.table.apply(alarm.vehicleId, { alarm: true }, this.live.seq).length) {
      this.live.save(alarm.vehicleId);
      this.fanout.changed([alarm.vehicleId], true);
    }
    this.fanout.alarmRaised(alarm);
  }

  private stateOf(vid: number): StoredState {
    let entry = this.states.get(vid);
    if (!entry) {
      const row = this.sql.exec<{ v: string }>("SELECT v FROM rule_state WHERE vid = ?", vid).toArray()[0];
      entry = row ? { state: { ...emptyRuleState(), ...(JSON.parse(row.v) as RuleState) }, json: row.v } : { state: emptyRuleState(), json: "" };
      this.states.set(vid, entry);
    }
    return entry;
  }

  private save(vid: number, entry: StoredState) {
    const json = JSON.stringify(entry.state);
    if (json === entry.json) return;
    entry.json = json;
    this.sql.exec("INSERT INTO rule_state (vid, v) VALUES (?, ?) ON CONFLICT (vid) DO UPDATE SET v = excluded.v", vid, json);
  }
}
