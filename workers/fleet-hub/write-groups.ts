/**
 * Group commit for the hub's SQLite. Every event that writes to a Durable Object's storage ends in a commit of its
 * own (the runtime commits the implicit transaction when the event's code yields), and a commit costs about as much
 * as storing a hundred positions. Twenty terminals reporting at once used to cost twenty commits.
 *
 * Writes handed to run() wait for one macrotask, so the requests that arrive meanwhile join them; a group then runs
 * in one synchronous stretch and so shares one commit. Each caller gets its own result (or its own error), and its
 * answer still leaves only once the group's commit is durable: the output gate holds every reply until then, as it
 * does for a single write. A group stops growing at `maxWeight` (positions), so one group never holds the object's
 * thread, and the fan-out waiting behind it, for more than a few tens of milliseconds.
 */
export class WriteGroups {
  private queue: { weight: number; run: () => void }[] = [];
  private scheduled = false;
  /** groups run so far (each one commit) */
  groups = 0;

  constructor(
    private readonly maxWeight: number,
    /** runs the next group after the events already waiting (a macrotask: a microtask would run before them) */
    private readonly later: (run: () => void) => void = (run) => setTimeout(run, 0),
  ) {}

  /** Runs `write` in the next group; `weight` is what it stores (positions; at least 1). */
  run<T>(weight: number, write: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        weight: Math.max(1, weight),
        run: () => {
          try {
            resolve(write());
          } catch (e) {
            reject(e);
          }
        },
      });
      this.schedule();
    });
  }

  private schedule() {
    if (this.scheduled || !this.queue.length) return;
    this.scheduled = true;
    this.later(() => {
      this.scheduled = false;
      this.groups++;
      // the first write always runs, however heavy; the others while the group stays under maxWeight
      let n = 1;
      let weight = this.queue[0]!.weight;
      while (n < this.queue.length && weight + this.queue[n]!.weight <= this.maxWeight) weight += this.queue[n++]!.weight;
      for (const write of this.queue.splice(0, n)) write.run();
      this.schedule();
    });
  }
}
