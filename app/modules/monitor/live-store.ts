/**
 * The monitoring screen's live vehicles, fed by the hub's protocol messages (workers/fleet-hub/protocol.ts).
 * Built for 5,000 vehicles reporting every second: records are mutated in place, every applied message bumps one
 * version counter, and readers pick what they need — the map drains the ids that moved since its last frame, the
 * vehicle tree listens to `statusVersion` (only status, alarm or membership changes), the info panel to one
 * vehicle's revision. React subscribes through `subscribe` + a version getter (useSyncExternalStore); no vehicle
 * ever has React state of its own.
 */
import { ENABLED } from "../../../db/states";
import { emptyLive } from "../../../workers/fleet-hub/live";
import { MAP_FIELDS, unpackPositions, type FleetCounts, type ServerMessage, type VehicleLive } from "../../../workers/fleet-hub/protocol";

const MAP_FIELD_SET = new Set<string>(MAP_FIELDS);

export type Connection = "connecting" | "open" | "reconnecting" | "offline";

/** A vehicle the store hears of first through a delta: empty until its fields arrive. */
const blank = (id: number): VehicleLive => emptyLive({ id, plate: "", orgId: null, modelId: null, terminalNo: "", selfNo: null, state: ENABLED });

export class LiveStore {
  readonly vehicles = new Map<number, VehicleLive>();
  counts: FleetCounts | null = null;
  /** the last seq applied: a reconnect watches with `since: seq` and resumes without a gap */
  seq: number | null = null;
  /** bumped by every change */
  version = 0;
  /** bumped when a vehicle's status or alarm changes, or vehicles arrive or leave (the tree's badges) */
  statusVersion = 0;
  connection: Connection = "connecting";
  /** the hub's last error message (e.g. "invalid message"), cleared by the next snapshot */
  error: string | null = null;
  hello: { tenantId: number; userId: number } | null = null;
  /** set when a snapshot arrives: the map redraws everything, not only the moved ids */
  private all = true;
  private readonly moved = new Set<number>();
  private readonly revs = new Map<number, number>();
  private readonly listeners = new Set<() => void>();

  /** For useSyncExternalStore: called after every applied message or connection change. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getVersion = () => this.version;
  getStatusVersion = () => this.statusVersion;
  getConnection = () => this.connection;
  /** a vehicle's revision: changes whenever that vehicle changes (0 when unknown) */
  revOf = (id: number) => this.revs.get(id) ?? 0;
  get = (id: number) => this.vehicles.get(id);

  private notify() {
    this.version++;
    for (const l of [...this.listeners]) l();
  }

  setConnection(c: Connection) {
    if (this.connection === c) return;
    this.connection = c;
    this.notify();
  }

  /**
   * What changed for the map since the last call: "all" after a snapshot (or the first call), otherwise the ids
   * that moved, arrived, left or changed status. Clears the record.
   */
  drainChanged(): Set<number> | "all" {
    if (this.all) {
      this.all = false;
      this.moved.clear();
      return "all";
    }
    const out = new Set(this.moved);
    this.moved.clear();
    return out;
  }

  private touch(id: number) {
    this.moved.add(id);
    this.revs.set(id, (this.revs.get(id) ?? 0) + 1);
  }

  private merge(change: Partial<VehicleLive> & { id: number }): boolean {
    let v = this.vehicles.get(change.id);
    let statusChanged = false;
    if (!v) {
      v = blank(change.id);
      this.vehicles.set(change.id, v);
      statusChanged = true;
    }
    if ((change.status !== undefined && change.status !== v.status) || (change.alarm !== undefined && change.alarm !== v.alarm)) statusChanged = true;
    const target = v as unknown as Record<string, unknown>;
    for (const key in change) {
      const value = (change as Record<string, unknown>)[key];
      if (value !== undefined) target[key] = value;
    }
    this.touch(change.id);
    return statusChanged;
  }

  /** Applies one hub message; returns the seq to acknowledge, if the message carried one. */
  apply(message: ServerMessage): number | null {
    switch (message.type) {
      case "hello":
        this.hello = { tenantId: message.tenantId, userId: message.userId };
        this.notify();
        return null;
      case "pong":
        return null;
      case "error":
        this.error = message.message;
        this.notify();
        return null;
      case "snapshot": {
        const present = new Set<number>();
        for (const v of message.vehicles) {
          present.add(v.id);
          this.merge(v);
        }
        for (const id of [...this.vehicles.keys()]) if (!present.has(id)) this.remove(id);
        if (message.counts) this.counts = message.counts;
        this.seq = message.seq;
        this.error = null;
        this.all = true;
        this.statusVersion++;
        this.notify();
        return message.seq;
      }
      case "delta": {
        let status = false;
        for (const v of message.vehicles) if (this.merge(v)) status = true;
        if (message.pos?.length) for (const move of unpackPositions(message.pos, message.at ?? Date.now())) if (this.merge(move)) status = true;
        for (const id of message.gone ?? []) if (this.remove(id)) status = true;
        if (message.counts) {
          this.counts = message.counts;
          status = true;
        }
        if (status) this.statusVersion++;
        this.seq = message.seq;
        this.notify();
        return message.seq;
      }
    }
  }

  /**
   * The full record of one vehicle fetched apart (the info panel's first paint): only the fields a map watch does
   * not carry are taken, so a fresher live position is never replaced by an older one.
   */
  mergeDetail(full: VehicleLive) {
    const change: Partial<VehicleLive> & { id: number } = { id: full.id };
    for (const key of Object.keys(full) as (keyof VehicleLive)[]) if (!MAP_FIELD_SET.has(key)) (change as Record<string, unknown>)[key] = full[key];
    if (!this.vehicles.has(full.id)) Object.assign(change, full);
    this.merge(change);
    this.notify();
  }

  /**
   * A vehicle's archive fields (plate, organisation, model, numbers) fetched apart: a vehicle registered while the
   * screen is open can reach it as moves only, when its first point came with its registration. The tree re-sorts.
   */
  mergeArchive(full: Pick<VehicleLive, "id" | "plate" | "orgId" | "modelId" | "terminalNo" | "selfNo">) {
    const v = this.vehicles.get(full.id);
    if (!v) return;
    Object.assign(v, { plate: full.plate, orgId: full.orgId, modelId: full.modelId, terminalNo: full.terminalNo, selfNo: full.selfNo });
    this.touch(full.id);
    this.statusVersion++;
    this.notify();
  }

  private remove(id: number): boolean {
    if (!this.vehicles.delete(id)) return false;
    this.touch(id);
    return true;
  }
}
