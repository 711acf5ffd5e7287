/**
 * When the hub's alarm fires: within a second while the outbox holds rows, every tick while vehicles are online or
 * flagged, for roll-ups, the hourly archive, a due offline alarm and the next data permission of a connected user to
 * run out. The object's one alarm is set here and remembered (each post asked storage before).
 */

/** alarms and events waiting for the business database go out within this */
export const FLUSH_DELAY_MS = 1000;
/** the offline sweep's period while vehicles are online or flagged */
export const TICK_MS = 30_000;
/** how often history moves to R2 */
export const ARCHIVE_EVERY_MS = 3600_000;
/** the hub's own alarm writes daily roll-ups to the business database at most this often (flush() always does) */
export const DAILY_FLUSH_MS = 60_000;

/** What decides the next alarm once one has run. */
export interface WakeReasons {
  /** alarms or events wait in the outbox */
  outboxWaiting: boolean;
  /** a vehicle is running or stopped (it may go offline) */
  anyOnline: boolean;
  /** an alarm flag is up on the map (it comes down after an hour) */
  flagsUp: boolean;
  /** roll-up days wait for the business database */
  dirtyDays: boolean;
  /** when roll-ups last went out */
  dailyFlushedAt: number;
  /** the hot history holds positions (to archive) */
  hasHistory: boolean;
  /** when a silent vehicle's offline alarm falls due, or null */
  offlineDue: number | null;
  /** when a data permission of a connected user runs out, or null */
  scopeExpiresAt: number | null;
  /** sockets are open */
  sockets: boolean;
}

/** The next time the alarm should fire after one that ran at `now`, or null for none. */
export function nextWake(now: number, w: WakeReasons): number | null {
  let next: number | null = null;
  if (w.outboxWaiting) next = now + FLUSH_DELAY_MS;
  else if (w.anyOnline || w.flagsUp) next = now + TICK_MS;
  else if (w.dirtyDays) next = Math.max(now + FLUSH_DELAY_MS, w.dailyFlushedAt + DAILY_FLUSH_MS);
  else if (w.hasHistory) next = now + ARCHIVE_EVERY_MS;
  if (w.offlineDue !== null && (next === null || w.offlineDue < next)) next = w.offlineDue;
  if (w.scopeExpiresAt !== null && w.sockets && (next === null || w.scopeExpiresAt < next)) next = w.scopeExpiresAt;
  return next;
}

/** The object's alarm, with the time this object set it last and that has not fired yet. */
export class AlarmClock {
  /** undefined when unknown (read from storage when next needed) */
  private alarmAt: number | undefined = undefined;

  constructor(private readonly storage: DurableObjectStorage) {}

  /** Makes sure the alarm fires by `at`: an alarm this object set, still ahead and early enough, is left alone. */
  async by(at: number): Promise<void> {
    if (this.alarmAt !== undefined && this.alarmAt <= at && this.alarmAt > Date.now()) return;
    const current = await this.storage.getAlarm();
    if (current === null || current > at) await this.set(at);
    else this.alarmAt = current;
  }

  /** Sets the alarm and remembers it; every alarm of the hub is set here or in by(). */
  async set(at: number): Promise<void> {
    await this.storage.setAlarm(at);
    this.alarmAt = at;
  }

  /** The alarm has fired: whatever is set next is read from storage or set anew. */
  fired() {
    this.alarmAt = undefined;
  }
}
