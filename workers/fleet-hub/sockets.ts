/**
 * The hub's WebSockets: opening one for a user the Worker vouches for, per-socket state in the hibernation attachment
 * (user, session, grants, watch), subscribers rebuilt after the object slept, each user's data scope and its expiry,
 * the checks when a session or a role changes, and the client's messages. What a socket is sent is the fan-out's
 * (fanout.ts).
 */
import type { Db } from "../../db/client";
import { nextGrantExpiry, visibleVehicleIds } from "../../db/rules/data-scope";
import { activeScreenLink, screenLinkVehicleIds } from "../../db/rules/screen-links";
import { todayInZone } from "../../app/lib/tenant-clock";
import { Fanout, type SocketState, type Subscriber } from "./fanout";
import { GRANT_ALARMS, GRANT_LIVE, grantsNeeded, hubGrants, validSessions } from "./grants";
import type { LiveStore } from "./live-store";
import { ACK_EVERY, CLOSE_FORBIDDEN, CLOSE_SESSION_ENDED, parseClientMessage } from "./protocol";

/** The user, tenant and session the Worker vouches for on a socket's upgrade request (workers/app.ts). */
export const HUB_USER_HEADER = "X-Derrick-User";
export const HUB_TENANT_HEADER = "X-Derrick-Tenant";
export const HUB_SESSION_HEADER = "X-Derrick-Session";
/** A screen link's socket: the link the Worker found for the address's token (no user, no session). */
export const HUB_LINK_HEADER = "X-Derrick-Link";

/**
 * How often the hub looks again at the links its screen sockets were opened with: a revoked link's screen goes dark
 * within this (at once when the revoke reaches the hub), and a customer's screen picks up machines rented since.
 */
export const LINK_CHECK_MS = 60_000;
/** What a link's screen may watch: the vehicles and counts of its scope, and their alarms. Nothing else exists. */
const LINK_GRANTS = GRANT_LIVE | GRANT_ALARMS;

/** Whose scope: a user's (userId), or a screen link's (linkId; the vehicles it shows, none once it is revoked). */
type ScopeOwner = Pick<SocketState, "userId" | "linkId">;
type ScopeReader = (owner: ScopeOwner) => Promise<Set<number> | "all">;

/** What the sockets need of the rest of the hub. */
export interface SocketHooks {
  /** the hub's tenant, or null before it has one */
  tenantId(): number | null;
  /** claims the hub for this tenant when it has none; false for another tenant */
  ownTenant(tenantId: number): Promise<boolean>;
  /** loads the vehicle archive and settings when they changed */
  ensureConfig(): Promise<void>;
  /** makes sure the object's alarm fires by then */
  alarmBy(at: number): Promise<void>;
  /** the tenant's time zone (a customer's machines on rent today) */
  timeZone(): string;
}

export class Sockets {
  readonly fanout: Fanout;
  /** when a data permission of a connected user runs out (their sockets' scopes are recomputed then), or null */
  scopeExpiresAt: number | null = null;
  /** whether this instance has rebuilt the subscribers of sockets opened before it woke (restore) */
  private restored = false;

  constructor(
    private readonly ctx: DurableObjectState,
    private readonly db: () => Db,
    private readonly live: LiveStore,
    private readonly hooks: SocketHooks,
  ) {
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('{"type":"ping"}', '{"type":"pong"}'));
    this.fanout = new Fanout(live.table, () => live.seq, (sub) => this.writeAttachment(sub.ws, stateOf(sub)));
  }

  /** Number of open sockets. */
  count(): number {
    return this.ctx.getWebSockets().length;
  }

  /** Opens a socket for the user the Worker vouches for, when they may watch a live screen. */
  async open(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return new Response("Expected a WebSocket upgrade", { status: 426 });
    const tenantId = Number(request.headers.get(HUB_TENANT_HEADER));
    const linkId = Number(request.headers.get(HUB_LINK_HEADER)) || 0;
    if (linkId) return this.openLink(tenantId, linkId);
    const userId = Number(request.headers.get(HUB_USER_HEADER));
    const sid = request.headers.get(HUB_SESSION_HEADER) ?? "";
    if (!userId || !tenantId || !sid || !(await this.hooks.ownTenant(tenantId))) return new Response("Forbidden", { status: 403 });
    const db = this.db();
    // a socket needs a live screen's menu, as the screens do (the Worker checked the session)
    const grants = await hubGrants(db, tenantId, userId);
    if (!grants) return new Response("Forbidden", { status: 403 });
    await this.hooks.ensureConfig();
    const visible = await visibleVehicleIds(db, tenantId, userId);
    return this.accept({ userId, sid, grants, watch: {} }, tenantId, visible);
  }

  /** A screen link's socket: read-only, its link's vehicles only, refused once the link is revoked. */
  private async openLink(tenantId: number, linkId: number): Promise<Response> {
    if (!tenantId || !(await this.hooks.ownTenant(tenantId))) return new Response("Forbidden", { status: 403 });
    await this.hooks.ensureConfig();
    const link = await activeScreenLink(this.db(), tenantId, linkId);
    if (!link) return new Response("Forbidden", { status: 403 });
    const visible = await screenLinkVehicleIds(this.db(), link, todayInZone(this.hooks.timeZone()));
    return this.accept({ userId: 0, sid: "", grants: LINK_GRANTS, watch: {}, linkId }, tenantId, visible);
  }

  private async accept(state: SocketState, tenantId: number, visible: Set<number> | "all"): Promise<Response> {
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment(state);
    this.fanout.subs.set(server, this.subscriberOf(server, state, visible));
    server.send(JSON.stringify({ type: "hello", tenantId, userId: state.userId }));
    await this.watchScopeExpiry();
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * After the object slept (hibernation), its sockets are still open but its memory is new, and a socket's
   * subscriber used to come back only when that socket next spoke. A screen left open over a quiet night then missed
   * the morning's positions. So before the first change is fanned out, every socket's subscriber is rebuilt from its
   * attachment (scopes read once per user) and sent a fresh snapshot, and the watch on expiring data permissions is
   * set again.
   */
  async restore(): Promise<void> {
    if (this.restored || this.hooks.tenantId() === null) return;
    this.restored = true;
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

  /**
   * Each user's data scope, and each screen link's vehicles, read from the business database once per reader however
   * many sockets they have open. A link that is gone or revoked shows nothing.
   */
  private scopeReader(): ScopeReader {
    const db = this.db();
    const tenantId = this.hooks.tenantId()!;
    const byOwner = new Map<string, Promise<Set<number> | "all">>();
    const today = todayInZone(this.hooks.timeZone());
    return ({ userId, linkId }) => {
      const key = linkId ? `link:${linkId}` : `user:${userId}`;
      let visible = byOwner.get(key);
      if (!visible) {
        visible = linkId ? activeScreenLink(db, tenantId, linkId).then((link) => (link ? screenLinkVehicleIds(db, link, today) : new Set<number>())) : visibleVehicleIds(db, tenantId, userId);
        byOwner.set(key, visible);
      }
      return visible;
    };
  }

  /** Recomputes the data scope of every open socket; a watch whose scope changed gets a new snapshot. */
  async refreshScopes(): Promise<void> {
    if (this.hooks.tenantId() === null || !this.fanout.subs.size) {
      this.scopeExpiresAt = null;
      return;
    }
    await this.closeRevokedLinks();
    const scopeOf = this.scopeReader();
    for (const sub of [...this.fanout.subs.values()]) {
      const visible = await scopeOf(sub);
      const same = visible === "all" || sub.visible === "all" ? visible === sub.visible : visible.size === sub.visible.size && [...visible].every((id) => (sub.visible as Set<number>).has(id));
      if (same) continue;
      sub.visible = visible;
      if (Object.keys(sub.watch).length) {
        await this.hooks.ensureConfig();
        this.fanout.watch(sub, { ...sub.watch, since: undefined });
      }
    }
    await this.watchScopeExpiry();
  }

  /**
   * Schedules the object's alarm for the next data permission of a connected user to run out, and, while screen
   * links' sockets are open, for the next look at their links (LINK_CHECK_MS).
   */
  private async watchScopeExpiry(): Promise<void> {
    const tenantId = this.hooks.tenantId();
    if (tenantId === null) return;
    const subs = [...this.fanout.subs.values()];
    const userIds = [...new Set(subs.filter((s) => !s.linkId).map((s) => s.userId))];
    const expiry = userIds.length ? await nextGrantExpiry(this.db(), tenantId, userIds) : null;
    const linkCheck = subs.some((s) => s.linkId) ? Date.now() + LINK_CHECK_MS : null;
    this.scopeExpiresAt = expiry === null ? linkCheck : linkCheck === null ? expiry : Math.min(expiry, linkCheck);
    if (this.scopeExpiresAt !== null) await this.hooks.alarmBy(this.scopeExpiresAt);
  }

  /**
   * Closes the sockets of screen links that were revoked (CLOSE_FORBIDDEN: the page loads again and says the link no
   * longer works), of these links or of all. Returns how many sockets were closed.
   */
  async closeRevokedLinks(linkIds?: number[]): Promise<number> {
    const tenantId = this.hooks.tenantId();
    if (tenantId === null) return 0;
    const only = linkIds ? new Set(linkIds) : null;
    const open: { ws: WebSocket; linkId: number }[] = [];
    for (const ws of this.ctx.getWebSockets()) {
      // a socket already closed by us stays listed until its client answers the close
      if (ws.readyState !== WebSocket.OPEN) continue;
      const state = (this.fanout.subs.get(ws) ?? (ws.deserializeAttachment() as SocketState | null)) as SocketState | null;
      if (state?.linkId && (!only || only.has(state.linkId))) open.push({ ws, linkId: state.linkId });
    }
    const active = new Map<number, boolean>();
    let closed = 0;
    for (const { ws, linkId } of open) {
      if (!active.has(linkId)) active.set(linkId, (await activeScreenLink(this.db(), tenantId, linkId)) !== null);
      if (active.get(linkId)) continue;
      this.close(ws, CLOSE_FORBIDDEN, "link revoked");
      closed++;
    }
    return closed;
  }

  /**
   * A session, a user, a role or a menu may have changed (sign-out, a user disabled or deleted, roles edited): every
   * open socket of these users (all users when none are named) is checked again at once. A socket whose session no
   * longer signs its user in is closed (CLOSE_SESSION_ENDED); one whose user may no longer watch what it watches is
   * closed (CLOSE_FORBIDDEN); the others keep their socket with their grants and data scope brought up to date.
   * Returns how many sockets were closed.
   */
  async revalidate(userIds?: number[]): Promise<number> {
    const tenantId = this.hooks.tenantId();
    if (tenantId === null) return 0;
    await this.restore();
    const only = userIds ? new Set(userIds) : null;
    const open: { ws: WebSocket; state: SocketState }[] = [];
    for (const ws of this.ctx.getWebSockets()) {
      const state = (this.fanout.subs.get(ws) ?? (ws.deserializeAttachment() as SocketState | null)) as SocketState | null;
      // a screen link's socket has no user or session: its link is what is checked (closeRevokedLinks)
      if (state && !state.linkId && (!only || only.has(state.userId))) open.push({ ws, state });
    }
    if (!open.length) return 0;
    const db = this.db();
    const valid = await validSessions(db, tenantId, [...new Set(open.map((o) => o.state.sid))]);
    const grantsOf = new Map<number, number>();
    for (const userId of new Set(open.map((o) => o.state.userId))) grantsOf.set(userId, await hubGrants(db, tenantId, userId));
    let closed = 0;
    for (const { ws, state } of open) {
      const grants = grantsOf.get(state.userId) ?? 0;
      const code = !valid.has(state.sid) ? CLOSE_SESSION_ENDED : !grants || grantsNeeded(state.watch) & ~grants ? CLOSE_FORBIDDEN : 0;
      if (code) {
        this.close(ws, code, code === CLOSE_SESSION_ENDED ? "session ended" : "forbidden");
        closed++;
      } else if (grants !== state.grants) {
        const sub = this.fanout.subs.get(ws);
        if (sub) sub.grants = grants;
        this.writeAttachment(ws, { ...stateOf(state), grants });
      }
    }
    await this.refreshScopes();
    return closed;
  }

  /** A client's message: a ping, an ack, or a new watch. */
  async message(ws: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    const message = parseClientMessage(raw);
    if (!message) return ws.send(JSON.stringify({ type: "error", message: "invalid message" }));
    if (message.type === "ping") return ws.send('{"type":"pong"}');
    // an ack of a known socket needs nothing else: a thousand screens ack every other frame, and answering each
    // without a wait keeps the isolate's garbage (and its collections during the next fan-out) down
    if (message.type === "ack") {
      const known = this.fanout.subs.get(ws);
      if (known) return this.fanout.ack(known, message.seq);
    }
    await this.hooks.ensureConfig();
    const sub = await this.subscriberFor(ws);
    if (!sub) return ws.close(1011, "no session state");
    if (message.type === "ack") return this.fanout.ack(sub, message.seq);
    const { type: _type, ...watch } = message;
    // each part of a watch needs the screen it serves: a watch asking for more is refused whole, nothing applied
    if (grantsNeeded(watch) & ~sub.grants) return ws.send(JSON.stringify({ type: "error", code: 403, message: "权限不足！" }));
    this.fanout.watch(sub, watch);
  }

  /** The client closed the socket (or it broke): close our end with its code (1000 when it gave none). */
  closed(ws: WebSocket, code: number) {
    this.close(ws, code === 1005 || code === 1006 ? 1000 : code, "closed");
  }

  /**
   * Drops the subscribers kept in memory while their sockets stay open: what waking from hibernation leaves (a test
   * of restore; restarting the object cannot show it, since aborting the object closes its sockets).
   */
  forget() {
    for (const sub of this.fanout.subs.values()) if (sub.timer) clearTimeout(sub.timer);
    this.fanout.subs.clear();
    this.restored = false;
    this.scopeExpiresAt = null;
  }

  private close(ws: WebSocket, code: number, reason: string) {
    this.fanout.drop(ws);
    try {
      ws.close(code, reason);
    } catch {
      // already closed
    }
  }

  private subscriberOf(ws: WebSocket, state: SocketState, visible: Set<number> | "all"): Subscriber {
    // sockets start at different points of the ack cycle, so screens fed the same frames do not ack together
    return { ws, ...state, sentSeq: this.live.seq, visible, unacked: [], frames: this.fanout.subs.size % ACK_EVERY, lastSentAt: 0, dirty: new Set(), countsDirty: false, alarms: [], inView: new Set(), timer: null, snapshot: false };
  }

  private writeAttachment(ws: WebSocket, state: SocketState) {
    try {
      ws.serializeAttachment(state);
    } catch {
      // closed
    }
  }

  /** After the object slept, sockets are still open: rebuild their subscribers from the attachments. */
  private async subscriberFor(ws: WebSocket, scopeOf?: ScopeReader): Promise<Subscriber | null> {
    const known = this.fanout.subs.get(ws);
    if (known) return known;
    const state = ws.deserializeAttachment() as SocketState | null;
    if (!state || this.hooks.tenantId() === null) return null;
    // a socket opened before sockets carried their session and grants: the client reconnects and is checked anew
    if (typeof state.sid !== "string" || typeof state.grants !== "number") {
      this.close(ws, 1012, "reconnect");
      return null;
    }
    const visible = await (scopeOf ?? this.scopeReader())(state);
    // another event of the same socket (or restore) may have rebuilt it meanwhile: keep that one
    const rebuilt = this.fanout.subs.get(ws);
    if (rebuilt) return rebuilt;
    const sub = this.subscriberOf(ws, state, visible);
    // what the screen has is unknown (the attachment keeps the watch, not a seq) and its scope may have narrowed
    // while the object slept: a watching socket is owed a whole snapshot, sent with the next frame it may have
    sub.snapshot = Object.keys(state.watch).length > 0;
    this.fanout.subs.set(ws, sub);
    return sub;
  }
}

/** What a socket's attachment keeps of its state (a subscriber carries much more). */
function stateOf(s: SocketState): SocketState {
  return { userId: s.userId, sid: s.sid, grants: s.grants, watch: s.watch, ...(s.linkId ? { linkId: s.linkId } : {}) };
}
