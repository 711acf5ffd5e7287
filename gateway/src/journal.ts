/**
 * The disk buffer: reports the Worker could not take are appended here, synced to disk, and only then acknowledged
 * to their terminals; they are sent again, oldest first, once the Worker answers. A segment file holds one batch a
 * line (JSON); a segment is deleted only after every batch in it was taken. A line cut short by a crash is skipped.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";

/** lines a segment holds before the next append starts a new one */
const SEGMENT_LINES = 200;

export class Journal<T> {
  private segment: number;
  private linesInSegment = 0;

  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
    const existing = this.segments();
    this.segment = (existing.at(-1) ?? 0) + 1;
  }

  /** Segment numbers on disk, oldest first. */
  private segments(): number[] {
    return readdirSync(this.dir)
      .map((name) => /^segment-(\d+)\.ndjson$/.exec(name)?.[1])
      .filter((n): n is string => !!n)
      .map(Number)
      .sort((a, b) => a - b);
  }

  private file(n: number): string {
    return join(this.dir, `segment-${String(n).padStart(10, "0")}.ndjson`);
  }

  /** Appends one batch and syncs it to disk before returning: after this the batch survives a crash. */
  append(batch: T): void {
    if (this.linesInSegment >= SEGMENT_LINES) {
      this.segment++;
      this.linesInSegment = 0;
    }
    const fd = openSync(this.file(this.segment), "a");
    try {
      writeSync(fd, `${JSON.stringify(batch)}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    this.linesInSegment++;
  }

  /** Whether anything waits. */
  get empty(): boolean {
    return this.segments().length === 0;
  }

  /**
   * The oldest segment's batches and a function that removes the segment, to call once all were taken. The segment
   * being appended to is closed first (the next append starts a new one), so a drain never races an append.
   */
  oldest(): { batches: T[]; done: () => void } | null {
    const [n] = this.segments();
    if (n === undefined) return null;
    if (n === this.segment) {
      this.segment++;
      this.linesInSegment = 0;
    }
    const batches: T[] = [];
    for (const line of readFileSync(this.file(n), "utf8").split("\n")) {
      if (!line) continue;
      try {
        batches.push(JSON.parse(line) as T);
      } catch {
        // a line cut short by a crash before its sync: it was never acknowledged to a terminal
      }
    }
    return { batches, done: () => rmSync(this.file(n), { force: true }) };
  }
}
