/**
 * Reports on their way to the Worker: positions and heartbeats gathered for a few milliseconds into one batch (a call
 * per report would cost the Worker more than the storing), sent, and each report's promise settled once the Worker
 * has stored it — or, when the Worker cannot be reached, once the batch is synced to the disk buffer (journal.ts).
 * Only then does the session acknowledge the report to its terminal, so an acknowledged report is never lost.
 */
import { Journal } from "./journal";
import type { V1Point } from "./report";
import { WorkerError, type WorkerClient } from "./worker";

export interface Report {
  /** the terminal's phone number (digits as its header sent them) */
  phone: string;
  /** empty: a heartbeat */
  points: V1Point[];
  /** a blind-area retransmission (0x0704 type 1): history only */
  history?: boolean;
}

/** What became of one report: stored (with the Worker's counts), buffered to disk, or refused by the Worker. */
export type Outcome =
  | { kind: "stored"; accepted: number; duplicates: number; rejected: number }
  | { kind: "buffered" }
  | { kind: "refused"; reason: string };

interface WorkerResult {
  accepted: number;
  duplicates: number;
  late: number;
  rejected: unknown[];
  refused?: string;
}

export interface ForwarderOptions {
  /** points a batch gathers before it goes at once */
  maxPoints?: number;
  /** how long the first report of a batch waits for others */
  lingerMs?: number;
  /** batches in flight at once */
  concurrency?: number;
  /** how often the disk buffer is tried again while it holds batches */
  retryMs?: number;
}

interface Waiting {
  report: Report;
  settle: (outcome: Outcome) => void;
}

export class Forwarder {
  private queue: Waiting[] = [];
  private queuedPoints = 0;
  private timer: NodeJS.Timeout | null = null;
  private inFlight = 0;
  /** the Worker failed last time: new batches go to disk until a drain succeeds (keeps the order of the backlog) */
  private down = false;
  private draining: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout;
  private readonly maxPoints: number;
  private readonly lingerMs: number;
  private readonly concurrency: number;
  /** counters for the status line and the bench */
  readonly stats = { batches: 0, points: 0, buffered: 0, replayed: 0, failures: 0 };

  constructor(
    private readonly worker: WorkerClient,
    private readonly journal: Journal<Report[]>,
    options: ForwarderOptions = {},
  ) {
    this.maxPoints = options.maxPoints ?? 1000;
    this.lingerMs = options.lingerMs ?? 20;
    this.concurrency = options.concurrency ?? 4;
    this.down = !journal.empty;
    this.retryTimer = setInterval(() => void this.drain(), options.retryMs ?? 2000);
    this.retryTimer.unref();
    if (this.down) void this.drain();
  }

  /** Queues a report; the promise settles when it is stored or buffered (never rejects). */
  send(report: Report): Promise<Outcome> {
    return new Promise((settle) => {
      this.queue.push({ report, settle });
      this.queuedPoints += Math.max(1, report.points.length);
      if (this.queuedPoints >= this.maxPoints) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), this.lingerMs);
    });
  }

  /** Sends what is queued now (while fewer than `concurrency` batches are in flight; the rest waits its turn). */
  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.queue.length && this.inFlight < this.concurrency) {
      const batch: Waiting[] = [];
      let points = 0;
      while (this.queue.length && (points === 0 || points + this.queue[0]!.report.points.length <= this.maxPoints)) {
        const next = this.queue.shift()!;
        points += Math.max(1, next.report.points.length);
        batch.push(next);
      }
      this.queuedPoints -= points;
      this.inFlight++;
      void this.deliver(batch).finally(() => {
        this.inFlight--;
        if (this.queue.length) this.flush();
      });
    }
    if (this.queue.length && !this.timer) this.timer = setTimeout(() => this.flush(), this.lingerMs);
  }

  private async deliver(batch: Waiting[]): Promise<void> {
    const reports = batch.map((w) => w.report);
    if (!this.down) {
      try {
        const answer = await this.worker.call<{ results: WorkerResult[] }>("batch", { reports });
        this.stats.batches++;
        answer.results.forEach((r, i) => {
          this.stats.points += r.accepted;
          batch[i]?.settle(r.refused ? { kind: "refused", reason: r.refused } : { kind: "stored", accepted: r.accepted, duplicates: r.duplicates, rejected: r.rejected.length });
        });
        return;
      } catch (error) {
        this.stats.failures++;
        // a batch the Worker refused as a whole (400, 413) would be refused again: settle it as refused, don't buffer
        if (error instanceof WorkerError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429) {
          for (const w of batch) w.settle({ kind: "refused", reason: `worker_${error.status}` });
          return;
        }
        this.down = true;
      }
    }
    this.journal.append(reports);
    this.stats.buffered += reports.length;
    for (const w of batch) w.settle({ kind: "buffered" });
    void this.drain();
  }

  /** Sends the disk buffer's batches again, oldest first; stops at the first failure and tries again later. */
  drain(): Promise<void> {
    if (!this.down) return Promise.resolve();
    return (this.draining ??= this.replay().finally(() => (this.draining = null)));
  }

  private async replay(): Promise<void> {
    try {
      for (let segment = this.journal.oldest(); segment; segment = this.journal.oldest()) {
        for (const reports of segment.batches) {
          // a resend the Worker already stored answers as duplicates: the dedupe key is the point's time
          await this.worker.call("batch", { reports });
          this.stats.replayed += reports.length;
        }
        segment.done();
      }
      this.down = false;
    } catch {
      this.stats.failures++;
    }
  }

  /** Whether nothing is queued, in flight or buffered. */
  get idle(): boolean {
    return !this.queue.length && !this.inFlight && !this.down;
  }

  close(): void {
    clearInterval(this.retryTimer);
    if (this.timer) clearTimeout(this.timer);
  }
}
