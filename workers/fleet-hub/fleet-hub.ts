import { DurableObject } from "cloudflare:workers";
import { and, eq, getTableColumns, sql as dsql } from "drizzle-orm";
import { getDb } from "../../db/client";
import {
  alarms as alarmsTable,
  fences as fencesTable,
  fenceVehicles,
  lineVehicles,
  routeLines,
  tenants as tenantsTable,
  tenantSettings,
  vehicleDaily,
  vehicleEvents,
  vehicles as vehiclesTable,
} from "../../db/schema";
import { ofTenant, withTenant } from "../../db/tenant";
import type { Env } from "../env";
import { packPoints, unpackPoints, type PackedPoints, type Point } from "../telematics/point";
import { Fanout, type SocketState, type Subscriber } from "./fanout";
import { appendPoints, archiveBefore, archivedTrack, dropExpired, HISTORY_SCHEMA, hotTrack, type TrackPoint } from "./history";
import { emptyLive, fieldsOfPoint, LiveTable, type VehicleConfig } from "./live";
import { grantsNeeded, hubGrants, validSessions } from "./grants";
import { ACK_EVERY, CLOSE_FORBIDDEN, CLOSE_SESSION_ENDED, parseClientMessage, statusOf, type AlarmEvent, type VehicleLive } from "./protocol";
import {
  bindRules,
  dayBounds,
  DEFAULT_RULE_SETTINGS,
  emptyRuleState,
  evaluate,
  NO_RULES,
  offlineAlarm,
  rollupStep,
  ruleSettingsOf,
  type RuleAlarm,
  type RuleSettings,
  type RuleState,
  type VehicleRules,
} from "./rules";
import { DEFAULT_TIME_ZONE } from "../../app/lib/tenant-clock";
import { nextGrantExpiry, visibleVehicleIds } from "../../db/rules/data-scope";
import { addHeat, areaHits, checkAreaQuery, dropHeatBefore, heatCells, SPATIAL_SCHEMA, type AreaHit, type AreaQuery, type HeatCell, type HeatQuery } from "./spatial";
import { WriteGroups } from "./write-groups";

export const HUB_USER_HEADER = "X-Derrick-User";
export const HUB_TENANT_HEADER = "X-Derrick-Tenant";
export const HUB_SESSION_HEADER = "X-Derrick-Session";

/**
 * Per-tenant telematics settings (tenant_settings key "telematics"); defaults when unset. The alarm rules'
 * thresholds (RuleSettings, documented in workers/fleet-hub/rules.ts and docs/alarm-rules.md) live in the same object.
 */
export interface HubSettings extends RuleSettings {
  /** no report for this long → offline on the map */
  offlineAfterMinutes: number;
  /** hours of history kept in the hub's SQLite before moving to R2 (at least 48) */
  hotHours: number;
  /** days of history kept at all */
  retentionDays: number;
}
export const DEFAULT_HUB_SETTINGS: HubSettings = { offlineAfterMinutes: 5, hotHours: 48, retentionDays: 180, ...DEFAULT_RULE_SETTINGS };

export interface IngestRequest {
  tenantId: number;
  vehicleId: number;
  /** the checked points, packed for the call (packPoints) */
  points: PackedPoints;
}

export interface IngestResult {
  /** set when the whole batch was refused: the vehicle is unknown to this hub or stopped */
  refused?: "unknown_terminal" | "terminal_disabled";
  accepted: number;
  /** indexes (in the request's points) of points already stored */
  duplicates: number[];
  /** accepted points older than the live position: kept in history, live state unchanged */
  late: number;
  /** the terminal has commands waiting */
  commands: boolean;
}

const SCHEMA = [
  ...HISTORY_SCHEMA,
  ...SPATIAL_SCHEMA,
  `CREATE TABLE IF NOT EXISTS live (id INTEGER PRIMARY KEY, seq INTEGER NOT NULL, v TEXT NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS outbox (n INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, body TEXT NOT NULL)`,
  // the alarm rules' state of each vehicle (rules.ts RuleState as JSON), so debounces survive eviction and restart
  `CREATE TABLE IF NOT EXISTS rule_state (vid INTEGER PRIMARY KEY, v TEXT NOT NULL)`,
  // daily roll-ups (absolute values of the day); dirty > 0 until written to the business database's vehicle_daily
  `CREATE TABLE IF NOT EXISTS daily (vid INTEGER NOT NULL, day TEXT NOT NULL, km REAL NOT NULL, fuel REAL NOT NULL, engine REAL NOT NULL, online REAL NOT NULL, alarms INTEGER NOT NULL, points INTEGER NOT NULL, dirty INTEGER NOT NULL, PRIMARY KEY (vid, day)) WITHOUT ROWID`,
  `CREATE INDEX IF NOT EXISTS daily_dirty ON daily (dirty) WHERE dirty > 0`,
];

const MINUTE = 60_000;
/** an unknown vehicle makes the hub reload the archive at most this often */
const CONFIG_RELOAD_MS = 5000;
const FLUSH_DELAY_MS = 1000;
const TICK_MS = 30_000;
/** positions a write group may gather (four full batches: a few tens of milliseconds of the hub's thread) */
const WRITE_GROUP_POINTS = 2000;
const ARCHIVE_EVERY_MS = 3600_000;
/** an alarm flag on the map stays this long after the alarm */
const ALARM_FLAG_MS = 3600_000;
/** the hub's own alarm writes daily roll-ups to the business database at most this often (flush() always does) */
const DAILY_FLUSH_MS = 60_000;
/** a vehicle silent longer than the offline alarm time plus this raises no offline alarm (it was silent before) */
const OFFLINE_ALARM_HORIZON_MS = 24 * 3600_000;
/** roll-ups of days older than this leave the hub once written */
const DAILY_KEEP_DAYS = 40;

/** D1 binds at most 100 parameters a statement; a multi-row insert binds one per column per row. */
const ROWS_PER_INSERT = {
  alarms: Math.floor(100 / Object.keys(getTableColumns(alarmsTable)).length),
  events: Math.floor(100 / Object.keys(getTableColumns(vehicleEvents)).length),
  daily: Math.floor(100 / Object.keys(getTableColumns(vehicleDaily)).length),
};

/** One vehicle's totals of one day (tenant time zone), with the day's bounds in UTC ms. */
interface DayRow {
  day: string;
  start: number;
  end: number;
  km: number;
  fuel: number;
  engine: number;
  online: number;
  alarms: number;
  points: number;
}

type OutboxAlarm = { kind: "alarm"; tenantId: number; alarm: AlarmEvent };
type OutboxEvent = { kind: "event"; tenantId: number; vehicleId: number; event: "online" | "offline"; at: number; key: string };

/**
 * The hub of one tenant: the live state of every vehicle, its position history (hot in SQLite, older days in R2),
 * alarms, the outbox to the business database, and the sockets of every open monitoring screen.
 */
export class FleetHub extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  private seq = 0;
  private tenantId: number | null = null;
  private settings: HubSettings = DEFAULT_HUB_SETTINGS;
  private readonly live = new LiveTable();
  private configs = new Map<number, VehicleConfig>();
  private configStale = true;
  /** when a data permission of a connected user runs out (their sockets' scopes are recomputed then), or null */
  private scopeExpiresAt: number | null = null;
  private configLoadedAt = 0;
  private pendingCommands = new Set<number>();
  /** when an unknown vehicle last made the hub look for it in the business database */
  private readonly unknownCheckedAt = new Map<number, number>();
  private lastAlarmAt = new Map<number, number>();
  private readonly fanout: Fanout;
  /** terminals' batches stored together share one commit (WriteGroups) */
  private readonly writes = new WriteGroups(WRITE_GROUP_POINTS);
  /** whether this instance has rebuilt the subscribers of sockets opened before it woke (restoreSockets) */
  private restoredSockets = false;
  /** the tenant's time zone: days of the roll-ups and fence periods */
  private timeZone = DEFAULT_TIME_ZONE;
  /** fences and lines of each vehicle with bindings of its own; `rulesForAll` (the unbound ones) for the rest */
  private rules = new Map<number, VehicleRules>();
  private rulesForAll: VehicleRules = NO_RULES;
  /** rule states loaded from SQLite, with the JSON last stored */
  private readonly ruleStates = new Map<number, { state: RuleState; json: string }>();
  /** each vehicle's current day of roll-up */
  private readonly days = new Map<number, DayRow>();
  /** stamps daily rows as dirty; a flush clears a row only if no write came after it read the row */
  private dailyVer = Date.now();
  private dailyFlushedAt = 0;
  /** whether the outbox holds rows; null until read from SQLite (each post asked SQLite before, ~50 µs a request) */
  private outboxPending: boolean | null = null;
  /** the alarm this object set last and that has not fired yet; undefined when unknown (each post asked storage) */
  private alarmAt: number | undefined = undefined;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('{"type":"ping"}', '{"type":"pong"}'));
    this.fanout = new Fanout(this.live, () => this.seq, (sub) => this.saveSocket(sub));
    ctx.blockConcurrencyWhile(async () => {
      for (const stmt of SCHEMA) this.sql.exec(stmt);
      this.seq = (await ctx.storage.get<number>("seq")) ?? 0;
      this.tenantId = (await ctx.storage.get<number>("tenantId")) ?? null;
      this.pendingCommands = new Set((await ctx.storage.get<number[]>("commands")) ?? []);
      for (const row of this.sql.exec<{ id: number; seq: number; v: string }>("SELECT id, seq, v FROM live")) {
        this.live.vehicles.set(row.id, JSON.parse(row.v) as VehicleLive);
        this.live.vehicleSeq.set(row.id, row.seq);
      }
    });
  }

  // ---- ownership and configuration ---------------------------------------------------------------

  /** The hub belongs to the first tenant that uses it; any other tenant is refused. */
  private async ownTenant(tenantId: number): Promise<boolean> {
    if (this.tenantId === null) {
      this.tenantId = tenantId;
      await this.ctx.storage.put("tenantId", tenantId);
    }
    return this.tenantId === tenantId;
  }

  /**
   * The vehicle archive or a data scope changed (a vehicle added, edited, stopped, deleted; authorized vehicles or a
   * data permission granted or withdrawn): reload before the next use, and give open sockets their scope again.
   */
  async configChanged(): Promise<void> {
    this.configStale = true;
    await this.restoreSockets();
    await this.refreshScopes();
  }

  /**
   * After the object slept (hibernation), its sockets are still open but its memory is new, and a socket's
   * subscriber used to come back only when that socket next spoke. A screen left open over a quiet night then missed
   * the morning's positions. So before the first change is fanned out, every socket's subscriber is rebuilt from its
   * attachment (scopes read once per user) and sent a fresh snapshot, and the watch on expiring data permissions is
   * set again.
   */
  private async restoreSockets(): Promise<void> {
    if (this.restoredSockets || this.tenantId === null) return;
    this.restoredSockets = true;
    const sockets = this.ctx.getWebSockets().filter((ws) => !this.fanout.subs.has(ws));
    if (!sockets.length) return;
    const scopeOf = this.scopeReader();
    for (const ws of sockets) {
      const sub = await this.subscriberFor(ws, scopeOf);
      // a fresh snapshot: the scope may have narrowed while the object slept (a data permission ran out), and a
      // delta cannot take a vehicle away from a screen
      if (sub && Object.keys(sub.watch).length) this.fanout.watch(sub, { ...sub.watch, since: undefined });
    }
    await this.watchScopeExpiry();
  }

  /** Each user's data scope, read from the business database once per reader however many sockets they have open. */
  private scopeReader(): (userId: number) => Promise<Set<number> | "all"> {
    const db = getDb(this.env);
    const tenantId = this.tenantId!;
    const byUser = new Map<number, Promise<Set<number> | "all">>();
    return (userId) => {
      let visible = byUser.get(userId);
      if (!visible) byUser.set(userId, (visible = visibleVehicleIds(db, tenantId, userId)));
      return visible;
    };
  }

  /** Recomputes the data scope of every open socket; a watch whose scope changed gets a new snapshot. */
  private async refreshScopes(): Promise<void> {
    if (this.tenantId === null || !this.fanout.subs.size) {
      this.scopeExpiresAt = null;
      return;
    }
    const scopeOf = this.scopeReader();
    for (const sub of [...this.fanout.subs.values()]) {
      const visible = await scopeOf(sub.userId);
      const same = visible === "all" || sub.visible === "all" ? visible === sub.visible : visible.size === sub.visible.size && [...visible].every((id) => (sub.visible as Set<number>).has(id));
      if (same) continue;
      sub.visible = visible;
      if (Object.keys(sub.watch).length) {
        await this.ensureConfig();
        this.fanout.watch(sub, { ...sub.watch, since: undefined });
      }
    }
    await this.watchScopeExpiry();
  }

  /** Schedules the object's alarm for the next data permission of a connected user to run out. */
  private async watchScopeExpiry(): Promise<void> {
    if (this.tenantId === null) return;
    const userIds = [...new Set([...this.fanout.subs.values()].map((s) => s.userId))];
    this.scopeExpiresAt = await nextGrantExpiry(getDb(this.env), this.tenantId, userIds);
    if (this.scopeExpiresAt !== null) await this.scheduleTick(this.scopeExpiresAt);
  }

  /** Loads vehicles and settings from the business database when they changed. */
  private async ensureConfig(): Promise<void> {
    if (!this.configStale || this.tenantId === null) return;
    const db = getDb(this.env);
    const tenantId = this.tenantId;
    const [rows, setting, tenantRows, fenceRows, fenceBindings, lineRows, lineBindings] = await Promise.all([
      db
        .select({ id: vehiclesTable.id, plate: vehiclesTable.plate, orgId: vehiclesTable.orgId, modelId: vehiclesTable.modelId, terminalNo: vehiclesTable.terminalNo, selfNo: vehiclesTable.selfNo, state: vehiclesTable.state })
        .from(vehiclesTable)
        .where(ofTenant(vehiclesTable, tenantId)),
      db.select({ value: tenantSettings.value }).from(tenantSettings).where(and(ofTenant(tenantSettings, tenantId), eq(tenantSettings.key, "telematics"))),
      db.select({ timeZone: tenantsTable.timeZone }).from(tenantsTable).where(eq(tenantsTable.id, tenantId)),
      db
        .select({
          id: fencesTable.id,
          version: fencesTable.version,
          name: fencesTable.name,
          shape: fencesTable.shape,
          coordinates: fencesTable.coordinates,
          radius: fencesTable.radius,
          alarmIn: fencesTable.alarmIn,
          alarmOut: fencesTable.alarmOut,
          speedLimit: fencesTable.speedLimit,
          period1Start: fencesTable.period1Start,
          period1End: fencesTable.period1End,
          period2Start: fencesTable.period2Start,
          period2End: fencesTable.period2End,
          dwellSeconds: fencesTable.dwellSeconds,
          level: fencesTable.level,
        })
        .from(fencesTable)
        .where(and(ofTenant(fencesTable, tenantId), eq(fencesTable.state, 1))),
      db.select({ ref: fenceVehicles.fenceId, vid: fenceVehicles.vehicleId }).from(fenceVehicles).where(ofTenant(fenceVehicles, tenantId)),
      db
        .select({ id: routeLines.id, version: routeLines.version, name: routeLines.name, path: routeLines.path, bufferMeters: routeLines.bufferMeters, offRouteAlarm: routeLines.offRouteAlarm, dwellSeconds: routeLines.dwellSeconds, level: routeLines.level })
        .from(routeLines)
        .where(and(ofTenant(routeLines, tenantId), eq(routeLines.state, 1))),
      db.select({ ref: lineVehicles.lineId, vid: lineVehicles.vehicleId }).from(lineVehicles).where(ofTenant(lineVehicles, tenantId)),
    ]);
    const stored = (setting[0]?.value ?? {}) as Partial<HubSettings>;
    this.settings = { ...DEFAULT_HUB_SETTINGS, ...stored, ...ruleSettingsOf(stored as Record<string, unknown>) };
    this.settings.hotHours = Math.max(48, this.settings.hotHours);
    this.timeZone = tenantRows[0]?.timeZone || DEFAULT_TIME_ZONE;
    const bound = bindRules(fenceRows, fenceBindings, lineRows, lineBindings);
    this.rules = bound.byVehicle;
    this.rulesForAll = bound.all;
    this.configs = new Map(rows.map((r) => [r.id, r]));
    this.configStale = false;
    this.configLoadedAt = Date.now();
    // vehicles new to the hub appear as never reported; archive fields follow edits; deleted ones leave
    this.seq++;
    const touched: number[] = [];
    for (const c of rows) {
      if (!this.live.vehicles.has(c.id)) {
        this.live.vehicles.set(c.id, emptyLive(c));
        this.live.vehicleSeq.set(c.id, this.seq);
        touched.push(c.id);
      } else if (this.live.apply(c.id, { plate: c.plate, orgId: c.orgId, modelId: c.modelId, terminalNo: c.terminalNo, selfNo: c.selfNo }, this.seq).length) touched.push(c.id);
    }
    for (const id of [...this.live.vehicles.keys()]) {
      if (this.configs.has(id)) continue;
      this.live.vehicles.delete(id);
      this.live.vehicleSeq.delete(id);
      this.sql.exec("DELETE FROM live WHERE id = ?", id);
      this.sql.exec("DELETE FROM rule_state WHERE vid = ?", id);
      this.ruleStates.delete(id);
      this.days.delete(id);
      touched.push(id);
    }
    for (const id of touched) this.saveLive(id);
    await this.ctx.storage.put("seq", this.seq);
    if (touched.length) this.fanout.changed(touched, true);
  }

  private saveLive(id: number) {
    const v = this.live.vehicles.get(id);
    if (v) this.sql.exec("INSERT INTO live (id, seq, v) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET seq = excluded.seq, v = excluded.v", id, this.live.vehicleSeq.get(id) ?? this.seq, JSON.stringify(v));
  }

  // ---- ingest ------------------------------------------------------------------------------------

  /**
   * Stores a terminal's batch: duplicates are acknowledged and ignored, every new point goes into history, points
   * newer than the live position move it (late ones don't), alarms and online events go to the outbox, and the
   * sockets that watch this vehicle are told. Everything is written before the answer leaves the object.
   */
  async ingest(req: IngestRequest): Promise<IngestResult> {
    if (!(await this.ownTenant(req.tenantId))) return { refused: "unknown_terminal", accepted: 0, duplicates: [], late: 0, commands: false };
    await this.ensureConfig();
    await this.restoreSockets();
    if (!this.configs.has(req.vehicleId) && Date.now() - (this.unknownCheckedAt.get(req.vehicleId) ?? 0) > CONFIG_RELOAD_MS) {
      // a vehicle registered by a path that did not tell the hub (a script, another Worker version): look again,
      // once per unknown vehicle every few seconds (a deleted vehicle's token cannot make the hub reload on every post)
      this.unknownCheckedAt.set(req.vehicleId, Date.now());
      this.configStale = true;
      await this.ensureConfig();
    }
    const result = await this.writes.run(req.points.n, () => this.store(req));
    // alarms and events waiting for the business database go out within a second; otherwise the next tick is enough
    // (offline detection, roll-ups): a fleet reporting every second used to wake the alarm every second, and each
    // wake swept every vehicle and held the hub's thread while positions waited to fan out
    if (!result.refused) await this.scheduleTick(Date.now() + (this.outboxWaiting() ? FLUSH_DELAY_MS : TICK_MS));
    return result;
  }

  /** ingest()'s checks and writes, in one synchronous stretch of a write group (a config reload may come between). */
  private store(req: IngestRequest): IngestResult {
    const config = this.configs.get(req.vehicleId);
    if (!config) return { refused: "unknown_terminal", accepted: 0, duplicates: [], late: 0, commands: false };
    if (config.state !== 1) return { refused: "terminal_disabled", accepted: 0, duplicates: [], late: 0, commands: false };
    const now = Date.now();
    const vid = req.vehicleId;
    const live = this.live.vehicles.get(vid)!;
    const points = unpackPoints(req.points);
    // stored and judged oldest first (the sort is stable, and one pass over a batch already in order)
    const order = points.map((p, i) => ({ p, i })).sort((a, b) => a.p.t - b.p.t);
    const stored = appendPoints(this.sql, vid, order.map((o) => o.p));
    const duplicates: number[] = [];
    let accepted = 0;
    let late = 0;
    let newest: Point | null = null;
    const fresh: Point[] = [];
    for (let n = 0; n < order.length; n++) {
      const { p, i } = order[n]!;
      if (!stored[n]) {
        duplicates.push(i);
        continue;
      }
      accepted++;
      if (live.t !== null && p.t < live.t) {
        late++;
        // history and the day's point count only: a late point raises no alarm and adds no mileage
        this.addToDay(vid, p.t, null, 1);
        continue;
      }
      fresh.push(p);
      if (!newest || p.t >= newest.t) newest = p;
    }

    this.seq++;
    const before = live.status;
    const changes: Partial<VehicleLive> = newest ? fieldsOfPoint(newest) : {};
    if (accepted > 0 || duplicates.length > 0) changes.seen = now;
    const merged = { ...live, ...changes };
    changes.status = statusOf(merged.seen, merged.speed, now, this.settings.offlineAfterMinutes * MINUTE);
    const changed = this.live.apply(vid, changes, this.seq);
    if (changed.length) this.saveLive(vid);
    if (accepted > 0 || duplicates.length > 0) this.runRules(req.tenantId, vid, fresh);
    else if (!points.length) {
      // a heartbeat: heard from again, so a later silence raises its own offline alarm
      const entry = this.ruleStateOf(vid);
      if (entry.state.offline) {
        entry.state.offline = false;
        this.saveRuleState(vid, entry);
      }
    }
    if ((before === "offline" || before === "never") && (changes.status === "running" || changes.status === "stopped")) {
      this.queue({ kind: "event", tenantId: req.tenantId, vehicleId: vid, event: "online", at: now, key: `${vid}:online:${now}` });
    }
    this.ctx.storage.put("seq", this.seq);
    if (changed.length) this.fanout.changed([vid], changed.includes("status") || changed.includes("alarm"));
    return { accepted, duplicates, late, commands: this.pendingCommands.has(vid) };
  }

  /**
   * The alarm rules and the daily roll-up over the new points of one vehicle, in time order. The rule state is
   * stored when it changed (one write per batch), the day's totals likewise.
   */
  private runRules(tenantId: number, vid: number, points: Point[]) {
    const entry = this.ruleStateOf(vid);
    const state = entry.state;
    const rules = this.rules.get(vid) ?? this.rulesForAll;
    const offlineAfterMs = this.settings.offlineAfterMinutes * MINUTE;
    // heard from again: a later silence may raise its own offline alarm
    state.offline = false;
    for (const p of points) {
      if (state.t !== null && p.t <= state.t) {
        this.addToDay(vid, p.t, null, 1);
        continue;
      }
      this.addToDay(vid, p.t, rollupStep(state.prev, p, this.settings, offlineAfterMs), 1);
      const raised = evaluate(state, p, rules, this.settings, this.timeZone);
      for (const a of raised) this.raiseRule(tenantId, vid, a, p.lng, p.lat, p.speed);
    }
    this.saveRuleState(vid, entry);
    this.saveDay(vid);
  }

  private raiseRule(tenantId: number, vid: number, a: RuleAlarm, lng: number | null, lat: number | null, speed: number | null) {
    const plate = this.live.vehicles.get(vid)?.plate ?? String(vid);
    this.raise(tenantId, { key: `${vid}:${a.key}`, vehicleId: vid, plate, kind: a.kind, level: a.level, at: a.at, lng, lat, speed, refId: a.refId, detail: a.detail });
  }

  private ruleStateOf(vid: number): { state: RuleState; json: string } {
    let entry = this.ruleStates.get(vid);
    if (!entry) {
      const row = this.sql.exec<{ v: string }>("SELECT v FROM rule_state WHERE vid = ?", vid).toArray()[0];
      entry = row ? { state: { ...emptyRuleState(), ...(JSON.parse(row.v) as RuleState) }, json: row.v } : { state: emptyRuleState(), json: "" };
      this.ruleStates.set(vid, entry);
    }
    return entry;
  }

  private saveRuleState(vid: number, entry: { state: RuleState; json: string }) {
    const json = JSON.stringify(entry.state);
    if (json === entry.json) return;
    entry.json = json;
    this.sql.exec("INSERT INTO rule_state (vid, v) VALUES (?, ?) ON CONFLICT (vid) DO UPDATE SET v = excluded.v", vid, json);
  }

  // ---- daily roll-ups ----------------------------------------------------------------------------

  /** The vehicle's totals of the day holding `t`: the cached current day, or the stored row, or zeros. */
  private dayOf(vid: number, t: number): DayRow {
    const cached = this.days.get(vid);
    if (cached && t >= cached.start && t < cached.end) return cached;
    const b = dayBounds(t, this.timeZone);
    const row = this.sql.exec<{ km: number; fuel: number; engine: number; online: number; alarms: number; points: number }>("SELECT km, fuel, engine, online, alarms, points FROM daily WHERE vid = ? AND day = ?", vid, b.day).toArray()[0];
    const day: DayRow = { ...b, km: row?.km ?? 0, fuel: row?.fuel ?? 0, engine: row?.engine ?? 0, online: row?.online ?? 0, alarms: row?.alarms ?? 0, points: row?.points ?? 0 };
    // the newest day stays cached; an older one (a late point) is written at once
    if (!cached || t >= cached.end) {
      if (cached) this.saveDay(vid);
      this.days.set(vid, day);
    }
    return day;
  }

  private addToDay(vid: number, t: number, step: { km: number; fuelL: number; engineS: number; onlineS: number } | null, points: number, alarms = 0) {
    const day = this.dayOf(vid, t);
    if (step) {
      day.km += step.km;
      day.fuel = Math.max(0, day.fuel + step.fuelL);
      day.engine += step.engineS;
      day.online += step.onlineS;
    }
    day.points += points;
    day.alarms += alarms;
    if (this.days.get(vid) !== day) this.writeDay(vid, day);
  }

  private saveDay(vid: number) {
    const day = this.days.get(vid);
    if (day) this.writeDay(vid, day);
  }

  private writeDay(vid: number, d: DayRow) {
    this.sql.exec(
      "INSERT INTO daily (vid, day, km, fuel, engine, online, alarms, points, dirty) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (vid, day) DO UPDATE SET km = excluded.km, fuel = excluded.fuel, engine = excluded.engine, online = excluded.online, alarms = excluded.alarms, points = excluded.points, dirty = excluded.dirty",
      vid,
      d.day,
      d.km,
      d.fuel,
      d.engine,
      d.online,
      d.alarms,
      d.points,
      ++this.dailyVer,
    );
  }

  /** A heartbeat: the terminal is alive even without a position. */
  async heartbeat(tenantId: number, vehicleId: number): Promise<IngestResult> {
    return this.ingest({ tenantId, vehicleId, points: packPoints([]) });
  }

  /** Raises an alarm: outbox to the business database, the vehicle's alarm flag, and the sockets that watch alarms. */
  private raise(tenantId: number, alarm: AlarmEvent) {
    this.queue({ kind: "alarm", tenantId, alarm });
    this.addToDay(alarm.vehicleId, alarm.at, null, 0, 1);
    this.saveDay(alarm.vehicleId);
    this.lastAlarmAt.set(alarm.vehicleId, alarm.at);
    if (this.live.apply(alarm.vehicleId, { alarm: true }, this.seq).length) {
      this.saveLive(alarm.vehicleId);
      this.fanout.changed([alarm.vehicleId], true);
    }
    this.fanout.alarmRaised(alarm);
  }

  private queue(item: OutboxAlarm | OutboxEvent) {
    this.sql.exec("INSERT INTO outbox (kind, body) VALUES (?, ?)", item.kind, JSON.stringify(item));
    this.outboxPending = true;
  }

  // ---- commands ----------------------------------------------------------------------------------

  /** A command was queued for this vehicle in the business database; its next report will say so. */
  async commandQueued(vehicleId: number): Promise<void> {
    this.pendingCommands.add(vehicleId);
    await this.ctx.storage.put("commands", [...this.pendingCommands]);
  }

  /** The vehicle's pending commands were handed to it. */
  async commandsDelivered(vehicleId: number): Promise<void> {
    if (!this.pendingCommands.delete(vehicleId)) return;
    await this.ctx.storage.put("commands", [...this.pendingCommands]);
  }

  // ---- history -----------------------------------------------------------------------------------

  /** A vehicle's track over a range: the hot window and the R2 segments, as one time-ordered list. */
  async track(tenantId: number, vehicleId: number, from: number, to: number): Promise<TrackPoint[]> {
    if (!(await this.ownTenant(tenantId))) return [];
    const hot = hotTrack(this.sql, vehicleId, from, to);
    const oldestHot = hot[0]?.t ?? Number.POSITIVE_INFINITY;
    const archived = from < oldestHot ? await archivedTrack(this.env.FILES, tenantId, vehicleId, from, Math.min(to, oldestHot - 1)) : [];
    const seen = new Set(hot.map((p) => p.t));
    return [...archived.filter((p) => !seen.has(p.t)), ...hot].sort((a, b) => a.t - b.t);
  }

  /**
   * Area vehicle search: the vehicles (of `vehicleIds`, the caller's data scope) with a position inside the circle
   * during the range, with the plate and the first and last time inside; `error` says why an invalid query ran not.
   */
  async area(tenantId: number, q: AreaQuery): Promise<{ error: string | null; hits: (AreaHit & { plate: string })[] }> {
    const error = checkAreaQuery(q);
    if (error || !(await this.ownTenant(tenantId))) return { error, hits: [] };
    const hits = await areaHits(this.sql, this.env.FILES, tenantId, q);
    return { error: null, hits: hits.map((h) => ({ ...h, plate: this.live.vehicles.get(h.vehicleId)?.plate ?? String(h.vehicleId) })) };
  }

  /** Positions of the range counted per grid cell (the heat map), for `vehicleIds` (the caller's data scope). */
  async heat(tenantId: number, q: HeatQuery): Promise<HeatCell[]> {
    if (!(await this.ownTenant(tenantId))) return [];
    return heatCells(this.sql, q);
  }

  /** Moves history older than the hot window to R2 and drops segments past retention. */
  async archive(now = Date.now()): Promise<{ moved: number; segments: number }> {
    if (this.tenantId === null) return { moved: 0, segments: 0 };
    await this.ensureConfig();
    const result = await archiveBefore(this.sql, this.env.FILES, this.tenantId, now - this.settings.hotHours * 3600_000, 200, (vid, day, rows) => addHeat(this.sql, vid, day, rows));
    const retentionCutoff = now - this.settings.retentionDays * 86_400_000;
    dropHeatBefore(this.sql, retentionCutoff);
    this.sql.exec("DELETE FROM daily WHERE dirty = 0 AND day < ?", new Date(now - DAILY_KEEP_DAYS * 86_400_000).toISOString().slice(0, 10));
    const from = (await this.ctx.storage.get<number>("expiredUpTo")) ?? Math.floor(retentionCutoff / 86_400_000) - 1;
    await this.ctx.storage.put("expiredUpTo", await dropExpired(this.env.FILES, this.tenantId, from, retentionCutoff));
    return result;
  }

  // ---- outbox, offline detection, maintenance -----------------------------------------------------

  /** Makes sure the alarm fires by `at`: an alarm this object set, still ahead and early enough, is left alone. */
  private async scheduleTick(at: number) {
    if (this.alarmAt !== undefined && this.alarmAt <= at && this.alarmAt > Date.now()) return;
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > at) await this.setAlarm(at);
    else this.alarmAt = current;
  }

  /** Sets the object's alarm and remembers it (scheduleTick); every alarm of the hub is set here. */
  private async setAlarm(at: number) {
    await this.ctx.storage.setAlarm(at);
    this.alarmAt = at;
  }

  /**
   * Writes queued alarms and events to the business database (idempotent by hub key), and the daily roll-ups that
   * changed (absolute values of the day, upserted: a repeated flush never counts twice). Returns how many queued
   * alarms and events it wrote.
   */
  async flush(): Promise<number> {
    let total = 0;
    let n: number;
    do total += n = await this.flushOutbox(true);
    while (n === 200 || this.dirtyDays() > 0);
    return total;
  }

  /** Alarms or events wait in the outbox for the business database. */
  private outboxWaiting(): boolean {
    return (this.outboxPending ??= this.sql.exec("SELECT 1 FROM outbox LIMIT 1").toArray().length > 0);
  }

  private dirtyDays(): number {
    return this.sql.exec<{ n: number }>("SELECT count(*) AS n FROM daily WHERE dirty > 0").one().n;
  }

  private async flushOutbox(withDays: boolean): Promise<number> {
    const rows = this.sql.exec<{ n: number; body: string }>("SELECT n, body FROM outbox ORDER BY n LIMIT 200").toArray();
    const days = withDays && this.tenantId !== null
      ? this.sql.exec<{ vid: number; day: string; km: number; fuel: number; engine: number; online: number; alarms: number; points: number; dirty: number }>("SELECT vid, day, km, fuel, engine, online, alarms, points, dirty FROM daily WHERE dirty > 0 LIMIT 90").toArray()
      : [];
    // whether rows wait is read from SQLite again when next asked (rows may be queued while this batch is on its way)
    this.outboxPending = null;
    if (!rows.length && !days.length) return 0;
    const db = getDb(this.env);
    const items = rows.map((r) => JSON.parse(r.body) as OutboxAlarm | OutboxEvent);
    const alarmRows = items
      .filter((i): i is OutboxAlarm => i.kind === "alarm")
      .map(({ tenantId, alarm: a }) => withTenant(tenantId, { vehicleId: a.vehicleId, hubKey: a.key, kind: a.kind, level: a.level, at: a.at, lng: a.lng, lat: a.lat, speed: a.speed, refId: a.refId, detail: a.detail }));
    const eventRows = items.filter((i): i is OutboxEvent => i.kind === "event").map((e) => withTenant(e.tenantId, { vehicleId: e.vehicleId, hubKey: e.key, kind: e.event, at: e.at }));
    const writes: PromiseLike<unknown>[] = [];
    // D1 allows 100 bound parameters per statement, and drizzle binds a value for every column of the table
    // (defaults included): as many rows per insert as fit
    for (let i = 0, n = ROWS_PER_INSERT.alarms; i < alarmRows.length; i += n) writes.push(db.insert(alarmsTable).values(alarmRows.slice(i, i + n)).onConflictDoNothing());
    for (let i = 0, n = ROWS_PER_INSERT.events; i < eventRows.length; i += n) writes.push(db.insert(vehicleEvents).values(eventRows.slice(i, i + n)).onConflictDoNothing());
    const now = Date.now();
    const dayRows = days.map((d) => withTenant(this.tenantId!, {
      vehicleId: d.vid,
      day: d.day,
      mileageKm: Math.round(d.km * 1000) / 1000,
      fuelUsedL: Math.round(d.fuel * 100) / 100,
      engineSeconds: Math.round(d.engine),
      onlineSeconds: Math.round(d.online),
      alarmCount: d.alarms,
      points: d.points,
      updatedAt: now,
    }));
    // the values are the day's totals, so a repeated write changes nothing
    for (let i = 0, n = ROWS_PER_INSERT.daily; i < dayRows.length; i += n) {
      writes.push(
        db
          .insert(vehicleDaily)
          .values(dayRows.slice(i, i + n))
          .onConflictDoUpdate({
            target: [vehicleDaily.vehicleId, vehicleDaily.day],
            set: {
              mileageKm: dsql`excluded.mileage_km`,
              fuelUsedL: dsql`excluded.fuel_used_l`,
              engineSeconds: dsql`excluded.engine_seconds`,
              onlineSeconds: dsql`excluded.online_seconds`,
              alarmCount: dsql`excluded.alarm_count`,
              points: dsql`excluded.points`,
              updatedAt: dsql`excluded.updated_at`,
            },
          }),
      );
    }
    const batching = db as unknown as { batch: (q: PromiseLike<unknown>[]) => Promise<unknown> };
    await batching.batch(writes);
    if (rows.length) this.sql.exec("DELETE FROM outbox WHERE n <= ?", rows[rows.length - 1]!.n);
    this.outboxPending = null;
    // a row written again while the batch was on its way stays dirty for the next flush
    for (const d of days) this.sql.exec("UPDATE daily SET dirty = 0 WHERE vid = ? AND day = ? AND dirty = ?", d.vid, d.day, d.dirty);
    if (days.length) this.dailyFlushedAt = now;
    return rows.length;
  }

  /** Marks vehicles offline by the clock, clears old alarm flags; returns ids whose status moved. */
  async sweep(now = Date.now()): Promise<number[]> {
    await this.ensureConfig();
    const moved = this.offlineSweep(now);
    await this.ctx.storage.put("seq", this.seq);
    return moved;
  }

  private offlineSweep(now: number): number[] {
    this.seq++;
    const moved = this.live.restatus(now, this.settings.offlineAfterMinutes * MINUTE, this.seq);
    for (const id of moved) {
      if (this.live.vehicles.get(id)!.status === "offline") {
        this.queue({ kind: "event", tenantId: this.tenantId!, vehicleId: id, event: "offline", at: now, key: `${id}:offline:${now}` });
      }
    }
    this.offlineAlarms(now);
    for (const [id, at] of this.lastAlarmAt) {
      if (now - at < ALARM_FLAG_MS) continue;
      this.lastAlarmAt.delete(id);
      if (this.live.apply(id, { alarm: false }, this.seq).length) moved.push(id);
    }
    for (const id of moved) this.saveLive(id);
    if (moved.length) this.fanout.changed(moved, true);
    return moved;
  }

  /** Raises the offline alarm of vehicles silent longer than the offline alarm time (once per silence). */
  private offlineAlarms(now: number) {
    const afterMs = this.settings.offlineAlarmMinutes * MINUTE;
    if (afterMs <= 0 || this.tenantId === null) return;
    for (const v of this.live.vehicles.values()) {
      if (v.seen === null || now - v.seen < afterMs || now - v.seen > afterMs + OFFLINE_ALARM_HORIZON_MS) continue;
      const cached = this.ruleStates.get(v.id);
      if (cached?.state.offline) continue;
      const entry = this.ruleStateOf(v.id);
      const alarm = offlineAlarm(entry.state, v.seen, now, this.settings);
      if (!alarm) continue;
      this.raiseRule(this.tenantId, v.id, alarm, v.lng, v.lat, null);
      this.saveRuleState(v.id, entry);
    }
  }

  /** The earliest time a silent vehicle's offline alarm falls due, or null. */
  private nextOfflineDue(now: number): number | null {
    const afterMs = this.settings.offlineAlarmMinutes * MINUTE;
    if (afterMs <= 0) return null;
    let due: number | null = null;
    for (const v of this.live.vehicles.values()) {
      if (v.seen === null || now - v.seen > afterMs + OFFLINE_ALARM_HORIZON_MS || this.ruleStates.get(v.id)?.state.offline) continue;
      const at = Math.max(now + FLUSH_DELAY_MS, v.seen + afterMs);
      if (due === null || at < due) due = at;
    }
    return due;
  }

  /** The object's alarm: flush the outbox, sweep offline vehicles, archive hourly; reschedules itself while needed. */
  async alarm(): Promise<void> {
    const now = Date.now();
    // this alarm has fired; whatever is set next is read from storage or set below
    this.alarmAt = undefined;
    await this.ensureConfig();
    await this.restoreSockets();
    if (this.scopeExpiresAt !== null && now >= this.scopeExpiresAt) await this.refreshScopes();
    const withDays = now - this.dailyFlushedAt >= DAILY_FLUSH_MS;
    while ((await this.flushOutbox(withDays)) === 200);
    this.offlineSweep(now);
    await this.ctx.storage.put("seq", this.seq);
    const lastArchive = (await this.ctx.storage.get<number>("archivedAt")) ?? 0;
    if (now - lastArchive >= ARCHIVE_EVERY_MS) {
      await this.archive(now);
      await this.ctx.storage.put("archivedAt", now);
    }
    const anyOnline = [...this.live.vehicles.values()].some((v) => v.status === "running" || v.status === "stopped");
    const pending = this.outboxWaiting();
    const hasHistory = this.sql.exec<{ n: number }>("SELECT count(*) AS n FROM (SELECT 1 FROM pos LIMIT 1)").one().n > 0;
    const days = this.dirtyDays() > 0;
    let next: number | null = null;
    if (pending) next = now + FLUSH_DELAY_MS;
    else if (anyOnline || this.lastAlarmAt.size) next = now + TICK_MS;
    else if (days) next = Math.max(now + FLUSH_DELAY_MS, this.dailyFlushedAt + DAILY_FLUSH_MS);
    else if (hasHistory) next = now + ARCHIVE_EVERY_MS;
    const offlineDue = this.nextOfflineDue(now);
    if (offlineDue !== null && (next === null || offlineDue < next)) next = offlineDue;
    if (this.scopeExpiresAt !== null && this.fanout.subs.size && (next === null || this.scopeExpiresAt < next)) next = this.scopeExpiresAt;
    if (next !== null) await this.setAlarm(next);
  }

  // ---- sockets -----------------------------------------------------------------------------------

  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return new Response("Expected a WebSocket upgrade", { status: 426 });
    const userId = Number(request.headers.get(HUB_USER_HEADER));
    const tenantId = Number(request.headers.get(HUB_TENANT_HEADER));
    const sid = request.headers.get(HUB_SESSION_HEADER) ?? "";
    if (!userId || !tenantId || !sid || !(await this.ownTenant(tenantId))) return new Response("Forbidden", { status: 403 });
    const db = getDb(this.env);
    // a socket needs a live screen's menu, as the screens do (the Worker checked the session)
    const grants = await hubGrants(db, tenantId, userId);
    if (!grants) return new Response("Forbidden", { status: 403 });
    await this.ensureConfig();
    const visible = await visibleVehicleIds(db, tenantId, userId);
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    this.ctx.acceptWebSocket(server);
    const state: SocketState = { userId, sid, grants, watch: {} };
    server.serializeAttachment(state);
    this.fanout.subs.set(server, this.subscriberOf(server, state, visible));
    server.send(JSON.stringify({ type: "hello", tenantId, userId }));
    await this.watchScopeExpiry();
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * A session, a user, a role or a menu may have changed (sign-out, a user disabled or deleted, roles edited): every
   * open socket of these users (all users when none are named) is checked again at once. A socket whose session no
   * longer signs its user in is closed (CLOSE_SESSION_ENDED); one whose user may no longer watch what it watches is
   * closed (CLOSE_FORBIDDEN); the others keep their socket with their grants and data scope brought up to date.
   * Returns how many sockets were closed.
   */
  async revalidate(userIds?: number[]): Promise<number> {
    if (this.tenantId === null) return 0;
    await this.restoreSockets();
    const only = userIds ? new Set(userIds) : null;
    const open: { ws: WebSocket; state: SocketState }[] = [];
    for (const ws of this.ctx.getWebSockets()) {
      const state = (this.fanout.subs.get(ws) ?? (ws.deserializeAttachment() as SocketState | null)) as SocketState | null;
      if (state && (!only || only.has(state.userId))) open.push({ ws, state });
    }
    if (!open.length) return 0;
    const db = getDb(this.env);
    const valid = await validSessions(db, this.tenantId, [...new Set(open.map((o) => o.state.sid))]);
    const grantsOf = new Map<number, number>();
    for (const userId of new Set(open.map((o) => o.state.userId))) grantsOf.set(userId, await hubGrants(db, this.tenantId, userId));
    let closed = 0;
    for (const { ws, state } of open) {
      const grants = grantsOf.get(state.userId) ?? 0;
      const code = !valid.has(state.sid) ? CLOSE_SESSION_ENDED : !grants || grantsNeeded(state.watch) & ~grants ? CLOSE_FORBIDDEN : 0;
      if (code) {
        this.closeSocket(ws, code, code === CLOSE_SESSION_ENDED ? "session ended" : "forbidden");
        closed++;
      } else if (grants !== state.grants) {
        const sub = this.fanout.subs.get(ws);
        if (sub) sub.grants = grants;
        this.writeAttachment(ws, { userId: state.userId, sid: state.sid, grants, watch: state.watch });
      }
    }
    await this.refreshScopes();
    return closed;
  }

  private closeSocket(ws: WebSocket, code: number, reason: string) {
    this.fanout.drop(ws);
    try {
      ws.close(code, reason);
    } catch {
      // already closed
    }
  }

  private subscriberOf(ws: WebSocket, state: SocketState, visible: Set<number> | "all"): Subscriber {
    // sockets start at different points of the ack cycle, so screens fed the same frames do not ack together
    return { ws, ...state, sentSeq: this.seq, visible, unacked: [], frames: this.fanout.subs.size % ACK_EVERY, lastSentAt: 0, dirty: new Set(), countsDirty: false, alarms: [], inView: new Set(), timer: null, snapshot: false };
  }

  private saveSocket(sub: Subscriber) {
    this.writeAttachment(sub.ws, { userId: sub.userId, sid: sub.sid, grants: sub.grants, watch: sub.watch });
  }

  private writeAttachment(ws: WebSocket, state: SocketState) {
    try {
      ws.serializeAttachment(state);
    } catch {
      // closed
    }
  }

  /** After the object slept, sockets are still open: rebuild their subscribers from the attachments. */
  private async subscriberFor(ws: WebSocket, scopeOf?: (userId: number) => Promise<Set<number> | "all">): Promise<Subscriber | null> {
    const known = this.fanout.subs.get(ws);
    if (known) return known;
    const state = ws.deserializeAttachment() as SocketState | null;
    if (!state || this.tenantId === null) return null;
    // a socket opened before sockets carried their session and grants: the client reconnects and is checked anew
    if (typeof state.sid !== "string" || typeof state.grants !== "number") {
      this.closeSocket(ws, 1012, "reconnect");
      return null;
    }
    const visible = await (scopeOf ?? this.scopeReader())(state.userId);
    // another event of the same socket (or restoreSockets) may have rebuilt it meanwhile: keep that one
    const rebuilt = this.fanout.subs.get(ws);
    if (rebuilt) return rebuilt;
    const sub = this.subscriberOf(ws, state, visible);
    // what the screen has is unknown (the attachment keeps the watch, not a seq) and its scope may have narrowed
    // while the object slept: a watching socket is owed a whole snapshot, sent with the next frame it may have
    sub.snapshot = Object.keys(state.watch).length > 0;
    this.fanout.subs.set(ws, sub);
    return sub;
  }

  async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer) {
    const message = parseClientMessage(raw);
    if (!message) return ws.send(JSON.stringify({ type: "error", message: "invalid message" }));
    if (message.type === "ping") return ws.send('{"type":"pong"}');
    // an ack of a known socket needs nothing else: a thousand screens ack every other frame, and answering each
    // without a wait keeps the isolate's garbage (and its collections during the next fan-out) down
    if (message.type === "ack") {
      const known = this.fanout.subs.get(ws);
      if (known) return this.fanout.ack(known, message.seq);
    }
    await this.ensureConfig();
    const sub = await this.subscriberFor(ws);
    if (!sub) return ws.close(1011, "no session state");
    if (message.type === "ack") return this.fanout.ack(sub, message.seq);
    const { type: _type, ...watch } = message;
    // each part of a watch needs the screen it serves: a watch asking for more is refused whole, nothing applied
    if (grantsNeeded(watch) & ~sub.grants) return ws.send(JSON.stringify({ type: "error", code: 403, message: "权限不足！" }));
    this.fanout.watch(sub, watch);
  }

  async webSocketClose(ws: WebSocket, code: number) {
    this.closeSocket(ws, code === 1005 || code === 1006 ? 1000 : code, "closed");
  }

  async webSocketError(ws: WebSocket) {
    await this.webSocketClose(ws, 1011);
  }

  // ---- for tests, benchmarks and the health view ---------------------------------------------------

  /** Number of open sockets. */
  async connections(): Promise<number> {
    return this.ctx.getWebSockets().length;
  }

  /** The live state of one vehicle. */
  async vehicle(vehicleId: number): Promise<VehicleLive | null> {
    return this.live.vehicles.get(vehicleId) ?? null;
  }

  /** Write groups (commits of terminals' batches) since the object started. */
  async writeGroupCount(): Promise<number> {
    return this.writes.groups;
  }

  /** Rows in the hot history (all vehicles, or one). */
  async hotCount(vehicleId?: number): Promise<number> {
    return vehicleId === undefined
      ? this.sql.exec<{ n: number }>("SELECT count(*) AS n FROM pos").one().n
      : this.sql.exec<{ n: number }>("SELECT count(*) AS n FROM pos WHERE vid = ?", vehicleId).one().n;
  }

  /**
   * Drops the subscribers kept in memory while their sockets stay open: what waking from hibernation leaves (a test
   * of restoreSockets; restart() cannot show it, since aborting the object closes its sockets).
   */
  async forgetSubscribers(): Promise<void> {
    for (const sub of this.fanout.subs.values()) if (sub.timer) clearTimeout(sub.timer);
    this.fanout.subs.clear();
    this.restoredSockets = false;
    this.scopeExpiresAt = null;
  }

  /** Restarts the object: in-memory state is dropped, only what was stored survives (a test of durability). */
  async restart(): Promise<void> {
    this.ctx.abort("restart requested");
  }
}

