import { DurableObject } from "cloudflare:workers";
import { getDb } from "../../db/client";
import { packPoints } from "../telematics/point";
import { Archive } from "./archive";
import { PendingCommands } from "./commands";
import { HubConfig } from "./config";
import { HISTORY_SCHEMA, type TrackPoint } from "./history";
import { Ingest, refused, type IngestRequest, type IngestResult } from "./ingest";
import { LIVE_SCHEMA, LiveStore } from "./live-store";
import { OUTBOX_SCHEMA, Outbox } from "./outbox";
import type { VehicleLive } from "./protocol";
import { DAILY_SCHEMA, Rollups, upgradeDaily } from "./rollups";
import { RULE_STATE_SCHEMA, RuleRunner } from "./rule-runner";
import { AlarmClock, DAILY_FLUSH_MS, FLUSH_DELAY_MS, nextWake, TICK_MS } from "./schedule";
import { Sockets } from "./sockets";
import { areaHits, checkAreaQuery, HEAT_CELL, heatCells, SPATIAL_SCHEMA, type AreaHit, type AreaQuery, type HeatCell, type HeatQuery } from "./spatial";
import { areaVisits, checkAreaVisitQuery, type AreaVisit, type AreaVisitQuery } from "./area-visits";
import type { AreaQueryError } from "./area-query";

export { HUB_LINK_HEADER, HUB_SESSION_HEADER, HUB_TENANT_HEADER, HUB_USER_HEADER } from "./sockets";
export type { IngestRequest, IngestResult } from "./ingest";

const SCHEMA = [...HISTORY_SCHEMA, ...SPATIAL_SCHEMA, ...LIVE_SCHEMA, ...OUTBOX_SCHEMA, ...RULE_STATE_SCHEMA, ...DAILY_SCHEMA];

/** The Worker's bindings, through the global that workers/env.ts fills in: env.ts names this class for FLEET_HUB, so
 *  an import of env.ts from here would be an import cycle. */
type Env = Cloudflare.Env;

/**
 * The hub of one tenant: the live state of every vehicle, its position history (hot in SQLite, older days in R2),
 * alarms, the outbox to the business database, and the sockets of every open monitoring screen. Each concern is a
 * unit of its own (docs/architecture.md, FleetHub); this class builds them, owns the tenant, and routes the runtime's
 * events and the RPC calls to them.
 */
export class FleetHub extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  private tenantId: number | null = null;
  private readonly config = new HubConfig();
  private readonly live: LiveStore;
  private readonly commands: PendingCommands;
  private readonly clock: AlarmClock;
  private readonly sockets: Sockets;
  private readonly rollups: Rollups;
  private readonly outbox: Outbox;
  private readonly rules: RuleRunner;
  private readonly ingestor: Ingest;
  private readonly history: Archive;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    const sql = (this.sql = ctx.storage.sql);
    const db = () => getDb(this.env);
    this.live = new LiveStore(sql, ctx.storage);
    this.commands = new PendingCommands(ctx.storage);
    this.clock = new AlarmClock(ctx.storage);
    this.sockets = new Sockets(ctx, db, this.live, {
      tenantId: () => this.tenantId,
      ownTenant: (tenantId) => this.ownTenant(tenantId),
      ensureConfig: () => this.ensureConfig(),
      alarmBy: (at) => this.clock.by(at),
      timeZone: () => this.config.timeZone,
    });
    const fanout = this.sockets.fanout;
    this.rollups = new Rollups(sql, () => this.config.timeZone);
    this.outbox = new Outbox(sql, db, () => this.tenantId, this.rollups);
    this.rules = new RuleRunner(sql, this.config, this.live, this.rollups, this.outbox, fanout);
    this.ingestor = new Ingest(sql, this.config, this.live, this.rules, this.rollups, this.outbox, this.commands, fanout);
    this.history = new Archive(sql, ctx.storage, env.FILES, this.rollups);
    ctx.blockConcurrencyWhile(async () => {
      for (const stmt of SCHEMA) sql.exec(stmt);
      upgradeDaily(sql);
      await this.live.load();
      this.tenantId = (await ctx.storage.get<number>("tenantId")) ?? null;
      await this.commands.load();
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
    this.config.stale = true;
    await this.sockets.restore();
    await this.sockets.refreshScopes();
  }

  /** Loads vehicles and settings from the business database when they changed, and brings the live state along. */
  private async ensureConfig(): Promise<void> {
    if (!this.config.stale || this.tenantId === null) return;
    const rows = await this.config.load(getDb(this.env), this.tenantId);
    const { touched, removed } = this.live.sync(rows);
    for (const id of removed) {
      this.rules.forget(id);
      this.rollups.forget(id);
    }
    await this.live.saveSeq();
    if (touched.length) this.sockets.fanout.changed(touched, true);
  }

  // ---- ingest ------------------------------------------------------------------------------------

  /**
   * Stores a terminal's batch (ingest.ts): duplicates are acknowledged and ignored, every new point goes into history,
   * points newer than the live position move it, alarms and online events go to the outbox, and the sockets that
   * watch this vehicle are told. Everything is written before the answer leaves the object.
   */
  async ingest(req: IngestRequest): Promise<IngestResult> {
    if (!(await this.ownTenant(req.tenantId))) return refused("unknown_terminal");
    await this.ensureConfig();
    await this.sockets.restore();
    if (this.config.lookAgainFor(req.vehicleId)) await this.ensureConfig();
    const result = await this.ingestor.write(req);
    // alarms and events waiting for the business database go out within a second; otherwise the next tick is enough
    // (offline detection, roll-ups): a fleet reporting every second used to wake the alarm every second, and each
    // wake swept every vehicle and held the hub's thread while positions waited to fan out
    if (!result.refused) await this.clock.by(Date.now() + (this.outbox.waiting() ? FLUSH_DELAY_MS : TICK_MS));
    return result;
  }

  /** A heartbeat: the terminal is alive even without a position. */
  async heartbeat(tenantId: number, vehicleId: number): Promise<IngestResult> {
    return this.ingest({ tenantId, vehicleId, points: packPoints([]) });
  }

  // ---- commands ----------------------------------------------------------------------------------

  /** Commands were queued for these vehicles in the business database; each one's next report will say so. */
  async commandsQueued(vehicleIds: number[]): Promise<void> {
    await this.commands.queued(vehicleIds);
  }

  /** The vehicle's pending commands were handed to it. */
  async commandsDelivered(vehicleId: number): Promise<void> {
    await this.commands.delivered(vehicleId);
  }

  // ---- history -----------------------------------------------------------------------------------

  /** A vehicle's track over a range: the hot window and the R2 segments, as one time-ordered list. */
  async track(tenantId: number, vehicleId: number, from: number, to: number): Promise<TrackPoint[]> {
    if (!(await this.ownTenant(tenantId))) return [];
    return this.history.track(tenantId, vehicleId, from, to);
  }

  /**
   * Area vehicle search: the vehicles (of `vehicleIds`, the caller's data scope) with a position inside the circle
   * during the range, with the plate and the first and last time inside; `error` says why an invalid query ran not.
   */
  async area(tenantId: number, q: AreaQuery): Promise<{ error: string | null; hits: (AreaHit & { plate: string })[] }> {
    const error = checkAreaQuery(q);
    if (error || !(await this.ownTenant(tenantId))) return { error, hits: [] };
    const hits = await areaHits(this.sql, this.env.FILES, tenantId, q);
    return { error: null, hits: hits.map((h) => ({ ...h, plate: this.live.table.vehicles.get(h.vehicleId)?.plate ?? String(h.vehicleId) })) };
  }

  /**
   * 区域设备: the vehicles (of `vehicleIds`, the caller's data scope) inside a rectangle, circle or polygon during the
   * window, each stay with its entry and exit times and the plate (area-visits.ts); `error` says why a query ran not.
   */
  async areaVisits(tenantId: number, q: AreaVisitQuery): Promise<{ error: AreaQueryError | null; visits: (AreaVisit & { plate: string })[] }> {
    const error = checkAreaVisitQuery(q);
    if (error || !(await this.ownTenant(tenantId))) return { error, visits: [] };
    const visits = await areaVisits(this.sql, (vid, from, to) => this.history.track(tenantId, vid, from, to), q, HEAT_CELL);
    return { error: null, visits: visits.map((v) => ({ ...v, plate: this.live.table.vehicles.get(v.vehicleId)?.plate ?? String(v.vehicleId) })) };
  }

  /** Positions of the range counted per grid cell (the heat map), for `vehicleIds` (the caller's data scope). */
  async heat(tenantId: number, q: HeatQuery): Promise<HeatCell[]> {
    if (!(await this.ownTenant(tenantId))) return [];
    return heatCells(this.sql, q);
  }

  /**
   * When the hub last heard from each of the tenant's vehicles (server clock; null: never) and the tenant's offline
   * threshold: 在线离线报表's online classes (onlineClassOf, protocol.ts). Null for another tenant's call.
   */
  async lastHeard(tenantId: number): Promise<{ offlineAfterMs: number; seen: [number, number | null][] } | null> {
    if (!(await this.ownTenant(tenantId))) return null;
    await this.ensureConfig();
    return { offlineAfterMs: this.config.offlineAfterMs, seen: Array.from(this.live.table.vehicles.values(), (v): [number, number | null] => [v.id, v.seen]) };
  }

  /**
   * The live state of the given vehicles (null: all) and the tenant's offline threshold: the terminals' health tests
   * read the last position, its time, the supply voltage, CAN values and fault codes from it. Null for another tenant's call.
   */
  async liveStates(tenantId: number, vehicleIds: number[] | null): Promise<{ offlineAfterMs: number; vehicles: VehicleLive[] } | null> {
    if (!(await this.ownTenant(tenantId))) return null;
    await this.ensureConfig();
    const table = this.live.table.vehicles;
    const vehicles = vehicleIds === null ? [...table.values()] : vehicleIds.flatMap((id) => table.get(id) ?? []);
    return { offlineAfterMs: this.config.offlineAfterMs, vehicles };
  }

  /** Moves history older than the hot window to R2 and drops segments past retention. */
  async archive(now = Date.now()): Promise<{ moved: number; segments: number }> {
    const tenantId = this.tenantId;
    if (tenantId === null) return { moved: 0, segments: 0 };
    await this.ensureConfig();
    return this.history.run(tenantId, this.config.settings, now);
  }

  // ---- outbox, offline detection, the object's alarm ------------------------------------------------

  /**
   * Writes queued alarms and events to the business database (idempotent by hub key), and the daily roll-ups that
   * changed (absolute values of the day, upserted: a repeated flush never counts twice). Returns how many queued
   * alarms and events it wrote.
   */
  async flush(): Promise<number> {
    return this.outbox.flush();
  }

  /** Marks vehicles offline by the clock, clears old alarm flags; returns ids whose status moved. */
  async sweep(now = Date.now()): Promise<number[]> {
    await this.ensureConfig();
    const moved = this.offlineSweep(now);
    await this.live.saveSeq();
    return moved;
  }

  private offlineSweep(now: number): number[] {
    const seq = ++this.live.seq;
    const moved = this.live.table.restatus(now, this.config.offlineAfterMs, seq);
    for (const id of moved) {
      if (this.live.table.vehicles.get(id)!.status === "offline") {
        this.outbox.queue({ kind: "event", tenantId: this.tenantId!, vehicleId: id, event: "offline", at: now, key: `${id}:offline:${now}` });
      }
    }
    this.rules.offlineAlarms(this.tenantId, now);
    moved.push(...this.rules.clearFlags(now));
    for (const id of moved) this.live.save(id);
    if (moved.length) this.sockets.fanout.changed(moved, true);
    return moved;
  }

  /** The object's alarm: flush the outbox, sweep offline vehicles, archive hourly; reschedules itself while needed. */
  async alarm(): Promise<void> {
    const now = Date.now();
    this.clock.fired();
    await this.ensureConfig();
    await this.sockets.restore();
    if (this.sockets.scopeExpiresAt !== null && now >= this.sockets.scopeExpiresAt) await this.sockets.refreshScopes();
    await this.outbox.drain(now - this.rollups.flushedAt >= DAILY_FLUSH_MS);
    this.offlineSweep(now);
    await this.live.saveSeq();
    if (await this.history.due(now)) {
      await this.archive(now);
      await this.history.ran(now);
    }
    const next = nextWake(now, {
      outboxWaiting: this.outbox.waiting(),
      anyOnline: [...this.live.table.vehicles.values()].some((v) => v.status === "running" || v.status === "stopped"),
      flagsUp: this.rules.flagsUp,
      dirtyDays: this.rollups.dirtyCount() > 0,
      dailyFlushedAt: this.rollups.flushedAt,
      hasHistory: this.history.hasHistory(),
      offlineDue: this.rules.nextOfflineDue(now, now + FLUSH_DELAY_MS),
      scopeExpiresAt: this.sockets.scopeExpiresAt,
      sockets: this.sockets.fanout.subs.size > 0,
    });
    if (next !== null) await this.clock.set(next);
  }

  // ---- sockets -----------------------------------------------------------------------------------

  async fetch(request: Request): Promise<Response> {
    return this.sockets.open(request);
  }

  /**
   * A session, a user, a role or a menu may have changed: every open socket of these users (all when none are named)
   * is checked again at once (sockets.ts); returns how many sockets were closed.
   */
  async revalidate(userIds?: number[]): Promise<number> {
    return this.sockets.revalidate(userIds);
  }

  /** Screen links were revoked: their open screens are closed at once (all revoked links' when none are named). */
  async revokeLinks(linkIds?: number[]): Promise<number> {
    if (this.tenantId === null) return 0;
    return this.sockets.closeRevokedLinks(linkIds);
  }

  async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer) {
    await this.sockets.message(ws, raw);
  }

  async webSocketClose(ws: WebSocket, code: number) {
    this.sockets.closed(ws, code);
  }

  async webSocketError(ws: WebSocket) {
    await this.webSocketClose(ws, 1011);
  }

  // ---- for tests, benchmarks and the health view ---------------------------------------------------

  /** Number of open sockets. */
  async connections(): Promise<number> {
    return this.sockets.count();
  }

  /** The live state of one vehicle. */
  async vehicle(vehicleId: number): Promise<VehicleLive | null> {
    return this.live.table.vehicles.get(vehicleId) ?? null;
  }

  /** Write groups (commits of terminals' batches) since the object started. */
  async writeGroupCount(): Promise<number> {
    return this.ingestor.groups;
  }

  /** Rows in the hot history (all vehicles, or one). */
  async hotCount(vehicleId?: number): Promise<number> {
    return this.history.hotCount(vehicleId);
  }

  /**
   * Drops the subscribers kept in memory while their sockets stay open: what waking from hibernation leaves (a test
   * of Sockets.restore; restart() cannot show it, since aborting the object closes its sockets).
   */
  async forgetSubscribers(): Promise<void> {
    this.sockets.forget();
  }

  /** Restarts the object: in-memory state is dropped, only what was stored survives (a test of durability). */
  async restart(): Promise<void> {
    this.ctx.abort("restart requested");
  }
}
