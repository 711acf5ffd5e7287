import { DurableObject } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import { alarms as alarmsTable, tenantSettings, vehicleEvents, vehicles as vehiclesTable } from "../../db/schema";
import type { Env } from "../env";
import type { Point } from "../telematics/point";
import { Fanout, type SocketState, type Subscriber } from "./fanout";
import { appendPoint, archiveBefore, archivedTrack, dropExpired, HISTORY_SCHEMA, hotTrack, type TrackPoint } from "./history";
import { emptyLive, fieldsOfPoint, LiveTable, type VehicleConfig } from "./live";
import { parseClientMessage, statusOf, type AlarmEvent, type VehicleLive } from "./protocol";
import { visibleVehicleIds } from "./scope";
import { terminalAlarms } from "./terminal-alarms";
import { addHeat, areaHits, checkAreaQuery, dropHeatBefore, heatCells, SPATIAL_SCHEMA, type AreaHit, type AreaQuery, type HeatCell, type HeatQuery } from "./spatial";

export const HUB_USER_HEADER = "X-Derrick-User";
export const HUB_TENANT_HEADER = "X-Derrick-Tenant";

/** Per-tenant telematics settings (tenant_settings key "telematics"); defaults when unset. */
export interface HubSettings {
  /** no report for this long → offline on the map */
  offlineAfterMinutes: number;
  /** hours of history kept in the hub's SQLite before moving to R2 (at least 48) */
  hotHours: number;
  /** days of history kept at all */
  retentionDays: number;
}
export const DEFAULT_HUB_SETTINGS: HubSettings = { offlineAfterMinutes: 5, hotHours: 48, retentionDays: 180 };

export interface IngestRequest {
  tenantId: number;
  vehicleId: number;
  points: Point[];
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
];

const MINUTE = 60_000;
/** an unknown vehicle makes the hub reload the archive at most this often */
const CONFIG_RELOAD_MS = 5000;
const FLUSH_DELAY_MS = 1000;
const TICK_MS = 30_000;
const ARCHIVE_EVERY_MS = 3600_000;
/** an alarm flag on the map stays this long after the alarm */
const ALARM_FLAG_MS = 3600_000;

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
  private configLoadedAt = 0;
  private pendingCommands = new Set<number>();
  private lastAlarmAt = new Map<number, number>();
  /** the terminal alarm flags of each vehicle's last point (a flag fires when it appears) */
  private terminalFlags = new Map<number, string[]>();
  private readonly fanout: Fanout;
  private restoredSockets = false;

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

  /** The vehicle archive changed (a vehicle added, edited, stopped, deleted): reload before the next use. */
  async configChanged(): Promise<void> {
    this.configStale = true;
  }

  /** Loads vehicles and settings from the business database when they changed. */
  private async ensureConfig(): Promise<void> {
    if (!this.configStale || this.tenantId === null) return;
    const db = getDb(this.env);
    const tenantId = this.tenantId;
    const [rows, setting] = await Promise.all([
      db
        .select({ id: vehiclesTable.id, plate: vehiclesTable.plate, orgId: vehiclesTable.orgId, modelId: vehiclesTable.modelId, terminalNo: vehiclesTable.terminalNo, selfNo: vehiclesTable.selfNo, state: vehiclesTable.state })
        .from(vehiclesTable)
        .where(eq(vehiclesTable.tenantId, tenantId)),
      db.select({ value: tenantSettings.value }).from(tenantSettings).where(and(eq(tenantSettings.tenantId, tenantId), eq(tenantSettings.key, "telematics"))),
    ]);
    this.settings = { ...DEFAULT_HUB_SETTINGS, ...((setting[0]?.value ?? {}) as Partial<HubSettings>) };
    this.settings.hotHours = Math.max(48, this.settings.hotHours);
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
    if (!this.configs.has(req.vehicleId) && Date.now() - this.configLoadedAt > CONFIG_RELOAD_MS) {
      // a vehicle registered by a path that did not tell the hub (a script, another Worker version): look again
      this.configStale = true;
      await this.ensureConfig();
    }
    const config = this.configs.get(req.vehicleId);
    if (!config) return { refused: "unknown_terminal", accepted: 0, duplicates: [], late: 0, commands: false };
    if (config.state !== 1) return { refused: "terminal_disabled", accepted: 0, duplicates: [], late: 0, commands: false };

    const now = Date.now();
    const vid = req.vehicleId;
    const live = this.live.vehicles.get(vid)!;
    const order = req.points.map((p, i) => ({ p, i })).sort((a, b) => a.p.t - b.p.t);
    const duplicates: number[] = [];
    let accepted = 0;
    let late = 0;
    let newest: Point | null = null;
    const fresh: Point[] = [];
    for (const { p, i } of order) {
      if (!appendPoint(this.sql, vid, p)) {
        duplicates.push(i);
        continue;
      }
      accepted++;
      if (live.t !== null && p.t < live.t) {
        late++;
        continue;
      }
      if (!newest || p.t >= newest.t) newest = p;
      fresh.push(p);
    }

    this.seq++;
    const before = live.status;
    const changes: Partial<VehicleLive> = newest ? fieldsOfPoint(newest) : {};
    if (accepted > 0 || duplicates.length > 0) changes.seen = now;
    const merged = { ...live, ...changes };
    changes.status = statusOf(merged.seen, merged.speed, now, this.settings.offlineAfterMinutes * MINUTE);
    const changed = this.live.apply(vid, changes, this.seq);
    if (changed.length) this.saveLive(vid);
    if ((before === "offline" || before === "never") && (changes.status === "running" || changes.status === "stopped")) {
      this.queue({ kind: "event", tenantId: req.tenantId, vehicleId: vid, event: "online", at: now, key: `${vid}:online:${now}` });
    }
    this.ctx.storage.put("seq", this.seq);
    if (changed.length) this.fanout.changed([vid], changed.includes("status") || changed.includes("alarm"));
    if (fresh.length) {
      const raised = terminalAlarms(live, this.terminalFlags.get(vid) ?? [], fresh);
      this.terminalFlags.set(vid, raised.flags);
      for (const alarm of raised.alarms) this.raise(req.tenantId, alarm);
    }
    await this.scheduleTick(now + FLUSH_DELAY_MS);
    return { accepted, duplicates, late, commands: this.pendingCommands.has(vid) };
  }

  /** A heartbeat: the terminal is alive even without a position. */
  async heartbeat(tenantId: number, vehicleId: number): Promise<IngestResult> {
    return this.ingest({ tenantId, vehicleId, points: [] });
  }

  /** Raises an alarm: outbox to the business database, the vehicle's alarm flag, and the sockets that watch alarms. */
  private raise(tenantId: number, alarm: AlarmEvent) {
    this.queue({ kind: "alarm", tenantId, alarm });
    this.lastAlarmAt.set(alarm.vehicleId, alarm.at);
    if (this.live.apply(alarm.vehicleId, { alarm: true }, this.seq).length) {
      this.saveLive(alarm.vehicleId);
      this.fanout.changed([alarm.vehicleId], true);
    }
    this.fanout.alarmRaised(alarm);
  }

  private queue(item: OutboxAlarm | OutboxEvent) {
    this.sql.exec("INSERT INTO outbox (kind, body) VALUES (?, ?)", item.kind, JSON.stringify(item));
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
    const from = (await this.ctx.storage.get<number>("expiredUpTo")) ?? Math.floor(retentionCutoff / 86_400_000) - 1;
    await this.ctx.storage.put("expiredUpTo", await dropExpired(this.env.FILES, this.tenantId, from, retentionCutoff));
    return result;
  }

  // ---- outbox, offline detection, maintenance -----------------------------------------------------

  private async scheduleTick(at: number) {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > at) await this.ctx.storage.setAlarm(at);
  }

  /** Writes queued alarms and events to the business database (idempotent by hub key). Returns how many. */
  async flush(): Promise<number> {
    const rows = this.sql.exec<{ n: number; body: string }>("SELECT n, body FROM outbox ORDER BY n LIMIT 200").toArray();
    if (!rows.length) return 0;
    const db = getDb(this.env);
    const items = rows.map((r) => JSON.parse(r.body) as OutboxAlarm | OutboxEvent);
    const alarmRows = items
      .filter((i): i is OutboxAlarm => i.kind === "alarm")
      .map(({ tenantId, alarm: a }) => ({ tenantId, vehicleId: a.vehicleId, hubKey: a.key, kind: a.kind, level: a.level, at: a.at, lng: a.lng, lat: a.lat, speed: a.speed, refId: a.refId, detail: a.detail }));
    const eventRows = items.filter((i): i is OutboxEvent => i.kind === "event").map((e) => ({ tenantId: e.tenantId, vehicleId: e.vehicleId, hubKey: e.key, kind: e.event, at: e.at }));
    const writes: PromiseLike<unknown>[] = [];
    // D1 allows 100 bound parameters per statement: an alarm binds 14 (its 11 values, the handling state, version and
    // creation time drizzle fills in) → 7 alarms; 5 columns → 20 events per insert
    for (let i = 0; i < alarmRows.length; i += 7) writes.push(db.insert(alarmsTable).values(alarmRows.slice(i, i + 7)).onConflictDoNothing());
    for (let i = 0; i < eventRows.length; i += 20) writes.push(db.insert(vehicleEvents).values(eventRows.slice(i, i + 20)).onConflictDoNothing());
    const batching = db as unknown as { batch: (q: PromiseLike<unknown>[]) => Promise<unknown> };
    await batching.batch(writes);
    this.sql.exec("DELETE FROM outbox WHERE n <= ?", rows[rows.length - 1]!.n);
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
    for (const [id, at] of this.lastAlarmAt) {
      if (now - at < ALARM_FLAG_MS) continue;
      this.lastAlarmAt.delete(id);
      if (this.live.apply(id, { alarm: false }, this.seq).length) moved.push(id);
    }
    for (const id of moved) this.saveLive(id);
    if (moved.length) this.fanout.changed(moved, true);
    return moved;
  }

  /** The object's alarm: flush the outbox, sweep offline vehicles, archive hourly; reschedules itself while needed. */
  async alarm(): Promise<void> {
    const now = Date.now();
    await this.ensureConfig();
    while ((await this.flush()) === 200);
    this.offlineSweep(now);
    await this.ctx.storage.put("seq", this.seq);
    const lastArchive = (await this.ctx.storage.get<number>("archivedAt")) ?? 0;
    if (now - lastArchive >= ARCHIVE_EVERY_MS) {
      await this.archive(now);
      await this.ctx.storage.put("archivedAt", now);
    }
    const anyOnline = [...this.live.vehicles.values()].some((v) => v.status === "running" || v.status === "stopped");
    const pending = this.sql.exec<{ n: number }>("SELECT count(*) AS n FROM outbox").one().n > 0;
    const hasHistory = this.sql.exec<{ n: number }>("SELECT count(*) AS n FROM (SELECT 1 FROM pos LIMIT 1)").one().n > 0;
    if (pending) await this.ctx.storage.setAlarm(now + FLUSH_DELAY_MS);
    else if (anyOnline || this.lastAlarmAt.size) await this.ctx.storage.setAlarm(now + TICK_MS);
    else if (hasHistory) await this.ctx.storage.setAlarm(now + ARCHIVE_EVERY_MS);
  }

  // ---- sockets -----------------------------------------------------------------------------------

  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return new Response("Expected a WebSocket upgrade", { status: 426 });
    const userId = Number(request.headers.get(HUB_USER_HEADER));
    const tenantId = Number(request.headers.get(HUB_TENANT_HEADER));
    if (!userId || !tenantId || !(await this.ownTenant(tenantId))) return new Response("Forbidden", { status: 403 });
    await this.ensureConfig();
    const visible = await visibleVehicleIds(getDb(this.env), tenantId, userId);
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    this.ctx.acceptWebSocket(server);
    const state: SocketState = { userId, watch: {}, sentSeq: this.seq };
    server.serializeAttachment(state);
    this.fanout.subs.set(server, this.subscriberOf(server, state, visible));
    server.send(JSON.stringify({ type: "hello", tenantId, userId }));
    return new Response(null, { status: 101, webSocket: client });
  }

  private subscriberOf(ws: WebSocket, state: SocketState, visible: Set<number> | "all"): Subscriber {
    return { ws, ...state, visible, unacked: [], lastSentAt: 0, dirty: new Set(), countsDirty: false, alarms: [], inView: new Set(), timer: null, snapshot: false, persistedAt: 0 };
  }

  private saveSocket(sub: Subscriber) {
    try {
      sub.ws.serializeAttachment({ userId: sub.userId, watch: sub.watch, sentSeq: sub.sentSeq } satisfies SocketState);
    } catch {
      // closed
    }
  }

  /** After the object slept, sockets are still open: rebuild their subscribers from the attachments. */
  private async subscriberFor(ws: WebSocket): Promise<Subscriber | null> {
    const known = this.fanout.subs.get(ws);
    if (known) return known;
    const state = ws.deserializeAttachment() as SocketState | null;
    if (!state || this.tenantId === null) return null;
    const sub = this.subscriberOf(ws, state, await visibleVehicleIds(getDb(this.env), this.tenantId, state.userId));
    this.fanout.subs.set(ws, sub);
    return sub;
  }

  async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer) {
    const message = parseClientMessage(raw);
    if (!message) return ws.send(JSON.stringify({ type: "error", message: "invalid message" }));
    if (message.type === "ping") return ws.send('{"type":"pong"}');
    await this.ensureConfig();
    const sub = await this.subscriberFor(ws);
    if (!sub) return ws.close(1011, "no session state");
    if (message.type === "ack") return this.fanout.ack(sub, message.seq);
    const { type: _type, ...watch } = message;
    this.fanout.watch(sub, watch);
  }

  async webSocketClose(ws: WebSocket, code: number) {
    this.fanout.drop(ws);
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, "closed");
    } catch {
      // already closed
    }
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

  /** Rows in the hot history (all vehicles, or one). */
  async hotCount(vehicleId?: number): Promise<number> {
    return vehicleId === undefined
      ? this.sql.exec<{ n: number }>("SELECT count(*) AS n FROM pos").one().n
      : this.sql.exec<{ n: number }>("SELECT count(*) AS n FROM pos WHERE vid = ?", vehicleId).one().n;
  }

  /** Restarts the object: in-memory state is dropped, only what was stored survives (a test of durability). */
  async restart(): Promise<void> {
    this.ctx.abort("restart requested");
  }
}

