import { describe, expect, it } from "vitest";
import { WriteGroups } from "./write-groups";

/** Write groups whose macrotasks run only when the test says so, with a log of what ran in which group. */
function groups(maxWeight: number) {
  const pending: (() => void)[] = [];
  const writes = new WriteGroups(maxWeight, (run) => pending.push(run));
  const log: string[][] = [];
  const tick = () => {
    const run = pending.shift();
    if (!run) throw new Error("no group is waiting");
    log.push([]);
    run();
  };
  const write = (name: string, weight: number) => writes.run(weight, () => (log.at(-1)!.push(name), name));
  return { write, tick, log, pending, writes };
}

describe("WriteGroups", () => {
  it("runs the writes asked for before the group's turn together, in order, each with its own result", async () => {
    const g = groups(1000);
    const a = g.write("a", 100);
    const b = g.write("b", 100);
    const c = g.write("c", 0);
    expect(g.log).toEqual([]); // nothing runs in the caller's turn
    expect(g.pending).toHaveLength(1);
    g.tick();
    expect(g.log).toEqual([["a", "b", "c"]]);
    expect(await Promise.all([a, b, c])).toEqual(["a", "b", "c"]);
    expect(g.pending).toHaveLength(0);
  });

  it("closes a group at its weight and runs the rest in the next one", async () => {
    const g = groups(1000);
    const all = [g.write("a", 500), g.write("b", 500), g.write("c", 500), g.write("d", 1)];
    g.tick();
    expect(g.log).toEqual([["a", "b"]]);
    g.tick();
    expect(g.log).toEqual([["a", "b"], ["c", "d"]]);
    expect(await Promise.all(all)).toEqual(["a", "b", "c", "d"]);
    expect(g.writes.groups).toBe(2);
  });

  it("runs a write heavier than a group alone", async () => {
    const g = groups(1000);
    const big = g.write("big", 5000);
    const small = g.write("small", 1);
    g.tick();
    g.tick();
    expect(g.log).toEqual([["big"], ["small"]]);
    expect(await Promise.all([big, small])).toEqual(["big", "small"]);
  });

  it("rejects only the write that threw; the others of its group still run and resolve", async () => {
    const pending: (() => void)[] = [];
    const writes = new WriteGroups(1000, (run) => pending.push(run));
    const ran: string[] = [];
    const a = writes.run(1, () => (ran.push("a"), 1));
    const bad = writes.run(1, () => {
      throw new Error("no such vehicle");
    });
    const c = writes.run(1, () => (ran.push("c"), 3));
    pending.shift()!();
    await expect(bad).rejects.toThrow("no such vehicle");
    expect(await Promise.all([a, c])).toEqual([1, 3]);
    expect(ran).toEqual(["a", "c"]);
  });

  it("by default waits for a macrotask: nothing runs in the microtasks of the caller's turn", async () => {
    const writes = new WriteGroups(1000);
    const order: string[] = [];
    const first = writes.run(1, () => order.push("first"));
    await Promise.resolve();
    const second = writes.run(1, () => order.push("second"));
    expect(order).toEqual([]);
    await Promise.all([first, second]);
    expect(order).toEqual(["first", "second"]);
  });
});
