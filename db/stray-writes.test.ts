// Writes go through one door: a user's act writes through the generic save, the state engine or a command
// (runCommand in app/modules/resource/command.server.ts: its writes, guards and audit record in one batch). An
// `await db.insert/update/delete(…)` on its own in app/ or workers/ is a write outside that door: stored without its
// record, or its record without it, when the next statement fails. It fails here with its file and line, except in the
// files below, whose writes are bookkeeping with no act of a user on the business to record (each with its reason and
// its count: a new write there is looked at too). Migrations, the seed and the tests are not scanned.
import { describe, expect, it } from "vitest";
import { scanSources, type Excused } from "./source-scan";

const SCANNED = ["app", "workers"];

/** Each write awaited on its own in a source text, as `line: text`. */
export function strayWrites(source: string): string[] {
  return [...source.matchAll(/\bawait\s+(?:[\w.]*\b)?db\s*\.\s*(?:insert|update|delete)\s*\(/g)].map((m) => `${source.slice(0, m.index).split("\n").length}: ${m[0].replace(/\s+/g, " ")}`);
}

const BOOKKEEPING: Excused = {
  "app/modules/auth/captcha.server.ts": { count: 3, why: "captchas: made, expired, used once" },
  "app/modules/auth/login.server.ts": { count: 6, why: "verification codes and used tokens of the sign-in; a password reset by code is the user's own" },
  "app/modules/auth/notify.server.ts": { count: 1, why: "the outbox: a message queued is its own record" },
  "app/modules/auth/preferences.server.ts": { count: 1, why: "a user's language and theme" },
  "app/modules/auth/session.server.ts": { count: 4, why: "sessions: made, kept alive, ended; the last sign-in time" },
  "app/modules/auth/throttle.server.ts": { count: 5, why: "the sign-in throttle's counters" },
  "app/modules/access/access.server.ts": { count: 1, why: "the tenant's access version, a cache key bumped after a grant that is audited itself" },
  "app/modules/billing/statement.server.ts": { count: 1, why: "the customer's first look through the link: the event is the record, and no user acts" },
  "app/modules/files/files.server.ts": { count: 1, why: "an upload's file row: the save that names the file is audited" },
  "app/modules/geo/geocode.server.ts": { count: 2, why: "the geocoder's calls per minute" },
  "app/modules/system/log.server.ts": { count: 1, why: "the visit log is itself a record" },
  "app/modules/wall/wall-route.server.ts": { count: 1, why: "when a screen link was last opened (at most every 5 minutes): no user acts" },
  "app/modules/telematics/provision.server.ts": { count: 2, why: "terminals provisioned by the provisioning API, one answer per terminal (a terminal tool, not a screen)" },
  "workers/scheduled.ts": { count: 2, why: "the cron's job runs" },
  "workers/telematics/ingest.ts": { count: 1, why: "a command's acknowledgement from its terminal: the terminal's answer is the record" },
  "workers/jobs/command-expiry.ts": { count: 1, why: "the cron turns commands never handed over before their expiry into send_failed: the job run is the record, no user acts" },
};

describe("writes go through one door", () => {
  const { stray, stale } = scanSources(SCANNED, strayWrites, BOOKKEEPING);

  it("no source of app/ or workers/ awaits a write on its own, beyond the bookkeeping named here", () => {
    expect(stray, "write through runCommand (or the save or the engine), its audit record in the same batch").toEqual([]);
  });

  it("names only files that still hold such writes", () => {
    expect(stale).toEqual([]);
  });

  it("sees the forms a new screen would write", () => {
    expect(strayWrites("await scope.db.insert(auditLogs).values(x);")).toHaveLength(1);
    expect(strayWrites("const [row] = await db\n    .update(bills)\n    .set({ state: 1 })")).toHaveLength(1);
    expect(strayWrites("await this.db.delete(outbox)")).toHaveLength(1);
    // a write that joins a batch is not awaited on its own
    expect(strayWrites("await batch(scope.db, [scope.db.insert(bills).values(x), auditRecord(scope, a)]);")).toHaveLength(0);
    expect(strayWrites("await runCommand(scope, [scope.db.update(users).set(x)], audit);")).toHaveLength(0);
  });
});
