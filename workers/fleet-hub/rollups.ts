/**
 * Daily roll-ups: each vehicle's totals of a day in the tenant's time zone (mileage, fuel, engine, idle and online
 * time, a tower crane's lifts and peak load moment, alarms, points), kept in the hub's SQLite (table `daily`) as absolute values of the day and marked dirty until the
 * outbox writes them to the business database's vehicle_daily (docs/alarm-rules.md).
 */
import { getTableColumns, sql as dsql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { vehicleDaily } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { dayBounds, type RollupStep } from "./rules";

export const DAILY_SCHEMA = [
  // daily roll-ups (absolute values of the day); dirty > 0 until written to the business database's vehicle_daily
  `CREATE TABLE IF NOT EXISTS daily (vid INTEGER NOT NULL, day TEXT NOT NULL, km REAL NOT NULL, fuel REAL NOT NULL, engine REAL NOT NULL, idle REAL NOT NULL DEFAULT 0, lifts INTEGER NOT NULL DEFAULT 0, peak REAL NOT NULL DEFAULT 0, online REAL NOT NULL, alarms INTEGER NOT NULL, points INTEGER NOT NULL, dirty INTEGER NOT NULL, PRIMARY KEY (vid, day)) WITHOUT ROWID`,
  `CREATE INDEX IF NOT EXISTS daily_dirty ON daily (dirty) WHERE dirty > 0`,
];

/** The columns added to `daily` since hubs first made it (a hub made before has the table without them). */
const DAILY_ADDED = ["ALTER TABLE daily ADD COLUMN idle REAL NOT NULL DEFAULT 0", "ALTER TABLE daily ADD COLUMN lifts INTEGER NOT NULL DEFAULT 0", "ALTER TABLE daily ADD COLUMN peak REAL NOT NULL DEFAULT 0"];

/** Brings an existing hub's `daily` table up to the current columns, after DAILY_SCHEMA (ALTER TABLE has no IF NOT EXISTS: a column already there is refused, and left). */
export function upgradeDaily(sql: SqlStorage) {
  for (const alter of DAILY_ADDED) {
    try {
      sql.exec(alter);
    } catch (error) {
      if (!/duplicate column/i.test(String(error))) throw error;
    }
  }
}

/** roll-ups of days older than this leave the hub once written */
const DAILY_KEEP_DAYS = 40;
/** D1 binds at most 100 parameters a statement; a multi-row insert binds one per column per row. */
const ROWS_PER_INSERT = Math.floor(100 / Object.keys(getTableColumns(vehicleDaily)).length);

/** One vehicle's totals of one day (tenant time zone), with the day's bounds in UTC ms. */
interface DayRow {
  day: string;
  start: number;
  end: number;
  km: number;
  fuel: number;
  engine: number;
  idle: number;
  /** a tower crane's lifts, and its peak load moment (%) */
  lifts: number;
  peak: number;
  online: number;
  alarms: number;
  points: number;
}

/** A stored day not yet written to the business database; `dirty` is the write it carries. */
export type DirtyDay = { vid: number; day: string; km: number; fuel: number; engine: number; idle: number; lifts: number; peak: number; online: number; alarms: number; points: number; dirty: number };

export class Rollups {
  /** each vehicle's current day */
  private readonly days = new Map<number, DayRow>();
  /** stamps daily rows as dirty; a flush clears a row only if no write came after it read the row */
  private dailyVer = Date.now();
  /** when roll-ups last went to the business database */
  flushedAt = 0;

  constructor(
    private readonly sql: SqlStorage,
    /** the tenant's time zone, whose days the roll-ups count */
    private readonly timeZone: () => string,
  ) {}

  /** The vehicle's totals of the day holding `t`: the cached current day, or the stored row, or zeros. */
  private dayOf(vid: number, t: number): DayRow {
    const cached = this.days.get(vid);
    if (cached && t >= cached.start && t < cached.end) return cached;
    const b = dayBounds(t, this.timeZone());
    const row = this.sql.exec<{ km: number; fuel: number; engine: number; idle: number; lifts: number; peak: number; online: number; alarms: number; points: number }>("SELECT km, fuel, engine, idle, lifts, peak, online, alarms, points FROM daily WHERE vid = ? AND day = ?", vid, b.day).toArray()[0];
    const day: DayRow = { ...b, km: row?.km ?? 0, fuel: row?.fuel ?? 0, engine: row?.engine ?? 0, idle: row?.idle ?? 0, lifts: row?.lifts ?? 0, peak: row?.peak ?? 0, online: row?.online ?? 0, alarms: row?.alarms ?? 0, points: row?.points ?? 0 };
    // the newest day stays cached; an older one (a late point) is written at once
    if (!cached || t >= cached.end) {
      if (cached) this.save(vid);
      this.days.set(vid, day);
    }
    return day;
  }

  /** Adds a step (or only points and alarms) to the day holding `t`; the current day is stored by save(). */
  add(vid: number, t: number, step: RollupStep | null, points: number, alarms = 0) {
    const day = this.dayOf(vid, t);
    if (step) {
      day.km += step.km;
      day.fuel = Math.max(0, day.fuel + step.fuelL);
      day.engine += step.engineS;
      day.idle += step.idleS;
      day.lifts += step.lifts;
      if (step.moment > day.peak) day.peak = step.moment;
      day.online += step.onlineS;
    }
    day.points += points;
    day.alarms += alarms;
    if (this.days.get(vid) !== day) this.write(vid, day);
  }

  /** Stores the vehicle's current day. */
  save(vid: number) {
    const day = this.days.get(vid);
    if (day) this.write(vid, day);
  }

  /** Forgets a vehicle that left the archive (its stored days stay until written and old). */
  forget(vid: number) {
    this.days.delete(vid);
  }

  private write(vid: number, d: DayRow) {
    this.sql.exec(
      "INSERT INTO daily (vid, day, km, fuel, engine, idle, lifts, peak, online, alarms, points, dirty) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (vid, day) DO UPDATE SET km = excluded.km, fuel = excluded.fuel, engine = excluded.engine, idle = excluded.idle, lifts = excluded.lifts, peak = excluded.peak, online = excluded.online, alarms = excluded.alarms, points = excluded.points, dirty = excluded.dirty",
      vid,
      d.day,
      d.km,
      d.fuel,
      d.engine,
      d.idle,
      d.lifts,
      d.peak,
      d.online,
      d.alarms,
      d.points,
      ++this.dailyVer,
    );
  }

  /** How many days wait for the business database. */
  dirtyCount(): number {
    return this.sql.exec<{ n: number }>("SELECT count(*) AS n FROM daily WHERE dirty > 0").one().n;
  }

  /** Days that wait for the business database, at most `limit`. */
  dirty(limit: number): DirtyDay[] {
    return this.sql.exec<DirtyDay>("SELECT vid, day, km, fuel, engine, idle, lifts, peak, online, alarms, points, dirty FROM daily WHERE dirty > 0 LIMIT ?", limit).toArray();
  }

  /** The upserts of these days into vehicle_daily: the values are the day's totals, so a repeated write changes nothing. */
  writes(db: Db, tenantId: number, days: DirtyDay[], now: number): PromiseLike<unknown>[] {
    const rows = days.map((d) =>
      withTenant(tenantId, {
        vehicleId: d.vid,
        day: d.day,
        mileageKm: Math.round(d.km * 1000) / 1000,
        fuelUsedL: Math.round(d.fuel * 100) / 100,
        engineSeconds: Math.round(d.engine),
        idleSeconds: Math.round(d.idle),
        lifts: d.lifts,
        peakMoment: Math.round(d.peak * 10) / 10,
        onlineSeconds: Math.round(d.online),
        alarmCount: d.alarms,
        points: d.points,
        updatedAt: now,
      }),
    );
    const writes: PromiseLike<unknown>[] = [];
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
      writes.push(
        db
          .insert(vehicleDaily)
          .values(rows.slice(i, i + ROWS_PER_INSERT))
          .onConflictDoUpdate({
            target: [vehicleDaily.vehicleId, vehicleDaily.day],
            set: {
              mileageKm: dsql`excluded.mileage_km`,
              fuelUsedL: dsql`excluded.fuel_used_l`,
              engineSeconds: dsql`excluded.engine_seconds`,
              idleSeconds: dsql`excluded.idle_seconds`,
              lifts: dsql`excluded.lifts`,
              peakMoment: dsql`excluded.peak_moment`,
              onlineSeconds: dsql`excluded.online_seconds`,
              alarmCount: dsql`excluded.alarm_count`,
              points: dsql`excluded.points`,
              updatedAt: dsql`excluded.updated_at`,
            },
          }),
      );
    }
    return writes;
  }

  /** These days reached the business database at `now`; a day written again meanwhile stays dirty for the next flush. */
  written(days: DirtyDay[], now: number) {
    for (const d of days) this.sql.exec("UPDATE daily SET dirty = 0 WHERE vid = ? AND day = ? AND dirty = ?", d.vid, d.day, d.dirty);
    if (days.length) this.flushedAt = now;
  }

  /** Drops written days older than the hub keeps (the business database has them). */
  dropOld(now: number) {
    this.sql.exec("DELETE FROM daily WHERE dirty = 0 AND day < ?", new Date(now - DAILY_KEEP_DAYS * 86_400_000).toISOString().slice(0, 10));
  }
}
