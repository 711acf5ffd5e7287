/**
 * The position history across its two homes: the hot window in the hub's SQLite (table `pos`, history.ts) and the
 * per vehicle-day segments in R2. Hourly, positions older than the hot window move to R2 (with their heat-map
 * counts, spatial.ts), and history, heat and written roll-ups past their keep are dropped.
 */
import type { HubSettings } from "./config";
import { archiveBefore, archivedTrack, dropExpired, hotTrack, type TrackPoint } from "./history";
import type { Rollups } from "./rollups";
import { ARCHIVE_EVERY_MS } from "./schedule";
import { addHeat, dropHeatBefore } from "./spatial";

export class Archive {
  constructor(
    private readonly sql: SqlStorage,
    private readonly storage: DurableObjectStorage,
    private readonly bucket: R2Bucket,
    private readonly rollups: Rollups,
  ) {}

  /** A vehicle's track over a range: the hot window and the R2 segments, as one time-ordered list. */
  async track(tenantId: number, vehicleId: number, from: number, to: number): Promise<TrackPoint[]> {
    const hot = hotTrack(this.sql, vehicleId, from, to);
    const oldestHot = hot[0]?.t ?? Number.POSITIVE_INFINITY;
    const archived = from < oldestHot ? await archivedTrack(this.bucket, tenantId, vehicleId, from, Math.min(to, oldestHot - 1)) : [];
    const seen = new Set(hot.map((p) => p.t));
    return [...archived.filter((p) => !seen.has(p.t)), ...hot].sort((a, b) => a.t - b.t);
  }

  /** Moves history older than the hot window to R2 and drops what is past retention. */
  async run(tenantId: number, settings: Pick<HubSettings, "hotHours" | "retentionDays">, now: number): Promise<{ moved: number; segments: number }> {
    const result = await archiveBefore(this.sql, this.bucket, tenantId, now - settings.hotHours * 3600_000, 200, (vid, day, rows) => addHeat(this.sql, vid, day, rows));
    const retentionCutoff = now - settings.retentionDays * 86_400_000;
    dropHeatBefore(this.sql, retentionCutoff);
    this.rollups.dropOld(now);
    const from = (await this.storage.get<number>("expiredUpTo")) ?? Math.floor(retentionCutoff / 86_400_000) - 1;
    await this.storage.put("expiredUpTo", await dropExpired(this.bucket, tenantId, from, retentionCutoff));
    return result;
  }

  /** The hourly archive is due (storage key "archivedAt"). */
  async due(now: number): Promise<boolean> {
    return now - ((await this.storage.get<number>("archivedAt")) ?? 0) >= ARCHIVE_EVERY_MS;
  }

  /** The hourly archive ran at `now`. */
  async ran(now: number): Promise<void> {
    await this.storage.put("archivedAt", now);
  }

  /** Rows in the hot history (all vehicles, or one). */
  hotCount(vehicleId?: number): number {
    return vehicleId === undefined
      ? this.sql.exec<{ n: number }>("SELECT count(*) AS n FROM pos").one().n
      : this.sql.exec<{ n: number }>("SELECT count(*) AS n FROM pos WHERE vid = ?", vehicleId).one().n;
  }

  /** The hot history holds positions. */
  hasHistory(): boolean {
    return this.sql.exec<{ n: number }>("SELECT count(*) AS n FROM (SELECT 1 FROM pos LIMIT 1)").one().n > 0;
  }
}
