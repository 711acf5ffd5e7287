/**
 * The hub's live state kept in its SQLite (table `live`, one row per vehicle) and its sequence number (storage key
 * "seq"): every change to the live state happens at a seq, and frames and resumes count by it.
 */
import { emptyLive, LiveTable, type VehicleConfig } from "./live";
import type { VehicleLive } from "./protocol";

export const LIVE_SCHEMA = [`CREATE TABLE IF NOT EXISTS live (id INTEGER PRIMARY KEY, seq INTEGER NOT NULL, v TEXT NOT NULL)`];

export class LiveStore {
  readonly table = new LiveTable();
  /** the seq of the latest change */
  seq = 0;

  constructor(
    private readonly sql: SqlStorage,
    private readonly storage: DurableObjectStorage,
  ) {}

  /** Reads the seq and every vehicle's live row (when the object starts). */
  async load(): Promise<void> {
    this.seq = (await this.storage.get<number>("seq")) ?? 0;
    for (const row of this.sql.exec<{ id: number; seq: number; v: string }>("SELECT id, seq, v FROM live")) {
      this.table.vehicles.set(row.id, JSON.parse(row.v) as VehicleLive);
      this.table.vehicleSeq.set(row.id, row.seq);
    }
  }

  /** Stores the seq; changes made at it are in SQLite already. */
  saveSeq(): Promise<void> {
    return this.storage.put("seq", this.seq);
  }

  /** Stores one vehicle's live state (nothing when the vehicle is gone). */
  save(id: number) {
    const v = this.table.vehicles.get(id);
    if (v) this.sql.exec("INSERT INTO live (id, seq, v) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET seq = excluded.seq, v = excluded.v", id, this.table.vehicleSeq.get(id) ?? this.seq, JSON.stringify(v));
  }

  /**
   * Follows the vehicle archive at a new seq: vehicles new to the hub appear as never reported, archive fields follow
   * edits, deleted vehicles leave. Returns the vehicles that changed, and of them the ones that left.
   */
  sync(rows: VehicleConfig[]): { touched: number[]; removed: number[] } {
    this.seq++;
    const touched: number[] = [];
    const removed: number[] = [];
    for (const c of rows) {
      if (!this.table.vehicles.has(c.id)) {
        this.table.vehicles.set(c.id, emptyLive(c));
        this.table.vehicleSeq.set(c.id, this.seq);
        touched.push(c.id);
      } else if (this.table.apply(c.id, { plate: c.plate, orgId: c.orgId, modelId: c.modelId, terminalNo: c.terminalNo, selfNo: c.selfNo }, this.seq).length) touched.push(c.id);
    }
    const kept = new Set(rows.map((c) => c.id));
    for (const id of [...this.table.vehicles.keys()]) {
      if (kept.has(id)) continue;
      this.table.vehicles.delete(id);
      this.table.vehicleSeq.delete(id);
      this.sql.exec("DELETE FROM live WHERE id = ?", id);
      removed.push(id);
      touched.push(id);
    }
    for (const id of touched) this.save(id);
    return { touched, removed };
  }
}
