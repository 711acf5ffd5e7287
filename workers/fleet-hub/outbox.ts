/**
 * The outbox to the business database: alarms and online/offline events wait in the hub's SQLite (table `outbox`)
 * and go out in batches with the daily roll-ups that changed, idempotent by hub key (a repeated flush adds nothing).
 */
import { getTableColumns } from "drizzle-orm";
import type { Db } from "../../db/client";
import { alarms, vehicleEvents } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import type { AlarmEvent } from "./protocol";
import type { Rollups } from "./rollups";

export const OUTBOX_SCHEMA = [`CREATE TABLE IF NOT EXISTS outbox (n INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, body TEXT NOT NULL)`];

export type OutboxAlarm = { kind: "alarm"; tenantId: number; alarm: AlarmEvent };
export type OutboxEvent = { kind: "event"; tenantId: number; vehicleId: number; event: "online" | "offline"; at: number; key: string };

/** queued rows a batch takes; a full batch means more may wait */
const BATCH_ROWS = 200;
/** roll-up days a batch takes */
const BATCH_DAYS = 90;
/** D1 binds at most 100 parameters a statement; a multi-row insert binds one per column per row. */
const ROWS_PER_INSERT = {
  alarms: Math.floor(100 / Object.keys(getTableColumns(alarms)).length),
  events: Math.floor(100 / Object.keys(getTableColumns(vehicleEvents)).length),
};

export class Outbox {
  /** whether the outbox holds rows; null until read from SQLite (each post asked SQLite before, ~50 µs a request) */
  private pending: boolean | null = null;

  constructor(
    private readonly sql: SqlStorage,
    private readonly db: () => Db,
    /** the hub's tenant (the roll-ups are its), or null before it has one */
    private readonly tenantId: () => number | null,
    private readonly rollups: Rollups,
  ) {}

  queue(item: OutboxAlarm | OutboxEvent) {
    this.sql.exec("INSERT INTO outbox (kind, body) VALUES (?, ?)", item.kind, JSON.stringify(item));
    this.pending = true;
  }

  /** Alarms or events wait in the outbox for the business database. */
  waiting(): boolean {
    return (this.pending ??= this.sql.exec("SELECT 1 FROM outbox LIMIT 1").toArray().length > 0);
  }

  /**
   * Writes queued alarms and events and every changed roll-up, until nothing waits; returns how many queued alarms
   * and events it wrote.
   */
  async flush(): Promise<number> {
    let total = 0;
    let n: number;
    do total += n = await this.send(true);
    while (n === BATCH_ROWS || this.rollups.dirtyCount() > 0);
    return total;
  }

  /** Writes queued alarms and events until none wait, with changed roll-ups when `withDays`. */
  async drain(withDays: boolean): Promise<void> {
    while ((await this.send(withDays)) === BATCH_ROWS);
  }

  /** One batch: queued alarms and events (and changed roll-ups when `withDays`) in one D1 batch; returns the rows sent. */
  private async send(withDays: boolean): Promise<number> {
    const rows = this.sql.exec<{ n: number; body: string }>("SELECT n, body FROM outbox ORDER BY n LIMIT ?", BATCH_ROWS).toArray();
    const tenantId = this.tenantId();
    const days = withDays && tenantId !== null ? this.rollups.dirty(BATCH_DAYS) : [];
    // whether rows wait is read from SQLite again when next asked (rows may be queued while this batch is on its way)
    this.pending = null;
    if (!rows.length && !days.length) return 0;
    const db = this.db();
    const items = rows.map((r) => JSON.parse(r.body) as OutboxAlarm | OutboxEvent);
    const alarmRows = items
      .filter((i): i is OutboxAlarm => i.kind === "alarm")
      .map(({ tenantId, alarm: a }) => withTenant(tenantId, { vehicleId: a.vehicleId, hubKey: a.key, kind: a.kind, level: a.level, at: a.at, lng: a.lng, lat: a.lat, speed: a.speed, refId: a.refId, detail: a.detail }));
    const eventRows = items.filter((i): i is OutboxEvent => i.kind === "event").map((e) => withTenant(e.tenantId, { vehicleId: e.vehicleId, hubKey: e.key, kind: e.event, at: e.at }));
    const writes: PromiseLike<unknown>[] = [];
    // D1 allows 100 bound parameters per statement, and drizzle binds a value for every column of the table
    // (defaults included): as many rows per insert as fit
    for (let i = 0, n = ROWS_PER_INSERT.alarms; i < alarmRows.length; i += n) writes.push(db.insert(alarms).values(alarmRows.slice(i, i + n)).onConflictDoNothing());
    for (let i = 0, n = ROWS_PER_INSERT.events; i < eventRows.length; i += n) writes.push(db.insert(vehicleEvents).values(eventRows.slice(i, i + n)).onConflictDoNothing());
    const now = Date.now();
    if (days.length) writes.push(...this.rollups.writes(db, tenantId!, days, now));
    const batching = db as unknown as { batch: (q: PromiseLike<unknown>[]) => Promise<unknown> };
    await batching.batch(writes);
    if (rows.length) this.sql.exec("DELETE FROM outbox WHERE n <= ?", rows[rows.length - 1]!.n);
    this.pending = null;
    this.rollups.written(days, now);
    return rows.length;
  }
}
