/**
 * Fan-out of live changes to the hub's sockets. Each socket has a watch (vehicles, bbox, counts, alarms), the data
 * scope of its user, and the seq of the last frame it was sent. Changes only mark vehicles dirty; a socket is sent a
 * frame at most `hz` times a second and never while ACK_WINDOW frames are unacknowledged, so a slow link receives
 * coalesced deltas (latest values only) instead of a growing queue.
 */
import { countsOf, type LiveTable } from "./live";
import { ACK_EVERY, ACK_WINDOW, encodeServerMessage, MAP_FIELDS, type AlarmEvent, type ServerMessage, type VehicleLive, type Watch } from "./protocol";

const MAP_FIELD_SET = new Set<string>(MAP_FIELDS);
const MOVE_FIELDS = ["t", "seen", "lng", "lat", "speed", "heading"] as const;

/** What a socket's attachment keeps through the object's sleep: whose it is and what it watches. */
export interface SocketState {
  userId: number;
  /** the session the socket was opened with: it closes when that session ends */
  sid: string;
  /** what the user's screens grant (GRANT_LIVE, GRANT_ALARMS in grants.ts) */
  grants: number;
  watch: Watch;
  /** a screen link's socket (userId 0, no session): the link's id, checked again every LINK_CHECK_MS */
  linkId?: number;
}

export interface Subscriber extends SocketState {
  ws: WebSocket;
  /** the client's state is complete up to this seq */
  sentSeq: number;
  visible: Set<number> | "all";
  unacked: number[];
  /** frames sent so far, counted from a per-socket starting point (ACK_EVERY) */
  frames: number;
  lastSentAt: number;
  dirty: Set<number>;
  countsDirty: boolean;
  alarms: AlarmEvent[];
  /** vehicles this socket currently has (bbox watches) */
  inView: Set<number>;
  timer: ReturnType<typeof setTimeout> | null;
  /** a snapshot is owed (a new watch, or a socket rebuilt after the object slept) */
  snapshot: boolean;
}

const DEFAULT_HZ = 1;

/** A vehicle cut to the fields a map watch receives (the others keep their empty values on the client). */
function mapFieldsOf(v: VehicleLive): VehicleLive {
  const out = {} as Record<string, unknown>;
  for (const k of MAP_FIELDS) out[k] = v[k];
  return { ...(out as unknown as VehicleLive), faults: [] };
}
/** recent alarms kept for resuming sockets */
const ALARM_RING = 500;

export class Fanout {
  readonly subs = new Map<WebSocket, Subscriber>();
  private recentAlarms: { seq: number; alarm: AlarmEvent }[] = [];
  /** Frames already encoded at the current seq, by what decides their content (deltaKey); null = nothing to send. */
  private frames = new Map<string, string | null>();
  private framesSeq = -1;
  /** data scopes by content, numbered, and each scope set's number (audience) */
  private readonly scopeIds = new Map<string, number>();
  private readonly scopeIdOf = new WeakMap<Set<number>, number>();
  private nextScopeId = 0;
  /** each watch's JSON (a watch is replaced, never changed in place, and may name thousands of vehicles) */
  private readonly watchKeyOf = new WeakMap<Watch, string>();
  /** audiences by their text, numbered, and each socket's number with the watch and scope it stands for */
  private readonly audienceIds = new Map<string, number>();
  private readonly audienceOf = new WeakMap<Subscriber, { watch: Watch; visible: Set<number> | "all"; id: number }>();
  private nextAudienceId = 0;

  constructor(
    private readonly live: LiveTable,
    private readonly currentSeq: () => number,
    private readonly persist: (sub: Subscriber) => void,
  ) {}

  /** The vehicle is in the user's data scope and, when the watch names vehicles, among them (counts and alarms). */
  private canSee(sub: Subscriber, id: number): boolean {
    if (sub.visible !== "all" && !sub.visible.has(id)) return false;
    const w = sub.watch.vehicles;
    return w === undefined || w === "all" || w.includes(id);
  }

  /** Vehicle state goes only to watches that ask for vehicles: an alarms- or counts-only watch gets none. */
  private sendsVehicle(sub: Subscriber, id: number): boolean {
    return sub.watch.vehicles !== undefined && this.canSee(sub, id);
  }

  private inBox(sub: Subscriber, v: VehicleLive): boolean {
    const b = sub.watch.bbox;
    if (!b) return true;
    return v.lng !== null && v.lat !== null && v.lng >= b[0] && v.lng <= b[2] && v.lat >= b[1] && v.lat <= b[3];
  }

  /** A socket asks for something new: a snapshot, or (with since) what changed after since. */
  watch(sub: Subscriber, watch: Watch) {
    sub.watch = watch;
    sub.dirty.clear();
    sub.inView.clear();
    sub.alarms = [];
    if (watch.since !== undefined && watch.since <= this.currentSeq()) {
      // resume: everything that changed after `since`, as one delta; the client keeps what it had
      sub.sentSeq = watch.since;
      sub.snapshot = false;
      for (const id of this.live.vehicles.keys()) {
        if (this.sendsVehicle(sub, id) && (this.live.vehicleSeq.get(id) ?? Number.MAX_SAFE_INTEGER) > watch.since) sub.dirty.add(id);
        if (sub.watch.bbox && this.sendsVehicle(sub, id) && this.inBox(sub, this.live.vehicles.get(id)!)) sub.inView.add(id);
      }
      sub.countsDirty = !!watch.counts;
      if (watch.alarms) sub.alarms = this.recentAlarms.filter((a) => a.seq > watch.since! && this.canSee(sub, a.alarm.vehicleId)).map((a) => a.alarm);
    } else {
      sub.snapshot = true;
    }
    this.persist(sub);
    this.schedule(sub, Date.now());
  }

  ack(sub: Subscriber, seq: number) {
    // unacked holds seqs in the order they were sent, so the acknowledged ones are at its start
    let n = 0;
    while (n < sub.unacked.length && sub.unacked[n]! <= seq) n++;
    if (n) sub.unacked.splice(0, n);
    this.schedule(sub, Date.now());
  }

  /** Vehicles changed at the current seq; `countsChanged` when a status or alarm flag moved. */
  changed(ids: Iterable<number>, countsChanged: boolean) {
    const list = [...ids];
    const now = Date.now();
    for (const sub of this.subs.values()) {
      let touched = false;
      for (const id of list) {
        if (!this.sendsVehicle(sub, id)) continue;
        sub.dirty.add(id);
        touched = true;
      }
      if (countsChanged && sub.watch.counts) {
        sub.countsDirty = true;
        touched = true;
      }
      if (touched) this.schedule(sub, now);
    }
  }

  alarmRaised(alarm: AlarmEvent) {
    this.recentAlarms.push({ seq: this.currentSeq(), alarm });
    if (this.recentAlarms.length > ALARM_RING) this.recentAlarms.splice(0, this.recentAlarms.length - ALARM_RING);
    const now = Date.now();
    for (const sub of this.subs.values()) {
      if (!sub.watch.alarms || !this.canSee(sub, alarm.vehicleId)) continue;
      sub.alarms.push(alarm);
      this.schedule(sub, now);
    }
  }

  private schedule(sub: Subscriber, now: number) {
    if (sub.timer) return;
    if (!sub.snapshot && !sub.dirty.size && !sub.countsDirty && !sub.alarms.length) return;
    if (sub.unacked.length >= ACK_WINDOW) return; // the ack will schedule
    const gap = 1000 / (sub.watch.hz ?? DEFAULT_HZ);
    const wait = Math.max(0, sub.lastSentAt + gap - now);
    if (wait === 0) return this.flush(sub);
    sub.timer = setTimeout(() => {
      sub.timer = null;
      this.flush(sub);
    }, wait);
  }

  private sendRaw(sub: Subscriber, frame: string) {
    try {
      sub.ws.send(frame);
    } catch {
      // a socket closing under us is not an error for the others
    }
  }

  flush(sub: Subscriber) {
    if (!this.subs.has(sub.ws)) return;
    const seq = this.currentSeq();
    if (this.framesSeq !== seq) {
      this.frames.clear();
      this.framesSeq = seq;
    }
    const snapshot = sub.snapshot;
    // every ACK_EVERY-th delta asks for an ack, and so does one that fills the window (a snapshot always asks)
    const ask = !snapshot && ((sub.frames + 1) % ACK_EVERY === 0 || sub.unacked.length + 1 >= ACK_WINDOW);
    // a bbox watch keeps per-socket view state (inView), so only the other watches share frames
    const key = sub.watch.bbox ? null : snapshot ? `s${this.audienceId(sub)}` : this.deltaKey(sub, ask);
    let frame = key === null ? undefined : this.frames.get(key);
    if (frame === undefined) {
      frame = snapshot ? this.snapshot(sub, seq) : this.encodedDelta(sub, seq, ask);
      if (key !== null) this.frames.set(key, frame);
    }
    sub.snapshot = false;
    const sent = frame !== null;
    if (frame !== null) this.sendRaw(sub, frame);
    sub.dirty.clear();
    sub.countsDirty = false;
    if (sub.alarms.length) sub.alarms = [];
    sub.sentSeq = seq;
    if (!sent) return;
    sub.frames++;
    sub.unacked.push(seq);
    sub.lastSentAt = Date.now();
  }

  /**
   * What decides a delta's content at this seq, as a short key: who it is for (audienceId), the seq the socket has,
   * whether it carries counts, alarms and an ack request, and its dirty vehicles. A frame is built once per key and
   * sent to every socket with that key: a thousand screens on one fleet cost one build and encode, not a thousand.
   * The key is made for every socket of every frame, so it has few pieces: one of a dozen pieces was most of what
   * a fan-out to a thousand sockets allocated, and the isolate's collections held the frames up.
   */
  private deltaKey(sub: Subscriber, ask: boolean): string {
    const flags = (sub.countsDirty ? 1 : 0) + (ask ? 2 : 0) + sub.alarms.length * 4;
    let dirty: number | string = "";
    if (sub.dirty.size === 1) for (const id of sub.dirty) dirty = id;
    else if (sub.dirty.size > 1) dirty = [...sub.dirty].join(",");
    return `d${this.audienceId(sub)} ${sub.sentSeq} ${flags} ${dirty}`;
  }

  /**
   * A number for the socket's audience (audience()), kept with the watch and the scope it was worked out for: the
   * text is built again only when one of them is replaced. Numbers only grow, so two audiences never share one.
   */
  private audienceId(sub: Subscriber): number {
    const known = this.audienceOf.get(sub);
    if (known && known.watch === sub.watch && known.visible === sub.visible) return known.id;
    const text = this.audience(sub);
    let id = this.audienceIds.get(text);
    if (id === undefined) {
      if (this.audienceIds.size >= 10_000) this.audienceIds.clear();
      this.audienceIds.set(text, (id = this.nextAudienceId++));
    }
    this.audienceOf.set(sub, { watch: sub.watch, visible: sub.visible, id });
    return id;
  }

  /**
   * Who a frame is for: the user, the data scope the socket holds (by content: during a scope refresh two sockets of
   * one user can hold different scopes for a moment, and neither may be sent what only the other may see) and the watch.
   */
  private audience(sub: Subscriber): string {
    let scope = "all";
    if (sub.visible !== "all") {
      let id = this.scopeIdOf.get(sub.visible);
      if (id === undefined) {
        const content = [...sub.visible].sort((a, b) => a - b).join(",");
        id = this.scopeIds.get(content);
        if (id === undefined) {
          // ids only grow, so forgetting old contents never lets two different scopes share a number
          if (this.scopeIds.size >= 1000) this.scopeIds.clear();
          this.scopeIds.set(content, (id = this.nextScopeId++));
        }
        this.scopeIdOf.set(sub.visible, id);
      }
      scope = String(id);
    }
    let watch = this.watchKeyOf.get(sub.watch);
    if (watch === undefined) this.watchKeyOf.set(sub.watch, (watch = JSON.stringify(sub.watch)));
    return `${sub.userId}|${scope}|${watch}`;
  }

  /** Every vehicle the socket may see, as its watch asks for them. */
  private snapshot(sub: Subscriber, seq: number): string {
    const vehicles: VehicleLive[] = [];
    const mapOnly = sub.watch.fields === "map";
    const detail = new Set(sub.watch.detail ?? []);
    for (const v of this.live.vehicles.values()) {
      if (!this.sendsVehicle(sub, v.id) || !this.inBox(sub, v)) continue;
      vehicles.push(mapOnly && !detail.has(v.id) ? mapFieldsOf(v) : v);
      if (sub.watch.bbox) sub.inView.add(v.id);
    }
    return encodeServerMessage({ type: "snapshot", seq, vehicles, ...(sub.watch.counts ? { counts: this.countsFor(sub) } : {}), ack: 1 });
  }

  /** The delta frame for this socket, asking for an ack when `ask`; null when nothing it watches changed. */
  private encodedDelta(sub: Subscriber, seq: number, ask: boolean): string | null {
    const message = this.delta(sub, seq);
    if (message && ask) message.ack = 1;
    return message ? encodeServerMessage(message) : null;
  }

  /** What changed for this socket since its last frame, or null when nothing it watches did. */
  private delta(sub: Subscriber, seq: number): Extract<ServerMessage, { type: "delta" }> | null {
    {
      const vehicles: (Partial<VehicleLive> & { id: number })[] = [];
      const gone: number[] = [];
      const mapOnly = sub.watch.fields === "map";
      const detail = new Set(sub.watch.detail ?? []);
      const pos: number[] = [];
      const at = Date.now();
      for (const id of sub.dirty) {
        const v = this.live.vehicles.get(id);
        if (!v) {
          if (!sub.watch.bbox || sub.inView.delete(id)) gone.push(id);
          continue;
        }
        if (sub.watch.bbox) {
          const inside = this.inBox(sub, v);
          if (inside && !sub.inView.has(id)) {
            sub.inView.add(id);
            vehicles.push({ ...v });
            continue;
          }
          if (!inside) {
            if (sub.inView.delete(id)) gone.push(id);
            continue;
          }
        }
        const change = this.live.changedSince(id, sub.sentSeq);
        if (!change) continue;
        if (!mapOnly || detail.has(id)) {
          vehicles.push(change);
          continue;
        }
        for (const k of Object.keys(change)) if (!MAP_FIELD_SET.has(k)) delete (change as Record<string, unknown>)[k];
        if ((change.lng !== undefined || change.lat !== undefined || change.t !== undefined) && v.lng !== null && v.lat !== null && v.t !== null) {
          pos.push(id, Math.round(v.lng * 1e6), Math.round(v.lat * 1e6), Math.round(v.speed ?? 0), v.heading === null ? -1 : Math.round(v.heading), Math.round((at - v.t) / 1000));
          for (const k of MOVE_FIELDS) delete change[k];
        }
        if (Object.keys(change).length > 1) vehicles.push(change);
      }
      const message: Extract<ServerMessage, { type: "delta" }> = { type: "delta", seq, vehicles };
      if (pos.length) {
        message.pos = pos;
        message.at = at;
      }
      if (gone.length) message.gone = gone;
      if (sub.countsDirty && sub.watch.counts) message.counts = this.countsFor(sub);
      if (sub.alarms.length) message.alarms = sub.alarms;
      return vehicles.length > 0 || pos.length > 0 || gone.length > 0 || !!message.counts || !!message.alarms ? message : null;
    }
  }

  private countsFor(sub: Subscriber) {
    return countsOf(this.live.vehicles.values(), (id) => this.canSee(sub, id));
  }

  drop(ws: WebSocket) {
    const sub = this.subs.get(ws);
    if (sub?.timer) clearTimeout(sub.timer);
    this.subs.delete(ws);
  }
}
