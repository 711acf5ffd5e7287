/**
 * A terminal's batch in the hub: duplicates are acknowledged and ignored, every new point goes into history, points
 * newer than the live position move it (late ones don't), the rules and roll-ups see the new points, an online event
 * goes to the outbox, and the sockets that watch the vehicle are told. Batches arriving together are stored in one
 * write group, so they share one commit (write-groups.ts).
 */
import { unpackPoints, type PackedPoints, type Point } from "../telematics/point";
import type { PendingCommands } from "./commands";
import type { HubConfig } from "./config";
import type { Fanout } from "./fanout";
import { appendPoints } from "./history";
import { fieldsOfPoint } from "./live";
import type { LiveStore } from "./live-store";
import type { Outbox } from "./outbox";
import { statusOf, type VehicleLive } from "./protocol";
import type { Rollups } from "./rollups";
import type { RuleRunner } from "./rule-runner";
import { WriteGroups } from "./write-groups";
import { ENABLED } from "../../db/states";

export interface IngestRequest {
  tenantId: number;
  vehicleId: number;
  /** the checked points, packed for the call (packPoints) */
  points: PackedPoints;
  /**
   * a retransmission of points stored on the terminal while it had no signal (JT808 0x0704 blind-area batch): kept in
   * history in order and counted, but never moving the live position nor judged by the alarm rules, however new
   */
  history?: boolean;
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

/** The answer to a batch refused whole. */
export const refused = (reason: NonNullable<IngestResult["refused"]>): IngestResult => ({ refused: reason, accepted: 0, duplicates: [], late: 0, commands: false });

/** positions a write group may gather (four full batches: a few tens of milliseconds of the hub's thread) */
const WRITE_GROUP_POINTS = 2000;

export class Ingest {
  /** terminals' batches stored together share one commit (WriteGroups) */
  private readonly writes = new WriteGroups(WRITE_GROUP_POINTS);

  constructor(
    private readonly sql: SqlStorage,
    private readonly config: HubConfig,
    private readonly live: LiveStore,
    private readonly rules: RuleRunner,
    private readonly rollups: Rollups,
    private readonly outbox: Outbox,
    private readonly commands: PendingCommands,
    private readonly fanout: Fanout,
  ) {}

  /** Write groups (commits of terminals' batches) since the object started. */
  get groups(): number {
    return this.writes.groups;
  }

  /** Stores the batch in the next write group (the configuration may be reloaded before it runs). */
  write(req: IngestRequest): Promise<IngestResult> {
    return this.writes.run(req.points.n, () => this.store(req));
  }

  /** The batch's checks and writes, in one synchronous stretch of a write group. */
  private store(req: IngestRequest): IngestResult {
    const config = this.config.vehicles.get(req.vehicleId);
    if (!config) return refused("unknown_terminal");
    if (config.state !== ENABLED) return refused("terminal_disabled");
    const now = Date.now();
    const vid = req.vehicleId;
    const live = this.live.table.vehicles.get(vid)!;
    const points = unpackPoints(req.points);
    // stored and judged oldest first (the sort is stable, and one pass over a batch already in order)
    const order = points.map((p, i) => ({ p, i })).sort((a, b) => a.p.t - b.p.t);
    const stored = appendPoints(this.sql, vid, order.map((o) => o.p));
    const duplicates: number[] = [];
    let accepted = 0;
    let late = 0;
    let newest: Point | null = null;
    const fresh: Point[] = [];
    for (let n = 0; n < order.length; n++) {
      const { p, i } = order[n]!;
      if (!stored[n]) {
        duplicates.push(i);
        continue;
      }
      accepted++;
      if (req.history || (live.t !== null && p.t < live.t)) {
        late++;
        // history and the day's point count only: a late point raises no alarm and adds no mileage
        this.rollups.add(vid, p.t, null, 1);
        continue;
      }
      fresh.push(p);
      if (!newest || p.t >= newest.t) newest = p;
    }

    const seq = ++this.live.seq;
    const before = live.status;
    const changes: Partial<VehicleLive> = newest ? fieldsOfPoint(newest) : {};
    // a heartbeat keeps a machine that has a position online (a parked JT808 terminal heartbeats and reports rarely);
    // one that never sent a position stays "never": the map has nowhere to put it
    if (accepted > 0 || duplicates.length > 0 || (!points.length && live.t !== null)) changes.seen = now;
    const merged = { ...live, ...changes };
    changes.status = statusOf(merged.seen, merged.speed, now, this.config.offlineAfterMs);
    const changed = this.live.table.apply(vid, changes, seq);
    if (changed.length) this.live.save(vid);
    if (accepted > 0 || duplicates.length > 0) this.rules.run(req.tenantId, vid, fresh);
    // a heartbeat: heard from again, so a later silence raises its own offline alarm
    else if (!points.length) this.rules.heardFrom(vid);
    if ((before === "offline" || before === "never") && (changes.status === "running" || changes.status === "stopped")) {
      this.outbox.queue({ kind: "event", tenantId: req.tenantId, vehicleId: vid, event: "online", at: now, key: `${vid}:online:${now}` });
    }
    // not awaited: the write group's commit carries it, and the output gate holds the answer until then
    void this.live.saveSeq();
    if (changed.length) this.fanout.changed([vid], changed.includes("status") || changed.includes("alarm"));
    return { accepted, duplicates, late, commands: this.commands.has(vid) };
  }
}
