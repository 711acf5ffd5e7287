// State numbers are named once: a query or a page of app/ or workers/ that compares a `state` with a bare number —
// eq(x.state, 3), inArray(x.state, [1, 2]), sql`${x.state} > 0`, `bills.state in (1, 2)`, `row.state === 2`, a
// `…_STATES = [3, 4]` list — fails here with its file and line. Name the states where the table's states are declared
// (CONTRACT_STATE, BILL_STATE, TRANSFER_STATE …; those the Worker compares too in db/states.ts) and compare with the
// names. No file is excused.
import { describe, expect, it } from "vitest";
import { scanSources, type Excused } from "./source-scan";

const SCANNED = ["app", "workers"];

const PATTERNS: [RegExp, string][] = [
  [/\b(?:eq|ne|gt|gte|lt|lte)\(\s*[\w.$]+\.state\s*,\s*\d/g, "eq(x.state, n)"],
  [/\b(?:inArray|notInArray)\(\s*[\w.$]+\.state\s*,\s*\[\s*\d/g, "inArray(x.state, [n])"],
  [/\$\{\s*[\w.$]+\.state\s*\}\s*(?:in\s*\(\s*\d|[<>=!]+\s*\d)/gi, "sql`${x.state} = n`"],
  [/\b\w+\.state\s*(?:in\s*\(\s*\d|[<>=!]{1,3}\s*\d)/gi, "x.state = n"],
  [/\b[A-Z_]*STATES?\s*(?::[^=]+)?=\s*\[\s*\d/g, "X_STATES = [n]"],
  [/[{,]\s*state:\s*\d/g, "{ state: n }"],
];

/** Each state compared with a bare number in a source text, as `line: what: text`. */
export function stateLiterals(source: string): string[] {
  const found = new Map<number, string>();
  for (const [pattern, what] of PATTERNS) for (const m of source.matchAll(pattern)) if (!found.has(m.index)) found.set(m.index, `${source.slice(0, m.index).split("\n").length}: ${what}: ${m[0]}`);
  return [...found].sort(([a], [b]) => a - b).map(([, text]) => text);
}


describe("state numbers are named once", () => {
  it("no source of app/ or workers/ compares a state with a bare number", () => {
    expect(scanSources(SCANNED, stateLiterals).stray, "compare with the state's name (CONTRACT_STATE.executing, BILL_STATE.draft …)").toEqual([]);
  });

  it("sees the forms a new screen would copy", () => {
    const caught = (s: string) => stateLiterals(s).length;
    expect(caught("where(and(ofTenant(bills, scope), eq(bills.state, 0)))")).toBe(1);
    expect(caught("inArray(contracts.state, [3, 4, 8, 9])")).toBe(1);
    expect(caught("sql`${bills.state} > 0`")).toBe(1);
    expect(caught("sql`and bills.state in (1, 2)`")).toBe(1);
    expect(caught("const open = s.state === 1;")).toBe(1);
    // written: a stored state, an insert's, an audit record's
    expect(caught(".set({ state: 1, version: row.version + 1 })")).toBe(1);
    expect(caught("auditAct(scope, name, 'void', id, { state: 0 }, { state: 1 })")).toBe(2);
    expect(caught("export const BILLED_STATES = [3, 4, 8, 9] as const;")).toBe(1);
    expect(caught("export const LIVE: readonly number[] = [0, 1];")).toBe(0);
    // names pass
    expect(caught("eq(bills.state, BILL_STATE.draft)")).toBe(0);
    expect(caught("inArray(contracts.state, [...BILLED_STATES])")).toBe(0);
    expect(caught("sql`${bills.state} > ${sql.raw(String(BILL_STATE.draft))}`")).toBe(0);
    expect(caught("export const BILLED_STATES = [CONTRACT_STATE.executing] as const;")).toBe(0);
  });
});

/** Each update that sets a `state` in a source text (`.set({ …, state: … })`), as `line: text`. */
export function stateWrites(source: string): string[] {
  return [...source.matchAll(/\.set\(\s*\{[^}]*?\bstate\s*:/g)].map((m) => `${source.slice(0, m.index).split("\n").length}: ${m[0].replace(/\s+/g, " ").slice(0, 60)}`);
}

/**
 * A state moves through its machine (runTransition in app/modules/workflow/engine.server.ts: the `from` states, the
 * code, the guard, the version, the audit record). The files below still set a state themselves, each with its reason
 * and count; a new screen's state written anywhere else fails. A new row's first state (an insert's `draft`) is not a
 * move.
 */
const STATE_WRITERS: Excused = {
  "app/modules/billing/bill.server.ts": { count: 1, why: "an adjustment bill is made confirmed in the batch that makes it (its head, item, confirmation and audit record): it is never a draft anyone could act on" },
  "app/modules/repairs/repair.server.ts": { count: 1, why: "an abnormality turned into a repair (已转维修) in the new repair order's own save batch: the order is its record" },
  "app/modules/inspections/task-maker.server.ts": { count: 1, why: "the daily job marks the daily and weekly tasks left undone past their day missed (漏检): no user acts" },
  "app/modules/inspections/record.server.ts": { count: 1, why: "a task (巡检任务) is done by the record that does it, in the record's batch: a task is the job's, with no machine a user moves" },
  "app/modules/billing/statement.server.ts": { count: 1, why: "the customer's confirmation locks the statement's bills, in the statement's transition batch (a side write of the engine)" },
  "app/modules/settlement/settlement.server.ts": { count: 1, why: "the last approval of a final settlement completes its contract, in the settlement's transition batch (a side write of the engine)" },
  "app/modules/temp-crane/temp-crane.server.ts": { count: 1, why: "an ended temporary-crane application abandons the draft contract it made, in the application's transition batch (a side write of the engine)" },
  "workers/telematics/ingest.ts": { count: 2, why: "a terminal command's delivery (sent, done, failed) as its terminal reports it: no user acts" },
  "workers/telematics/gateway.ts": { count: 2, why: "a JT808 terminal command's delivery (sent, done, failed) as the gateway reports it: no user acts" },
  "workers/jobs/command-expiry.ts": { count: 1, why: "the hourly job turns a command never handed to its terminal before its expiry into send_failed (发送失败): no user acts" },
};

describe("a state moves through its machine", () => {
  it("no source of app/ or workers/ sets a state outside the engine, beyond the files named here", () => {
    const { stray, stale } = scanSources(SCANNED, stateWrites, STATE_WRITERS, ["app/modules/workflow/engine.server.ts"]);
    expect(stray, "declare the table's machine (defineMachine) and move it with runTransition").toEqual([]);
    expect(stale, "these no longer set a state: leave the list").toEqual([]);
  });

  it("sees an update of a state, over lines too, and not an insert's first state", () => {
    expect(stateWrites("db.update(bills).set({ state: BILL_STATE.locked, updatedAt: now })")).toHaveLength(1);
    expect(stateWrites(".set({\n      state: CONTRACT_STATE.completed,\n")).toHaveLength(1);
    expect(stateWrites(".values({ ...copy, state: CONTRACT_STATE.draft })")).toHaveLength(0);
  });
});
